// The runner end to end on small corpora made in the test: chains, failure
// recording, determinism across thread counts, external tools that crash or hang.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <fstream>
#include <random>

#include "corpora/corpus.h"
#include "extractors/external.h"
#include "runner/runner.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;

namespace {

using detour::testing::write_file;

using TempDir = detour::testing::TempDir;

std::string article(int k) {
  std::string body;
  for (int i = 0; i < 6; ++i)
    body += "<p>Paragraph " + std::to_string(i) + " of story " + std::to_string(k) +
            " tells how the river rose in the night, and how the people of the valley, who had seen "
            "floods before, moved their animals to the high fields before the water came.</p>\n";
  return "<html><head><title>Story " + std::to_string(k) + "</title></head><body>"
         "<div class=nav><a href=/>Home</a> <a href=/news>News</a> <a href=/sport>Sport</a></div>"
         "<h1>Story " + std::to_string(k) + "</h1>" + body +
         "<div class=footer><a href=/about>About us</a> | <a href=/legal>Legal</a></div></body></html>";
}

std::string gold_of(int k) {
  std::string g = "<h>Story " + std::to_string(k) + "\n";
  for (int i = 0; i < 6; ++i)
    g += "<p>Paragraph " + std::to_string(i) + " of story " + std::to_string(k) +
         " tells how the river rose in the night, and how the people of the valley, who had seen "
         "floods before, moved their animals to the high fields before the water came.\n";
  return g;
}

fs::path make_corpus(const fs::path& root) {
  for (std::string lang : {"en", "xx"})
    for (int k = 0; k < 5; ++k) {
      std::string id = "page" + std::to_string(k);
      write_file(root / lang / "html" / id, article(k));
      write_file(root / lang / "gold" / id, gold_of(k));
    }
  // A page that is not HTML at all, and an empty one.
  std::string binary;
  std::mt19937 rng(3);
  for (int i = 0; i < 20000; ++i) binary += static_cast<char>(rng() & 0xFF);
  write_file(root / "en/html/binary", binary);
  write_file(root / "en/gold/binary", "<p>nothing\n");
  write_file(root / "en/html/empty", "");
  write_file(root / "en/gold/empty", "<p>nothing\n");
  return root;
}

std::string slurp(const fs::path& p) { return io::read_file(p); }

}  // namespace

TEST_CASE("run: GOLD scores 100, NONE scores 0, ALL is in between", "[runner]") {
  TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = make_corpus(t.path / "corpus");
  cfg.extractors = {"GOLD", "NONE", "ALL"};
  cfg.metrics = "tm,to,car";
  cfg.progress = false;
  fs::remove(cfg.corpus / "en/html/binary");  // refused (the test below); GOLD would miss its gold
  fs::remove(cfg.corpus / "en/gold/binary");
  auto r = harness::run(cfg);
  REQUIRE(r.systems.size() == 3);
  auto f1 = [&](int s, int m) { return results::aggregate_metric(r.systems[s].scores, m, "all").micro.f1; };
  for (int m = 0; m < 3; ++m) {
    CHECK(f1(0, m) == Approx(1.0));
    CHECK(f1(1, m) < 0.05);
  }
  CHECK(f1(2, 1) > 0.5);
  CHECK(f1(2, 1) < 1.0);
}

TEST_CASE("run: a page of random bytes is refused as not HTML, for every system, and the run goes on",
          "[runner]") {
  TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = make_corpus(t.path / "corpus");
  cfg.extractors = {"GOLD", "ALL"};
  cfg.metrics = "to";
  cfg.progress = false;
  auto r = harness::run(cfg);
  std::size_t binary = r.doc_ids.size();
  for (std::size_t k = 0; k < r.doc_ids.size(); ++k)
    if (r.doc_ids[k] == "binary") binary = k;
  REQUIRE(binary < r.doc_ids.size());
  for (const auto& sys : r.systems) {
    CHECK(sys.pages[binary].status == "failed");
    CHECK(sys.pages[binary].reason.rfind("not an HTML page (", 0) == 0);
    for (std::size_t k = 0; k < r.doc_ids.size(); ++k)
      if (k != binary && r.doc_ids[k] != "empty") CHECK(sys.pages[k].status == "ok");
  }
}

