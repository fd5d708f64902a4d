// json_text: see json_text.h.
#include "reports/html/json_text.h"

#include "base/utf8.h"

namespace detour::reports::html {

void append_json_string(std::string& out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  out.reserve(out.size() + s.size() + 2);
  out += '"';
  std::size_t i = 0;
  while (i < s.size()) {
    // Runs of plain ASCII go in one append.
    std::size_t j = i;
    while (j < s.size()) {
      const auto c = static_cast<unsigned char>(s[j]);
      if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) break;
      ++j;
    }
    out.append(s.data() + i, j - i);
    i = j;
    if (i >= s.size()) break;
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
      }
      ++i;
      continue;
    }
    const utf8::Step st = utf8::decode(s, i);
    if (!st.ok) {
      out += "\xef\xbf\xbd";  // U+FFFD
    } else if (st.cp == 0x2028 || st.cp == 0x2029) {
      out += st.cp == 0x2028 ? "\\u2028" : "\\u2029";
    } else {
      out.append(s.data() + i, st.len);
    }
    i += st.len;
  }
  out += '"';
}

void append_json_code_point(std::string& out, char32_t cp) {
  static const char kHex[] = "0123456789abcdef";
  if (cp < 0x80) {
    const auto c = static_cast<char>(cp);
    switch (c) {
      case '"': out += "\\\""; return;
      case '\\': out += "\\\\"; return;
      case '\n': out += "\\n"; return;
      case '\t': out += "\\t"; return;
      case '\r': out += "\\r"; return;
      default:
        if (cp < 0x20) {
          out += "\\u00";
          out += kHex[cp >> 4];
          out += kHex[cp & 15];
        } else {
          out += c;
        }
        return;
    }
  }
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp == 0x2028 || cp == 0x2029) {
    out += cp == 0x2028 ? "\\u2028" : "\\u2029";
    return;
  }
  utf8::append(out, cp);
}

int index_width(std::size_t size) {
  int w = 1;
  std::size_t cap = 64;
  while (size > cap) {
    cap *= 64;
    ++w;
  }
  return w;
}

void append_index(std::string& out, std::uint32_t value, int width) {
  char buf[8];
  out.append(buf, put_index(buf, value, width));
}

}  // namespace detour::reports::html
