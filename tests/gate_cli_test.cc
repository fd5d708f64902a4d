// `detour gate` and `detour compare` as a user runs them, on runs of the sample
// corpus made once for all cases: the baseline update and its refusal to lower
// floors, every kind of check failing when it should, the exit statuses, the JSON
// and the JUnit XML (parsed by python3's xml module and validated by xmllint against
// tests/fixtures/junit/junit.xsd when xmllint is installed).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "base/io.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using detour::testing::run_detour;

namespace {

struct Runs {
  detour::testing::TempDir t{"detour-gate"};
  fs::path good, weak, baseline;
  Runs() {
    const std::string corpus = "'" + (detour::testing::source_dir() / "corpora/sample").string() + "'";
    good = t.path / "good";
    weak = t.path / "weak";
    auto run = [&](const std::string& extractors, const fs::path& out) {
      auto r = run_detour("run --corpus " + corpus + " --languages en,fr,ru --extractors " + extractors +
                          " --metrics to,tm --jobs 2 --no-progress --out '" + out.string() + "'");
      if (r.status != 0) throw std::runtime_error(r.out);
    };
    run("BP,JTA,NONE", good);
    run("BP-DEF,JTA,NONE", weak);
    const std::string rename = "python3 '" + (detour::testing::source_dir() / "scripts/rename_system.py").string() +
                               "' '" + weak.string() + "' BP-DEF BP";
    if (std::system(rename.c_str()) != 0) throw std::runtime_error("rename_system.py failed");
    baseline = t.path / "baseline.json";
    auto u = run_detour("gate '" + good.string() + "' --baseline '" + baseline.string() + "' --update");
    if (u.status != 0) throw std::runtime_error(u.out);
  }
  std::string gate(const std::string& run, const std::string& more = "") const {
    return "gate '" + run + "' --baseline '" + baseline.string() + "' " + more;
  }
};

Runs& runs() {
  static Runs r;
  return r;
}

bool have(const char* tool) { return std::system((std::string("command -v ") + tool + " >/dev/null 2>&1").c_str()) == 0; }

}  // namespace

TEST_CASE("gate: the same run passes, a weaker extractor under the same name fails naming the cells",
          "[gate][cli][slow]") {
  auto& r = runs();
  auto pass = run_detour(r.gate(r.good.string(), "--max-drop 0.5"));
  INFO(pass.out);
  CHECK(pass.status == 0);
  CHECK(pass.out.find("gate: passed") != std::string::npos);

  const fs::path junit = r.t.path / "junit.xml";
  auto fail = run_detour(r.gate(r.weak.string(), "--junit '" + junit.string() + "'"));
  INFO(fail.out);
  CHECK(fail.status == 1);
  CHECK(fail.out.find("FAIL  floor       BP/all/to: F1 ") != std::string::npos);
  CHECK(fail.out.find("FAIL  floor       BP/en/tm: F1 ") != std::string::npos);
  CHECK(fail.out.find("JTA/") == std::string::npos);  // JTA did not move
  CHECK(fail.out.find("FAIL  extractor   BP: extractor signature differs from the baseline's (name: BP vs BP-DEF") !=
        std::string::npos);
  // The JUnit file parses (python3's xml module) and counts the failures.
  const std::string parse =
      "python3 -c \"import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
      "f = sum(1 for c in r.iter('testcase') if c.find('failure') is not None); "
      "sys.exit(0 if r.tag == 'testsuites' and f == int(r.get('failures')) and f > 0 else 1)\" '" +
      junit.string() + "'";
  CHECK(std::system(parse.c_str()) == 0);
  if (have("xmllint")) {
    const std::string xsd = (detour::testing::source_dir() / "tests/fixtures/junit/junit.xsd").string();
    CHECK(std::system(("xmllint --noout --schema '" + xsd + "' '" + junit.string() + "' 2>/dev/null").c_str()) == 0);
  } else {
    detour::testing::skip("xmllint is absent (Debian: libxml2-utils): JUnit schema validation skipped");
  }
  // JSON: the same checks.
  auto json = run_detour(r.gate(r.weak.string(), "--format json"));
  CHECK(json.status == 1);
  auto j = nlohmann::json::parse(json.out.substr(0, json.out.find("detour: gate failed")));
  CHECK(j["passed"] == false);
  CHECK(j["checks_failed"].get<int>() > 0);
}

TEST_CASE("gate: --update refuses to lower floors without --allow-regression", "[gate][cli][slow]") {
  auto& r = runs();
  const fs::path copy = r.t.path / "baseline-copy.json";
  fs::copy_file(r.baseline, copy, fs::copy_options::overwrite_existing);
  const std::string before = detour::io::read_file(copy);
  auto refused = run_detour("gate '" + r.weak.string() + "' --baseline '" + copy.string() + "' --update");
  CHECK(refused.status == 1);
  CHECK(refused.out.find("lowered: BP/all/to: floor") != std::string::npos);
  CHECK(refused.out.find("--allow-regression") != std::string::npos);
  CHECK(detour::io::read_file(copy) == before);  // untouched
  auto allowed =
      run_detour("gate '" + r.weak.string() + "' --baseline '" + copy.string() + "' --update --allow-regression");
  CHECK(allowed.status == 0);
  CHECK(run_detour("gate '" + r.weak.string() + "' --baseline '" + copy.string() + "'").status == 0);
}

