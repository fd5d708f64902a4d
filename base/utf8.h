// utf8: the one UTF-8 decoder and encoder of detour.
//
// The tools detour ports read text in different ways, and their outputs depend on it;
// they differ in two things only, which the callers choose:
//  - what is malformed (Check): Strict accepts exactly the well-formed sequences of
//    the Unicode Standard (ch. 3, Table 3-7: no overlong forms, no surrogates, nothing
//    above U+10FFFF), as Java, ICU, Python 3 and the WHATWG decoder do; Structure
//    accepts any lead byte C0-F7 followed by enough continuation bytes, whatever value
//    they make, which is how the jusText, readability and eatiht ports have always read
//    their (already decoded, so normally well-formed) text;
//  - what a malformed sequence becomes (the caller's business: U+FFFD, the byte itself,
//    an escape code point), and whether it consumes one byte or the maximal subpart.
// Step::len of a malformed sequence is, under Strict, the length of its maximal
// subpart (Unicode ch. 3, "U+FFFD Substitution of Maximal Subparts": what ICU's
// U8_NEXT_OR_FFFD and the WHATWG decoder consume for one U+FFFD); under Structure, 1.
// A caller that escapes byte by byte (Python's surrogateescape) advances by 1.
//
// Header-only and branch-light: the decoders of the extractors' hot loops call it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace detour::utf8 {

enum class Check : std::uint8_t { Strict, Structure };

struct Step {
  char32_t cp;        // the code point; for a malformed sequence, the byte at i
  std::uint32_t len;  // bytes taken (see above for a malformed sequence)
  bool ok;            // a well-formed sequence (under the Check asked for)
};

// Decodes the sequence starting at s[i] (i < s.size()).
template <Check check = Check::Strict>
inline Step decode(std::string_view s, std::size_t i) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  const unsigned char b0 = p[i];
  if (b0 < 0x80) return {b0, 1, true};
  std::uint32_t len;
  char32_t cp;
  // The admissible range of the second byte (Strict): Table 3-7.
  unsigned char lo = 0x80, hi = 0xBF;
  if constexpr (check == Check::Strict) {
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      len = 2;
      cp = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      len = 3;
      cp = b0 & 0x0F;
      if (b0 == 0xE0) lo = 0xA0;
      if (b0 == 0xED) hi = 0x9F;  // no surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      len = 4;
      cp = b0 & 0x07;
      if (b0 == 0xF0) lo = 0x90;
      if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
    } else {
      return {b0, 1, false};
    }
    std::uint32_t k = 1;
    for (; k < len && i + k < n; ++k) {
      const unsigned char b = p[i + k];
      if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) break;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (k < len) return {b0, k, false};
    return {cp, len, true};
  } else {
    if (b0 >= 0xC0 && b0 <= 0xDF) {
      len = 2;
      cp = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      len = 3;
      cp = b0 & 0x0F;
    } else if (b0 >= 0xF0 && b0 <= 0xF7) {
      len = 4;
      cp = b0 & 0x07;
    } else {
      return {b0, 1, false};
    }
    if (i + len > n) return {b0, 1, false};
    for (std::uint32_t k = 1; k < len; ++k) {
      const unsigned char b = p[i + k];
      if ((b & 0xC0) != 0x80) return {b0, 1, false};
      cp = (cp << 6) | (b & 0x3F);
    }
    return {cp, len, true};
  }
}

// Appends the UTF-8 form of `cp` (1 to 4 bytes; a value above U+FFFF takes 4; the
// caller passes a code point, surrogates are written as they are).
inline void append(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace detour::utf8
