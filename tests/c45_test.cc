// Tests of the C4.5 learner, the Lutz (2013) node features and labels, and the C45
// extractor on small hand-made data (no shared data needed).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "extractors/c45/c45.h"
#include "tests/c45_tree_reference.h"

using namespace detour;
using namespace detour::c45;

namespace {

Dataset one_feature(const std::vector<std::pair<float, int>>& pts) {
  Dataset d;
  d.features = 1;
  for (auto [x, c] : pts) d.add(std::vector<float>{x}, c);
  return d;
}

// The pessimistic estimate of every internal node must exceed its leaf estimate
// by more than 0.1 after pruning (else C4.5 would have replaced it).
double check_pruned(const Tree& t, int i, double cf) {
  const TreeNode& n = t.nodes()[i];
  double leaf = n.errors + added_errors(n.weight, n.errors, cf);
  if (n.feature < 0) return leaf;
  double sub = check_pruned(t, n.left, cf) + check_pruned(t, n.right, cf);
  CHECK(leaf > sub + 0.1);
  return sub;
}

}  // namespace

TEST_CASE("C4.5 confidence bound matches Quinlan's worked values", "[c45]") {
  CHECK(normal_upper_quantile(0.25) == Approx(0.6745).margin(1e-4));
  CHECK(normal_upper_quantile(0.025) == Approx(1.95996).margin(1e-4));
  // U_25%(0, 6) = 0.206 (Quinlan 1993, ch. 4): 6 * 0.206 added errors.
  CHECK(added_errors(6, 0, 0.25) == Approx(6 * (1 - std::pow(0.25, 1.0 / 6))));
  CHECK(added_errors(6, 0, 0.25) / 6 == Approx(0.206).margin(0.001));
  // U_25%(1, 16) = 0.157 (ibid.), normal approximation.
  CHECK((1 + added_errors(16, 1, 0.25)) / 16 == Approx(0.157).margin(0.005));
  // E + 0.5 >= N: the bound is N.
  CHECK(added_errors(4, 4, 0.25) == Approx(0));
}

TEST_CASE("C4.5 finds the midpoint threshold on one feature", "[c45]") {
  Dataset d = one_feature({{1, 0}, {2, 0}, {3, 0}, {4, 1}, {5, 1}, {6, 1}});
  Tree t = Tree::train(d);
  REQUIRE(t.nodes().size() == 3);
  CHECK(t.nodes()[0].feature == 0);
  CHECK(t.nodes()[0].threshold == Approx(3.5));
  CHECK(t.classify(std::vector<float>{3.4f}) == 0);
  CHECK(t.classify(std::vector<float>{3.6f}) == 1);
  // Pure data: a single leaf.
  Tree pure = Tree::train(one_feature({{1, 1}, {2, 1}, {3, 1}}));
  CHECK(pure.nodes().size() == 1);
  CHECK(pure.classify(std::vector<float>{0}) == 1);
}

TEST_CASE("C4.5 respects the minimum of 2 instances per leaf", "[c45]") {
  // A lone class-1 instance at the end cannot be split off (its side would weigh 1):
  // the best valid split is {1,2,3} | {4,5}, whose right leaf keeps one error.
  TreeSettings grow;
  grow.prune = false;
  Tree t = Tree::train(one_feature({{1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 1}}), grow);
  for (const auto& n : t.nodes())
    if (n.feature < 0) CHECK(n.weight >= 2);
  CHECK(t.classify(std::vector<float>{5}) == 0);
  // Three instances weigh less than 2 * min_leaf: a leaf.
  CHECK(Tree::train(one_feature({{1, 0}, {2, 1}, {3, 0}}), grow).nodes().size() == 1);
}

