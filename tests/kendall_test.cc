// Kendall's tau-b against scipy.stats.kendalltau (tests/fixtures/stats/kendall_scipy.tsv,
// written by scripts/kendall_reference.py), and its bootstrap interval over documents.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

#include "stats/kendall.h"
#include "stats/rng.h"
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

TEST_CASE("Kendall tau-b bootstrap of several measures: each as the resamples' weights give it", "[stats][kendall]") {
  // A plain reference: each resample's multiplicity weights from its random stream, the
  // systems' micro statistics from the weighted sums, tau-b, type-7 percentiles. Three
  // measures against one task-like measure (counts 0/1), counts small (sums in 32 bits)
  // and large (sums in 64 bits), systems that tie now and then.
  const std::size_t systems = 5, n = 37;
  std::mt19937_64 rng(7);
  for (const std::int64_t scale : {std::int64_t{50}, std::int64_t{1} << 40}) {
    std::vector<std::vector<std::vector<stats::Counts>>> x(3, std::vector<std::vector<stats::Counts>>(systems));
    std::vector<std::vector<stats::Counts>> y(systems);
    for (std::size_t s = 0; s < systems; ++s)
      for (std::size_t d = 0; d < n; ++d) {
        for (auto& xm : x)
          xm[s].push_back({static_cast<std::int64_t>(rng() % 4) * scale / 4, static_cast<std::int64_t>(rng() % 3) * scale / 5,
                           static_cast<std::int64_t>(rng() % 2) * scale / 3});
        const int o = static_cast<int>(rng() % 4);  // tp, fp, fn, tn
        y[s].push_back({o == 0, o == 1, o == 2});
      }
    const std::vector<ZeroRule> rules{ZeroRule::CleanEval, ZeroRule::Empty, ZeroRule::CleanEval};
    for (const stats::Statistic st : {stats::Statistic::MicroF1, stats::Statistic::MicroPrecision}) {
      stats::BootstrapOptions bs;
      bs.resamples = 300;
      const auto many = stats::kendall_bootstrap_many(x, rules, y, ZeroRule::CleanEval, st, bs);
      REQUIRE(many.size() == 3);
      for (std::size_t q = 0; q < 3; ++q) {
        auto value = [&](const std::vector<stats::Counts>& docs, const std::vector<std::uint32_t>& w, ZeroRule rule) {
          std::int64_t tp = 0, fp = 0, fn = 0;
          for (std::size_t d = 0; d < n; ++d) {
            tp += w[d] * docs[d].tp;
            fp += w[d] * docs[d].fp;
            fn += w[d] * docs[d].fn;
          }
          const auto v = prf(tp, fp, fn, rule);
          return st == stats::Statistic::MicroF1 ? v.f1 : v.precision;
        };
        auto tau = [&](const std::vector<std::uint32_t>& w) {
          std::vector<double> a, b;
          for (std::size_t s = 0; s < systems; ++s) {
            a.push_back(value(x[q][s], w, rules[q]));
            b.push_back(value(y[s], w, ZeroRule::CleanEval));
          }
          return stats::kendall_tau_b(a, b);
        };
        std::vector<double> taus;
        std::size_t undefined = 0;
        for (std::uint32_t k = 0; k < bs.resamples; ++k) {
          std::vector<std::uint32_t> w(n, 0);
          auto r = stats::Rng::stream(bs.seed, stats::Purpose::Bootstrap, k);
          for (std::size_t j = 0; j < n; ++j) ++w[r.below(n)];
          const double t = tau(w);
          if (std::isnan(t)) ++undefined;
          else taus.push_back(t);
        }
        std::sort(taus.begin(), taus.end());
        auto quantile = [&](double p) {
          const double h = (static_cast<double>(taus.size()) - 1) * p;
          const auto i = static_cast<std::size_t>(std::floor(h));
          return i + 1 < taus.size() ? taus[i] + (h - static_cast<double>(i)) * (taus[i + 1] - taus[i]) : taus[i];
        };
        INFO("measure " << q << ", scale " << scale);
        const double all = tau(std::vector<std::uint32_t>(n, 1));
        CHECK((many[q].tau == all || (std::isnan(many[q].tau) && std::isnan(all))));
        CHECK(many[q].undefined == undefined);
        REQUIRE_FALSE(taus.empty());
        CHECK(many[q].lo == Approx(quantile(0.025)).margin(1e-12));
        CHECK(many[q].hi == Approx(quantile(0.975)).margin(1e-12));
        const auto one = stats::kendall_bootstrap(x[q], rules[q], y, ZeroRule::CleanEval, st, bs);
        CHECK(one.lo == many[q].lo);
        CHECK(one.hi == many[q].hi);
      }
    }
  }
}
