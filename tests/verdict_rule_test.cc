// One rule for every verdict on two systems (reports/judge.h, docs/judgments.md):
// Table 4's ties, `detour compare`'s verdict column and the gate's --significant
// against a baseline run give the same answer for every pair, on systems built so
// that a per-family correction (Holm within the cell) and the per-pair test disagree.
// The HTML report marks the best and tied systems of its Table 4 as table4.* lists
// them. Also: a system compared with itself (no page moved).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <random>

#include "reports/compare_table.h"
#include "reports/gate.h"
#include "reports/html/judge.h"
#include "reports/html/report_run.h"
#include "reports/judge.h"
#include "reports/tables.h"
#include "runner/runner.h"
#include "tests/test_util.h"

using namespace detour;

namespace {

const metrics::MetricInfo* to_metric() { return &metrics::find_metric("to"); }

// A run of one system named `name` whose documents find `share` of 100 gold words,
// with noise from `seed` (n English documents, every page ok).
results::RunRecords run_of(const std::vector<std::pair<std::string, std::pair<double, std::uint32_t>>>& systems,
                           std::size_t n = 80) {
  results::RunRecords run;
  for (std::size_t i = 0; i < n; ++i) {
    run.doc_ids.push_back("doc" + std::to_string(1000 + i));
    run.doc_langs.push_back("en");
    run.doc_out_names.push_back(run.doc_ids.back());
    run.decode_notes.emplace_back();
  }
  run.signature = "detour-score|metrics:to|test";
  run.provenance.corpus_fingerprint = "0123456789abcdef";
  for (const auto& [name, how] : systems) {
    results::SystemRecords s;
    s.name = name;
    s.signature = name + "|v:1";
    s.scores.metrics = {to_metric()};
    s.scores.has_languages = true;
    s.scores.context = "|corpus:test|missing:failed-as-empty";
    std::mt19937 rng(how.second);
    for (std::size_t i = 0; i < n; ++i) {
      std::binomial_distribution<int> found(100, how.first);
      const int tp = found(rng);
      results::DocResult d;
      d.lang = "en";
      d.id = run.doc_ids[i];
      d.scores.push_back({tp, std::uniform_int_distribution<int>(0, 20)(rng), 100 - tp, {}});
      s.scores.docs.push_back(std::move(d));
      s.pages.push_back({"ok", "", {}, 1.0});
    }
    run.systems.push_back(std::move(s));
  }
  return run;
}

results::JudgmentSettings settings() {
  results::JudgmentSettings s;
  s.resamples = 400;
  s.trials = 2000;
  return s;
}

// The names in Table 4's "tied" cell of the first metric, row `lang`.
std::vector<std::string> table4_tied(const reports::Document& doc, const std::string& lang) {
  for (const auto& row : doc.tables.at(0).rows)
    if (row.at(0).text() == lang) {
      const reports::Cell& c = row.at(3);
      if (c.kind() != reports::Cell::Kind::Text || c.text().empty()) return {};
      std::vector<std::string> out;
      std::string cur;
      for (char ch : c.text() + ",") {
        if (ch == ',') {
          out.push_back(cur);
          cur.clear();
        } else if (ch != ' ') {
          cur += ch;
        }
      }
      return out;
    }
  FAIL("no row " << lang << " in Table 4");
  return {};
}

}  // namespace

