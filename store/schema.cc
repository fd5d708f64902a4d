// schema: the steps of the results store's schema, from the first version on. A
// step is never edited once released: a change is a new step, and the tests build a
// store of every older version and open it with the current code.
#include "store/store.h"

namespace detour::store {

const std::vector<std::string>& schema_steps() {
  static const std::vector<std::string> steps = {
      // Version 1: runs, their systems, metrics and documents, a row per page done,
      // per-(system, page) records with their time, per-(system, page, metric) counts.
      R"sql(
CREATE TABLE runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  status TEXT NOT NULL CHECK (status IN ('running', 'interrupted', 'complete')),
  identity TEXT NOT NULL,
  header TEXT NOT NULL,
  version TEXT NOT NULL,
  commit_id TEXT NOT NULL,
  command TEXT NOT NULL,
  corpus TEXT NOT NULL,
  corpus_fingerprint TEXT NOT NULL,
  signature TEXT NOT NULL,
  started TEXT NOT NULL,
  seconds REAL NOT NULL DEFAULT 0,
  threads INTEGER NOT NULL DEFAULT 0,
  host TEXT NOT NULL,
  pid INTEGER NOT NULL,
  out_dir TEXT NOT NULL,
  shard INTEGER NOT NULL,
  shards INTEGER NOT NULL
);
CREATE TABLE systems (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  signature TEXT NOT NULL,
  PRIMARY KEY (run_id, idx)
) WITHOUT ROWID;
CREATE TABLE metrics (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (run_id, idx)
) WITHOUT ROWID;
CREATE TABLE documents (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  lang TEXT NOT NULL,
  doc_id TEXT NOT NULL,
  out_name TEXT NOT NULL,
  dataset TEXT NOT NULL,
  in_share INTEGER NOT NULL,
  PRIMARY KEY (run_id, idx)
) WITHOUT ROWID;
CREATE TABLE pages (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  doc_idx INTEGER NOT NULL,
  decoding TEXT NOT NULL,
  PRIMARY KEY (run_id, doc_idx)
) WITHOUT ROWID;
CREATE TABLE records (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  system_idx INTEGER NOT NULL,
  doc_idx INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'failed', 'excluded')),
  reason TEXT NOT NULL,
  notes TEXT NOT NULL,
  millis REAL NOT NULL,
  output_hash TEXT,
  gold_hash TEXT,
  PRIMARY KEY (run_id, system_idx, doc_idx)
) WITHOUT ROWID;
CREATE TABLE scores (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  system_idx INTEGER NOT NULL,
  doc_idx INTEGER NOT NULL,
  metric_idx INTEGER NOT NULL,
  tp INTEGER NOT NULL,
  fp INTEGER NOT NULL,
  fn INTEGER NOT NULL,
  vals TEXT NOT NULL,
  PRIMARY KEY (run_id, system_idx, doc_idx, metric_idx)
) WITHOUT ROWID;
)sql",
      // Version 2: timings apart from the records (what differs from one execution
      // to the next is kept out of what must not), and where a merged run comes
      // from.
      R"sql(
CREATE TABLE timings (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  system_idx INTEGER NOT NULL,
  doc_idx INTEGER NOT NULL,
  millis REAL NOT NULL,
  PRIMARY KEY (run_id, system_idx, doc_idx)
) WITHOUT ROWID;
INSERT INTO timings (run_id, system_idx, doc_idx, millis) SELECT run_id, system_idx, doc_idx, millis FROM records;
ALTER TABLE records DROP COLUMN millis;
CREATE TABLE run_sources (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  source TEXT NOT NULL,
  PRIMARY KEY (run_id, idx)
) WITHOUT ROWID;
)sql",
  };
  return steps;
}

}  // namespace detour::store
