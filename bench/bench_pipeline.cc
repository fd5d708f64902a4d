// Speed of the whole page pipeline, stage by stage, on the same pages the original tools
// are timed on by scripts/peers/run.sh (issue 3: BP, JTA and RD at least 3x faster than
// Boilerpipe 1.2.0, jusText 3.0.2 and readability-lxml 0.8.1 including parsing, and at
// least 10x for the extraction stage alone).
//
// Pages: the file named by DETOUR_PAGE_LIST (one page a line, "<lang>\t<path>", as
// run.sh writes it), else every page of ../shared/corpora/daniel (DETOUR_SHARED
// overrides the shared folder). The raw bytes are read into memory once.
//
// One benchmark iteration is one pass over all pages, after an untimed warm-up over the
// first kWarmupPages pages; the counter "pages" holds the page count, so ms/page =
// time / pages (run.sh reads the JSON output). Cases:
//   Pipeline/Read      read_file of each page (from the OS page cache after warm-up)
//   Pipeline/Decode    decode_page (BOM, meta, uchardet, ICU conversion) of the bytes
//   Pipeline/Parse/P   the parse of the decoded text into our DOM by parser P: gumbo
//                      (HTML5), libxml2 (the lxml-based ports' tree), neko (BP's tree)
//   Pipeline/Full/X    decode + the parse X reads + X.extract(), as the runner builds a
//                      Page for X
//   Pipeline/Extract/X X.extract() alone; pages are parsed in chunks while the timer
//                      is paused
// Run: detour_bench --benchmark_filter=Pipeline
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bench/bench_pages.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "html/dom.h"
#include "html/page.h"
#include "extractors/extractor.h"

namespace {

using namespace detour;

constexpr std::size_t kWarmupPages = 200;
constexpr std::size_t kExtractChunk = 64;

struct RawPage {
  std::string lang;
  std::string path;
  std::string bytes;
};

struct RawPages {
  std::vector<RawPage> pages;
  std::string error;  // why there are none
};

const RawPages& raw_pages() {
  static const RawPages data = [] {
    RawPages out;
    try {
      if (const char* list = std::getenv("DETOUR_PAGE_LIST"); list && *list) {
        std::ifstream in(list);
        if (!in) {
          out.error = std::string(list) + ": cannot read the page list (DETOUR_PAGE_LIST)";
          return out;
        }
        std::string line;
        while (std::getline(in, line)) {
          if (line.empty()) continue;
          const auto tab = line.find('\t');
          RawPage p;
          if (tab != std::string::npos) p.lang = line.substr(0, tab);
          p.path = tab == std::string::npos ? line : line.substr(tab + 1);
          p.bytes = io::read_file(p.path);
          out.pages.push_back(std::move(p));
        }
        if (out.pages.empty()) out.error = std::string(list) + ": no pages listed";
        return out;
      }
      const auto root = bench::shared_dir() / "corpora" / "daniel";
      if (!std::filesystem::is_directory(root)) {
        out.error = root.string() + " is absent (set DETOUR_SHARED or DETOUR_PAGE_LIST)";
        return out;
      }
      for (const auto& d : corpora::open_corpus(root).docs) {
        if (d.html_path.empty()) continue;
        out.pages.push_back({d.lang, d.html_path.string(), io::read_file(d.html_path)});
      }
    } catch (const std::exception& e) {
      out.pages.clear();
      out.error = e.what();
    }
    return out;
  }();
  return data;
}

bool skip(benchmark::State& state, const RawPages& data) {
  if (!data.pages.empty()) return false;
  state.SkipWithError(data.error.c_str());
  return true;
}

void finish(benchmark::State& state, const RawPages& data) {
  std::int64_t bytes = 0;
  for (const auto& p : data.pages) bytes += static_cast<std::int64_t>(p.bytes.size());
  state.counters["pages"] = static_cast<double>(data.pages.size());
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(data.pages.size()));
  state.SetBytesProcessed(state.iterations() * bytes);
}

// Runs one extract(); a page the extractor rejects (ExtractError) counts as failed, as the
// peer drivers count theirs, instead of ending the benchmark.
void extract_one(const Extractor& ex, const Page& page, int& failed) {
  try {
    auto x = ex.extract(page);
    benchmark::DoNotOptimize(x);
  } catch (const ExtractError&) {
    ++failed;
  }
}

