// `detour sites` end to end on a small fixture corpus built in a temporary folder:
// Deturck's per-site indicators computed by hand for two systems side by side, the
// --min-pages and --missing rules, URL-based sites (annotations.json), the md format,
// and clear errors on bad input.
#include <catch2/catch.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "tests/test_util.h"

namespace fs = std::filesystem;

namespace {

using Cmd = detour::testing::CommandResult;
using detour::testing::run_detour;
using detour::testing::write_file;

using TempDir = detour::testing::TempDir;

// The fixture: site a.test (5 pages, DANIEL ids), b.test (2 pages), and www.other.test
// (5 pages whose ids say nothing; the site comes from annotations.json).
// System "good" reproduces every gold text. System "half": a.test pages 0-1 exact,
// pages 2-3 only the first two of five gold words (T within T*, cos = 2/sqrt(10)),
// page 4 missing; other.test pages exact; b.test missing.
struct Fixture {
  TempDir t;
  fs::path root, good, half;
  Fixture() {
    root = t.path / "corpus";
    good = t.path / "runs" / "good";
    half = t.path / "runs" / "half";
    std::string annotations = "{";
    auto add = [&](const std::string& id, const std::string& gold) {
      write_file(root / "en" / "html" / id, "<html><body><p>" + gold + "</p></body></html>");
      write_file(root / "en" / "gold" / id, "<p>" + gold + "\n");
      write_file(good / "en" / id, "<p>" + gold + "\n");
    };
    for (int i = 0; i < 5; ++i) {
      std::string id = "20120101_a.test_h" + std::to_string(i);
      std::string w = std::string("w") += std::to_string(i);
      add(id, w + "a " + w + "b " + w + "c " + w + "d " + w + "e");
      if (i < 2) write_file(half / "en" / id, "<p>" + w + "a " + w + "b " + w + "c " + w + "d " + w + "e\n");
      else if (i < 4) write_file(half / "en" / id, "<p>" + w + "a " + w + "b\n");
    }
    for (int i = 0; i < 2; ++i) add("20120101_b.test_h" + std::to_string(i), "only two pages here");
    for (int i = 0; i < 5; ++i) {
      std::string id = "page" + std::to_string(i);
      add(id, "other site text " + std::to_string(i));
      write_file(half / "en" / id, "<p>other site text " + std::to_string(i) + "\n");
      annotations += std::string(i ? "," : "") + "\"" + std::to_string(i) + "\": {\"path\": \"" + id +
                     "\", \"url\": \"http://www.Other.test/news/" + std::to_string(i) + "\"}";
    }
    write_file(root / "annotations.json", annotations + "}");
  }
  std::string base() const { return "sites --corpus " + root.string(); }
};

// TSV rows by site (comment and header lines skipped), each split on tabs.
std::map<std::string, std::vector<std::string>> tsv_rows(const std::string& out) {
  std::map<std::string, std::vector<std::string>> rows;
  std::istringstream in(out);
  std::string line;
  bool header = false;
  while (std::getline(in, line)) {
    if (line.rfind("note:", 0) == 0 || line.rfind("# ", 0) == 0) continue;
    if (!header) {
      header = true;
      rows["#header"] = {};
    }
    std::vector<std::string> cells;
    std::size_t a = 0;
    while (true) {
      auto tab = line.find('\t', a);
      cells.push_back(line.substr(a, tab == std::string::npos ? std::string::npos : tab - a));
      if (tab == std::string::npos) break;
      a = tab + 1;
    }
    rows[cells[0] == "site" ? "#header" : cells[0]] = cells;
  }
  return rows;
}

}  // namespace

TEST_CASE("sites: two systems side by side, indicators computed by hand", "[sites][cli]") {
  Fixture f;
  Cmd c = run_detour(f.base() + " --system " + f.good.string() + " --system " + f.half.string() +
              " --min-pages 4 --format tsv");
  INFO(c.out);
  REQUIRE(c.status == 0);
  auto rows = tsv_rows(c.out);
  REQUIRE(rows.count("#header"));
  CHECK(rows["#header"] == std::vector<std::string>{"site", "pages", "good exact", "good mean_cos", "good T=T*",
                                                     "good T_in_T*", "good T*_in_T", "half exact", "half mean_cos",
                                                     "half T=T*", "half T_in_T*", "half T*_in_T"});
  // a.test: good 5 pages all exact; half 4 scored pages (page 4 skipped as missing).
  REQUIRE(rows.count("a.test"));
  CHECK(rows["a.test"] == std::vector<std::string>{"a.test", "5/4", "100.00", "100.00", "100.00", "100.00", "100.00",
                                                    "50.00", "81.62", "50.00", "100.00", "50.00"});
  // The site of pages with uninformative ids comes from annotations.json, host lower-cased.
  REQUIRE(rows.count("other.test"));
  CHECK(rows["other.test"][1] == "5");
  CHECK(rows["other.test"][8] == "100.00");
  // b.test has 2 pages (< 4): not listed; "all" covers the listed sites only.
  CHECK(rows.count("b.test") == 0);
  REQUIRE(rows.count("all"));
  CHECK(rows["all"][1] == "10/9");
  // half over a.test (4) + other.test (5): mean cos = (2 + 2 * 2/sqrt(10) + 5) / 9.
  CHECK(rows["all"][8] == "91.83");
  CHECK(c.out.find("skipped (no system output)") != std::string::npos);  // the missing page is reported
}

