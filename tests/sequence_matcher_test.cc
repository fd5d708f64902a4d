// Tests of kernels/sequence_matcher: hand-made cases whose expected values were
// produced by Python 3.11's difflib, and a differential test that runs thousands of
// seeded random pairs through scripts/difflib_oracle.py (Python's own difflib) and
// requires identical opcodes from both the fast and the reference matcher.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <iostream>
#include <map>
#include <thread>
#include <vector>

#include "kernels/sequence_matcher.h"
#include "reference/sequence_matcher_reference.h"
#include "tests/test_util.h"

namespace {

using detour::metrics::MatchBlock;
using detour::metrics::Opcode;
using detour::metrics::OpTag;
using Seq = std::vector<std::int32_t>;
namespace ref = detour::metrics::reference;

Seq chars(std::string_view s) { return Seq(s.begin(), s.end()); }

Seq repeat(std::int32_t t, int n) { return Seq(static_cast<std::size_t>(n), t); }

Seq cat(Seq x, const Seq& y) {
  x.insert(x.end(), y.begin(), y.end());
  return x;
}

std::string show(const std::vector<Opcode>& ops) {
  std::string s;
  for (const Opcode& o : ops) {
    s += std::string(detour::metrics::op_name(o.tag)) + "(" + std::to_string(o.i1) + "," +
         std::to_string(o.i2) + "," + std::to_string(o.j1) + "," + std::to_string(o.j2) + ") ";
  }
  return s;
}

// Both matchers must give `expected`.
void expect_opcodes(const Seq& a, const Seq& b, bool autojunk, const std::vector<Opcode>& expected) {
  detour::metrics::SequenceMatcher fast(a, b, autojunk);
  ref::SequenceMatcher slow(a, b, autojunk);
  INFO("autojunk=" << autojunk << " expected " << show(expected));
  CHECK(show(fast.get_opcodes()) == show(expected));
  CHECK(show(slow.get_opcodes()) == show(expected));
}

constexpr OpTag E = OpTag::Equal, R = OpTag::Replace, D = OpTag::Delete, I = OpTag::Insert;

}  // namespace

TEST_CASE("matcher: empty sequences", "[matcher]") {
  for (bool aj : {true, false}) {
    expect_opcodes({}, {}, aj, {});
    expect_opcodes({1, 2}, {}, aj, {{D, 0, 2, 0, 0}});
    expect_opcodes({}, {7}, aj, {{I, 0, 0, 0, 1}});
    detour::metrics::SequenceMatcher m(Seq{}, Seq{}, aj);
    CHECK(m.get_matching_blocks() == std::vector<MatchBlock>{{0, 0, 0}});
  }
}

TEST_CASE("matcher: difflib docstring examples", "[matcher]") {
  expect_opcodes(chars("qabxcd"), chars("abycdf"), true,
                 {{D, 0, 1, 0, 0}, {E, 1, 3, 0, 2}, {R, 3, 4, 2, 3}, {E, 4, 6, 3, 5}, {I, 6, 6, 5, 6}});
  Seq a = chars(" abcd"), b = chars("abcd abcd");
  CHECK(detour::metrics::SequenceMatcher(a, b).find_longest_match(0, 5, 0, 9) == MatchBlock{0, 4, 5});
  CHECK(ref::SequenceMatcher(a, b).find_longest_match(0, 5, 0, 9) == MatchBlock{0, 4, 5});
  CHECK(detour::metrics::SequenceMatcher(chars("ab"), chars("c")).find_longest_match(0, 2, 0, 1) ==
        MatchBlock{0, 0, 0});
  std::vector<MatchBlock> blocks{{0, 0, 2}, {3, 2, 2}, {5, 4, 0}};
  CHECK(detour::metrics::SequenceMatcher(chars("abxcd"), chars("abcd")).get_matching_blocks() == blocks);
  CHECK(ref::SequenceMatcher(chars("abxcd"), chars("abcd")).get_matching_blocks() == blocks);
}

