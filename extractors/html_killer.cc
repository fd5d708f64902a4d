// HK: the "HTML Killer" naive baseline of Daureu, Marie & Goubeau, as far as its
// behaviour could be read from its published DANIEL outputs (outputs/html_killer); its
// code is not public. It works on the page's text, not on a DOM:
//  1. keep the text from the first "<h1" (or the start of the page when there is none)
//     to the last "</body>";
//  2. remove comments, and script, style, form and li elements with their content;
//     img tags; a, span and div tags (their text stays);
//  3. the first h1 element becomes the title (a Heading segment) and leaves the text;
//  4. "</p>" and "<br>" end paragraphs; each paragraph keeps the text after its last
//     tag other than inline formatting (b, i, em, strong, u), entities decoded and
//     whitespace collapsed; the text after the last break is dropped.
// This is an approximation: the published outputs also show a latin-1 decoding of
// some UTF-8 pages, an "<h" prefix on pages without h1 and other quirks we have not
// reproduced (see the fidelity test for the measured agreement). Thread-safe.
#include <cstdint>
#include <string>
#include <string_view>

#include "extractors/extractor.h"

namespace detour {
namespace {

char lower_ascii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }
bool is_word(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_';
}

// Case-insensitive find of an ASCII needle from pos.
std::size_t find_ci(std::string_view s, std::string_view needle, std::size_t pos = 0) {
  if (needle.empty() || s.size() < needle.size()) return std::string_view::npos;
  for (std::size_t i = pos; i + needle.size() <= s.size(); ++i) {
    if (lower_ascii(s[i]) != needle[0]) continue;
    std::size_t k = 1;
    while (k < needle.size() && lower_ascii(s[i + k]) == needle[k]) ++k;
    if (k == needle.size()) return i;
  }
  return std::string_view::npos;
}

// True when s[i..] is "<name" or "</name" (closing) followed by a non-word character.
bool tag_at(std::string_view s, std::size_t i, std::string_view name, bool closing) {
  std::size_t j = i + 1 + (closing ? 1 : 0);
  if (s[i] != '<' || j + name.size() > s.size()) return false;
  if (closing && s[i + 1] != '/') return false;
  for (std::size_t k = 0; k < name.size(); ++k)
    if (lower_ascii(s[j + k]) != name[k]) return false;
  j += name.size();
  return j >= s.size() || !is_word(s[j]);
}

// Position after the '>' that ends a tag starting at i, or npos.
std::size_t tag_end(std::string_view s, std::size_t i) {
  const std::size_t gt = s.find('>', i);
  return gt == std::string_view::npos ? gt : gt + 1;
}

// Removes every "<name ...>...</name>" (first closing tag wins; an unclosed one stays).
std::string kill_elements(std::string_view s, std::string_view name) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t lt = s.find('<', i);
    if (lt == std::string_view::npos) break;
    if (tag_at(s, lt, name, false)) {
      std::size_t c = lt + 1;
      std::size_t close = std::string_view::npos;
      while ((c = s.find("</", c)) != std::string_view::npos) {
        if (tag_at(s, c, name, true)) {
          close = c;
          break;
        }
        c += 2;
      }
      const std::size_t e = close == std::string_view::npos ? close : tag_end(s, close);
      if (e != std::string_view::npos) {
        out.append(s.substr(i, lt - i));
        out.push_back(' ');
        i = e;
        continue;
      }
    }
    out.append(s.substr(i, lt + 1 - i));
    i = lt + 1;
  }
  out.append(s.substr(std::min(i, s.size())));
  return out;
}

std::string remove_comments(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (true) {
    const std::size_t b = s.find("<!--", i);
    if (b == std::string_view::npos) break;
    const std::size_t e = s.find("-->", b + 4);
    if (e == std::string_view::npos) break;
    out.append(s.substr(i, b - i));
    out.push_back(' ');
    i = e + 3;
  }
  out.append(s.substr(i));
  return out;
}

bool is_tag_named(std::string_view s, std::size_t lt, std::initializer_list<std::string_view> names) {
  for (auto n : names)
    if (tag_at(s, lt, n, false) || tag_at(s, lt, n, true)) return true;
  return false;
}

// Drops img tags and a/span/div tags (content kept).
std::string drop_tags(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t lt = s.find('<', i);
    if (lt == std::string_view::npos) break;
    out.append(s.substr(i, lt - i));
    if (is_tag_named(s, lt, {"img", "a", "span", "div"})) {
      const std::size_t e = tag_end(s, lt);
      if (e != std::string_view::npos) {
        i = e;
        continue;
      }
    }
    out.push_back('<');
    i = lt + 1;
  }
  out.append(s.substr(std::min(i, s.size())));
  return out;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Tags become spaces, the common entities are decoded, whitespace is collapsed.
