// boilerpipe/java_text: the few java.lang.String / Character behaviours Boilerpipe's
// results depend on, for UTF-8 text: Character.isWhitespace (NBSP is not whitespace),
// String.trim (strips every char <= U+0020), UTF-16 lengths (String.length), and a
// lower-casing close to String.toLowerCase for the patterns Boilerpipe looks for.
// Stateless and thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace detour::boilerpipe {

// Character.isWhitespace for a code point (Java 17 / Unicode 13 tables).
bool java_is_whitespace(char32_t c);
// Character.isLetterOrDigit (general categories Lu Ll Lt Lm Lo Nd).
bool java_is_letter_or_digit(char32_t c);

// Decodes UTF-8 into code points (invalid bytes become U+FFFD).
void decode_utf8(std::string_view s, std::u32string& out);

// String.trim(): strips leading and trailing chars <= U+0020.
std::string_view java_trim(std::string_view s);
// String.length(): UTF-16 code units.
std::size_t utf16_length(std::string_view s);
// String.toLowerCase() by simple per-code-point case mapping (ICU u_tolower).
std::string java_to_lower(std::string_view s);
// The same into `out` (cleared first), for callers that reuse a buffer.
void java_to_lower(std::string_view s, std::string& out);
// String.toLowerCase() as far as a search for ASCII text, "\u00e4" or "\u00a9" can tell
// (TerminatingBlocksFinder's patterns): ASCII and the few chars whose lower case is one
// of those are lower-cased as java_to_lower does; every other char becomes the single
// byte 0xFF, which no pattern holds. A pattern (or equality with one) matches the
// result exactly when it matches java_to_lower's. Cheaper: no case mapping or encoding
// for the bulk of non-Latin text.
void java_to_lower_for_matching(std::string_view s, std::string& out);
// The non-ASCII code points java_to_lower_for_matching keeps (all others, per ICU's
// u_tolower, lower-case to something outside ASCII, U+00E4 and U+00A9).
inline constexpr char32_t kLowerKeptChars[] = {0x00A9, 0x00C4, 0x00E4, 0x0130, 0x212A};

}  // namespace detour::boilerpipe
