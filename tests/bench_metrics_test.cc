// Tests of metrics/bench_metrics: parity with the originals on the committed pairs
// of tests/fixtures/bench_metrics (values computed by rouge-score, NLTK's Punkt,
// rapidfuzz's Indel, Python's re and the Scrapinghub evaluate.py, each run from its
// own source by scripts/bench_metrics/make_fixture.sh), and the kernels against
// plain reference computations.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/bench_metrics/aggregate.h"
#include "metrics/bench_metrics/bow.h"
#include "metrics/bench_metrics/lcs_kernels.h"
#include "metrics/bench_metrics/punkt.h"
#include "metrics/bench_metrics/py_stats.h"
#include "metrics/bench_metrics/py_unicode.h"
#include "metrics/bench_metrics/rouge_lsum.h"
#include "metrics/bench_metrics/shingle.h"
#include "metrics/bench_metrics/tokens.h"
#include "tests/test_util.h"

namespace bm = detour::bench_metrics;
namespace fs = std::filesystem;

namespace {

fs::path fixture_dir() { return detour::testing::source_dir() / "tests" / "fixtures" / "bench_metrics"; }

struct Pair {
  std::string id, gold, output;
};

const std::vector<Pair>& fixture_pairs() {
  static const std::vector<Pair> pairs = [] {
    std::vector<Pair> out;
    std::ifstream in(fixture_dir() / "pairs.jsonl", std::ios::binary);
    REQUIRE(in);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      auto j = nlohmann::json::parse(line);
      out.push_back({j["id"].get<std::string>(), j["gold"].get<std::string>(), j["output"].get<std::string>()});
    }
    return out;
  }();
  return pairs;
}

// id -> the tab-separated fields after it, as strings.
std::map<std::string, std::vector<std::string>> read_tsv(const std::string& name) {
  std::map<std::string, std::vector<std::string>> rows;
  std::ifstream in(fixture_dir() / name, std::ios::binary);
  REQUIRE(in);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::size_t start = 0;
    while (true) {
      const std::size_t tab = line.find('\t', start);
      f.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    rows[f[0]] = std::vector<std::string>(f.begin() + 1, f.end());
  }
  return rows;
}

std::vector<double> numbers(const std::vector<std::string>& fields) {
  std::vector<double> v;
  for (const auto& s : fields) v.push_back(std::stod(s));
  return v;
}

bm::PunktModel tiny_model() { return bm::PunktModel::load_tab(fixture_dir() / "punkt_tiny"); }

// Per-page parity of a three-column (P, R, F) reference.
void check_rouge(const std::string& ref_name, const bm::RougeLsumOptions& opts) {
  const auto ref = read_tsv(ref_name);
  REQUIRE(ref.size() == fixture_pairs().size());
  double worst = 0;
  for (const auto& p : fixture_pairs()) {
    INFO(p.id);
    REQUIRE(ref.count(p.id));
    const auto want = numbers(ref.at(p.id));
    const auto got = bm::rouge_lsum(p.gold, p.output, opts);
    CHECK(std::fabs(got.precision - want[0]) <= 1e-9);
    CHECK(std::fabs(got.recall - want[1]) <= 1e-9);
    CHECK(std::fabs(got.f1 - want[2]) <= 1e-9);
    worst = std::max({worst, std::fabs(got.precision - want[0]), std::fabs(got.recall - want[1]),
                      std::fabs(got.f1 - want[2])});
  }
  CHECK(worst <= 1e-9);
}

}  // namespace

TEST_CASE("bench_metrics: ROUGE-LSum equals rouge-score with its defaults on the committed pairs", "[bench_metrics]") {
  check_rouge("rouge_default.tsv", bm::RougeLsumOptions::rouge_score_default());
}

TEST_CASE("bench_metrics: ROUGE-LSum equals rouge-score with whitespace tokens and newline sentences",
          "[bench_metrics]") {
  bm::RougeLsumOptions opts;
  opts.tokenizer = bm::RougeTokenizer::kWhitespace;
  check_rouge("rouge_lines_ws.tsv", opts);
}

