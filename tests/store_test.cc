// The results store, resumable runs and shards, end to end through the `detour`
// binary on the sample corpus (corpora/sample): runs killed with SIGKILL at several
// points and resumed equal the uninterrupted run byte for byte and leave a store that
// passes PRAGMA integrity_check; two runs writing one store both land; shards run
// through GNU parallel (scripts/cluster/parallel.sh) and merged equal the one-process
// run; merges of wrong shards are refused; a store of schema version 1 holding a run
// is migrated and gives the same tables.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "store/sqlite.h"
#include "store/store.h"
#include "test_util.h"

namespace fs = std::filesystem;
using detour::testing::run_detour;
using detour::testing::TempDir;

namespace {

std::string q(const fs::path& p) { return (std::string(1, '\'') += p.string()) += '\''; }

std::string sample() { return q(detour::testing::source_dir() / "corpora/sample"); }

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The run options of these tests: two extractors, a chain and an external stage that
// takes 40 ms a page (so that a run can be killed in the middle).
const std::string kRun = "run --corpus " + sample() +
                         " --extractors BP,JTA --chains BP-JTA --no-progress --jobs 2"
                         " --external \"SLOW=sh -c 'sleep 0.04; cat'\"";

// Files of a run folder that must be equal between two executions of one run: all
// but timings.tsv and journal.jsonl (timings, provenance), results.json without its
// provenance.run block. Returns what differs ("" when nothing).
std::string folder_difference(const fs::path& a, const fs::path& b) {
  auto list = [](const fs::path& root) {
    std::vector<std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file()) continue;
      const std::string name = e.path().filename().string();
      if (name == "timings.tsv" || name == "journal.jsonl") continue;
      files.push_back(fs::relative(e.path(), root).string());
    }
    std::sort(files.begin(), files.end());
    return files;
  };
  const auto fa = list(a), fb = list(b);
  if (fa != fb) return "different files (" + std::to_string(fa.size()) + " vs " + std::to_string(fb.size()) + ")";
  for (const auto& f : fa) {
    if (f == "results.json") {
      if (detour::testing::stable_results_json(a / f) != detour::testing::stable_results_json(b / f))
        return f;
    } else if (slurp(a / f) != slurp(b / f)) {
      return f;
    }
  }
  if (fa.empty()) return "no files";
  return "";
}

// Pages recorded in a run folder's journal (its lines but the header).
std::size_t journal_pages(const fs::path& dir) {
  std::ifstream in(dir / "journal.jsonl");
  std::size_t lines = 0;
  std::string line;
  while (std::getline(in, line)) lines += !line.empty();
  return lines > 0 ? lines - 1 : 0;
}

