// Tests of the tree edit distance kernels and pq-grams (kernels/tree_edit).
#include <catch2/catch.hpp>

#include <random>

#include "kernels/tree_edit/pq_gram.h"
#include "html/dom_tree.h"
#include "kernels/tree_edit/ted.h"
#include "reference/zhang_shasha.h"

using namespace detour::ted;

namespace {

// Random tree of n nodes with labels in [0, alphabet), in one of several shapes.
Tree random_tree(std::mt19937_64& rng, int n, int alphabet, int shape) {
  std::vector<std::int32_t> labels(n), parents(n);
  for (int i = 0; i < n; ++i) {
    labels[i] = static_cast<std::int32_t>(rng() % alphabet);
    if (i == 0) {
      parents[i] = -1;
      continue;
    }
    switch (shape) {
      case 0: parents[i] = static_cast<std::int32_t>(rng() % i); break;             // random
      case 1: parents[i] = i - 1; break;                                            // chain
      case 2: parents[i] = 0; break;                                                // wide
      case 3: parents[i] = std::max(0, i - 1 - static_cast<int>(rng() % 3)); break;  // deep
      case 4: parents[i] = (i % 2) ? std::max(0, i - 2) : i - 1; break;             // caterpillar
      default: parents[i] = static_cast<std::int32_t>(i - 1 - rng() % std::min(i, 8));  // DOM-like
    }
    // Preorder validity: a node's parent must be on the path of the previous node.
    // Re-route to the nearest ancestor-or-self of i-1 that is >= the chosen parent.
    int a = i - 1;
    while (a > parents[i]) a = parents[a];
    parents[i] = a;
  }
  return Tree::from_preorder(labels, parents);
}

// A copy of t with `edits` random unit edits (rename, delete a non-root node lifting
// its children, insert a leaf), so the distance is at most `edits`.
Tree mutate(std::mt19937_64& rng, const Tree& t, int edits, int alphabet) {
  std::vector<std::int32_t> labels, parents;
  t.to_preorder(labels, parents);
  for (int e = 0; e < edits; ++e) {
    const int n = static_cast<int>(labels.size());
    const int op = static_cast<int>(rng() % 3);
    const int v = static_cast<int>(rng() % n);
    if (op == 0) {
      labels[v] = static_cast<std::int32_t>(rng() % alphabet);
    } else if (op == 1 && v > 0) {  // delete v: its children go to v's parent, in place
      for (int i = v + 1; i < n; ++i) {
        if (parents[i] == v) parents[i] = parents[v];
        else if (parents[i] > v) --parents[i];
      }
      labels.erase(labels.begin() + v);
      parents.erase(parents.begin() + v);
    } else {  // insert a new first child of v
      for (auto& p : parents)
        if (p > v) ++p;
      labels.insert(labels.begin() + v + 1, static_cast<std::int32_t>(rng() % alphabet));
      parents.insert(parents.begin() + v + 1, v);
    }
  }
  return Tree::from_preorder(labels, parents);
}

}  // namespace

TEST_CASE("bracket notation round-trips and rejects bad input", "[ted]") {
  LabelDict d;
  Tree t = parse_bracket("{a{b}{c{d}{e\\}}}}", d);
  REQUIRE(t.n() == 5);
  CHECK(to_bracket(t, d) == "{a{b}{c{d}{e\\}}}}");
  CHECK(t.label[t.n() - 1] == d.id("a"));
  CHECK(t.lld[t.n() - 1] == 0);
  CHECK(to_bracket(t.mirrored(), d) == "{a{c{e\\}}{d}}{b}}");
  CHECK(to_bracket(t.preorder_prefix(3), d) == "{a{b}{c}}");
  CHECK(parse_bracket("", d).empty());
  CHECK_THROWS_AS(parse_bracket("{a", d), TreeError);
  CHECK_THROWS_AS(parse_bracket("{a}}", d), TreeError);
  CHECK_THROWS_AS(parse_bracket("{a}{b}", d), TreeError);
  CHECK_THROWS_AS(parse_bracket("x", d), TreeError);
}