TEST_CASE("bench_metrics: ROUGE-LSum equals rouge-score as WCEB configures it (Punkt sentences)",
          "[bench_metrics]") {
  const auto model = tiny_model();
  check_rouge("rouge_wceb_tiny.tsv", bm::RougeLsumOptions::wceb(model));
}

namespace {

// Sentence spans of `model` against NLTK's (the punkt mode of rouge_reference.py).
void check_spans(const bm::PunktModel& model, const std::string& ref_name) {
  const auto ref = read_tsv(ref_name);
  for (const auto& p : fixture_pairs()) {
    INFO(p.id);
    const auto& fields = ref.at(p.id);
    for (int side = 0; side < 2; ++side) {
      const std::string& text = side == 0 ? p.gold : p.output;
      // Byte spans -> code-point spans, as NLTK counts.
      const auto d = bm::decode_utf8(text);
      auto cp_index = [&](std::size_t byte) {
        return static_cast<std::size_t>(std::lower_bound(d.offsets.begin(), d.offsets.end(), byte) - d.offsets.begin());
      };
      nlohmann::json got = nlohmann::json::array();
      for (auto [b, e] : model.sentence_spans(text)) got.push_back({cp_index(b), cp_index(e)});
      CHECK(got == nlohmann::json::parse(fields[static_cast<std::size_t>(side)]));
    }
  }
}

}  // namespace

TEST_CASE("bench_metrics: Punkt sentence spans equal NLTK's on the committed pairs", "[bench_metrics]") {
  check_spans(tiny_model(), "punkt_tiny_sentences.tsv");
}

// rougelsum's default model: NLTK's English parameters as Debian ships them
// (scripts/install-deps.sh), against NLTK's PunktSentenceTokenizer and rouge-score
// given the same parameters (scripts/bench_metrics/make_fixture.sh).
TEST_CASE("bench_metrics: with Debian's Punkt English model, sentences and ROUGE-LSum equal NLTK's and rouge-score's",
          "[bench_metrics]") {
  REQUIRE(fs::exists(bm::kDebianEnglishModel));  // golang-gopkg-neurosnap-sentences.v1-dev
  const auto model = bm::PunktModel::load(bm::kDebianEnglishModel);
  check_spans(model, "punkt_debian_sentences.tsv");
  check_rouge("rouge_wceb_debian.tsv", bm::RougeLsumOptions::wceb(model));
}

TEST_CASE("bench_metrics: WCEB Levenshtein ratio equals rapidfuzz Indel on the committed pairs", "[bench_metrics]") {
  const auto ref = read_tsv("levenshtein.tsv");
  for (const auto& p : fixture_pairs()) {
    INFO(p.id);
    CHECK(std::fabs(bm::wceb_levenshtein_ratio(p.gold, p.output) - numbers(ref.at(p.id))[0]) <= 1e-12);
  }
}

TEST_CASE("bench_metrics: bag-of-words F1 equals Python re on the committed pairs", "[bench_metrics]") {
  const auto ref = read_tsv("bow.tsv");
  for (const auto& p : fixture_pairs()) {
    INFO(p.id);
    const auto want = numbers(ref.at(p.id));
    const auto got = bm::bow_page(p.gold, p.output);
    CHECK(got.precision == want[0]);
    CHECK(got.recall == want[1]);
    CHECK(got.f1 == want[2]);
  }
}

