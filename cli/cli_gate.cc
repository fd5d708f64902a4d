// `detour gate`: a regression gate for CI (reports/gate.h).
//   detour gate RUN --baseline FILE [--update [--allow-regression]] [--systems LIST]
//               [--max-drop D] [--significant [--baseline-run RUN]] [--fail-under RULE]...
//               [--max-failed N|N%] [--max-slowdown F] [--junit FILE] [--format text|json]
//               [--verbose] [--allow-extractor-change] [--resamples N] [--trials N] [--seed N] [--alpha A]
// RUN is a run source (results/run_source.h): a run folder of `detour run --out`.
// Exit status: 0 every check passed (or the baseline was written), 1 a check failed
// (or --update would lower a floor without --allow-regression), 2 usage errors and
// unreadable input (run folder, baseline file).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <optional>

#include "base/errors.h"
#include "base/io.h"
#include "base/strings.h"
#include "cli/cli.h"
#include "cli/judgment_options.h"
#include "reports/gate.h"
#include "results/run_source.h"

namespace detour::cli {

namespace {

struct GateArgs {
  std::string source, baseline, baseline_run, systems, junit, format = "text", max_failed;
  std::vector<std::string> fail_under;
  double max_drop = 0.5, max_slowdown = 0;
  bool update = false, allow_regression = false, significant = false, verbose = false, allow_extractor_change = false;
  JudgmentArgs judgments;
  int jobs = 0;
};

results::RunRecords load(const std::string& source) {
  try {
    return load_run_source(source);
  } catch (const results::RecordsError& e) {
    throw UsageError(std::string("unreadable run: ") + e.what());  // exit 2, as documented
  }
}

}  // namespace

void add_gate_command(CLI::App& app) {
  auto args = std::make_shared<GateArgs>();
  auto* cmd = app.add_subcommand("gate", "regression gate for CI: check a run against a committed baseline file");
  cmd->add_option("run", args->source, "the run source (a run folder of `detour run --out`, or a store run: ID or STORE_FILE:ID)")->required();
  cmd->add_option("--baseline", args->baseline, "the baseline file (JSON)")->required();
  cmd->add_flag("--update", args->update, "write the baseline from the run (floors at F1 - --max-drop)");
  cmd->add_flag("--allow-regression", args->allow_regression, "let --update lower floors");
  cmd->add_option("--systems", args->systems, "with --update: only these systems (comma-separated)");
  auto* drop = cmd->add_option("--max-drop", args->max_drop,
                               "points of F1 a cell may lose against the baseline (with --update: the floors' margin)")
                   ->capture_default_str();
  cmd->add_flag("--allow-extractor-change", args->allow_extractor_change,
                "a system whose extractor signature (version, settings) differs from the baseline's passes its "
                "extractor check");
  cmd->add_flag("--significant", args->significant, "a drop fails only when it is statistically significant");
  cmd->add_option("--baseline-run", args->baseline_run,
                  "with --significant: the baseline's run source, for paired tests (else the run's intervals)");
  cmd->add_option("--fail-under", args->fail_under,
                  "absolute floor [SYSTEM[/LANG]:]METRIC.MEASURE=VALUE, e.g. to.f1=85 or BP/zh:car.f1=80 (repeat)");
  cmd->add_option("--max-failed", args->max_failed, "failed pages allowed per system: N or N% (default: the baseline's count)");
  auto* slow = cmd->add_option("--max-slowdown", args->max_slowdown,
                               "speed check: ms/page at most (1 + F) x the baseline's (e.g. 0.5)");
  cmd->add_option("--junit", args->junit, "also write the checks as JUnit XML to FILE");
  cmd->add_option("--format", args->format, "standard output: text or json")->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_flag("--verbose", args->verbose, "text: list the passed checks too");
  cmd->add_option("--jobs", args->jobs, "threads for the statistics (default: every core)");
  add_judgment_options(cmd, args->judgments, /*with_confidence=*/false, /*seed_alias=*/true);
  cmd->callback([args, cmd, drop, slow] {
    if (cmd->count("--jobs")) check_jobs(args->jobs);
    if (args->max_drop < 0) throw UsageError("--max-drop must be 0 or more");
    if (args->max_slowdown < 0) throw UsageError("--max-slowdown must be 0 or more");
    const results::JudgmentSettings settings = judgment_settings(args->judgments);
    const results::RunRecords run = load(args->source);

    if (args->update) {
      reports::GateBaseline next = reports::baseline_from_run(run, args->max_drop, split_list(args->systems));
      if (next.systems.empty()) throw UsageError("--systems " + args->systems + ": no such system in the run");
      std::error_code ec;
      if (std::filesystem::exists(args->baseline, ec)) {
        reports::GateBaseline old;
        try {
          old = reports::read_baseline(args->baseline);
        } catch (const reports::BaselineError& e) {
          throw UsageError(e.what());
        }
        const auto lowered = reports::lowered_floors(old, next);
        if (!lowered.empty() && !args->allow_regression) {
          for (const auto& l : lowered) std::cout << "lowered: " << l << "\n";
          throw WorkFailed(fmt::format("--update would lower {} floor(s) of {} (listed above); pass "
                                       "--allow-regression to accept them",
                                       lowered.size(), args->baseline));
        }
        for (const auto& l : lowered) std::cout << "lowered (allowed): " << l << "\n";
      }
      io::write_file_atomic(args->baseline, reports::baseline_json(next));
      std::size_t cells = 0;
      for (const auto& [name, g] : next.systems)
        for (const auto& [lang, ms] : g.cells) cells += ms.size();
      std::cout << fmt::format("gate: baseline {} written: {} system(s), {} cell(s), floors at F1 - {:g}\n",
                               args->baseline, next.systems.size(), cells, args->max_drop);
      return;
    }

    reports::GateBaseline baseline;
    try {
      baseline = reports::read_baseline(args->baseline);
    } catch (const reports::BaselineError& e) {
      throw UsageError(e.what());
    }
    reports::GateOptions o;
    if (drop->count()) o.max_drop = args->max_drop;
    if (slow->count()) o.max_slowdown = args->max_slowdown;
    o.significant = args->significant;
    o.allow_extractor_change = args->allow_extractor_change;
    std::optional<results::RunRecords> base_run;
    if (!args->baseline_run.empty()) {
      if (!args->significant) throw UsageError("--baseline-run is used by --significant only");
      base_run = load(args->baseline_run);
      o.baseline_run = &*base_run;
    }
    for (const auto& r : args->fail_under) o.fail_under.push_back(reports::parse_fail_under(r));
    if (!args->max_failed.empty()) o.max_failed = reports::parse_failed_bound(args->max_failed);
    o.baselines = settings.baselines;
    o.judge = reports::JudgeOptions::from(settings, static_cast<unsigned>(args->jobs));
    const reports::GateResult result = reports::run_gate(run, baseline, o);
    if (!args->junit.empty())
      io::write_file_atomic(args->junit, reports::gate_junit(result, "detour gate " + args->baseline));
    std::cout << (args->format == "json" ? reports::gate_json(result) : reports::gate_summary(result, args->verbose));
    if (result.failures() > 0)
      throw WorkFailed(fmt::format("gate failed: {} of {} checks", result.failures(), result.checks.size()));
  });
}

}  // namespace detour::cli
