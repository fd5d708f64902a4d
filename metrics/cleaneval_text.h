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

// Fused hot path: the tokens of cleaneval_split(cleaneval_normalize(text, opts)),
// appended to `out` as views into `text` (unlabelled markers view a static "<p>"),
// without building the normalised text. Returns false, appending nothing, when the
// text needs the two-step path: opts.ascii, or a URL line that step (1) deletes.
bool cleaneval_tokens(std::string_view text, const CleanEvalOptions& opts, std::vector<std::string_view>& out);

// Text-only form and its words (no empty tokens).
std::string text_only_normalize(std::string_view text);
std::vector<std::string_view> split_words(std::string_view normalized);

// The words of split_words(text_only_normalize(text)), appended to `out` as views
// into `text` (a tag-like span separates words as whitespace does). Linear time.
void text_only_words(std::string_view text, std::vector<std::string_view>& out);

// Code points of a UTF-8 text, whitespace (ASCII and Unicode White_Space) excluded.
// Invalid bytes are kept as distinct symbols 0x110000 + byte.
std::vector<char32_t> non_space_code_points(std::string_view utf8);
// Unicode White_Space outside ASCII (U+0085, U+00A0, U+1680, U+2000-200A, ...).
bool is_unicode_space(char32_t cp);
// The same, appended to `out`. Over the words of a text-only form, word by word,
// this gives the code points of the whole form (words never split a UTF-8 sequence
// differently from the joined text, as a separator byte ends any sequence).
void append_non_space_code_points(std::string_view utf8, std::vector<char32_t>& out);

}  // namespace detour::metrics