TEST_CASE("bench_metrics: shingle pages and seeded summary equal evaluate.py on the committed pairs",
          "[bench_metrics]") {
  const auto ref = read_tsv("shingle_pages.tsv");
  std::vector<bm::ShinglePage> pages;
  for (const auto& p : fixture_pairs()) {
    INFO(p.id);
    const auto want = numbers(ref.at(p.id));
    const auto got = bm::shingle_page(p.gold, p.output);
    CHECK(got.tp == want[0]);
    CHECK(got.fp == want[1]);
    CHECK(got.fn == want[2]);
    CHECK(got.precision == want[3]);
    CHECK(got.recall == want[4]);
    CHECK(got.accuracy == want[5]);
    pages.push_back(got);
  }
  const auto sys = read_tsv("shingle_summary_seed12345.tsv").at("pairs");
  const auto want = numbers(sys);
  const auto s = bm::shingle_summary(pages, 1000, 12345);
  // Means are exact (statistics.mean); the standard deviations agree to rounding.
  CHECK(s.f1 == want[0]);
  CHECK(s.precision == want[1]);
  CHECK(s.recall == want[2]);
  CHECK(s.accuracy == want[3]);
  CHECK(std::fabs(s.f1_std - want[4]) <= 1e-12);
  CHECK(std::fabs(s.precision_std - want[5]) <= 1e-12);
  CHECK(std::fabs(s.recall_std - want[6]) <= 1e-12);
  CHECK(std::fabs(s.accuracy_std - want[7]) <= 1e-12);
}

TEST_CASE("bench_metrics: LCS backtracking equals rouge-score's table walk on random sequences", "[bench_metrics]") {
  std::mt19937 rng(20240601);
  for (int iter = 0; iter < 3000; ++iter) {
    const int alphabet = 1 + static_cast<int>(rng() % 6);  // small: many ties
    const std::size_t m = rng() % 90, n = rng() % (iter % 10 == 0 ? 300 : 140);
    std::vector<bm::TokenId> a(m), b(n);
    for (auto& x : a) x = static_cast<bm::TokenId>(rng() % static_cast<unsigned>(alphabet));
    for (auto& x : b) x = static_cast<bm::TokenId>(rng() % static_cast<unsigned>(alphabet));
    bm::LcsBacktracker bt(alphabet);
    // Every third case walks checkpointed rows (a tiny budget forces them).
    if (iter % 3 == 1) bt.set_max_row_words(1);
    bt.set_candidate(b);
    std::vector<std::uint32_t> got;
    bt.ref_positions(a, got);
    std::reverse(got.begin(), got.end());
    const auto want = bm::lcs_ref_positions_reference(a, b);
    INFO("iteration " << iter << " m=" << m << " n=" << n);
    REQUIRE(got == want);
    CHECK(bt.length(a) == want.size());
    CHECK(bm::lcs_length(a, b, alphabet) == want.size());
  }
}

TEST_CASE("bench_metrics: summary-level LCS counts each token once across sentences", "[bench_metrics]") {
  // rouge-score's documented example, newline sentences, default tokens.
  const auto s = bm::rouge_lsum("The quick brown fox\njumps over the lazy dog", "The quick brown dog\njumps on the log.",
                                bm::RougeLsumOptions::rouge_score_default());
  CHECK(s.precision == 0.75);
  CHECK(s.recall == 6.0 / 9.0);
  CHECK(s.hits == 6);
  // Empty sides score 0 (no blank rule) or follow WCEB's rule.
  CHECK(bm::rouge_lsum("", "x", bm::RougeLsumOptions::rouge_score_default()).f1 == 0);
  const bm::PunktModel empty_model;
  const auto w = bm::rouge_lsum(" \n", "\t", bm::RougeLsumOptions::wceb(empty_model));
  CHECK(w.precision == 1.0);
  CHECK(w.recall == 1.0);
  CHECK(w.f1 == 1.0);
  const auto w2 = bm::rouge_lsum("", "some text", bm::RougeLsumOptions::wceb(empty_model));
  CHECK(w2.recall == 1.0);
  CHECK(w2.precision == 0.0);
  CHECK(w2.f1 == 0.0);
  bm::RougeLsumOptions no_model;
  no_model.split = bm::SentenceSplit::kPunkt;
  CHECK_THROWS_AS(bm::rouge_lsum("a", "b", no_model), std::invalid_argument);
}

