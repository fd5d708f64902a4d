// libFuzzer target: the CleanEval tokenisers of metrics/cleaneval_text.h on arbitrary
// bytes. Properties, each a documented equivalence between a fused fast path and the
// plain two-step definition: cleaneval_tokens == cleaneval_split(cleaneval_normalize)
// (when it takes the text), text_only_words == split_words(text_only_normalize), and
// the code points of the text-only words == those of the whole text-only form.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_util.h"
#include "metrics/cleaneval_text.h"

namespace m = detour::metrics;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (bool unlabelled : {false, true}) {
    m::CleanEvalOptions opts;
    opts.unlabelled = unlabelled;
    const std::string norm = m::cleaneval_normalize(text, opts);
    const auto slow = m::cleaneval_split(norm);
    std::vector<std::string_view> fast;
    if (m::cleaneval_tokens(text, opts, fast)) {
      FUZZ_CHECK(fast.size() == slow.size(), "cleaneval_tokens: token count differs from the two-step path");
      for (std::size_t i = 0; i < fast.size(); ++i)
        FUZZ_CHECK(fast[i] == slow[i], "cleaneval_tokens: a token differs from the two-step path");
    } else {
      FUZZ_CHECK(fast.empty(), "cleaneval_tokens appended tokens and returned false");
    }
  }
  m::CleanEvalOptions ascii;
  ascii.ascii = true;
  (void)m::cleaneval_split(m::cleaneval_normalize(text, ascii));

  const std::string to = m::text_only_normalize(text);
  const auto words_slow = m::split_words(to);
  std::vector<std::string_view> words;
  m::text_only_words(text, words);
  FUZZ_CHECK(words.size() == words_slow.size(), "text_only_words: word count differs from the two-step path");
  for (std::size_t i = 0; i < words.size(); ++i)
    FUZZ_CHECK(words[i] == words_slow[i], "text_only_words: a word differs from the two-step path");

  std::vector<char32_t> by_word;
  for (auto w : words) m::append_non_space_code_points(w, by_word);
  FUZZ_CHECK(by_word == m::non_space_code_points(to), "code points by word differ from the whole text-only form");
  return 0;
}