TEST_CASE("matcher: popular elements at the len(b) 199/200 boundary", "[matcher]") {
  const Seq a = cat(repeat(0, 10), {1});
  // len(b) == 200: 0 occurs 199 > 200/100 + 1 times, so it is popular and cannot
  // start a match; only the lone 1 matches.
  const Seq b200 = cat({1}, repeat(0, 199));
  expect_opcodes(a, b200, true, {{D, 0, 10, 0, 0}, {E, 10, 11, 0, 1}, {I, 11, 11, 1, 200}});
  CHECK(detour::metrics::SequenceMatcher(a, b200, true).popular_count() == 1);
  CHECK(detour::metrics::SequenceMatcher(a, b200, false).popular_count() == 0);
  // len(b) == 199: no popular rule.
  const Seq b199 = cat({1}, repeat(0, 198));
  const std::vector<Opcode> expect199{{I, 0, 0, 0, 1}, {E, 0, 10, 1, 11}, {R, 10, 11, 11, 199}};
  expect_opcodes(a, b199, true, expect199);
  expect_opcodes(a, b199, false, expect199);
  CHECK(detour::metrics::SequenceMatcher(a, b199, true).popular_count() == 0);
  // autojunk off on len 200 behaves like len 199.
  expect_opcodes(a, b200, false, {{I, 0, 0, 0, 1}, {E, 0, 10, 1, 11}, {R, 10, 11, 11, 200}});
}

TEST_CASE("matcher: all-equal and all-popular sequences", "[matcher]") {
  // Every element popular: no match can start, but the empty match at (0, 0)
  // extends forward over equal elements.
  for (bool aj : {true, false})
    expect_opcodes(repeat(5, 300), repeat(5, 250), aj, {{E, 0, 250, 0, 250}, {D, 250, 300, 250, 250}});
  Seq a, b;
  for (int k = 0; k < 150; ++k) a.insert(a.end(), {1, 2});
  for (int k = 0; k < 100; ++k) b.insert(b.end(), {2, 1});
  b.push_back(3);
  expect_opcodes(a, b, true, {{R, 0, 300, 0, 201}});
  expect_opcodes(a, b, false, {{D, 0, 1, 0, 0}, {E, 1, 201, 0, 200}, {R, 201, 300, 200, 201}});
}

TEST_CASE("matcher: bad input is rejected with a reason", "[matcher]") {
  CHECK_THROWS_WITH(detour::metrics::SequenceMatcher(Seq{1, -2}, Seq{1}),
                    Catch::Contains("negative token id at position 1"));
  detour::metrics::SequenceMatcher m(Seq{1, 2}, Seq{1});
  CHECK_THROWS_AS(m.find_longest_match(0, 3, 0, 1), std::out_of_range);
}

// ---------------------------------------------------------------------------
// Differential test against Python's difflib.

namespace {

struct Case {
  Seq a, b;
  bool autojunk = true;
  std::string kind;
};

class Gen {
 public:
  explicit Gen(std::uint64_t seed) : rng_(seed) {}

  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  double unit() { return std::uniform_real_distribution<double>(0, 1)(rng_); }

