// Tests of the NCleaner model (extractors/ncleaner): normalisation, probabilities
// against a hand computation and a naive reference, diff training, model files,
// deterministic training-page selection, robustness.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "extractors/ncleaner/model.h"
#include "extractors/ncleaner/ncleaner.h"
#include "extractors/ncleaner/segments.h"

using namespace detour;
using namespace detour::ncleaner;

namespace {

// Naive reference of the probability formula in model.h, with string-keyed maps.
struct NaiveModel {
  int n;
  int vocab;
  std::map<std::string, long> counts;  // every k-gram, k = 1..n
  void add(const std::string& s, long w) {
    for (std::size_t i = 0; i < s.size(); ++i)
      for (int k = 1; k <= n && static_cast<std::size_t>(k) <= i + 1; ++k) counts[s.substr(i + 1 - k, k)] += w;
  }
  double log2p(const std::string& s, double q) const {
    long total1 = 0;
    std::map<std::string, long> ctx;
    for (const auto& [g, c] : counts) {
      if (c <= 0) continue;
      if (g.size() == 1) total1 += c;
      else ctx[g.substr(0, g.size() - 1)] += c;
    }
    double lp = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      int m = static_cast<int>(std::min<std::size_t>(n, i + 1));
      double norm = 0;
      for (int j = 0; j < m; ++j) norm += std::pow(q, j);
      double p = 0;
      for (int k = 1; k <= m; ++k) {
        std::string g = s.substr(i + 1 - k, k);
        auto it = counts.find(g);
        long c = it == counts.end() ? 0 : std::max(0L, it->second);
        double cp;
        if (k == 1) cp = (c + 1.0) / (total1 + vocab);
        else cp = c > 0 ? (c + 1.0) / (ctx[g.substr(0, k - 1)] + vocab) : 0.0;
        p += std::pow(q, m - k) / norm * cp;
      }
      lp += std::log2(p);
    }
    return lp;
  }
};

std::unordered_map<std::uint64_t, std::int64_t> counts_of(const NaiveModel& m) {
  std::unordered_map<std::uint64_t, std::int64_t> out;
  for (const auto& [g, c] : m.counts) out[NGramModel::ngram_key(g)] = c;
  return out;
}

TrainingPair pair_of(std::vector<std::string> clean, std::vector<std::string> junk) {
  TrainingPair p;
  p.clean_segments = clean;
  p.raw_segments = junk;
  p.raw_segments.insert(p.raw_segments.end(), clean.begin(), clean.end());
  return p;
}

const std::vector<std::string> kClean = {
    "The committee said on Tuesday that the new rules would come into force next year.",
    "Officials expect the changes to affect thousands of small businesses across the country.",
    "Critics argued that the consultation had been too short and that many questions remained.",
    "The minister told reporters that she was confident the plan would work as intended.",
    "Several industry groups welcomed the decision but asked for more time to prepare."};
const std::vector<std::string> kJunk = {
    "Home | News | Sport | Weather | Contact us", "Login | Register | RSS | Share on Facebook",
    "Copyright 2011 All rights reserved | Privacy policy | Terms of use", "Next >> | << Prev | Page 1 2 3 4",
    "Tweet | Like | Email | Print", "Related: Sport | Business | Tech | Video"};

}  // namespace

TEST_CASE("normalisation modes follow NCleaner's -m levels", "[ncleaner]") {
  CHECK(normalize("  a\tb\n\n c  ", 0) == "a b c");
  CHECK(normalize("caf\xC3\xA9 9", 0) == "caf\xC3\xA9 9");
  CHECK(normalize("caf\xC3\xA9 9", 1) == "caf~~ 9");
  CHECK(normalize("Hello World 42!", 2) == "tatta tattt 00!");
  CHECK(normalize("Hello World 42!", 3) == "aaaaa aaaaa 00!");
  CHECK(normalize("\x01\x02", 1).empty());
  CHECK(normalize("", 3).empty());
}

TEST_CASE("probability matches a hand computation", "[ncleaner]") {
  // n = 2, trained on "ab": counts a:1 b:1 ab:1; V = 3; q = 0.6.
  NaiveModel naive{2, 3, {}};
  naive.add("ab", 1);
  NGramModel m(2, counts_of(naive), 3);
  // P(a) = (1+1)/(2+3) = 0.4; P(b|a) = (1*0.5 + 0.6*0.4)/1.6 with cp(ab) = 2/(1+3).
  double expect = std::log2(0.4) + std::log2((0.5 + 0.6 * 0.4) / 1.6);
  CHECK(m.log2_prob("ab", 0.6) == Approx(expect).epsilon(1e-12));
  // Unseen bigram "ba": cp = 0 at k = 2, only the unigram term remains.
  double expect_ba = std::log2(0.4) + std::log2(0.6 * 0.4 / 1.6);
  CHECK(m.log2_prob("ba", 0.6) == Approx(expect_ba).epsilon(1e-12));
  // Unseen byte: 1/(N+V).
  CHECK(m.log2_prob("z", 0.6) == Approx(std::log2(1.0 / 5)).epsilon(1e-12));
  CHECK(m.cross_entropy("", 0.6) == 0.0);
}

