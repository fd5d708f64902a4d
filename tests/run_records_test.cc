// The records of a run folder read back (results/run_records.h): a run on the sample
// corpus with ok, failed and excluded pages, notes and the cos metric's extra values,
// with confidence intervals, read with read_run, gives the same tables (Table 2 with
// intervals, Table 4's judgment) and record files byte for byte; broken
// folders give errors that name the file and the line.
#include <catch2/catch.hpp>

#include <fstream>

#include "base/io.h"
#include "base/shared_string.h"
#include "results/run_records.h"
#include "runner/runner.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;
using detour::testing::TempDir;

namespace {

// A run of the sample corpus (en, fr) with every page status: NC excludes its
// training pages, FAIL (an external tool) fails on the pages that mention a port,
// RD and HK write notes, cos has per-document values.
harness::RunConfig sample_run(const fs::path& out, const fs::path& tool) {
  harness::RunConfig cfg;
  cfg.corpus = detour::testing::source_dir() / "corpora/sample";
  cfg.languages = {"en", "fr"};
  cfg.extractors = {"GOLD", "NONE", "RD", "HK", "NC", "FAIL"};
  cfg.chains = harness::parse_chain_list("RD-HK");
  cfg.externals.push_back(parse_external_spec("FAIL=sh " + tool.string(), 20.0));
  cfg.metrics = "to,tm,cos";
  cfg.progress = false;
  cfg.jobs = 2;
  cfg.out = out;
  cfg.judgments.intervals = "pm";  // intervals in results.json and Table 2, read back too
  cfg.judgments.trials = 2000;
  cfg.judgments.baselines = {"HK"};
  return cfg;
}

std::string slurp(const fs::path& p) { return io::read_file(p); }

}  // namespace

TEST_CASE("run records: a run folder read back gives the same tables and records byte for byte",
          "[results][records]") {
  TempDir t;
  detour::testing::write_file(t.path / "tool.sh",
                              "input=$(cat)\n"
                              "case \"$input\" in *harbour*|*Harbour*) echo 'no harbours here' >&2; exit 3;; esac\n"
                              "printf '%s' \"$input\" | sed -e 's/<[^>]*>/ /g'\n");
  auto cfg = sample_run(t.path / "run", t.path / "tool.sh");
  const auto run = harness::run(cfg);
  harness::write_run(cfg, run);

  const results::RunRecords back = results::read_run(t.path / "run");
  REQUIRE(back.systems.size() == run.systems.size());
  std::size_t failed = 0, excluded = 0, noted = 0;
  for (std::size_t s = 0; s < run.systems.size(); ++s) {
    const auto& a = run.systems[s];
    const auto& b = back.systems[s];
    CHECK(a.name == b.name);
    CHECK(a.signature == b.signature);
    REQUIRE(a.pages.size() == b.pages.size());
    for (std::size_t i = 0; i < a.pages.size(); ++i) {
      CHECK(a.pages[i].status == b.pages[i].status);
      CHECK(a.pages[i].reason == b.pages[i].reason);
      CHECK(a.pages[i].notes == b.pages[i].notes);
      failed += a.pages[i].status == "failed";
      excluded += a.pages[i].status == "excluded";
      noted += !a.pages[i].notes.empty();
    }
    REQUIRE(a.scores.docs.size() == b.scores.docs.size());
    for (std::size_t d = 0; d < a.scores.docs.size(); ++d)
      for (std::size_t m = 0; m < a.scores.metrics.size(); ++m) {
        const auto& x = a.scores.docs[d].scores[m];
        const auto& y = b.scores.docs[d].scores[m];
        CHECK(x.tp == y.tp);
        CHECK(x.fp == y.fp);
        CHECK(x.fn == y.fn);
        CHECK(x.values == y.values);  // exactly: written with 17 significant digits
      }
    for (std::size_t m = 0; m < a.scores.metrics.size(); ++m)
      CHECK(results::metric_signature(a.scores, m) == results::metric_signature(b.scores, m));
  }
  CHECK(failed > 0);
  CHECK(excluded > 0);
  CHECK(noted > 0);
  CHECK(back.provenance.corpus_fingerprint == run.provenance.corpus_fingerprint);
  CHECK(back.signature == run.signature);
  CHECK(back.provenance.judgments.intervals == "pm");
  CHECK(back.provenance.judgments.baselines == std::vector<std::string>{"HK"});
  CHECK(back.systems[2].scores.intervals.size() == run.systems[2].scores.intervals.size());
  CHECK(!run.systems[2].scores.intervals.empty());

  // Tables and record files re-made from the loaded records are the run's own.
  results::write_records(t.path / "again", back);
  harness::write_tables(t.path / "again", back);
  std::size_t compared = 0;
  for (const auto& entry : fs::directory_iterator(t.path / "run")) {
    if (!entry.is_regular_file()) continue;
    if (entry.path().filename() == "journal.jsonl") continue;  // the run's page log (runner/resume.h), not a record file
    if (entry.path().filename() == "prepared.state") continue;  // what the stages learnt (runner/prepared.h)
    INFO(entry.path().filename());
    CHECK(slurp(entry.path()) == slurp(t.path / "again" / entry.path().filename()));
    ++compared;
  }
  CHECK(compared >= 15);  // results.json, 4 TSV record files, table2/table4 x 5 writers
}

