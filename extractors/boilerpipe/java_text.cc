// Java string behaviours used by the Boilerpipe port (see java_text.h).
#include "extractors/boilerpipe/java_text.h"

#include <unicode/uchar.h>

#include "base/utf8.h"

namespace detour::boilerpipe {

bool java_is_whitespace(char32_t c) {
  // Java: SPACE_SEPARATOR, LINE_SEPARATOR or PARAGRAPH_SEPARATOR except the no-break
  // spaces U+00A0, U+2007, U+202F; plus U+0009-U+000D and U+001C-U+001F.
  if (c <= 0x20) return c == 0x20 || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
  if (c < 0x1680) return false;
  switch (c) {
    case 0x1680: case 0x2028: case 0x2029: case 0x205F: case 0x3000:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A && c != 0x2007;
  }
}

bool java_is_letter_or_digit(char32_t c) {
  if (c < 0x80) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
  switch (u_charType(static_cast<UChar32>(c))) {
    case U_UPPERCASE_LETTER: case U_LOWERCASE_LETTER: case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER: case U_OTHER_LETTER: case U_DECIMAL_DIGIT_NUMBER:
      return true;
    default:
      return false;
  }
}

namespace {

// Calls f(c) for each code point of UTF-8 `s`: ASCII bytes as they are, the rest
// decoded strictly, a bad sequence (its maximal subpart) giving U+FFFD, as Java's
// decoder of the page text does.
template <class F>
void for_each_code_point(std::string_view s, F f) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  while (i < n) {
    if (p[i] < 0x80) {
      f(static_cast<UChar32>(p[i++]));
      continue;
    }
    const utf8::Step st = utf8::decode(s, static_cast<std::size_t>(i));
    i += static_cast<int32_t>(st.len);
    f(static_cast<UChar32>(st.ok ? st.cp : 0xFFFD));
  }
}

}  // namespace

void decode_utf8(std::string_view s, std::u32string& out) {
  out.clear();
  out.reserve(s.size());
  for_each_code_point(s, [&](UChar32 c) { out.push_back(static_cast<char32_t>(c)); });
}

std::string_view java_trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= 0x20) --e;
  return s.substr(b, e - b);
}

std::size_t utf16_length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) n += 1;  // a lead byte or ASCII starts a code point
    if (c >= 0xF0) n += 1;           // a 4-byte sequence is a surrogate pair
  }
  return n;
}

void java_to_lower(std::string_view s, std::string& out) {
  out.clear();
  out.reserve(s.size());
  for_each_code_point(s, [&](UChar32 c) {
    if (c < 0x80)  // ASCII lower-cased in place of Java's toLowerCase
      out.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c));
    else
      utf8::append(out, static_cast<char32_t>(u_tolower(c)));
  });
}

void java_to_lower_for_matching(std::string_view s, std::string& out) {
  out.clear();
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  auto cont = [&](int32_t k) { return k < n && (p[k] & 0xC0) == 0x80; };
  int32_t i = 0;
  while (i < n) {
    const uint8_t b = p[i];
    if (b < 0x80) {
      out.push_back(b >= 'A' && b <= 'Z' ? static_cast<char>(b + 32) : static_cast<char>(b));
      ++i;
      continue;
    }
    // Well-formed 2- and 3-byte sequences of chars other than the kept ones (below)
    // become 0xFF without decoding: what the general step gives them.
    if (b >= 0xC2 && b <= 0xDF && cont(i + 1)) {
      const uint8_t b1 = p[i + 1];
      if (!((b == 0xC2 && b1 == 0xA9) || (b == 0xC3 && (b1 == 0x84 || b1 == 0xA4)) || (b == 0xC4 && b1 == 0xB0))) {
        out.push_back('\xFF');
        i += 2;
        continue;
      }
    } else if (((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF) && cont(i + 1) && cont(i + 2)) {
      if (!(b == 0xE2 && p[i + 1] == 0x84 && p[i + 2] == 0xAA)) {
        out.push_back('\xFF');
        i += 3;
        continue;
      }
    }
    const utf8::Step st = utf8::decode(s, static_cast<std::size_t>(i));
    i += static_cast<int32_t>(st.len);
    const UChar32 c = static_cast<UChar32>(st.ok ? st.cp : 0xFFFD);
    switch (c) {
      case 0x00A9: case 0x00C4: case 0x00E4: case 0x0130: case 0x212A:  // kLowerKeptChars
        utf8::append(out, static_cast<char32_t>(u_tolower(c)));
        break;
      default:
        out.push_back('\xFF');
        break;
    }
  }
}

std::string java_to_lower(std::string_view s) {
  std::string out;
  java_to_lower(s, out);
  return out;
}

}  // namespace detour::boilerpipe
