// Benchmarks of the scoring kernels: the difflib-exact SequenceMatcher
// (metrics/sequence_matcher.h) and the bit-parallel LCS (metrics/lcs.h), over
// synthetic sequences shaped like the scorer's inputs:
//  * word-like: Zipfian tokens over a 50,000-word vocabulary (exponent 1.0);
//  * char-like: Zipfian characters over 3,000 CJK-like symbols (exponent 1.1, so a
//    handful of characters make up several percent each, as in Chinese text).
// Each pair is (system output, gold): b is a copy of a with blocks deleted,
// inserted and replaced, about 20% of it changed. Rates are tokens of a + b per
// second. Run: detour_bench --benchmark_filter='Matcher|Lcs'
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "kernels/lcs.h"
#include "kernels/sequence_matcher.h"

namespace {

using Seq = std::vector<std::int32_t>;

struct Pair {
  Seq a, b;
};

Pair make_pair(int n, int vocabulary, double exponent, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> w(static_cast<std::size_t>(vocabulary));
  for (int r = 0; r < vocabulary; ++r) w[r] = 1.0 / std::pow(r + 1.0, exponent);
  std::discrete_distribution<int> token(w.begin(), w.end());
  auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Pair p;
  p.a.resize(static_cast<std::size_t>(n));
  for (auto& t : p.a) t = token(rng);
  // b: walk a, copying runs, sometimes skipping a block, inserting or replacing one.
  for (std::size_t i = 0; i < p.a.size();) {
    const int run = uni(5, 60);
    for (int k = 0; k < run && i < p.a.size(); ++k) p.b.push_back(p.a[i++]);
    switch (uni(0, 3)) {
      case 0: i += static_cast<std::size_t>(uni(1, 15)); break;               // delete
      case 1: for (int k = uni(1, 15); k > 0; --k) p.b.push_back(token(rng)); break;  // insert
      case 2:                                                                  // replace
        for (int k = uni(1, 10); k > 0 && i < p.a.size(); --k, ++i) p.b.push_back(token(rng));
        break;
      default: break;
    }
  }
  return p;
}

Pair word_pair(int n) { return make_pair(n, 50000, 1.0, 42 + static_cast<std::uint64_t>(n)); }
Pair char_pair(int n) { return make_pair(n, 3000, 1.1, 7 + static_cast<std::uint64_t>(n)); }

template <Pair (*Make)(int), bool Autojunk>
void BM_MatcherOpcodes(benchmark::State& state) {
  const Pair p = Make(static_cast<int>(state.range(0)));
  std::size_t ops = 0;
  for (auto _ : state) {
    detour::metrics::SequenceMatcher m(p.a, p.b, Autojunk);
    auto opcodes = m.get_opcodes();
    ops = opcodes.size();
    benchmark::DoNotOptimize(opcodes.data());
  }
  state.counters["opcodes"] = static_cast<double>(ops);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(p.a.size() + p.b.size()));
}

template <Pair (*Make)(int)>
void BM_Lcs(benchmark::State& state) {
  const Pair p = Make(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(detour::metrics::lcs_length(p.a, p.b));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(p.a.size() + p.b.size()));
}

}  // namespace

BENCHMARK(BM_MatcherOpcodes<word_pair, true>)->Name("Matcher/words/autojunk")->RangeMultiplier(4)->Range(64, 16384);
BENCHMARK(BM_MatcherOpcodes<word_pair, false>)->Name("Matcher/words/no_autojunk")->RangeMultiplier(4)->Range(64, 16384);
BENCHMARK(BM_MatcherOpcodes<char_pair, true>)->Name("Matcher/chars/autojunk")->RangeMultiplier(4)->Range(64, 16384);
BENCHMARK(BM_MatcherOpcodes<char_pair, false>)->Name("Matcher/chars/no_autojunk")->RangeMultiplier(4)->Range(64, 16384);
BENCHMARK(BM_Lcs<word_pair>)->Name("Lcs/words")->RangeMultiplier(4)->Range(64, 16384);
BENCHMARK(BM_Lcs<char_pair>)->Name("Lcs/chars")->RangeMultiplier(4)->Range(64, 16384);
