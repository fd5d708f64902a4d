// bench_daniel: the DAnIEL task (tasks/daniel) deciding every gold text of one DANIEL
// language (argument: 0 el, 1 en, 2 pl, 3 ru, 4 zh), or of all five (argument 5), with
// the resources of ../shared/resources/daniel. One thread; reports texts/s and bytes/s.
// Skips with a message when ../shared is absent (set DETOUR_SHARED to point elsewhere).
//
// BM_DanielDecideRun: the texts of a run as `detour run --task daniel` decides them,
// page after page: each page's gold text, then every system's output of it
// (DETOUR_RUN_OUTPUTS = the run's outputs/ folder, DIR/<system>/<lang>/<name>), texts
// equal on a page once. Skips when DETOUR_RUN_OUTPUTS is not set.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <cstdlib>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "bench/bench_pages.h"
#include "base/io.h"
#include "corpora/corpus.h"
#include "tasks/task.h"

namespace {

using namespace detour;

constexpr const char* kLanguages[] = {"el", "en", "pl", "ru", "zh"};

struct GoldTexts {
  std::vector<std::string> langs, ids, names, texts;  // names: the gold files' (outputs are named so)
  std::string error;
};

const GoldTexts& gold_texts() {
  static const GoldTexts data = [] {
    GoldTexts out;
    const auto root = bench::shared_dir() / "corpora" / "daniel";
    if (!std::filesystem::is_directory(root)) {
      out.error = root.string() + " is absent (set DETOUR_SHARED)";
      return out;
    }
    for (const auto& d : corpora::open_corpus(root).docs) {
      if (d.gold_path.empty() || d.html_path.empty()) continue;
      out.langs.push_back(d.lang);
      out.ids.push_back(d.id);
      out.names.push_back(d.gold_path.filename().string());
      out.texts.push_back(corpora::load_gold_bytes(d));
    }
    return out;
  }();
  return data;
}

const tasks::Task* daniel_task() {
  static const std::unique_ptr<tasks::Task> task = []() -> std::unique_ptr<tasks::Task> {
    const auto resources = bench::shared_dir() / "resources" / "daniel";
    if (!std::filesystem::is_directory(resources)) return nullptr;
    tasks::TaskSettings settings;
    settings.resources = resources;
    auto t = tasks::find_task("daniel").make(settings);
    t->prepare({std::begin(kLanguages), std::end(kLanguages)});
    return t;
  }();
  return task.get();
}

// Times the decisions of `texts`, text k of the page gold_texts() holds at page[k];
// reports texts, relevant decisions, texts/s and bytes/s.
void time_decisions(benchmark::State& state, const tasks::Task& task, const std::vector<std::size_t>& page,
                    const std::vector<std::string_view>& texts) {
  const GoldTexts& g = gold_texts();
  std::int64_t bytes = 0;
  for (const auto& t : texts) bytes += static_cast<std::int64_t>(t.size());
  std::size_t relevant = 0;
  for (auto _ : state) {
    relevant = 0;
    for (std::size_t k = 0; k < texts.size(); ++k) {
      const std::size_t i = page[k];
      relevant += task.decide({g.langs[i], g.ids[i], texts[k]}).relevant;
    }
  }
  state.counters["texts"] = static_cast<double>(texts.size());
  state.counters["relevant"] = static_cast<double>(relevant);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(texts.size()));
  state.SetBytesProcessed(state.iterations() * bytes);
}

void BM_DanielDecideGold(benchmark::State& state) {
  const GoldTexts& g = gold_texts();
  const tasks::Task* task = daniel_task();
  if (!g.error.empty() || !task) {
    state.SkipWithError(!g.error.empty() ? g.error.c_str() : "../shared/resources/daniel is absent");
    return;
  }
  const auto arg = static_cast<std::size_t>(state.range(0));
  std::vector<std::size_t> page;
  std::vector<std::string_view> texts;
  for (std::size_t i = 0; i < g.texts.size(); ++i)
    if (arg >= std::size(kLanguages) || g.langs[i] == kLanguages[arg]) {
      page.push_back(i);
      texts.push_back(g.texts[i]);
    }
  state.SetLabel(arg < std::size(kLanguages) ? kLanguages[arg] : "all");
  time_decisions(state, *task, page, texts);
}
BENCHMARK(BM_DanielDecideGold)->DenseRange(0, 5)->Unit(benchmark::kMillisecond);

struct RunTexts {
  std::vector<std::size_t> page;  // index in gold_texts()
  std::vector<std::string> texts;
  std::string error;
};

const RunTexts& run_texts() {
  static const RunTexts data = [] {
    RunTexts out;
    const char* env = std::getenv("DETOUR_RUN_OUTPUTS");
    if (!env || !*env) {
      out.error = "DETOUR_RUN_OUTPUTS (a run's outputs/ folder) is not set";
      return out;
    }
    const GoldTexts& g = gold_texts();
    if (!g.error.empty()) {
      out.error = g.error;
      return out;
    }
    std::vector<std::filesystem::path> systems;
    for (const auto& e : std::filesystem::directory_iterator(env))
      if (e.is_directory()) systems.push_back(e.path());
    std::sort(systems.begin(), systems.end());
    for (std::size_t i = 0; i < g.texts.size(); ++i) {
      std::set<std::string> page{g.texts[i]};
      out.page.push_back(i);
      out.texts.push_back(g.texts[i]);
      for (const auto& s : systems) {
        std::error_code ec;
        const auto file = s / g.langs[i] / g.names[i];
        if (!std::filesystem::exists(file, ec)) continue;
        std::string text = io::read_file(file);
        if (!page.insert(text).second) continue;
        out.page.push_back(i);
        out.texts.push_back(std::move(text));
      }
    }
    return out;
  }();
  return data;
}

void BM_DanielDecideRun(benchmark::State& state) {
  const RunTexts& r = run_texts();
  const tasks::Task* task = daniel_task();
  if (!r.error.empty() || !task) {
    state.SkipWithError(!r.error.empty() ? r.error.c_str() : "../shared/resources/daniel is absent");
    return;
  }
  time_decisions(state, *task, r.page, std::vector<std::string_view>(r.texts.begin(), r.texts.end()));
}
BENCHMARK(BM_DanielDecideRun)->Unit(benchmark::kMillisecond);

}  // namespace
