// The `teds` metric (metrics/m_teds.cc) against a direct computation with the
// reference Zhang-Shasha (reference/zhang_shasha.h) on random documents: random
// segment structures (lines of p/h/l segments over a small vocabulary, so that
// renames, insertions and deletions all occur) and random HTML element trees.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <sstream>

#include "html/dom.h"
#include "html/dom_tree.h"
#include "kernels/tree_edit/tree.h"
#include "metrics/metric.h"
#include "reference/zhang_shasha.h"

using namespace detour;

namespace {

// A CleanEval-form text of random segments: "<p>w w w\n<h>w w\n...".
std::string random_segments(std::mt19937_64& rng, int max_lines, int vocabulary) {
  std::string out;
  const int lines = static_cast<int>(rng() % (max_lines + 1));
  for (int i = 0; i < lines; ++i) {
    out += std::string("<") + "phl"[rng() % 3] + ">";
    const int words = 1 + static_cast<int>(rng() % 6);
    for (int k = 0; k < words; ++k) {
      if (k) out += ' ';
      (out += 'w') += std::to_string(rng() % vocabulary);
    }
    out += "\n";
  }
  return out;
}

// The segment tree the metric documents, built here independently: root, one node
// per line labelled by its kind, one leaf per whitespace word.
ted::Tree segments_tree(const std::string& text, ted::LabelDict& dict) {
  std::vector<std::int32_t> labels{dict.id("#doc")}, parents{-1};
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() < 3) continue;
    const auto seg = static_cast<std::int32_t>(labels.size());
    labels.push_back(dict.id(std::string("#") + line[1]));
    parents.push_back(0);
    std::istringstream words(line.substr(3));
    std::string w;
    while (words >> w) {
      labels.push_back(dict.id(w));
      parents.push_back(seg);
    }
  }
  return ted::Tree::from_preorder(labels, parents);
}

std::string random_html(std::mt19937_64& rng, int depth) {
  static const char* tags[] = {"div", "p", "span", "ul", "li", "b", "section"};
  std::string out;
  const int kids = static_cast<int>(rng() % 4);
  for (int i = 0; i < kids; ++i) {
    if (depth == 0 || rng() % 3 == 0) {
      ((out += 't') += std::to_string(rng() % 5)) += ' ';
      continue;
    }
    const char* t = tags[rng() % 7];
    const std::string inner = random_html(rng, depth - 1);
    ((((((out += '<') += t) += '>') += inner) += "</") += t) += '>';
  }
  return out;
}

double teds_reference(const ted::Tree& a, const ted::Tree& b) {
  return 1.0 - static_cast<double>(ted::ted_zhang_shasha(a, b)) / std::max(a.n(), b.n());
}

}  // namespace

TEST_CASE("teds equals 1 - Zhang-Shasha / max(nodes) on random segment structures", "[teds][metrics]") {
  const metrics::MetricInfo& m = metrics::find_metric("teds");
  std::mt19937_64 rng(20240611);
  for (int round = 0; round < 300; ++round) {
    const std::string a = random_segments(rng, 8, 6), b = random_segments(rng, 8, 6);
    metrics::ScoreOptions opts;  // CleanEval-form texts: converted (they start with '<')
    metrics::DocPair pair(a, b, opts);
    const metrics::DocScore s = m.score(pair);
    ted::LabelDict dict;
    const ted::Tree ta = segments_tree(a, dict), tb = segments_tree(b, dict);
    INFO(a << "\n---\n" << b);
    CHECK(s.values[0] == Approx(teds_reference(ta, tb)).epsilon(1e-12));
    CHECK(s.values[2] == ted::ted_zhang_shasha(ta, tb));
    CHECK(s.values[3] == ta.n());
    CHECK(s.values[4] == tb.n());
    CHECK(metrics::doc_prf(m, s).f1 == s.values[0]);
  }
  // Identical structures score 1, an empty output against a gold of n nodes 1/n.
  metrics::DocPair same("<p>a b\n<h>c\n", "<p>a b\n<h>c\n");
  CHECK(m.score(same).values[0] == 1.0);
  metrics::DocPair empty("", "<p>a b\n<h>c\n");
  CHECK(m.score(empty).values[0] == Approx(1.0 / 6));
}

TEST_CASE("teds_html equals Zhang-Shasha on random element trees", "[teds][metrics]") {
  const metrics::MetricInfo& m = metrics::find_metric("teds");
  std::mt19937_64 rng(7);
  for (int round = 0; round < 200; ++round) {
    const std::string a = "<html><body>" + random_html(rng, 4) + "</body></html>";
    const std::string b = "<html><body>" + random_html(rng, 4) + "</body></html>";
    metrics::DocPair pair(a, b);
    const metrics::DocScore s = m.score(pair);
    ted::LabelDict dict;
    const dom::Document da = dom::Document::parse(a), db = dom::Document::parse(b);
    const ted::Tree ta = ted::dom_tree(da.body(), dict), tb = ted::dom_tree(db.body(), dict);
    INFO(a << "\n---\n" << b);
    CHECK(s.values[1] == Approx(teds_reference(ta, tb)).epsilon(1e-12));
  }
  // Not both markup: no element score.
  metrics::DocPair plain("plain text", "<p>x</p>");
  CHECK(std::isnan(m.score(plain).values[1]));
}

TEST_CASE("plain-text view: CleanEval form by its markers, HTML by its tags", "[metrics][plain_text]") {
  using metrics::markup_to_text;
  // detour's outputs: a "<The Palace>" inside a paragraph is text.
  auto ce = markup_to_text("<p>Watch <The Palace: Tale>  now &amp; then\n<h>Title\n\n<l>item\t one\n");
  CHECK(ce.text == "Watch <The Palace: Tale> now & then\nTitle\nitem one");  // references decoded
  CHECK(ce.line_kinds == std::vector<char>{'p', 'h', 'l'});
  // HTML: block tags are lines, other tags spaces, references decoded, head and
  // scripts dropped (as scripts/bench_metrics/make_pairs.py converts).
  auto h = markup_to_text(
      "<html><head><title>T</title></head><body><h1>Big</h1><p>a <b>b</b>&amp;c&#233;&nbsp;d</p>"
      "<script>x<y</script><li>e</li><!-- c --></body></html>");
  CHECK(h.text == "Big\na b &c\xC3\xA9\xC2\xA0" "d\ne");
  CHECK(h.line_kinds == std::vector<char>{'h', 'p', 'l'});
  CHECK(metrics::is_cleaneval_form("<p>a\n<H>b\n"));
  CHECK_FALSE(metrics::is_cleaneval_form("<html><p>a"));
  CHECK_FALSE(metrics::is_cleaneval_form("URL: x\n<p>a"));
}
