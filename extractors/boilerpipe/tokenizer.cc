// Boilerpipe 1.2.0 UnicodeTokenizer port (see tokenizer.h).
#include "extractors/boilerpipe/tokenizer.h"

#include <unicode/uchar.h>

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

bool is_glue_punct(char32_t c) {
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
      append_utf8(cur, c);
      have = true;
    }
  }
  if (have || tokens.empty()) tokens.push_back(cur);
  return tokens;
}

void classify_tokens(std::string_view text, std::vector<TokenInfo>& out, std::u32string& scratch) {
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

}  // namespace detour::boilerpipe