TEST_CASE("fast tables agree with the naive reference on random text", "[ncleaner]") {
  std::mt19937_64 rng(7);
  const std::string alphabet = "abcde ~0.";
  auto random_text = [&](std::size_t len) {
    std::string s;
    for (std::size_t i = 0; i < len; ++i) s += alphabet[rng() % alphabet.size()];
    return s;
  };
  for (int n : {1, 2, 3, 5, 7}) {
    NaiveModel naive{n, 10, {}};
    for (int i = 0; i < 20; ++i) naive.add(random_text(40), 1);
    for (int i = 0; i < 5; ++i) naive.add(random_text(30), -1);  // negative counts are floored
    NGramModel fast(n, counts_of(naive), 10);
    for (double q : {0.3, 0.6, 0.9})
      for (int t = 0; t < 10; ++t) {
        std::string s = random_text(1 + rng() % 60);
        INFO("n=" << n << " q=" << q << " text=" << s);
        CHECK(fast.log2_prob(s, q) == Approx(naive.log2p(s, q)).epsilon(1e-9));
      }
  }
}

TEST_CASE("diff training separates clean text from navigation junk", "[ncleaner]") {
  Model m = train_segments({pair_of(kClean, kJunk)}, Options{});
  CHECK(m.check("The report said that the government would publish the new plan next month.").first);
  CHECK_FALSE(m.check("Home | Sport | Login | RSS").first);
  CHECK_FALSE(m.check("").first);
  // Bias: a huge positive bias rejects everything.
  Model strict = m;
  strict.options.bias = 1000;
  CHECK_FALSE(strict.check("The report said that the government would publish the new plan.").first);
  // Dirty counts are raw minus clean: a k-gram only in clean text has no dirty count.
  bool has_the_in_dirty = false;
  for (const auto& [key, c] : m.dirty.counts())
    if (key == NGramModel::ngram_key("Cri")) has_the_in_dirty = true;
  CHECK_FALSE(has_the_in_dirty);
}

TEST_CASE("bad options are rejected with a reason", "[ncleaner]") {
  Options o;
  o.n = 0;
  CHECK_THROWS_WITH(validate(o), Catch::Contains("n must be"));
  o = Options{};
  o.q = 1.0;
  CHECK_THROWS_WITH(validate(o), Catch::Contains("q must be"));
  o = Options{};
  o.mode = 4;
  CHECK_THROWS_WITH(train_segments({}, o), Catch::Contains("mode"));
}