TEST_CASE("bench_metrics: tokenisers follow Python's classes", "[bench_metrics]") {
  using V = std::vector<std::string_view>;
  CHECK(bm::whitespace_tokens("  a\u00a0b\u2003c\u200bd\x1c"
                              "e  ") == V{"a", "b", "c\u200bd", "e"});
  CHECK(bm::whitespace_tokens(" \n\t").empty());
  CHECK(bm::rouge_default_tokens("\u212Aelvin \u0130stanbul Caf\u00e9 x-ray 3.5") ==
        std::vector<std::string>{"kelvin", "i", "stanbul", "caf", "x", "ray", "3", "5"});
  // \w: letters, digits, numerics, '_'; combining marks are not word characters.
  CHECK(bm::word_tokens("cafe\u0301 x_y \u00b2\u2167 \u0661\u0662") == V{"cafe", "x_y", "\u00b2\u2167", "\u0661\u0662"});
  CHECK(bm::lower_word_tokens("\u039f\u0394\u039f\u03a3 \u0130") ==
        std::vector<std::string>{"\u03bf\u03b4\u03bf\u03c2", "i"});
  CHECK(bm::is_blank(" \u3000\n"));
  CHECK_FALSE(bm::is_blank(" x "));
}

TEST_CASE("bench_metrics: py_isspace agrees with ICU's classes on every code point", "[bench_metrics]") {
  std::size_t mismatches = 0;
  for (char32_t cp = 0; cp < 0x110000; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    if (bm::py_isspace(cp) != bm::py_isspace_icu(cp)) ++mismatches;
  }
  CHECK(mismatches == 0);
}

TEST_CASE("bench_metrics: Python mean is exact and PyRandom draws Python's sequence", "[bench_metrics]") {
  // Values from CPython 3.11: statistics.mean(...) and random.seed(s); randint(...).
  const std::vector<double> a{1e100, 1.0, -1e100};
  CHECK(bm::python_mean(a) == 0.3333333333333333);
  const std::vector<double> b{0.1, 0.2, 0.3};
  CHECK(bm::python_mean(b) == 0.2);
  const std::vector<double> c(10, 0.1);
  CHECK(bm::python_mean(c) == 0.1);
  const std::vector<double> d{5e-324, 5e-324, 5e-324, 0.0};
  CHECK(bm::python_mean(d) == 5e-324);
  const std::vector<double> e{0.1, 0.7, 0.3333333333333333, 1e-17};
  CHECK(bm::python_mean(e) == 0.2833333333333333);
  CHECK(std::isnan(bm::python_mean(std::vector<double>{})));

  bm::PyRandom r1(12345);
  std::vector<std::int64_t> got;
  for (int i = 0; i < 8; ++i) got.push_back(r1.randint(0, 180));
  CHECK(got == std::vector<std::int64_t>{106, 2, 76, 94, 49, 69, 144, 111});
  bm::PyRandom r2((std::uint64_t{1} << 40) + 7);
  got.clear();
  for (int i = 0; i < 8; ++i) got.push_back(r2.randint(0, 180));
  CHECK(got == std::vector<std::int64_t>{157, 163, 146, 180, 121, 64, 157, 32});
  bm::PyRandom r3(0);
  got.clear();
  for (int i = 0; i < 4; ++i) got.push_back(r3.randint(0, 999999));
  CHECK(got == std::vector<std::int64_t>{885440, 403958, 794772, 933488});
}

