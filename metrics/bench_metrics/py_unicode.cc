#include "metrics/bench_metrics/py_unicode.h"

#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include <array>
#include <stdexcept>

#include "base/utf8.h"

namespace detour::bench_metrics {

namespace {

// Python's surrogateescape: an undecodable byte b (always >= 0x80) becomes U+DC00 + b,
// that is U+DC80..U+DCFF.
constexpr char32_t kEscapeBase = 0xDC00;

// Decodes one code point at s[i] (strict UTF-8: no overlong forms, no surrogates,
// nothing above U+10FFFF); returns its length, or 0 for an invalid sequence.
inline std::size_t decode_one(std::string_view s, std::size_t i, char32_t& cp) {
  const utf8::Step st = utf8::decode(s, i);
  cp = st.cp;
  return st.ok ? st.len : 0;
}

}  // namespace

std::size_t next_code_point(std::string_view utf8, std::size_t i, char32_t& cp) {
  const std::size_t len = decode_one(utf8, i, cp);
  if (len != 0) return len;
  cp = kEscapeBase + static_cast<unsigned char>(utf8[i]);
  return 1;
}

DecodedText decode_utf8(std::string_view utf8) {
  DecodedText d;
  d.cps.reserve(utf8.size());
  d.offsets.reserve(utf8.size() + 1);
  std::size_t i = 0;
  while (i < utf8.size()) {
    char32_t cp;
    std::size_t len = decode_one(utf8, i, cp);
    d.offsets.push_back(static_cast<std::uint32_t>(i));
    if (len == 0) {
      d.cps.push_back(kEscapeBase + static_cast<unsigned char>(utf8[i]));
      ++i;
    } else {
      d.cps.push_back(cp);
      i += len;
    }
  }
  d.offsets.push_back(static_cast<std::uint32_t>(utf8.size()));
  return d;
}

void append_code_points(std::string_view utf8, std::u32string& out) {
  std::size_t i = 0;
  while (i < utf8.size()) {
    char32_t cp;
    std::size_t len = decode_one(utf8, i, cp);
    if (len == 0) {
      out.push_back(kEscapeBase + static_cast<unsigned char>(utf8[i]));
      ++i;
    } else {
      out.push_back(cp);
      i += len;
    }
  }
}

void append_utf8(char32_t cp, std::string& out) {
  if (cp >= 0xDC80 && cp <= 0xDCFF)
    out.push_back(static_cast<char>(cp - kEscapeBase));  // an escaped byte
  else
    utf8::append(out, cp);
}

std::string encode_utf8(std::u32string_view cps) {
  std::string out;
  out.reserve(cps.size());
  for (char32_t cp : cps) append_utf8(cp, out);
  return out;
}

namespace {

bool is_escape(char32_t cp) { return cp >= 0xDC80 && cp <= 0xDCFF; }

}  // namespace

bool py_isspace(char32_t cp) {
  if (cp < 0x80) return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20);
  // Outside ASCII the set is short and stable (bidi WS/B/S or Zs); the test
  // "py_isspace agrees with ICU's classes on every code point" holds it to ICU.
  switch (cp) {
    case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000:
      return true;
    default:
      return cp >= 0x2000 && cp <= 0x200A;
  }
}

bool py_isspace_icu(char32_t cp) {
  if (cp < 0x80) return py_isspace(cp);
  if (is_escape(cp)) return false;
  const auto c = static_cast<UChar32>(cp);
  const auto dir = u_charDirection(c);
  return dir == U_WHITE_SPACE_NEUTRAL || dir == U_BLOCK_SEPARATOR || dir == U_SEGMENT_SEPARATOR ||
         u_charType(c) == U_SPACE_SEPARATOR;
}

bool py_isword(char32_t cp) {
  if (cp < 0x80) {
    return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') || cp == '_';
  }
  if (is_escape(cp)) return false;
  const auto c = static_cast<UChar32>(cp);
  if (u_isalpha(c)) return true;  // general category L*
  return u_getIntPropertyValue(c, UCHAR_NUMERIC_TYPE) != U_NT_NONE;
}

bool py_isdecimal(char32_t cp) {
  if (cp < 0x80) return cp >= '0' && cp <= '9';
  if (is_escape(cp)) return false;
  return u_charType(static_cast<UChar32>(cp)) == U_DECIMAL_DIGIT_NUMBER;
}

bool py_isupper(char32_t cp) {
  if (cp < 0x80) return cp >= 'A' && cp <= 'Z';
  if (is_escape(cp)) return false;
  return u_isUUppercase(static_cast<UChar32>(cp));
}

bool py_islower(char32_t cp) {
  if (cp < 0x80) return cp >= 'a' && cp <= 'z';
  if (is_escape(cp)) return false;
  return u_isULowercase(static_cast<UChar32>(cp));
}

std::u32string py_lower(std::u32string_view text) {
  bool ascii = true;
  for (char32_t cp : text) {
    if (cp >= 0x80) {
      ascii = false;
      break;
    }
  }
  std::u32string out;
  if (ascii) {
    out.assign(text);
    for (char32_t& cp : out) {
      if (cp >= 'A' && cp <= 'Z') cp += 'a' - 'A';
    }
    return out;
  }
  // ICU works on UTF-16; surrogate escapes pass through as lone surrogates, which
  // case mapping leaves alone.
  std::u16string src;
  src.reserve(text.size() + 8);
  for (char32_t cp : text) {
    if (cp < 0x10000) {
      src.push_back(static_cast<char16_t>(cp));
    } else {
      src.push_back(static_cast<char16_t>(U16_LEAD(cp)));
      src.push_back(static_cast<char16_t>(U16_TRAIL(cp)));
    }
  }
  std::u16string dst(src.size() + 16, u'\0');
  UErrorCode err = U_ZERO_ERROR;
  int32_t n = u_strToLower(dst.data(), static_cast<int32_t>(dst.size()), src.data(),
                           static_cast<int32_t>(src.size()), "", &err);
  if (err == U_BUFFER_OVERFLOW_ERROR) {
    dst.assign(static_cast<std::size_t>(n), u'\0');
    err = U_ZERO_ERROR;
    n = u_strToLower(dst.data(), static_cast<int32_t>(dst.size()), src.data(),
                     static_cast<int32_t>(src.size()), "", &err);
  }
  if (U_FAILURE(err)) throw std::runtime_error(std::string("py_lower: ICU u_strToLower failed: ") + u_errorName(err));
  out.reserve(static_cast<std::size_t>(n));
  for (int32_t i = 0; i < n;) {
    char16_t u = dst[static_cast<std::size_t>(i++)];
    if (U16_IS_LEAD(u) && i < n && U16_IS_TRAIL(dst[static_cast<std::size_t>(i)])) {
      out.push_back(static_cast<char32_t>(U16_GET_SUPPLEMENTARY(u, dst[static_cast<std::size_t>(i)])));
      ++i;
    } else {
      out.push_back(u);
    }
  }
  return out;
}

}  // namespace detour::bench_metrics
