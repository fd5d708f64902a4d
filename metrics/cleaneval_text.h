// cleaneval_text: the text normalisation and tokenisation of the CleanEval scorer
// (cleaneval.py v1.0, Evert 2008), reproduced byte for byte. The original ran under
// Python 2 on byte strings, so everything here works on bytes: "\s" is ASCII
// whitespace only, and no decoding happens.
//
// normalize: (1) delete lines matching ^\s*URL.*$ (multiline; the \s* may run over
// blank lines before it), (2) every run of bytes 0x00-0x1F becomes one space,
// (3) each <p>, <h>, <l> (any case) becomes "\n" + tag + " " (unlabelled: "\n<p> "),
// (4) runs of ASCII whitespace become one space, (5) with `ascii`, runs of bytes
// 0x80-0xFF are deleted. Tokens = re.split(r"\s+", text): a leading or trailing space
// yields an empty-string token, and it counts (an empty text is one empty token).
//
// Text-only form (the `to`, `car`, `lcs`, `cos` metrics): every tag-like <...>
// (a '<' followed by a letter, '/', '!' or '?', up to the next '>') becomes a space,
// then steps (2) and (4); tokens are the non-empty whitespace-separated words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace detour::metrics {

struct CleanEvalOptions {
  bool unlabelled = false;  // -u: every marker becomes <p>
  bool ascii = false;       // -a: delete non-ASCII bytes
};

std::string cleaneval_normalize(std::string_view text, const CleanEvalOptions& opts = {});
// Tokens as views into `normalized` (the result of cleaneval_normalize).
std::vector<std::string_view> cleaneval_split(std::string_view normalized);
// True when the token starts with <p>, <h> or <l> in any case (re_TAG.match).
bool is_segment_marker(std::string_view token);

// Text-only form and its words (no empty tokens).
std::string text_only_normalize(std::string_view text);
std::vector<std::string_view> split_words(std::string_view normalized);

// Code points of a UTF-8 text, whitespace (ASCII and Unicode White_Space) excluded.
// Invalid bytes are kept as distinct symbols 0x110000 + byte.
std::vector<char32_t> non_space_code_points(std::string_view utf8);

}  // namespace detour::metrics
