// markup: CleanEval, minimal-HTML and text renderings of segments (see markup.h).
#include <optional>
#include <string>

#include "base/markup.h"
#include "base/utf8.h"

namespace detour {

namespace {
// UTF-8 length of a whitespace character at s[i], or 0: ASCII space and controls
// \t \n \v \f \r, and the Unicode space separators (Zs) and line/paragraph
// separators, each only as its exact, complete UTF-8 sequence: U+00A0 (C2 A0),
// U+1680 (E1 9A 80), U+2000..U+200A (E2 80 80..8A), U+2028, U+2029 (E2 80 A8, A9),
// U+202F (E2 80 AF), U+205F (E2 81 9F), U+3000 (E3 80 80). A truncated or broken
// sequence is not a space; its bytes stay text.
std::size_t space_len(std::string_view s, std::size_t i) {
  auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = at(i);
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') return 1;
  if (c == 0xC2) return i + 1 < s.size() && at(i + 1) == 0xA0 ? 2 : 0;
  if (c != 0xE1 && c != 0xE2 && c != 0xE3) return 0;
  if (i + 2 >= s.size()) return 0;
  const unsigned char c1 = at(i + 1), c2 = at(i + 2);
  if (c == 0xE1) return c1 == 0x9A && c2 == 0x80 ? 3 : 0;
  if (c == 0xE3) return c1 == 0x80 && c2 == 0x80 ? 3 : 0;
  if (c1 == 0x80 && ((c2 >= 0x80 && c2 <= 0x8A) || c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF)) return 3;
  if (c1 == 0x81 && c2 == 0x9F) return 3;
  return 0;
}
}  // namespace

namespace {
// Bytes that are, or may begin, a whitespace character of space_len (ASCII spaces,
// C2, E1, E2, E3); with `ascii`, the ASCII spaces alone.
struct SpaceStarts {
  bool any[256] = {}, ascii[256] = {};
  constexpr SpaceStarts() {
    for (unsigned char c : {' ', '\t', '\n', '\r', '\f', '\v'}) any[c] = ascii[c] = true;
    for (unsigned c : {0xC2u, 0xE1u, 0xE2u, 0xE3u}) any[c] = true;
  }
};
constexpr SpaceStarts kSpaceStarts;

// Whitespace runs -> one space, none at either end; `starts` says which bytes may
// begin a space and `len` how long the one at i is (0: not a space). Runs of other
// bytes are copied whole.
template <typename Len>
std::string collapse(std::string_view text, const bool (&starts)[256], Len len) {
  std::string out;
  out.reserve(text.size());
  bool pending_space = false;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = i;
    while (j < text.size() && !starts[static_cast<unsigned char>(text[j])]) ++j;
    if (j > i) {
      if (pending_space && !out.empty()) out += ' ';
      pending_space = false;
      out.append(text.data() + i, j - i);
      i = j;
      continue;
    }
    if (std::size_t n = len(text, i)) {
      pending_space = true;
      i += n;
      continue;
    }
    if (pending_space && !out.empty()) out += ' ';
    pending_space = false;
    out += text[i++];
  }
  return out;
}
}  // namespace

std::string collapse_whitespace(std::string_view text) { return collapse(text, kSpaceStarts.any, space_len); }

std::string collapse_ascii_whitespace(std::string_view text) {
  return collapse(text, kSpaceStarts.ascii, [](std::string_view, std::size_t) -> std::size_t { return 1; });
}

std::string escape_html(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"':
        if (attribute) out += "&quot;";
        else out += c;
        break;
      default: out += c;
    }
  }
  return out;
}

