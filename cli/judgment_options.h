// judgment_options: the command-line options of the statistics, shared by `run`,
// `score`, `compare` and `gate`: --confidence[=pm|bounds], --resamples, --trials, the
// seed (--stats-seed; `compare` and `gate` also take --seed), --alpha and --baselines.
#pragma once

#include <cstdint>
#include <string>

#include "results/provenance.h"

namespace CLI {
class App;
}

namespace detour::cli {

struct JudgmentArgs {
  std::string confidence;  // "" (not asked), "pm" or "bounds"
  std::uint32_t resamples = 1000;
  std::uint32_t trials = 10000;
  std::uint64_t seed = 12345;
  double alpha = 0.05;
  std::string baselines;  // comma-separated
};

// Adds the options to `cmd` (--resamples only when `cmd` has none yet). `with_confidence`: --confidence (tables with
// intervals); `seed_alias`: the seed is also --seed (for commands without an
// extractor seed).
void add_judgment_options(CLI::App* cmd, JudgmentArgs& args, bool with_confidence, bool seed_alias);

// The settings, checked (resamples >= 1, 0 < alpha < 1); throws UsageError.
results::JudgmentSettings judgment_settings(const JudgmentArgs& args);

}  // namespace detour::cli
