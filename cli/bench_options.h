// bench_options: the command-line options `score`, `run` and `convert` share for the
// corpus readers (corpora/format.h: the format and its settings) and for the
// benchmark metrics and aggregations (metrics/aggregation.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "corpora/corpus.h"
#include "metrics/aggregation.h"
#include "metrics/metric.h"

namespace CLI {
class App;
}

namespace detour::cli {

struct BenchArgs {
  std::string format;  // corpus reader, "" = detect
  std::string dragnet_comments = "drop", l3s_classes = "1,2,3";
  std::string rouge = "wceb", punkt, text_form;  // text_form "": chosen by where the texts come from
  std::string aggregate = "micro";
  int resamples = 1000;
  std::uint64_t resample_seed = 12345;
};

// Adds the reader options (`format_flag` names the reader option: --format where
// the command has no output format of that name, else --corpus-format); with
// `scoring`, the metric and aggregation options too.
void add_bench_options(CLI::App* cmd, BenchArgs& a, const std::string& format_flag, bool scoring = true);

corpora::OpenOptions open_options(const BenchArgs& a);
// Fills the benchmark metrics' settings (the text forms only when --text-form is
// given); throws UsageError on a bad value.
void apply_bench_options(const BenchArgs& a, metrics::ScoreOptions& opts);
// Checks the aggregation name (UsageError) and returns its options.
metrics::AggregationOptions aggregation_options(const BenchArgs& a);

// True when `score --corpus ROOT` must go through the corpus readers: a format
// other than daniel is named or detected, or a system's outputs are one file.
bool use_corpus_reader(const std::string& root, const std::string& format, const std::vector<std::string>& systems);

}  // namespace detour::cli
