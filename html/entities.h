// entities: character references decoded as an HTML5 parser decodes them in text.
//
// Every named reference of the HTML5 table (2,231 names: &amp; &nbsp; &rsquo;
// &hellip; ...), the legacy ones HTML5 also accepts without a semicolon (&amp &copy
// &nbsp... , the longest such prefix: "&notit;" is "¬it;"), and numeric ones with
// HTML5's replacements (&#0; and surrogates U+FFFD, &#128;-&#159; as windows-1252,
// above U+10FFFF U+FFFD). What is not a reference stays as it is ("AT&T", "&E;").
// The decoding is gumbo's own tokenizer's (the parser of html/dom.h), run on the
// reference alone as the content of a <textarea> (text with references, no tags),
// so that it is what HTML5 parsers (gumbo, lexbor, html5lib) and Python's
// html.unescape give. The six commonest (&amp; &lt; &gt; &quot; &apos; &nbsp;)
// are decoded directly and every other reference met is remembered per thread.
// Thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace detour::html {

// Every character reference of `text` decoded; nothing else changes ('<' and tags
// stay as they are).
std::string decode_references(std::string_view text);

// The reference starting at text[i] == '&': its decoding appended to `out` and the
// number of bytes it took returned; 0 (nothing appended) when no reference starts
// there.
std::size_t decode_reference(std::string_view text, std::size_t i, std::string& out);

}  // namespace detour::html
