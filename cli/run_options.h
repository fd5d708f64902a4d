// run_options: the options `detour run` and `detour tune` share (corpus, systems,
// settings, variants, sweeps, metrics, external tools, threads) and the RunConfig they
// make; the run's own options and the run itself as `detour run` makes it (also for
// the Python package, python/). Defined in cli/cli_run.cc.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/bench_options.h"
#include "cli/judgment_options.h"
#include "runner/runner.h"
#include "runner/sweep.h"
#include "runner/task_run.h"

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
  std::string send_ahead = "auto";    // --send-ahead: auto | always | never
  std::string page_memory = "1G";     // --page-memory: a worker's memory for one page
  std::string keep_pages = "0";       // --keep-pages: pages the learning pass keeps for the run
  BenchArgs bench;  // --format, --aggregate and the benchmark metrics' settings (bench_options.h)
};

// Adds the shared options to `cmd`, writing into `args`.
void add_run_options(CLI::App* cmd, RunArgs& args);

struct RunPlan {
  harness::RunConfig config;
  std::vector<harness::SweepGroup> sweeps;
};
// Checks the options and builds the run. With sweeps and no --extractors given, the
// run holds the sweep systems and the variants only. `factories`: stages made by the
// program that embeds detour (runner/pipeline.h), usable by name as --external tools
// are (the Python package's functions). Throws UsageError.
RunPlan make_run_plan(const RunArgs& args, const CLI::App* cmd, std::vector<harness::StageFactory> factories = {});

// What `detour run` adds to the options it shares with `tune`: the HTML report, the
// results store, resuming, shards and the downstream task.
struct RunExtras {
  bool report = false;
  std::string store, shard = "1/1", prepared;  // --prepared: a file of `detour prepare`
  bool resume = false, overwrite = false;
  std::string task, task_resources, annotations;  // --task (runner/task_run.h)
  std::vector<std::string> task_params;
};
void add_run_extras(CLI::App* cmd, RunExtras& extras);

// A run as `detour run` makes it, before it prints anything.
struct RunOutcome {
  harness::RunResult result;
  std::optional<harness::TaskResults> task;  // with --task
  std::optional<harness::Table3> table3;
  std::vector<results::ScoreSet> task_sets;  // harness::task_score_sets(*task)
  double task_tables_cpu = 0;  // CPU time of the task's tables and files (not Table 4's group)
};
// Completes the plan's configuration with the judgments (their resamples are the
// run's --resamples) and the extras, runs it with the task deciding each page as it
// completes, and writes the run folder (outputs, records, tables, sweep and task
// tables) when it has one. Throws what harness::run throws, and UsageError or
// ResourceError for the task.
RunOutcome execute_run(RunPlan& plan, const RunArgs& args, JudgmentArgs& judgments, const RunExtras& extras);

}  // namespace detour::cli