// The Page the runner builds for `ex`, from bytes already in memory: decoded, and
// parsed by the one parser ex reads (html::tree).
Page make_page(const RawPage& raw, const Extractor& ex) {
  corpora::Decoded dec = corpora::decode_page(raw.bytes);
  Page p;
  p.id = raw.path;
  p.lang = raw.lang;
  p.path = raw.path;
  p.html = std::move(dec.utf8);
  p.decode = std::move(dec.info);
  html::reset_trees(p);
  const dom::Parser parser = ex.parser().value_or(dom::Parser::Html5);
  if (parser == dom::Parser::Html5) p.dom = std::make_shared<const dom::Document>(dom::Document::parse(p.html));
  else html::parse_trees(p, std::span(&parser, 1));
  return p;
}

// Runs the extractor untimed over the first kWarmupPages pages (its per-thread
// buffers and caches), failures not counted.
void warm_up(const Extractor& ex, const RawPages& data) {
  int ignored = 0;
  for (std::size_t i = 0; i < data.pages.size() && i < kWarmupPages; ++i)
    extract_one(ex, make_page(data.pages[i], ex), ignored);
}

// Calls f on the first kWarmupPages pages untimed, then on every page in each iteration.
template <class F>
void warm_then_time(benchmark::State& state, const RawPages& data, F f) {
  for (std::size_t i = 0; i < data.pages.size() && i < kWarmupPages; ++i) f(data.pages[i]);
  for (auto _ : state)
    for (const auto& p : data.pages) f(p);
}

void BM_PipelineRead(benchmark::State& state) {
  const auto& data = raw_pages();
  if (skip(state, data)) return;
  warm_then_time(state, data, [](const RawPage& p) { benchmark::DoNotOptimize(io::read_file(p.path)); });
  finish(state, data);
}

void BM_PipelineDecode(benchmark::State& state) {
  const auto& data = raw_pages();
  if (skip(state, data)) return;
  warm_then_time(state, data, [](const RawPage& p) { benchmark::DoNotOptimize(corpora::decode_page(p.bytes)); });
  finish(state, data);
}

void BM_PipelineParse(benchmark::State& state, dom::Parser parser) {
  const auto& data = raw_pages();
  if (skip(state, data)) return;
  std::vector<std::string> utf8;
  utf8.reserve(data.pages.size());
  for (const auto& p : data.pages) utf8.push_back(corpora::decode_page(p.bytes).utf8);
  for (std::size_t i = 0; i < utf8.size() && i < kWarmupPages; ++i)
    benchmark::DoNotOptimize(dom::Document::parse_with(parser, utf8[i]));
  for (auto _ : state)
    for (const auto& s : utf8) {
      auto d = dom::Document::parse_with(parser, s);
      benchmark::DoNotOptimize(d);
    }
  finish(state, data);
}

void BM_PipelineFull(benchmark::State& state, const char* name) {
  const auto& data = raw_pages();
  if (skip(state, data)) return;
  auto ex = make_extractor(name);
  warm_up(*ex, data);
  int failed = 0;
  for (auto _ : state)
    for (const auto& raw : data.pages) extract_one(*ex, make_page(raw, *ex), failed);
  finish(state, data);
  state.counters["failed"] = failed;
}

void BM_PipelineExtract(benchmark::State& state, const char* name) {
  const auto& data = raw_pages();
  if (skip(state, data)) return;
  auto ex = make_extractor(name);
  warm_up(*ex, data);
  int failed = 0;
  std::vector<Page> chunk;
  for (auto _ : state)
    for (std::size_t at = 0; at < data.pages.size(); at += kExtractChunk) {
      state.PauseTiming();
      chunk.clear();
      for (std::size_t i = at; i < data.pages.size() && i < at + kExtractChunk; ++i)
        chunk.push_back(make_page(data.pages[i], *ex));
      state.ResumeTiming();
      for (const auto& p : chunk) extract_one(*ex, p, failed);
    }
  finish(state, data);
  state.counters["failed"] = failed;
}

BENCHMARK(BM_PipelineRead)->Name("Pipeline/Read")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_PipelineDecode)->Name("Pipeline/Decode")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_PipelineParse, gumbo, dom::Parser::Html5)->Name("Pipeline/Parse/gumbo")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_PipelineParse, libxml2, dom::Parser::Libxml2)->Name("Pipeline/Parse/libxml2")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_PipelineParse, neko, dom::Parser::Neko)->Name("Pipeline/Parse/neko")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_PipelineFull, BP, "BP")->Name("Pipeline/Full/BP")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_PipelineFull, JTA, "JTA")->Name("Pipeline/Full/JTA")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_PipelineFull, RD, "RD")->Name("Pipeline/Full/RD")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_PipelineExtract, BP, "BP")->Name("Pipeline/Extract/BP")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_PipelineExtract, JTA, "JTA")->Name("Pipeline/Extract/JTA")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_PipelineExtract, RD, "RD")->Name("Pipeline/Extract/RD")->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
