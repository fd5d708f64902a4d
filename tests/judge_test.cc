// Verdicts from per-document records (reports/judge.h) and Table 4 as a judgment:
// known answers (a system against itself, GOLD against NONE), the pairing rule
// (excluded pages dropped), batched intervals equal to single-cell ones, thread
// independence, baselines that never win and ties that are listed.
#include <catch2/catch.hpp>

#include <random>

#include "reports/judge.h"
#include "reports/tables.h"

using namespace detour;

namespace {

const metrics::MetricInfo* to_metric() { return &metrics::find_metric("to"); }

// A set of `n` English documents of one metric ("to") whose counts come from `f(i)`.
template <class F>
results::ScoreSet make_set(std::size_t n, F f, const std::string& lang = "en") {
  results::ScoreSet s;
  s.metrics = {to_metric()};
  s.has_languages = true;
  s.context = "|corpus:test|missing:failed-as-empty";
  for (std::size_t i = 0; i < n; ++i) {
    results::DocResult d;
    d.lang = lang;
    d.id = "doc" + std::to_string(1000 + i);
    d.scores.push_back(f(i));
    s.docs.push_back(std::move(d));
  }
  return s;
}

metrics::DocScore counts(std::int64_t tp, std::int64_t fp, std::int64_t fn) { return {tp, fp, fn, {}}; }

// A system that finds `share` of each document's 100 gold words, with noise.
results::ScoreSet system_of(double share, std::uint32_t seed, std::size_t n = 60) {
  std::mt19937 rng(seed);
  return make_set(n, [&](std::size_t) {
    std::binomial_distribution<int> found(100, share);
    const int tp = found(rng);
    return counts(tp, std::uniform_int_distribution<int>(0, 20)(rng), 100 - tp);
  });
}

reports::JudgeOptions fast_options(unsigned threads = 0) {
  reports::JudgeOptions o;
  o.bootstrap.resamples = 500;
  o.randomization.trials = 2000;
  o.threads = threads;
  return o;
}

}  // namespace

TEST_CASE("judge: a system against itself gives delta 0 and p = 1, and GOLD against NONE p = 1/(T+1)",
          "[judge][stats]") {
  auto sys = system_of(0.8, 1);
  auto gold = make_set(60, [](std::size_t i) { return counts(50 + static_cast<std::int64_t>(i), 0, 0); });
  auto none = make_set(60, [](std::size_t i) { return counts(0, 0, 50 + static_cast<std::int64_t>(i)); });
  std::vector<reports::SystemScores> systems = {{"S", &sys}, {"S2", &sys}, {"GOLD", &gold}, {"NONE", &none}};
  reports::JudgeRequest q;
  q.comparisons.push_back({0, 1, "all", to_metric()});
  q.comparisons.push_back({2, 3, "en", to_metric()});
  const auto v = reports::judge(systems, {"en", "all"}, q, fast_options());
  const auto& self = v.comparisons[0];
  REQUIRE(self.judged);
  CHECK(self.paired.delta == 0);
  CHECK(self.paired.lo == 0);
  CHECK(self.paired.hi == 0);
  CHECK(self.paired.p_bootstrap == 1);
  CHECK(self.paired.p_randomization == 1);
  const auto& gn = v.comparisons[1];
  CHECK(gn.paired.delta == Approx(1.0));
  CHECK(gn.paired.p_randomization == Approx(1.0 / 2001));
  CHECK(v.holm_signature == "holm:m=2");
  CHECK(gn.p_holm == Approx(2.0 / 2001));
  CHECK(reports::resolution_note(v).empty());
  // Families: Holm within each.
  q.comparisons[1].family = 1;
  const auto f = reports::judge(systems, {"en", "all"}, q, fast_options());
  CHECK(f.comparisons[1].p_holm == Approx(1.0 / 2001));
  CHECK(f.holm_signature == "holm:families=2|m:max=1");
  // 2000 trials cannot resolve 200 comparisons at 0.05 after Holm: said so where Holm
  // is shown; each pair alone still can be.
  q.comparisons.assign(200, {2, 3, "en", to_metric()});
  const auto many = reports::judge(systems, {"en"}, q, fast_options());
  CHECK(reports::resolution_note(many, /*holm_shown=*/true).find("raise --trials") != std::string::npos);
  CHECK(reports::resolution_note(many).empty());
  // 10 trials cannot resolve even one pair: said so.
  auto coarse = fast_options();
  coarse.randomization.trials = 10;
  q.comparisons.assign(1, {2, 3, "en", to_metric()});
  CHECK(reports::resolution_note(reports::judge(systems, {"en"}, q, coarse)).find("no two systems can differ") !=
        std::string::npos);
}

