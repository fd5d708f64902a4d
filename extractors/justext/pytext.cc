// pytext: Python 3 str semantics over UTF-8 (see pytext.h).
#include "extractors/justext/pytext.h"

#include <unicode/ustring.h>

#include "base/utf8.h"

namespace detour::justext::py {

char32_t next_code_point(std::string_view s, std::size_t& i) {
  const utf8::Step st = utf8::decode<utf8::Check::Structure>(s, i);
  i += st.len;
  return st.cp;  // a malformed byte stands for itself
}

std::size_t length(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size();) {
    next_code_point(s, i);
    ++n;
  }
  return n;
}

bool is_blank(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    if (!is_space(next_code_point(s, i))) return false;
  }
  return true;
}

void normalize_whitespace(std::string_view s, std::string& out) {
  std::size_t i = 0;
  while (i < s.size()) {
    // A run of other code points, copied whole (printable ASCII is never a space).
    std::size_t end = i;
    while (end < s.size()) {
      const unsigned char b = static_cast<unsigned char>(s[end]);
      if (b > 0x20 && b < 0x7F) {
        ++end;
        continue;
      }
      std::size_t j = end;
      if (is_space(next_code_point(s, j))) break;
      end = j;
    }
    if (end > i) {
      out.append(s.substr(i, end - i));
      i = end;
      continue;
    }
    const char32_t c = next_code_point(s, i);
    bool newline = c == '\n' || c == '\r';
    while (i < s.size()) {
      std::size_t j = i;
      const char32_t d = next_code_point(s, j);
      if (!is_space(d)) break;
      newline = newline || d == '\n' || d == '\r';
      i = j;
    }
    out.push_back(newline ? '\n' : ' ');
  }
}

std::string normalize_whitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  normalize_whitespace(s, out);
  return out;
}

std::string_view strip(std::string_view s) {
  std::size_t begin = 0;
  while (begin < s.size()) {
    std::size_t j = begin;
    if (!is_space(next_code_point(s, j))) break;
    begin = j;
  }
  // Scan forward remembering the end of the last non-space code point.
  std::size_t end = begin;
  for (std::size_t i = begin; i < s.size();) {
    const char32_t c = next_code_point(s, i);
    if (!is_space(c)) end = i;
  }
  return s.substr(begin, end - begin);
}

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> words;
  std::size_t i = 0, word_start = std::string_view::npos;
  while (i < s.size()) {
    const std::size_t at = i;
    const char32_t c = next_code_point(s, i);
    if (is_space(c)) {
      if (word_start != std::string_view::npos) {
        words.push_back(s.substr(word_start, at - word_start));
        word_start = std::string_view::npos;
      }
    } else if (word_start == std::string_view::npos) {
      word_start = at;
    }
  }
  if (word_start != std::string_view::npos) words.push_back(s.substr(word_start));
  return words;
}

void lower(std::string_view s, std::string& out) {
  out.clear();
  bool ascii = true;
  for (char ch : s) {
    if (static_cast<unsigned char>(ch) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    out.resize(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
      const char ch = s[i];
      out[i] = (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch + 32) : ch;
    }
    return;
  }
  // UTF-8 -> UTF-16 (invalid bytes become U+FFFD), lower-case, back to UTF-8.
  UErrorCode err = U_ZERO_ERROR;
  int32_t len16 = 0;
  std::u16string in16(s.size() + 1, u'\0');
  u_strFromUTF8WithSub(in16.data(), static_cast<int32_t>(in16.size()), &len16, s.data(),
                       static_cast<int32_t>(s.size()), 0xFFFD, nullptr, &err);
  if (U_FAILURE(err)) {
    out.assign(s);
    return;
  }
  std::u16string low16(static_cast<std::size_t>(len16) * 3 + 4, u'\0');
  err = U_ZERO_ERROR;
  const int32_t lowlen = u_strToLower(low16.data(), static_cast<int32_t>(low16.size()),
                                      in16.data(), len16, "", &err);
  if (U_FAILURE(err)) {
    out.assign(s);
    return;
  }
  out.resize(static_cast<std::size_t>(lowlen) * 3 + 4);
  int32_t len8 = 0;
  err = U_ZERO_ERROR;
  u_strToUTF8(out.data(), static_cast<int32_t>(out.size()), &len8, low16.data(), lowlen, &err);
  if (U_FAILURE(err)) {
    out.assign(s);
    return;
  }
  out.resize(static_cast<std::size_t>(len8));
}

std::string lower(std::string_view s) {
  std::string out;
  lower(s, out);
  return out;
}

}  // namespace detour::justext::py
