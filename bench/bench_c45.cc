// Benchmarks of the C45 extractor (Lutz 2013): node features alone (compute_nodes:
// CETD analysis, tokens, query scores) and the full extract() (features + tree +
// segments) and the growing of one tree (Tree::train), on already decoded and parsed DANIEL pages (the first 40 pages of each
// language, sorted by id); the 5 site-fold trees are trained on those 200 pages first.
// Skips (with a message) when ../shared is absent. Run: detour_bench --benchmark_filter=C45
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <vector>

#include "bench/bench_pages.h"
#include "corpora/corpus.h"
#include "extractors/c45/c45.h"

namespace {

struct C45Pages {
  std::vector<detour::Page> pages;
  std::vector<std::string> golds;
};

const C45Pages& c45_pages() {
  static const C45Pages loaded = [] {
    C45Pages out;
    const auto root = detour::bench::shared_dir() / "corpora" / "daniel";
    if (!std::filesystem::is_directory(root)) return out;
    const auto corpus = detour::corpora::open_corpus(root);
    std::map<std::string, int> per_lang;
    for (const auto& d : corpus.docs)
      if (per_lang[d.lang]++ < 40) {
        out.pages.push_back(detour::corpora::load_page(d));
        out.golds.push_back(detour::corpora::load_gold_bytes(d));
      }
    return out;
  }();
  return loaded;
}

template <typename F>
void run(benchmark::State& state, F&& f) {
  const auto& ps = c45_pages().pages;
  if (ps.empty()) {
    state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
    return;
  }
  std::size_t i = 0;
  std::int64_t bytes = 0;
  for (auto _ : state) {
    f(ps[i]);
    bytes += static_cast<std::int64_t>(ps[i].html.size());
    if (++i == ps.size()) i = 0;
  }
  state.SetBytesProcessed(bytes);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_C45Features(benchmark::State& state) {
  run(state, [&](const detour::Page& p) {
    auto n = detour::c45::compute_nodes(p, detour::c45::query_terms(p, nullptr));
    benchmark::DoNotOptimize(n);
  });
}

void BM_C45Extract(benchmark::State& state) {
  const auto& d = c45_pages();
  auto ex = detour::c45::make_extractor();
  if (!d.pages.empty()) {
    detour::CorpusContext ctx;
    for (std::size_t i = 0; i < d.pages.size(); ++i) ctx.entries.push_back({&d.pages[i], d.golds[i], {}, {}, {}});
    ex->prepare(ctx);
  }
  run(state, [&](const detour::Page& p) {
    auto x = ex->extract(p);
    benchmark::DoNotOptimize(x);
  });
}

// One tree grown (and pruned) on the labelled nodes of the benchmark pages, content
// nodes weighted 3 as the extractor does.
void BM_C45Train(benchmark::State& state) {
  static const detour::c45::Dataset data = [] {
    detour::c45::Dataset d;
    d.features = detour::c45::kFeatureCount;
    const auto& ps = c45_pages();
    detour::CorpusContext ctx;
    for (std::size_t i = 0; i < ps.pages.size(); ++i) ctx.entries.push_back({&ps.pages[i], ps.golds[i], {}, {}, {}});
    for (const auto& lp : detour::c45::label_corpus(ctx, {}))
      for (std::size_t i = 0; i < lp.rows.size(); ++i) d.add(lp.rows[i], lp.labels[i], lp.labels[i] ? 3.0 : 1.0);
    return d;
  }();
  if (data.size() == 0) {
    state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
    return;
  }
  for (auto _ : state) {
    auto t = detour::c45::Tree::train(data);
    benchmark::DoNotOptimize(t);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * data.size()));
}

BENCHMARK(BM_C45Features)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_C45Extract)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_C45Train)->Unit(benchmark::kMillisecond);

}  // namespace
