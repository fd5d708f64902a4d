// `detour merge`: the shards of a run (`detour run --shard I/N`) put back together.
//   detour merge SOURCE... --out DIR [--store [FILE]] [--overwrite]
// A SOURCE is a shard's run folder, or the id of a run in the store (--store FILE,
// else $DETOUR_STORE, else the default store). DIR then holds the run an unsharded
// `detour run --out DIR` writes, byte for byte (timings and provenance.run aside):
// outputs/ copied from the shard folders (store runs keep no outputs), journal,
// record files, tables. With --store the merged run is recorded there too.
// Refusals (runner/shard_merge.h, docs/clusters.md): sources that cannot make one run
// whatever is done to them (different runs, a shard given twice, shares that do not
// cover the corpus once) exit 2, even alongside missing shards; missing or
// unfinished shards only exit 1 (run or resume them, then merge again).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>

#include "base/errors.h"
#include "base/strings.h"
#include "cli/cli.h"
#include "reports/table.h"
#include "reports/tables.h"
#include "results/provenance.h"
#include "runner/shard_merge.h"
#include "store/store.h"

namespace detour::cli {

namespace {

struct MergeArgs {
  std::vector<std::string> sources;
  std::string out, store;
  bool overwrite = false;
};

bool is_run_id(const std::string& s) {
  return !s.empty() && s.size() < 18 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

void add_merge_command(CLI::App& app) {
  auto args = std::make_shared<MergeArgs>();
  auto* cmd = app.add_subcommand("merge", "merge the shards of a run (run folders or store run ids) into one run");
  cmd->add_option("SOURCE", args->sources, "shard run folders (detour run --shard I/N --out DIR), or store run ids")
      ->required();
  cmd->add_option("--out", args->out, "the merged run's folder")->required();
  cmd->add_option("--store", args->store,
                  "the store of run-id sources, and where the merged run is recorded (alone: the default store, " +
                      store::default_store_path().string() + ")")
      ->expected(0, 1)
      ->default_str(store::default_store_path().string());
  cmd->add_flag("--overwrite", args->overwrite, "replace the run --out holds");
  cmd->callback([args, cmd] {
    namespace fs = std::filesystem;
    auto t0 = std::chrono::steady_clock::now();
    const bool record = cmd->count("--store") > 0;
    std::unique_ptr<store::Store> st;
    auto open_store = [&]() -> store::Store& {
      if (!st) st = std::make_unique<store::Store>(args->store.empty() ? store::default_store_path() : fs::path(args->store),
                                                   /*create=*/record);
      return *st;
    };
    std::vector<harness::MergeSource> sources;
    std::error_code ec;
    for (const auto& s : args->sources) {
      if (!fs::is_directory(s, ec) && is_run_id(s)) {
        harness::MergeSource m;
        const std::int64_t id = std::stoll(s);
        m.log = open_store().load(id);
        m.name = "run " + s + " of " + open_store().path().string();
        sources.push_back(std::move(m));
      } else {
        sources.push_back(harness::folder_source(s));
      }
    }
    auto problems = harness::merge_problems(sources);
    if (!problems.empty()) {
      std::string text = "cannot merge:";
      bool only_unfinished = true;
      for (const auto& p : problems) {
        text += "\n  " + p.text;
        only_unfinished = only_unfinished && p.unfinished;
      }
      if (only_unfinished) throw WorkFailed(text);
      throw UsageError(text);
    }
    results::Provenance merge = results::Provenance::now(results::command_line());
    store::RunLog merged = harness::merge_logs(sources, merge);
    bool outputs_missing = false;
    harness::write_merged(args->out, args->overwrite, sources, merged, &outputs_missing);
    std::int64_t id = 0;
    if (record) {
      store::Store& s = open_store();
      id = s.begin_run(merged.header, fs::absolute(args->out).lexically_normal().string());
      std::vector<const store::PageEntry*> pages;
      for (const auto& [d, p] : merged.pages) pages.push_back(&p);
      s.add_pages(id, pages);
      std::vector<std::string> names;
      for (const auto& src : sources) names.push_back(src.name);
      s.add_sources(id, names);
      s.finish_run(id, "complete", merged.header.provenance.seconds, merged.header.provenance.threads);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << fmt::format("merged {} shards: {} pages x {} systems in {:.2f} s\n", sources.size(),
                             merged.header.docs.size(), merged.header.systems.size(), secs);
    if (outputs_missing)
      std::cout << "note: store runs keep no output texts: outputs/ holds the folder shards' outputs only\n";
    if (id) std::cout << fmt::format("recorded in {} as run {}\n", open_store().path().string(), id);
    std::cout << "results in " << args->out << "/ (results.json, table2.*, table4.*, per_doc.tsv, pages.tsv, failures.tsv, outputs/)\n";
  });
}

}  // namespace detour::cli