// Starts `detour ARGS` (shell syntax) in a process group of its own; returns its pid.
pid_t start_detour(const std::string& args, const fs::path& log) {
  const std::string cmd = "exec " + detour::testing::detour_binary() + " " + args + " > " + q(log) + " 2>&1";
  pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

int wait_status(pid_t pid) {
  int st = 0;
  ::waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

// Kills the run (and its tools: the whole group) with `sig` once its folder's journal
// holds at least `pages` pages; returns its exit status (128 + signal if killed), or
// -1 when it finished before.
int kill_after(pid_t pid, const fs::path& dir, std::size_t pages, int sig) {
  for (int i = 0; i < 6000; ++i) {
    int st = 0;
    if (::waitpid(pid, &st, WNOHANG) == pid) return -1;
    if (journal_pages(dir) >= pages) {
      ::kill(-pid, sig);
      return wait_status(pid);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(-pid, SIGKILL);
  wait_status(pid);
  FAIL("the run did not get to " << pages << " pages");
  return -1;
}

}  // namespace

TEST_CASE("resume: runs killed with SIGKILL at several points and resumed equal the uninterrupted run",
          "[store][resume]") {
  TempDir t("detour-store");
  const fs::path whole = t.path / "whole", killed = t.path / "killed";
  const fs::path db = t.path / "runs.sqlite";
  auto r = run_detour(kRun + " --out " + q(whole));
  REQUIRE(r.status == 0);
  REQUIRE(journal_pages(whole) == 36);

  // Killed at 3, 12 and 25 of 36 pages: the first run, then each resume.
  std::size_t before = 0;
  for (std::size_t at : {3, 12, 25}) {
    const std::string extra = before == 0 ? "" : " --resume";
    pid_t pid = start_detour(kRun + " --out " + q(killed) + " --store " + q(db) + extra, t.path / "log.txt");
    const int st = kill_after(pid, killed, at, SIGKILL);
    INFO("killed at " << at << " pages: " << slurp(t.path / "log.txt"));
    REQUIRE(st == 128 + SIGKILL);
    const std::size_t kept = journal_pages(killed);
    CHECK(kept >= at);
    CHECK(kept < 36);
    CHECK(kept >= before);
    before = kept;
    detour::store::Store store(db, /*create=*/false);
    CHECK(store.integrity_check() == "ok");
  }
  // Without --resume the folder is refused (exit 2), naming both ways out.
  r = run_detour(kRun + " --out " + q(killed));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("--resume") && Catch::Contains("--overwrite"));

  r = run_detour(kRun + " --out " + q(killed) + " --store " + q(db) + " --resume");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(folder_difference(whole, killed) == "");
  // The store: one run, complete, its tables the folder's, integrity kept.
  detour::store::Store store(db, /*create=*/false);
  CHECK(store.integrity_check() == "ok");
  auto runs = store.list();
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].status == "complete");
  CHECK(runs[0].done == 36);
  r = run_detour("runs tables " + std::to_string(runs[0].id) + " --store " + q(db) + " --out " + q(t.path / "tables"));
  REQUIRE(r.status == 0);
  for (const char* f : {"table2.md", "table2.tsv", "table2.json", "table4.txt", "table4.tex"})
    CHECK(slurp(t.path / "tables" / f) == slurp(whole / f));
}

