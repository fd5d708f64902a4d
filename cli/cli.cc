#include "cli/cli.h"

#include <CLI/CLI.hpp>

#include <csignal>
#include <exception>
#include <iostream>

#include "base/errors.h"
#include "base/version.h"
#include "reports/table.h"
#include "results/provenance.h"
#include "runner/resume.h"

namespace detour::cli {

namespace {
using AddCommand = void (*)(CLI::App&);
// The subcommand table, in help order.
constexpr AddCommand kCommands[] = {
    add_run_command,
    add_prepare_command,
    add_tune_command,
    add_score_command,
    add_sites_command,
    add_compare_command,
    add_gate_command,
    add_task_command,
    add_extract_command,
    add_train_command,
    add_convert_command,
    add_report_command,
    add_merge_command,
    add_runs_command,
    add_list_command,
};
}  // namespace

void check_jobs(int jobs) {
  if (jobs < 1) throw UsageError("--jobs " + std::to_string(jobs) + ": must be 1 or more (leave it out to use every core)");
}

std::vector<std::string> format_names() {
  std::vector<std::string> names;
  for (const auto& w : reports::writer_registry()) names.emplace_back(w.name);
  return names;
}

int main(int argc, char** argv) {
  results::set_command_line(argc, argv);
  CLI::App app{"detour: evaluation and benchmarking of web-page boilerplate removal"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(detour_version()));
  for (AddCommand add : kCommands) add(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version are "errors" with status 0; every other one is a usage error.
    int status = app.exit(e);
    return status == 0 ? 0 : kExitUsage;
  } catch (const UsageError& e) {
    std::cerr << "detour: " << e.what() << "\n";
    return kExitUsage;
  } catch (const harness::Interrupted& e) {
    std::cerr << "detour: " << e.what() << "\n";
    std::cerr.flush();
    // Die of the signal, as without a run in progress (what it does now: the
    // external tools' cleanup, or the default).
    std::raise(e.signal());
    return 128 + e.signal();
  } catch (const WorkFailed& e) {
    std::cerr << "detour: " << e.what() << "\n";
    return kExitFailed;
  } catch (const std::exception& e) {
    std::cerr << "detour: " << e.what() << "\n";
    return kExitFailed;
  }
  return 0;
}

}  // namespace detour::cli
