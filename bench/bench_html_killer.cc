// Benchmark of HK (the HTML Killer baseline): extract() on already decoded DANIEL
// pages (the first 40 pages of each language, sorted by id). HK works on the page
// text, not on the DOM. Skips (with a message) when ../shared is absent.
// Run: detour_bench --benchmark_filter=HtmlKiller
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <vector>

#include "corpora/corpus.h"
#include "extractors/extractor.h"

namespace {

const std::vector<detour::Page>& hk_pages() {
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

void BM_HtmlKiller(benchmark::State& state) {
  const auto& ps = hk_pages();
  if (ps.empty()) {
    state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
    return;
  }
  auto ex = detour::make_extractor("HK");
  std::size_t i = 0;
  for (auto _ : state) {
    auto x = ex->extract(ps[i]);
    benchmark::DoNotOptimize(x);
    if (++i == ps.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel("pages/s = items/s");
}
BENCHMARK(BM_HtmlKiller)->Unit(benchmark::kMillisecond);

}  // namespace
