// Speed of RD (readability-lxml 0.8.1 port): extract() on already parsed DANIEL
// pages (every 8th page, all languages). The original tool needs about 14.1 ms per
// page for this stage; the goal is at least 10x faster. Skips without ../shared.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <vector>

#include "corpora/corpus.h"
#include "extractors/extractor.h"

namespace {

const std::vector<detour::Page>& rd_pages() {
  static const std::vector<detour::Page> pages = [] {
    std::vector<detour::Page> out;
    std::filesystem::path root = std::filesystem::path(DETOUR_SHARED_DIR) / "corpora" / "daniel";
    if (!std::filesystem::is_directory(root)) return out;
    auto corpus = detour::corpora::open_corpus(root);
    for (std::size_t i = 0; i < corpus.docs.size(); i += 8)
      out.push_back(detour::corpora::load_page(corpus.docs[i]));
    return out;
  }();
  return pages;
}

void BM_ReadabilityExtract(benchmark::State& state) {
  const auto& pages = rd_pages();
  if (pages.empty()) {
    state.SkipWithError("../shared/corpora/daniel is absent");
    return;
  }
  auto rd = detour::make_extractor("RD");
  std::size_t i = 0;
  for (auto _ : state) {
    auto ex = rd->extract(pages[i]);
    benchmark::DoNotOptimize(ex.segments.data());
    i = (i + 1) % pages.size();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("pages/s = items_per_second; original readability-lxml ~14.1 ms/page");
}
BENCHMARK(BM_ReadabilityExtract)->Unit(benchmark::kMillisecond);

}  // namespace
