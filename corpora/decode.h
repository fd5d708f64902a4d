// decode: turning a web page's bytes into UTF-8, recording how it was decided.
//
// Order: byte-order mark; then <meta charset=...> / <meta http-equiv=Content-Type
// content="...charset=..."> within the first 4096 bytes... (see decode.cc); then an
// XML declaration's encoding; then detection (uchardet, its answer weighed against the
// charsets real pages use: see decode.cc); then UTF-8 if the bytes are valid UTF-8,
// else windows-1252. A declared charset that the bytes contradict
// (e.g. declared UTF-8 but invalid, or GB2312 with GBK-only bytes) is handled as
// decode.cc documents, and the decision is recorded in DecodeInfo. Conversion uses
// ICU; undecodable bytes become U+FFFD and DecodeInfo::lossy is set.
#pragma once

#include <string>
#include <string_view>

#include "base/page.h"

namespace detour::corpora {

struct Decoded {
  std::string utf8;
  DecodeInfo info;
};

// `given` is a charset the container declared (e.g. CleanEval's encoding="..."), or "".
Decoded decode_page(std::string_view bytes, std::string_view given = {});

// A text file (a gold reference, a system output) as UTF-8. Bytes that are already
// well-formed UTF-8, without a byte-order mark and without UTF-16's pattern of NUL
// bytes (a stray NUL is text), are the text as they are
// (whatever a meta tag in them declares: the text's own markup is not a page's);
// anything else is decoded as decode_page decodes a page: byte-order mark, UTF-16
// told by its NUL bytes, the given or declared charset, detection, windows-1252. So a
// gold file saved as UTF-16 or windows-1252 reads as the text it holds, and a
// well-formed UTF-8 file is never changed by a byte.
Decoded decode_text(std::string_view bytes, std::string_view given = {});
// True when decode_text would change the bytes (the test alone: a pass over them).
bool text_needs_decoding(std::string_view bytes);

// The decision in one line (pages.tsv's `decoding` column): "CHARSET (SOURCE[, lossy]
// [, gzip])", and when detection decided, "; DETECTOR; CANDIDATES; confidence X.XX".
std::string describe_decoding(const DecodeInfo& info);

// The charset named in a meta tag or XML declaration in the first bytes, or "".
std::string sniff_declared_charset(std::string_view bytes);

// True when the bytes are valid UTF-8.
bool is_valid_utf8(std::string_view bytes);

// Converts bytes in `charset` to UTF-8 with ICU; lossy is set when bytes were replaced.
// Throws std::invalid_argument for a charset ICU does not know.
std::string convert_to_utf8(std::string_view bytes, std::string_view charset, bool* lossy);

}  // namespace detour::corpora
