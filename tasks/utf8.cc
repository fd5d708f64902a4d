#include "tasks/utf8.h"

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
  for (std::size_t i = 0; i < bytes.size();) {
    const unsigned char b = static_cast<unsigned char>(bytes[i]);
    if (b < 0x80) {  // ASCII
      out[n++] = b;
      ++i;
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
