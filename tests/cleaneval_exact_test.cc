// Exactness against the published CleanEval tables: for the 20 (system, language)
// tables of ../shared/corpora/daniel-published-outputs/scores, `tm` and `tag` must
// reproduce every per-file row (TP FP FN TP.tag FP.tag FN.tag) and every total.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "runner/scoring.h"
#include "metrics/cleaneval_text.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;

namespace {

using Row = std::array<long long, 6>;

std::map<std::string, Row> read_table(const fs::path& path) {
  std::map<std::string, Row> rows;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '\t')) f.push_back(cell);
    if (f.size() < 13 || f[0] == "file") continue;
    Row r;
    for (int k = 0; k < 6; ++k) r[k] = std::stoll(f[7 + k]);
    rows[f[0]] = r;
  }
  return rows;
}

}  // namespace

TEST_CASE("CleanEval tokenisation follows cleaneval.py on bytes", "[cleaneval]") {
  using metrics::cleaneval_normalize;
  using metrics::cleaneval_split;
  // Markers get their own token; leading/trailing spaces give empty tokens.
  auto n = cleaneval_normalize("<p>Hello\tworld<H>Title\n");
  CHECK(n == " <p> Hello world <H> Title ");
  auto t = cleaneval_split(n);
  REQUIRE(t.size() == 7);
  CHECK(t[0].empty());
  CHECK(t[1] == "<p>");
  CHECK(t[4] == "<H>");
  CHECK(t[6].empty());
  // Unlabelled: every marker becomes <p>.
  metrics::CleanEvalOptions u;
  u.unlabelled = true;
  CHECK(cleaneval_normalize("a<l>b", u) == "a <p> b");
  // The URL line of gold files goes, with the blank lines before it; control bytes are spaces.
  CHECK(cleaneval_normalize("\n\n  URL: http://x\nText\x01here") == " Text here");
  CHECK(cleaneval_normalize("xURL stays") == "xURL stays");
  // An empty text is one empty token.
  CHECK(cleaneval_split(cleaneval_normalize("")).size() == 1);
  // Non-ASCII whitespace is not whitespace for the byte scorer.
  CHECK(cleaneval_split(cleaneval_normalize("a\xc2\xa0" "b")).size() == 1);
}

TEST_CASE("tm and tag reproduce the 20 published CleanEval tables", "[cleaneval][exact][shared]") {
  DETOUR_REQUIRE_SHARED(shared);
  fs::path pub = shared / "corpora/daniel-published-outputs";
  auto ms = metrics::parse_metric_list("tm,tag");
  int tables = 0;
  long long rows_checked = 0;
  for (std::string sys : {"boilerpipe-html", "boilerpipe-text", "html_killer", "readability"}) {
    for (std::string lang : {"el", "en", "pl", "ru", "zh"}) {
      fs::path each = pub / "scores" / sys / ("corpus_" + lang + "_each_files.txt");
      fs::path all = pub / "scores" / sys / ("corpus_" + lang + "_all_files.txt");
      REQUIRE(fs::exists(each));
      auto expected = read_table(each);
      auto total = read_table(all);
      REQUIRE(total.count("total"));
      std::vector<std::string> notes;
      auto items = harness::collect_items(shared / "corpora/daniel" / lang / "gold", pub / "outputs" / sys / lang,
                                          false, harness::MissingPolicy::Skip, notes);
      auto set = harness::score_items(items, ms, metrics::ScoreOptions(), 0);
      INFO(sys << " " << lang);
      REQUIRE(set.docs.size() == expected.size());
      Row sum{};
      for (const auto& d : set.docs) {
        INFO(d.id);
        REQUIRE(expected.count(d.id));
        Row got = {d.scores[0].tp, d.scores[0].fp, d.scores[0].fn, d.scores[1].tp, d.scores[1].fp, d.scores[1].fn};
        CHECK(got == expected[d.id]);
        for (int k = 0; k < 6; ++k) sum[k] += got[k];
        ++rows_checked;
      }
      CHECK(sum == total["total"]);
      ++tables;
    }
  }
  CHECK(tables == 20);
  std::cout << "checked " << tables << " tables, " << rows_checked << " per-file rows\n";
}
