// Splits, sweep tables and tuning: deterministic by-site splits, the choice on dev and
// the verdict on test from known per-document counts (checked against
// stats::compare_paired), and a sweep run that scores exactly as separate runs do.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <numeric>
#include <set>
#include <map>
#include <random>

#include "base/errors.h"
#include "base/site.h"
#include "runner/runner.h"
#include "runner/split.h"
#include "runner/sweep.h"
#include "runner/tune.h"
#include "tests/test_util.h"

using namespace detour;
using namespace detour::harness;

namespace {

std::vector<SplitPage> synthetic_pages(std::size_t sites_per_lang) {
  std::vector<SplitPage> pages;
  std::mt19937 rng(7);
  for (std::string lang : {"en", "fr", "zh"})
    for (std::size_t s = 0; s < sites_per_lang; ++s) {
      const std::size_t n = 1 + rng() % 9;  // 1..9 pages per site
      for (std::size_t k = 0; k < n; ++k) {
        char id[128];
        std::snprintf(id, sizeof id, "2015010%zu_www.site%zu-%s.example_%08zx", k % 10, s, lang.c_str(), k * 7919 + s);
        pages.push_back({lang, id, ""});
      }
    }
  pages.push_back({"en", "no-site-page.html", ""});  // a site of its own
  return pages;
}

}  // namespace

TEST_CASE("by-site splits keep every site in one part, per language, deterministically", "[tune][split]") {
  const auto pages = synthetic_pages(40);
  const SplitSpec spec = parse_split("dev:test=50:50", "site", 42);
  const auto part = assign_split(spec, pages);
  std::map<std::string, std::set<int>> parts_of_site;
  std::map<std::string, std::array<int, 2>> per_lang;
  std::map<std::string, int> largest_site;
  std::map<std::string, int> site_size;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    const std::string site = site_of(pages[i].id);
    parts_of_site[pages[i].lang + "/" + site].insert(part[i]);
    per_lang[pages[i].lang][part[i]]++;
    site_size[pages[i].lang + "/" + site]++;
  }
  for (const auto& [site, parts] : parts_of_site) CHECK(parts.size() == 1);
  for (const auto& [key, n] : site_size) {
    const std::string lang = key.substr(0, key.find('/'));
    largest_site[lang] = std::max(largest_site[lang], n);
  }
  for (const auto& [lang, counts] : per_lang) {
    INFO(lang << ": dev " << counts[0] << ", test " << counts[1]);
    CHECK(std::abs(counts[0] - counts[1]) <= largest_site[lang]);
    CHECK(counts[0] > 0);
    CHECK(counts[1] > 0);
  }
  // The same pages in another order get the same parts.
  std::vector<std::size_t> order(pages.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(3));
  std::vector<SplitPage> shuffled;
  for (std::size_t i : order) shuffled.push_back(pages[i]);
  const auto part2 = assign_split(spec, shuffled);
  for (std::size_t k = 0; k < order.size(); ++k) CHECK(part2[k] == part[order[k]]);
  // Another seed, another split; the same seed, the same split.
  CHECK(assign_split(parse_split("dev:test=50:50", "site", 43), pages) != part);
  CHECK(assign_split(parse_split("dev:test=50:50", "site", 42), pages) == part);
  // By page: within one page of the proportions in every language; 3 parts work too.
  const auto by_page = assign_split(parse_split("dev:test=50:50", "page", 42), pages);
  std::map<std::string, std::array<int, 2>> pl;
  for (std::size_t i = 0; i < pages.size(); ++i) pl[pages[i].lang][by_page[i]]++;
  for (const auto& [lang, c] : pl) CHECK(std::abs(c[0] - c[1]) <= 1);
  const auto three = assign_split(parse_split("train:dev:test=60:20:20", "page", 1), pages);
  std::array<int, 3> c3{};
  for (int p : three) c3[p]++;
  CHECK(std::abs(c3[0] - 0.6 * pages.size()) <= 3);
  CHECK(std::abs(c3[1] - 0.2 * pages.size()) <= 3);
  CHECK(spec.signature() == "dev:test=50:50|by:site(" + site_rule() + ")|seed:42|split:lang-stratified-v1");
  for (const char* bad : {"dev:test", "dev=50", "dev:test=50", "dev:dev=50:50", "dev:test=50:-1", "dev:test=a:b"})
    CHECK_THROWS_AS(parse_split(bad, "site", 1), UsageError);
  CHECK_THROWS_AS(parse_split("dev:test=1:1", "domain", 1), UsageError);
}

