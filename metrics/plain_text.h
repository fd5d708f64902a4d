// plain_text: the plain-text view the benchmark metrics (shingle, rougelsum,
// levenshtein, bow, teds) score, since their originals compare plain texts while
// detour's outputs and many gold references carry markup (CleanEval <p>/<h>/<l>
// markers, HTML).
//
// TextForm::kRaw scores the text as given. kMarkup converts it, as
// scripts/bench_metrics/make_pairs.py does for its DANIEL pairs:
//   1. comments, <script>, <style> and <head> elements are deleted (any case);
//   2. the block tags p, h, l, h1-h6, li, br, div, tr, td, th, table, ul, ol, dd, dt,
//      blockquote, pre, title, section, article, header, footer (opening or closing,
//      with attributes) become a newline; every other <...> a space;
//   3. character references are decoded: numeric ones and the named ones amp, lt,
//      gt, quot, apos, nbsp (make_pairs.py's html.unescape knows every HTML5 name:
//      the only difference);
//   4. in each line runs of spaces and tabs become one space; lines are stripped of
//      spaces, tabs and carriage returns; empty lines are dropped; lines are joined
//      by "\n".
// A text in CleanEval form (every non-blank line starts with a <p>, <h> or <l> marker,
// as detour's outputs are written) is converted by its markers alone: each line's
// marker is removed and step 4 applied, the rest kept verbatim (that form escapes
// nothing, so a "<The Palace>" inside a paragraph is text, not a tag).
// kAuto (the default) is kMarkup for a text whose first non-blank character is '<'
// (an HTML page, a CleanEval-form output) and kRaw otherwise (the plain texts of the
// Scrapinghub and WCEB ground truths and outputs), per side.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace detour::metrics {

enum class TextForm { kAuto, kRaw, kMarkup };

// "auto", "raw", "markup" (and back; throws UsageError for another name).
std::string_view text_form_name(TextForm f);
TextForm parse_text_form(std::string_view name);

bool looks_like_markup(std::string_view text);
// True when every non-blank line starts with <p>, <h> or <l> (any case), and one does.
bool is_cleaneval_form(std::string_view text);

// The converted text (kMarkup), and for each of its lines the block tag that opened
// it ("p" for a line no tag opened): CleanEval markers keep their letter (h1-h6
// become "h", li "l").
struct PlainText {
  std::string text;
  std::vector<char> line_kinds;  // 'p', 'h', 'l' per line of `text`
};
PlainText markup_to_text(std::string_view markup);

}  // namespace detour::metrics