TEST_CASE("bench_metrics: Punkt model files are checked", "[bench_metrics]") {
  detour::testing::TempDir dir;
  CHECK_THROWS_WITH(bm::PunktModel::load_tab(dir.path), Catch::Contains("abbrev_types.txt"));
  dir.write("abbrev_types.txt", "dr\n");
  dir.write("sent_starters.txt", "the\n");
  dir.write("collocations.tab", "a\tb\n");
  dir.write("ortho_context.tab", "the\tmany\n");
  CHECK_THROWS_WITH(bm::PunktModel::load_tab(dir.path), Catch::Contains("ortho_context.tab:1"));
  dir.write("ortho_context.tab", "the\t38\n");
  dir.write("collocations.tab", "a b\n");
  CHECK_THROWS_WITH(bm::PunktModel::load_tab(dir.path), Catch::Contains("collocations.tab:1"));
  dir.write("collocations.tab", "a\tb\n");
  const auto m = bm::PunktModel::load_tab(dir.path);
  CHECK(m.abbrev_count() == 1);
  // "Dr." is an abbreviation: no break after it.
  const auto s = m.sentences("Dr. Smith came. He sat.");
  REQUIRE(s.size() == 2);
  CHECK(s[0] == "Dr. Smith came.");
  CHECK(s[1] == "He sat.");
}

TEST_CASE("bench_metrics: WCEB aggregation and bag-of-words conventions", "[bench_metrics]") {
  const auto a = bm::wceb_aggregate({{"d1", {0.2, 0.4, 0.9}}, {"d2", {1.0, 0.0}}});
  REQUIRE(a.datasets.size() == 2);
  CHECK(a.datasets[0].second.mean == Approx(0.5));
  CHECK(a.datasets[0].second.median == 0.4);
  CHECK(a.datasets[1].second.median == 0.5);
  CHECK(a.micro.mean == Approx(0.5));
  CHECK(a.micro.median == 0.4);
  CHECK(a.macro.mean == Approx(0.5));
  CHECK(a.macro.median == Approx(0.45));
  const auto b = bm::bow_page("The cat, the hat.", "the THE cat dog");
  CHECK(b.overlap == 3);
  CHECK(b.output_tokens == 4);
  CHECK(b.gold_tokens == 4);
  CHECK(b.f1 == 0.75);
  CHECK(bm::bow_page("", "").f1 == 1.0);
  CHECK(bm::bow_page("x", "").f1 == 0.0);
}

TEST_CASE("bench_metrics: signatures name the settings", "[bench_metrics]") {
  const auto model = tiny_model();
  const auto sig = bm::rouge_lsum_signature(bm::RougeLsumOptions::wceb(model));
  CHECK(sig.find("split=punkt(nltk-3.8,model=" + model.fingerprint() + ")") != std::string::npos);
  CHECK(sig.find("tok=whitespace") != std::string::npos);
  CHECK(sig.find("blank=wceb") != std::string::npos);
  CHECK(bm::rouge_lsum_signature(bm::RougeLsumOptions::rouge_score_default()) ==
        "rougelsum|ref=rouge-score-0.1.2|split=lines|tok=rouge-default|blank=none");
  CHECK(bm::shingle_signature(1000, 7).find("bootstrap=1000|seed=7") != std::string::npos);
  CHECK(model.fingerprint() == tiny_model().fingerprint());
  CHECK(model.fingerprint() != bm::PunktModel().fingerprint());
}

TEST_CASE("bench_metrics: invalid UTF-8 bytes decode as Python's surrogateescape and encode back", "[bench_metrics]") {
  using namespace detour::bench_metrics;
  // b"a\x80\xe2\x80x\xff".decode("utf-8", "surrogateescape") == "a\udc80\udce2\udc80x\udcff"
  const std::string bytes = "a\x80\xe2\x80x\xff";
  const DecodedText d = decode_utf8(bytes);
  CHECK(d.cps == std::u32string{U'a', 0xDC80, 0xDCE2, 0xDC80, U'x', 0xDCFF});
  CHECK(encode_utf8(d.cps) == bytes);
  char32_t cp = 0;
  CHECK(next_code_point(bytes, 2, cp) == 1);
  CHECK(cp == 0xDCE2);
  CHECK_FALSE(py_isword(0xDC80));
  CHECK_FALSE(py_isspace(0xDCFF));
}