namespace {

// A run of three settings of one extractor on two languages, with per-document
// counts given by `counts(system, lang, dev?)`.
template <class Counts>
RunResult synthetic_run(const std::vector<int>& part, const std::vector<SplitPage>& pages, Counts counts) {
  RunResult run;
  for (const auto& p : pages) {
    run.doc_ids.push_back(p.id);
    run.doc_langs.push_back(p.lang);
    run.doc_urls.push_back(p.url);
  }
  for (std::string name : {"X", "X(a=1)", "X(a=2)"}) {
    SystemResult sys;
    sys.name = name;
    sys.pages.resize(pages.size());
    sys.scores.metrics = {&metrics::find_metric("to")};
    for (std::size_t i = 0; i < pages.size(); ++i) {
      const auto c = counts(name, pages[i].lang, part[i] == 0, i);
      sys.scores.docs.push_back({pages[i].lang, pages[i].id, {metrics::DocScore{c.tp, c.fp, c.fn, {}}}, 0, {}});
    }
    run.systems.push_back(std::move(sys));
  }
  run.signature = "test";
  return run;
}

SweepGroup group_x() {
  SweepGroup g;
  g.target = "X";
  g.base = "X";
  g.settings = {"a"};
  g.base_values = {{"a", "0"}};
  g.points = {{"X(a=1)", {{"a", "1"}}}, {"X(a=2)", {{"a", "2"}}}};
  return g;
}

TuneOptions test_options(int resamples, int trials) {
  TuneOptions opts;
  opts.bootstrap.resamples = resamples;
  opts.randomization.trials = trials;
  return opts;
}

}  // namespace

TEST_CASE("tune chooses on dev and judges on test against the default", "[tune]") {
  std::vector<SplitPage> pages;
  for (std::string lang : {"en", "fr"})
    for (int k = 0; k < 60; ++k) pages.push_back({lang, lang + std::to_string(k), ""});
  const SplitSpec spec = parse_split("dev:test=50:50", "page", 5);
  const auto part = assign_split(spec, pages);
  std::mt19937 rng(11);
  std::vector<int> noise(pages.size());
  for (auto& x : noise) x = static_cast<int>(rng() % 20);
  // en: a=1 is better everywhere. fr: a=2 shines on dev and fails on test.
  auto counts = [&](const std::string& sys, const std::string& lang, bool dev, std::size_t i) {
    stats::Counts c{50 + noise[i], 50, 50 - noise[i]};
    if (sys == "X(a=1)" && lang == "en") c = {80 + noise[i], 20, 20 - noise[i] / 2};
    if (sys == "X(a=1)" && lang == "fr") c = {55 + noise[i], 45, 45 - noise[i]};
    if (sys == "X(a=2)" && lang == "fr") c = dev ? stats::Counts{95, 5, 5} : stats::Counts{10 + noise[i], 90, 90};
    return c;
  };
  const RunResult run = synthetic_run(part, pages, counts);
  const TuneOptions opts = test_options(500, 2000);
  const TuneReport report = tune(run, {group_x()}, part, 0, 1, spec.signature(), opts);
  REQUIRE(report.groups.size() == 1);
  const auto& rows = report.groups[0].rows;
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].lang == "en");
  CHECK(rows[0].chosen == "X(a=1)");
  CHECK(rows[0].chosen_values == RawSettings{{"a", "1"}});
  CHECK(rows[0].test_difference.delta > 0.2);
  CHECK_THAT(rows[0].verdict, Catch::StartsWith("tuned significantly better"));
  CHECK(rows[1].lang == "fr");
  CHECK(rows[1].chosen == "X(a=2)");
  CHECK(rows[1].dev_chosen > rows[1].dev_default);
  CHECK(rows[1].test_difference.delta < 0);
  CHECK_THAT(rows[1].verdict, Catch::StartsWith("tuned significantly WORSE"));
  CHECK(rows[2].lang == "all");
  CHECK(rows[0].dev_documents + rows[1].dev_documents == rows[2].dev_documents);
  CHECK(rows[0].dev_documents == 30);
  // The test numbers are stats::compare_paired's on the test pages.
  std::vector<stats::Counts> a, b;
  for (std::size_t i = 0; i < pages.size(); ++i)
    if (pages[i].lang == "en" && part[i] == 1) {
      a.push_back(counts("X(a=1)", "en", false, i));
      b.push_back(counts("X", "en", false, i));
    }
  const auto paired = stats::compare_paired(a, b, ZeroRule::CleanEval, stats::Statistic::MicroF1, opts.bootstrap,
                                            opts.randomization);
  CHECK(rows[0].test_difference.delta == paired.delta);
  CHECK(rows[0].test_difference.lo == paired.lo);
  CHECK(rows[0].test_difference.p_bootstrap == paired.p_bootstrap);
  CHECK(rows[0].test_difference.p_randomization == paired.p_randomization);
  // Holm over en and fr.
  const double p_en = std::max(paired.p_bootstrap, paired.p_randomization);
  CHECK(rows[0].p_holm >= p_en);
  CHECK_THAT(rows[0].verdict, Catch::Contains(", Holm "));
  // At a level between en's p-value and its Holm-corrected one, en's gain is
  // significant alone only, and the verdict says so.
  REQUIRE(rows[0].p_holm > p_en);
  TuneOptions strict = opts;
  strict.alpha = (p_en + rows[0].p_holm) / 2;
  const TuneReport strict_report = tune(run, {group_x()}, part, 0, 1, spec.signature(), strict);
  CHECK_THAT(strict_report.groups[0].rows[0].verdict,
             Catch::StartsWith("tuned NOT significantly better after Holm over the languages"));
  const std::string md = reports::write(tune_document(report), "md");
  CHECK_THAT(md, Catch::Contains("| en | 30 | 30 | a=1 |") && Catch::Contains("tuned significantly better"));
  CHECK_THAT(reports::write(tune_document(report), "tsv"), Catch::Contains("fr\t30\t30\ta=2\t"));
}

