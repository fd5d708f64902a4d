// `detour score` end to end on bad input: every case gives a defined result or a
// clear message naming the file, never a crash.
#include <catch2/catch.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include "tests/test_util.h"

namespace fs = std::filesystem;

namespace {

using Cmd = detour::testing::CommandResult;
using detour::testing::run_detour;
using detour::testing::write_file;

using TempDir = detour::testing::TempDir;

nlohmann::json score_json(const fs::path& gold, const fs::path& sys, const std::string& extra = "",
                          const std::string& metrics = "all") {
  Cmd c = run_detour("score --gold " + gold.string() + " --system " + sys.string() + " --format json --metrics " + metrics +
              " " + extra);
  INFO(c.out);
  REQUIRE(c.status == 0);
  auto brace = c.out.find('{');
  REQUIRE(brace != std::string::npos);
  auto j = nlohmann::json::parse(c.out.substr(brace));
  REQUIRE(j["systems"].size() == 1);  // one shape whatever the number of systems
  return j["systems"].begin().value();
}

}  // namespace

TEST_CASE("score: identical texts score 100 on every metric", "[score][cli]") {
  TempDir t;
  write_file(t.path / "gold/a", "<p>Hello world, this is a test.\n<h>A heading\n<l>an item\n");
  write_file(t.path / "sys/a", "<p>Hello world, this is a test.\n<h>A heading\n<l>an item\n");
  auto j = score_json(t.path / "gold", t.path / "sys");
  for (std::string m : {"tm", "tag", "tmu", "to", "car", "lcs", "cos"}) {
    INFO(m);
    CHECK(j["languages"]["all"][m]["f1"].get<double>() == Approx(100.0));
    CHECK(j["languages"]["all"][m]["signature"].get<std::string>().find("metric:" + m) == 0);
  }
  CHECK(j["languages"]["all"]["documents"] == 1);
}

TEST_CASE("score: empty files, binary data, invalid UTF-8", "[score][cli][robust]") {
  TempDir t;
  std::string binary;
  std::mt19937 rng(7);
  for (int i = 0; i < 100000; ++i) binary += static_cast<char>(rng() & 0xFF);
  write_file(t.path / "gold/empty", "");
  write_file(t.path / "sys/empty", "");
  write_file(t.path / "gold/bin", "<p>some real text here\n");
  write_file(t.path / "sys/bin", binary);
  write_file(t.path / "gold/utf", "<p>caf\xc3\xa9 ok\n");
  write_file(t.path / "sys/utf", "<p>caf\xe9 \xff\xfe ok\n");
  auto j = score_json(t.path / "gold", t.path / "sys", "--per-doc");
  REQUIRE(j["documents"].size() == 3);
  for (const auto& d : j["documents"]) {
    if (d["id"] == "empty") {
      // cleaneval.py: an empty text is one empty token, so two empty files match.
      CHECK(d["tm"]["tp"] == 1);
      CHECK(d["to"]["f1"].get<double>() == Approx(100.0));  // nothing to find, nothing found
    }
    if (d["id"] == "bin") CHECK(d["to"]["recall"].get<double>() < 100.0);
    // Not UTF-8, so decoded as pages are (windows-1252): "café" and "ok" match.
    if (d["id"] == "utf") CHECK(d["to"]["tp"] == 2);
  }
}

TEST_CASE("score: a 50 MB system output is scored", "[score][cli][robust][slow]") {
  TempDir t;
  std::string big;
  big.reserve(50u << 20);
  std::mt19937 rng(11);
  while (big.size() < (50u << 20)) big += "<p>word" + std::to_string(rng() % 5000) + " filler text\n";
  write_file(t.path / "gold/big", "<p>word12 filler text\n");
  write_file(t.path / "sys/big", big);
  auto j = score_json(t.path / "gold", t.path / "sys", "", "tm,to");
  CHECK(j["languages"]["all"]["tm"]["fp"].get<long>() > 1000000);
}

TEST_CASE("score: missing gold and missing outputs are reported, not lost", "[score][cli][robust]") {
  TempDir t;
  write_file(t.path / "gold/a", "<p>alpha\n");
  write_file(t.path / "gold/b", "<p>beta\n");
  write_file(t.path / "sys/a", "<p>alpha\n");
  write_file(t.path / "sys/c", "<p>gamma\n");
  Cmd c = run_detour("score --gold " + (t.path / "gold").string() + " --system " + (t.path / "sys").string());
  CHECK(c.status == 0);
  CHECK(c.out.find("skipped (no gold)") != std::string::npos);
  CHECK(c.out.find("sys/c") != std::string::npos);
  CHECK(c.out.find("skipped (no system output)") != std::string::npos);
  auto j = score_json(t.path / "gold", t.path / "sys", "--missing empty");
  CHECK(j["languages"]["all"]["documents"] == 2);
  // Missing folders name themselves.
  Cmd m = run_detour("score --gold " + (t.path / "nope").string() + " --system " + (t.path / "sys").string());
  CHECK(m.status == 1);
  CHECK(m.out.find("nope") != std::string::npos);
  // A gold folder holding only per-language folders is refused with their names, not
  // scored as 0 documents.
  write_file(t.path / "bylang/en/a", "<p>alpha\n");
  write_file(t.path / "bylang/zh/a", "<p>alpha\n");
  Cmd l = run_detour("score --gold " + (t.path / "bylang").string() + " --system " + (t.path / "sys").string());
  CHECK(l.status == 1);
  CHECK(l.out.find("bylang") != std::string::npos);
  CHECK(l.out.find("en, zh") != std::string::npos);
}

