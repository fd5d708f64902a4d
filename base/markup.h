// markup: the text forms of extracted segments and their parsing. CleanEval markup
// (what is scored), minimal HTML (what the next stage of a chain reads) and plain
// text; whitespace collapsing and HTML escaping shared by every layer.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/page.h"

namespace detour {

// The render functions collapse ASCII whitespace only (line breaks inside a segment
// become spaces); other spaces (NBSP, U+3000...) are the extractor's text and stay,
// since the CleanEval scorer does not split on them either.
// CleanEval markup: one segment per line, "<p>", "<h>" or "<l>" then the text.
std::string render_cleaneval(const std::vector<Segment>& segments);
// Minimal HTML: <html><head><title>..</title></head><body><h2>/<p>/<ul><li>...</body></html>.
std::string render_html(const std::vector<Segment>& segments, std::string_view title = {});
// Plain text: segments separated by a newline.
std::string render_text(const std::vector<Segment>& segments);
// Parses CleanEval markup (<p>/<h>/<l> markers, any other tags dropped) into segments.
std::vector<Segment> parse_cleaneval(std::string_view text);
// Collapses runs of ASCII whitespace to one space and trims.
std::string collapse_ascii_whitespace(std::string_view text);
// Collapses runs of whitespace (ASCII and Unicode spaces) to one space and trims.
std::string collapse_whitespace(std::string_view text);

// Escapes &, <, > (and " when `attribute`) for HTML text or attribute values.
std::string escape_html(std::string_view text, bool attribute = false);
// The reverse for what serialisers write (escape_html, lxml's tostring): numeric
// character references (up to U+10FFFF, not 0) and &amp; &lt; &gt; &quot; &apos;
// &nbsp; decoded, anything else left as it is. For comparing HTML outputs as text.
std::string unescape_basic_html(std::string_view text);

}  // namespace detour
