// json_text: writing the report's data files as text, fast: JSON strings from bytes
// (any bytes: a maximal invalid UTF-8 subpart becomes U+FFFD, as the WHATWG decoder
// reads it), binary strings (compressed data in a script), and the compact token
// indices of the viewer's data (page_view.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace detour::reports::html {

// Appends `s` as a JSON string literal (quotes included). Escapes ", \ and control
// characters, and U+2028/U+2029 (so that the text is also a JavaScript literal in any
// engine); invalid UTF-8 becomes U+FFFD.
void append_json_string(std::string& out, std::string_view s);

// Appends one code point as JSON string content (no quotes), escaped as
// append_json_string escapes it; what is not a Unicode scalar value (the symbols of
// invalid bytes included) becomes U+FFFD.
void append_json_code_point(std::string& out, char32_t cp);

// Appends `bytes` (any bytes: compressed data) as a JavaScript string literal, quotes
// included, that holds one character per byte when the script is decoded as
// windows-1252 (loaded with charset="windows-1252"; a browser honours that attribute
// for classic scripts): every byte as it is but '"', '\\', LF and CR, escaped. The
// reader maps back the 27 characters windows-1252 gives to bytes 0x80-0x9F (0x80 is
// U+20AC, ...). 1.6% larger than the bytes on random data, base64 33%.
void append_binary_string(std::string& out, std::string_view bytes);

// The digits of the token indices: 64 characters that need no escaping in JSON.
inline constexpr std::string_view kIndexDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Digits per index for a dictionary of `size` tokens (1 up to 64 tokens, 2 up to 4096, ...).
int index_width(std::size_t size);
// Appends `value` as `width` digits, most significant first.
void append_index(std::string& out, std::uint32_t value, int width);
// Writes `value` as `width` digits at `p` (which has room for them); returns the end.
inline char* put_index(char* p, std::uint32_t value, int width) {
  for (int k = width - 1; k >= 0; --k) *p++ = kIndexDigits[(value >> (6 * k)) & 63];
  return p;
}

}  // namespace detour::reports::html