TEST_CASE("tune says plainly when the tuned setting is not significantly better", "[tune]") {
  std::vector<SplitPage> pages;
  for (int k = 0; k < 80; ++k) pages.push_back({"en", std::string("p") += std::to_string(k), ""});
  const SplitSpec spec = parse_split("dev:test=50:50", "page", 9);
  const auto part = assign_split(spec, pages);
  // a=1 gains one token on one dev page and one test page: better on dev, a hair
  // better on test, nowhere near significant. a=2 equals the default.
  std::size_t first_dev = 0, first_test = 0;
  while (part[first_dev] != 0) ++first_dev;
  while (part[first_test] != 1) ++first_test;
  auto counts = [&](const std::string& sys, const std::string&, bool, std::size_t i) {
    stats::Counts c{60 + static_cast<int>(i % 7) * 3, 40, 40};
    if (sys == "X(a=1)" && (i == first_dev || i == first_test)) c.tp += 1;
    return c;
  };
  const RunResult run = synthetic_run(part, pages, counts);
  const TuneOptions opts = test_options(300, 1000);
  const TuneReport report = tune(run, {group_x()}, part, 0, 1, spec.signature(), opts);
  const auto& en = report.groups[0].rows[0];
  CHECK(en.chosen == "X(a=1)");
  CHECK(en.test_difference.delta > 0);
  CHECK(en.test_difference.p_bootstrap > 0.5);
  CHECK_THAT(en.verdict, Catch::StartsWith("tuned NOT significantly better"));
  // A split that leaves a language without test pages is refused.
  std::vector<int> all_dev(pages.size(), 0);
  CHECK_THROWS_AS(tune(run, {group_x()}, all_dev, 0, 1, "", opts), UsageError);
}

TEST_CASE("a sweep run scores each setting exactly as a run of that setting alone", "[tune][sweep]") {
  const auto corpus = testing::source_dir() / "corpora/sample";
  RunConfig one;
  one.corpus = corpus;
  one.metrics = "to,tm";
  one.progress = false;
  one.jobs = 2;
  auto groups = expand_sweeps({parse_sweep("JTA.length_low=60,100,120")}, {});
  RunConfig sweep = one;
  for (const auto& s : groups[0].systems()) sweep.extractors.push_back(s);
  sweep.extractors.push_back("JTA(length_low=70)");  // the default again: runs once
  sweep.chains = parse_chain_list("BP-JTA(length_low=100)");
  const RunResult all = run(sweep);
  REQUIRE(all.systems.size() == 5);
  CHECK(all.systems[0].name == "JTA");
  CHECK(all.systems[3].name == "JTA(length_low=120)");
  CHECK(all.systems[4].name == "BP-JTA(length_low=100)");
  CHECK_THAT(all.systems[3].signature, Catch::Contains("length_low:120"));
  // Settings that change the output (fr pages lose short paragraphs at 100 and 120).
  std::size_t differing = 0;
  for (std::size_t i = 0; i < all.doc_ids.size(); ++i)
    differing += all.outputs[0][i] != all.outputs[3][i];
  CHECK(differing > 0);
  for (std::size_t s : {std::size_t{2}, std::size_t{4}}) {
    RunConfig alone = one;
    if (s == 4) alone.chains = {{"BP", "JTA(length_low=100)"}};
    else alone.extractors = {all.systems[s].name};
    const RunResult r = run(alone);
    REQUIRE(r.systems.size() == 1);
    CHECK(r.systems[0].name == all.systems[s].name);
    REQUIRE(r.systems[0].scores.docs.size() == all.systems[s].scores.docs.size());
    for (std::size_t i = 0; i < r.doc_ids.size(); ++i) {
      CHECK(r.outputs[0][i] == all.outputs[s][i]);
      for (std::size_t m = 0; m < 2; ++m) {
        const auto& x = r.systems[0].scores.docs[i].scores[m];
        const auto& y = all.systems[s].scores.docs[i].scores[m];
        CHECK((x.tp == y.tp && x.fp == y.fp && x.fn == y.fn));
      }
    }
  }
  // The sweep table: every setting, the default first, intervals around estimates.
  const SweepTable t = sweep_table(all, groups[0], {}, "", TuneOptions{});
  CHECK(t.systems == std::vector<std::string>{"JTA", "JTA(length_low=60)", "JTA(length_low=100)", "JTA(length_low=120)"});
  for (const auto& sys : t.cells)
    for (const auto& lang : sys)
      for (const auto& c : lang) CHECK((c.value.lo <= c.value.estimate && c.value.estimate <= c.value.hi));
  const std::string md = reports::write(sweep_document({t}, "Sweep"), "md");
  CHECK_THAT(md, Catch::Contains("| JTA (default) | 70 |") && Catch::Contains("| JTA(length_low=120) | 120 |"));
}