TEST_CASE("C4.5 learns a known two-feature conjunction", "[c45]") {
  // class = x0 > 5 and x1 > 2, on a grid: the tree is exactly two splits, three leaves.
  Dataset d;
  d.features = 2;
  for (int a = 0; a <= 10; ++a)
    for (int b = 0; b <= 4; ++b) d.add(std::vector<float>{float(a), float(b)}, (a > 5 && b > 2) ? 1 : 0);
  Tree t = Tree::train(d);
  CHECK(t.leaves() == 3);
  CHECK(t.depth() == 2);
  for (int a = 0; a <= 10; ++a)
    for (int b = 0; b <= 4; ++b) CHECK(t.classify(std::vector<float>{float(a), float(b)}) == ((a > 5 && b > 2) ? 1 : 0));
  // Thresholds are midpoints: 5.5 on x0, 2.5 on x1.
  for (const auto& n : t.nodes()) {
    if (n.feature == 0) CHECK(n.threshold == Approx(5.5));
    if (n.feature == 1) CHECK(n.threshold == Approx(2.5));
  }
}

TEST_CASE("C4.5 prefers the feature with the best gain ratio among above-average gains", "[c45]") {
  // Feature 0 separates perfectly; feature 1 is noise; feature 2 separates perfectly too
  // but only after one isolated split. The root must split on feature 0.
  Dataset d;
  d.features = 2;
  std::mt19937 rng(3);
  for (int i = 0; i < 200; ++i) {
    int c = i % 2;
    d.add(std::vector<float>{float(c * 10 + (i % 7)), float(rng() % 100)}, c);
  }
  Tree t = Tree::train(d);
  CHECK(t.nodes()[0].feature == 0);
  CHECK(t.leaves() == 2);
}

TEST_CASE("C4.5 separates a synthetic set and generalises", "[c45]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(0, 1);
  auto label = [](float a, float b, float c) { return (a > 0.3f && b < 0.6f) || c > 0.9f ? 1 : 0; };
  Dataset train;
  train.features = 3;
  for (int i = 0; i < 3000; ++i) {
    float a = u(rng), b = u(rng), c = u(rng);
    train.add(std::vector<float>{a, b, c}, label(a, b, c));
  }
  Tree t = Tree::train(train);
  int ok = 0, n = 2000;
  for (int i = 0; i < n; ++i) {
    float a = u(rng), b = u(rng), c = u(rng);
    ok += t.classify(std::vector<float>{a, b, c}) == label(a, b, c);
  }
  CHECK(ok > 0.98 * n);
  CHECK(t.leaves() <= 8);
}

TEST_CASE("C4.5 pruning collapses trees grown on label noise", "[c45]") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(0, 1);
  Dataset d;
  d.features = 2;
  for (int i = 0; i < 2000; ++i) d.add(std::vector<float>{u(rng), u(rng)}, u(rng) < 0.2f ? 1 : 0);
  TreeSettings grow, prune;
  grow.prune = false;
  grow.mdl_penalty = prune.mdl_penalty = false;  // the release-8 penalty alone stops most of it
  Tree grown = Tree::train(d, grow);
  Tree pruned = Tree::train(d, prune);
  CHECK(Tree::train(d).leaves() <= pruned.leaves());
  CHECK(grown.leaves() > 10);
  CHECK(pruned.leaves() * 4 < grown.leaves());
  check_pruned(pruned, 0, 0.25);
  // Pruning never changes the root's training distribution.
  CHECK(pruned.nodes()[0].weight == Approx(2000));
}

TEST_CASE("C4.5 instance weights act as duplicated instances", "[c45]") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(0, 1);
  Dataset dup, weighted;
  dup.features = weighted.features = 2;
  for (int i = 0; i < 400; ++i) {
    float a = u(rng), b = u(rng);
    int c = (a + 0.3f * b > 0.6f) != (u(rng) < 0.1f);
    int times = 1 + (i % 3);
    for (int k = 0; k < times; ++k) dup.add(std::vector<float>{a, b}, c);
    weighted.add(std::vector<float>{a, b}, c, times);
  }
  Tree a = Tree::train(dup), b = Tree::train(weighted);
  REQUIRE(a.nodes().size() == b.nodes().size());
  for (std::size_t i = 0; i < a.nodes().size(); ++i) {
    CHECK(a.nodes()[i].feature == b.nodes()[i].feature);
    CHECK(a.nodes()[i].threshold == b.nodes()[i].threshold);
    CHECK(a.nodes()[i].weight == Approx(b.nodes()[i].weight));
  }
}

