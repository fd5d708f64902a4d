// Fidelity of HK against the published outputs of the real HTML Killer on DANIEL
// (outputs/html_killer): per-page text-only F1 over all 1694 pages, printed per
// language; the overall median and mean are guarded at the level reached (minus a
// small margin). Of the targets the median (>= 0.97) is met, the mean
// (>= 0.93) is not (0.877): see the known gaps in extractors/html_killer.cc.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <numeric>
#include <vector>

#include <catch2/catch.hpp>

#include "corpora/corpus.h"
#include "extractors/extractor.h"
#include "metrics/compare.h"
#include "tests/test_util.h"

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
double mean(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / v.size(); }

}  // namespace

TEST_CASE("HK agrees with the published HTML Killer outputs on DANIEL", "[fidelity][html_killer]") {
  using namespace detour;
  DETOUR_REQUIRE_SHARED(shared);
  const auto corpus = corpora::open_corpus(shared / "corpora" / "daniel");
  const auto outputs = shared / "corpora" / "daniel-published-outputs" / "outputs" / "html_killer";
  auto hk = make_extractor("HK");
  std::map<std::string, std::vector<double>> per_lang;
  std::vector<double> all;
  std::vector<std::pair<double, std::string>> worst;
  for (const auto& d : corpus.docs) {
    const Page page = corpora::load_page(d);
    const std::string theirs = corpora::read_file(outputs / d.lang / d.id);
    const double f = metrics::text_only_prf(render_cleaneval(hk->extract(page).segments), theirs).f1;
    per_lang[d.lang].push_back(f);
    all.push_back(f);
    worst.emplace_back(f, d.lang + "/" + d.id);
  }
  REQUIRE(all.size() == 1694);
  for (const auto& [lang, v] : per_lang)
    std::cout << "HK vs html_killer " << lang << ": pages " << v.size() << " median " << median(v) << " mean "
              << mean(v) << "\n";
  std::sort(worst.begin(), worst.end());
  for (std::size_t i = 0; i < 5; ++i) std::cout << "  worst " << worst[i].first << " " << worst[i].second << "\n";
  const double med = median(all), avg = mean(all);
  std::cout << "HK vs html_killer all: median " << med << " mean " << avg << "\n";
  // Measured with HK version 3: median 0.9730, mean 0.8181; version 4 (line breaks
  // normalised before the <img> rule): median 0.9770, mean 0.8400; version 5 (region
  // without h1 from the first <script, opening tags before text-only elements, b no
  // longer exempt): median 0.9810, mean 0.8767.
  CHECK(med >= 0.976);
  CHECK(avg >= 0.871);
}
