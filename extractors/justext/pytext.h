// pytext: the few Python 3 str operations jusText 3.0.2 relies on, reproduced exactly
// over UTF-8 so that our port measures lengths, splits words and lower-cases them the
// way the original does.
//
//  - whitespace = Python's str.isspace() (also what `\s` matches in a str regex):
//    U+0009-000D, U+001C-001F, U+0020, U+0085, U+00A0, U+1680, U+2000-200A, U+2028,
//    U+2029, U+202F, U+205F, U+3000 (bidi class WS/B/S or category Zs; U+200B is not);
//  - lengths are in code points;
//  - lower() is the full Unicode lower-case mapping with the Greek final-sigma rule
//    (ICU u_strToLower with the root locale, as Python 3.3+ does).
// Invalid UTF-8 bytes count as one code point each (never happens on parsed pages:
// the parser already replaced them). All functions are pure and thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace detour::justext::py {

// True when Python's str.isspace() is true for this code point.
constexpr bool is_space(char32_t c) {
  if (c <= 0x20) return c == 0x20 || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
  if (c < 0x85) return false;
  return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// Decodes one code point at s[i] and advances i (an invalid byte decodes to itself).
char32_t next_code_point(std::string_view s, std::size_t& i);

// Number of code points (Python len()).
std::size_t length(std::string_view s);

// True when s is empty or all whitespace (jusText's is_blank).
bool is_blank(std::string_view s);

// jusText's normalize_whitespace: every run of whitespace becomes "\n" when it holds a
// "\n" or "\r", else a single " ". Appends to out.
void normalize_whitespace(std::string_view s, std::string& out);
std::string normalize_whitespace(std::string_view s);

// str.strip() with no argument.
std::string_view strip(std::string_view s);

// str.split() with no argument: the non-empty runs between whitespace.
std::vector<std::string_view> split(std::string_view s);

// str.lower(). `out` is overwritten.
void lower(std::string_view s, std::string& out);
std::string lower(std::string_view s);

}  // namespace detour::justext::py
