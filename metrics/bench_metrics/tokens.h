// tokens: the tokenisers of the benchmarks whose scores bench_metrics reproduces,
// each exactly as its Python original splits a `str` (classes from py_unicode).
//
//   - whitespace_tokens: WCEB's tokenize_ws (Bevendorff et al. 2023,
//     extraction_benchmark/util.py): text.strip(), then re.split(r'\s+'); that is,
//     the maximal runs of non-space code points (none for a blank text).
//   - rouge_default_tokens: rouge-score's DefaultTokenizer without stemming
//     (google-research rouge/tokenize.py): text.lower(), every run of characters
//     outside [a-z0-9] becomes a separator, empty pieces dropped. Only ASCII letters
//     and digits survive; of the non-ASCII code points, U+212A KELVIN SIGN lower-cases
//     to "k" and U+0130 to "i" plus a combining dot (a separator), so both give
//     letters (checked against Python over every code point).
//   - word_tokens: re.findall(r'\w+', text), case kept (the Scrapinghub benchmark's
//     _tokenize; its IGNORECASE flag does not change \w).
//   - lower_word_tokens: re.findall(r'\w+', text.lower()) (the `bow` metric): the
//     text is lower-cased first, as a whole (Final_Sigma sees the context).
// Tokens are views into the text where the text is their source, owned strings
// where lower-casing made them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace detour::bench_metrics {

std::vector<std::string_view> whitespace_tokens(std::string_view utf8);
std::vector<std::string> rouge_default_tokens(std::string_view utf8);
std::vector<std::string_view> word_tokens(std::string_view utf8);
std::vector<std::string> lower_word_tokens(std::string_view utf8);

// Python's str.strip() / str.rstrip() emptiness test: true when every code point
// is whitespace (py_isspace), or the text is empty.
bool is_blank(std::string_view utf8);

}  // namespace detour::bench_metrics
