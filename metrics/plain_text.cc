// plain_text: see plain_text.h.
#include "metrics/plain_text.h"

#include <array>
#include <cstdint>

#include "base/errors.h"
#include "base/utf8.h"
#include "html/dom.h"
#include "html/entities.h"
#include "metrics/bench_metrics/py_unicode.h"

namespace detour::metrics {

namespace {

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

bool starts_ci(std::string_view s, std::size_t i, std::string_view w) {
  if (s.size() - i < w.size()) return false;
  for (std::size_t k = 0; k < w.size(); ++k)
    if (lower(s[i + k]) != w[k]) return false;
  return true;
}

// Position just past the case-insensitive closing `</name\s*>` at or after i, or npos.
std::size_t find_close(std::string_view s, std::size_t i, std::string_view name) {
  while ((i = s.find("</", i)) != std::string_view::npos) {
    std::size_t p = i + 2;
    if (starts_ci(s, p, name)) {
      p += name.size();
      while (p < s.size() && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r' || s[p] == '\f' ||
                              s[p] == '\v'))
        ++p;
      if (p < s.size() && s[p] == '>') return p + 1;
    }
    i += 2;
  }
  return std::string_view::npos;
}

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The block tag at s[i] == '<' ("</?NAME\b[^>]*>"): its kind ('p', 'h', 'l') and end,
// or kind 0.
char block_kind(std::string_view s, std::size_t i, std::size_t& end) {
  static constexpr std::array<std::string_view, 25> kNames = {
      "blockquote", "section", "article", "header", "footer", "table", "title", "pre", "div", "br", "tr", "td",
      "th",         "ul",      "ol",      "dd",     "dt",     "li",    "h1",    "h2",  "h3",  "h4", "h5", "h6",
      "p"};
  std::size_t p = i + 1;
  if (p < s.size() && s[p] == '/') ++p;
  for (std::string_view n : kNames) {
    if (!starts_ci(s, p, n)) continue;
    std::size_t q = p + n.size();
    if (q < s.size() && word_char(s[q])) continue;  // \b
    std::size_t gt = s.find('>', q);
    if (gt == std::string_view::npos) return 0;
    end = gt + 1;
    if (n[0] == 'h' && n.size() == 2) return 'h';
    if (n == "li") return 'l';
    return 'p';
  }
  // CleanEval's one-letter markers h and l.
  for (char m : {'h', 'l'}) {
    if (p < s.size() && lower(s[p]) == m && (p + 1 >= s.size() || !word_char(s[p + 1]))) {
      std::size_t gt = s.find('>', p + 1);
      if (gt == std::string_view::npos) return 0;
      end = gt + 1;
      return m;
    }
  }
  return 0;
}

}  // namespace

std::string_view text_form_name(TextForm f) {
  switch (f) {
    case TextForm::kAuto: return "auto";
    case TextForm::kRaw: return "raw";
    case TextForm::kMarkup: return "markup";
    case TextForm::kCleanEvalGold: return "cleaneval-gold";
  }
  return "auto";
}

TextForm parse_text_form(std::string_view name) {
  if (name == "auto") return TextForm::kAuto;
  if (name == "raw") return TextForm::kRaw;
  if (name == "markup") return TextForm::kMarkup;
  if (name == "cleaneval-gold") return TextForm::kCleanEvalGold;
  throw UsageError("--text-form " + std::string(name) + ": expected auto, raw, markup or cleaneval-gold");
}

