// Fidelity of HK against the published outputs of the real HTML Killer on DANIEL
// (outputs/html_killer): per-page text-only F1 over all 1694 pages, printed per
// language; the overall median and mean are guarded at the level reached (minus a
// small margin). Of the targets the median (>= 0.97) is met, the mean
// (>= 0.93) is not (0.888): see the known gaps in extractors/html_killer.cc. To
// compare variants page by page: `detour run --extractors HK --chains none --out DIR`,
// then for each language L `detour score --gold <published outputs>/html_killer/L
// --system DIR/outputs/HK/L --metrics to --per-doc`.
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

double median(const std::vector<double>& v) { return detour::testing::summarize(v).median; }
double mean(const std::vector<double>& v) { return detour::testing::summarize(v).mean; }

}  // namespace

TEST_CASE("HK agrees with the published HTML Killer outputs on DANIEL", "[fidelity][html_killer][slow]") {
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
    const std::string theirs = io::read_file(outputs / d.lang / d.id);
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
  // longer exempt): median 0.9810, mean 0.8767; version 6 (region from the last
  // <body when </body> precedes the h1, h2-h6 and small killed as spans): median
  // 0.9866, mean 0.8879 (el 0.9822, en 0.9275, pl 0.9134, ru 0.8515, zh 0.7845).
  CHECK(med >= 0.982);
  CHECK(avg >= 0.883);
}
