// Fidelity of RD (our readability-lxml 0.8.1 port) to the real tool: per-page
// text-only F1 against the published DANIEL outputs/readability, over all 1694 pages.
//
// The published files are lxml's summary() HTML (XML-serialised: carriage returns
// appear as "&#13;"). Both sides are compared in the same form: the summary HTML with
// character references decoded, tags then replaced by spaces by text_only_prf. The
// plain-text form of our segments is measured too (it joins words that inline tags
// split in the HTML form, which for Chinese changes whole-sentence tokens).
//
// Measured on libxml2's tree (issue 15): HTML form median 1.000, mean 0.9795 (0.9726 on
// the HTML5 tree; every language median 1.000); text form median 0.993 overall but 0.50
// for zh. Thresholds sit a little below these. Against the real readability-lxml run on
// the same decoded text the mean is 1.000 (scripts/parse_fidelity/run.sh).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <numeric>

#include "base/markup.h"
#include "corpora/corpus.h"
#include "extractors/extractor.h"
#include "metrics/compare.h"
#include "tests/test_util.h"

using namespace detour;

namespace {

using testing::summarize;

}  // namespace

TEST_CASE("RD matches published readability-lxml outputs on DANIEL", "[fidelity][readability][slow]") {
  DETOUR_REQUIRE_SHARED(shared);
  const auto corpus_root = shared / "corpora" / "daniel";
  const auto published = shared / "corpora" / "daniel-published-outputs" / "outputs" / "readability";
  if (!std::filesystem::is_directory(corpus_root) || !std::filesystem::is_directory(published)) {
    testing::skip("DANIEL corpus or published readability outputs absent");
    return;
  }
  corpora::Corpus corpus = corpora::open_corpus(corpus_root);
  REQUIRE(corpus.docs.size() == 1694);
  auto rd = make_extractor("RD");

  std::map<std::string, std::vector<double>> html_f1, text_f1;
  std::vector<std::pair<double, std::string>> worst;
  for (const auto& doc : corpus.docs) {
    // A few DANIEL ids end in ".html" where the published file name does not.
    auto ref_path = published / doc.lang / doc.id;
    if (!std::filesystem::exists(ref_path) && doc.id.ends_with(".html"))
      ref_path = published / doc.lang / doc.id.substr(0, doc.id.size() - 5);
    REQUIRE(std::filesystem::exists(ref_path));
    std::string theirs = unescape_basic_html(io::read_file(ref_path));
    Page page = corpora::load_page(doc);
    Extraction ex = rd->extract(page);
    double fh = metrics::text_only_prf(unescape_basic_html(ex.html), theirs).f1;
    double ft = metrics::text_only_prf(render_text(ex.segments), theirs).f1;
    for (const std::string& key : {doc.lang, std::string("all")}) {
      html_f1[key].push_back(fh);
      text_f1[key].push_back(ft);
    }
    worst.push_back({fh, doc.lang + "/" + doc.id});
  }
  for (const auto& [lang, v] : html_f1) {
    const auto h = summarize(v), t = summarize(text_f1[lang]);
    std::cout << "RD fidelity " << lang << " n=" << v.size() << " html median=" << h.median
              << " mean=" << h.mean << " | text median=" << t.median << " mean=" << t.mean << "\n";
  }
  std::sort(worst.begin(), worst.end());
  for (std::size_t i = 0; i < 5 && i < worst.size(); ++i)
    std::cout << "RD worst " << worst[i].first << " " << worst[i].second << "\n";

  const auto all_html = summarize(html_f1["all"]);
  const auto all_text = summarize(text_f1["all"]);
  CHECK(all_html.median >= 0.90);  // the target
  CHECK(all_html.median >= 0.99);  // regression guard (measured 1.000)
  CHECK(all_html.mean >= 0.975);   // measured 0.9795
  CHECK(all_text.median >= 0.90);
  for (const char* lang : {"en", "el", "pl", "ru", "zh"}) {
    INFO(lang);
    CHECK(summarize(html_f1[lang]).median >= 0.98);
    CHECK(summarize(html_f1[lang]).mean >= 0.94);
  }
}
