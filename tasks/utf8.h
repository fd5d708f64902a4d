// utf8: whole texts from UTF-8 to code points and back (base/utf8.h's decoder), for
// tasks that count in code points as their Python originals do (len(str), slicing).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace detour::tasks {

std::string encode_utf8(std::u32string_view text);
// Strict decoding (as Python's): each maximal subpart of a malformed sequence becomes
// one U+FFFD; `invalid` (if given) receives their number.
std::u32string decode_utf8(std::string_view bytes, std::size_t* invalid = nullptr);
// The same into a buffer reused from text to text: the text is the first code points
// of `buf` (their number returned); `buf` only grows.
std::size_t decode_utf8_into(std::string_view bytes, std::u32string& buf, std::size_t* invalid = nullptr);

}  // namespace detour::tasks
