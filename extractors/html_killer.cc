// HK: the "HTML Killer" naive baseline of Daureu, Marie & Goubeau (student report,
// GREYC Caen, c. 2014-2015), as far as its behaviour could be inferred from its
// published DANIEL outputs (outputs/html_killer); its code is not public. The tool
// was evidently regex based, working on the page as one string; the rules below were
// chosen by measuring agreement with those outputs (see the fidelity test):
//  1. line breaks are deleted (the outputs glue text across source lines);
//  2. keep the text from the first "<h1" (or the page start when there is none) to
//     the last "</body>";
//  3. remove comments <!--...-->, then script, style, form and li elements with
//     their content, each the shortest match "<t ... </t>" (case-sensitive: the
//     outputs keep upper-case <FORM>, <SPAN> ...);
//  4. drop a, span, div and img tags (their text stays), then every entity &...;
//     becomes a space (the outputs lose &oacute;, &#039;, &copy; ...);
//  5. remove every element that holds only text (no tag inside), except p and h1
//     (the outputs lose <h2>..</h2>, <strong>..</strong>, <b>..</b> ...);
//  6. the first h1 element is the title (a Heading) and leaves the text;
//  7. "</p>" and "<br...>" end paragraphs; each paragraph keeps the text after its
//     last remaining tag, whitespace collapsed; the text after the last break counts.
// Known gaps: where the published output starts on pages without h1, and some
// pages whose output is nearly empty, are not understood. Every pass is linear
// (memoised searches), so hostile pages stay fast. Thread-safe (no state).
#include <string>
#include <string_view>

#include "extractors/extractor.h"

namespace detour {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
// Python 3 `\w` on str: letters, digits, '_' and (approximately) any non-ASCII char.
bool is_word(char c) { return is_alnum(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80; }

// True when s[i..] starts with `lit` and the next character is not a word character.
bool word_at(std::string_view s, std::size_t i, std::string_view lit) {
  if (s.compare(i, lit.size(), lit) != 0) return false;
  const std::size_t j = i + lit.size();
  return j >= s.size() || !is_word(s[j]);
}

// Finds `needle` from pos, remembering the last answer so repeated forward searches
// stay linear overall.
class Finder {
 public:
  Finder(std::string_view s, std::string_view needle) : s_(s), needle_(needle) {}
  std::size_t from(std::size_t pos) {
    if (!valid_ || (last_ != npos && last_ < pos)) {
      last_ = s_.find(needle_, pos);
      valid_ = true;
    }
    return last_;
  }

 private:
  std::string_view s_, needle_;
  std::size_t last_ = npos;
  bool valid_ = false;
};

// Removes every shortest "<name\b ... </name>" (a space replaces it); an opening tag
// without a later closing tag stays.
std::string kill_elements(std::string_view s, std::string_view name) {
  std::string open(1, '<');
  open.append(name);
  std::string close("</");
  close.append(name).push_back('>');
  Finder closes(s, close);
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  for (std::size_t p = s.find(open); p != npos; p = s.find(open, p + 1)) {
    if (p < i || !word_at(s, p, open)) continue;
    const std::size_t c = closes.from(p + open.size());
    if (c == npos) break;
    out.append(s.substr(i, p - i));
    out.push_back(' ');
    i = c + close.size();
    p = i - 1;
  }
  out.append(s.substr(i));
  return out;
}

std::string remove_comments(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (true) {
    const std::size_t b = s.find("<!--", i);
    if (b == npos) break;
    const std::size_t e = s.find("-->", b + 4);
    if (e == npos) break;
    out.append(s.substr(i, b - i));
    out.push_back(' ');
    i = e + 3;
  }
  out.append(s.substr(i));
  return out;
}

// Drops "</?(a|span|div|img)\b[^>]*>" tags and turns "&[#\w]+;" into a space.
std::string unwrap_and_drop_entities(std::string_view s) {
  static constexpr std::string_view kNames[] = {"a", "span", "div", "img"};
  Finder gts(s, ">");
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '<') {
      const std::size_t n = i + 1 + (i + 1 < s.size() && s[i + 1] == '/' ? 1 : 0);
      bool named = false;
      for (auto name : kNames) named = named || word_at(s, n, name);
      if (named) {
        const std::size_t gt = gts.from(n);
        if (gt != npos) {
          i = gt + 1;
          continue;
        }
      }
    } else if (c == '&') {
      std::size_t j = i + 1;
      while (j < s.size() && (is_word(s[j]) || s[j] == '#')) ++j;
      if (j > i + 1 && j < s.size() && s[j] == ';') {
        out.push_back(' ');
        i = j + 1;
        continue;
      }
    }
    out.push_back(c);
    ++i;
  }
  return out;
}

