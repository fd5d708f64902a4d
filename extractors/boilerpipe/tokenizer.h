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
// classify_tokens' fast path fed piece by piece: the tokens of the concatenation of
// every chunk fed since reset(), as they complete (finish() adds the last one). Once a
// chunk holds what the fast path does not take (U+2063, a char below U+0020, or a
// UTF-8 sequence cut off at the chunk's end), ok() turns false for good and the
// caller must use classify_tokens_reference on the whole text instead.
class TokenStream {
 public:
  void reset() { *this = TokenStream(); }
  bool ok() const { return ok_; }
  void feed(std::string_view chunk, std::vector<TokenInfo>& out);
  void feed_space(std::vector<TokenInfo>& out) {
    prev_word_ = prev_glue_ = false;
    base_ld_ = false;
    end_token(out);
  }
  // Ends the last token; an input with no token gives one empty NonWord token.
  void finish(std::vector<TokenInfo>& out) {
    end_token(out);
    if (out.empty()) out.push_back({TokenInfo::NonWord, 0});
  }

 private:
  void end_token(std::vector<TokenInfo>& out) {
    if (tok_chars_ == 0) return;
    TokenInfo t{tok_word_ ? TokenInfo::Word : TokenInfo::NonWord, tok_len16_};
    if (tok_chars_ == 3 && first_[1] == 0xE00A) {
      if (first_[0] == '$' && first_[2] == '<') t.kind = TokenInfo::AnchorStart;
      if (first_[0] == '>' && first_[2] == '$') t.kind = TokenInfo::AnchorEnd;
    }
    out.push_back(t);
    tok_chars_ = tok_len16_ = 0;
    tok_word_ = false;
  }

  bool ok_ = true;
  bool prev_word_ = false, prev_glue_ = false;
  bool base_ld_ = false;  // the last non-mark char was a letter or digit
  bool tok_word_ = false;
  int tok_chars_ = 0, tok_len16_ = 0;
  char32_t first_[3] = {0, 0, 0};
};

// The straightforward form (decode, the regex passes as string rewrites, split), kept
// as the reference the fast path is tested against. Same results, slower.
void classify_tokens_reference(std::string_view text, std::vector<TokenInfo>& out,
                               std::u32string& scratch);

}  // namespace detour::boilerpipe
