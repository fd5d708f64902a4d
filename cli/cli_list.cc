// `detour list`: extractors and metrics, with their settings and versions.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "extractors/extractor.h"
#include "cli/cli.h"
#include "metrics/metric.h"

namespace detour::cli {

void add_list_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "list extractors and metrics with their settings and versions");
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
  });
}

}  // namespace detour::cli
