// `detour list`: extractors and metrics, with their settings and versions. Each
// extractor shows its signature with the default settings, then every setting it
// declares (extractors/settings.h): name, default, type and range, and what it does.
// Each adapter (extractors/adapters.h) shows whether its tool is installed, and if not
// what is missing and the command that installs it.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "base/strings.h"
#include "extractors/adapters.h"
#include "extractors/extractor.h"
#include "cli/cli.h"
#include "corpora/format.h"
#include "metrics/aggregation.h"
#include "metrics/metric.h"
#include "runner/memory_bound.h"

namespace detour::cli {

void add_list_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "list extractors, metrics, aggregations and corpus formats");
  cmd->callback([] {
    fmt::print("Extractors (settings: NAME(key=value,...), e.g. 'JTA(length_low=60)'):\n");
    for (const auto& info : extractor_registry()) {
      auto ex = make_extractor(info.name);
      fmt::print("  {:<10} {}\n  {:<10} {}\n", info.name, info.description, "", ex->signature());
      for (const auto& s : info.setting_specs())
        fmt::print("  {:<10}   {}={}  ({}) {}\n", "", s.name, s.default_value, s.domain(), s.help);
    }
    fmt::print("\nAdapters (today's extractors as served tools, docs/adapters.md; --extractors today names them all):\n");
    const auto dir = adapters_dir();
    fmt::print("  {:<10} folder: {}\n", "", dir ? dir->string() : std::string("none found (extractors/adapters beside detour, or $DETOUR_ADAPTERS)"));
    for (const auto& a : adapter_registry()) {
      const std::string missing = adapter_missing(a);
      fmt::print("  {:<10} {}\n  {:<10} {}\n", a.name, a.description, "",
                 missing.empty() ? std::string("state: available")
                                 : "state: unavailable, missing " + missing + "; install: " + std::string(a.install));
    }
    fmt::print("\nPresets (--extractors NAME):\n");
    for (const auto& p : preset_registry()) {
      std::vector<std::string> systems(p.systems.begin(), p.systems.end());
      fmt::print("  {:<10} {}\n  {:<10} {}\n", p.name, p.description, "", join(systems, ","));
    }
    fmt::print("\nMetrics:\n");
    metrics::ScoreOptions opts;
    for (const auto& m : metrics::metric_registry())
      fmt::print("  {:<10} {}\n  {:<10} {}\n", m.name, m.description, "", metrics::metric_signature(m, opts));
    fmt::print("\nAggregations (--aggregate):\n");
    for (const auto& a : metrics::aggregation_registry()) fmt::print("  {:<12} {}\n", a.name, a.description);
    fmt::print("\nCorpus formats (--format; detected in this order):\n");
    for (const auto& f : corpora::corpus_formats()) fmt::print("  {:<16} {}\n", f.name, f.summary);
    // Machine-dependent (scripts/golden.sh hides it).
    fmt::print("\nMemory bound of a page in a worker process (--page-memory) on this machine:\n");
    try {
      fmt::print("  {}\n", harness::probe_memory_bound().describe());
    } catch (const std::exception& e) {
      fmt::print("  {}\n", e.what());
    }
  });
}

}  // namespace detour::cli
