// json_text: writing the report's data files as text, fast: JSON strings from bytes
// (any bytes: a maximal invalid UTF-8 subpart becomes U+FFFD, as the WHATWG decoder
// reads it), and the compact token indices of the viewer's data (page_view.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace detour::reports::html {

// Appends `s` as a JSON string literal (quotes included). Escapes ", \ and control
// characters, and U+2028/U+2029 (so that the text is also a JavaScript literal in any
// engine); invalid UTF-8 becomes U+FFFD.
void append_json_string(std::string& out, std::string_view s);

// The digits of the token indices: 64 characters that need no escaping in JSON.
inline constexpr std::string_view kIndexDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Digits per index for a dictionary of `size` tokens (1 up to 64 tokens, 2 up to 4096, ...).
int index_width(std::size_t size);
// Appends `value` as `width` digits, most significant first.
void append_index(std::string& out, std::uint32_t value, int width);

}  // namespace detour::reports::html
