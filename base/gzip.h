// gzip: inflating gzip-compressed bytes (RFC 1952) with zlib, for corpora distributed
// as .gz files (the Scrapinghub benchmark's html/<id>.html.gz pages). Concatenated
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

}  // namespace detour