  // An alphabet: uniform over sigma, or Zipf-like (weight 1/(r+1)^s) over sigma.
  struct Alphabet {
    std::discrete_distribution<int> dist;
    double collision = 1;  // sum of p^2, to estimate difflib's work
  };
  Alphabet alphabet() {
    static const int small[] = {1, 2, 3, 4, 5, 7, 10};
    static const int large[] = {20, 50, 200, 1000, 5000};
    const bool is_small = unit() < 0.5;
    const int sigma = is_small ? small[uniform(0, 6)] : large[uniform(0, 4)];
    const double s = unit() < 0.5 ? 0.0 : 1.0 + unit();  // 0 = uniform
    std::vector<double> w(static_cast<std::size_t>(sigma));
    double total = 0;
    for (int r = 0; r < sigma; ++r) total += w[r] = 1.0 / std::pow(r + 1.0, s);
    Alphabet al{std::discrete_distribution<int>(w.begin(), w.end()), 0};
    for (double x : w) al.collision += (x / total) * (x / total);
    al.collision -= 1;
    return al;
  }
  Seq draw(Alphabet& al, int n) {
    Seq s(static_cast<std::size_t>(n));
    for (auto& t : s) t = al.dist(rng_);
    return s;
  }
  int length() {
    const double u = unit();
    if (u < 0.15) return uniform(0, 12);
    if (u < 0.60) return uniform(12, 320);
    if (u < 0.88) return uniform(320, 1500);
    return uniform(1500, 5000);
  }
  // b = a with a few random edits (deletes, inserts, replaces, moved blocks).
  Seq edit(Alphabet& al, const Seq& a) {
    Seq b = a;
    const int edits = uniform(0, 3 + static_cast<int>(a.size() / 100));
    for (int e = 0; e < edits; ++e) {
      const int n = static_cast<int>(b.size());
      const int at = uniform(0, n);
      const int len = std::min(n - at, uniform(0, 1 + uniform(0, 30)));
      switch (uniform(0, 3)) {
        case 0: b.erase(b.begin() + at, b.begin() + at + len); break;
        case 1: {
          Seq ins = draw(al, uniform(1, 20));
          b.insert(b.begin() + at, ins.begin(), ins.end());
          break;
        }
        case 2: {
          Seq rep = draw(al, len);
          std::copy(rep.begin(), rep.end(), b.begin() + at);
          break;
        }
        default: {  // move a block elsewhere
          Seq blk(b.begin() + at, b.begin() + at + len);
          b.erase(b.begin() + at, b.begin() + at + len);
          const int to = uniform(0, static_cast<int>(b.size()));
          b.insert(b.begin() + to, blk.begin(), blk.end());
        }
      }
    }
    return b;
  }

  Case make() {
    Case c;
    c.autojunk = unit() < 0.5;
    Alphabet al = alphabet();
    const double u = unit();
    if (u < 0.35) {
      c.kind = "independent";
      c.a = draw(al, length());
      c.b = draw(al, length());
    } else if (u < 0.75) {
      c.kind = "edited";
      c.a = draw(al, length());
      c.b = edit(al, c.a);
      if (unit() < 0.5) std::swap(c.a, c.b);
    } else if (u < 0.88) {
      // len(b) near the popular-rule threshold with one dominant element.
      c.kind = "threshold";
      const int lb = uniform(195, 205);
      c.b = draw(al, lb);
      for (auto& t : c.b)
        if (unit() < 0.3) t = 0;
      c.a = unit() < 0.5 ? edit(al, c.b) : draw(al, uniform(0, 300));
      for (auto& t : c.a)
        if (unit() < 0.3) t = 0;
    } else {
      // Periodic sequences: ties everywhere.
      c.kind = "periodic";
      Seq pat = draw(al, uniform(1, 6));
      const int la = length() / 2, lb = length() / 2;
      const int shift = uniform(0, 5);
      for (int i = 0; i < la; ++i) c.a.push_back(pat[i % pat.size()]);
      for (int i = 0; i < lb; ++i) c.b.push_back(pat[(i + shift) % pat.size()]);
      if (unit() < 0.5) c.b = edit(al, c.b);
    }
    // Keep difflib's work (about la * lb * sum p^2 per pass) bounded so the Python
    // side stays fast: shorten costly pairs.
    const double budget = 0.6e6;
    while (static_cast<double>(c.a.size()) * static_cast<double>(c.b.size()) * al.collision > budget) {
      c.a.resize(c.a.size() * 2 / 3);
      c.b.resize(c.b.size() * 2 / 3);
    }
    // Sometimes use sparse, large token ids (exercises the non-direct id tables).
    if (unit() < 0.2) {
      for (auto* s : {&c.a, &c.b})
        for (auto& t : *s) t = t * 104729 + 1000003;
    }
    return c;
  }

