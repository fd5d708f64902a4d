// What a user is told when a command cannot do what was asked, through the `detour`
// binary on the sample corpus: --resume and merge with other settings name the
// system and the setting that differ (not a cut JSON dump); a repeated shard exits
// as docs/clusters.md says; `detour runs` shows a resumed run's whole time;
// `detour task` with a --system folder that holds no output fails, saying where the
// outputs were looked for.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "base/io.h"
#include "store/store.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using detour::testing::run_detour;
using detour::testing::TempDir;

namespace {

std::string q(const fs::path& p) { return detour::testing::shell_quoted(p); }
std::string sample() { return q(detour::testing::source_dir() / "corpora/sample"); }

}  // namespace

TEST_CASE("resume and merge with other settings name the system and the setting that differ", "[store][cli]") {
  TempDir t("detour-messages");
  const std::string opts = " --corpus " + sample() + " --languages en,fr --metrics to --no-progress --jobs 2";
  const fs::path out = t.path / "run";
  REQUIRE(run_detour("run" + opts + " --extractors BP,JTA --out " + q(out)).status == 0);
  auto r = run_detour("run" + opts + " --extractors 'BP,JTA(length_low=100)' --out " + q(out) + " --resume");
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("that run's vs this command's: system JTA vs JTA(length_low=100): length_low: 70 vs 100"));
  CHECK_THAT(r.out, !Catch::Contains("[[\""));  // no JSON dump
  // A system more: named as such.
  r = run_detour("run" + opts + " --extractors BP,JTA,RD --out " + q(out) + " --resume");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("system RD: only on the second side"));

  // Shards of two settings.
  const fs::path s1 = t.path / "s1", s2 = t.path / "s2";
  REQUIRE(run_detour("run" + opts + " --extractors BP,JTA --shard 1/2 --out " + q(s1)).status == 0);
  REQUIRE(run_detour("run" + opts + " --extractors 'BP,JTA(stopwords_low=0.25)' --shard 2/2 --out " + q(s2)).status == 0);
  r = run_detour("merge " + q(s1) + " " + q(s2) + " --out " + q(t.path / "merged"));
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("system JTA vs JTA(stopwords_low=0.25): stopwords_low: 0.3 vs 0.25"));
  CHECK_THAT(r.out, !Catch::Contains("[[\""));
}

TEST_CASE("merge: a shard given twice exits 2, as docs/clusters.md says", "[store][shard][cli]") {
  TempDir t("detour-messages");
  const std::string opts = " --corpus " + sample() + " --languages en --extractors BP --metrics to --no-progress";
  std::string dirs;
  for (int i = 1; i <= 2; ++i) {
    const fs::path d = t.path / ("s" + std::to_string(i));
    REQUIRE(run_detour("run" + opts + " --shard " + std::to_string(i) + "/2 --out " + q(d)).status == 0);
    dirs += " " + q(d);
  }
  auto r = run_detour("merge" + dirs + " " + q(t.path / "s2") + " --out " + q(t.path / "m"));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("shard 2/2 given 2 times"));
  // With a missing shard as well, the arguments are still wrong: exit 2.
  r = run_detour("merge " + q(t.path / "s1") + " " + q(t.path / "s1") + " --out " + q(t.path / "m"));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("missing shard 2/2"));
  // Only missing: finish the shards, exit 1.
  r = run_detour("merge " + q(t.path / "s1") + " --out " + q(t.path / "m"));
  CHECK(r.status == 1);
  // The documentation says the same.
  const std::string doc = detour::io::read_file(detour::testing::source_dir() / "docs/clusters.md");
  CHECK_THAT(doc, Catch::Contains("a shard given twice") && Catch::Contains("exit 2"));
  CHECK_THAT(doc, Catch::Contains("missing or unfinished shards only") && Catch::Contains("exit 1"));
}