bool looks_like_markup(std::string_view t) {
  std::size_t i = 0;
  if (t.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' || t[i] == '\f')) ++i;
  return i < t.size() && t[i] == '<';
}

bool is_cleaneval_form(std::string_view s) {
  bool any = false;
  std::size_t b = 0;
  while (b < s.size()) {
    std::size_t e = s.find('\n', b);
    if (e == std::string_view::npos) e = s.size();
    std::size_t i = b;
    while (i < e && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
    if (i < e) {
      if (e - i < 3 || s[i] != '<' || s[i + 2] != '>') return false;
      const char m = lower(s[i + 1]);
      if (m != 'p' && m != 'h' && m != 'l') return false;
      any = true;
    }
    b = e + 1;
  }
  return any;
}

namespace {

// Step 4 on one line: runs of spaces and tabs become one space, the ends stripped of
// spaces, tabs and carriage returns; appended (with its kind) when not empty.
void add_line(std::string_view line, char kind, PlainText& out) {
  std::string cur;
  bool space = false;
  for (char ch : line) {
    if (ch == ' ' || ch == '\t') {
      space = true;
      continue;
    }
    if (space && !cur.empty()) cur += ' ';
    space = false;
    cur += ch;
  }
  while (!cur.empty() && (cur.back() == '\r' || cur.back() == ' ' || cur.back() == '\t')) cur.pop_back();
  std::size_t f = 0;
  while (f < cur.size() && (cur[f] == '\r' || cur[f] == ' ' || cur[f] == '\t')) ++f;
  if (f == cur.size()) return;
  if (!out.text.empty()) out.text += '\n';
  out.text.append(cur, f);
  out.line_kinds.push_back(kind);
}

}  // namespace

PlainText markup_to_text(std::string_view s) {
  if (is_cleaneval_form(s)) {
    PlainText out;
    std::size_t b = 0;
    while (b < s.size()) {
      std::size_t e = s.find('\n', b);
      if (e == std::string_view::npos) e = s.size();
      std::string_view line = s.substr(b, e - b);
      std::size_t i = line.find('<');
      if (i != std::string_view::npos) {
        const std::string_view rest = line.substr(i + 3);
        if (rest.find('&') == std::string_view::npos) add_line(rest, lower(line[i + 1]), out);
        else add_line(html::decode_references(rest), lower(line[i + 1]), out);
      }
      b = e + 1;
    }
    return out;
  }
  // Pass 1: tags, deletions and references into `flat`, a '\n' per block tag; the
  // kind of the block tag that opened each line is noted at the newline.
  std::string flat;
  std::vector<char> kinds{'p'};  // kind of each '\n'-separated raw line of `flat`
  flat.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '<') {
      std::size_t end = 0;
      if (s.compare(i, 4, "<!--") == 0) {
        std::size_t e = s.find("-->", i + 4);
        if (e != std::string_view::npos) {
          flat += ' ';
          i = e + 3;
          continue;
        }
      }
      bool dropped = false;
      for (std::string_view el : {"script", "style", "head"}) {
        if (starts_ci(s, i + 1, el) && (i + 1 + el.size() >= s.size() || !word_char(s[i + 1 + el.size()]))) {
          std::size_t e = find_close(s, i + 1 + el.size(), el);
          if (e != std::string_view::npos) {
            flat += ' ';
            i = e;
            dropped = true;
          }
          break;
        }
      }
      if (dropped) continue;
      if (char k = block_kind(s, i, end)) {
        flat += '\n';
        kinds.push_back(s[i + 1] == '/' ? 'p' : k);
        i = end;
        continue;
      }
      std::size_t gt = s.find('>', i + 1);
      if (gt != std::string_view::npos) {
        flat += ' ';
        i = gt + 1;
        continue;
      }
      flat += c;
      ++i;
    } else if (c == '&') {
      std::size_t n = html::decode_reference(s, i, flat);
      if (n == 0) {
        flat += c;
        n = 1;
      }
      i += n;
    } else {
      if (c == '\n') kinds.push_back('p');
      flat += c;
      ++i;
    }
  }
  // Pass 2: lines.
  PlainText out;
  out.text.reserve(flat.size());
  std::size_t line = 0, b = 0;
  while (b <= flat.size()) {
    std::size_t e = flat.find('\n', b);
    if (e == std::string::npos) e = flat.size();
    add_line(std::string_view(flat).substr(b, e - b), line < kinds.size() ? kinds[line] : 'p', out);
    ++line;
    if (e == flat.size()) break;
    b = e + 1;
  }
  return out;
}

bool looks_like_cleaneval_gold(std::string_view t) {
  std::size_t i = 0;
  if (t.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' || t[i] == '\f')) ++i;
  return t.substr(i, 4) == "URL:";
}

namespace {

// Python's str.isspace() at s[i] (UTF-8); `len` gets the character's length.
bool py_space_at(std::string_view s, std::size_t i, std::size_t& len) {
  char32_t cp = 0;
  const auto c = static_cast<unsigned char>(s[i]);
  len = 1;
  if (c < 0x80) return bench_metrics::py_isspace(c);
  const std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
  if (n == 1 || i + n > s.size()) return false;
  cp = c & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  len = n;
  return bench_metrics::py_isspace(cp);
}

}  // namespace

PlainText cleaneval_gold_to_text(std::string_view gold) {
  // 1. The body's text content, as an HTML5 parser builds it (WCEB:
  //    HTMLTree.parse(content).body.text).
  const dom::Document doc = dom::Document::parse(gold);
  std::string content;
  if (const dom::Node* body = doc.body()) {
    std::vector<const dom::Node*> stack(body->children.rbegin(), body->children.rend());
    while (!stack.empty()) {
      const dom::Node* n = stack.back();
      stack.pop_back();
      if (n->is_text()) content += n->text;
      for (auto it = n->children.rbegin(); it != n->children.rend(); ++it) stack.push_back(*it);
    }
  }
  // 2. re.sub(r'\n +', '\n', content).
  std::string text;
  text.reserve(content.size());
  for (std::size_t i = 0; i < content.size(); ++i) {
    text += content[i];
    if (content[i] == '\n')
      while (i + 1 < content.size() && content[i + 1] == ' ') ++i;
  }
  // 3. re.sub(r'^\s*URL:[^\n]+\s*', '', content): a leading URL line and the
  //    whitespace around it (only at the start of the text).
  std::size_t b = 0, len = 0;
  while (b < text.size() && py_space_at(text, b, len)) b += len;
  if (text.compare(b, 4, "URL:") == 0) {
    std::size_t e = b + 4;
    if (e < text.size() && text[e] != '\n') {
      while (e < text.size() && text[e] != '\n') ++e;
      while (e < text.size() && py_space_at(text, e, len)) e += len;
      text.erase(0, e);
    }
  }
  PlainText out;
  out.text = std::move(text);
  std::size_t lines = 1;
  for (char c : out.text) lines += c == '\n';
  out.line_kinds.assign(lines, 'p');
  return out;
}

}  // namespace detour::metrics