TEST_CASE("verdicts: Table 4's ties, compare's verdicts and the gate's significant drops give one answer per pair",
          "[judge][stats][gate]") {
  // A best system and five close ones: with Holm over the cell's five comparisons
  // some pairs would be tied in Table 4 and differ in a comparison of the two alone.
  // (p-values of A against B..F: about 0.22, 0.025, 0.14, 0.022 and 0.0005; Holm over
  // the five would tie C and E with A.)
  const results::RunRecords run = run_of({{"A", {0.80, 11}},
                                          {"B", {0.79, 13}},
                                          {"C", {0.79, 15}},
                                          {"D", {0.788, 12}},
                                          {"E", {0.78, 13}},
                                          {"F", {0.70, 16}}});
  reports::TableOptions to;
  to.judgments = settings();
  const auto systems = reports::run_systems(run);
  const reports::Document t4 = reports::table4(systems, run.signature, to);
  const reports::JudgeOptions jo = reports::JudgeOptions::from(settings());
  std::size_t checked = 0, differ = 0, holm_would_tie = 0;
  for (const std::string lang : {"en", "all"}) {
    const auto tied = table4_tied(t4, lang);
    std::vector<double> cell_p;  // the pair's p-values of the cell
    REQUIRE(t4.tables[0].rows.at(lang == "en" ? 0 : 1).at(1).text() == "A");
    for (std::size_t x = 1; x < run.systems.size(); ++x) {
      const auto& sx = run.systems[x];
      const bool in_table4 = std::find(tied.begin(), tied.end(), sx.name) != tied.end();
      // compare: the pair alone (best first).
      reports::CompareOptions co;
      co.languages = {lang};
      co.top = 0;
      co.judge = jo;
      const reports::Document cd = reports::compare_document({"A", &run, &run.systems[0]}, {sx.name, &run, &sx}, co);
      const std::string verdict = cd.tables[0].rows.at(0).back().text();
      const bool compare_differ = verdict != "no significant difference";
      // The gate: a baseline run holding A under the name S, a run holding X under it.
      results::RunRecords base = run, mine = run;
      base.systems = {run.systems[0]};
      base.systems[0].name = "S";
      mine.systems = {sx};
      mine.systems[0].name = "S";
      mine.systems[0].signature = base.systems[0].signature;
      reports::GateOptions go;
      go.max_drop = 0;
      go.significant = true;
      go.baseline_run = &base;
      go.judge = jo;
      const reports::GateResult g = reports::run_gate(mine, reports::baseline_from_run(base, 0.5), go);
      std::string drop;
      for (const auto& c : g.checks)
        if (c.kind == "drop" && c.subject == "S/" + lang + "/to") drop = c.message;
      REQUIRE(!drop.empty());
      const bool gate_significant = drop.find("(significant)") != std::string::npos;
      INFO(lang << " A vs " << sx.name << ": Table 4 tied " << in_table4 << ", compare '" << verdict << "', gate '"
                << drop << "'");
      CHECK(in_table4 == !compare_differ);
      CHECK(gate_significant == compare_differ);
      ++checked;
      differ += compare_differ;
      cell_p.push_back(cd.tables[0].rows.at(0).at(8).score().value());  // p randomization
    }
    // What Holm over the cell's comparisons would have said.
    const auto holm = stats::holm_bonferroni(cell_p);
    for (std::size_t k = 0; k < cell_p.size(); ++k) holm_would_tie += cell_p[k] < jo.alpha && holm[k] >= jo.alpha;
  }
  CHECK(checked == 10);
  // The construction exercises both answers, and a pair that Holm over the cell would
  // tie while the pair alone differs (where the old rules disagreed).
  CHECK(differ > 0);
  CHECK(differ < checked);
  CHECK(holm_would_tie > 0);
}

TEST_CASE("compare: a system against itself gives delta 0, p = 1, 'identical', and no page moved", "[judge][compare]") {
  const results::RunRecords run = run_of({{"A", {0.8, 21}}, {"B", {0.7, 22}}});
  reports::CompareOptions co;
  co.judge = reports::JudgeOptions::from(settings());
  co.top = 5;
  const reports::Document d = reports::compare_document({"A (A)", &run, &run.systems[0]}, {"A (B)", &run, &run.systems[0]}, co);
  REQUIRE(d.tables.size() == 2);
  for (const auto& row : d.tables[0].rows) {
    CHECK(row.at(6).score().value() == 0);  // delta
    CHECK(row.at(7).score().value() == 1);  // p bootstrap
    CHECK(row.at(8).score().value() == 1);  // p randomization
    CHECK(row.back().text() == "identical");
  }
  // Nothing moved: no page is listed as if it had, and the note says so.
  CHECK(d.tables[1].rows.empty());
  const auto& notes = d.tables[1].notes;
  CHECK(std::find_if(notes.begin(), notes.end(), [](const std::string& n) { return n.rfind("no page moved", 0) == 0; }) !=
        notes.end());
  // Every format renders the empty table.
  for (const auto& w : reports::writer_registry()) CHECK_NOTHROW(reports::write(d, w.name));
}

