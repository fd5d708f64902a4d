// Boilerpipe 1.2.0 UnicodeTokenizer port (see tokenizer.h).
#include "extractors/boilerpipe/tokenizer.h"

#include <array>

#include <unicode/uchar.h>

#include "base/utf8.h"
#include "extractors/boilerpipe/java_text.h"

namespace detour::boilerpipe {
namespace {

constexpr char32_t kInvisibleSeparator = 0x2063;

bool is_nsm(char32_t c) {
  return c >= 0x300 && u_charType(static_cast<UChar32>(c)) == U_NON_SPACING_MARK;
}

// java.util.regex.Pattern.Bound.isWord (Java 9-18, without UNICODE_CHARACTER_CLASS).
bool bound_word(char32_t c) { return c == '_' || java_is_letter_or_digit(c); }

// Pattern.Bound.hasBaseCharacter: a non-spacing mark preceded (through other marks)
// by a letter or digit.
bool has_base_character(const std::u32string& s, std::size_t i) {
  for (std::size_t x = i + 1; x-- > 0;) {
    if (java_is_letter_or_digit(s[x])) return true;
    if (is_nsm(s[x])) continue;
    return false;
  }
  return false;
}

bool word_side(const std::u32string& s, std::size_t i) {
  char32_t c = s[i];
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  return bound_word(c) || (is_nsm(c) && has_base_character(s, i));
}

constexpr bool is_glue_punct(char32_t c) {
  switch (c) {
    case '"': case '\'': case '.': case ',': case '!': case '@': case '-': case ':':
    case ';': case '$': case '?': case '(': case ')': case '/':
      return true;
    default:
      return false;
  }
}

bool is_word_char(char32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  switch (u_charType(static_cast<UChar32>(c))) {
    case U_UPPERCASE_LETTER: case U_LOWERCASE_LETTER: case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER: case U_OTHER_LETTER: case U_DECIMAL_DIGIT_NUMBER:
    case U_LETTER_NUMBER: case U_OTHER_NUMBER:
      return true;
    default:
      return false;
  }
}

// The general form of the three regex passes (used when the text itself holds U+2063,
// so that runs of it can form): leaves the marked-up string's code points in `out`.
void normalise_general(const std::u32string& cps, std::u32string& out) {
  const std::size_t n = cps.size();
  // Pass 1: U+2063 at every word boundary.
  std::u32string marked;
  marked.reserve(n + n / 2 + 2);
  bool prev_word = false;
  for (std::size_t i = 0; i <= n; ++i) {
    bool cur_word = i < n && word_side(cps, i);
    if (prev_word != cur_word) marked.push_back(kInvisibleSeparator);
    if (i < n) marked.push_back(cps[i]);
    prev_word = cur_word;
  }
  // Pass 2: delete runs of U+2063 adjacent to a glue punctuation char.
  // Pass 3: runs of space / U+2063 become one space.
  out.clear();
  const std::size_t m = marked.size();
  std::size_t i = 0;
  while (i < m) {
    char32_t c = marked[i];
    if (c == kInvisibleSeparator) {
      std::size_t j = i;
      while (j < m && marked[j] == kInvisibleSeparator) ++j;
      bool glued = (i > 0 && is_glue_punct(marked[i - 1])) || (j < m && is_glue_punct(marked[j]));
      if (!glued && (out.empty() || out.back() != ' ')) out.push_back(' ');
      i = j;
      continue;
    }
    if (c != ' ' || out.empty() || out.back() != ' ') out.push_back(c);
    ++i;
  }
}

// Runs the three regex passes and the trim; leaves the code points of the final
// string (tokens separated by single spaces, no leading/trailing char <= U+0020) in
// out. Single pass: a boundary's U+2063 has exactly the two chars around it as
// neighbours, so it survives pass 2 unless one of them is glue punctuation.
void normalise(std::string_view text, std::u32string& out, std::u32string& cps) {
  decode_utf8(text, cps);
  const std::size_t n = cps.size();
  out.clear();
  out.reserve(n + 8);
  bool has_separator = false;
  for (char32_t c : cps) {
    if (c == kInvisibleSeparator) {
      has_separator = true;
      break;
    }
  }
  if (has_separator) {
    normalise_general(cps, out);
  } else {
    bool prev_word = false;
    for (std::size_t i = 0; i <= n; ++i) {
      const bool cur_word = i < n && word_side(cps, i);
      if (prev_word != cur_word) {
        const bool glued = (i > 0 && is_glue_punct(cps[i - 1])) || (i < n && is_glue_punct(cps[i]));
        if (!glued && (out.empty() || out.back() != ' ')) out.push_back(' ');
      }
      if (i < n) {
        const char32_t c = cps[i];
        if (c != ' ' || out.empty() || out.back() != ' ') out.push_back(c);
      }
      prev_word = cur_word;
    }
  }
  // String.trim().
  std::size_t b = 0, e = out.size();
  while (b < e && out[b] <= 0x20) ++b;
  while (e > b && out[e - 1] <= 0x20) --e;
  if (b > 0 || e < out.size()) out = out.substr(b, e - b);
}

}  // namespace

std::vector<std::string> tokenize(std::string_view text) {
  std::u32string norm, cps;
  normalise(text, norm, cps);
  std::vector<std::string> tokens;
  std::string cur;
  bool have = false;
  for (char32_t c : norm) {
    if (c == ' ') {
      if (have) tokens.push_back(cur);
      cur.clear();
      have = false;
    } else {
      utf8::append(cur, c);
      have = true;
    }
  }
  if (have || tokens.empty()) tokens.push_back(cur);
  return tokens;
}

void classify_tokens_reference(std::string_view text, std::vector<TokenInfo>& out, std::u32string& scratch) {
  out.clear();
  thread_local std::u32string norm;
  normalise(text, norm, scratch);
  const std::size_t n = norm.size();
  std::size_t i = 0;
  if (n == 0) {
    out.push_back({TokenInfo::NonWord, 0});  // "".split("[ ]+") == [""]
    return;
  }
  while (i < n) {
    std::size_t j = i;
    bool word = false;
    int len16 = 0;
    while (j < n && norm[j] != ' ') {
      if (!word && is_word_char(norm[j])) word = true;
      len16 += norm[j] > 0xFFFF ? 2 : 1;
      ++j;
    }
    TokenInfo t{word ? TokenInfo::Word : TokenInfo::NonWord, len16};
    if (j - i == 3 && norm[i + 1] == 0xE00A) {
      if (norm[i] == '$' && norm[i + 2] == '<') t.kind = TokenInfo::AnchorStart;
      if (norm[i] == '>' && norm[i + 2] == '$') t.kind = TokenInfo::AnchorEnd;
    }
    out.push_back(t);
    i = j + 1;  // skip the single separating space
  }
}


namespace {

// Character classes of one code point, from a single u_charType call (none for ASCII).
struct CharClass {
  bool letter_or_digit;  // Character.isLetterOrDigit (L*, Nd)
  bool word;             // classify_tokens' word char (L*, Nd, Nl, No)
  bool nsm;              // non-spacing mark (Mn), for Pattern.Bound.hasBaseCharacter
};

// Letters (L*) of the scripts that fill most non-Latin pages, known without asking ICU:
// the CJK ideographs and Hangul syllables assigned as Lo since Unicode 1.1/2.0, and the
// basic Cyrillic and Greek letters (Lu/Ll). Checked against ICU for every code point
// by tokenizer_test.cc.
inline bool is_common_letter(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FA5) || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x0410 && c <= 0x044F) ||
         (c >= 0x03B1 && c <= 0x03C9) || (c >= 0x0391 && c <= 0x03A9 && c != 0x03A2);
}

