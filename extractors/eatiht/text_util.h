// text_util: small UTF-8 helpers shared by the eatiht extractors (code point decoding
// and the whitespace classes of the originals' regex engines and parsers).
#pragma once

#include <cstdint>
#include <string_view>

namespace detour::eatiht::util {

// Decodes the code point at s[i] and sets `len` to its byte length (invalid bytes
// decode as U+FFFD, length 1).
inline char32_t decode(std::string_view s, std::size_t i, std::size_t& len) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) { len = 1; return c; }
  int n = c >= 0xF8 ? -1 : c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
  if (n < 0 || i + static_cast<std::size_t>(n) >= s.size()) { len = 1; return 0xFFFD; }
  char32_t cp = c & (0x3F >> n);
  for (int k = 1; k <= n; ++k) {
    unsigned char b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) { len = 1; return 0xFFFD; }
    cp = (cp << 6) | (b & 0x3F);
  }
  len = static_cast<std::size_t>(n) + 1;
  return cp;
}

// Python 3 `\s` for str patterns (str.isspace()).
inline bool is_python_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
         c == 0x202F || c == 0x205F || c == 0x3000;
}

// XPath 1.0 whitespace (normalize-space): space, tab, CR, LF.
inline bool is_xpath_space(char32_t c) { return c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A; }

// jsoup's StringUtil.isActuallyWhitespace: space, tab, LF, FF, CR, NBSP.
inline bool is_jsoup_space(char32_t c) {
  return c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0xA0;
}

}  // namespace detour::eatiht::util