 private:
  std::mt19937_64 rng_;
};

std::string encode(const std::vector<Opcode>& ops) {
  static const char tags[] = {'e', 'r', 'd', 'i'};
  std::string s;
  for (const Opcode& o : ops) {
    if (!s.empty()) s += ' ';
    s += tags[static_cast<int>(o.tag)];
    s += std::to_string(o.i1) + "," + std::to_string(o.i2) + "," + std::to_string(o.j1) + "," +
         std::to_string(o.j2);
  }
  return s;
}

bool python_available() {
  return std::system("python3 -c 'import difflib' >/dev/null 2>&1") == 0;
}

// difflib's opcodes for each case, one encoded line per case, from
// scripts/difflib_oracle.py run once over all cases (files named after `stem` in the
// temporary folder). `seconds`: the oracle's wall time.
std::vector<std::string> difflib_opcodes(const std::vector<Case>& cases, const std::string& stem,
                                         double* seconds = nullptr) {
  const auto script = detour::testing::source_dir() / "scripts" / "difflib_oracle.py";
  REQUIRE(std::filesystem::exists(script));
  const auto dir = std::filesystem::temp_directory_path();
  const std::string name = stem + "_" + std::to_string(::getpid());
  const auto in_path = dir / (name + ".in");
  const auto out_path = dir / (name + ".out");
  {
    std::ofstream in(in_path);
    REQUIRE(in);
    for (const Case& c : cases) {
      in << (c.autojunk ? 1 : 0) << ' ' << c.a.size() << ' ' << c.b.size() << '\n';
      for (std::size_t i = 0; i < c.a.size(); ++i) in << (i ? " " : "") << c.a[i];
      in << '\n';
      for (std::size_t i = 0; i < c.b.size(); ++i) in << (i ? " " : "") << c.b[i];
      in << '\n';
    }
  }
  const std::string cmd = "python3 '" + script.string() + "' < '" + in_path.string() + "' > '" +
                          out_path.string() + "'";
  const auto t0 = std::chrono::steady_clock::now();
  const int rc = std::system(cmd.c_str());
  if (seconds) *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::filesystem::remove(in_path);
  REQUIRE(rc == 0);
  std::vector<std::string> expected;
  {
    std::ifstream out(out_path);
    for (std::string line; std::getline(out, line);) expected.push_back(line);
  }
  std::filesystem::remove(out_path);
  REQUIRE(expected.size() == cases.size());
  return expected;
}

}  // namespace

TEST_CASE("matcher: identical opcodes to Python difflib on random pairs", "[matcher][oracle][slow]") {
  if (!python_available()) {
    detour::testing::skip("python3 with difflib is not available; differential test not run");
    return;
  }
  constexpr int kCases = 2000;
  constexpr std::uint64_t kSeed = 20040101;
  Gen gen(kSeed);
  std::vector<Case> cases;
  cases.reserve(kCases);
  for (int k = 0; k < kCases; ++k) cases.push_back(gen.make());
  double python_s = 0;
  const std::vector<std::string> expected = difflib_opcodes(cases, "detour_matcher", &python_s);
  using Clock = std::chrono::steady_clock;

  int fast_bad = 0, ref_bad = 0;
  std::size_t long_pairs = 0;
  double fast_s = 0, ref_s = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    if (c.a.size() >= 1000 && c.b.size() >= 1000) ++long_pairs;
    const auto f0 = Clock::now();
    const std::string fast = encode(detour::metrics::SequenceMatcher(c.a, c.b, c.autojunk).get_opcodes());
    const auto f1 = Clock::now();
    const std::string slow = encode(ref::SequenceMatcher(c.a, c.b, c.autojunk).get_opcodes());
    fast_s += std::chrono::duration<double>(f1 - f0).count();
    ref_s += std::chrono::duration<double>(Clock::now() - f1).count();
    for (auto [got, bad, who] : {std::tuple{&fast, &fast_bad, "fast"}, std::tuple{&slow, &ref_bad, "reference"}}) {
      if (*got != expected[k]) {
        if (++*bad <= 3) {
          UNSCOPED_INFO(who << " matcher differs on case " << k << " (" << c.kind << ", autojunk="
                            << c.autojunk << ", |a|=" << c.a.size() << ", |b|=" << c.b.size()
                            << ")\n  python: " << expected[k].substr(0, 400)
                            << "\n  ours:   " << got->substr(0, 400));
        }
      }
    }
  }
  std::cout << "matcher oracle: " << cases.size() << " random pairs (" << long_pairs
            << " with both sides >= 1000), seed " << kSeed << "; seconds: python "
            << python_s << ", reference " << ref_s
            << ", fast " << fast_s << std::endl;
  CHECK(fast_bad == 0);
  CHECK(ref_bad == 0);
}

