// Reader "l3s-gn1": the L3S-GN1 data set (Kohlschütter, Fankhauser & Nejdl 2010,
// "Boilerplate detection using shallow text features": 621 English Google News
// articles), read as the Web Content Extraction Benchmark (WCEB, Bevendorff et al.
// 2023, dataset_readers.py L3SGN1Reader) reads it.
//
// Layout: ROOT/original/<name>.html (raw pages) and ROOT/annotated/<name>.html (the
// same pages with each text span wrapped in an element of class x-nc-sel0 .. sel5:
// 0 not content, 1 headline, 2 full text, 3 supplemental, 4 user comments, 5
// related content).
// Pairing: the same file name in both folders; the id is the name without extension.
// Gold: extracted from the annotated page when loaded, as WCEB does: every element
// (under <body>, in document order) whose class list holds one of the selected
// classes and whose only child is a text node contributes its text, stripped, plus a
// space; a newline goes before it when its parent is a block element (address,
// article, aside, blockquote, canvas, dd, div, dl, dt, fieldset, figcaption, figure,
// footer, form, h1-h6, header, hr, li, main, nav, noscript, ol, p, pre, section,
// table, tfoot, ul, video); the whole is stripped. The selected classes are
// OpenOptions::l3s_classes (--l3s-classes), by default 1,2,3 (WCEB's selector
// ".x-nc-sel1, .x-nc-sel2, .x-nc-sel3"); 1,2,3,4,5 takes comments and related
// content too. The annotated page is decoded as a page is (decode.h) and parsed with
// gumbo (WCEB parses with Resiliparse/lexbor; both build HTML5 trees).
// Language: "en" (the data set is English news).
#include <algorithm>
#include <array>

#include "base/errors.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "corpora/layout.h"
#include "html/dom.h"

namespace detour::corpora {
namespace fs = std::filesystem;

namespace {

bool is_block(std::string_view tag) {
  static constexpr std::array<std::string_view, 35> kBlocks = {
      "address", "article", "aside",  "blockquote", "canvas", "dd",       "div",     "dl",  "dt",
      "fieldset", "figcaption", "figure", "footer", "form",  "h1",       "h2",      "h3",  "h4",
      "h5",      "h6",      "header", "hr",         "li",     "main",     "nav",     "noscript",
      "ol",      "p",       "pre",    "section",    "table",  "tfoot",    "ul",      "video", ""};
  return !tag.empty() && std::find(kBlocks.begin(), kBlocks.end(), tag) != kBlocks.end();
}

// Python's str.strip() (str.isspace characters) on UTF-8.
bool space_at(std::string_view s, std::size_t i, std::size_t& len) {
  const auto c = static_cast<unsigned char>(s[i]);
  len = 1;
  if (c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f)) return true;
  auto is = [&](std::string_view seq) {
    if (s.substr(i, seq.size()) != seq) return false;
    len = seq.size();
    return true;
  };
  if (c == 0xc2) return is("\xc2\x85") || is("\xc2\xa0");
  if (c == 0xe1) return is("\xe1\x9a\x80");
  if (c == 0xe2) {
    if (s.size() >= i + 3 && static_cast<unsigned char>(s[i + 1]) == 0x80) {
      const auto d = static_cast<unsigned char>(s[i + 2]);
      if ((d >= 0x80 && d <= 0x8a) || d == 0xa8 || d == 0xa9 || d == 0xaf) {
        len = 3;
        return true;
      }
    }
    return is("\xe2\x81\x9f");
  }
  if (c == 0xe3) return is("\xe3\x80\x80");
  return false;
}

std::string_view py_strip(std::string_view s) {
  std::size_t b = 0, len = 0;
  while (b < s.size() && space_at(s, b, len)) b += len;
  std::size_t e = s.size();
  while (e > b) {
    std::size_t k = e - 1;  // start of the last code point
    while (k > b && (static_cast<unsigned char>(s[k]) & 0xc0) == 0x80) --k;
    if (!space_at(s, k, len) || k + len != e) break;
    e = k;
  }
  return s.substr(b, e - b);
}

bool has_class(const dom::Node* n, const std::vector<std::string>& classes) {
  const std::string* cls = n->attr("class");
  if (!cls) return false;
  std::string_view v = *cls;
  std::size_t i = 0;
  while (i < v.size()) {
    while (i < v.size() && (v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r' || v[i] == '\f')) ++i;
    std::size_t e = i;
    while (e < v.size() && !(v[e] == ' ' || v[e] == '\t' || v[e] == '\n' || v[e] == '\r' || v[e] == '\f')) ++e;
    if (e > i && std::find(classes.begin(), classes.end(), v.substr(i, e - i)) != classes.end()) return true;
    i = e;
  }
  return false;
}

std::vector<std::string> parse_classes(const std::string& spec) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i <= spec.size()) {
    std::size_t e = spec.find(',', i);
    if (e == std::string::npos) e = spec.size();
    std::string item = spec.substr(i, e - i);
    if (item.size() != 1 || item[0] < '0' || item[0] > '5')
      throw std::invalid_argument("--l3s-classes " + spec + ": expected a list of 0..5, e.g. 1,2,3");
    out.push_back("x-nc-sel" + item);
    i = e + 1;
  }
  return out;
}

// The gold text of an annotated L3S-GN1 page (see the header), for the given classes.
std::string l3s_gold_text(std::string_view annotated_bytes, const std::vector<std::string>& classes) {
  Decoded dec = decode_page(annotated_bytes);
  dom::Document doc = dom::Document::parse(dec.utf8);
  std::string content;
  const dom::Node* body = doc.body();
  if (!body) return content;
  std::vector<const dom::Node*> stack(body->children.rbegin(), body->children.rend());
  while (!stack.empty()) {
    const dom::Node* n = stack.back();
    stack.pop_back();
    if (!n->is_element()) continue;
    if (has_class(n, classes) && n->children.size() == 1 && n->children[0]->is_text()) {
      if (n->parent && is_block(n->parent->tag)) content += '\n';
      content += py_strip(n->children[0]->text);
      content += ' ';
    }
    for (auto it = n->children.rbegin(); it != n->children.rend(); ++it) stack.push_back(*it);
  }
  return std::string(py_strip(content));
}

}  // namespace

bool detect_l3s_gn1(const fs::path& root) { return is_dir(root / "original") && is_dir(root / "annotated"); }

Corpus open_l3s_gn1(const fs::path& root, const OpenOptions& opts) {
  if (!is_dir(root / "original") && !is_dir(root / "annotated"))
    fail(root, "no original/ or annotated/ folder (not an L3S-GN1 layout)");
  std::vector<std::string> classes;
  try {
    classes = parse_classes(opts.l3s_classes);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::string name = "l3s-gold:";
  for (const auto& c : classes) name += c.substr(8);
  // The annotated page is decoded by the filter, as a page is (its meta tags apply).
  auto filter = std::make_shared<const SideFilter>(
      SideFilter{name, [classes](std::string bytes) { return l3s_gold_text(bytes, classes); }, true});
  Corpus c;
  c.root = root;
  pair_by_key(root / "original", root / "annotated", "en", stem_of, stem_of, c);
  for (auto& d : c.docs) d.gold_filter = filter;
  c.plain_text_gold = true;
  finish_corpus(c);
  return c;
}

}  // namespace detour::corpora