TEST_CASE("gate: fingerprint, signature, missing system and language, absolute floors, failures, speed",
          "[gate][cli][slow]") {
  auto& r = runs();
  auto j = nlohmann::json::parse(detour::io::read_file(r.baseline));
  auto edited = [&](const std::function<void(nlohmann::json&)>& edit) {
    auto copy = j;
    edit(copy);
    const fs::path p = r.t.path / "edited.json";
    detour::testing::write_file(p, copy.dump(1));
    return "gate '" + r.good.string() + "' --baseline '" + p.string() + "' ";
  };
  auto corpus = run_detour(edited([](auto& b) { b["corpus_fingerprint"] = "0000000000000000"; }));
  CHECK(corpus.status == 1);
  CHECK(corpus.out.find("FAIL  corpus") != std::string::npos);
  auto sig = run_detour(edited([](auto& b) { b["metric_signatures"]["to"] = "metric:to|tok:other"; }));
  CHECK(sig.status == 1);
  CHECK(sig.out.find("FAIL  signature   to: signature") != std::string::npos);
  auto version = run_detour(edited([](auto& b) {
    std::string s = b["metric_signatures"]["to"];
    b["metric_signatures"]["to"] = s.replace(s.find("version:"), 8, "version:9");
    b["detour_version"] = "9.0";
  }));
  CHECK(version.status == 0);  // another version alone is a note
  CHECK(version.out.find("note: detour version") != std::string::npos);
  auto missing = run_detour(edited([](auto& b) { b["systems"]["RD"] = b["systems"]["BP"]; }));
  CHECK(missing.status == 1);
  CHECK(missing.out.find("FAIL  system      RD: system RD is in the baseline but not in the run") != std::string::npos);
  auto lang = run_detour(edited([](auto& b) { b["systems"]["BP"]["cells"]["zh"] = b["systems"]["BP"]["cells"]["en"]; }));
  CHECK(lang.status == 1);
  CHECK(lang.out.find("FAIL  language    BP/zh") != std::string::npos);
  auto failed = run_detour(edited([](auto& b) { b["systems"]["JTA"]["failed"] = 0; }) + "--max-failed 0");
  CHECK(failed.status == 0);
  auto speed = run_detour(edited([](auto& b) { b["systems"]["BP"]["ms_per_page"] = 1e-6; }) + "--max-slowdown 0.5");
  CHECK(speed.status == 1);
  CHECK(speed.out.find("FAIL  speed       BP:") != std::string::npos);

  auto under = run_detour(r.gate(r.good.string(), "--fail-under to.f1=99 --fail-under JTA/en:tm.p=50"));
  CHECK(under.status == 1);
  CHECK(under.out.find("FAIL  fail-under  BP/all/to.f1: f1 ") != std::string::npos);
  CHECK(under.out.find("NONE/all/to.f1") == std::string::npos);  // baselines are not held to floors
  CHECK(under.out.find("FAIL  fail-under  JTA/en/tm.p") == std::string::npos);
  CHECK(run_detour(r.gate(r.good.string(), "--fail-under 'BP/*:to.r=10'")).status == 0);

  // Usage errors and unreadable input: exit 2.
  CHECK(run_detour(r.gate(r.good.string(), "--fail-under to.f2=3")).status == 2);
  CHECK(run_detour(r.gate(r.good.string(), "--fail-under xx.f1=3")).status == 2);
  CHECK(run_detour(r.gate(r.good.string(), "--max-failed lots")).status == 2);
  CHECK(run_detour(r.gate((r.t.path / "nowhere").string())).status == 2);
  detour::testing::write_file(r.t.path / "bad.json", "{\"detour_gate_baseline\": 2}");
  CHECK(run_detour("gate '" + r.good.string() + "' --baseline '" + (r.t.path / "bad.json").string() + "'").status == 2);
}