TEST_CASE("run: a stage over its CPU budget fails the page with the reason, in a worker or a thread",
          "[runner][budget]") {
  for (auto iso : {harness::RunConfig::Isolation::Process, harness::RunConfig::Isolation::None}) {
    TempDir t;
    std::string big = "<html><body>";
    for (int i = 0; i < 20000; ++i) big += "<p>Paragraph " + std::to_string(i) + " of ordinary words, long enough.</p>";
    big += "</body></html>";
    write_file(t.path / "c/en/html/big", big);
    write_file(t.path / "c/en/gold/big", "<p>Paragraph 1 of ordinary words, long enough.\n");
    harness::RunConfig cfg;
    cfg.corpus = t.path / "c";
    cfg.extractors = {"BP", "ALL"};
    cfg.metrics = "to";
    cfg.progress = false;
    cfg.jobs = 2;
    cfg.isolation = iso;
    cfg.stage_budget = 0.001;  // far below what loading and parsing 1 MB takes
    auto r = harness::run(cfg);
    REQUIRE(r.doc_ids.size() == 1);
    for (const auto& sys : r.systems) {
      CHECK(sys.pages[0].status == "failed");
      CHECK_THAT(sys.pages[0].reason, Catch::StartsWith("time budget of 0.001 s exceeded in "));
    }
  }
}

TEST_CASE("run: output bytes do not depend on the thread count", "[runner]") {
  TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = make_corpus(t.path / "corpus");
  cfg.extractors = {"ALL", "GOLD"};
  cfg.chains = harness::parse_chain_list("ALL-GOLD,GOLD-ALL");
  cfg.metrics = "tm,to,car,lcs,cos";
  cfg.progress = false;
  cfg.jobs = 1;
  cfg.out = t.path / "out1";
  harness::write_run(cfg, harness::run(cfg));
  cfg.jobs = 4;
  cfg.out = t.path / "out4";
  harness::write_run(cfg, harness::run(cfg));
  for (std::string f : {"per_doc.tsv", "pages.tsv", "failures.tsv", "table2.tsv", "table2.md", "table2.tex",
                        "table4.md", "outputs/ALL-GOLD/en/page3"})
    CHECK(slurp(t.path / "out1" / f) == slurp(t.path / "out4" / f));
  CHECK(detour::testing::stable_results_json(t.path / "out1/results.json") ==
        detour::testing::stable_results_json(t.path / "out4/results.json"));
  // The chain output is rescorable: its file exists for every page.
  CHECK(fs::exists(t.path / "out1/outputs/GOLD-ALL/xx/page4"));
}

TEST_CASE("run: chains parse extractor names that contain '-'", "[runner]") {
  auto c = harness::parse_chain_list("ALL-GOLD,NONE-ALL-GOLD");
  REQUIRE(c.size() == 2);
  CHECK(c[1] == std::vector<std::string>{"NONE", "ALL", "GOLD"});
  CHECK(harness::all_pairs({"A", "B", "C"}).size() == 6);
}

TEST_CASE("run: an external tool that crashes or hangs is recorded and the run goes on", "[runner][external][robust][slow]") {
  TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = make_corpus(t.path / "corpus");
  write_file(t.path / "tool.sh",
        "#!/bin/sh\n"
        "input=$(cat)\n"
        "case \"$input\" in\n"
        "  *'Story 1<'*) echo boom >&2; exit 3;;\n"
        "  *'Story 2<'*) sleep 30;;\n"
        "  *'Story 3<'*) kill -SEGV $$;;\n"
        "esac\n"
        "printf '%s' \"$input\" | sed -e 's/<[^>]*>/ /g'\n");
  fs::permissions(t.path / "tool.sh", fs::perms::owner_all);
  cfg.externals.push_back(parse_external_spec("TOOL=sh " + (t.path / "tool.sh").string(), 2.0));
  cfg.extractors = {"TOOL"};
  cfg.chains = harness::parse_chain_list("ALL-TOOL");
  cfg.metrics = "to";
  cfg.progress = false;
  auto r = harness::run(cfg);
  REQUIRE(r.systems.size() == 2);
  int failed = 0, timeout = 0, status = 0, signal = 0;
  for (const auto& p : r.systems[0].pages) {
    failed += p.status == "failed";
    timeout += p.reason.find("timed out") != std::string::npos;
    status += p.reason.find("exit status 3; stderr: boom") != std::string::npos;
    signal += p.reason.find("signal") != std::string::npos;
  }
  CHECK(failed == 7);  // stories 1, 2, 3 in two languages, and the binary page (not HTML)
  CHECK(timeout == 2);
  CHECK(status == 2);
  CHECK(signal == 2);
  // Failed pages are scored as empty outputs; the others are scored.
  CHECK(r.systems[0].scores.docs.size() == r.doc_ids.size());
  // In the chain the tool reads ALL's minimal HTML.
  CHECK(results::aggregate_metric(r.systems[1].scores, 0, "all").micro.f1 > 0.3);
}

