// bench_pages: the DANIEL pages every extractor benchmark runs on (the first
// `per_language` pages of each language, sorted by id, decoded and parsed once), and
// the common timing loop over them. Benchmarks skip with a message when ../shared is
// absent (set DETOUR_SHARED to point elsewhere).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "corpora/corpus.h"
#include "extractors/extractor.h"

namespace detour::bench {

// ../shared beside the project, or $DETOUR_SHARED (bench/bench_paths.cc).
std::filesystem::path shared_dir();

struct BenchPages {
  std::vector<Page> pages;
  std::vector<std::string> golds;  // gold bytes, same order
};

inline const BenchPages& daniel_pages(int per_language = 40) {
  static std::map<int, BenchPages> cache;
  auto it = cache.find(per_language);
  if (it != cache.end()) return it->second;
  BenchPages out;
  const auto root = shared_dir() / "corpora" / "daniel";
  if (std::filesystem::is_directory(root)) {
    const auto corpus = corpora::open_corpus(root);
    std::map<std::string, int> per_lang;
    for (const auto& d : corpus.docs)
      if (!d.gold_path.empty() && per_lang[d.lang]++ < per_language) {
        out.pages.push_back(corpora::load_page(d));
        out.golds.push_back(corpora::load_gold_bytes(d));
      }
  }
  return cache.emplace(per_language, std::move(out)).first->second;
}

// True (after reporting the skip) when the pages are missing.
inline bool skip_without_pages(benchmark::State& state, const BenchPages& data) {
  if (!data.pages.empty()) return false;
  state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
  return true;
}

// Times f(page) round-robin over the pages; reports pages/s (items) and HTML bytes/s.
template <typename F>
void time_pages(benchmark::State& state, const std::vector<const Page*>& pages, F&& f) {
  std::size_t i = 0;
  std::int64_t bytes = 0;
  for (auto _ : state) {
    f(*pages[i]);
    bytes += static_cast<std::int64_t>(pages[i]->html.size());
    if (++i == pages.size()) i = 0;
  }
  state.SetBytesProcessed(bytes);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel("pages/s = items/s");
}

// Times one extractor's extract() on the DANIEL pages (after one warm-up pass, which
// also loads lazily read resources such as stoplists).
inline void time_extractor(benchmark::State& state, const char* name) {
  const auto& data = daniel_pages();
  if (skip_without_pages(state, data)) return;
  auto ex = make_extractor(name);
  std::vector<const Page*> pages;
  for (const auto& p : data.pages) {
    ex->extract(p);
    pages.push_back(&p);
  }
  time_pages(state, pages, [&](const Page& p) {
    auto x = ex->extract(p);
    benchmark::DoNotOptimize(x);
  });
}

}  // namespace detour::bench
