// neutralise: see neutralise.h.
#include "html/neutralise.h"

#include <array>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

namespace detour::html {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

// The formatting elements of the HTML5 tree builder (the list of active formatting
// elements), and the elements whose content is not markup.
constexpr std::array<std::string_view, 14> kFormatting = {"a",    "b",     "big",    "code",   "em", "font", "i",
                                                          "nobr", "s",     "small",  "strike", "strong", "tt", "u"};
constexpr std::array<std::string_view, 9> kRawText = {"script",   "style",    "textarea", "title", "xmp",
                                                      "iframe",   "noembed",  "noframes", "noscript"};
// Elements that put a marker in the list of active formatting elements: the
// formatting elements opened inside one are closed with it.
constexpr std::array<std::string_view, 7> kMarkers = {"td", "th", "caption", "applet", "marquee", "object", "template"};

template <std::size_t N>
int index_of(const std::array<std::string_view, N>& table, std::string_view name) {
  for (std::size_t i = 0; i < N; ++i)
    if (table[i] == name) return static_cast<int>(i);
  return -1;
}

// Position of "</name" (any case) from `from`, followed by a space, '/' or '>' (or the
// end), or npos.
std::size_t find_end_tag(std::string_view s, std::size_t from, std::string_view name) {
  for (std::size_t p = s.find("</", from); p != std::string_view::npos; p = s.find("</", p + 2)) {
    std::size_t q = p + 2;
    std::size_t k = 0;
    while (k < name.size() && q + k < s.size() && lower(s[q + k]) == name[k]) ++k;
    if (k < name.size()) continue;
    q += k;
    if (q == s.size() || is_space(s[q]) || s[q] == '/' || s[q] == '>') return p;
  }
  return std::string_view::npos;
}

struct Tag {
  // The name, lower-case, when it is short enough to be one of the names that matter
  // here (all under 16 bytes); "" for longer names.
  char name_buf[16] = {};
  std::size_t name_len = 0;
  bool long_name = false;
  std::string_view name() const { return long_name ? std::string_view() : std::string_view(name_buf, name_len); }
  std::size_t end = 0;         // one past its '>' (or the end of the input)
  std::size_t attributes = 0;  // how many it has
  std::size_t cut = 0;         // with more than the limit: where the first dropped one starts
  std::size_t cut_end = 0;     // ... and where the dropped text ends (the '>' or "/>")
};

// Reads the tag whose name starts at `p` (after "<" or "</").
Tag read_tag(std::string_view s, std::size_t p, std::size_t max_attributes) {
  Tag t;
  const std::size_t n = s.size();
  while (p < n && !is_space(s[p]) && s[p] != '/' && s[p] != '>') {
    if (t.name_len < sizeof t.name_buf) t.name_buf[t.name_len++] = lower(s[p]);
    else t.long_name = true;
    ++p;
  }
  for (;;) {
    while (p < n && (is_space(s[p]) || s[p] == '/')) {
      if (s[p] == '/' && p + 1 < n && s[p + 1] == '>') break;
      ++p;
    }
    if (p >= n) {
      t.end = n;
      if (t.cut) t.cut_end = n;
      return t;
    }
    if (s[p] == '>' || (s[p] == '/' && p + 1 < n && s[p + 1] == '>')) {
      if (t.cut) t.cut_end = p;
      t.end = p + (s[p] == '>' ? 1 : 2);
      return t;
    }
    // An attribute: its name (a first '=' belongs to it), then an optional value.
    const std::size_t start = p;
    ++p;
    while (p < n && !is_space(s[p]) && s[p] != '/' && s[p] != '>' && s[p] != '=') ++p;
    std::size_t q = p;
    while (q < n && is_space(s[q])) ++q;
    if (q < n && s[q] == '=') {
      ++q;
      while (q < n && is_space(s[q])) ++q;
      if (q < n && (s[q] == '"' || s[q] == '\'')) {
        const std::size_t close = s.find(s[q], q + 1);
        p = close == std::string_view::npos ? n : close + 1;
      } else {
        while (q < n && !is_space(s[q]) && s[q] != '>') ++q;
        p = q;
      }
    }
    if (++t.attributes == max_attributes + 1) t.cut = start;
  }
}

}  // namespace

std::string NeutraliseReport::text(const NeutraliseLimits& limits) const {
  std::string out;
  if (attributes_dropped)
    out += std::to_string(attributes_dropped) + " attributes beyond " + std::to_string(limits.max_attributes) +
           " per tag dropped";
  if (formatting_dropped)
    out += (out.empty() ? "" : "; ") + std::to_string(formatting_dropped) + " formatting tags beyond " +
           std::to_string(limits.max_open_formatting) + " open dropped";
  return out;
}

