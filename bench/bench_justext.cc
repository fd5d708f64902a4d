// Benchmarks of the jusText port (JTA, JTS) and the HTML Killer baseline (HK): the
// extraction stage only, on already decoded and parsed DANIEL pages (the first 40
// pages of each language, sorted by id). The original tools took 11.9 ms/page
// (jusText 3.0.2, whole pipeline) on these pages; the goal is >= 10x faster.
// Skips (with a message) when ../shared is absent.
// Run: detour_bench --benchmark_filter='Justext|HtmlKiller'
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <vector>

#include "corpora/corpus.h"
#include "extractors/extractor.h"

namespace {

const std::vector<detour::Page>& pages() {
  static const std::vector<detour::Page> loaded = [] {
    std::vector<detour::Page> out;
    std::filesystem::path shared = DETOUR_SHARED_DIR;
    if (const char* env = std::getenv("DETOUR_SHARED"); env && *env) shared = env;
    const auto root = shared / "corpora" / "daniel";
    if (!std::filesystem::is_directory(root)) return out;
    const auto corpus = detour::corpora::open_corpus(root);
    std::map<std::string, int> per_lang;
    for (const auto& d : corpus.docs)
      if (per_lang[d.lang]++ < 40) out.push_back(detour::corpora::load_page(d));
    return out;
  }();
  return loaded;
}

void run(benchmark::State& state, const char* name) {
  const auto& ps = pages();
  if (ps.empty()) {
    state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
    return;
  }
  auto ex = detour::make_extractor(name);
  for (const auto& p : ps) ex->extract(p);  // loads stoplists
  std::size_t i = 0;
  for (auto _ : state) {
    auto x = ex->extract(ps[i]);
    benchmark::DoNotOptimize(x);
    if (++i == ps.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel("pages/s = items/s");
}

void BM_JustextJTA(benchmark::State& state) { run(state, "JTA"); }
void BM_JustextJTS(benchmark::State& state) { run(state, "JTS"); }
BENCHMARK(BM_JustextJTA)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JustextJTS)->Unit(benchmark::kMillisecond);

}  // namespace

namespace {
void BM_HtmlKiller(benchmark::State& state) { run(state, "HK"); }
BENCHMARK(BM_HtmlKiller)->Unit(benchmark::kMillisecond);
}  // namespace
