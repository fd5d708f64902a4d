// py_unicode: the character classes and the lower-casing of Python 3's `str` and
// `re`, on UTF-8 text, so that the scorers of other benchmarks (written in Python)
// can be reproduced character for character.
//
// The originals see a decoded `str`: positions are code points and the classes are
// those of CPython's Unicode database (unicodedata 14.0 in Python 3.11); here ICU
// answers (Unicode 15.0 in ICU 72), which differs only on characters assigned after
// 14.0. The classes:
//   - py_isspace: str.isspace() and re's \s (for str patterns): bidirectional class
//     WS, B or S, or general category Zs. This includes U+001C..U+001F and U+0085,
//     and excludes U+200B and U+FEFF.
//   - py_isword: re's \w: str.isalnum() (general category L*, or a numeric type:
//     decimal, digit or numeric, Unihan numerals included) or '_'. Combining marks
//     (M*) are not word characters.
//   - py_isdecimal: re's \d: general category Nd.
//   - py_isupper / py_islower: str.isupper() / str.islower() of one character: the
//     derived properties Uppercase / Lowercase.
//   - py_lower: str.lower(): full case mapping (U+0130 becomes "i\u0307"), with the
//     Final_Sigma rule, no language tailoring.
// Invalid UTF-8: each byte of an invalid sequence decodes to U+DC80 + byte (as
// Python's surrogateescape); such a code point is in none of the classes and
// lower-cases to itself, and encode_utf8 writes the original byte back.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace detour::bench_metrics {

// Code points of a UTF-8 text and, for each, the byte offset where it starts;
// offsets has one more entry, the text's size.
struct DecodedText {
  std::u32string cps;
  std::vector<std::uint32_t> offsets;
};

DecodedText decode_utf8(std::string_view utf8);
// Decodes the code point starting at byte i of `utf8` into cp and returns its length
// in bytes (1 for a byte of an invalid sequence, decoded as U+DC80 + byte).
std::size_t next_code_point(std::string_view utf8, std::size_t i, char32_t& cp);
// Appends the code points of `utf8` (no offsets).
void append_code_points(std::string_view utf8, std::u32string& out);
// UTF-8 of code points (a surrogate-escaped U+DC80..U+DCFF gives its byte back).
std::string encode_utf8(std::u32string_view cps);
void append_utf8(char32_t cp, std::string& out);

bool py_isspace(char32_t cp);
// The same class computed from ICU's properties (for the test that holds
// py_isspace's fixed list to it).
bool py_isspace_icu(char32_t cp);
bool py_isword(char32_t cp);
bool py_isdecimal(char32_t cp);
bool py_isupper(char32_t cp);
bool py_islower(char32_t cp);

std::u32string py_lower(std::u32string_view text);

}  // namespace detour::bench_metrics