std::string unescape_basic_html(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '&') {
      const std::size_t e = s.find(';', i);
      if (e != std::string_view::npos && e - i < 12) {
        const std::string_view n = s.substr(i + 1, e - i - 1);
        char32_t c = 0;
        if (n.size() > 1 && n[0] == '#') {
          const bool hex = n[1] == 'x' || n[1] == 'X';
          const std::string_view digits = n.substr(hex ? 2 : 1);
          unsigned long v = 0;
          bool ok = !digits.empty() && digits.size() < 8;
          for (char d : digits) {
            int x = -1;
            if (d >= '0' && d <= '9') x = d - '0';
            else if (hex && d >= 'a' && d <= 'f') x = d - 'a' + 10;
            else if (hex && d >= 'A' && d <= 'F') x = d - 'A' + 10;
            if (x < 0) {
              ok = false;
              break;
            }
            v = v * (hex ? 16 : 10) + static_cast<unsigned long>(x);
          }
          if (ok && v > 0 && v < 0x110000) c = static_cast<char32_t>(v);
        } else if (n == "amp") {
          c = '&';
        } else if (n == "lt") {
          c = '<';
        } else if (n == "gt") {
          c = '>';
        } else if (n == "quot") {
          c = '"';
        } else if (n == "apos") {
          c = '\'';
        } else if (n == "nbsp") {
          c = 0xA0;
        }
        if (c) {
          utf8::append(o, c);
          i = e + 1;
          continue;
        }
      }
    }
    o += s[i++];
  }
  return o;
}

std::string render_cleaneval(const std::vector<Segment>& segments) {
  std::string out;
  for (const auto& s : segments) {
    std::string text = collapse_ascii_whitespace(s.text);
    if (text.empty()) continue;
    switch (s.kind) {
      case SegmentKind::Heading: out += "<h>"; break;
      case SegmentKind::Paragraph: out += "<p>"; break;
      case SegmentKind::ListItem: out += "<l>"; break;
    }
    out += text;
    out += '\n';
  }
  return out;
}

std::string render_html(const std::vector<Segment>& segments, std::string_view title) {
  std::string out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">";
  if (!title.empty()) out += "<title>" + escape_html(collapse_whitespace(title)) + "</title>";
  out += "</head><body>\n";
  bool in_list = false;
  for (const auto& s : segments) {
    std::string text = collapse_ascii_whitespace(s.text);
    if (text.empty()) continue;
    if (s.kind != SegmentKind::ListItem && in_list) {
      out += "</ul>\n";
      in_list = false;
    }
    switch (s.kind) {
      case SegmentKind::Heading: out += "<h2>" + escape_html(text) + "</h2>\n"; break;
      case SegmentKind::Paragraph: out += "<p>" + escape_html(text) + "</p>\n"; break;
      case SegmentKind::ListItem:
        if (!in_list) out += "<ul>\n";
        in_list = true;
        out += "<li>" + escape_html(text) + "</li>\n";
        break;
    }
  }
  if (in_list) out += "</ul>\n";
  out += "</body></html>\n";
  return out;
}

std::string render_text(const std::vector<Segment>& segments) {
  std::string out;
  for (const auto& s : segments) {
    std::string text = collapse_ascii_whitespace(s.text);
    if (text.empty()) continue;
    out += text;
    out += '\n';
  }
  return out;
}


}  // namespace detour

namespace detour {

std::vector<Segment> parse_cleaneval(std::string_view text) {
  std::vector<Segment> out;
  std::optional<SegmentKind> kind;
  std::string cur;
  auto flush = [&] {
    if (kind) {
      std::string t = collapse_whitespace(cur);
      if (!t.empty()) out.push_back({*kind, std::move(t)});
    }
    cur.clear();
  };
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '<') {
      std::size_t close = text.find('>', i);
      if (close == std::string_view::npos) {
        cur += text.substr(i);
        break;
      }
      std::string_view tag = text.substr(i + 1, close - i - 1);
      if (tag.size() == 1) {
        char c = static_cast<char>(tag[0] | 0x20);
        if (c == 'p' || c == 'h' || c == 'l') {
          flush();
          kind = c == 'p' ? SegmentKind::Paragraph : c == 'h' ? SegmentKind::Heading : SegmentKind::ListItem;
          i = close + 1;
          continue;
        }
      }
      cur += ' ';  // other tags are dropped, as a word boundary
      i = close + 1;
      continue;
    }
    cur += text[i++];
  }
  if (!kind && !collapse_whitespace(cur).empty()) kind = SegmentKind::Paragraph;
  flush();
  return out;
}

}  // namespace detour
