// json_text: see json_text.h.
#include "reports/html/json_text.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "base/utf8.h"

namespace detour::reports::html {

namespace {

// The bytes of w (little-endian: the first byte lowest) that need more than a copy in
// a JSON string -- a control character (< 0x20), '"', '\\' or a byte of a multi-byte
// sequence (>= 0x80) -- as their high bits. The tricks of "has a zero byte" and "has a
// byte less than n" may flag a byte above a flagged one wrongly, never below: the
// lowest flag is the first byte to look at, and no flag means eight plain bytes.
inline std::uint64_t special_bytes(std::uint64_t w) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  auto zero_bytes = [](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  const std::uint64_t below_space = (w - 0x20 * kOnes) & ~w & kHigh;
  return (w & kHigh) | below_space | zero_bytes(w ^ ('"' * kOnes)) | zero_bytes(w ^ ('\\' * kOnes));
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  // Written through a pointer into `out`, grown ahead of need: eight plain bytes at a
  // time are copied as they are; the rest byte by byte or sequence by sequence.
  std::size_t at = out.size();
  out.resize(at + s.size() + s.size() / 8 + 16);
  char* o = out.data() + at;
  char* o_end = out.data() + out.size();
  auto room = [&](std::size_t need) {
    if (static_cast<std::size_t>(o_end - o) >= need) return;
    const std::size_t used = static_cast<std::size_t>(o - out.data());
    out.resize(out.size() + std::max(need, out.size() / 2));
    o = out.data() + used;
    o_end = out.data() + out.size();
  };
  *o++ = '"';
  const char* const base = s.data();
  const char* p = base;
  const char* const end = base + s.size();
  while (p < end) {
    if (end - p >= 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      const std::uint64_t special = special_bytes(w);
      room(8);
      if (special == 0) {
        std::memcpy(o, p, 8);
        o += 8;
        p += 8;
        continue;
      }
      const auto plain = static_cast<std::size_t>(std::countr_zero(special) >> 3);  // bytes before the first
      std::memcpy(o, p, plain);
      o += plain;
      p += plain;
    }
    room(8);  // the longest thing written below: six bytes
    const auto c = static_cast<unsigned char>(*p);
    if (c < 0x80) {
      switch (c) {
        case '"': *o++ = '\\'; *o++ = '"'; break;
        case '\\': *o++ = '\\'; *o++ = '\\'; break;
        case '\n': *o++ = '\\'; *o++ = 'n'; break;
        case '\t': *o++ = '\\'; *o++ = 't'; break;
        case '\r': *o++ = '\\'; *o++ = 'r'; break;
        default:
          if (c < 0x20) {
            std::memcpy(o, "\\u00", 4);
            o[4] = kHex[c >> 4];
            o[5] = kHex[c & 15];
            o += 6;
          } else {
            *o++ = static_cast<char>(c);
          }
      }
      ++p;
      continue;
    }
    const utf8::Step st = utf8::decode(s, static_cast<std::size_t>(p - base));
    if (!st.ok) {
      std::memcpy(o, "\xef\xbf\xbd", 3);  // U+FFFD
      o += 3;
    } else if (st.cp == 0x2028 || st.cp == 0x2029) {
      std::memcpy(o, st.cp == 0x2028 ? "\\u2028" : "\\u2029", 6);
      o += 6;
    } else {
      std::memcpy(o, p, st.len);
      o += st.len;
    }
    p += st.len;
  }
  room(1);
  *o++ = '"';
  out.resize(static_cast<std::size_t>(o - out.data()));
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

void append_binary_string(std::string& out, std::string_view bytes) {
  out.reserve(out.size() + bytes.size() + bytes.size() / 32 + 2);
  out += '"';
  std::size_t from = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const char c = bytes[i];
    if (c != '"' && c != '\\' && c != '\n' && c != '\r') continue;
    out.append(bytes.data() + from, i - from);
    out += '\\';
    out += c == '\n' ? 'n' : c == '\r' ? 'r' : c;
    from = i + 1;
  }
  out.append(bytes.data() + from, bytes.size() - from);
  out += '"';
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
