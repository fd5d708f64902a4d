// sqlite: see sqlite.h.
#include "store/sqlite.h"

#include <algorithm>
#include <cstring>
#include <system_error>

namespace detour::store {

namespace fs = std::filesystem;

Db::Db(const fs::path& path, bool create, int busy_timeout_ms) : path_(path) {
  if (create && path.has_parent_path()) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) throw StoreError(path.string() + ": cannot create its folder: " + ec.message());
  }
  if (!create) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw StoreError(path.string() + ": no such store");
  }
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
  int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(path.string() + ": cannot open the store: " + msg);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, busy_timeout_ms);
  try {
    // journal_mode=WAL needs the write lock the first time (the busy timeout covers
    // a concurrent opener); it also tells a file that is not a database.
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON");
    // A page cache of 512 KiB (SQLite's default: 2 MiB). A run appends its rows at the
    // end of each table's key range and the commands read a run in key order, so a
    // larger cache saves nothing; the default filled up only on large corpora,
    // where it was a run's largest cost in memory after its records.
    exec("PRAGMA cache_size=-512");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

Db::~Db() { sqlite3_close_v2(db_); }

void Db::fail(std::string_view what) const {
  throw StoreError(path_.string() + ": " + std::string(what) + ": " + sqlite3_errmsg(db_));
}

void Db::exec(std::string_view sql) {
  char* err = nullptr;
  std::string s(sql);
  if (sqlite3_exec(db_, s.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errmsg(db_);
    sqlite3_free(err);
    std::string head = s.substr(0, 60);
    throw StoreError(path_.string() + ": " + msg + " (in: " + head + (s.size() > 60 ? "..." : "") + ")");
  }
}

std::int64_t Db::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }
int Db::changes() const { return sqlite3_changes(db_); }

Stmt::Stmt(Db& db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &st_,
                         nullptr) != SQLITE_OK)
    db.fail("cannot prepare \"" + std::string(sql.substr(0, 60)) + "\"");
}

Stmt::~Stmt() { sqlite3_finalize(st_); }

Stmt& Stmt::bind(int i, std::int64_t v) {
  if (sqlite3_bind_int64(st_, i, v) != SQLITE_OK) db_.fail("bind");
  return *this;
}
Stmt& Stmt::bind(int i, double v) {
  if (sqlite3_bind_double(st_, i, v) != SQLITE_OK) db_.fail("bind");
  return *this;
}
Stmt& Stmt::bind(int i, std::string_view v) {
  if (sqlite3_bind_text64(st_, i, v.data(), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8) != SQLITE_OK) db_.fail("bind");
  return *this;
}
Stmt& Stmt::bind_null(int i) {
  if (sqlite3_bind_null(st_, i) != SQLITE_OK) db_.fail("bind");
  return *this;
}

bool Stmt::step() {
  int rc = sqlite3_step(st_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  std::string what = "statement failed: ";
  if (const char* sql = sqlite3_sql(st_)) what.append(sql, std::min<std::size_t>(std::strlen(sql), 60));
  db_.fail(what);
}

void Stmt::run() {
  while (step()) {
  }
  reset();
}

void Stmt::reset() {
  sqlite3_reset(st_);
  sqlite3_clear_bindings(st_);
}

std::int64_t Stmt::int64(int col) const { return sqlite3_column_int64(st_, col); }
double Stmt::real(int col) const { return sqlite3_column_double(st_, col); }
std::string Stmt::text(int col) const {
  const unsigned char* p = sqlite3_column_text(st_, col);
  return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(st_, col)))
           : std::string();
}
bool Stmt::is_null(int col) const { return sqlite3_column_type(st_, col) == SQLITE_NULL; }

WriteTransaction::WriteTransaction(Db& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

WriteTransaction::~WriteTransaction() {
  if (!done_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void WriteTransaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace detour::store
