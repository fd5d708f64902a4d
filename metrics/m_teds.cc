// `teds`: tree-edit-distance similarity of the structure of output and gold,
// TEDS = 1 - TED(T_out, T_gold) / max(|T_out|, |T_gold|) (Zhong, ShafieiBavani &
// Jimeno Yepes 2020, the measure WebMainBench reports for tables), with unit costs on
// the exact TED kernel (kernels/tree_edit/ted.h).
//
// Two trees per side:
//   - segments (values[0], the metric's score): a root, one child per line of the
//     plain-text view (plain_text.h) labelled with the block that opened it ('p',
//     'h' for headings, 'l' for list items), and under it one leaf per whitespace
//     token, labelled with the token. So a missing or extra paragraph, a split or
//     merged one, a heading turned paragraph and a changed word all cost edits.
//   - elements (values[1], teds_html), only when both sides are markup (their first
//     non-blank character is '<'): the element tree under <body> as gumbo parses it,
//     elements labelled by tag name and text nodes "#text" (html/dom_tree.h); NaN
//     otherwise.
// Pairs whose trees are too large for the exact kernel (|F| x |G| over 4e8 cells)
// get NaN, left out of the means. values[2..4]: the segment TED and the two sizes.
#include <cmath>
#include <limits>

#include "html/dom.h"
#include "html/dom_tree.h"
#include "kernels/tree_edit/ted.h"
#include "metrics/bench_metrics/tokens.h"
#include "metrics/metric.h"

namespace detour::metrics {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

ted::Tree segment_tree(const PlainText& t, ted::LabelDict& dict) {
  std::vector<std::int32_t> labels{dict.id("#doc")}, parents{-1};
  std::size_t line = 0, b = 0;
  const std::string& s = t.text;
  while (b < s.size()) {
    std::size_t e = s.find('\n', b);
    if (e == std::string::npos) e = s.size();
    const char kind = line < t.line_kinds.size() ? t.line_kinds[line] : 'p';
    const auto seg = static_cast<std::int32_t>(labels.size());
    labels.push_back(dict.id(std::string("#") + kind));
    parents.push_back(0);
    for (std::string_view w : bench_metrics::whitespace_tokens(std::string_view(s).substr(b, e - b))) {
      labels.push_back(dict.id(w));
      parents.push_back(seg);
    }
    ++line;
    b = e + 1;
  }
  return ted::Tree::from_preorder(labels, parents);
}

double teds_of(const ted::Tree& a, const ted::Tree& b, int* distance = nullptr) {
  try {
    const int d = ted::ted(a, b);
    if (distance) *distance = d;
    return 1.0 - static_cast<double>(d) / static_cast<double>(std::max(a.n(), b.n()));
  } catch (const ted::TreeError&) {
    return kNaN;
  }
}

}  // namespace

DocScore score_teds(DocPair& p) {
  ted::LabelDict dict;
  const ted::Tree out = segment_tree(p.plain_system(), dict);
  const ted::Tree gold = segment_tree(p.plain_gold(), dict);
  int d = -1;
  const double teds = teds_of(out, gold, &d);
  double teds_html = kNaN;
  if (looks_like_markup(p.system()) && looks_like_markup(p.gold())) {
    ted::LabelDict hd;
    const dom::Document so = dom::Document::parse(p.system()), go = dom::Document::parse(p.gold());
    teds_html = teds_of(ted::dom_tree(so.body(), hd), ted::dom_tree(go.body(), hd));
  }
  DocScore s;
  s.values = {teds, teds_html, d < 0 ? kNaN : static_cast<double>(d), static_cast<double>(out.n()),
              static_cast<double>(gold.n())};
  return s;
}

std::string settings_teds(const ScoreOptions& o) {
  return "teds|tree:segments+tokens|html:gumbo-elements|cost:unit|" + text_forms_signature(o);
}

}  // namespace detour::metrics