TEST_CASE("C4.5 grows exactly the tree of the reference learner", "[c45]") {
  // Tree::train reads presorted (value, instance) lists and a table of x log2 x for
  // whole-number weights; the reference sorts indices and calls log2 each time. Same
  // nodes to the bit, whatever the ties, weights, classes and settings.
  std::mt19937 rng(11);
  int compared = 0, split_nodes = 0;
  for (int round = 0; round < 60; ++round) {
    Dataset d;
    d.features = 1 + round % 5;
    d.classes = 2 + round % 3;
    const int n = 50 + static_cast<int>(rng() % 900);
    const int levels = round % 4 == 0 ? 4 : round % 4 == 1 ? 40 : 1 << 20;  // many ties or few
    const int weights = round % 3;  // 0: none, 1: whole (1 or 3), 2: fractional
    std::uniform_int_distribution<int> val(0, levels - 1);
    for (int i = 0; i < n; ++i) {
      std::vector<float> row(d.features);
      float s = 0;
      for (auto& v : row) s += v = static_cast<float>(val(rng)) / static_cast<float>(levels) - (round % 7 == 0 ? 0.5f : 0.f);
      int c = static_cast<int>((s > 0.5f * d.features * 0.5f) + (rng() % 10 == 0)) % d.classes;
      if (rng() % 7 == 0) c = static_cast<int>(rng() % d.classes);
      const double w = weights == 0 ? 1.0 : weights == 1 ? (c ? 3.0 : 1.0) : 0.25 + (rng() % 100) / 37.0;
      d.add(row, c, w);
    }
    TreeSettings st;
    st.prune = round % 2 == 0;
    st.mdl_penalty = round % 5 != 3;
    st.min_leaf = round % 6 == 5 ? 7.0 : 2.0;
    if (round % 9 == 4) st.max_depth = 3;
    const Tree fast = Tree::train(d, st), ref = reference::train_reference(d, st);
    REQUIRE(fast.nodes().size() == ref.nodes().size());
    for (std::size_t i = 0; i < ref.nodes().size(); ++i) {
      const TreeNode &a = fast.nodes()[i], &b = ref.nodes()[i];
      INFO("round " << round << " node " << i);
      CHECK(a.feature == b.feature);
      CHECK(std::memcmp(&a.threshold, &b.threshold, sizeof a.threshold) == 0);
      CHECK(a.left == b.left);
      CHECK(a.right == b.right);
      CHECK(a.cls == b.cls);
      CHECK(std::memcmp(&a.weight, &b.weight, sizeof a.weight) == 0);
      CHECK(std::memcmp(&a.errors, &b.errors, sizeof a.errors) == 0);
      split_nodes += a.feature >= 0;
    }
    ++compared;
  }
  CHECK(compared == 60);
  CHECK(split_nodes > 300);  // the comparison covers real trees, not stumps
}

TEST_CASE("C4.5 rejects inconsistent data sets", "[c45]") {
  Dataset d;
  d.features = 2;
  CHECK_THROWS_AS(d.add(std::vector<float>{1}, 0), std::invalid_argument);
  CHECK_THROWS_AS(d.add(std::vector<float>{1, 2}, 5), std::invalid_argument);
  d.add(std::vector<float>{1, 2}, 0);
  d.add(std::vector<float>{NAN, 2}, 1);
  CHECK_THROWS_AS(Tree::train(d), std::invalid_argument);
  Dataset empty;
  empty.features = 3;
  CHECK(Tree::train(empty).empty());
}

