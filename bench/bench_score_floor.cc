// The input floor of scoring (issue 2): what merely opening and reading the files of
// a scoring run costs, and that plus one look at each byte (a count of the non-space
// code points, the `car` tokens). No scorer can be faster than this, whatever its
// matcher; scripts/bench_score.sh sets it beside the time budget a speed target
// leaves.
//
// Files: the gold folder of the language and that language's folder of every
// published system under ../shared/corpora/daniel-published-outputs/outputs (for zh:
// 405 + 8 x 405 = 3645 files), read through corpora::Folder and read_file_into with
// one reused buffer, exactly as `detour score --jobs 1` reads them.
// Cases: ScoreFloor/Read/<lang> (el, en, pl, ru, zh, all): open, read, close (counter
// bytes); ScoreFloor/ReadCount/<lang>: the same plus the count of non-space code
// points (counter code_points). One iteration = one pass over all files, after a
// warm-up pass (page cache).
// Run: detour_bench --benchmark_filter=ScoreFloor
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "corpora/corpus.h"

namespace {

namespace fs = std::filesystem;
using namespace detour;

struct FolderFiles {
  std::unique_ptr<corpora::Folder> folder;
  std::vector<std::string> names;
};

fs::path shared_dir() {
  fs::path shared = DETOUR_SHARED_DIR;
  if (const char* env = std::getenv("DETOUR_SHARED"); env && *env) shared = env;
  return shared;
}

std::vector<FolderFiles> score_inputs(const std::string& lang) {
  const fs::path shared = shared_dir();
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
      f.folder = std::make_unique<corpora::Folder>(d);
      f.names = corpora::list_files(d);
      out.push_back(std::move(f));
    }
  }
  return out;
}

std::size_t count_code_points(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 && c > 0x20;
  return n;
}

void BM_Floor(benchmark::State& state, const std::string& lang, bool count) {
  std::vector<FolderFiles> inputs;
  try {
    inputs = score_inputs(lang);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  if (inputs.empty()) {
    state.SkipWithError("../shared/corpora/daniel-published-outputs is absent (set DETOUR_SHARED)");
    return;
  }
  corpora::ReadBuffer buf;
  auto pass = [&](std::size_t& files) {
    std::size_t cps = 0;
    files = 0;
    for (const FolderFiles& f : inputs)
      for (const std::string& name : f.names) {
        const std::string_view text = corpora::read_file_into(*f.folder, name, buf);
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

[[maybe_unused]] const bool registered = [] {
  for (const bool count : {false, true})
    for (const char* lang : {"el", "en", "pl", "ru", "zh", "all"})
      benchmark::RegisterBenchmark((std::string(count ? "ScoreFloor/ReadCount/" : "ScoreFloor/Read/") + lang).c_str(),
                                   [l = std::string(lang), count](benchmark::State& s) { BM_Floor(s, l, count); })
          ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
