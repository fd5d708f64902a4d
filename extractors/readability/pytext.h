// pytext: the few Python string semantics readability-lxml 0.8.1 depends on, so that
// our port measures text exactly as the original does.
//
// readability-lxml computes every length on Python `str` objects (code points, not
// bytes) after its clean() normalisation, tests blankness with str.strip(), and
// matches class/id names with case-insensitive regular-expression alternations of
// plain words. These helpers reproduce those semantics on UTF-8 without std::regex.
// All functions are pure and thread-safe.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace detour::readability {

// Python's str.isspace() for one code point (ASCII whitespace, \x1c-\x1f, \x85,
// NBSP, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000).
bool py_isspace(char32_t c);

// Decodes UTF-8 into code points; malformed bytes become U+FFFD (one per byte).
std::u32string utf8_to_u32(std::string_view s);

// Number of code points in UTF-8 text.
std::size_t code_points(std::string_view s);

// len(clean(text)) of readability-lxml: runs of >= 255 whitespace become one
// space, whitespace runs holding a newline become one newline, tabs and runs of
// spaces/tabs become one space, and the result is stripped.
std::size_t clean_length(std::string_view utf8);

// The same length computed incrementally over several pieces of text (the text
// nodes of a subtree), without building the concatenation.
class CleanLengthCounter {
 public:
  void feed(std::string_view utf8);
  std::size_t result() const { return length_; }

 private:
  void end_run();
  std::size_t length_ = 0;     // output so far, not counting the pending run
  bool seen_text_ = false;     // a non-space was output (leading runs are stripped)
  // The pending whitespace run.
  std::size_t run_len_ = 0;    // code points in the run
  bool run_newline_ = false;
  std::size_t run_out_ = 0;    // its output length when short and without newline
  int st_state_ = 0;           // inside a [ \t] sub-run: 0 none, 1 leading tabs, 2 rest seen
};

// The clean() result itself (UTF-8), for tests and debugging.
std::string clean_text(std::string_view utf8);

// True when text.strip() is empty in Python (only Python whitespace, or nothing).
bool py_blank(std::string_view utf8);

// Number of ASCII commas.
std::size_t count_commas(std::string_view s);

// True when the Python pattern r"\.( |$)" finds a match in `s` ('.' followed by a
// space, by the end, or by a final newline).
bool has_sentence_end(std::string_view s);

// "Contains any of these words, ignoring ASCII case": the readability class/id
// patterns are alternations of literal lower-case words searched with re.I.
class WordSet {
 public:
  WordSet(std::initializer_list<std::string_view> words);
  bool search(std::string_view text) const;

 private:
  std::vector<std::string> words_;
  bool first_[256] = {};  // first bytes of words (lower-case)
};

}  // namespace detour::readability
