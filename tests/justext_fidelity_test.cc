// Fidelity of our jusText port (JTA, JTA-EN) against the published outputs of the real
// jusText 3.0.2 on DANIEL (outputs/justext-true-language, outputs/justext-english-stoplist):
// per-page text-only F1, all 1694 pages, median and mean guarded.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <numeric>
#include <vector>

#include <catch2/catch.hpp>

#include "corpora/corpus.h"
#include "extractors/extractor.h"
#include "metrics/compare.h"
#include "tests/test_util.h"

namespace {

struct Fidelity {
  std::vector<double> f1;
  double median() const { return detour::testing::summarize(f1).median; }
  double mean() const { return detour::testing::summarize(f1).mean; }
};

// The published output for a page; DANIEL's one page stored as "<id>.html" has its
// jusText output stored as "<id>".
std::filesystem::path published(const std::filesystem::path& dir, const detour::corpora::CorpusDoc& d) {
  auto p = dir / d.lang / d.id;
  if (!std::filesystem::exists(p) && d.id.size() > 5 && d.id.ends_with(".html"))
    p = dir / d.lang / d.id.substr(0, d.id.size() - 5);
  return p;
}

Fidelity run(const std::string& extractor, const std::filesystem::path& shared,
             const std::string& tool) {
  using namespace detour;
  const auto corpus = corpora::open_corpus(shared / "corpora" / "daniel");
  const auto outputs = shared / "corpora" / "daniel-published-outputs" / "outputs" / tool;
  auto ex = make_extractor(extractor);
  Fidelity fid;
  std::vector<std::pair<double, std::string>> worst;
  for (const auto& d : corpus.docs) {
    const Page page = corpora::load_page(d);
    const Extraction x = ex->extract(page);
    const std::string theirs = io::read_file(published(outputs, d));
    const double f = metrics::text_only_prf(render_cleaneval(x.segments), theirs).f1;
    fid.f1.push_back(f);
    worst.emplace_back(f, d.lang + "/" + d.id);
  }
  std::sort(worst.begin(), worst.end());
  std::cout << extractor << " vs " << tool << ": pages " << fid.f1.size() << " median "
            << fid.median() << " mean " << fid.mean() << "\n";
  for (std::size_t i = 0; i < 5 && i < worst.size(); ++i)
    std::cout << "  worst " << worst[i].first << " " << worst[i].second << "\n";
  return fid;
}

}  // namespace

TEST_CASE("JTA matches published jusText 3.0.2 outputs on DANIEL", "[fidelity][justext][slow]") {
  DETOUR_REQUIRE_SHARED(shared);
  const Fidelity fid = run("JTA", shared, "justext-true-language");
  REQUIRE(fid.f1.size() == 1694);
  // Targets 0.97 / 0.93; measured 1.000 / 0.9973 on libxml2's tree (0.9967 on the HTML5
  // tree; against the real jusText on the same decoded text every page is 1.0), guarded.
  CHECK(fid.median() >= 0.99);
  CHECK(fid.mean() >= 0.99);
}

TEST_CASE("JTA-EN matches published English-stoplist jusText outputs on DANIEL",
          "[fidelity][justext][slow]") {
  DETOUR_REQUIRE_SHARED(shared);
  const Fidelity fid = run("JTA-EN", shared, "justext-english-stoplist");
  REQUIRE(fid.f1.size() == 1694);
  CHECK(fid.median() >= 0.99);
  CHECK(fid.mean() >= 0.98);
}
