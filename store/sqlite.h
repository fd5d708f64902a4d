// sqlite: a thin RAII layer over the SQLite C API for the results store: a
// connection (Db) in WAL mode with a busy timeout, prepared statements (Stmt) with
// typed binds and columns, and write transactions (WriteTransaction) that take the
// write lock up front (BEGIN IMMEDIATE).
//
// Concurrency. Several detour processes may open the same store file. WAL lets
// readers go on while one writer writes; writers take turns: BEGIN IMMEDIATE asks
// for the write lock at once and SQLite's busy handler retries for up to the busy
// timeout (default 10 minutes) while another process holds it, so a second writer
// waits instead of failing. Taking the lock at BEGIN (not at the first write) is
// what makes the wait safe: a deferred transaction that read first and then wants to
// write can be refused outright (SQLITE_BUSY without waiting) to avoid a deadlock.
//
// Durability: synchronous=NORMAL in WAL mode. A commit survives the death of the
// process at any point (SIGKILL included); after a power cut the last commits may be
// missing, never torn (the database stays consistent).
//
// A Db is used by one thread at a time. Every error is a StoreError naming the file
// and SQLite's message.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace detour::store {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Db {
 public:
  // Opens (creating it and its folder when `create`) the database file. Throws
  // StoreError when it cannot be opened or is not a SQLite database.
  Db(const std::filesystem::path& path, bool create, int busy_timeout_ms = 600000);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  // Runs one or more statements with no results.
  void exec(std::string_view sql);
  std::int64_t last_insert_id() const;
  int changes() const;
  const std::filesystem::path& path() const { return path_; }
  sqlite3* handle() const { return db_; }
  // Throws StoreError("<file>: <what>: <sqlite message>") for a failed call.
  [[noreturn]] void fail(std::string_view what) const;

 private:
  std::filesystem::path path_;
  sqlite3* db_ = nullptr;
};

class Stmt {
 public:
  Stmt(Db& db, std::string_view sql);
  ~Stmt();
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  // Binds are 1-based, as in SQLite; they return *this to chain.
  Stmt& bind(int i, std::int64_t v);
  Stmt& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
  Stmt& bind(int i, std::size_t v) { return bind(i, static_cast<std::int64_t>(v)); }
  Stmt& bind(int i, double v);
  Stmt& bind(int i, std::string_view v);
  Stmt& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
  Stmt& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
  Stmt& bind_null(int i);

  // Steps once: true when a row is ready (read it with the column accessors), false
  // when the statement is done.
  bool step();
  // Steps to the end (for statements without results), then resets.
  void run();
  void reset();

  // Columns are 0-based, as in SQLite.
  std::int64_t int64(int col) const;
  double real(int col) const;
  std::string text(int col) const;
  bool is_null(int col) const;

 private:
  Db& db_;
  sqlite3_stmt* st_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT; rolled back when destroyed uncommitted (an exception).
class WriteTransaction {
 public:
  explicit WriteTransaction(Db& db);
  ~WriteTransaction();
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  void commit();

 private:
  Db& db_;
  bool done_ = false;
};

}  // namespace detour::store