TEST_CASE("tree edit distance on known pairs", "[ted]") {
  LabelDict d;
  // Zhang & Shasha's example: distance 2 (delete c, insert c above b... rename pair).
  Tree f = parse_bracket("{f{d{a}{c{b}}}{e}}", d);
  Tree g = parse_bracket("{f{c{d{a}{b}}}{e}}", d);
  CHECK(ted_zhang_shasha(f, g) == 2);
  CHECK(ted(f, g) == 2);
  Tree e = parse_bracket("", d);
  CHECK(ted(e, g) == g.n());
  CHECK(ted(f, e) == f.n());
  CHECK(ted(e, e) == 0);
  CHECK(ted(f, f) == 0);
  CHECK(ted(parse_bracket("{a}", d), parse_bracket("{b}", d)) == 1);
  CHECK(ted(parse_bracket("{a{b}{c}}", d), parse_bracket("{a{c}{b}}", d)) == 2);
  // A chain against a star: ancestry must be kept, so only a and one child match.
  CHECK(ted(parse_bracket("{a{b{c{d}}}}", d), parse_bracket("{a{b}{c}{d}}", d)) == 4);
  CHECK(ted_zhang_shasha(parse_bracket("{a{b{c{d}}}}", d), parse_bracket("{a{b}{c}{d}}", d)) == 4);
  // A distance is 0 only for equal trees, and never exceeds |F| + |G|.
  CHECK(ted(parse_bracket("{a{b}}", d), parse_bracket("{a{b}{b}}", d)) == 1);
}

TEST_CASE("fast tree edit distance equals Zhang-Shasha on random trees", "[ted][slow]") {
  std::mt19937_64 rng(20151215);
  int cases = 0, right = 0;
  for (int round = 0; round < 3000; ++round) {
    const int shape_f = static_cast<int>(rng() % 6), shape_g = static_cast<int>(rng() % 6);
    // Mostly small trees, some up to 200 nodes.
    auto size = [&] {
      int r = static_cast<int>(rng() % 100);
      return r < 80 ? 1 + static_cast<int>(rng() % 40) : 1 + static_cast<int>(rng() % 200);
    };
    const int alphabet = 1 + static_cast<int>(rng() % 4);
    Tree f = random_tree(rng, size(), alphabet, shape_f);
    Tree g = random_tree(rng, size(), alphabet, shape_g);
    TedStats st;
    const int fast = ted(f, g, &st);
    const int ref = ted_zhang_shasha(f, g);
    if (fast != ref) {
      LabelDict d;
      for (int i = 0; i < 4; ++i) d.id(std::string(1, char('a' + i)));
      FAIL("mismatch fast=" << fast << " ref=" << ref << "\nF=" << to_bracket(f, d) << "\nG=" << to_bracket(g, d));
    }
    // Symmetry and mirror invariance.
    REQUIRE(ted(g, f) == ref);
    REQUIRE(ted_zhang_shasha(f.mirrored(), g.mirrored()) == ref);
    right += st.strategy == 'R';
    ++cases;
  }
  INFO("right-path strategy chosen in " << right << " cases");
  CHECK(cases == 3000);
  CHECK(right > 0);  // both strategies were exercised
  CHECK(right < cases);
}

TEST_CASE("bounded tree edit distance is min(TED, k + 1) on random trees", "[ted][slow]") {
  std::mt19937_64 rng(4242);
  for (int round = 0; round < 2000; ++round) {
    const int alphabet = 1 + static_cast<int>(rng() % 4);
    Tree f = random_tree(rng, 1 + static_cast<int>(rng() % 60), alphabet, static_cast<int>(rng() % 6));
    // Half the pairs are unrelated, half are a few edits apart (small distances).
    Tree g = (round % 2) ? random_tree(rng, 1 + static_cast<int>(rng() % 60), alphabet, static_cast<int>(rng() % 6))
                         : mutate(rng, f, static_cast<int>(rng() % 8), alphabet);
    const int ref = ted_zhang_shasha(f, g);
    for (int k : {0, 1, 2, 3, 5, 8, 13, static_cast<int>(rng() % 70)}) {
      TedStats st;
      const int b = ted_bounded(f, g, k, &st);
      if (b != std::min(ref, k + 1)) {
        LabelDict d;
        for (int i = 0; i < 4; ++i) d.id(std::string(1, char('a' + i)));
        FAIL("k=" << k << " bounded=" << b << " ref=" << ref << "\nF=" << to_bracket(f, d)
                  << "\nG=" << to_bracket(g, d));
      }
      REQUIRE(ted_bounded(g, f, k) == b);
      REQUIRE(ted_bounded(f.mirrored(), g.mirrored(), k) == b);
    }
  }
  LabelDict d;
  CHECK(ted_bounded(Tree{}, parse_bracket("{a{b}}", d), 0) == 1);
  CHECK(ted_bounded(Tree{}, parse_bracket("{a{b}}", d), 5) == 2);
  CHECK_THROWS_AS(ted_bounded(Tree{}, Tree{}, -1), TreeError);
  CHECK_THROWS_AS(ted_bounded(Tree{}, Tree{}, 32000), TreeError);
}

