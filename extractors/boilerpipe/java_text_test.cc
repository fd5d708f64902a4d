// Tests of java_to_lower_for_matching (the cheap lower-casing TerminatingBlocksFinder
// searches in) against java_to_lower: the set of chars it keeps is checked over every
// code point, and pattern searches are compared on random text; the shortcuts for
// well-formed sequences are checked byte for byte against the general step.
#include <catch2/catch.hpp>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "base/utf8.h"
#include "extractors/boilerpipe/java_text.h"

using namespace detour::boilerpipe;

TEST_CASE("boilerpipe lower-casing for matching keeps exactly the chars that can match",
          "[boilerpipe][java_text]") {
  std::vector<char32_t> kept;
  for (char32_t c = 0x80; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const UChar32 l = u_tolower(static_cast<UChar32>(c));
    if (l < 0x80 || l == 0xE4 || l == 0xA9) kept.push_back(c);
  }
  REQUIRE(kept == std::vector<char32_t>(std::begin(kLowerKeptChars), std::end(kLowerKeptChars)));
}

TEST_CASE("boilerpipe lower-casing for matching finds what java_to_lower finds", "[boilerpipe][java_text]") {
  const std::vector<std::string> alphabet = {
      "a", "C", "O", "M", "e", "n", "t", "s", " ", "1", ".", "\xC3\x84", "\xC3\xA4", "\xC2\xA9", "\xC4\xB0",
      "\xE2\x84\xAA", "\xD0\x94", "\xCE\xA3", "\xE4\xB8\xAD", "\xFF", "\xC3", "r", "T", "A"};
  const std::vector<std::string_view> patterns = {
      "comments", "comment", "1 comments", "\xC2\xA9 r", "r\xC3\xA4tta", "\xC3\xA4", "ik", "a c", "t",
      "\xC3\xA4t", "co", "ts"};
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> len(0, 16);
  std::string fast;
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const int n = len(rng);
    for (int k = 0; k < n; ++k) s += alphabet[pick(rng)];
    const std::string slow = java_to_lower(s);
    java_to_lower_for_matching(s, fast);
    for (std::string_view p : patterns) {
      INFO("text bytes: " << s << " pattern: " << p);
      REQUIRE((slow.find(p) != std::string::npos) == (fast.find(p) != std::string::npos));
      REQUIRE((slow.rfind(p, 0) == 0) == (fast.rfind(p, 0) == 0));
      REQUIRE((slow == p) == (fast == p));
    }
  }
}

TEST_CASE("boilerpipe lower-casing for matching: the shortcuts give the bytes of the general step",
          "[boilerpipe][java_text]") {
  // The general step alone: ASCII lower-cased, every other code point (decoded as
  // decode_utf8 does) kept (lower-cased) or turned into 0xFF.
  auto reference = [](std::string_view s) {
    std::u32string cps;
    decode_utf8(s, cps);
    std::string out;
    for (char32_t c : cps) {
      if (c < 0x80)
        out.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c));
      else if (std::find(std::begin(kLowerKeptChars), std::end(kLowerKeptChars), c) != std::end(kLowerKeptChars))
        detour::utf8::append(out, static_cast<char32_t>(u_tolower(static_cast<UChar32>(c))));
      else
        out.push_back('\xFF');
    }
    return out;
  };
  // Bytes around the shortcut boundaries: leads C0-C2, DF, E0-E2, EC-EF, F0, F4, FF,
  // continuation bytes 80, 84, 9F, A0, A9, AA, B0, BF, and ASCII.
  const unsigned char bytes[] = {0x41, 0x61, 0x20, 0x80, 0x84, 0x9F, 0xA0, 0xA4, 0xA9, 0xAA, 0xB0, 0xBF, 0xC0,
                                 0xC1, 0xC2, 0xC3, 0xC4, 0xDF, 0xE0, 0xE1, 0xE2, 0xEC, 0xED, 0xEE, 0xEF, 0xF0,
                                 0xF4, 0xFF};
  std::mt19937 rng(11);
  std::uniform_int_distribution<std::size_t> pick(0, std::size(bytes) - 1);
  std::uniform_int_distribution<int> len(0, 12);
  std::string fast;
  for (int round = 0; round < 200000; ++round) {
    std::string s;
    const int n = len(rng);
    for (int k = 0; k < n; ++k) s.push_back(static_cast<char>(bytes[pick(rng)]));
    java_to_lower_for_matching(s, fast);
    REQUIRE(fast == reference(s));
  }
  // And every well-formed 2- and 3-byte sequence once.
  for (char32_t c = 0x80; c < 0x10000; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    std::string s;
    detour::utf8::append(s, c);
    java_to_lower_for_matching(s, fast);
    REQUIRE(fast == reference(s));
  }
}