TEST_CASE("sites: --missing empty counts a missing output as empty, --min-pages filters", "[sites][cli]") {
  Fixture f;
  Cmd c = run_detour(f.base() + " --system half=" + f.half.string() + " --missing empty --format tsv");
  INFO(c.out);
  REQUIRE(c.status == 0);
  auto rows = tsv_rows(c.out);
  REQUIRE(rows.count("a.test"));
  // Page 4 empty: cos 0, not within anything (an empty T is within nothing).
  CHECK(rows["a.test"] == std::vector<std::string>{"a.test", "5", "40.00", "65.30", "40.00", "80.00", "40.00"});
  CHECK(rows.count("b.test") == 0);  // 2 pages < default 5
  Cmd two = run_detour(f.base() + " --system half=" + f.half.string() + " --missing empty --min-pages 2 --format tsv");
  REQUIRE(two.status == 0);
  auto rows2 = tsv_rows(two.out);
  REQUIRE(rows2.count("b.test"));
  CHECK(rows2["b.test"] == std::vector<std::string>{"b.test", "2", "0.00", "0.00", "0.00", "0.00", "0.00"});
}

TEST_CASE("sites: a site listed by one system only shows '-' for the other (md format)", "[sites][cli]") {
  Fixture f;
  Cmd c = run_detour(f.base() + " --system " + f.good.string() + " --system " + f.half.string() + " --format md");
  INFO(c.out);
  REQUIRE(c.status == 0);
  // half has 4 scored pages of a.test (< 5): its cells are '-'.
  CHECK(c.out.find("| a.test | 5/- | 100.00 | 100.00 | 100.00 | 100.00 | 100.00 | - | - | - | - | - |") !=
        std::string::npos);
  CHECK(c.out.find("| site | pages | good exact |") != std::string::npos);
  CHECK(c.out.find("|---|---:|") != std::string::npos);
  CHECK(c.out.find("metric:cos|") != std::string::npos);  // the signature of the scores
}

TEST_CASE("sites: --out writes the file, bad input gives a clear error", "[sites][cli][robust]") {
  Fixture f;
  fs::path out = f.t.path / "sites.tsv";
  Cmd c = run_detour(f.base() + " --system " + f.good.string() + " --out " + out.string());
  REQUIRE(c.status == 0);
  REQUIRE(fs::exists(out));
  std::ifstream in(out);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text.find("a.test\t5\t100.00") != std::string::npos);

  Cmd missing = run_detour(f.base() + " --system " + (f.t.path / "nope").string());
  CHECK(missing.status == 1);
  CHECK(missing.out.find((f.t.path / "nope").string()) != std::string::npos);

  fs::create_directories(f.t.path / "empty");
  Cmd empty = run_detour(f.base() + " --system " + (f.t.path / "empty").string());
  CHECK(empty.status == 1);
  CHECK(empty.out.find("no system output matches") != std::string::npos);

  Cmd no_corpus = run_detour("sites --corpus " + (f.t.path / "nocorpus").string() + " --system " + f.good.string());
  CHECK(no_corpus.status == 1);
  CHECK(no_corpus.out.find("nocorpus") != std::string::npos);

  CHECK(run_detour(f.base() + " --system " + f.good.string() + " --format xml").status == 2);
  CHECK(run_detour(f.base() + " --system " + f.good.string() + " --format json").out.find("\"tables\"") !=
        std::string::npos);
  CHECK(run_detour(f.base() + " --system " + f.good.string() + " --min-pages 0").status != 0);
  CHECK(run_detour(f.base()).status != 0);  // --system is required
}

TEST_CASE("sites: on DANIEL published outputs", "[sites][cli][daniel]") {
  DETOUR_REQUIRE_SHARED(shared);
  fs::path bp = shared / "corpora" / "daniel-published-outputs" / "outputs" / "boilerpipe-text";
  Cmd c = run_detour("sites --corpus " + (shared / "corpora" / "daniel").string() + " --system " + bp.string() +
              " --format tsv");
  INFO(c.out.substr(0, 2000));
  REQUIRE(c.status == 0);
  auto rows = tsv_rows(c.out);
  // express.gr (www.express.gr) is DANIEL's largest Greek site; sites with fewer than 5 pages are absent.
  REQUIRE(rows.count("express.gr"));
  CHECK(std::stoi(rows["express.gr"][1]) >= 80);
  REQUIRE(rows.count("all"));
  for (const auto& [site, cells] : rows) {
    if (site == "#header" || site == "all") continue;
    CHECK(std::stoi(cells[1]) >= 5);
    for (std::size_t i = 2; i < cells.size(); ++i) {
      double v = std::stod(cells[i]);
      CHECK(v >= 0);
      CHECK(v <= 100);
    }
  }
}
