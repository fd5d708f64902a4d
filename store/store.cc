// store: see store.h.
#include "store/store.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "base/hash.h"
#include "base/strings.h"
#include "base/version.h"

namespace detour::store {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path default_store_path() {
  if (const char* env = std::getenv("DETOUR_STORE"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return fs::path(xdg) / "detour" / "runs.sqlite";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".local" / "share" / "detour" / "runs.sqlite";
  return fs::path("detour-runs.sqlite");
}

struct Store::Statements {
  explicit Statements(Db& db)
      : page(db, "INSERT OR REPLACE INTO pages (run_id, doc_idx, decoding) VALUES (?, ?, ?)"),
        record(db,
               "INSERT OR REPLACE INTO records (run_id, system_idx, doc_idx, status, reason, notes, output_hash, "
               "gold_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
        timing(db, "INSERT OR REPLACE INTO timings (run_id, system_idx, doc_idx, millis) VALUES (?, ?, ?, ?)"),
        score(db,
              "INSERT OR REPLACE INTO scores (run_id, system_idx, doc_idx, metric_idx, tp, fp, fn, vals) VALUES "
              "(?, ?, ?, ?, ?, ?, ?, ?)"),
        drop_scores(db, "DELETE FROM scores WHERE run_id = ? AND system_idx = ? AND doc_idx = ?") {}
  Stmt page, record, timing, score, drop_scores;
};

Store::Store(const fs::path& path, bool create) : db_(path, create) {
  migrate();
  st_ = std::make_unique<Statements>(db_);
}

Store::~Store() = default;

int Store::schema_version() {
  Stmt q(db_, "PRAGMA user_version");
  q.step();
  return static_cast<int>(q.int64(0));
}

void Store::migrate() {
  if (schema_version() == kSchemaVersion) return;
  WriteTransaction tx(db_);
  int v = schema_version();  // again, under the write lock: another process may have migrated
  if (v > kSchemaVersion)
    throw StoreError(db_.path().string() + ": a store of schema version " + std::to_string(v) +
                     ", made by a newer detour (this one knows versions up to " + std::to_string(kSchemaVersion) + ")");
  if (v == 0) {
    Stmt q(db_, "SELECT count(*) FROM sqlite_master");
    q.step();
    if (q.int64(0) != 0) throw StoreError(db_.path().string() + ": a SQLite database, but not a detour results store");
  }
  const auto& steps = schema_steps();
  for (; v < kSchemaVersion; ++v) db_.exec(steps[static_cast<std::size_t>(v)]);
  db_.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
  tx.commit();
}

std::int64_t Store::begin_run(const RunHeader& h, const std::string& out_dir) {
  WriteTransaction tx(db_);
  const json header = header_fields(h);  // the lists are kept in their own tables
  const results::Provenance& p = h.provenance;
  Stmt run(db_,
           "INSERT INTO runs (status, identity, header, version, commit_id, command, corpus, corpus_fingerprint, "
           "signature, started, seconds, threads, host, pid, out_dir, shard, shards) "
           "VALUES ('running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  run.bind(1, h.identity.dump()).bind(2, header.dump()).bind(3, p.version).bind(4, p.commit).bind(5, p.command);
  run.bind(6, h.corpus).bind(7, p.corpus_fingerprint).bind(8, h.signature).bind(9, p.started).bind(10, p.seconds);
  run.bind(11, p.threads).bind(12, p.host).bind(13, static_cast<std::int64_t>(::getpid())).bind(14, out_dir);
  run.bind(15, h.shard).bind(16, h.shards);
  run.run();
  const std::int64_t id = db_.last_insert_id();
  Stmt sys(db_, "INSERT INTO systems (run_id, idx, name, signature) VALUES (?, ?, ?, ?)");
  for (std::size_t i = 0; i < h.systems.size(); ++i)
    sys.bind(1, id).bind(2, i).bind(3, h.systems[i].name).bind(4, h.systems[i].signature).run();
  Stmt met(db_, "INSERT INTO metrics (run_id, idx, name) VALUES (?, ?, ?)");
  for (std::size_t i = 0; i < h.metrics.size(); ++i) met.bind(1, id).bind(2, i).bind(3, h.metrics[i]).run();
  std::vector<char> in_share(h.docs.size(), 0);
  for (std::uint32_t d : h.share) in_share[d] = 1;
  Stmt doc(db_,
           "INSERT INTO documents (run_id, idx, lang, doc_id, out_name, dataset, in_share) VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (std::size_t i = 0; i < h.docs.size(); ++i) {
    const DocInfo& d = h.docs[i];
    doc.bind(1, id).bind(2, i).bind(3, d.lang).bind(4, d.id).bind(5, d.out_name).bind(6, d.dataset);
    doc.bind(7, static_cast<int>(in_share[i])).run();
  }
  tx.commit();
  return id;
}

namespace {

// The columns of RunSummary, for list() and summary().
constexpr const char* kSummarySelect =
    "SELECT r.id, r.status, r.started, r.command, r.corpus, r.host, r.out_dir, r.version, r.commit_id, r.signature, "
    "r.seconds, r.threads, r.shard, r.shards, r.pid, "
    "(SELECT count(*) FROM documents d WHERE d.run_id = r.id), "
    "(SELECT count(*) FROM documents d WHERE d.run_id = r.id AND d.in_share), "
    "(SELECT count(*) FROM pages p WHERE p.run_id = r.id), "
    "(SELECT group_concat(name, char(9)) FROM (SELECT name FROM systems s WHERE s.run_id = r.id ORDER BY idx)), "
    "(SELECT group_concat(source, char(9)) FROM (SELECT source FROM run_sources x WHERE x.run_id = r.id ORDER BY idx)) "
    "FROM runs r";

RunSummary read_summary(const Stmt& q) {
  RunSummary s;
  s.id = q.int64(0);
  s.status = q.text(1);
  s.started = q.text(2);
  s.command = q.text(3);
  s.corpus = q.text(4);
  s.host = q.text(5);
  s.out_dir = q.text(6);
  s.version = q.text(7);
  s.commit = q.text(8);
  s.signature = q.text(9);
  s.seconds = q.real(10);
  s.threads = static_cast<int>(q.int64(11));
  s.shard = static_cast<int>(q.int64(12));
  s.shards = static_cast<int>(q.int64(13));
  s.pid = q.int64(14);
  s.documents = static_cast<std::size_t>(q.int64(15));
  s.share = static_cast<std::size_t>(q.int64(16));
  s.done = static_cast<std::size_t>(q.int64(17));
  if (!q.is_null(18)) s.systems = split_list(q.text(18), '\t');
  if (!q.is_null(19)) s.merged_from = split_list(q.text(19), '\t');
  return s;
}

}  // namespace

std::vector<RunSummary> Store::unfinished(const json& identity, int shard, const std::string& out_dir) {
  Stmt q(db_, std::string(kSummarySelect) +
                  " WHERE r.status != 'complete' AND r.identity = ? AND r.shard = ? AND r.out_dir = ? ORDER BY r.id DESC");
  q.bind(1, identity.dump()).bind(2, shard).bind(3, out_dir);
  std::vector<RunSummary> out;
  while (q.step()) out.push_back(read_summary(q));
  return out;
}

void Store::reclaim(std::int64_t run) {
  WriteTransaction tx(db_);
  Stmt q(db_, "UPDATE runs SET status = 'running', pid = ?, host = ? WHERE id = ?");
  q.bind(1, static_cast<std::int64_t>(::getpid())).bind(2, host_name()).bind(3, run).run();
  tx.commit();
}

void Store::add_pages(std::int64_t run, const std::vector<const PageEntry*>& pages, std::optional<double> seconds) {
  if (pages.empty() && !seconds) return;
  WriteTransaction tx(db_);
  if (seconds) Stmt(db_, "UPDATE runs SET seconds = ? WHERE id = ?").bind(1, *seconds).bind(2, run).run();
  Statements& st = *st_;
  for (const PageEntry* p : pages) {
    st.page.bind(1, run).bind(2, static_cast<std::int64_t>(p->doc)).bind(3, p->decode_note).run();
    for (std::size_t s = 0; s < p->systems.size(); ++s) {
      const SystemEntry& sp = p->systems[s];
      st.record.bind(1, run).bind(2, s).bind(3, static_cast<std::int64_t>(p->doc)).bind(4, sp.status);
      st.record.bind(5, sp.reason).bind(6, sp.notes.empty() ? std::string() : json(sp.notes).dump(-1, ' ', false, json::error_handler_t::replace));
      if (sp.scores) st.record.bind(7, hash_hex(sp.output_hash));
      else st.record.bind_null(7);
      if (sp.gold_hash) st.record.bind(8, hash_hex(sp.gold_hash));
      else st.record.bind_null(8);
      st.record.run();
      st.timing.bind(1, run).bind(2, s).bind(3, static_cast<std::int64_t>(p->doc)).bind(4, sp.millis).run();
      // A record with scores replaces every metric's row (a run's metrics are fixed);
      // one without has none (a page recorded again, failed this time).
      if (!sp.scores) {
        st.drop_scores.bind(1, run).bind(2, s).bind(3, static_cast<std::int64_t>(p->doc)).run();
        continue;
      }
      for (std::size_t m = 0; m < sp.scores->size(); ++m) {
        const metrics::DocScore& d = (*sp.scores)[m];
        json vals = json::array();
        for (double v : d.values) vals.push_back(number_json(v));
        st.score.bind(1, run).bind(2, s).bind(3, static_cast<std::int64_t>(p->doc)).bind(4, m);
        st.score.bind(5, d.tp).bind(6, d.fp).bind(7, d.fn).bind(8, vals.dump()).run();
      }
    }
  }
  tx.commit();
}

void Store::finish_run(std::int64_t run, const std::string& status, double seconds, int threads) {
  WriteTransaction tx(db_);
  Stmt q(db_, "UPDATE runs SET status = ?, seconds = ?, threads = ? WHERE id = ?");
  q.bind(1, status).bind(2, seconds).bind(3, threads).bind(4, run).run();
  tx.commit();
}

void Store::add_sources(std::int64_t run, const std::vector<std::string>& sources) {
  WriteTransaction tx(db_);
  Stmt q(db_, "INSERT OR REPLACE INTO run_sources (run_id, idx, source) VALUES (?, ?, ?)");
  for (std::size_t i = 0; i < sources.size(); ++i) q.bind(1, run).bind(2, i).bind(3, sources[i]).run();
  tx.commit();
}

std::vector<RunSummary> Store::list() {
  Stmt q(db_, std::string(kSummarySelect) + " ORDER BY r.id");
  std::vector<RunSummary> out;
  while (q.step()) out.push_back(read_summary(q));
  return out;
}

RunSummary Store::summary(std::int64_t run) {
  Stmt q(db_, std::string(kSummarySelect) + " WHERE r.id = ?");
  q.bind(1, run);
  if (!q.step()) throw StoreError(db_.path().string() + ": no run " + std::to_string(run));
  return read_summary(q);
}

RunLog Store::load(std::int64_t run) {
  RunLog out;
  // One read transaction: a consistent view while another process writes.
  db_.exec("BEGIN");
  try {
    Stmt r(db_, "SELECT header, identity, command, started, seconds, threads, host FROM runs WHERE id = ?");
    r.bind(1, run);
    if (!r.step()) throw StoreError(db_.path().string() + ": no run " + std::to_string(run));
    json hj = json::parse(r.text(0), nullptr, false);
    if (hj.is_discarded()) throw StoreError(db_.path().string() + ": run " + std::to_string(run) + ": header is not JSON");
    hj["docs"] = json::array();
    hj["systems"] = json::array();
    hj["share"] = json::array();
    // The timing part of the provenance as finish_run() last set it.
    hj["provenance"]["run"]["seconds"] = r.real(4);
    hj["provenance"]["run"]["threads"] = r.int64(5);
    RunHeader& h = out.header = header_from_json(hj);
    Stmt sys(db_, "SELECT name, signature FROM systems WHERE run_id = ? ORDER BY idx");
    sys.bind(1, run);
    while (sys.step()) h.systems.push_back({sys.text(0), sys.text(1)});
    Stmt doc(db_, "SELECT lang, doc_id, out_name, dataset, in_share FROM documents WHERE run_id = ? ORDER BY idx");
    doc.bind(1, run);
    while (doc.step()) {
      if (doc.int64(4)) h.share.push_back(static_cast<std::uint32_t>(h.docs.size()));
      h.docs.push_back({doc.text(0), doc.text(1), doc.text(2), doc.text(3)});
    }
    Stmt pg(db_, "SELECT doc_idx, decoding FROM pages WHERE run_id = ? ORDER BY doc_idx");
    pg.bind(1, run);
    while (pg.step()) {
      PageEntry p;
      p.doc = static_cast<std::uint32_t>(pg.int64(0));
      if (p.doc >= h.docs.size()) throw StoreError(db_.path().string() + ": run " + std::to_string(run) + ": a page beyond its documents");
      p.decode_note = pg.text(1);
      p.systems.resize(h.systems.size());
      out.pages.emplace(p.doc, std::move(p));
    }
    auto page_of = [&](std::int64_t d, std::int64_t s) -> SystemEntry& {
      auto it = out.pages.find(static_cast<std::uint32_t>(d));
      if (it == out.pages.end() || s < 0 || static_cast<std::size_t>(s) >= h.systems.size())
        throw StoreError(db_.path().string() + ": run " + std::to_string(run) + ": a record of no page or system");
      return it->second.systems[static_cast<std::size_t>(s)];
    };
    Stmt rec(db_,
             "SELECT r.system_idx, r.doc_idx, r.status, r.reason, r.notes, r.output_hash, r.gold_hash, t.millis "
             "FROM records r LEFT JOIN timings t USING (run_id, system_idx, doc_idx) WHERE r.run_id = ?");
    rec.bind(1, run);
    auto hex = [](const std::string& s) { return static_cast<std::uint64_t>(std::stoull(s, nullptr, 16)); };
    while (rec.step()) {
      SystemEntry& sp = page_of(rec.int64(1), rec.int64(0));
      sp.status = rec.text(2);
      sp.reason = rec.text(3);
      if (std::string notes = rec.text(4); !notes.empty())
        sp.notes = json::parse(notes).get<std::map<std::string, std::string>>();
      if (!rec.is_null(5)) {
        sp.output_hash = hex(rec.text(5));
        sp.scores.emplace();
      }
      if (!rec.is_null(6)) sp.gold_hash = hex(rec.text(6));
      sp.millis = rec.real(7);
    }
    Stmt sc(db_,
            "SELECT system_idx, doc_idx, metric_idx, tp, fp, fn, vals FROM scores WHERE run_id = ? "
            "ORDER BY system_idx, doc_idx, metric_idx");
    sc.bind(1, run);
    while (sc.step()) {
      SystemEntry& sp = page_of(sc.int64(1), sc.int64(0));
      if (!sp.scores || static_cast<std::size_t>(sc.int64(2)) != sp.scores->size())
        throw StoreError(db_.path().string() + ": run " + std::to_string(run) + ": scores out of order");
      metrics::DocScore d;
      d.tp = sc.int64(3);
      d.fp = sc.int64(4);
      d.fn = sc.int64(5);
      for (const auto& v : json::parse(sc.text(6))) d.values.push_back(number_from_json(v));
      sp.scores->push_back(std::move(d));
    }
    for (const auto& [d, p] : out.pages)
      for (const auto& sp : p.systems)
        if (sp.scores && sp.scores->size() != h.metrics.size())
          throw StoreError(db_.path().string() + ": run " + std::to_string(run) + ": page " + h.docs[d].id +
                           " has scores for " + std::to_string(sp.scores->size()) + " of " +
                           std::to_string(h.metrics.size()) + " metrics");
  } catch (...) {
    db_.exec("ROLLBACK");
    throw;
  }
  db_.exec("COMMIT");
  return out;
}

results::RunRecords Store::records(std::int64_t run) {
  RunLog log = load(run);
  try {
    return to_records(log);
  } catch (const StoreError& e) {
    throw StoreError(db_.path().string() + ": run " + std::to_string(run) + ": " + e.what());
  }
}

void Store::remove(std::int64_t run) {
  WriteTransaction tx(db_);
  Stmt q(db_, "DELETE FROM runs WHERE id = ?");
  q.bind(1, run).run();
  if (db_.changes() == 0) throw StoreError(db_.path().string() + ": no run " + std::to_string(run));
  tx.commit();
}

std::string Store::integrity_check() {
  Stmt q(db_, "PRAGMA integrity_check");
  std::string out;
  while (q.step()) {
    if (!out.empty()) out += '\n';
    out += q.text(0);
  }
  return out;
}

bool run_alive(const RunSummary& r) {
  if (r.status != "running" || r.host != host_name() || r.pid <= 0) return false;
  if (r.pid == ::getpid()) return true;
  return ::kill(static_cast<pid_t>(r.pid), 0) == 0 || errno == EPERM;
}

}  // namespace detour::store