TEST_CASE("runs list: a resumed run's time is the sum of its parts, a killed part's included", "[store][resume][cli]") {
  TempDir t("detour-messages");
  const fs::path db = t.path / "runs.sqlite", out = t.path / "run";
  // 36 pages, each through a tool that takes 0.2 s, two at a time: about 4 s.
  const std::string run = "run --corpus " + sample() + " --extractors BP --metrics to --no-progress --jobs 2" +
                          " --external \"SLOW=sh -c 'sleep 0.2; cat'\" --out " + q(out) + " --store " + q(db);
  auto seconds = [&] {
    detour::store::Store s(db, /*create=*/false);
    auto runs = s.list();
    REQUIRE(runs.size() == 1);
    return runs[0].seconds;
  };
  auto journal_pages = [&] {
    std::string j;
    try {
      j = detour::io::read_file(out / "journal.jsonl");
    } catch (const std::exception&) {
      return std::size_t{0};
    }
    return static_cast<std::size_t>(std::count(j.begin(), j.end(), '\n'));
  };
  // Part 1: killed with SIGKILL (nothing runs at exit) after 2 s.
  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    const std::string cmd = "exec " + detour::testing::detour_binary() + " " + run + " > /dev/null 2>&1";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  while (std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(2000) || journal_pages() < 3)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ::kill(-pid, SIGKILL);
  int st = 0;
  ::waitpid(pid, &st, 0);
  const double killed = seconds();
  CHECK(killed >= 0.9);  // the store has the time of the killed part (written with its pages)
  // Part 2: interrupted with SIGINT once it has done pages of its own, after 1.2 s.
  const std::size_t before = journal_pages();
  const auto t1 = std::chrono::steady_clock::now();
  pid = ::fork();
  if (pid == 0) {
    const std::string cmd = "exec " + detour::testing::detour_binary() + " " + run + " --resume > /dev/null 2>&1";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  while (std::chrono::steady_clock::now() - t1 < std::chrono::milliseconds(1200) || journal_pages() < before + 2)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ::kill(pid, SIGINT);
  ::waitpid(pid, &st, 0);
  const double interrupted = seconds();
  CHECK(interrupted >= killed + 1.0);
  // Part 3: to the end.
  auto r = run_detour(run + " --resume");
  REQUIRE(r.status == 0);
  const double total = seconds();
  auto results = nlohmann::json::parse(detour::io::read_file(out / "results.json"));
  const double last = results["provenance"]["run"]["seconds"].get<double>();
  INFO("killed " << killed << " s, interrupted " << interrupted << " s, total " << total << " s, last part " << last);
  CHECK(total >= interrupted + 0.9 * last);
  // `detour runs list` prints it.
  auto list = run_detour("runs list --store " + q(db));
  CHECK_THAT(list.out, Catch::Contains(fmt::format("{:.1f}", total)));
}

TEST_CASE("task: a --system folder without outputs is nothing scored (exit 1), saying where they were looked for",
          "[tasks][cli]") {
  TempDir t("detour-messages");
  const fs::path empty = t.path / "empty";
  fs::create_directories(empty);
  auto r = run_detour("task --corpus " + sample() + " --languages en --system " + q(empty) + " --jobs 1");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("--system " + empty.string() + ": no output file for any of the 8 pages"));
  CHECK_THAT(r.out, Catch::Contains(empty.string() + "/en/"));
  // A run folder given instead of one of its systems' folders: named.
  const fs::path run = t.path / "run";
  REQUIRE(run_detour("run --corpus " + sample() + " --languages en --extractors BP,JTA --metrics to --no-progress --out " +
                     q(run))
              .status == 0);
  r = run_detour("task --corpus " + sample() + " --languages en --system " + q(run) + " --jobs 1");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("is a run folder: give one of its systems' folders"));
  CHECK_THAT(r.out, Catch::Contains("(BP, JTA)"));
  // Some outputs missing: a note on standard error, the task runs.
  const fs::path bp = run / "outputs" / "BP";
  fs::remove(*fs::directory_iterator(bp / "en"));
  r = run_detour("task --corpus " + sample() + " --languages en --system " + q(bp) + " --jobs 1");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("note: --system " + bp.string() + ": 1 of 8 pages have no output file"));
}