TEST_CASE("model files round-trip and bad files give clear errors", "[ncleaner]") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("ncleaner_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  Options o;
  o.n = 4;
  o.mode = 2;
  o.q = 0.55;
  o.bias = 0.25;
  Model m = train_segments({pair_of(kClean, kJunk)}, o);
  m.provenance = "unit test\nwith newline";
  fs::path file = dir / "m.model";
  save(m, file);
  Model r = load(file);
  CHECK(r.options.n == 4);
  CHECK(r.options.mode == 2);
  CHECK(r.options.q == 0.55);
  CHECK(r.options.bias == 0.25);
  CHECK(r.provenance == "unit test with newline");
  CHECK(r.training_pairs == 1);
  CHECK(r.clean.counts() == m.clean.counts());
  CHECK(r.dirty.counts() == m.dirty.counts());
  for (const auto& s : kJunk) CHECK(r.check(s).second == m.check(s).second);

  // The extractor built from the file uses it.
  auto ex = make_ncleaner_model_extractor(file);
  Page page = html::make_page("p", "<body><p>" + kClean[0] + "</p><div>Home | News | Login</div></body>");
  Extraction e = ex->extract(page);
  REQUIRE(e.segments.size() == 1);
  CHECK(e.segments[0].text == kClean[0]);
  CHECK(ex->signature().find("model:unit test") != std::string::npos);

  CHECK_THROWS_WITH(load(dir / "missing.model"), Catch::Contains("missing.model") && Catch::Contains("cannot open"));
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
  };
  CHECK_THROWS_WITH(load(write("junk", "\x89PNG\r\n")), Catch::Contains("junk") && Catch::Contains("not an ncleaner model"));
  CHECK_THROWS_WITH(load(write("v9", "detour-ncleaner-model 9\n")), Catch::Contains("unsupported model format"));
  std::ifstream in(file, std::ios::binary);
  std::string full((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK_THROWS_WITH(load(write("trunc", full.substr(0, full.size() / 2))), Catch::Contains("trunc"));
  std::string bad = full;
  bad.replace(bad.find("q 0.55"), 6, "q 1.50");
  CHECK_THROWS_WITH(load(write("badq", bad)), Catch::Contains("q must be"));
  fs::remove_all(dir);
}

TEST_CASE("training pages are chosen by seed, recorded and excluded", "[ncleaner]") {
  // A synthetic two-language corpus.
  std::vector<Page> pages;
  std::vector<std::string> golds;
  for (std::string lang : {"en", "pl"})
    for (int i = 0; i < 30; ++i) {
      std::string clean = kClean[i % kClean.size()];
      pages.push_back(html::make_page(lang + std::to_string(i),
                                      "<body><div>" + kJunk[i % kJunk.size()] + "</div><p>" + clean + "</p></body>", lang));
      golds.push_back("<p>" + clean + "\n");
    }
  auto ctx_with = [&](std::uint64_t seed) {
    CorpusContext ctx;
    ctx.seed = seed;
    for (std::size_t i = 0; i < pages.size(); ++i) ctx.entries.push_back({&pages[i], golds[i], {}, {}, {}});
    return ctx;
  };
  auto a = make_extractor("NCT5");
  auto b = make_extractor("NCT5");
  auto c = make_extractor("NCT5");
  CHECK(a->needs_corpus());
  CHECK_THROWS_AS(a->extract(pages[0]), ExtractError);  // not prepared
  a->prepare(ctx_with(42));
  b->prepare(ctx_with(42));
  c->prepare(ctx_with(43));
  CHECK(a->signature() == b->signature());
  CHECK(a->signature() != c->signature());
  CHECK(a->settings().at("train_pages").rfind("10#", 0) == 0);  // 5 per language
  int excluded = 0, kept = 0;
  for (const auto& p : pages) {
    Extraction e = a->extract(p);
    if (e.excluded) {
      CHECK(*e.excluded == "training page");
      ++excluded;
    } else {
      kept += static_cast<int>(e.segments.size());
    }
  }
  CHECK(excluded == 10);
  CHECK(kept > 0);
  // NC uses English pages only; a page of a language without a model is fine for NC,
  // but a T system without a model for the language reports it.
  Page de = html::make_page("de1", "<p>Hallo Welt</p>", "de");
  CHECK_THROWS_WITH(a->extract(de), Catch::Contains("no model for language 'de'"));
  auto nc = make_extractor("NC");
  nc->prepare(ctx_with(42));
  CHECK(nc->settings().at("train_pages").rfind("30#", 0) == 0);  // all 30 English pages (< 60)
  CHECK_NOTHROW(nc->extract(de));
}

TEST_CASE("NCleaner survives hostile pages", "[robust][ncleaner][slow]") {
  Model m = train_segments({pair_of(kClean, kJunk)}, Options{});
  namespace fs = std::filesystem;
  fs::path file = fs::temp_directory_path() / ("ncleaner_robust_" + std::to_string(::getpid()) + ".model");
  save(m, file);
  auto ex = make_ncleaner_model_extractor(file);
  fs::remove(file);

  CHECK(ex->extract(html::make_page("empty", "")).segments.empty());
  std::string binary;
  std::mt19937 rng(1);
  for (int i = 0; i < 200000; ++i) binary += static_cast<char>(rng() & 0xFF);
  CHECK_NOTHROW(ex->extract(html::make_page("binary", binary)));
  CHECK_NOTHROW(ex->extract(html::make_page("text", "just some plain text\nwith lines\n")));
  std::string nested;
  for (int i = 0; i < 100000; ++i) nested += "<div>";
  nested += kClean[0];
  for (int i = 0; i < 100000; ++i) nested += "</div>";
  Extraction e = ex->extract(html::make_page("nested", nested));
  REQUIRE(e.segments.size() == 1);
  CHECK(e.segments[0].text == kClean[0]);
  std::string big;
  big.reserve(50u << 20);
  while (big.size() < (50u << 20)) big += "<p>" + kClean[big.size() % kClean.size()] + "</p>\n<div>Home | Login</div>\n";
  Extraction eb = ex->extract(html::make_page("big", big));
  CHECK(eb.segments.size() > 100000);
  // A huge single segment (no markup at all) is scored in linear time.
  CHECK_NOTHROW(m.check(std::string(20u << 20, 'a')));
}