// ---------------------------------------------------------------------------
// Large matchers (many pairs): the run index and the column-by-column DP.

namespace {

// CJK-like text: Zipfian characters over 3,000 symbols (exponent 1.1), with some
// bigram structure (a frequent character is often followed by a fixed partner), so
// runs of every length occur, as they do in Chinese.
Seq cjk_text(std::mt19937_64& rng, int n) {
  static const std::vector<double> w = [] {
    std::vector<double> v(3000);
    for (int r = 0; r < 3000; ++r) v[r] = 1.0 / std::pow(r + 1.0, 1.1);
    return v;
  }();
  std::discrete_distribution<int> tok(w.begin(), w.end());
  Seq s;
  while (static_cast<int>(s.size()) < n) {
    const int t = tok(rng);
    s.push_back(t);
    if (t < 30 && rng() % 2) s.push_back(t * 7 + 100);
  }
  s.resize(static_cast<std::size_t>(n));
  return s;
}

// A page-like pair: b (gold) is a text, a (system output) repeats blocks of it in
// another order, with boilerplate around, and sometimes tokens changed.
Case page_pair(std::mt19937_64& rng) {
  auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Case c;
  c.kind = "page";
  c.b = cjk_text(rng, uni(200, 1500));
  const int blocks = uni(1, 8);
  for (int k = 0; k < blocks; ++k) {
    Seq junk = cjk_text(rng, uni(0, 600));
    c.a.insert(c.a.end(), junk.begin(), junk.end());
    const int at = uni(0, static_cast<int>(c.b.size()) - 1);
    const int len = std::min(static_cast<int>(c.b.size()) - at, uni(1, 400));
    c.a.insert(c.a.end(), c.b.begin() + at, c.b.begin() + at + len);
  }
  for (auto& t : c.a)
    if (uni(0, 60) == 0) t = uni(0, 50);
  if (uni(0, 3) == 0) std::swap(c.a, c.b);
  c.autojunk = uni(0, 3) == 0;
  return c;
}

}  // namespace

TEST_CASE("matcher: find_longest_match equals the reference on sub-rectangles of large matchers",
          "[matcher][slow]") {
  // The reference class is a transcription of difflib checked by the oracle test;
  // here random query rectangles (narrow, wide, corners on runs) of page-like pairs
  // with many pairs exercise the run index, the column DP and their tie rules.
  std::mt19937_64 rng(977);
  auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int bad = 0, queries = 0;
  for (int n = 0; n < 40; ++n) {
    const Case c = page_pair(rng);
    detour::metrics::SequenceMatcher fast(c.a, c.b, c.autojunk);
    ref::SequenceMatcher slow(c.a, c.b, c.autojunk);
    const int la = static_cast<int>(c.a.size()), lb = static_cast<int>(c.b.size());
    for (int q = 0; q < 60; ++q) {
      int alo = uni(0, la), ahi = uni(0, la), blo = uni(0, lb), bhi = uni(0, lb);
      if (alo > ahi) std::swap(alo, ahi);
      if (blo > bhi) std::swap(blo, bhi);
      if (q % 3 == 1) bhi = std::min(lb, blo + uni(0, 20));  // narrow in b
      if (q % 3 == 2) ahi = std::min(la, alo + uni(0, 20));  // narrow in a
      if (q == 0) alo = 0, ahi = la, blo = 0, bhi = lb;
      ++queries;
      const MatchBlock f = fast.find_longest_match(alo, ahi, blo, bhi);
      const MatchBlock s = slow.find_longest_match(alo, ahi, blo, bhi);
      if (!(f == s) && ++bad <= 3)
        UNSCOPED_INFO("pair " << n << " autojunk=" << c.autojunk << " query (" << alo << "," << ahi << ","
                              << blo << "," << bhi << "): fast (" << f.a << "," << f.b << "," << f.size
                              << ") reference (" << s.a << "," << s.b << "," << s.size << ")");
    }
    if (encode(fast.get_opcodes()) != encode(slow.get_opcodes()) && ++bad <= 3)
      UNSCOPED_INFO("pair " << n << ": opcodes differ");
  }
  INFO(queries << " queries");
  CHECK(bad == 0);
}

