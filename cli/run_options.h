// run_options: the options `detour run` and `detour tune` share (corpus, systems,
// settings, variants, sweeps, metrics, external tools, threads) and the RunConfig they
// make. Defined in cli/cli_run.cc.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/bench_options.h"
#include "runner/runner.h"
#include "runner/sweep.h"

namespace CLI {
class App;
}

namespace detour::cli {

struct RunArgs {
  std::string lang, corpus, extractors = "BP,JTA,JTS,RD,HK", chains = "none", metrics = "to,car,tm", out, languages;
  std::vector<std::string> externals, serves, models, variants, sweeps;
  long long max_restarts = 100;  // --max-restarts: faults of a served tool in a run before it is given up
  std::string settings_file;
  double timeout = 60;
  int jobs = 0;
  std::uint64_t seed = 42;
  bool no_progress = false;
  std::string autojunk = "yes";
  std::string max_output = "64M";
  std::string max_page = "32M";  // --max-page: corpora::PageLimits::max_bytes
  double stage_budget = 10;      // --stage-budget: CPU seconds a built-in stage may take on a page
  std::string isolation = "auto";     // --isolation: auto | process | none
  std::string page_memory = "1G";     // --page-memory: a worker's memory for one page
  std::string keep_pages = "2G";      // --keep-pages: pages the learning pass keeps for the run
  BenchArgs bench;  // --format, --aggregate and the benchmark metrics' settings (bench_options.h)
};

// Adds the shared options to `cmd`, writing into `args`.
void add_run_options(CLI::App* cmd, RunArgs& args);

struct RunPlan {
  harness::RunConfig config;
  std::vector<harness::SweepGroup> sweeps;
};
// Checks the options and builds the run. With sweeps and no --extractors given, the
// run holds the sweep systems and the variants only. Throws UsageError.
RunPlan make_run_plan(const RunArgs& args, const CLI::App* cmd);

}  // namespace detour::cli
