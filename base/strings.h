// strings: small text utilities shared by the command line and the registries:
// comma-separated lists, "did you mean" suggestions for unknown names, sizes in bytes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace detour {

// "a,b,,c" -> {"a", "b", "c"} (empty items dropped, no trimming).
std::vector<std::string> split_list(std::string_view s, char sep = ',');

// A TSV field: backslash, tab, newline and carriage return escaped as \\, \t, \n, \r.
std::string tsv_escape(std::string_view field);
// Joins with a separator.
std::string join(const std::vector<std::string>& items, std::string_view sep);

// The known name nearest to `name` (case-insensitive edit distance), or "" when none
// is close enough to be a plausible typo (distance above a third of the length, at
// least 2).
std::string nearest_name(std::string_view name, const std::vector<std::string>& known);

// "unknown extractor 'BPP' (did you mean 'BP'? known: BP, JTA, ...)".
std::string unknown_name_message(std::string_view what, std::string_view name,
                                 const std::vector<std::string>& known);

// A size in bytes as written on a command line: a whole number with an optional
// binary unit K, M, G (also KB, KiB, MiB, ...; any case), e.g. "64M", "1G", "65536";
// from 1 byte to 64 GiB. nullopt otherwise.
std::optional<std::size_t> parse_byte_size(std::string_view text);
// "64 MiB", "512 KiB", "1000 bytes": an exact size, as limits and signatures write it.
std::string format_bytes(std::size_t bytes);
// "50.0 MiB", "12.3 KiB", "37 bytes": a measured size, rounded.
std::string approx_bytes(std::size_t bytes);

}  // namespace detour
