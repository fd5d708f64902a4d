// Fidelity of the Boilerpipe 1.2.0 port: per-page text-only F1 of our BP output
// against the published Boilerpipe ArticleExtractor outputs on the DANIEL corpus
// (../shared/corpora/daniel-published-outputs/outputs/boilerpipe-text). Targets from
// the issue: median >= 0.97, mean >= 0.93. On NekoHTML's tree (issue 15) we reach median
// 1.0 and mean 0.9940 (el 0.9996, en 0.9999, pl 1.0, ru 1.0, zh 0.9753; on the HTML5
// tree it was 0.9912), guarded a little below. Against the real jar run on the same
// decoded text every page is 1.0 (scripts/parse_fidelity/run.sh); what is left here
// is the publisher's decoding of 11 zh pages. Skips without ../shared.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "corpora/corpus.h"
#include "extractors/extractor.h"
#include "metrics/compare.h"
#include "tests/test_util.h"

using namespace detour;

namespace {

// Segments joined by newlines, whitespace as the extractor gives it.
std::string segments_text(const Extraction& ex) {
  std::string out;
  for (const auto& s : ex.segments) out += s.text + "\n";
  return out;
}

using testing::summarize;

}  // namespace

TEST_CASE("BP matches published Boilerpipe outputs on DANIEL", "[fidelity][boilerpipe][slow]") {
  DETOUR_REQUIRE_SHARED(shared);
  const auto published = shared / "corpora/daniel-published-outputs/outputs/boilerpipe-text";
  auto corpus = corpora::open_corpus(shared / "corpora/daniel");
  REQUIRE(corpus.docs.size() == 1694);
  auto bp = make_extractor("BP");
  std::map<std::string, std::vector<double>> f1;
  for (const auto& doc : corpus.docs) {
    auto ref_path = published / doc.lang / doc.id;
    // One published file name lacks the page's ".html" suffix.
    if (!std::filesystem::exists(ref_path) && doc.id.size() > 5 &&
        doc.id.compare(doc.id.size() - 5, 5, ".html") == 0)
      ref_path = published / doc.lang / doc.id.substr(0, doc.id.size() - 5);
    std::string ref = io::read_file(ref_path);
    Page page = corpora::load_page(doc);
    double f = metrics::text_only_prf(segments_text(bp->extract(page)), ref).f1;
    f1[doc.lang].push_back(f);
    f1["all"].push_back(f);
  }
  for (const auto& [lang, v] : f1) {
    const auto s = summarize(v);
    std::cout << "BP fidelity " << lang << ": n=" << v.size() << " median=" << s.median
              << " mean=" << s.mean << "\n";
  }
  const auto all = summarize(f1["all"]);
  CHECK(all.median >= 0.97);
  CHECK(all.mean >= 0.93);
  CHECK(all.mean >= 0.99);  // regression guard: measured 0.9940
  for (const char* lang : {"en", "el", "pl", "ru"}) CHECK(summarize(f1[lang]).mean >= 0.995);
  CHECK(summarize(f1["zh"]).mean >= 0.97);  // 11 zh pages were decoded differently by the publisher
}