std::string plain_text(std::string_view s) {
  std::string t;
  t.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '<') {
      const std::size_t e = tag_end(s, i);
      if (e != std::string_view::npos) {
        t.push_back(' ');
        i = e;
        continue;
      }
    }
    if (s[i] == '&') {
      const std::size_t semi = s.find(';', i);
      if (semi != std::string_view::npos && semi - i <= 10) {
        const std::string_view ent = s.substr(i + 1, semi - i - 1);
        std::uint32_t cp = 0;
        if (!ent.empty() && ent[0] == '#') {
          const bool hex = ent.size() > 1 && (ent[1] == 'x' || ent[1] == 'X');
          for (std::size_t k = hex ? 2 : 1; k < ent.size(); ++k) {
            const char c = lower_ascii(ent[k]);
            const int d = (c >= '0' && c <= '9') ? c - '0' : (hex && c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
            if (d < 0 || cp > 0x10FFFF) {
              cp = 0xFFFD;
              break;
            }
            cp = cp * (hex ? 16 : 10) + static_cast<std::uint32_t>(d);
          }
        } else if (ent == "nbsp") cp = 0xA0;
        else if (ent == "amp") cp = '&';
        else if (ent == "lt") cp = '<';
        else if (ent == "gt") cp = '>';
        else if (ent == "quot") cp = '"';
        else if (ent == "apos") cp = '\'';
        else if (ent == "copy") cp = 0xA9;
        if (cp) {
          append_utf8(t, cp);
          i = semi + 1;
          continue;
        }
      }
    }
    t.push_back(s[i++]);
  }
  return collapse_whitespace(t);
}

class HtmlKiller final : public Extractor {
 public:
  std::string name() const override { return "HK"; }
  std::string version() const override { return "1"; }
  Settings settings() const override {
    return {{"algorithm", "html-killer (Daureu, Marie & Goubeau), approximated from its outputs"},
            {"killed", "comments,script,style,form,li,img"},
            {"unwrapped", "a,span,div"}};
  }

  Extraction extract(const Page& page) const override {
    Extraction ex;
    std::string_view html = page.html;
    std::size_t start = find_ci(html, "<h1");
    if (start == std::string_view::npos) start = 0;
    std::size_t end = std::string_view::npos;
    for (std::size_t p = find_ci(html, "</body>", start); p != std::string_view::npos;
         p = find_ci(html, "</body>", p + 1))
      end = p;
    if (end == std::string_view::npos) end = html.size();
    std::string s = remove_comments(html.substr(start, end - start));
    for (std::string_view tag : {"script", "style", "form", "li"}) s = kill_elements(s, tag);
    s = drop_tags(s);

    // The first h1 is the title.
    const std::size_t h = find_ci(s, "<h1");
    if (h != std::string::npos && tag_at(s, h, "h1", false)) {
      const std::size_t open_end = tag_end(s, h);
      std::size_t c = open_end;
      while (c != std::string::npos && (c = find_ci(s, "</h1", c)) != std::string::npos &&
             !tag_at(s, c, "h1", true))
        c += 4;
      if (open_end != std::string::npos && c != std::string::npos) {
        const std::size_t close_end = tag_end(s, c);
        if (close_end != std::string::npos) {
          std::string title = plain_text(std::string_view(s).substr(open_end, c - open_end));
          if (!title.empty()) ex.segments.push_back({SegmentKind::Heading, std::move(title)});
          s.erase(h, close_end - h);
        }
      }
    }

    // Paragraphs end at </p> and <br>; keep the text after the last non-inline tag.
    std::string_view v = s;
    std::size_t piece_start = 0, last_tag_end = 0;
    for (std::size_t i = 0; i < v.size();) {
      const std::size_t lt = v.find('<', i);
      if (lt == std::string_view::npos) break;
      const std::size_t e = tag_end(v, lt);
      if (e == std::string_view::npos) break;
      const bool brk = tag_at(v, lt, "p", true) || tag_at(v, lt, "br", false);
      if (brk) {
        const std::size_t from = std::max(piece_start, last_tag_end);
        std::string text = plain_text(v.substr(from, lt - from));
        if (!text.empty()) ex.segments.push_back({SegmentKind::Paragraph, std::move(text)});
        piece_start = last_tag_end = e;
      } else if (!is_tag_named(v, lt, {"b", "i", "em", "strong", "u"})) {
        last_tag_end = e;
      }
      i = e;
    }
    return ex;
  }
};

}  // namespace

std::unique_ptr<Extractor> make_html_killer_extractor() { return std::make_unique<HtmlKiller>(); }

}  // namespace detour
