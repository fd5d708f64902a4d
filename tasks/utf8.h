// utf8: UTF-8 to code points and back, for tasks that count in code points as their
// Python originals do (len(str), str slicing).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace detour::tasks {

void append_utf8(std::string& out, char32_t cp);
std::string encode_utf8(std::u32string_view text);
// Invalid sequences (as Python's strict decoder rejects them: stray continuation
// bytes, overlong forms, surrogates, truncated sequences) become one U+FFFD each;
// `invalid` (if given) receives their number.
std::u32string decode_utf8(std::string_view bytes, std::size_t* invalid = nullptr);

}  // namespace detour::tasks