TEST_CASE("resume: SIGINT stops the run, says how far it got and how to resume", "[store][resume]") {
  TempDir t("detour-store");
  const fs::path out = t.path / "run";
  pid_t pid = start_detour(kRun + " --out " + q(out), t.path / "log.txt");
  // The signal to detour alone (as a terminal's Ctrl-C reaches the foreground job,
  // detour's tools are in groups of their own).
  for (int i = 0; i < 4000 && journal_pages(out) < 5; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(pid, SIGINT);
  const int st = wait_status(pid);
  const std::string log = slurp(t.path / "log.txt");
  INFO(log);
  CHECK(st == 128 + SIGINT);
  CHECK_THAT(log, Catch::Contains("--resume"));
  CHECK_THAT(log, Catch::Contains("of 36"));
  auto r = run_detour(kRun + " --out " + q(out) + " --resume");
  CHECK(r.status == 0);
  CHECK(journal_pages(out) >= 36);
}

TEST_CASE("store: two runs writing one store at the same time both land completely", "[store]") {
  TempDir t("detour-store");
  const fs::path db = t.path / "runs.sqlite";
  pid_t a = start_detour(kRun + " --out " + q(t.path / "a") + " --store " + q(db), t.path / "a.txt");
  pid_t b = start_detour("run --corpus " + sample() + " --extractors RD,BP --no-progress --jobs 1 --external \"SLOW=sh -c 'sleep 0.02; cat'\" --out " +
                             q(t.path / "b") + " --store " + q(db),
                         t.path / "b.txt");
  const int sa = wait_status(a), sb = wait_status(b);
  INFO(slurp(t.path / "a.txt") << slurp(t.path / "b.txt"));
  REQUIRE(sa == 0);
  REQUIRE(sb == 0);
  detour::store::Store store(db, /*create=*/false);
  CHECK(store.integrity_check() == "ok");
  auto runs = store.list();
  REQUIRE(runs.size() == 2);
  for (const auto& run : runs) {
    CHECK(run.status == "complete");
    CHECK(run.done == 36);
    // Each run's tables from the store are the bytes its folder holds.
    const fs::path dir = t.path / ("tables" + std::to_string(run.id));
    auto r = run_detour("runs tables " + std::to_string(run.id) + " --store " + q(db) + " --out " + q(dir));
    REQUIRE(r.status == 0);
    const fs::path folder = run.out_dir;
    CHECK(slurp(dir / "table2.tsv") == slurp(folder / "table2.tsv"));
    CHECK(slurp(dir / "table4.json") == slurp(folder / "table4.json"));
  }
}

TEST_CASE("shards: 4 shards through GNU parallel, merged, equal the one-process run", "[store][shard]") {
  TempDir t("detour-store");
  const std::string opts = " --corpus " + sample() + " --extractors BP,JTA,RD --chains BP-JTA,JTA-BP --no-progress";
  auto r = run_detour("run" + opts + " --out " + q(t.path / "one"));
  REQUIRE(r.status == 0);
  const fs::path merged = t.path / "spread" / "merged";
  if (std::system("parallel --version > /dev/null 2>&1") == 0) {
    const std::string cmd = "bash " + q(detour::testing::source_dir() / "scripts/cluster/parallel.sh") +
                            " --shards 4 --bin " + q(detour::testing::detour_binary()) + " " +
                            q(t.path / "spread") + " --" + opts + " > " + q(t.path / "parallel.txt") + " 2>&1";
    INFO(slurp(t.path / "parallel.txt"));
    REQUIRE(std::system(cmd.c_str()) == 0);
  } else {
    detour::testing::skip("GNU parallel is not installed (apt-get install parallel): shards run one after another");
    std::string dirs;
    for (int i = 1; i <= 4; ++i) {
      const fs::path d = t.path / "spread" / ("shard-" + std::to_string(i));
      REQUIRE(run_detour("run" + opts + " --shard " + std::to_string(i) + "/4 --out " + q(d)).status == 0);
      dirs += " " + q(d);
    }
    REQUIRE(run_detour("merge" + dirs + " --out " + q(merged)).status == 0);
  }
  CHECK(folder_difference(t.path / "one", merged) == "");
  // The shares: balanced and every page once.
  std::size_t total = 0;
  for (int i = 1; i <= 4; ++i) {
    const std::size_t n = journal_pages(t.path / "spread" / ("shard-" + std::to_string(i)));
    CHECK(n >= 5);
    CHECK(n <= 10);
    total += n;
  }
  CHECK(total == 36);
}

TEST_CASE("merge: the shards of an --aggregate run give its aggregate-NAME tables too", "[store][shard]") {
  TempDir t("detour-store");
  const std::string base = " --corpus " + sample() + " --extractors BP,JTA --metrics to,shingle --resamples 50 --no-progress";
  const std::string opts = base + " --aggregate f1-of-means";
  REQUIRE(run_detour("run" + opts + " --out " + q(t.path / "one")).status == 0);
  REQUIRE(fs::exists(t.path / "one" / "aggregate-f1-of-means.md"));
  std::string dirs;
  for (int i = 1; i <= 2; ++i) {
    const fs::path d = t.path / ("shard-" + std::to_string(i));
    REQUIRE(run_detour("run" + opts + " --shard " + std::to_string(i) + "/2 --out " + q(d)).status == 0);
    dirs += " " + q(d);
  }
  auto r = run_detour("merge" + dirs + " --out " + q(t.path / "merged"));
  INFO(r.out);
  REQUIRE(r.status == 0);
  for (const char* ext : {"md", "tsv", "json"})
    CHECK(fs::exists(t.path / "merged" / (std::string("aggregate-f1-of-means.") + ext)));
  CHECK(folder_difference(t.path / "one", t.path / "merged") == "");
  // Shards of another aggregation are not shards of this run.
  const fs::path other = t.path / "other";
  REQUIRE(run_detour("run" + base + " --aggregate mean-median --shard 2/2 --out " + q(other)).status == 0);
  r = run_detour("merge " + q(t.path / "shard-1") + " " + q(other) + " --out " + q(t.path / "m2"));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("aggregate"));
}

