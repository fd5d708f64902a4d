// `detour runs`: the runs of a results store (store/store.h).
//   detour runs list [--store FILE]
//   detour runs show ID [--store FILE]
//   detour runs tables ID [--store FILE] [--format txt|tsv|md|tex|json] [--out DIR]
//   detour runs export ID --out DIR [--store FILE] [--overwrite]
//   detour runs delete ID [--store FILE]
//   detour runs check [--store FILE]
// The store is --store FILE, else $DETOUR_STORE, else the default store
// ($XDG_DATA_HOME/detour/runs.sqlite, ~/.local/share/detour/runs.sqlite).
// `tables` prints Table 2 and Table 4 of a run in one format, or writes every format
// into DIR as the run wrote them (table2.<ext>, table4.<ext>: the same bytes);
// `export` writes the run's record files and tables (results.json, per_doc.tsv,
// pages.tsv, failures.tsv, timings.tsv, journal.jsonl; no outputs/: the store keeps
// no output texts). `check` runs SQLite's integrity check.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "base/errors.h"
#include "base/io.h"
#include "cli/cli.h"
#include "reports/table.h"
#include "reports/tables.h"
#include "results/run_source.h"
#include "runner/resume.h"
#include "runner/runner.h"
#include "store/journal.h"
#include "store/store.h"

namespace detour::cli {

namespace {

struct RunsArgs {
  std::string store, format = "md", out;
  std::int64_t id = 0;
  bool overwrite = false;
};

std::filesystem::path store_path(const RunsArgs& a) {
  return a.store.empty() ? store::default_store_path() : std::filesystem::path(a.store);
}

// A run marked running whose process is gone was stopped: it can be resumed.
std::string status_word(const store::RunSummary& r) {
  if (r.status == "running" && !store::run_alive(r)) return "stopped";
  return r.status;
}

std::string shard_word(const store::RunSummary& r) {
  return r.shards > 1 ? std::to_string(r.shard) + "/" + std::to_string(r.shards) : "-";
}

void list_runs(const RunsArgs& a) {
  store::Store st(store_path(a), /*create=*/false);
  auto runs = st.list();
  if (runs.empty()) {
    std::cout << "no runs in " << st.path().string() << "\n";
    return;
  }
  std::cout << fmt::format("{:>5}  {:<11} {:<20} {:>8} {:>6} {:>11} {:>7}  {}\n", "id", "status", "started",
                           "seconds", "shard", "pages", "systems", "corpus");
  for (const auto& r : runs)
    std::cout << fmt::format("{:>5}  {:<11} {:<20} {:>8.1f} {:>6} {:>11} {:>7}  {}\n", r.id, status_word(r),
                             r.started, r.seconds, shard_word(r), std::to_string(r.done) + "/" + std::to_string(r.share),
                             r.systems.size(), r.corpus);
}

void show_run(const RunsArgs& a) {
  store::Store st(store_path(a), /*create=*/false);
  store::RunSummary r = st.summary(a.id);
  std::cout << fmt::format("run {} of {}\n", r.id, st.path().string());
  std::cout << fmt::format("  status     {}\n", status_word(r));
  std::cout << fmt::format("  command    {}\n", r.command);
  std::cout << fmt::format("  started    {} on {} (pid {})\n", r.started, r.host, r.pid);
  std::cout << fmt::format("  seconds    {:.1f} ({} threads)\n", r.seconds, r.threads);
  std::cout << fmt::format("  version    {} (commit {})\n", r.version, r.commit.empty() ? "unknown" : r.commit);
  std::cout << fmt::format("  corpus     {} ({} documents)\n", r.corpus, r.documents);
  std::cout << fmt::format("  shard      {}\n", r.shards > 1 ? shard_word(r) : "whole corpus");
  std::cout << fmt::format("  pages      {} of {} done\n", r.done, r.share);
  if (!r.out_dir.empty()) std::cout << fmt::format("  folder     {}\n", r.out_dir);
  for (const auto& m : r.merged_from) std::cout << fmt::format("  merged     {}\n", m);
  std::cout << fmt::format("  signature  {}\n", r.signature);
  store::RunLog log = st.load(a.id);
  std::cout << "  systems\n";
  for (std::size_t s = 0; s < log.header.systems.size(); ++s) {
    std::size_t failed = 0, excluded = 0;
    for (const auto& [d, page] : log.pages) {
      failed += page.systems[s].status == "failed";
      excluded += page.systems[s].status == "excluded";
    }
    std::cout << fmt::format("    {:<12} {} failed, {} excluded; {}\n", log.header.systems[s].name, failed, excluded,
                             log.header.systems[s].signature);
  }
}

void run_tables(const RunsArgs& a) {
  store::Store st(store_path(a), /*create=*/false);
  results::RunRecords records = st.records(a.id);
  if (!a.out.empty()) {
    std::filesystem::create_directories(a.out);
    harness::write_tables(a.out, records);
    std::cout << "tables of run " << a.id << " in " << a.out << "/ (table2.*, table4.*)\n";
    return;
  }
  const reports::RunTables tables = reports::run_tables(records);
  std::cout << reports::write(tables.table2, a.format) << reports::write(tables.table4, a.format);
}

void export_run(const RunsArgs& a) {
  store::Store st(store_path(a), /*create=*/false);
  store::RunLog log = st.load(a.id);
  if (auto missing = log.missing(); !missing.empty())
    throw WorkFailed("run " + std::to_string(a.id) + " is not complete (" + std::to_string(missing.size()) +
                     " pages not done): resume it with `detour run ... --store " + st.path().string() + " --resume`");
  harness::RunFolder folder(a.out, /*resume=*/false, a.overwrite);
  store::JournalWriter journal = store::JournalWriter::create(std::filesystem::path(a.out) / store::kJournalName, log.header);
  std::string lines;
  for (const auto& [d, page] : log.pages) lines += store::journal_line(store::page_json(page));
  journal.append(lines);
  journal.sync();
  harness::RecordSpec record;
  record.out = a.out;
  harness::write_run(record, harness::run_result(log));
  std::cout << "run " << a.id << " in " << a.out
            << "/ (results.json, per_doc.tsv, pages.tsv, failures.tsv, timings.tsv, tables, journal.jsonl; no outputs/)\n";
}

}  // namespace

results::RunRecords load_run_source(const std::string& source) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(source, ec)) {
    auto digits = [](std::string_view s) {
      return !s.empty() && s.size() < 18 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    const std::size_t colon = source.rfind(':');
    if (digits(source)) return store::Store(store::default_store_path(), /*create=*/false).records(std::stoll(source));
    if (colon != std::string::npos && digits(std::string_view(source).substr(colon + 1)) &&
        fs::exists(source.substr(0, colon), ec))
      return store::Store(source.substr(0, colon), /*create=*/false).records(std::stoll(source.substr(colon + 1)));
  }
  return results::load_run(source);
}