inline CharClass classify_char(char32_t c) {
  if (c < 0x80) {
    const bool ld = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    return {ld, ld, false};
  }
  if (is_common_letter(c)) return {true, true, false};
  switch (u_charType(static_cast<UChar32>(c))) {
    case U_UPPERCASE_LETTER: case U_LOWERCASE_LETTER: case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER: case U_OTHER_LETTER: case U_DECIMAL_DIGIT_NUMBER:
      return {true, true, false};
    case U_LETTER_NUMBER: case U_OTHER_NUMBER:
      return {false, true, false};
    case U_NON_SPACING_MARK:
      return {false, false, c >= 0x300};
    default:
      return {false, false, false};
  }
}

// Flags of the ASCII chars for classify_tokens_fast.
enum : unsigned char { kAsciiLd = 1, kAsciiUnderscore = 2, kAsciiGlue = 4, kAsciiSpace = 8, kAsciiCtrl = 16 };
constexpr std::array<unsigned char, 128> make_ascii_flags() {
  std::array<unsigned char, 128> t{};
  for (int c = 0; c < 128; ++c) {
    unsigned char f = 0;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) f |= kAsciiLd;
    if (c == '_') f |= kAsciiUnderscore;
    if (is_glue_punct(static_cast<char32_t>(c))) f |= kAsciiGlue;
    if (c == ' ') f |= kAsciiSpace;
    if (c < 0x20) f |= kAsciiCtrl;
    t[c] = f;
  }
  return t;
}
constexpr std::array<unsigned char, 128> kAsciiFlags = make_ascii_flags();

}  // namespace

