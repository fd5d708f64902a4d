// store: the results store, a SQLite database of runs (`detour run --store FILE`,
// `detour runs ...`): each run's provenance, systems with their signatures,
// documents, per-document records (status, reason, notes, time, per-metric counts)
// and its state (running, interrupted, complete). Pages are committed as they are
// done, so a run killed at any point keeps what it did and can be resumed from the
// store; runs are listed, shown, turned back into tables or results files, merged
// and deleted by id. The store keeps records, not output texts (those stay in a run
// folder's outputs/).
//
// Schema: versioned (PRAGMA user_version); opening a store made by an older detour
// migrates it, step by step, in one transaction (schema.cc lists the steps from the
// first version on); a store made by a newer one is refused. Several processes may
// write the same store: each commit is a short write transaction and a writer waits
// for another's (sqlite.h). A Store is used by one thread at a time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "store/records.h"
#include "store/sqlite.h"

namespace detour::store {

// The current schema version, and the SQL of every step up to it (step k takes a
// store from version k-1 to k). Tests build old stores from these.
inline constexpr int kSchemaVersion = 2;
const std::vector<std::string>& schema_steps();

// Where runs are recorded when no file is named: $DETOUR_STORE if set, else
// $XDG_DATA_HOME/detour/runs.sqlite, else ~/.local/share/detour/runs.sqlite.
std::filesystem::path default_store_path();

struct RunSummary {
  std::int64_t id = 0;
  std::string status;  // running | interrupted | complete
  std::string started, command, corpus, host, out_dir, version, commit, signature;
  double seconds = 0;
  int threads = 0, shard = 1, shards = 1;
  std::int64_t pid = 0;
  std::size_t documents = 0;  // in the corpus
  std::size_t share = 0;      // pages this run runs (all of them unless sharded)
  std::size_t done = 0;       // pages recorded
  std::vector<std::string> systems;
  std::vector<std::string> merged_from;  // a merged run: its shards (folders or "run N")
};

class Store {
 public:
  // Opens the store, creating it (and its folder) when `create`; migrates it to
  // kSchemaVersion. Throws StoreError (not a detour store, newer schema, I/O).
  explicit Store(const std::filesystem::path& path, bool create = true);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::filesystem::path& path() const { return db_.path(); }
  int schema_version();

  // Records a new run (status running, this process's pid): its header, systems,
  // metrics and documents. Returns its id.
  std::int64_t begin_run(const RunHeader& header, const std::string& out_dir);
  // Runs that are not complete and have this identity, share and folder, newest
  // first (what `--resume` can continue).
  std::vector<RunSummary> unfinished(const nlohmann::json& identity, int shard, const std::string& out_dir);
  // Marks a run running again in this process (resuming it).
  void reclaim(std::int64_t run);
  // Commits pages (one transaction). A page already recorded is replaced. With
  // `seconds`, the run's wall time so far is set in the same transaction (so that a
  // killed process leaves the time it ran).
  void add_pages(std::int64_t run, const std::vector<const PageEntry*>& pages,
                 std::optional<double> seconds = std::nullopt);
  // Sets the state and the provenance's timing of a run. `seconds` is the run's wall
  // time over all its processes (a resumed run adds its own to the earlier ones').
  void finish_run(std::int64_t run, const std::string& status, double seconds, int threads);
  // Notes where a merged run comes from.
  void add_sources(std::int64_t run, const std::vector<std::string>& sources);

  std::vector<RunSummary> list();
  // Throws StoreError for an unknown id.
  RunSummary summary(std::int64_t run);
  RunLog load(std::int64_t run);
  // A complete run as the in-memory results model (results/run_records.h): what
  // `detour compare`, `gate` and the tables take, as from a run or its folder.
  // Throws StoreError for an unknown or incomplete run.
  results::RunRecords records(std::int64_t run);
  void remove(std::int64_t run);
  // "ok", or what PRAGMA integrity_check found.
  std::string integrity_check();

 private:
  void migrate();
  Db db_;
  struct Statements;
  std::unique_ptr<Statements> st_;
};

// True when a run marked running is still alive: its process exists on this host.
bool run_alive(const RunSummary& r);

}  // namespace detour::store