NeutraliseReport neutralise(std::string& html, const NeutraliseLimits& limits) {
  NeutraliseReport report;
  const std::string_view s = html;
  const std::size_t n = s.size();
  std::vector<std::pair<std::size_t, std::size_t>> drops;  // [begin, end) ranges, in order
  // Open formatting elements by kind, and the counts saved at each marker element.
  std::array<std::size_t, kFormatting.size()> open{};
  std::size_t open_total = 0;
  std::vector<std::pair<int, std::array<std::size_t, kFormatting.size()>>> markers;
  auto restore = [&](const std::array<std::size_t, kFormatting.size()>& saved) {
    open = saved;
    open_total = 0;
    for (std::size_t c : open) open_total += c;
  };
  std::size_t p = 0;
  while (p < n) {
    const char* lt = static_cast<const char*>(std::memchr(s.data() + p, '<', n - p));
    if (!lt) break;
    const std::size_t at = static_cast<std::size_t>(lt - s.data());
    if (at + 1 >= n) break;
    const char c = s[at + 1];
    if (c == '!') {
      if (s.compare(at, 4, "<!--") == 0) {
        // "<!-->" and "<!--->" close at once, as in HTML5.
        std::size_t close = s.find("-->", at + 2);
        p = close == std::string_view::npos ? n : close + 3;
      } else {
        std::size_t close = s.find('>', at + 2);
        p = close == std::string_view::npos ? n : close + 1;
      }
      continue;
    }
    if (c == '?') {
      std::size_t close = s.find('>', at + 2);
      p = close == std::string_view::npos ? n : close + 1;
      continue;
    }
    if (c == '/' && at + 2 < n && is_alpha(s[at + 2])) {
      Tag t = read_tag(s, at + 2, limits.max_attributes);
      p = t.end;
      if (int f = index_of(kFormatting, t.name()); f >= 0) {
        if (open[f] > 0) {
          --open[f];
          --open_total;
        }
      } else if (int m = index_of(kMarkers, t.name()); m >= 0) {
        // Back to the counts before the matching marker element.
        for (std::size_t k = markers.size(); k > 0; --k)
          if (markers[k - 1].first == m) {
            restore(markers[k - 1].second);
            markers.resize(k - 1);
            break;
          }
      }
      continue;
    }
    if (!is_alpha(c)) {
      p = at + 1;
      continue;
    }
    Tag t = read_tag(s, at + 1, limits.max_attributes);
    report.max_attributes_seen = std::max(report.max_attributes_seen, t.attributes);
    if (t.cut) {
      drops.emplace_back(t.cut, t.cut_end);
      report.attributes_dropped += t.attributes - limits.max_attributes;
    }
    p = t.end;
    if (int f = index_of(kFormatting, t.name()); f >= 0) {
      // A new <a> or <nobr> closes the one open (the tree builder does).
      if ((t.name() == "a" || t.name() == "nobr") && open[f] > 0) {
        --open[f];
        --open_total;
      }
      if (open_total >= limits.max_open_formatting) {
        // The whole start tag goes (what it encloses stays); a drop of its attributes
        // above is part of it.
        if (t.cut) drops.pop_back();
        drops.emplace_back(at, t.end);
        ++report.formatting_dropped;
      } else {
        ++open[f];
        ++open_total;
        report.max_open_formatting_seen = std::max(report.max_open_formatting_seen, open_total);
      }
    } else if (int m = index_of(kMarkers, t.name()); m >= 0) {
      // A new cell closes the open one (td, th) before it opens.
      if ((t.name() == "td" || t.name() == "th") && !markers.empty() &&
          (kMarkers[markers.back().first] == "td" || kMarkers[markers.back().first] == "th")) {
        restore(markers.back().second);
        markers.pop_back();
      }
      markers.emplace_back(m, open);
    } else if (t.name() == "tr" || t.name() == "table") {
      // A row or table starting closes an open cell.
      while (!markers.empty() && (kMarkers[markers.back().first] == "td" || kMarkers[markers.back().first] == "th")) {
        restore(markers.back().second);
        markers.pop_back();
      }
    } else if (t.name() == "plaintext") {
      break;  // the rest is text
    } else if (index_of(kRawText, t.name()) >= 0) {
      const std::size_t close = find_end_tag(s, p, t.name());
      p = close == std::string_view::npos ? n : close;
    }
  }
  if (drops.empty()) return report;
  std::string out;
  out.reserve(n);
  std::size_t from = 0;
  for (const auto& [b, e] : drops) {
    out.append(s.substr(from, b - from));
    from = e;
  }
  out.append(s.substr(from));
  html = std::move(out);
  return report;
}

}  // namespace detour::html