TEST_CASE("merge: refuses shards of different runs, names missing, repeated and unfinished shards", "[store][shard]") {
  TempDir t("detour-store");
  const std::string opts = " --corpus " + sample() + " --extractors BP --no-progress";
  auto shard = [&](int i, const std::string& more, const std::string& name) {
    const fs::path d = t.path / name;
    REQUIRE(run_detour("run" + opts + more + " --shard " + std::to_string(i) + "/3 --out " + q(d)).status == 0);
    return q(d);
  };
  const std::string s1 = shard(1, "", "s1"), s2 = shard(2, "", "s2"), s3 = shard(3, "", "s3");
  const std::string other = shard(3, " --autojunk no", "other");
  auto r = run_detour("merge " + s1 + " " + s2 + " --out " + q(t.path / "m1"));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("missing shard 3/3"));
  r = run_detour("merge " + s1 + " " + s2 + " " + s2 + " " + s3 + " --out " + q(t.path / "m2"));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("shard 2/3 given 2 times"));
  r = run_detour("merge " + s1 + " " + s2 + " " + other + " --out " + q(t.path / "m3"));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("not a shard of the same run"));
  CHECK_THAT(r.out, Catch::Contains("autojunk"));
  r = run_detour("merge " + s1 + " " + s2 + " " + s3 + " --out " + q(t.path / "ok"));
  CHECK(r.status == 0);
  // Into a folder holding a run: refused unless --overwrite.
  r = run_detour("merge " + s1 + " " + s2 + " " + s3 + " --out " + q(t.path / "ok"));
  CHECK(r.status == 2);
  CHECK(run_detour("merge " + s1 + " " + s2 + " " + s3 + " --out " + q(t.path / "ok") + " --overwrite").status == 0);
}

TEST_CASE("store: a store of schema version 1 is migrated and its runs read back the same", "[store]") {
  TempDir t("detour-store");
  const fs::path current = t.path / "current.sqlite", old = t.path / "v1.sqlite";
  auto r = run_detour("run --corpus " + sample() + " --extractors BP,JTA --no-progress --out " + q(t.path / "run") +
                      " --store " + q(current));
  REQUIRE(r.status == 0);
  {
    // The run as detour's first schema stored it: the step-1 tables, the time of a
    // record in its own column.
    detour::store::Db db(old, /*create=*/true);
    db.exec(detour::store::schema_steps().at(0));
    db.exec("PRAGMA user_version = 1");
    db.exec("ATTACH DATABASE '" + current.string() + "' AS c");
    db.exec(R"sql(
INSERT INTO runs SELECT * FROM c.runs;
INSERT INTO systems SELECT * FROM c.systems;
INSERT INTO metrics SELECT * FROM c.metrics;
INSERT INTO documents SELECT * FROM c.documents;
INSERT INTO pages SELECT * FROM c.pages;
INSERT INTO records (run_id, system_idx, doc_idx, status, reason, notes, millis, output_hash, gold_hash)
  SELECT r.run_id, r.system_idx, r.doc_idx, r.status, r.reason, r.notes, COALESCE(t.millis, 0), r.output_hash, r.gold_hash
  FROM c.records r LEFT JOIN c.timings t USING (run_id, system_idx, doc_idx);
INSERT INTO scores SELECT * FROM c.scores;
)sql");
    db.exec("DETACH DATABASE c");
  }
  {
    detour::store::Store store(old, /*create=*/false);
    CHECK(store.schema_version() == detour::store::kSchemaVersion);
    CHECK(store.integrity_check() == "ok");
    REQUIRE(store.list().size() == 1);
    CHECK(store.list()[0].done == 36);
  }
  r = run_detour("runs tables 1 --store " + q(old) + " --out " + q(t.path / "tables"));
  INFO(r.out);
  REQUIRE(r.status == 0);
  for (const char* f : {"table2.md", "table2.json", "table4.tsv", "table4.tex"})
    CHECK(slurp(t.path / "tables" / f) == slurp(t.path / "run" / f));
  // The times moved to the timings table.
  detour::store::Db db(old, /*create=*/false);
  detour::store::Stmt n(db, "SELECT COUNT(*) FROM timings");
  REQUIRE(n.step());
  CHECK(n.int64(0) == 72);
}