TEST_CASE("judge: excluded pages are dropped from the pair, failed ones stay as empty outputs", "[judge][stats]") {
  auto a = system_of(0.8, 2);
  auto b = system_of(0.7, 3);
  // b excludes three pages (a training set) and failed on one (scored as empty output).
  b.docs.erase(b.docs.begin() + 10, b.docs.begin() + 13);
  b.docs[20].scores[0] = counts(0, 0, 100);
  std::vector<reports::SystemScores> systems = {{"A", &a}, {"B", &b}};
  reports::JudgeRequest q;
  q.intervals = true;
  q.comparisons.push_back({0, 1, "all", to_metric()});
  const auto v = reports::judge(systems, {"all"}, q, fast_options());
  const auto& c = v.comparisons[0];
  CHECK(c.paired.documents == 57);
  CHECK(c.dropped == 3);
  // The same numbers as the comparison computed alone on the shared documents.
  std::vector<stats::Counts> ca, cb;
  std::size_t j = 0;
  for (std::size_t i = 0; i < a.docs.size(); ++i) {
    if (i >= 10 && i < 13) continue;
    const auto& x = a.docs[i].scores[0];
    const auto& y = b.docs[j++].scores[0];
    ca.push_back({x.tp, x.fp, x.fn});
    cb.push_back({y.tp, y.fp, y.fn});
  }
  const auto alone = stats::compare_paired(ca, cb, to_metric()->zero_rule, stats::Statistic::MicroF1,
                                           fast_options().bootstrap, fast_options().randomization);
  CHECK(alone.delta == c.paired.delta);
  CHECK(alone.lo == c.paired.lo);
  CHECK(alone.p_randomization == c.paired.p_randomization);
  // Cell intervals are each system's own documents, the same as bootstrap_cell alone.
  const auto* ib = v.interval(1, "all", to_metric());
  REQUIRE(ib);
  CHECK(ib->documents == 57);
  const auto cells = reports::cell_docs(b, "all", 0);
  const auto single = stats::bootstrap_cell(cells.counts, to_metric()->zero_rule, fast_options().bootstrap);
  CHECK(single[stats::Statistic::MicroF1].lo == (*ib)[stats::Statistic::MicroF1].lo);
  CHECK(single[stats::Statistic::MacroF1].hi == (*ib)[stats::Statistic::MacroF1].hi);
}

TEST_CASE("judge: verdicts do not depend on the thread count", "[judge][stats]") {
  auto a = system_of(0.8, 4), b = system_of(0.78, 5), c = system_of(0.6, 6);
  std::vector<reports::SystemScores> systems = {{"A", &a}, {"B", &b}, {"C", &c}};
  reports::JudgeRequest q;
  q.intervals = true;
  q.comparisons = {{0, 1, "all", to_metric()}, {0, 2, "en", to_metric()}};
  const auto v1 = reports::judge(systems, {"en", "all"}, q, fast_options(1));
  const auto v2 = reports::judge(systems, {"en", "all"}, q, fast_options(2));
  for (std::size_t k = 0; k < 2; ++k) {
    CHECK(v1.comparisons[k].paired.lo == v2.comparisons[k].paired.lo);
    CHECK(v1.comparisons[k].paired.p_randomization == v2.comparisons[k].paired.p_randomization);
    CHECK(v1.comparisons[k].p_holm == v2.comparisons[k].p_holm);
  }
  for (std::size_t s = 0; s < 3; ++s)
    CHECK((*v1.interval(s, "en", to_metric()))[stats::Statistic::MicroF1].hi ==
          (*v2.interval(s, "en", to_metric()))[stats::Statistic::MicroF1].hi);
}

