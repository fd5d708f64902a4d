// Differential test of the statistics module against scipy, without scipy: the
// committed fixture tests/fixtures/stats/daniel_cells.txt holds the per-document counts
// of 10 DANIEL cells (5 languages, 4 metrics, both zero rules) from a detour run, and
// scipy_values.tsv what scripts/stats_reference.py computed on them with
// scipy.stats.bootstrap (percentile, 50000 resamples) and scipy.stats.permutation_test
// (paired samples, 50000 trials): interval endpoints for the 6 statistics of every
// cell, and for 5 pairs the paired bootstrap interval of the micro and macro F1
// difference, the shift-method p-value and the randomization p-value, each with its
// Monte-Carlo standard error se_s (see the script). We compute the same with 10000
// resamples and trials; ours and scipy's are independent Monte-Carlo estimates of the
// same quantities, so their difference has standard error
//     se = sqrt(se_o^2 + se_s^2),  se_o = se_s sqrt(50000 / 10000)
// (a Monte-Carlo error shrinks as one over the square root of the draws), and the test
// allows |ours - scipy| <= 4 se + floor, floor = 1e-9 for endpoints (fixed-point vs
// double means) and 1 / 10001 for p-values (one count). Set DETOUR_STATS_TABLE=FILE to
// write the agreement table.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "stats/stats.h"
#include "tests/test_util.h"

using namespace detour::stats;

namespace {

struct FixtureCell {
  std::string system, lang, metric;
  ZeroRule rule;
  std::vector<Counts> docs;
};

std::vector<FixtureCell> read_cells(const std::filesystem::path& path) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot read " + path.string());
  std::vector<FixtureCell> cells;
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream head(line);
    std::string tag, rule;
    std::size_t n = 0;
    FixtureCell c;
    head >> tag >> c.system >> c.lang >> c.metric >> rule >> n;
    if (tag != "cell") throw std::runtime_error(path.string() + ": expected a cell line, got: " + line);
    c.rule = rule == "cleaneval" ? ZeroRule::CleanEval : ZeroRule::Empty;
    for (std::size_t i = 0; i < n && std::getline(f, line); ++i) {
      std::istringstream row(line);
      Counts d;
      row >> d.tp >> d.fp >> d.fn;
      c.docs.push_back(d);
    }
    if (c.docs.size() != n) throw std::runtime_error(path.string() + ": cell " + c.system + " is short");
    cells.push_back(std::move(c));
  }
  return cells;
}

struct Expected {
  std::string kind, name, statistic, end;
  double value, se;
};

}  // namespace

TEST_CASE("stats: intervals and p-values agree with scipy on DANIEL cells", "[stats]") {
  const auto dir = detour::testing::source_dir() / "tests/fixtures/stats";
  const auto cells = read_cells(dir / "daniel_cells.txt");
  REQUIRE(cells.size() >= 10);
  std::ifstream f(dir / "scipy_values.tsv");
  REQUIRE(f);
  std::vector<Expected> expected;
  std::string line;
  double scipy_resamples = 0, scipy_trials = 0;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("kind\t", 0) == 0) continue;
    std::istringstream row(line);
    if (line.rfind("meta\t", 0) == 0) {
      std::string key;
      row >> key >> key >> scipy_resamples >> key >> scipy_trials;
      continue;
    }
    Expected e;
    row >> e.kind >> e.name >> e.statistic >> e.end >> e.value >> e.se;
    expected.push_back(e);
  }
  REQUIRE(expected.size() > 100);
  REQUIRE(scipy_resamples > 0);
  REQUIRE(scipy_trials > 0);

  // One batch per language, every cell and pair of the fixture in it; 10000 resamples
  // and trials, our default seed.
  BootstrapOptions bo;
  bo.resamples = 10000;
  RandomizationOptions ro;
  ro.trials = 10000;
  std::map<std::string, Batch> batches;
  std::map<std::string, std::pair<std::string, std::size_t>> cell_index;  // key -> lang, index
  for (const auto& c : cells) {
    auto it = batches.try_emplace(c.lang, c.docs.size()).first;
    cell_index[c.system + ":" + c.lang + ":" + c.metric] = {c.lang, it->second.add_cell(c.docs, c.rule)};
  }
  std::map<std::string, std::pair<std::string, std::size_t>> cmp_index;  // pair:stat -> lang, index
  for (const auto& e : expected) {
    if (e.kind == "ci" || cmp_index.count(e.name + "|" + e.statistic)) continue;
    const auto slash = e.name.find('/'), colon = e.name.find(':');
    const std::string rest = e.name.substr(colon);
    const auto& a = cell_index.at(e.name.substr(0, slash) + rest);
    const auto& b = cell_index.at(e.name.substr(slash + 1, colon - slash - 1) + rest);
    cmp_index[e.name + "|" + e.statistic] = {
        a.first, batches.at(a.first).add_comparison(a.second, b.second, parse_statistic(e.statistic))};
  }
  std::map<std::string, Batch::Result> results;
  for (const auto& [lang, batch] : batches) results.emplace(lang, batch.run(bo, ro));

  std::ostringstream table;
  table << "| value | cell or pair | statistic | ours | scipy | se of the difference | z = diff / se |\n"
        << "|---|---|---|---:|---:|---:|---:|\n";
  double worst_z = 0;
  for (const auto& e : expected) {
    double ours = 0, floor = 1e-9, draws_ratio = scipy_resamples / bo.resamples;
    if (e.kind == "ci") {
      const auto& [lang, idx] = cell_index.at(e.name);
      const Interval& iv = results.at(lang).cells[idx][parse_statistic(e.statistic)];
      ours = e.end == "lo" ? iv.lo : iv.hi;
    } else {
      const auto& [lang, idx] = cmp_index.at(e.name + "|" + e.statistic);
      const PairedResult& r = results.at(lang).comparisons[idx];
      if (e.kind == "delta") ours = e.end == "lo" ? r.lo : r.hi;
      else if (e.kind == "p_bootstrap") ours = r.p_bootstrap, floor = 1.0 / (bo.resamples + 1);
      else if (e.kind == "p_randomization")
        ours = r.p_randomization, floor = 1.0 / (ro.trials + 1), draws_ratio = scipy_trials / ro.trials;
      else FAIL("unknown kind " << e.kind);
    }
    const double se = e.se * std::sqrt(1 + draws_ratio);
    const double tol = 4 * se + floor;
    const double z = se > 0 ? (ours - e.value) / se : 0.0;
    if (se > 0) worst_z = std::max(worst_z, std::abs(z));
    char buf[400];
    std::snprintf(buf, sizeof buf, "| %s%s | %s | %s | %.6f | %.6f | %.2g | %+.2f |\n", e.kind.c_str(),
                  e.end == "-" ? "" : (" " + e.end).c_str(), e.name.c_str(), e.statistic.c_str(), ours, e.value, se, z);
    table << buf;
    CAPTURE(e.kind, e.name, e.statistic, e.end, ours, e.value, se, tol);
    CHECK(std::abs(ours - e.value) <= tol);
  }
  table << "\nlargest |z| among values with se > 0: " << worst_z << "\n";
  if (const char* out = std::getenv("DETOUR_STATS_TABLE"); out && *out) std::ofstream(out) << table.str();
}
