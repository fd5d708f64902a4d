// judgment_options: see judgment_options.h.
#include "cli/judgment_options.h"

#include <CLI/CLI.hpp>

#include "base/errors.h"
#include "base/strings.h"

namespace detour::cli {

void add_judgment_options(CLI::App* cmd, JudgmentArgs& args, bool with_confidence, bool seed_alias) {
  if (with_confidence)
    cmd->add_flag("--confidence{pm}", args.confidence,
                  "confidence intervals in the tables: --confidence (F1 ± half-width) or --confidence=bounds "
                  "([lo, hi]); 95% percentile bootstrap over documents")
        ->check(CLI::IsMember({"pm", "bounds"}));
  // `run` and `score` already have --resamples (cli/bench_options.h, the same bootstrap
  // count); their callbacks copy it into JudgmentArgs::resamples.
  if (!cmd->get_option_no_throw("--resamples"))
    cmd->add_option("--resamples", args.resamples, "bootstrap resamples")->capture_default_str();
  cmd->add_option("--trials", args.trials, "approximate randomization trials (0: paired bootstrap p-values only)")
      ->capture_default_str();
  cmd->add_option(seed_alias ? "--seed,--stats-seed" : "--stats-seed", args.seed,
                  "seed of the bootstrap and randomization")
      ->capture_default_str();
  cmd->add_option("--alpha", args.alpha, "1 - confidence level; significance level")->capture_default_str();
  cmd->add_option("--baselines", args.baselines,
                  "systems to treat as baselines (never ranked), besides GOLD, ALL and NONE (comma-separated)");
}

results::JudgmentSettings judgment_settings(const JudgmentArgs& args) {
  if (args.resamples < 1) throw UsageError("--resamples must be 1 or more");
  if (!(args.alpha > 0 && args.alpha < 1)) throw UsageError("--alpha must be between 0 and 1 (exclusive)");
  results::JudgmentSettings s;
  s.intervals = args.confidence;
  s.resamples = args.resamples;
  s.trials = args.trials;
  s.seed = args.seed;
  s.alpha = args.alpha;
  s.baselines = split_list(args.baselines);
  return s;
}

}  // namespace detour::cli