void add_runs_command(CLI::App& app) {
  auto args = std::make_shared<RunsArgs>();
  auto* cmd = app.add_subcommand("runs", "the runs recorded in a results store: list, show, tables, export, delete");
  cmd->require_subcommand(1);
  auto store_option = [&](CLI::App* sub) {
    sub->add_option("--store", args->store, "the store (default: $DETOUR_STORE, else " +
                                                store::default_store_path().string() + ")");
  };
  auto id_option = [&](CLI::App* sub) { sub->add_option("ID", args->id, "run id (see `detour runs list`)")->required(); };

  auto* list = cmd->add_subcommand("list", "every run: id, state, start, time, shard, pages done, corpus");
  store_option(list);
  list->callback([args] { list_runs(*args); });

  auto* show = cmd->add_subcommand("show", "a run's provenance, systems and signatures");
  id_option(show);
  store_option(show);
  show->callback([args] { show_run(*args); });

  auto* tables = cmd->add_subcommand("tables", "a run's Table 2 and Table 4, remade from its records");
  id_option(tables);
  store_option(tables);
  tables->add_option("--format", args->format, "txt, tsv, md, tex or json")
      ->check(CLI::IsMember(format_names()))
      ->capture_default_str();
  tables->add_option("--out", args->out, "write table2.<ext> and table4.<ext> of every format here instead");
  tables->callback([args] { run_tables(*args); });

  auto* exp = cmd->add_subcommand("export", "a run's record files and tables as a run folder (no outputs/)");
  id_option(exp);
  store_option(exp);
  exp->add_option("--out", args->out, "the folder")->required();
  exp->add_flag("--overwrite", args->overwrite, "replace the run the folder holds");
  exp->callback([args] { export_run(*args); });

  auto* del = cmd->add_subcommand("delete", "remove a run and its records");
  id_option(del);
  store_option(del);
  del->callback([args] {
    store::Store st(store_path(*args), /*create=*/false);
    store::RunSummary r = st.summary(args->id);
    if (store::run_alive(r))
      throw UsageError("run " + std::to_string(r.id) + " is still running (pid " + std::to_string(r.pid) + ")");
    st.remove(args->id);
    std::cout << "deleted run " << args->id << "\n";
  });

  auto* check = cmd->add_subcommand("check", "SQLite's integrity check of the store");
  store_option(check);
  check->callback([args] {
    store::Store st(store_path(*args), /*create=*/false);
    std::string r = st.integrity_check();
    std::cout << r << "\n";
    if (r != "ok") throw WorkFailed(st.path().string() + ": the integrity check failed");
  });
}

}  // namespace detour::cli