TEST_CASE("fast tree edit distance on similar trees (banded runs) equals Zhang-Shasha", "[ted][slow]") {
  std::mt19937_64 rng(31337);
  int banded = 0, grown = 0, full = 0;
  for (int round = 0; round < 200; ++round) {
    const int alphabet = 2 + static_cast<int>(rng() % 6);
    const int shape_f = static_cast<int>(rng() % 6);
    Tree f = random_tree(rng, 40 + static_cast<int>(rng() % 200), alphabet, shape_f);
    // Distances from 0 to ~100: some answered by the first band (k = 16), some after
    // growing k, some by the full run.
    const int edits = (round % 4 == 3) ? static_cast<int>(rng() % 120) : static_cast<int>(rng() % 30);
    Tree g = mutate(rng, f, edits, alphabet);
    TedStats st;
    const int fast = ted(f, g, &st);
    const int ref = ted_zhang_shasha(f, g);
    if (fast != ref) {
      LabelDict d;
      for (int i = 0; i < 8; ++i) d.id(std::string(1, char('a' + i)));
      FAIL("mismatch fast=" << fast << " ref=" << ref << " band=" << st.band << " runs=" << st.band_runs
                            << "\nF=" << to_bracket(f, d) << "\nG=" << to_bracket(g, d));
    }
    REQUIRE(ted(g, f) == ref);
    banded += st.band > 0;
    grown += st.band > 0 && st.band_runs > 1;
    full += st.band == 0;
  }
  INFO("banded " << banded << " (grown " << grown << "), full " << full);
  CHECK(banded > 0);
  CHECK(full > 0);
  // Larger random trees 20..60 edits apart: the first band (k = 16) is too narrow, so
  // k grows before the answer is found.
  for (int round = 0; round < 3; ++round) {
    Tree f = random_tree(rng, 1000, 6, 0);
    Tree g = mutate(rng, f, 30 + 10 * round, 6);
    TedStats st;
    const int fast = ted(f, g, &st);
    CHECK(fast == ted_zhang_shasha(f, g));
    CHECK(fast > 16);
    CHECK(st.band > 16);
    CHECK(st.band_runs > 1);
    grown += st.band_runs > 1;
  }
  CHECK(grown >= 3);
}

TEST_CASE("fast tree edit distance uses 32-bit cells on large trees", "[ted]") {
  std::mt19937_64 rng(7);
  // |F| + |G| >= 65535 switches the cell type; a chain and a star keep it quick.
  Tree f = random_tree(rng, 65600, 2, 1);
  Tree g = random_tree(rng, 12, 2, 2);
  TedStats st;
  int d = ted(f, g, &st);
  // A chain against a star: all but two of g's nodes must be inserted or matched,
  // at most 2 of the chain's nodes map to the star; everything else is deleted.
  CHECK(d >= 65600 - 2 + 12 - 2);
  CHECK(d <= 65600 - 2 + 12 - 2 + 2);
  CHECK(d == ted_zhang_shasha(f.preorder_prefix(65600), g));
  CHECK(st.bytes >= static_cast<std::size_t>(65600) * 12 * 4);
  CHECK_THROWS_AS(ted(f, g, nullptr, 1000), TreeError);
}

TEST_CASE("pq-gram profiles and distance", "[ted][pqgram]") {
  LabelDict d;
  Tree a = parse_bracket("{a{b}{c}}", d);
  // p=2, q=3: root a has children b c -> windows over (*,*,b,c,*,*): 4 grams; each
  // leaf has one all-null window: 2 more.
  CHECK(pq_profile(a).grams.size() == 6);
  // p=1,q=1: one gram per child plus one per leaf.
  CHECK(pq_profile(a, {1, 1}).grams.size() == 4);
  CHECK(pq_distance(pq_profile(a), pq_profile(a)) == 0.0);
  Tree z = parse_bracket("{x{y}{z}}", d);
  CHECK(pq_distance(pq_profile(a), pq_profile(z)) == 1.0);
  Tree a2 = parse_bracket("{a{b}{c}{d}}", d);
  double dist = pq_distance(pq_profile(a), pq_profile(a2));
  CHECK(dist > 0.0);
  CHECK(dist < 1.0);
  CHECK(dist == pq_distance(pq_profile(a2), pq_profile(a)));
  // a: (*a,**b)(*a,*bc)(*a,bc*)(*a,c**)(ab,***)(ac,***);
  // a2: (*a,**b)(*a,*bc)(*a,bcd)(*a,cd*)(*a,d**)(ab,***)(ac,***)(ad,***): common 4.
  CHECK(dist == Approx(1.0 - 2.0 * 4 / 14));
  CHECK(pq_distance(pq_profile(Tree{}), pq_profile(Tree{})) == 0.0);
  CHECK_THROWS(pq_profile(a, {0, 3}));
}