TEST_CASE("C45 tokens, query terms, sites and folds", "[c45]") {
  CHECK(tokenize("Hello, world! 北京市 ok") ==
        std::vector<std::string>{"Hello", ",", "world", "!", "北", "京", "市", "ok"});
  CHECK(lower("ÀÉÎ Straße ΣΟΦΙΑ") == "àéî straße σοφια");
  Page p = html::make_page("20120101_www.example.com_abc",
                           "<html><head><title>The Budget vote - Example News</title></head><body></body></html>", "en");
  p.url = "http://www.example.com/politics/budget-vote.html";
  QueryTerms t = query_terms(p, nullptr);
  CHECK(t.count("budget"));
  CHECK(t.count("vote"));
  CHECK(t.count("politics"));
  CHECK(t.count("example"));
  CHECK_FALSE(t.count("www"));
  CHECK_FALSE(t.count("html"));
  CHECK_FALSE(t.count("-"));
  Page daniel;
  daniel.id = "20111215_news.stv.tv_3868f9";
  CHECK(fold_key(daniel) == "news.stv.tv");
  Page plain;
  plain.id = "plain";
  CHECK(fold_key(plain) == "plain");
  plain.url = "http://Example.org/x";
  CHECK(fold_key(plain) == "example.org");
  for (int k = 0; k < 20; ++k) CHECK(fold_of("site" + std::to_string(k), 5) == fold_of("site" + std::to_string(k), 5));
  CHECK(fold_of("a", 5) >= 0);
  CHECK(fold_of("a", 5) < 5);
}

TEST_CASE("C45 node features and gold labels on a small page", "[c45]") {
  Page p = html::make_page("20120101_s_h",
                           "<html><head><title>budget vote</title></head><body>"
                           "<div id=nav><a href=/>Home</a> <a href=/x>News</a></div>"
                           "<div id=main><h1>Budget vote today</h1><p>The budget was voted by the house.</p>"
                           "<p>More on the <b>budget</b> soon.</p></div>"
                           "<script>var budget = 1;</script></body></html>",
                           "en");
  QueryTerms terms = query_terms(p, nullptr);
  PageNodes n = compute_nodes(p, terms, true);
  // body, div#nav, a, a, div#main, h1, p, p, b (the script is left out).
  REQUIRE(n.elements.size() == 9);
  CHECK(n.elements[0].node->tag == "body");
  CHECK(n.elements[0].depth == 0);
  const NodeElement& main = n.elements[4];
  CHECK(main.node->attr_or("id") == "main");
  CHECK(main.depth == 1);
  CHECK(main.f[kDepth] == 1);
  CHECK(main.f[kDirectMatches] == 0);
  const NodeElement& h1 = n.elements[5];
  CHECK(h1.f[kDirectMatches] == 2);   // Budget, vote
  const NodeElement& p2 = n.elements[7];
  CHECK(p2.f[kDirectMatches] == 0);
  CHECK(p2.f[kQueryScore] == Approx(0.5));  // "budget" in <b>, two levels down
  // main: h1 text 2 matches at depth 2, p1 1 match at depth 2, b 1 match at depth 3.
  CHECK(main.f[kQueryScore] == Approx(2.0 / 2 + 1.0 / 2 + 1.0 / 3));
  CHECK(n.elements[0].f[kQueryScore] == Approx(2.0 / 3 + 1.0 / 3 + 1.0 / 4));
  CHECK(main.f[kCTD] > 0);
  CHECK(main.tokens == 3 + 8 + 6);

  label_nodes(n, "<h>Budget vote today\n<p>The budget was voted by the house.\n<p>More on the budget soon.\n");
  CHECK(n.elements[0].label == 1);  // most of the body's tokens are content
  CHECK(n.elements[1].label == 0);  // nav
  CHECK(n.elements[2].label == 0);
  CHECK(main.label == 1);
  CHECK(h1.label == 1);
  CHECK(n.elements[8].label == 1);  // <b>budget</b>
  for (const NodeText& t : n.texts)
    if (t.node->text == "Home") CHECK_FALSE(t.content);
}

