#include "tasks/utf8.h"

#include <cstdint>
#include <cstring>

#include "base/utf8.h"

namespace detour::tasks {

std::string encode_utf8(std::u32string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char32_t cp : text) utf8::append(out, cp);
  return out;
}

std::size_t decode_utf8_into(std::string_view bytes, std::u32string& buf, std::size_t* invalid) {
  if (buf.size() < bytes.size()) buf.resize(bytes.size());  // at most one code point per byte
  char32_t* out = buf.data();
  std::size_t bad = 0, n = 0;
  const auto* const in = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t size = bytes.size();
  for (std::size_t i = 0; i < size;) {
    const unsigned char b = in[i];
    if (b < 0x80) {  // ASCII: eight bytes at a time, then one by one
      while (i + 8 <= size) {
        std::uint64_t w;
        std::memcpy(&w, in + i, 8);
        if (w & 0x8080808080808080u) break;
        for (int k = 0; k < 8; ++k) out[n + k] = in[i + k];
        n += 8;
        i += 8;
      }
      while (i < size && in[i] < 0x80) out[n++] = in[i++];
      continue;
    }
    // Well-formed two- and three-byte sequences (no E0 or ED lead: their second byte
    // has a narrower range) directly; anything else step by step.
    if (b >= 0xC2 && b <= 0xDF && i + 1 < size && (in[i + 1] & 0xC0) == 0x80) {
      out[n++] = (static_cast<char32_t>(b & 0x1F) << 6) | (in[i + 1] & 0x3F);
      i += 2;
      continue;
    }
    if (b >= 0xE1 && b <= 0xEF && b != 0xED && i + 2 < size && (in[i + 1] & 0xC0) == 0x80 &&
        (in[i + 2] & 0xC0) == 0x80) {
      out[n++] = (static_cast<char32_t>(b & 0x0F) << 12) | (static_cast<char32_t>(in[i + 1] & 0x3F) << 6) |
                 (in[i + 2] & 0x3F);
      i += 3;
      continue;
    }
    const utf8::Step s = utf8::decode(bytes, i);
    if (s.ok) {
      out[n++] = s.cp;
    } else {
      out[n++] = U'\uFFFD';
      ++bad;
    }
    i += s.len;
  }
  if (invalid) *invalid = bad;
  return n;
}

std::u32string decode_utf8(std::string_view bytes, std::size_t* invalid) {
  std::u32string out;
  out.resize(decode_utf8_into(bytes, out, invalid));
  return out;
}

}  // namespace detour::tasks
