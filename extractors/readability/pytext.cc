// Python string semantics used by readability-lxml 0.8.1 (see pytext.h).
#include "extractors/readability/pytext.h"

#include <cctype>

#include "base/utf8.h"

namespace detour::readability {

bool py_isspace(char32_t c) {
  if (c <= 0x20) return c == 0x20 || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
  if (c < 0x85) return false;
  return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

namespace {

// Decodes one code point at s[i], advancing i; malformed input yields U+FFFD.
char32_t next_cp(std::string_view s, std::size_t& i) {
  const utf8::Step st = utf8::decode<utf8::Check::Structure>(s, i);
  i += st.len;
  return st.ok ? st.cp : 0xFFFD;
}

// clean() of readability-lxml on code points. Python applies three substitutions
// in turn; each acts on maximal whitespace runs only, so one pass over the runs
// gives the same result:
//   re.sub(r"\s{255,}", " " * 255)  -> a run of >= 255 becomes 255 spaces, which
//                                      the third substitution folds to one space;
//   re.sub(r"\s*\n\s*", "\n")       -> a run holding "\n" becomes "\n";
//   re.sub(r"\t|[ \t]{2,}", " ")    -> inside other runs, a tab becomes a space and
//                                      a run of spaces/tabs starting with a space
//                                      becomes one space.
// Finally str.strip().
std::u32string clean_u32(const std::u32string& in) {
  std::u32string out;
  out.reserve(in.size());
  std::size_t i = 0, n = in.size();
  while (i < n) {
    if (!py_isspace(in[i])) {
      out += in[i++];
      continue;
    }
    std::size_t j = i;
    bool newline = false;
    while (j < n && py_isspace(in[j])) newline |= in[j++] == U'\n';
    if (j - i >= 255) {
      out += U' ';
    } else if (newline) {
      out += U'\n';
    } else {
      for (std::size_t k = i; k < j;) {
        char32_t c = in[k];
        if (c == U'\t') {
          out += U' ';
          ++k;
        } else if (c == U' ' && k + 1 < j && (in[k + 1] == U' ' || in[k + 1] == U'\t')) {
          while (k < j && (in[k] == U' ' || in[k] == U'\t')) ++k;
          out += U' ';
        } else {
          out += c;
          ++k;
        }
      }
    }
    i = j;
  }
  std::size_t b = 0, e = out.size();
  while (b < e && py_isspace(out[b])) ++b;
  while (e > b && py_isspace(out[e - 1])) --e;
  return out.substr(b, e - b);
}

}  // namespace

std::u32string utf8_to_u32(std::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) out += next_cp(s, i);
  return out;
}

std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

std::size_t clean_length(std::string_view utf8) { return clean_u32(utf8_to_u32(utf8)).size(); }

// A run of whitespace becomes: one space if >= 255 long, one newline if it holds
// one, else: each [ \t] sub-run gives (its leading tabs) + (1 if anything follows
// them), every other whitespace character gives itself. Runs at either end are
// stripped. This equals clean_u32() above, one code point at a time.
void CleanLengthCounter::end_run() {
  if (run_len_ && seen_text_) length_ += run_len_ >= 255 || run_newline_ ? 1 : run_out_;
  run_len_ = 0;
  run_newline_ = false;
  run_out_ = 0;
  st_state_ = 0;
}

void CleanLengthCounter::feed(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    char32_t c;
    if (b < 0x80) {
      ++i;
      c = b;
      if (c > 0x20 && c != 0x1C && c != 0x1D && c != 0x1E && c != 0x1F) {
        end_run();
        ++length_;
        seen_text_ = true;
        continue;
      }
    } else {
      c = next_cp(s, i);
    }
    if (!py_isspace(c)) {
      end_run();
      ++length_;
      seen_text_ = true;
      continue;
    }
    ++run_len_;
    if (c == U'\n') run_newline_ = true;
    if (c == U'\t') {
      if (st_state_ == 2) continue;  // absorbed by the sub-run's single space
      if (st_state_ == 0) st_state_ = 1;
      ++run_out_;
    } else if (c == U' ') {
      if (st_state_ != 2) {
        st_state_ = 2;
        ++run_out_;
      }
    } else {
      st_state_ = 0;
      ++run_out_;
    }
  }
}

std::string clean_text(std::string_view utf8) {
  std::string out;
  for (char32_t c : clean_u32(utf8_to_u32(utf8))) utf8::append(out, c);
  return out;
}

bool py_blank(std::string_view utf8) {
  for (std::size_t i = 0; i < utf8.size();)
    if (!py_isspace(next_cp(utf8, i))) return false;
  return true;
}

std::size_t count_commas(std::string_view s) {
  std::size_t n = 0;
  for (char c : s) n += c == ',';
  return n;
}

bool has_sentence_end(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '.') continue;
    if (i + 1 == s.size() || s[i + 1] == ' ') return true;
    if (i + 2 == s.size() && s[i + 1] == '\n') return true;
  }
  return false;
}

WordSet::WordSet(std::initializer_list<std::string_view> words) {
  for (std::string_view w : words) {
    std::string lw;
    for (char c : w) lw += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    first_[static_cast<unsigned char>(lw[0])] = true;
    words_.push_back(std::move(lw));
  }
}

bool WordSet::search(std::string_view text) const {
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(std::tolower(static_cast<unsigned char>(text[i])));
    if (!first_[c]) continue;
    for (const std::string& w : words_) {
      if (static_cast<unsigned char>(w[0]) != c || i + w.size() > text.size()) continue;
      std::size_t k = 1;
      while (k < w.size() &&
             std::tolower(static_cast<unsigned char>(text[i + k])) == static_cast<unsigned char>(w[k]))
        ++k;
      if (k == w.size()) return true;
    }
  }
  return false;
}

}  // namespace detour::readability
