// The input floor of scoring (issue 2): what merely opening and reading the files of
// a scoring run costs, and that plus one look at each byte (a count of the non-space
// code points, the `car` tokens). No scorer can be faster than this, whatever its
// matcher; scripts/bench_score.sh sets it beside the time budget a speed target
// leaves.
//
// Files: the gold folder of the language and that language's folder of every
// published system under ../shared/corpora/daniel-published-outputs/outputs (for zh:
// 405 + 8 x 405 = 3645 files), read through io::Folder and read_file_into with
// one reused buffer, exactly as `detour score --jobs 1` reads them.
// Cases: ScoreFloor/Read/<lang> (el, en, pl, ru, zh, all): open, read, close (counter
// bytes); ScoreFloor/ReadCount/<lang>: the same plus the count of non-space code
// points (counter code_points). One iteration = one pass over all files, after a
// warm-up pass (page cache).
// ScoreFloor/BatchRead/<zh|all>: the same files through io::BatchReader (io_uring).
// Run: detour_bench --benchmark_filter=ScoreFloor
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench_pages.h"
#include "base/batch_read.h"
#include "corpora/corpus.h"

namespace {

namespace fs = std::filesystem;
using namespace detour;

struct FolderFiles {
  std::unique_ptr<io::Folder> folder;
  std::vector<std::string> names;
};

std::vector<FolderFiles> score_inputs(const std::string& lang) {
  const fs::path shared = bench::shared_dir();
  const fs::path outputs = shared / "corpora" / "daniel-published-outputs" / "outputs";
  std::vector<std::string> langs = lang == "all" ? std::vector<std::string>{"el", "en", "pl", "ru", "zh"}
                                                 : std::vector<std::string>{lang};
  std::vector<FolderFiles> out;
  std::error_code ec;
  if (!fs::is_directory(outputs, ec)) return out;
  std::vector<fs::path> systems;
  for (const auto& e : fs::directory_iterator(outputs)) systems.push_back(e.path());
  std::sort(systems.begin(), systems.end());
  for (const std::string& l : langs) {
    std::vector<fs::path> dirs{shared / "corpora" / "daniel" / l / "gold"};
    for (const fs::path& s : systems) dirs.push_back(s / l);
    for (const fs::path& d : dirs) {
      FolderFiles f;
      f.folder = std::make_unique<io::Folder>(d);
      f.names = io::list_files(d);
      out.push_back(std::move(f));
    }
  }
  return out;
}

// score_inputs, or false after telling the benchmark why it is skipped.
bool load_inputs(benchmark::State& state, const std::string& lang, std::vector<FolderFiles>& inputs) {
  try {
    inputs = score_inputs(lang);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return false;
  }
  if (inputs.empty()) {
    state.SkipWithError("../shared/corpora/daniel-published-outputs is absent (set DETOUR_SHARED)");
    return false;
  }
  return true;
}

std::size_t count_code_points(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 && c > 0x20;
  return n;
}

void BM_Floor(benchmark::State& state, const std::string& lang, bool count) {
  std::vector<FolderFiles> inputs;
  if (!load_inputs(state, lang, inputs)) return;
  io::ReadBuffer buf;
  auto pass = [&](std::size_t& files) {
    std::size_t cps = 0;
    files = 0;
    for (const FolderFiles& f : inputs)
      for (const std::string& name : f.names) {
        const std::string_view text = io::read_file_into(*f.folder, name, buf);
        cps += count ? count_code_points(text) : text.size();
        ++files;
      }
    return cps;
  };
  std::size_t files = 0;
  std::size_t cps = pass(files);  // warm-up: page cache, buffer size
  for (auto _ : state) benchmark::DoNotOptimize(cps = pass(files));
  state.counters["files"] = static_cast<double>(files);
  state.counters[count ? "code_points" : "bytes"] = static_cast<double>(cps);
}

// The same files through io::BatchReader (io_uring batches), as `detour score`
// reads them when io_uring is available; files it leaves out are read one by one.
void BM_BatchFloor(benchmark::State& state, const std::string& lang) {
  std::vector<FolderFiles> inputs;
  if (!load_inputs(state, lang, inputs)) return;
  io::BatchReader reader;
  if (!reader.active()) {
    state.SkipWithError("io_uring is not available here (or DETOUR_NO_URING is set)");
    return;
  }
  std::vector<io::BatchReader::Request> all;
  for (const FolderFiles& f : inputs)
    for (const std::string& name : f.names) all.push_back({f.folder.get(), &name, true});  // from list_files
  io::ReadBuffer buf;
  std::size_t left_out = 0;
  auto pass = [&] {
    std::size_t bytes = 0;
    left_out = 0;
    for (std::size_t lo = 0; lo < all.size(); lo += io::BatchReader::kMaxBatch) {
      const std::size_t n = std::min(all.size() - lo, io::BatchReader::kMaxBatch);
      reader.read(std::span(all).subspan(lo, n));
      for (std::size_t i = 0; i < n; ++i) {
        if (auto t = reader.text(i)) {
          bytes += t->size();
        } else {
          bytes += io::read_file_into(*all[lo + i].folder, *all[lo + i].name, buf).size();
          ++left_out;
        }
      }
    }
    return bytes;
  };
  std::size_t bytes = pass();
  for (auto _ : state) benchmark::DoNotOptimize(bytes = pass());
  state.counters["files"] = static_cast<double>(all.size());
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["left_out"] = static_cast<double>(left_out);
}

[[maybe_unused]] const bool registered = [] {
  for (const bool count : {false, true})
    for (const char* lang : {"el", "en", "pl", "ru", "zh", "all"})
      benchmark::RegisterBenchmark((std::string(count ? "ScoreFloor/ReadCount/" : "ScoreFloor/Read/") + lang).c_str(),
                                   [l = std::string(lang), count](benchmark::State& s) { BM_Floor(s, l, count); })
          ->Unit(benchmark::kMillisecond);
  for (const char* lang : {"zh", "all"})
    benchmark::RegisterBenchmark((std::string("ScoreFloor/BatchRead/") + lang).c_str(),
                                 [l = std::string(lang)](benchmark::State& s) { BM_BatchFloor(s, l); })
        ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
