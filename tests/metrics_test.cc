// Metrics: hand-checked values for each metric, the aggregation rules, and a
// differential check of `to` and `car` against the Python peer
// (scripts/cleaneval_reference.py) on published DANIEL outputs.
#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>

#include "runner/scoring.h"
#include "metrics/cleaneval_text.h"
#include "metrics/metric.h"
#include "tests/test_util.h"

using namespace detour;
using namespace detour::metrics;
namespace fs = std::filesystem;

namespace {

ScoreOptions with_autojunk(bool autojunk) {
  ScoreOptions o;
  o.autojunk = autojunk;
  return o;
}
DocScore score(const std::string& metric, const std::string& sys, const std::string& gold, bool autojunk = true) {
  DocPair p(sys, gold, with_autojunk(autojunk));
  return find_metric(metric).score(p);
}
}  // namespace

TEST_CASE("to removes tags on both sides and counts words", "[metrics]") {
  auto d = score("to", "<p>the cat sat</p>", "<h>the <b>cat</b> sat on the mat\n");
  CHECK(d.tp == 3);
  CHECK(d.fp == 0);
  CHECK(d.fn == 3);
  // "a < b" is text, not a tag.
  CHECK(text_only_normalize("a < b and <i>c</i>") == "a < b and c");
}

TEST_CASE("car counts non-space code points, so unsegmented scripts are measurable", "[metrics]") {
  auto d = score("car", "<p>北京 欢迎你", "<p>北京欢迎 您");
  CHECK(d.tp == 4);  // 北京欢迎
  CHECK(d.fp == 1);  // 你
  CHECK(d.fn == 1);  // 您
  CHECK(non_space_code_points("a\xe3\x80\x80" "b\xc2\xa0" "c").size() == 3);  // ideographic space, NBSP
}

TEST_CASE("lcs is the true longest common subsequence", "[metrics]") {
  // difflib's blocks can miss part of an LCS; the LCS metric cannot.
  auto d = score("lcs", "a b c d e f", "a x c y e z f");
  CHECK(d.tp == 4);  // a c e f
  CHECK(d.fp == 2);
  CHECK(d.fn == 3);
}

TEST_CASE("cos and Deturck's indicators", "[metrics]") {
  auto same = score("cos", "one two three", "<p>one two three");
  REQUIRE(same.values.size() == 5);
  CHECK(same.values[0] == Approx(1.0));
  CHECK(same.values[1] == 1.0);  // exact
  CHECK(same.values[2] == 1.0);  // equal
  auto part = score("cos", "two three", "one two three four");
  CHECK(part.values[0] == Approx(2.0 / std::sqrt(2.0 * 4.0)));
  CHECK(part.values[2] == 0.0);
  CHECK(part.values[3] == 1.0);  // T within T*
  CHECK(part.values[4] == 0.0);
  CHECK(part.tp == 2);
}

TEST_CASE("zero rules: CleanEval's and empty-is-perfect", "[metrics]") {
  auto ce = prf(0, 0, 0, ZeroRule::CleanEval);
  CHECK(ce.precision == 0);
  CHECK(ce.f1 == 0);
  auto e = prf(0, 0, 0, ZeroRule::Empty);
  CHECK(e.f1 == 1);
  auto nothing = prf(0, 0, 10, ZeroRule::Empty);
  CHECK(nothing.precision == 1);
  CHECK(nothing.recall == 0);
  CHECK(nothing.f1 == 0);
}

TEST_CASE("aggregation keeps micro and macro apart", "[metrics]") {
  const MetricInfo& m = find_metric("to");
  DocScore a{9, 1, 0, {}}, b{0, 0, 10, {}};
  Aggregate g = aggregate(m, {&a, &b});
  CHECK(g.tp == 9);
  CHECK(g.micro.precision == Approx(0.9));
  CHECK(g.micro.recall == Approx(9.0 / 19.0));
  // per document F1: 2*0.9*1/1.9 and 0
  double f_a = 2 * 0.9 / 1.9;
  CHECK(g.macro.f1 == Approx(f_a / 2));
  CHECK(g.sd_f1 == Approx(std::sqrt((f_a * f_a + 0 - 2 * (f_a / 2) * (f_a / 2)) / 1)));
  CHECK(metric_signature(m, with_autojunk(false)).find("autojunk:no") != std::string::npos);
}

TEST_CASE("to and car agree with the Python peer on DANIEL outputs", "[metrics][differential][shared][slow]") {
  DETOUR_REQUIRE_SHARED(shared);
  if (std::system("python3 --version > /dev/null 2>&1") != 0) {
    testing::skip("python3 is absent");
    return;
  }
  fs::path gold = shared / "corpora/daniel/zh/gold";
  fs::path out = shared / "corpora/daniel-published-outputs/outputs/justext-true-language/zh";
  for (std::string metric : {"to", "car"}) {
    std::string cmd = "python3 " + (testing::source_dir() / "scripts/cleaneval_reference.py").string() +
                      " --metric " + metric + " " + gold.string() + " " + out.string();
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    char buf[4096];
    std::string line;
    while (fgets(buf, sizeof buf, p)) line += buf;
    REQUIRE(pclose(p) == 0);
    std::stringstream ss(line);
    std::string dir;
    long docs, tp, fp, fn;
    ss >> dir >> docs >> tp >> fp >> fn;
    std::vector<std::string> notes;
    auto items = harness::collect_items(gold, out, false, harness::MissingPolicy::Skip, notes);
    auto set = harness::score_items(items, parse_metric_list(metric), with_autojunk(true), 0);
    auto a = results::aggregate_metric(set, 0, "all");
    INFO(metric);
    CHECK(static_cast<long>(a.documents) == docs);
    CHECK(a.tp == tp);
    CHECK(a.fp == fp);
    CHECK(a.fn == fn);
  }
}