TEST_CASE("report: the HTML report's best and tied marks are table4.*'s, cell for cell", "[judge][html-report]") {
  // A run of the sample corpus with systems close enough for ties and far enough for
  // differences (the old report rule, a bootstrap interval of best - other containing
  // 0, and the old table4.* rule, Holm within the cell, disagreed on cells of it).
  detour::testing::TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = detour::testing::source_dir() / "corpora" / "sample";
  cfg.extractors = {"BP", "JTA", "RD", "EAT", "C45", "NCT5", "BP-LC", "GOLD", "NONE"};
  cfg.chains = {{"BP", "JTA"}};
  cfg.metrics = "to,car,tm";
  cfg.progress = false;
  cfg.out = t.path / "run";
  harness::write_run(cfg, harness::run(cfg));
  const reports::html::ReportRun run = reports::html::load_report_run(cfg.out);
  reports::html::JudgeOptions jo;
  jo.resamples = 200;  // the intervals' only
  const reports::html::RunVerdicts v = reports::html::judge_run(run, jo);
  // table4.* as the run wrote it.
  const reports::Document t4 = reports::run_tables(run.records).table4;
  const reports::Table& table = t4.tables.at(0);
  std::size_t cells = 0, ties = 0, not_tied = 0;
  for (const auto& row : table.rows) {
    const std::string lang = row.at(0).text();
    const auto li = static_cast<std::size_t>(std::find(v.languages.begin(), v.languages.end(), lang) - v.languages.begin());
    REQUIRE(li < v.languages.size());
    for (std::size_t k = 0; k < (table.columns.size() - 1) / 3; ++k) {
      const std::string metric = table.columns.at(1 + 3 * k).group;
      const auto mi = static_cast<std::size_t>(
          std::find_if(run.metrics.begin(), run.metrics.end(),
                       [&](const std::string& m) {
                         std::string u = m;
                         for (auto& ch : u) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
                         return u == metric;
                       }) -
          run.metrics.begin());
      REQUIRE(mi < run.metrics.size());
      const std::string best = row.at(1 + 3 * k).text();
      std::vector<std::string> tied;
      if (row.at(3 + 3 * k).kind() == reports::Cell::Kind::Text) {
        std::string cur;
        for (char ch : row.at(3 + 3 * k).text() + ",") {
          if (ch == ',') {
            if (!cur.empty()) tied.push_back(cur);
            cur.clear();
          } else if (ch != ' ') {
            cur += ch;
          }
        }
      }
      for (std::size_t s = 0; s < run.systems.size(); ++s) {
        const auto& c = v.cells[li][mi][s];
        const std::string& name = run.systems[s].name;
        const bool listed = std::find(tied.begin(), tied.end(), name) != tied.end();
        INFO(lang << "/" << metric << " " << name << ": report best " << c.best << " tied " << c.tied
                  << "; table4 best " << best << ", tied " << row.at(3 + 3 * k).text());
        CHECK(c.best == (name == best));
        CHECK(c.tied == listed);
        ties += listed;
        not_tied += !listed && name != best && !c.baseline;
      }
      ++cells;
    }
  }
  CHECK(cells == 3 * v.languages.size());
  // Both answers occur, so the comparison means something.
  CHECK(ties > 0);
  CHECK(not_tied > 0);
  CHECK_THAT(v.tie_rule, Catch::Contains("per-pair"));
}
