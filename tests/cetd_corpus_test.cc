// Corpus regression test of the density extractors: text-only F1 against the DANIEL
// gold (no published outputs of CETD or eatiht exist for a fidelity test). The floors
// are the per-page medians and means measured when the extractors were written, minus
// a small margin, so that a change which makes them worse fails. Skips without
// ../shared. Tagged [fidelity] as the corpus-wide check of this area.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "corpora/corpus.h"
#include "extractors/extractor.h"
#include "metrics/compare.h"
#include "tests/test_util.h"

using namespace detour;

TEST_CASE("density extractors keep their DANIEL gold F1", "[fidelity][density][slow]") {
  DETOUR_REQUIRE_SHARED(shared);
  auto corpus = corpora::open_corpus(shared / "corpora" / "daniel");
  REQUIRE(corpus.docs.size() == 1694);
  std::vector<Page> pages;
  std::vector<std::string> golds;
  for (const auto& d : corpus.docs) {
    pages.push_back(corpora::load_page(d));
    golds.push_back(corpora::load_gold_bytes(d));
  }
  struct Floor { const char* name; double median, mean; };
  // Measured (all 1694 pages): CETD 0.7248/0.6403, CETD-TD 0.7788/0.6749,
  // EAT 0.8458/0.6126, WUTSI 0.7616/0.5829.
  for (Floor f : {Floor{"CETD", 0.71, 0.63}, Floor{"CETD-TD", 0.76, 0.66}, Floor{"EAT", 0.83, 0.60},
                  Floor{"WUTSI", 0.75, 0.57}}) {
    auto ex = make_extractor(f.name);
    std::vector<double> f1;
    for (std::size_t i = 0; i < pages.size(); ++i)
      f1.push_back(metrics::text_only_prf(render_cleaneval(ex->extract(pages[i]).segments), golds[i]).f1);
    const auto s = detour::testing::summarize(f1);
    INFO(f.name << " median " << s.median << " mean " << s.mean);
    CHECK(s.median >= f.median);
    CHECK(s.mean >= f.mean);
  }
}