TEST_CASE("compare: within a run, across runs, refusals", "[compare][cli][slow]") {
  auto& r = runs();
  auto within = run_detour("compare '" + r.good.string() + "' --systems BP,JTA --trials 2000 --top 4");
  INFO(within.out);
  CHECK(within.status == 0);
  CHECK(within.out.find("JTA - BP: micro-f1 (second minus first)") != std::string::npos);
  CHECK(within.out.find("pages that moved most: to F1 per page, worst first (top 4)") != std::string::npos);
  auto across = run_detour("compare '" + r.good.string() + "' '" + r.weak.string() +
                           "' --system BP --metrics to --format json --trials 2000");
  REQUIRE(across.status == 0);
  auto j = nlohmann::json::parse(across.out);
  const auto& all = j["tables"][0]["rows"].back();  // "all", to
  CHECK(all[0] == "all");
  CHECK(all[6]["value"].get<double>() < 0);  // BP-DEF under BP's name is worse
  CHECK(all[6]["lo"].get<double>() < all[6]["hi"].get<double>());
  auto self = run_detour("compare '" + r.good.string() + "' '" + r.good.string() + "' --system JTA --top 0");
  CHECK(self.out.find("identical") != std::string::npos);
  CHECK(run_detour("compare '" + r.good.string() + "' --systems BP,XX").status == 2);
  CHECK(run_detour("compare '" + r.good.string() + "' --system BP").status == 2);
  CHECK(run_detour("compare '" + r.good.string() + "' --systems BP,JTA --statistic median").status == 2);
  // FILE:ID names a run of a results store; neither a store file nor a run folder:
  CHECK(run_detour("compare 'no-such-store:42' --systems BP,JTA").out.find("unknown run source kind 'no-such-store'") !=
        std::string::npos);
}

TEST_CASE("gate: an unchanged run passes --max-drop 0 and --max-slowdown 0 (the baseline keeps exact values)",
          "[gate][cli][slow]") {
  auto& r = runs();
  auto same = run_detour(r.gate(r.good.string(), "--max-drop 0 --max-slowdown 0"));
  INFO(same.out);
  CHECK(same.status == 0);
  CHECK(same.out.find("FAIL") == std::string::npos);
  // What is stored is what the run gives, to the last bit (JSON's shortest round-trip
  // form of a double), not a rounded copy.
  auto j = nlohmann::json::parse(detour::io::read_file(r.baseline));
  const double stored = j["systems"]["BP"]["cells"]["all"]["to"]["f1"].get<double>();
  CHECK(stored != std::round(stored * 1e4) / 1e4);  // more than 4 decimals kept
}

TEST_CASE("gate: an extractor signature that changed under the same name fails unless --allow-extractor-change",
          "[gate][cli][slow]") {
  auto& r = runs();
  auto j = nlohmann::json::parse(detour::io::read_file(r.baseline));
  const std::string sig = j["systems"]["JTA"]["extractor_signature"];
  j["systems"]["JTA"]["extractor_signature"] =
      std::string(sig).replace(sig.find("length_low:70"), 13, "length_low:100");
  const fs::path edited = r.t.path / "changed-extractor.json";
  detour::testing::write_file(edited, j.dump(1));
  const std::string cmd = "gate '" + r.good.string() + "' --baseline '" + edited.string() + "'";
  auto changed = run_detour(cmd);
  INFO(changed.out);
  CHECK(changed.status == 1);
  // Named: the system and the setting that differs, baseline's value first.
  CHECK(changed.out.find("FAIL  extractor   JTA: extractor signature differs from the baseline's (length_low: 100 vs "
                         "70;") != std::string::npos);
  CHECK(changed.out.find("--allow-extractor-change") != std::string::npos);
  CHECK(changed.out.find("FAIL  extractor   BP") == std::string::npos);
  auto allowed = run_detour(cmd + " --allow-extractor-change --verbose");
  INFO(allowed.out);
  CHECK(allowed.status == 0);
  CHECK(allowed.out.find("ok    extractor   JTA: extractor signature differs") != std::string::npos);
  CHECK(allowed.out.find("(allowed by --allow-extractor-change)") != std::string::npos);
  // The weaker extractor under BP's name fails on its signature too.
  auto weak = run_detour(r.gate(r.weak.string(), "--allow-extractor-change"));
  CHECK(weak.status == 1);
  CHECK(run_detour(r.gate(r.weak.string())).out.find("FAIL  extractor   BP: extractor signature differs from the "
                                                    "baseline's (name: BP vs BP-DEF") != std::string::npos);
}

TEST_CASE("compare: a system against itself within one run: delta 0, p = 1, identical, no page moved",
          "[compare][cli][slow]") {
  auto& r = runs();
  auto self = run_detour("compare '" + r.good.string() + "' --systems BP,BP --trials 2000 --top 5");
  INFO(self.out);
  REQUIRE(self.status == 0);
  CHECK(self.out.find("BP (B) - BP (A): micro-f1") != std::string::npos);
  CHECK(self.out.find("A and B: BP of " + r.good.string() + ", compared with itself") != std::string::npos);
  CHECK(self.out.find("no significant difference") == std::string::npos);
  CHECK(self.out.find("higher") == std::string::npos);
  CHECK(self.out.find("no page moved") != std::string::npos);
  auto json = run_detour("compare '" + r.good.string() + "' --systems JTA,JTA --trials 2000 --format json");
  REQUIRE(json.status == 0);
  auto j = nlohmann::json::parse(json.out);
  for (const auto& row : j["tables"][0]["rows"]) {
    CHECK(row[6]["value"].get<double>() == 0);
    CHECK(row[8]["value"].get<double>() == 1);
    CHECK(row[10] == "identical");
  }
  CHECK(j["tables"][1]["rows"].empty());
}
