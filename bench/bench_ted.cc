// Benchmarks of the tree edit distance kernels (metrics/tree_edit) and of TDIFF.
//  - Ted/<n>: exact unit-cost TED between two DOM trees of the same DANIEL site,
//    both cut to their first n nodes in preorder (n = 100, 500, 1000, 3000, 10000).
//    The pair is the two largest pages (by node count, whole DOM with whitespace
//    text and comments) of one site among the 60 largest files of the corpus. Counters: bytes = the distance matrices allocated
//    (our own accounting: the kernel's only large allocations), subproblems, the
//    strategy chosen (1 = right paths, 0 = left paths), and band / band_runs (the
//    threshold k of the banded run that answered, 0 for a full run; see ted.h).
//    Whole real pairs against the APTED peers: scripts/ted_peers/run.sh.
//  - TedZhangShasha/<n>: the plain reference on the same pairs (small n only).
//  - PqGram/<n>: both pq-gram profiles and their distance.
//  - TdiffExtract: TDIFF extract() per page over the first 40 pages of each language
//    (after prepare() on those pages; the original TDIFF has no published timing).
// Skips (with a message) when ../shared is absent.
// Run: detour_bench --benchmark_filter='Ted|PqGram|Tdiff'
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <vector>

#include "base/site.h"
#include "bench/bench_pages.h"
#include "corpora/corpus.h"
#include "extractors/tdiff/tdiff.h"
#include "extractors/tdiff/tokens.h"
#include "kernels/tree_edit/pq_gram.h"
#include "html/dom_tree.h"
#include "kernels/tree_edit/ted.h"
#include "reference/zhang_shasha.h"

namespace {

std::filesystem::path daniel_root() {
  return detour::bench::shared_dir() / "corpora" / "daniel";
}

struct Pair {
  detour::ted::LabelDict dict;
  detour::ted::Tree f, g;
  bool ok = false;
};

// The two largest trees of one site, among the 60 largest page files.
const Pair& big_pair() {
  static const Pair pair = [] {
    Pair p;
    const auto root = daniel_root();
    if (!std::filesystem::is_directory(root)) return p;
    auto corpus = detour::corpora::open_corpus(root);
    std::vector<const detour::corpora::CorpusDoc*> docs;
    for (const auto& d : corpus.docs)
      if (!d.html_path.empty()) docs.push_back(&d);
    std::sort(docs.begin(), docs.end(), [](auto* a, auto* b) {
      return std::filesystem::file_size(a->html_path) > std::filesystem::file_size(b->html_path);
    });
    docs.resize(std::min<std::size_t>(60, docs.size()));
    std::map<std::string, std::vector<detour::ted::Tree>> by_site;
    // The whole DOM, whitespace text and comments included (as a generic TED tool
    // would see it), so that pairs of 10000 nodes exist.
    detour::ted::DomTreeOptions full;
    full.whitespace_text = true;
    full.comments = true;
    for (auto* d : docs) {
      auto page = detour::corpora::load_page(*d);
      by_site[detour::site_of(d->id, d->url)].push_back(
          detour::ted::dom_tree(page.dom->root(), p.dict, full));
    }
    int best = -1;
    for (auto& [site, trees] : by_site) {
      if (trees.size() < 2) continue;
      std::sort(trees.begin(), trees.end(), [](auto& a, auto& b) { return a.n() > b.n(); });
      if (std::min(trees[0].n(), trees[1].n()) > best) {
        best = std::min(trees[0].n(), trees[1].n());
        p.f = trees[0];
        p.g = trees[1];
      }
    }
    p.ok = best > 0;
    return p;
  }();
  return pair;
}

void BM_Ted(benchmark::State& state) {
  const Pair& p = big_pair();
  if (!p.ok) return state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
  const int n = static_cast<int>(state.range(0));
  auto f = p.f.preorder_prefix(n), g = p.g.preorder_prefix(n);
  detour::ted::TedStats st;
  int d = 0;
  for (auto _ : state) benchmark::DoNotOptimize(d = detour::ted::ted(f, g, &st));
  state.counters["nodes_f"] = f.n();
  state.counters["nodes_g"] = g.n();
  state.counters["distance"] = d;
  state.counters["bytes"] = static_cast<double>(st.bytes);
  state.counters["subproblems"] = static_cast<double>(st.subproblems);
  state.counters["right"] = st.strategy == 'R';
  state.counters["band"] = st.band;  // threshold of the banded run that answered (0: full run)
  state.counters["band_runs"] = st.band_runs;
}
BENCHMARK(BM_Ted)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Ted)->Arg(3000)->Arg(10000)->Iterations(1)->Unit(benchmark::kMillisecond);

void BM_TedZhangShasha(benchmark::State& state) {
  const Pair& p = big_pair();
  if (!p.ok) return state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
  const int n = static_cast<int>(state.range(0));
  auto f = p.f.preorder_prefix(n), g = p.g.preorder_prefix(n);
  for (auto _ : state) benchmark::DoNotOptimize(detour::ted::ted_zhang_shasha(f, g));
}
BENCHMARK(BM_TedZhangShasha)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMillisecond);

void BM_PqGram(benchmark::State& state) {
  const Pair& p = big_pair();
  if (!p.ok) return state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
  const int n = static_cast<int>(state.range(0));
  auto f = p.f.preorder_prefix(n), g = p.g.preorder_prefix(n);
  for (auto _ : state)
    benchmark::DoNotOptimize(detour::ted::pq_distance(detour::ted::pq_profile(f), detour::ted::pq_profile(g)));
}
BENCHMARK(BM_PqGram)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

struct TdiffFixture {
  std::vector<detour::Page> pages;
  std::unique_ptr<detour::tdiff::TdiffExtractor> ex;
};

const TdiffFixture& tdiff_fixture() {
  static const TdiffFixture fx = [] {
    TdiffFixture t;
    const auto root = daniel_root();
    if (!std::filesystem::is_directory(root)) return t;
    const auto corpus = detour::corpora::open_corpus(root);
    std::map<std::string, int> per_lang;
    for (const auto& d : corpus.docs)
      if (per_lang[d.lang]++ < 40) t.pages.push_back(detour::corpora::load_page(d));
    detour::CorpusContext ctx;
    for (auto& p : t.pages) ctx.entries.push_back({&p, "", {}, {}, {}});
    t.ex = std::make_unique<detour::tdiff::TdiffExtractor>();
    t.ex->prepare(ctx);
    return t;
  }();
  return fx;
}

void BM_TdiffExtract(benchmark::State& state) {
  const auto& fx = tdiff_fixture();
  if (fx.pages.empty()) return state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(fx.ex->extract(fx.pages[i]));
    i = (i + 1) % fx.pages.size();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_TdiffExtract)->Unit(benchmark::kMillisecond);

}  // namespace
