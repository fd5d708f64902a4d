// text_util: small UTF-8 helpers shared by the eatiht extractors (code point decoding
// and the whitespace classes of the originals' regex engines and parsers).
#pragma once

#include <cstdint>
#include <string_view>

#include "base/utf8.h"

namespace detour::eatiht::util {

// Decodes the code point at s[i] and sets `len` to its byte length (invalid bytes
// decode as U+FFFD, length 1).
inline char32_t decode(std::string_view s, std::size_t i, std::size_t& len) {
  const utf8::Step st = utf8::decode<utf8::Check::Structure>(s, i);
  len = st.len;
  return st.ok ? st.cp : 0xFFFD;
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