// One pass over the UTF-8 text doing what normalise() + the split in
// classify_tokens_reference do, without building any string. Gives up (ok() false,
// output unspecified) when the text holds U+2063 (runs of it can then form, see
// normalise_general) or a char below U+0020 (String.trim would then cut more than
// spaces), or when a chunk ends inside a UTF-8 sequence (the next chunk's bytes could
// complete it); the caller then takes the reference path.
void TokenStream::feed(std::string_view text, std::vector<TokenInfo>& out) {
  if (!ok_) return;
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const int32_t n = static_cast<int32_t>(text.size());
  bool prev_word = prev_word_, prev_glue = prev_glue_;
  bool base_ld = base_ld_;
  int32_t i = 0;
  while (i < n) {
    char32_t c;
    bool cur_word, word, glue;
    if (p[i] < 0x80) {
      c = p[i++];
      const unsigned char f = kAsciiFlags[c];
      if (f & kAsciiCtrl) {
        ok_ = false;
        return;
      }
      base_ld = (f & kAsciiLd) != 0;
      word = base_ld;
      cur_word = (f & (kAsciiLd | kAsciiUnderscore)) != 0;
      glue = (f & kAsciiGlue) != 0;
    } else {
      const uint8_t lead = p[i];
      const int32_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
      if (i + need > n) {
        ok_ = false;
        return;
      }
      const utf8::Step st = utf8::decode(text, static_cast<std::size_t>(i));
      i += static_cast<int32_t>(st.len);
      c = st.ok ? st.cp : 0xFFFD;
      if (c == kInvisibleSeparator) {
        ok_ = false;
        return;
      }
      const CharClass cc = classify_char(c);
      cur_word = cc.letter_or_digit || (cc.nsm && base_ld);
      if (!cc.nsm) base_ld = cc.letter_or_digit;
      word = cc.word;
      glue = false;  // the glue chars are ASCII
    }
    if (prev_word != cur_word && !prev_glue && !glue) end_token(out);  // boundary space
    if (c == ' ') {
      end_token(out);
    } else {
      if (tok_chars_ < 3) first_[tok_chars_] = c;
      ++tok_chars_;
      tok_len16_ += c > 0xFFFF ? 2 : 1;
      tok_word_ = tok_word_ || word;
      if (cur_word) {
        // The rest of a run of word chars (ASCII letters, digits, '_' and the common
        // letters, well-formed UTF-8 only): no boundary inside, same token. Anything
        // else leaves the run to the general step above.
        while (i < n) {
          const unsigned char b = p[i];
          char32_t d;
          int32_t next;
          if (b < 0x80) {
            const unsigned char f = kAsciiFlags[b];
            if (!(f & (kAsciiLd | kAsciiUnderscore))) break;
            d = b;
            next = i + 1;
            base_ld = (f & kAsciiLd) != 0;
          } else {
            // Well-formed 2- and 3-byte sequences (the common letters lie in U+00C0-
            // U+D7A3); anything else is left to the general step.
            const utf8::Step st = utf8::decode(text, static_cast<std::size_t>(i));
            if (!st.ok || st.len == 4 || !is_common_letter(st.cp)) break;
            d = st.cp;
            next = i + static_cast<int32_t>(st.len);
            base_ld = true;
          }
          tok_word_ = tok_word_ || base_ld;
          if (tok_chars_ < 3) first_[tok_chars_] = d;
          ++tok_chars_;
          ++tok_len16_;
          i = next;
        }
      }
    }
    prev_word = cur_word;
    prev_glue = glue;
  }
  prev_word_ = prev_word;
  prev_glue_ = prev_glue;
  base_ld_ = base_ld;
}

void classify_tokens(std::string_view text, std::vector<TokenInfo>& out, std::u32string& scratch) {
  out.clear();
  TokenStream stream;
  stream.feed(text, out);
  if (stream.ok()) {
    stream.finish(out);
    return;
  }
  classify_tokens_reference(text, out, scratch);
}

}  // namespace detour::boilerpipe
