// Differential tests of the Boilerpipe tokenizer's fast path (classify_tokens, one pass
// over UTF-8) against its reference form (classify_tokens_reference: decode, regex
// passes as string rewrites, split), on random strings over the characters that
// matter to the rules: word chars of every class, '_', glue punctuation, spaces,
// control chars, non-spacing marks, U+2063, the anchor markers, astral chars and
// invalid UTF-8.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "base/utf8.h"
#include "extractors/boilerpipe/java_text.h"
#include "extractors/boilerpipe/tokenizer.h"

using namespace detour::boilerpipe;

namespace {

std::string show(const std::vector<TokenInfo>& v) {
  std::string s;
  for (const auto& t : v) {
    s.push_back('(');
    s.append(std::to_string(t.kind)).push_back(',');
    s.append(std::to_string(t.utf16_length)).push_back(')');
  }
  return s;
}

void check_same(const std::string& text) {
  std::vector<TokenInfo> fast, ref;
  std::u32string scratch;
  classify_tokens(text, fast, scratch);
  classify_tokens_reference(text, ref, scratch);
  INFO("text bytes: " << text);
  REQUIRE(show(fast) == show(ref));
}


}  // namespace

TEST_CASE("boilerpipe fast tokenizer equals the reference on fixed cases", "[boilerpipe][tokenizer]") {
  for (const char* s : {"", " ", "  a  ", "U.S. e-mail 3,5% (x)", "hello_world foo--bar",
                        "\xE2\x80\x9Cquoted\xE2\x80\x9D it's", " $\xEE\x80\x8A< link text >\xEE\x80\x8A$ after",
                        "a\xCC\x81" "b c\xCC\x88 \xC2\xBD x", "\xCC\x81" "a", "_\xCC\x81", "x\x01 y \x02",
                        "a\xE2\x81\xA3\xE2\x81\xA3" "b", "\xE4\xB8\xAD\xE6\x96\x87 abc", "\xF0\x9D\x90\x80 \xE2\x85\xA0",
                        "\xFF\xFE a \xE2\x82", "a\xC3", "$\xEE\x80\x8A<", ">\xEE\x80\x8A$x"}) {
    check_same(s);
  }
}

TEST_CASE("boilerpipe fast tokenizer equals the reference on random text", "[boilerpipe][tokenizer]") {
  const std::vector<std::string> alphabet = {
      "a", "Z", "7", "_", " ", " ", "'", "\"", ".", ",", "!", "@", "-", ":", ";", "$", "?", "(", ")",
      "/", "<", ">", "%", "#", "\x01", "\x1B",
      "\xCC\x81",          // U+0301 combining acute (Mn)
      "\xD0\xB4",          // U+0434 Cyrillic (Ll)
      "\xCE\xA9",          // U+03A9 Greek (Lu)
      "\xE4\xB8\xAD",      // U+4E2D CJK (Lo, fast range)
      "\xE3\x80\x82",      // U+3002 ideographic full stop (Po)
      "\xEA\xB0\x80",      // U+AC00 Hangul (Lo, fast range)
      "\xE9\xBF\xBF",      // U+9FFF (outside the fast range)
      "\xC2\xBD",          // U+00BD (No)
      "\xE2\x85\xA0",      // U+2160 (Nl)
      "\xD9\xA3",          // U+0663 Arabic-Indic digit (Nd)
      "\xC2\xA0",          // NBSP
      "\xE2\x81\xA3",      // U+2063
      "\xEE\x80\x8A",      // U+E00A (anchor marker middle)
      "\xF0\x9D\x90\x80",  // U+1D400 (Lu, astral)
      "\xF0\x9F\x98\x80",  // U+1F600 (So, astral)
      "\xFF", "\xC3", "\xE2\x82", "\x80",  // invalid or truncated UTF-8
  };
  std::mt19937 rng(12345);
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> len(0, 24);
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const int n = len(rng);
    for (int k = 0; k < n; ++k) s += alphabet[pick(rng)];
    check_same(s);
  }
}

TEST_CASE("boilerpipe fast tokenizer equals the reference for every code point", "[boilerpipe][tokenizer]") {
  // Each char between a letter and an underscore, alone, and after a space: exercises
  // the fast path's class of every code point (its ASCII table and fixed ranges
  // included) against the reference's u_charType calls.
  std::vector<TokenInfo> fast, ref;
  std::u32string scratch;
  int mismatches = 0;
  char32_t first_bad = 0;
  std::string ch, text;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    ch.clear();
    detour::utf8::append(ch, c);
    text.clear();
    for (std::string_view piece : {std::string_view("a"), std::string_view(ch), std::string_view("_ "),
                                   std::string_view(ch), std::string_view(" x"), std::string_view(ch),
                                   std::string_view("\xCC\x81")})
      for (char b : piece) text.push_back(b);
    classify_tokens(text, fast, scratch);
    classify_tokens_reference(text, ref, scratch);
    if (show(fast) != show(ref)) {
      if (mismatches++ == 0) first_bad = c;
    }
  }
  INFO("first differing code point: " << static_cast<unsigned long>(first_bad));
  REQUIRE(mismatches == 0);
}

TEST_CASE("boilerpipe token stream fed in pieces equals the reference on the whole", "[boilerpipe][tokenizer]") {
  // The content handler feeds each text, space and anchor marker as it appends it to
  // the token buffer; the stream's tokens must be the reference's for the whole buffer
  // (or the stream must give up, ok() false, and leave it to the reference).
  const std::vector<std::string> pieces = {
      "a", "Zq", "7", "_", " ", " ", "'", ".", "-", "(", ")", "%", "\x01",
      "\xCC\x81", "\xD0\xB4", "\xE4\xB8\xAD", "\xE3\x80\x82", "\xC2\xBD", "\xC2\xA0", "\xE2\x81\xA3",
      "\xF0\x9D\x90\x80", "$\xEE\x80\x8A<", ">\xEE\x80\x8A$", "\xFF", "\xC3", "\xE2\x82", "\xB8\xAD", "\x80",
      "word", "U.S.", "e-mail"};
  std::mt19937 rng(777);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> len(0, 12);
  std::vector<TokenInfo> streamed, ref;
  std::u32string scratch;
  int streamed_ok = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string whole;
    TokenStream stream;
    streamed.clear();
    const int n = len(rng);
    for (int k = 0; k < n; ++k) {
      const std::string& p = pieces[pick(rng)];
      whole += p;
      if (p == " " && (k & 1)) stream.feed_space(streamed);
      else stream.feed(p, streamed);
    }
    if (!stream.ok()) continue;
    ++streamed_ok;
    stream.finish(streamed);
    classify_tokens_reference(whole, ref, scratch);
    INFO("text bytes: " << whole);
    REQUIRE(show(streamed) == show(ref));
  }
  REQUIRE(streamed_ok > 5000);
}
