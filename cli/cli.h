// cli: the `detour` command. Each subcommand lives in its own cli/cli_*.cc file,
// which defines an add_*_command(CLI::App&) function; the table in cli.cc lists them.
// Subcommands report expected failures by throwing; main prints "detour: <message>"
// and exits with the status below.
#pragma once

namespace CLI {
class App;
}

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/strings.h"
#include "reports/compare_table.h"
#include "results/run_records.h"

namespace detour::harness {
struct TaskConfig;  // runner/task_run.h
}

namespace detour::cli {

// Exit statuses: 0 success; 1 the work failed or scored nothing (nothing scored, a
// system failed on every page, a resource missing, unreadable input); 2 usage errors
// (unknown names, values out of range, contradictory options).
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

// Thrown by a command whose work ran but must not count as a success (it printed
// what it could); exit 1.
class WorkFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// --jobs must be at least 1 when given; throws UsageError.
void check_jobs(int jobs);

// The names of the table writers (reports/table.h), for --format choices.
std::vector<std::string> format_names();

int main(int argc, char** argv);

// The task settings of --task, --task-resources, --annotations, --task-param
// (cli_task.cc); throws UsageError for an unknown task or a malformed parameter.
harness::TaskConfig task_config(const std::string& task, const std::string& resources, const std::string& annotations,
                                const std::vector<std::string>& params, int jobs);

void add_score_command(CLI::App& app);
void add_list_command(CLI::App& app);
void add_run_command(CLI::App& app);
void add_prepare_command(CLI::App& app);  // cli_prepare.cc
void add_extract_command(CLI::App& app);
void add_train_command(CLI::App& app);
void add_sites_command(CLI::App& app);
void add_compare_command(CLI::App& app);
void add_gate_command(CLI::App& app);
void add_task_command(CLI::App& app);
void add_convert_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_tune_command(CLI::App& app);
void add_runs_command(CLI::App& app);
// A run for compare, gate and report: a run folder or results file
// (results::load_run), or a run of the results store: ID (the default store,
// $DETOUR_STORE) or FILE:ID.
results::RunRecords load_run_source(const std::string& source);
// The store run `source` names (ID or FILE:ID, and no such file or folder exists), or
// nullopt.
struct StoreRunRef {
  std::filesystem::path store;
  std::int64_t id = 0;
};
std::optional<StoreRunRef> store_run_ref(const std::string& source);
// What `detour compare` judges: system `first` of run `a` against system `second` of run
// `b` (nullptr: of run `a` too), the sources naming the runs in notes and messages, with
// `options` (its notes kept; cautions added when the runs' corpora or metric signatures
// differ). Throws UsageError (different corpora without `allow_different_corpora`, an
// unknown system, a language or metric that either side lacks).
reports::Document compare_runs(const results::RunRecords& a, const std::string& source_a, const results::RunRecords* b,
                               const std::string& source_b, const std::string& first, const std::string& second,
                               bool allow_different_corpora, reports::CompareOptions options);
void add_merge_command(CLI::App& app);

}  // namespace detour::cli
