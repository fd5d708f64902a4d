// base/utf8.h against ICU (Strict: U8_NEXT_OR_FFFD, the maximal-subpart rule) and
// against a plain structural reference (Structure), on every sequence of up to three
// bytes from a set covering each boundary of Table 3-7, and on random byte strings.
#include <catch2/catch.hpp>

#include <unicode/utf8.h>

#include <random>
#include <string>
#include <vector>

#include "base/utf8.h"

namespace {

using detour::utf8::Check;
using detour::utf8::Step;

// The bytes where UTF-8's rules change.
const std::vector<unsigned char> kEdges = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                                           0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1,
                                           0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFE, 0xFF};

// Decodes all of s with ICU, one (code point or U+FFFD, length) per step.
std::vector<std::pair<char32_t, std::size_t>> icu_steps(const std::string& s) {
  std::vector<std::pair<char32_t, std::size_t>> out;
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  while (i < n) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT_OR_FFFD(p, i, n, c);
    out.emplace_back(static_cast<char32_t>(c), static_cast<std::size_t>(i - start));
  }
  return out;
}

std::vector<std::pair<char32_t, std::size_t>> our_strict_steps(const std::string& s) {
  std::vector<std::pair<char32_t, std::size_t>> out;
  for (std::size_t i = 0; i < s.size();) {
    const Step st = detour::utf8::decode(s, i);
    out.emplace_back(st.ok ? st.cp : 0xFFFD, st.len);
    i += st.len;
  }
  return out;
}

// Structure: a lead byte C0-F7 and enough continuation bytes, value unchecked; else
// one byte.
Step structure_reference(const std::string& s, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) return {b0, 1, true};
  int len = b0 >= 0xF8 ? 0 : b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 0;
  if (len == 0 || i + len > s.size()) return {b0, 1, false};
  char32_t cp = b0 & (0x7F >> len);
  for (int k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) return {b0, 1, false};
    cp = (cp << 6) | (b & 0x3F);
  }
  return {cp, static_cast<std::uint32_t>(len), true};
}

void check_structure(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const Step a = detour::utf8::decode<Check::Structure>(s, i);
    const Step b = structure_reference(s, i);
    REQUIRE(a.ok == b.ok);
    REQUIRE(a.len == b.len);
    REQUIRE(a.cp == b.cp);
  }
}

}  // namespace

TEST_CASE("utf8: strict decoding equals ICU's U8_NEXT_OR_FFFD on every edge sequence", "[utf8]") {
  std::size_t cases = 0;
  for (unsigned char a : kEdges)
    for (unsigned char b : kEdges)
      for (unsigned char c : kEdges)
        for (int len = 1; len <= 3; ++len) {
          std::string s;
          s.push_back(static_cast<char>(a));
          if (len > 1) s.push_back(static_cast<char>(b));
          if (len > 2) s.push_back(static_cast<char>(c));
          REQUIRE(our_strict_steps(s) == icu_steps(s));
          check_structure(s);
          ++cases;
        }
  CHECK(cases == kEdges.size() * kEdges.size() * kEdges.size() * 3);
}

TEST_CASE("utf8: strict and structural decoding on random bytes and four-byte sequences", "[utf8]") {
  std::mt19937 rng(20261125);
  std::uniform_int_distribution<int> pick(0, static_cast<int>(kEdges.size()) - 1), any(0, 255), len(1, 12);
  for (int t = 0; t < 20000; ++t) {
    std::string s;
    const int n = len(rng);
    for (int k = 0; k < n; ++k)
      s.push_back(static_cast<char>(t % 2 ? kEdges[pick(rng)] : any(rng)));
    REQUIRE(our_strict_steps(s) == icu_steps(s));
    check_structure(s);
  }
}

TEST_CASE("utf8: append writes the UTF-8 form that decoding reads back", "[utf8]") {
  for (char32_t cp : {0x0U, 0x41U, 0x7FU, 0x80U, 0x7FFU, 0x800U, 0xFFFDU, 0xFFFFU, 0x10000U, 0x10FFFFU}) {
    std::string s;
    detour::utf8::append(s, cp);
    const Step st = detour::utf8::decode(s, 0);
    CHECK(st.ok);
    CHECK(st.cp == cp);
    CHECK(st.len == s.size());
  }
  std::string s;
  detour::utf8::append(s, 0xE9);
  CHECK(s == "\xC3\xA9");
}