TEST_CASE("score: an unreadable file gives a message naming it", "[score][cli][robust]") {
  TempDir t;
  write_file(t.path / "gold/a", "<p>alpha\n");
  write_file(t.path / "sys/a", "<p>alpha\n");
  fs::create_directories(t.path / "sys2/a");  // a folder where a file is expected
  write_file(t.path / "sys2/x", "<p>x\n");
  Cmd c = run_detour("score --gold " + (t.path / "gold").string() + " --system " + (t.path / "sys2").string());
  // "a" is a folder in the system dir: it is not a file, so it is not listed as an
  // output, and nothing is scored: exit 1.
  CHECK(c.status == 1);
  CHECK(c.out.find("no document was scored") != std::string::npos);
  chmod((t.path / "sys/a").c_str(), 0);
  Cmd u = run_detour("score --gold " + (t.path / "gold").string() + " --system " + (t.path / "sys").string());
  if (geteuid() != 0) {  // root reads anything
    CHECK(u.status == 1);
    CHECK(u.out.find((t.path / "sys/a").string()) != std::string::npos);
  } else {
    CHECK(u.status == 0);
  }
}

TEST_CASE("score: several systems in one call equal one call each", "[score][cli]") {
  TempDir t;
  std::mt19937 rng(42);
  const char* words[] = {"alpha", "beta", "gamma", "delta", "<p>", "<h>", "<l>", "\xe4\xb8\xad", "URL", "\n"};
  auto text = [&](int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += std::string(words[rng() % 10]) + " ";
    return s;
  };
  for (int d = 0; d < 12; ++d) {
    std::string id = "doc" + std::to_string(d);
    std::string gold = text(50 + d * 7);
    write_file(t.path / "corpus/xx/gold" / id, gold);
    write_file(t.path / "corpus/yy/gold" / id, gold + "yy");
    if (d != 3) write_file(t.path / "one/xx" / id, text(40));  // one output missing
    write_file(t.path / "one/yy" / id, gold);
    write_file(t.path / "two/xx" / id, gold.substr(0, gold.size() / 2));
    write_file(t.path / "two/yy" / id, text(5));
  }
  std::string base = "score --corpus " + (t.path / "corpus").string() + " --metrics tm,tag,to,car,lcs --format json ";
  auto parse = [](const Cmd& c) {
    INFO(c.out);
    REQUIRE(c.status == 0);
    return nlohmann::json::parse(c.out.substr(c.out.find('{')));
  };
  auto one = parse(run_detour(base + "--system " + (t.path / "one").string()));
  auto two = parse(run_detour(base + "--system " + (t.path / "two").string() + " --jobs 1"));
  auto both = parse(run_detour(base + "--system " + (t.path / "one").string() + " --system " + (t.path / "two").string()));
  REQUIRE(both.contains("systems"));
  // One thread reads in io_uring batches (base/batch_read.h) when it can: 72 files,
  // more than one batch, a gold's items across a batch boundary. The output is the
  // same as with files read one by one.
  const std::string both_cmd = base + "--per-doc --jobs 1 --system " + (t.path / "one").string() + " --system " +
                               (t.path / "two").string();
  const auto batched = parse(run_detour(both_cmd));
  ::setenv("DETOUR_NO_URING", "1", 1);
  const auto single = parse(run_detour(both_cmd));
  ::unsetenv("DETOUR_NO_URING");
  CHECK(batched == single);
  CHECK(batched["systems"]["one"]["languages"] == both["systems"]["one"]["languages"]);
  CHECK(both["systems"]["one"]["languages"] == one["systems"]["one"]["languages"]);
  CHECK(both["systems"]["two"]["languages"] == two["systems"]["two"]["languages"]);
  CHECK(both["systems"]["one"]["languages"]["xx"]["documents"] == 11);  // the missing output is skipped
  // TSV: one header, a system column.
  Cmd tsv = run_detour("score --corpus " + (t.path / "corpus").string() + " --metrics tm --format tsv --system " +
                (t.path / "one").string() + " --system " + (t.path / "two").string());
  REQUIRE(tsv.status == 0);
  CHECK(tsv.out.find("system\tlang\tmetric") != std::string::npos);
  CHECK(tsv.out.find("\nsystem\t", tsv.out.find("system\tlang") + 1) == std::string::npos);  // one header
  CHECK(tsv.out.find("\none\tall\ttm\t23\t") != std::string::npos);
  CHECK(tsv.out.find("\ntwo\tall\ttm\t24\t") != std::string::npos);
}

TEST_CASE("score: --resamples 0 switches the intervals off, and --confidence needs resamples", "[score][cli]") {
  TempDir t;
  for (int d = 0; d < 6; ++d) {
    const std::string id = "doc" + std::to_string(d);
    write_file(t.path / "gold" / id, "<p>alpha beta gamma delta epsilon " + std::to_string(d) + "\n");
    write_file(t.path / "sys" / id, d % 2 ? "<p>alpha beta gamma\n" : "<p>alpha beta gamma delta epsilon\n");
  }
  const std::string base = "score --gold " + (t.path / "gold").string() + " --system " + (t.path / "sys").string() +
                           " --metrics tm,to --format tsv";
  const Cmd plain = run_detour(base);
  const Cmd off = run_detour(base + " --resamples 0");
  INFO(plain.out << off.out);
  REQUIRE(plain.status == 0);
  REQUIRE(off.status == 0);
  CHECK(off.out == plain.out);  // no table shows intervals without --confidence: same bytes
  const Cmd with = run_detour(base + " --confidence --resamples 200");
  REQUIRE(with.status == 0);
  CHECK(with.out != plain.out);  // the intervals are shown
  const Cmd refused = run_detour(base + " --confidence --resamples 0");
  CHECK(refused.status == 2);
  CHECK(refused.out.find("--resamples") != std::string::npos);
}