TEST_CASE("judge: Table 4 never crowns a baseline and lists the systems tied with the best", "[judge][tables]") {
  auto best = system_of(0.85, 7, 120);
  auto twin = best;  // the same but one page slightly worse: not significantly worse
  twin.docs[0].scores[0] = counts(best.docs[0].scores[0].tp - 1, best.docs[0].scores[0].fp, best.docs[0].scores[0].fn + 1);
  auto worse = system_of(0.5, 8, 120);
  auto gold = make_set(120, [](std::size_t) { return counts(100, 0, 0); });
  std::vector<reports::SystemScores> systems = {
      {"GOLD", &gold, reports::is_baseline("GOLD")}, {"WORSE", &worse}, {"TWIN", &twin}, {"BEST", &best}};
  reports::TableOptions o;
  o.judgments.trials = 2000;
  const auto doc = reports::table4(systems, "run-signature", o);
  REQUIRE(doc.tables.size() == 1);
  const auto& t = doc.tables[0];
  REQUIRE(t.rows.size() == 2);  // en, all
  const auto& row = t.rows[1];
  CHECK(row[0].text() == "all");
  CHECK(row[1].text() == "BEST");  // not GOLD
  CHECK(row[3].text() == "TWIN");  // tied; WORSE is not
  const std::string md = reports::write(doc, "md");
  CHECK(md.find("baselines, never ranked: GOLD") != std::string::npos);
  CHECK(md.find("(4 comparisons of the best with another system in the table)") != std::string::npos);
  CHECK(md.find("no correction for the other comparisons made alongside") != std::string::npos);
  CHECK(md.find("a page excluded for either system is left out of the pair") != std::string::npos);
  CHECK(md.find("ar:2000|seed:12345|p:add-one-two-sided|rng:xoshiro256ss|alpha:0.05|per-pair") != std::string::npos);
  CHECK(reports::is_baseline("JTA-GOLD"));
  CHECK(reports::is_baseline("MINE", {"MINE"}));
  CHECK_FALSE(reports::is_baseline("BP-DEF"));
}

TEST_CASE("judge: Table 2 shows stored intervals as half-widths or bounds, signed with their method",
          "[judge][tables]") {
  auto a = system_of(0.8, 9);
  reports::add_intervals({&a}, fast_options());
  REQUIRE(a.intervals.count({"all", 0}));
  reports::TableOptions o;
  o.intervals = "pm";
  o.languages = {"all"};
  std::vector<reports::SystemScores> systems = {{"A", &a}};
  const std::string md = reports::write(reports::table2(systems, "sig", o), "md");
  CHECK(md.find(" ± ") != std::string::npos);
  CHECK(md.find("- `bs:500|seed:12345|ci:percentile-95|rng:xoshiro256ss`") != std::string::npos);
  o.intervals = "bounds";
  const std::string tsv = reports::write(reports::table2(systems, "sig", o), "tsv");
  CHECK(tsv.find("TO F1\tTO F1 lo\tTO F1 hi") != std::string::npos);
  auto j = nlohmann::json::parse(reports::write(reports::table2(systems, "sig", o), "json"));
  const auto& cell = j["tables"][0]["rows"][0][3];
  CHECK(cell["lo"].get<double>() < cell["value"].get<double>());
  CHECK(cell["hi"].get<double>() > cell["value"].get<double>());
  CHECK(results::to_json(a, false)["languages"]["all"]["to"]["intervals"]["method"] ==
        "bs:500|seed:12345|ci:percentile-95|rng:xoshiro256ss");
}