TEST_CASE("C45 extractor learns article text from a synthetic site corpus", "[c45]") {
  std::vector<Page> pages;
  std::vector<std::string> golds;
  std::mt19937 rng(1);
  const char* words[] = {"alpha", "beta", "gamma", "delta", "river", "mountain", "city", "people", "council",
                         "report", "market", "school"};
  for (int i = 0; i < 40; ++i) {
    std::string nav = "<ul>";
    for (int k = 0; k < 6; ++k) nav += "<li><a href=/s" + std::to_string(k) + ">Section " + std::to_string(k) + "</a></li>";
    nav += "</ul>";
    std::string body, gold = "<h>Story " + std::to_string(i) + "\n";
    body = "<h1>Story " + std::to_string(i) + "</h1>";
    for (int para = 0; para < 4; ++para) {
      std::string text;
      for (int w = 0; w < 30; ++w) text += std::string(words[rng() % 12]) + (w % 9 == 8 ? ". " : " ");
      body += "<p>" + text + "</p>";
      gold += "<p>" + text + "\n";
    }
    std::string html = "<html><head><title>Story " + std::to_string(i) + "</title></head><body><div>" + nav +
                       "</div><div class=story>" + body + "</div><div class=foot><a href=/c>Contact</a> | "
                       "<a href=/p>Privacy</a> | <a href=/t>Terms of use</a></div></body></html>";
    pages.push_back(html::make_page("20120101_site" + std::to_string(i % 10) + ".com_h" + std::to_string(i), html, "en"));
    golds.push_back(gold);
  }
  CorpusContext ctx;
  for (std::size_t i = 0; i < pages.size(); ++i) ctx.entries.push_back({&pages[i], golds[i], {}, {}, {}});
  C45Settings no_stop;
  no_stop.stopwords = false;
  auto ex = make_extractor(no_stop);
  CHECK(ex->needs_corpus());
  CHECK_THROWS_AS(ex->extract(pages[0]), ExtractError);
  ex->prepare(ctx);
  for (std::size_t i = 0; i < pages.size(); i += 7) {
    Extraction e = ex->extract(pages[i]);
    CHECK(e.notes.at("fold") == std::to_string(fold_of(fold_key(pages[i]), 5)));
    std::string text = render_text(e.segments);
    CHECK(text.find("Privacy") == std::string::npos);
    CHECK(text.find("Section 3") == std::string::npos);
    REQUIRE(e.segments.size() == 5);
    CHECK(e.segments[0].kind == SegmentKind::Heading);
    CHECK(e.segments[0].text == "Story " + std::to_string(i));
    CHECK(e.segments[1].kind == SegmentKind::Paragraph);
  }
  // The node report runs on the same data.
  auto reports = evaluate(label_corpus(ctx, no_stop), 42);
  REQUIRE(reports.size() == 2);
  for (const auto& r : reports) {
    CHECK(r.test_nodes > 0);
    CHECK(r.weighted_f1 > 0.9);
  }
  CHECK(format_reports(reports).find("content->noise") != std::string::npos);
  // Under train_pages (2000 by default) every page with gold trains, and the signature
  // is the default one.
  CHECK(ex->signature().find("train_pages") == std::string::npos);
  CHECK(ex->start_learning(ctx).size() == pages.size());

  // Over it: a seeded sample of train_pages pages trains (the same for the same seed,
  // another for another), named in the signature; every page is still classified.
  C45Settings bounded = no_stop;
  bounded.train_pages = 12;
  auto sampled = make_extractor(bounded);
  const std::vector<std::size_t> chosen = sampled->start_learning(ctx);
  CHECK(chosen.size() == 12);
  CHECK(std::is_sorted(chosen.begin(), chosen.end()));
  CHECK(make_extractor(bounded)->start_learning(ctx) == chosen);
  CorpusContext reseeded = ctx;
  reseeded.seed = 7;
  CHECK(make_extractor(bounded)->start_learning(reseeded) != chosen);
  sampled->prepare(ctx);
  CHECK(sampled->signature().find("|train_pages:12 of 40 seed 42|") != std::string::npos);
  for (std::size_t i = 0; i < pages.size(); i += 7) {
    const std::string text = render_text(sampled->extract(pages[i]).segments);
    CHECK(text.find("Story " + std::to_string(i)) != std::string::npos);
    CHECK(text.find("Privacy") == std::string::npos);
  }
  auto restored = make_extractor(bounded);
  CorpusContext light;
  restored->restore_prepared(sampled->save_prepared(), light);
  CHECK(restored->signature() == sampled->signature());
  // A non-default bound is in the signature even when the corpus is under it.
  C45Settings roomy = no_stop;
  roomy.train_pages = 5000;
  auto under = make_extractor(roomy);
  under->prepare(ctx);
  CHECK(under->signature().find("|train_pages:5000|") != std::string::npos);
}