// Removes "<name ...>text</name>" where text has no '<' and name is not p or h1.
std::string remove_text_elements(std::string_view s) {
  Finder gts(s, ">");
  Finder lts(s, "<");
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  for (std::size_t p = s.find('<'); p != npos; p = s.find('<', p + 1)) {
    if (p < i) continue;
    std::size_t e = p + 1;
    while (e < s.size() && is_alnum(s[e])) ++e;
    const char first = p + 1 < s.size() ? s[p + 1] : '\0';
    const bool letter = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z');
    if (!letter || (e < s.size() && is_word(s[e]))) continue;  // no name, or no \b after it
    const std::string_view name = s.substr(p + 1, e - p - 1);
    if (name == "p" || name == "h1") continue;
    const std::size_t gt = gts.from(e);
    if (gt == npos) break;
    const std::size_t lt = lts.from(gt + 1);
    if (lt == npos) break;
    if (s.compare(lt, 2, "</") != 0 || s.compare(lt + 2, name.size(), name) != 0 ||
        lt + 2 + name.size() >= s.size() || s[lt + 2 + name.size()] != '>')
      continue;
    out.append(s.substr(i, p - i));
    out.push_back(' ');
    i = lt + 3 + name.size();
    p = i - 1;
  }
  out.append(s.substr(std::min(i, s.size())));
  return out;
}

// Tags become spaces, whitespace collapses.
std::string strip_tags(std::string_view s) {
  std::string t;
  t.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<') {
      const std::size_t gt = s.find('>', i);
      if (gt != npos) {
        t.push_back(' ');
        i = gt;
        continue;
      }
    }
    t.push_back(s[i]);
  }
  return collapse_whitespace(t);
}

class HtmlKiller final : public Extractor {
 public:
  std::string name() const override { return "HK"; }
  std::string version() const override { return "2"; }
  Settings settings() const override {
    return {{"algorithm", "html-killer (Daureu, Marie & Goubeau), inferred from its outputs"},
            {"killed", "comments,script,style,form,li (case-sensitive, shortest match)"},
            {"unwrapped", "a,span,div,img; entities become spaces"},
            {"text-only elements", "removed except p,h1"},
            {"paragraph", "text after the last tag before </p> or <br>"}};
  }

  Extraction extract(const Page& page) const override {
    Extraction ex;
    std::string flat;
    flat.reserve(page.html.size());
    for (char c : page.html)
      if (c != '\n' && c != '\r') flat.push_back(c);
    std::string_view v = flat;
    std::size_t start = v.find("<h1");
    if (start == npos) start = 0;
    std::size_t end = v.rfind("</body>");
    if (end == npos || end < start) end = v.size();
    std::string s = remove_comments(v.substr(start, end - start));
    for (std::string_view tag : {"script", "style", "form", "li"}) s = kill_elements(s, tag);
    s = unwrap_and_drop_entities(s);
    s = remove_text_elements(s);

    // The first h1 element is the title: "<h1[^>]*>(.*?)</h1>".
    if (const std::size_t h = s.find("<h1"); h != npos) {
      const std::size_t gt = s.find('>', h);
      const std::size_t c = gt == npos ? npos : s.find("</h1>", gt + 1);
      if (c != npos) {
        std::string title = strip_tags(std::string_view(s).substr(gt + 1, c - gt - 1));
        if (!title.empty()) ex.segments.push_back({SegmentKind::Heading, std::move(title)});
        s.erase(h, c + 5 - h);
      }
    }

    // Paragraphs end at "</p>" and "<br[^>]*>"; each keeps the text after its last '>'.
    std::string_view t = s;
    Finder gts(t, ">");
    auto emit = [&](std::size_t from, std::size_t to) {
      const std::string_view chunk = t.substr(from, to - from);
      const std::size_t last = chunk.rfind('>');
      std::string text = collapse_whitespace(last == npos ? chunk : chunk.substr(last + 1));
      if (!text.empty()) ex.segments.push_back({SegmentKind::Paragraph, std::move(text)});
    };
    std::size_t piece = 0;
    for (std::size_t lt = t.find('<'); lt != npos; lt = t.find('<', lt + 1)) {
      std::size_t after = npos;
      if (t.compare(lt, 4, "</p>") == 0) {
        after = lt + 4;
      } else if (t.compare(lt, 3, "<br") == 0) {
        const std::size_t gt = gts.from(lt + 3);
        if (gt == npos) break;
        after = gt + 1;
      }
      if (after == npos) continue;
      emit(piece, lt);
      piece = after;
      lt = after - 1;
    }
    emit(piece, t.size());
    return ex;
  }
};

}  // namespace

std::unique_ptr<Extractor> make_html_killer_extractor() { return std::make_unique<HtmlKiller>(); }

}  // namespace detour
