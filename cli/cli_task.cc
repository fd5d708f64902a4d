// `detour task`: a downstream task (tasks/) on existing system outputs.
//   detour task --corpus ROOT [--system DIR ...] [--task daniel] [--task-resources DIR]
//               [--annotations FILE] [--task-param NAME=VALUE ...] [--languages L,...]
//               [--jobs N] [--out DIR] [--resamples N] [--trials N] [--stats-seed N]
//               [--alpha A] [--baselines NAMES]
// The first row is the reference (the task on the gold texts). Output folders are read
// as `detour run` writes them (DIR/<lang>/<gold file name>); a page without an output
// file is decided as an empty output and counted as missing (a note on standard error
// says how many). A folder with no output file for any page is "nothing scored":
// exit 1 before any work, naming the folder, the path expected and, for a run folder
// given instead of one of its systems' folders, those folders.
#include <CLI/CLI.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "base/errors.h"
#include "base/io.h"
#include "base/strings.h"
#include "cli/cli.h"
#include "cli/judgment_options.h"
#include "reports/table.h"
#include "corpora/corpus.h"
#include "runner/task_run.h"

namespace detour::cli {

namespace {
struct TaskArgs {
  std::string corpus, task = "daniel", resources, annotations, languages, out;
  std::vector<std::string> systems, params;
  int jobs = 0;
};

std::map<std::string, std::string> parse_params(const std::vector<std::string>& items) {
  std::map<std::string, std::string> out;
  for (const auto& p : items) {
    auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0) throw UsageError("--task-param " + p + ": expected NAME=VALUE");
    out[p.substr(0, eq)] = p.substr(eq + 1);
  }
  return out;
}

std::string system_name(const std::string& dir) {
  std::filesystem::path p(dir);
  return (p.has_filename() ? p.filename() : p.parent_path().filename()).string();
}

// Checks that a --system folder holds outputs of the pages: none at all is a failure
// (exit 1) that says where they were looked for; some missing is a note.
void check_outputs(const std::string& dir, const harness::TaskSystem& sys) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::size_t found = 0;
  for (const auto& in : sys.docs) found += fs::exists(in.file, ec);
  if (sys.docs.empty() || found == sys.docs.size()) return;
  if (found > 0) {
    std::cerr << fmt::format("note: --system {}: {} of {} pages have no output file (decided as empty outputs, "
                             "counted as missing)\n",
                             dir, sys.docs.size() - found, sys.docs.size());
    return;
  }
  std::string hint;
  const fs::path outputs = fs::path(dir) / "outputs";
  if (fs::is_directory(outputs, ec)) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(outputs, ec))
      if (e.is_directory(ec)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    hint = fmt::format("; {} is a run folder: give one of its systems' folders, {}/<system> ({})", dir,
                       outputs.string(), join(names, ", "));
  }
  // The layout `detour run` writes (DIR/<lang>/<name>; a corpus without languages:
  // DIR/<name>), for the first page.
  const auto& first = sys.docs.front();
  const fs::path name = first.file.filename();
  const std::string example = first.lang.empty() ? (fs::path(dir) / name).string()
                                                 : (fs::path(dir) / first.lang / name).string() + " (or " +
                                                       (fs::path(dir) / name).string() + ")";
  throw WorkFailed(fmt::format("--system {}: no output file for any of the {} pages, nothing to score (looked for "
                               "outputs as `detour run` writes them, e.g. {}){}",
                               dir, sys.docs.size(), example, hint));
}
}  // namespace

harness::TaskConfig task_config(const std::string& task, const std::string& resources, const std::string& annotations,
                                const std::vector<std::string>& params, int jobs) {
  harness::TaskConfig c;
  c.task = task;
  tasks::find_task(task);  // a usage error before any work
  c.resources = resources;
  c.annotations = annotations;
  c.params = parse_params(params);
  c.jobs = jobs;
  return c;
}

void add_task_command(CLI::App& app) {
  auto args = std::make_shared<TaskArgs>();
  auto judgments = std::make_shared<JudgmentArgs>();
  auto* cmd = app.add_subcommand("task", "run a downstream task (DAnIEL) on system outputs and score its decisions");
  cmd->add_option("--corpus", args->corpus, "corpus root ROOT/<lang>/{html,gold}/<id>")->required();
  cmd->add_option("--system", args->systems, "folder of system outputs (DIR/<lang>/<id>); repeat for several");
  cmd->add_option("--task", args->task, "the task (see detour list)")->capture_default_str();
  cmd->add_option("--task-resources", args->resources,
                  "folder of the task's resource lists (default: ROOT/tasks/<task>/resources, else "
                  "ROOT/../../resources/<task>)");
  cmd->add_option("--annotations", args->annotations,
                  "annotation file (default: ROOT/tasks/<task>/annotations.json, else ROOT/annotations.json)");
  cmd->add_option("--task-param", args->params, "NAME=VALUE of a task parameter (daniel: ratio, location-min, max-bytes)");
  cmd->add_option("--languages", args->languages, "only these languages (comma-separated)");
  cmd->add_option("--jobs", args->jobs, "threads (default: every core)");
  cmd->add_option("--out", args->out,
                  "write task_per_doc.tsv, task.json, table3.{tsv,md,json}, table3_tests.{tsv,md} and table4_task.{tsv,md} "
                  "to DIR");
  add_judgment_options(cmd, *judgments, /*with_confidence=*/false, /*seed_alias=*/true);
  cmd->callback([args, judgments, cmd] {
    if (cmd->count("--jobs")) check_jobs(args->jobs);
    harness::TaskConfig config = task_config(args->task, args->resources, args->annotations, args->params, args->jobs);
    config.judgments = judgment_settings(*judgments);
    corpora::Corpus corpus = corpora::open_corpus(args->corpus);
    const auto pages = harness::task_pages(corpus, split_list(args->languages));
    std::vector<harness::TaskSystem> systems;
    for (const auto& dir : args->systems) {
      std::error_code ec;
      if (!std::filesystem::is_directory(dir, ec)) throw UsageError("--system " + dir + ": not a folder");
      systems.push_back(harness::folder_system(system_name(dir), dir, pages));
      check_outputs(dir, systems.back());
    }
    harness::TaskResults r = harness::run_task(config, corpus, pages, systems);
    const harness::Table3 t3 = harness::table3(r);
    if (!args->out.empty()) harness::write_task(args->out, r, nullptr, t3);
    std::cout << reports::write(t3.table, "md") << "\n" << harness::task_summary(r);
    std::string problem = harness::task_problem(r);
    if (!problem.empty()) throw WorkFailed(problem);
  });
}

}  // namespace detour::cli
