// strings: small text utilities shared by the command line and the registries:
// comma-separated lists and "did you mean" suggestions for unknown names.
#pragma once

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

}  // namespace detour
