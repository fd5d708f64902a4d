// gzip: inflating gzip-compressed bytes (RFC 1952) with zlib, for corpora distributed
// as .gz files (the Scrapinghub benchmark's html/<id>.html.gz pages), and deflating
// them (the HTML report's per-page files, which the browser inflates). Concatenated
// gzip members are inflated one after the other, as gzip(1) and Python's
// gzip.decompress do.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace detour {

// True when the bytes begin with the gzip magic number 1f 8b.
bool is_gzip(std::string_view bytes);

// The inflated bytes. Throws std::runtime_error with the reason (truncated or corrupt
// data, or more than max_bytes of output) on bad input; never aborts.
std::string gunzip(std::string_view bytes, std::size_t max_bytes = std::size_t{256} << 20);

// One gzip member holding `bytes`, deflated at `level` (1 fastest .. 9 smallest; 6 is
// zlib's default). The same bytes give the same member (no time stamp, no name).
// Throws std::runtime_error when zlib fails (out of memory).
std::string gzip(std::string_view bytes, int level = 6);

}  // namespace detour
