// Kendall's tau-b against scipy.stats.kendalltau (tests/fixtures/stats/kendall_scipy.tsv,
// written by scripts/kendall_reference.py), and its bootstrap interval over documents.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

#include "stats/kendall.h"
#include "tests/test_util.h"

using namespace detour;

namespace {
std::vector<double> numbers(const std::string& csv) {
  std::vector<double> out;
  std::stringstream ss(csv);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(std::stod(item));
  return out;
}
}  // namespace

TEST_CASE("Kendall tau-b equals scipy.stats.kendalltau", "[stats][kendall]") {
  std::ifstream in(testing::source_dir() / "tests/fixtures/stats/kendall_scipy.tsv");
  REQUIRE(in);
  std::string line;
  int cases = 0, undefined = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string xs, ys, taus;
    std::getline(ss, xs, '\t');
    std::getline(ss, ys, '\t');
    std::getline(ss, taus, '\t');
    const double tau = stats::kendall_tau_b(numbers(xs), numbers(ys));
    INFO(line);
    if (taus == "nan") {
      CHECK(std::isnan(tau));
      ++undefined;
    } else {
      CHECK(std::abs(tau - std::stod(taus)) <= 1e-15);
    }
    ++cases;
  }
  CHECK(cases == 200);
  CHECK(undefined > 0);
}

TEST_CASE("Kendall tau-b bootstrap over documents", "[stats][kendall]") {
  // Three systems on 40 documents; measure y follows x's ranking on most documents.
  std::vector<std::vector<stats::Counts>> x(3), y(3);
  for (int d = 0; d < 40; ++d) {
    for (int s = 0; s < 3; ++s) {
      x[s].push_back({10 + 5 * s + d % 3, 10 - 2 * s, 5});
      const bool relevant = d % 4 == 0;
      const bool said = relevant ? (d + s) % 3 != 0 || s == 2 : (d % 7 == 0 && s == 0);
      y[s].push_back({relevant && said ? 1 : 0, !relevant && said ? 1 : 0, relevant && !said ? 1 : 0});
    }
  }
  const auto r = stats::kendall_bootstrap(x, ZeroRule::CleanEval, y, ZeroRule::CleanEval);
  CHECK(r.systems == 3);
  CHECK(r.documents == 40);
  CHECK(r.tau == Approx(1.0));
  CHECK(r.lo <= r.tau);
  CHECK(r.hi >= r.lo);
  CHECK(r.hi <= 1.0);
  CHECK(r.signature == "kendall-tau-b|bs:1000|seed:12345|ci:percentile-95|rng:xoshiro256ss");
  const auto again = stats::kendall_bootstrap(x, ZeroRule::CleanEval, y, ZeroRule::CleanEval);
  CHECK(again.lo == r.lo);
  CHECK(again.hi == r.hi);
  // A constant measure: undefined everywhere.
  std::vector<std::vector<stats::Counts>> flat(3, std::vector<stats::Counts>(40, stats::Counts{1, 0, 0}));
  const auto u = stats::kendall_bootstrap(x, ZeroRule::CleanEval, flat, ZeroRule::CleanEval);
  CHECK(std::isnan(u.tau));
  CHECK(u.undefined == 1000);
  CHECK(std::isnan(u.lo));
  CHECK_THROWS_AS(stats::kendall_bootstrap({x[0]}, ZeroRule::CleanEval, {y[0]}, ZeroRule::CleanEval),
                  std::invalid_argument);
}
