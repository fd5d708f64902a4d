// The fused tokenisers of metrics/cleaneval_text.h (cleaneval_tokens,
// text_only_words, append_non_space_code_points over words) against the two-step
// forms they replace on the hot path (normalise, then split), on random texts built
// from the pieces that matter: markers in any case, tag-like spans, stray '<' and
// '>', control bytes, spaces, UTF-8 and broken UTF-8, "URL" lines.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include <unicode/uchar.h>

#include "metrics/cleaneval_text.h"

using namespace detour::metrics;

namespace {

std::string random_text(std::mt19937& rng, int pieces) {
  static const std::vector<std::string> parts = {
      "a", "word", "Zz9", " ", "  ", "\t", "\n", "\r\n", "\x01", "\x1f", "\x7f", "<p>", "<P>", "<h>", "<H>", "<l>",
      "<L>", "<x>", "<p", "p>", "<", ">", "<<", ">>", "<b>", "</b>", "<!-- c -->", "<?x?>", "<a href=\"u\">",
      "</", "<1>", "\xc3\xa9", "\xe4\xb8\xad", "\xe4\xb8", "\xb8", "\xf0\x9f\x98\x80", "\xc2\xa0", "\xe3\x80\x80",
      "URL", "URL: http://x", "xURL", " URL", "\n URL",
      "averyveryverylongwordwithoutanyspaces", "longword<p>inside", "abcdefghijklmnop<", "abcdefghijklmnopq<h>",
      "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad", "<<<<<<<<<<<<<<<<<p>",
      "0123456789abcdef\x1f" "0123456789abcdef", "\xff", "<p><h>", "a<p>b", "<l>\n"};
  std::uniform_int_distribution<std::size_t> pick(0, parts.size() - 1);
  std::string s;
  for (int i = 0; i < pieces; ++i) s += parts[pick(rng)];
  return s;
}

}  // namespace

TEST_CASE("fused CleanEval tokens equal split(normalize(text))", "[metrics][tokens]") {
  std::mt19937 rng(20261123);
  int fused = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string t = random_text(rng, static_cast<int>(rng() % 40));
    for (bool unlabelled : {false, true}) {
      CleanEvalOptions o;
      o.unlabelled = unlabelled;
      std::vector<std::string_view> got;
      std::string norm = cleaneval_normalize(t, o);
      std::vector<std::string_view> want = cleaneval_split(norm);
      if (!cleaneval_tokens(t, o, got)) {
        CHECK(got.empty());
        CHECK(t.find("URL") != std::string::npos);
        continue;
      }
      ++fused;
      INFO("text: [" << t << "] unlabelled " << unlabelled);
      REQUIRE(std::vector<std::string>(got.begin(), got.end()) == std::vector<std::string>(want.begin(), want.end()));
    }
  }
  CHECK(fused > 10000);  // the fused path was exercised, not just the fallback
  std::vector<std::string_view> out;
  CleanEvalOptions ascii;
  ascii.ascii = true;
  CHECK_FALSE(cleaneval_tokens("a b", ascii, out));
  CHECK(cleaneval_tokens("", {}, out));
  CHECK(out == std::vector<std::string_view>{""});
}

TEST_CASE("fused text-only words and code points equal the two-step forms", "[metrics][tokens]") {
  std::mt19937 rng(7);
  for (int round = 0; round < 20000; ++round) {
    std::string t = random_text(rng, static_cast<int>(rng() % 40));
    std::string norm = text_only_normalize(t);
    std::vector<std::string_view> want = split_words(norm), got;
    text_only_words(t, got);
    INFO("text: [" << t << "]");
    REQUIRE(std::vector<std::string>(got.begin(), got.end()) == std::vector<std::string>(want.begin(), want.end()));
    std::vector<char32_t> cps;
    for (std::string_view w : got) append_non_space_code_points(w, cps);
    REQUIRE(cps == non_space_code_points(norm));
  }
}

TEST_CASE("text-only words stay linear on a flood of '<'", "[metrics][tokens][robust]") {
  std::string t(2'000'000, '<');
  for (std::size_t i = 1; i < t.size(); i += 2) t[i] = 'a';  // "<a<a<a...": tag-like, never closed
  std::vector<std::string_view> words;
  text_only_words(t, words);  // quadratic would take minutes
  REQUIRE(words.size() == 1);
  CHECK(words[0].size() == t.size());
}

TEST_CASE("the non-ASCII White_Space table equals ICU's", "[metrics][tokens]") {
  int spaces = 0;
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    bool icu = u_isUWhiteSpace(static_cast<UChar32>(cp));
    spaces += icu;
    if (icu != is_unicode_space(cp)) FAIL("U+" << std::hex << static_cast<unsigned>(cp));
  }
  CHECK(spaces == 19);
}