TEST_CASE("matcher: a MatchTarget shared by several a gives the answers of one matcher per pair",
          "[matcher][slow]") {
  // The gold side is prepared once and matched against several system outputs.
  // Three id layouts of b take the three mapping paths: dense in first-occurrence
  // order (canonical, no table), arbitrary small ids (direct table) and ids above
  // 2^24 (sorted). Each a mixes b's tokens, mutations and tokens absent from b.
  std::mt19937_64 rng(4242);
  int bad = 0, compared = 0;
  for (int n = 0; n < 24; ++n) {
    const Case c = page_pair(rng);
    for (int layout = 0; layout < 3; ++layout) {
      // Relabel every token id of the pair consistently.
      std::map<std::int32_t, std::int32_t> first;  // b's ids, numbered by first occurrence
      for (std::int32_t t : c.b) first.emplace(t, static_cast<std::int32_t>(first.size()));
      auto relabel = [&](std::int32_t t) -> std::int32_t {
        if (layout == 1) return t;
        if (layout == 2) return t + (1 << 25);
        auto it = first.find(t);
        return it != first.end() ? it->second : static_cast<std::int32_t>(first.size()) + t;
      };
      Seq b, a0;
      for (std::int32_t t : c.b) b.push_back(relabel(t));
      for (std::int32_t t : c.a) a0.push_back(relabel(t));
      const detour::metrics::MatchTarget target(b, c.autojunk);
      std::vector<Seq> as{a0, Seq(a0.rbegin(), a0.rend()), Seq{}, b};
      Seq mutated = a0;
      for (std::size_t i = 0; i < mutated.size(); i += 7) mutated[i] = relabel(1000000 + static_cast<std::int32_t>(i));
      as.push_back(mutated);
      for (const Seq& a : as) {
        ++compared;
        detour::metrics::SequenceMatcher shared(a, target);
        ref::SequenceMatcher slow(a, b, c.autojunk);
        const std::string expected = encode(slow.get_opcodes());
        if (encode(shared.get_opcodes()) != expected && ++bad <= 3)
          UNSCOPED_INFO("pair " << n << " layout " << layout << " autojunk=" << c.autojunk << ": opcodes differ");
        // The target is read-only: another thread, with its own fresh scratch
        // tables, gets the same answer.
        std::string other;
        std::thread([&] { other = encode(detour::metrics::SequenceMatcher(a, target).get_opcodes()); }).join();
        if (other != expected && ++bad <= 3)
          UNSCOPED_INFO("pair " << n << " layout " << layout << ": opcodes differ in another thread");
      }
    }
  }
  INFO(compared << " matchings");
  CHECK(bad == 0);
}

TEST_CASE("matcher: identical opcodes to Python difflib on CJK-like page pairs", "[matcher][oracle][slow]") {
  if (!python_available()) {
    detour::testing::skip("python3 with difflib is not available; differential test not run");
    return;
  }
  std::mt19937_64 rng(20240607);
  std::vector<Case> cases;
  for (int k = 0; k < 60; ++k) cases.push_back(page_pair(rng));
  const std::vector<std::string> expected = difflib_opcodes(cases, "detour_matcher_cjk");
  int bad = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    const std::string got = encode(detour::metrics::SequenceMatcher(c.a, c.b, c.autojunk).get_opcodes());
    if (got != expected[k] && ++bad <= 3)
      UNSCOPED_INFO("case " << k << " (autojunk=" << c.autojunk << ", |a|=" << c.a.size() << ", |b|="
                            << c.b.size() << ")\n  python: " << expected[k].substr(0, 300)
                            << "\n  ours:   " << got.substr(0, 300));
  }
  CHECK(bad == 0);
}
