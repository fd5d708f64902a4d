// answer: the one converter from a tool's output -- CleanEval markup, HTML, Markdown or
// plain text -- to the segments (headings, paragraphs, list items) that detour scores
// and hands to the next stage of a chain. Shared by every tool detour runs (served
// tools, extractors/serve.h, and `--external` tools, extractors/external.h), so that
// TO, TM and the downstream task see a tool's output the way they see the ports'.
//
//   cleaneval  <p>, <h>, <l> markers as the gold files hold them (parse_cleaneval)
//   html       parsed with the HTML5 parser; the visible text of the body cut into
//              blocks as the ALL baseline cuts a page (visible_blocks: h1-h6 headings,
//              li/dt/dd list items, other blocks paragraphs; scripts, styles, hidden
//              parts dropped; whitespace collapsed)
//   markdown   CommonMark turned into HTML by cmark (libcmark), then read as html
//   text       one paragraph per non-empty line, whitespace collapsed
//
// Pure functions; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/page.h"

namespace detour {

enum class AnswerFormat { CleanEval, Html, Markdown, Text };

// "cleaneval", "html", "markdown", "text".
std::string_view answer_format_name(AnswerFormat f);
// The format named `name` (as above), or nullopt.
std::optional<AnswerFormat> parse_answer_format(std::string_view name);

// The segments of `output` read as `format`.
std::vector<Segment> answer_segments(AnswerFormat format, std::string_view output);

// The HTML cmark makes of CommonMark text (raw HTML in it kept as written, as most
// Markdown writers expect; what it renders is parsed by detour, never shown).
std::string markdown_to_html(std::string_view markdown);

// The format an `--external` tool's output is read as, guessed from its bytes: CleanEval
// when it has <p>/<h>/<l> markers, HTML when it looks like HTML (<html, <body, <div or
// </p> in its first 4 KiB), else plain text.
AnswerFormat guess_answer_format(std::string_view output);

}  // namespace detour
