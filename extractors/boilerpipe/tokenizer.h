// boilerpipe/tokenizer: Boilerpipe 1.2.0's UnicodeTokenizer and the per-block word
// statistics computed from its tokens (BoilerpipeHTMLContentHandler.flushBlock).
//
// Tokenizer rule (de.l3s.boilerpipe.util.UnicodeTokenizer): insert U+2063 at every
// java.util.regex word boundary (\b: letter, digit or '_' on one side only; Java 9-18
// semantics, non-spacing marks count with their base), delete U+2063 runs touching
// one of  " ' . , ! @ - : ; $ ? ( ) /, turn runs of space/U+2063 into one space,
// String.trim() and split on spaces. "U.S. e-mail 3,5% (x)" gives U.S. | e-mail |
// 3,5 | % | (x); a run of CJK ideographs is one token. Thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace detour::boilerpipe {

// The anchor markers the handler writes into the token buffer around <a> text.
inline constexpr std::string_view kAnchorStart = "$\xEE\x80\x8A<";  // "$\uE00A<"
inline constexpr std::string_view kAnchorEnd = ">\xEE\x80\x8A$";    // ">\uE00A$"

// The tokens of `text` (UTF-8), exactly as UnicodeTokenizer.tokenize returns them
// (an input with no token gives one empty token, like Java's "".split()).
std::vector<std::string> tokenize(std::string_view text);

// One token as flushBlock sees it.
struct TokenInfo {
  enum Kind : unsigned char { Word, NonWord, AnchorStart, AnchorEnd } kind;
  int utf16_length;  // String.length() of the token
};
// Same tokens as tokenize(), classified: a word has a char of class L, Nd, Nl or No.
// `scratch` is reused between calls to avoid allocations.
// One pass over the UTF-8 bytes, no intermediate strings; texts holding U+2063 or a
// char below U+0020 take the reference path.
void classify_tokens(std::string_view text, std::vector<TokenInfo>& out, std::u32string& scratch);
// The straightforward form (decode, the regex passes as string rewrites, split), kept
// as the reference the fast path is tested against. Same results, slower.
void classify_tokens_reference(std::string_view text, std::vector<TokenInfo>& out,
                               std::u32string& scratch);

}  // namespace detour::boilerpipe
