// `detour prepare`: what the corpus-aware extractors of a run (NC's training, C45's
// trees, TDIFF's site pairing) learn from the whole corpus, learnt once and written
// to a file, for the shards of a spread run to restore (`detour run --shard I/N
// --prepared FILE`) instead of each learning it again.
//   detour prepare RUN_OPTIONS... --out FILE
// RUN_OPTIONS are `detour run`'s, as the shards are given them (--corpus, --extractors,
// --chains, --languages, --seed, stage settings, ...): the state is refused by a run
// whose corpus, seed, languages, detour build or stage settings differ. The options
// that change nothing learnt (--shard, --store, --resume, --task, judgments, ...) are
// accepted and not used, so that one option list serves both commands.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <memory>

#include "base/errors.h"
#include "base/strings.h"
#include "cli/cli.h"
#include "cli/judgment_options.h"
#include "cli/run_options.h"
#include "runner/runner.h"

namespace detour::cli {

void add_prepare_command(CLI::App& app) {
  auto args = std::make_shared<RunArgs>();
  auto* cmd = app.add_subcommand("prepare",
                                 "learn once what the corpus-aware extractors of a run learn from the corpus, into a "
                                 "file that `detour run --prepared` (each shard) restores");
  add_run_options(cmd, *args);
  // Accepted as `detour run` takes them, not used: nothing they set is learnt.
  struct Unused {
    std::string store, shard, task, task_resources, annotations;
    std::vector<std::string> task_params;
    bool resume = false, overwrite = false, report = false;
    JudgmentArgs judgments;
  };
  auto unused = std::make_shared<Unused>();
  add_judgment_options(cmd, unused->judgments, /*with_confidence=*/true, /*seed_alias=*/false);
  cmd->add_option("--store", unused->store, "accepted as by `detour run`, not used")->expected(0, 1);
  cmd->add_option("--shard", unused->shard, "accepted as by `detour run`, not used: the whole corpus is prepared on");
  cmd->add_option("--task", unused->task, "accepted as by `detour run`, not used");
  cmd->add_option("--task-resources", unused->task_resources, "accepted as by `detour run`, not used");
  cmd->add_option("--annotations", unused->annotations, "accepted as by `detour run`, not used");
  cmd->add_option("--task-param", unused->task_params, "accepted as by `detour run`, not used");
  cmd->add_flag("--resume", unused->resume, "accepted as by `detour run`, not used");
  cmd->add_flag("--overwrite", unused->overwrite, "accepted as by `detour run`, not used");
  cmd->add_flag("--report", unused->report, "accepted as by `detour run`, not used");
  cmd->callback([args, cmd] {
    if (args->out.empty()) throw UsageError("detour prepare needs --out FILE (the prepared state to write)");
    const std::string file = args->out;
    RunPlan plan = make_run_plan(*args, cmd);
    plan.config.out.clear();  // --out is the state's file here, not a run folder
    const harness::PrepareOutcome done = harness::prepare_run(plan.config, file);
    if (done.stages.empty())
      std::cout << fmt::format(
          "nothing to prepare: no stage of the run learns from the corpus (as NC, C45 or TDIFF do); {} not written, "
          "the shards run without a prepared state\n",
          file);
    else if (done.kept)
      std::cout << fmt::format("{}: already prepared for this run ({}), kept as it is\n", file,
                               join(done.stages, ", "));
    else
      std::cout << fmt::format("prepared {} on the corpus in {:.1f} s: {} ({:.1f} MB)\n", join(done.stages, ", "),
                               done.seconds, file, static_cast<double>(done.bytes) / 1e6);
  });
}

}  // namespace detour::cli