TEST_CASE("run records: a page's id and language are held once, shared by every system's record",
          "[results][records]") {
  // SharedString: copies share one text, compare and order by content.
  const SharedString a(std::string("20111101_www.example.gr_0123456789abcdef0123456789abcdef.html"));
  const SharedString b = a;
  const SharedString c(std::string(a.str()));
  CHECK(&a.str() == &b.str());
  CHECK(&a.str() != &c.str());
  CHECK(a == c);
  CHECK(a == a.str());
  CHECK(a == std::string_view(a.str()));
  CHECK(SharedString("en") < SharedString("fr"));
  CHECK(SharedString("en") == "en");
  CHECK(SharedString().empty());
  CHECK(SharedString(std::string()).str().empty());
  CHECK(a + "/x" == a.str() + "/x");
  CHECK(nlohmann::json(a) == a.str());

  // A run's records: one text per page for all its systems (25 systems at DANIEL's
  // scale named each page 25 times before).
  TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = detour::testing::source_dir() / "corpora/sample";
  cfg.extractors = {"GOLD", "NONE", "RD", "HK"};
  cfg.chains = harness::parse_chain_list("RD-HK");
  cfg.metrics = "to";
  cfg.progress = false;
  cfg.jobs = 2;
  const auto run = harness::run(cfg);
  REQUIRE(run.systems.size() == 5);
  const auto& first = run.systems[0].scores.docs;
  REQUIRE(first.size() == run.doc_ids.size());
  for (const auto& sys : run.systems) {
    REQUIRE(sys.scores.docs.size() == first.size());
    for (std::size_t d = 0; d < first.size(); ++d) {
      INFO(sys.name << " " << first[d].id);
      CHECK(sys.scores.docs[d].id == run.doc_ids[d]);
      CHECK(&sys.scores.docs[d].id.str() == &first[d].id.str());
      CHECK(&sys.scores.docs[d].lang.str() == &first[d].lang.str());
    }
  }
}

TEST_CASE("run records: broken run folders are refused naming the file and the line", "[results][records]") {
  TempDir t;
  CHECK_THROWS_WITH(results::read_run(t.path / "nowhere"), Catch::Contains("not a run folder"));
  fs::create_directories(t.path / "r");
  CHECK_THROWS_WITH(results::read_run(t.path / "r"), Catch::Contains("results.json"));
  detour::testing::write_file(t.path / "r/results.json", "{\"systems\": ");
  CHECK_THROWS_WITH(results::read_run(t.path / "r"), Catch::Contains("not valid JSON"));
  detour::testing::write_file(
      t.path / "r/results.json",
      R"({"signature": "detour-score|metrics:to|autojunk:yes", "systems": {"BP": {"signature": "s"}}})");
  detour::testing::write_file(t.path / "r/per_doc.tsv", "system\tlang\tid\n");
  CHECK_THROWS_WITH(results::read_run(t.path / "r"), Catch::Contains("per_doc.tsv: line 1: not the expected header"));
  const std::string header =
      "system\tlang\tid\tstatus\tmetric\ttp\tfp\tfn\tprecision\trecall\tf1\treason\tnotes\tvalues\n";
  detour::testing::write_file(t.path / "r/per_doc.tsv", header + "BP\ten\tp1\tok\tto\t3\tx\t1\t0\t0\t0\t\t\t\n");
  CHECK_THROWS_WITH(results::read_run(t.path / "r"), Catch::Contains("per_doc.tsv: line 2: count 'x'"));
  detour::testing::write_file(t.path / "r/per_doc.tsv", header + "BP\ten\tp1\tweird\tto\t3\t1\t1\t0\t0\t0\t\t\t\n");
  CHECK_THROWS_WITH(results::read_run(t.path / "r"), Catch::Contains("unknown status 'weird'"));
  detour::testing::write_file(t.path / "r/per_doc.tsv", header + "BP\ten\tp1\tok\ttm\t3\t1\t1\t0\t0\t0\t\t\t\n");
  CHECK_THROWS_WITH(results::read_run(t.path / "r"), Catch::Contains("expected a line for metric to"));
  detour::testing::write_file(t.path / "r/per_doc.tsv", header + "JTA\ten\tp1\tok\tto\t3\t1\t1\t0\t0\t0\t\t\t\n");
  CHECK_THROWS_WITH(results::read_run(t.path / "r"), Catch::Contains("system 'JTA' of per_doc.tsv is missing"));
  detour::testing::write_file(t.path / "r/per_doc.tsv", header + "BP\ten\tp1\tok\tto\t3\t1\t1\t0\t0\t0\t\t\t\n");
  auto r = results::read_run(t.path / "r");
  REQUIRE(r.systems.size() == 1);
  CHECK(r.systems[0].scores.docs[0].scores[0].tp == 3);
}

TEST_CASE("run records: notes and TSV fields survive escaping", "[results][records]") {
  std::map<std::string, std::string> notes = {{"a", "x; y"}, {"b", "tab\there"}, {"c", ""}};
  auto text = results::notes_text(notes);
  CHECK(results::parse_notes(results::tsv_unescape(results::tsv_escape(text))) == notes);
  CHECK(results::tsv_unescape(results::tsv_escape("a\\b\tc\nd\re")) == "a\\b\tc\nd\re");
  CHECK(results::tsv_escape("a\\b\tc\nd\re") == "a\\\\b\\tc\\nd\\re");
  CHECK(results::tsv_escape("\tplain\n") == "\\tplain\\n");
  CHECK(results::tsv_escape("plain text") == "plain text");
  CHECK(results::tsv_escape("") == "");
}
