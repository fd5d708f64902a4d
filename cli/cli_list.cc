// `detour list`: extractors and metrics, with their settings and versions.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "extractors/extractor.h"
#include "cli/cli.h"
#include "corpora/format.h"
#include "metrics/aggregation.h"
#include "metrics/metric.h"

namespace detour::cli {

void add_list_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "list extractors, metrics, aggregations and corpus formats");
  cmd->callback([] {
    fmt::print("Extractors:\n");
    for (const auto& info : extractor_registry()) {
      auto ex = info.make();
      fmt::print("  {:<10} {}\n  {:<10} {}\n", info.name, info.description, "", ex->signature());
    }
    fmt::print("\nMetrics:\n");
    metrics::ScoreOptions opts;
    for (const auto& m : metrics::metric_registry())
      fmt::print("  {:<10} {}\n  {:<10} {}\n", m.name, m.description, "", metrics::metric_signature(m, opts));
    fmt::print("\nAggregations (--aggregate):\n");
    for (const auto& a : metrics::aggregation_registry()) fmt::print("  {:<12} {}\n", a.name, a.description);
    fmt::print("\nCorpus formats (--format; detected in this order):\n");
    for (const auto& f : corpora::corpus_formats()) fmt::print("  {:<16} {}\n", f.name, f.summary);
  });
}

}  // namespace detour::cli