TEST_CASE("external: commands are split without a shell", "[external]") {
  auto w = split_command("tool --a 'x y' \"q\\\"z\" plain\\ space {input}");
  REQUIRE(w.size() == 6);
  CHECK(w[2] == "x y");
  CHECK(w[3] == "q\"z");
  CHECK(w[4] == "plain space");
  CHECK(w[5] == "{input}");
  // A page cannot inject a command: its text is data on stdin.
  auto r = run_process({"cat"}, "$(touch /tmp/detour-injected); `id`", 5);
  CHECK(r.out == "$(touch /tmp/detour-injected); `id`");
  CHECK_FALSE(fs::exists("/tmp/detour-injected"));
  CHECK_THROWS_WITH(parse_external_spec("noequals", 1), Catch::Contains("NAME='COMMAND'"));
}

TEST_CASE("run: hostile pages (deep nesting, 50 MB, not HTML) complete for the main extractors",
          "[runner][robust][slow]") {
  TempDir t;
  fs::path root = t.path / "corpus";
  write_file(root / "en/html/ok", article(1));
  write_file(root / "en/gold/ok", gold_of(1));
  std::string deep = "<html><body>";
  for (int i = 0; i < 100000; ++i) deep += "<div>";
  deep += "deep text";
  for (int i = 0; i < 100000; ++i) deep += "</div>";
  write_file(root / "en/html/deep", deep + "</body></html>");
  write_file(root / "en/gold/deep", "<p>deep text\n");
  std::string big = "<html><body>";
  while (big.size() < (50u << 20)) big += "<div class=x><p>Some words of a very long page, again and again.</p></div>\n";
  write_file(root / "en/html/big", big + "</body></html>");
  write_file(root / "en/gold/big", "<p>Some words\n");
  write_file(root / "en/html/text", "Just a plain text file.\nNo markup at all.\n");
  write_file(root / "en/gold/text", "<p>Just a plain text file.\n");
  harness::RunConfig cfg;
  cfg.corpus = root;
  cfg.extractors = {"BP", "JTA", "JTS", "RD", "HK"};
  cfg.chains = harness::parse_chain_list("BP-JTA");
  cfg.metrics = "to";
  cfg.progress = false;
  auto r = harness::run(cfg);
  REQUIRE(r.systems.size() == 6);
  for (const auto& s : r.systems) {
    INFO(s.name);
    CHECK(s.pages.size() == 4);
    CHECK(s.scores.docs.size() == 4);  // every page scored (failures would count as empty)
  }
}

TEST_CASE("run: outputs are named as the gold files, so detour score pairs them", "[runner]") {
  TempDir t;
  fs::path root = t.path / "corpus";
  write_file(root / "en/html/story.html", article(1));  // page "story.html", gold "story"
  write_file(root / "en/gold/story", gold_of(1));
  write_file(root / "en/html/other", article(2));
  write_file(root / "en/gold/other", gold_of(2));
  harness::RunConfig cfg;
  cfg.corpus = root;
  cfg.extractors = {"GOLD"};
  cfg.metrics = "tm";
  cfg.progress = false;
  cfg.out = t.path / "out";
  harness::write_run(cfg, harness::run(cfg));
  CHECK(fs::exists(t.path / "out/outputs/GOLD/en/story"));
  CHECK_FALSE(fs::exists(t.path / "out/outputs/GOLD/en/story.html"));
  std::vector<std::string> notes;
  auto items = harness::collect_items(root, t.path / "out/outputs/GOLD", true, harness::MissingPolicy::Skip, notes);
  CHECK(items.size() == 2);
  CHECK(notes.empty());
}
