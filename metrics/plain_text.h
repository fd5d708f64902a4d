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
//   3. character references are decoded as HTML5 decodes them in text (every named
//      reference of its table, the legacy ones without a semicolon, numeric ones:
//      html/entities.h; what make_pairs.py's html.unescape and WCEB's parser give);
//   4. in each line runs of spaces and tabs become one space; lines are stripped of
//      spaces, tabs and carriage returns; empty lines are dropped; lines are joined
//      by "\n".
// A text in CleanEval form (every non-blank line starts with a <p>, <h> or <l> marker,
// as detour's outputs are written) is converted by its markers alone: each line's
// marker is removed, its character references decoded (step 3: "<p>x &amp; y" is
// "x & y") and step 4 applied; '<' is not markup there (a "<The Palace>" inside a
// paragraph is text, not a tag).
// kCleanEvalGold reads a CleanEval 2007 or CleanPortalEval gold file as the Web
// Content Extraction Benchmark (WCEB, dataset_readers.py CleanEvalReader) reads it:
// the text content of the body an HTML5 parser builds from the file (the <p>, <h>, <l>
// markers are elements and leave no text; references decoded; whitespace kept), then
// re.sub(r'\n +', '\n'), then the leading "URL: ..." line and the whitespace around it
// removed (^\s*URL:[^\n]+\s*, Python's Unicode \s). The CleanEval scorer's own
// protocol (cleaneval_text.h) reads those files as they are.
// kAuto (the default) is kCleanEvalGold for a text whose first non-blank characters are
// "URL:" (a CleanEval gold file, e.g. in a DANIEL-layout copy), kMarkup for one whose
// first non-blank character is '<' (an HTML page, a CleanEval-form output) and kRaw
// otherwise (the plain texts of the Scrapinghub and WCEB ground truths and outputs),
// per side.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace detour::metrics {

enum class TextForm { kAuto, kRaw, kMarkup, kCleanEvalGold };

// "auto", "raw", "markup", "cleaneval-gold" (and back; throws UsageError for another
// name).
std::string_view text_form_name(TextForm f);
TextForm parse_text_form(std::string_view name);

bool looks_like_markup(std::string_view text);
// True when the first non-blank characters are "URL:" (a CleanEval 2007 gold file).
bool looks_like_cleaneval_gold(std::string_view text);
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
// A CleanEval 2007 / CleanPortalEval gold file as WCEB reads it (TextForm::kCleanEvalGold;
// every line of kind 'p').
PlainText cleaneval_gold_to_text(std::string_view gold);

}  // namespace detour::metrics
