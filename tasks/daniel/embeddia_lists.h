// embeddia_lists: the disease and location lists of EMBEDDIA/event-detection@431e711
// (resources/daniel/embeddia, turned into a table by cmake/embed_files.cmake at build
// time; source, provenance and licence in that folder's NOTICE). The daniel task reads
// them with --task-param lists=embeddia instead of a resources folder.
#pragma once

#include <cstddef>
#include <string_view>

#include "base/embedded.h"

namespace detour::tasks::daniel::embeddia {

using detour::EmbeddedFile;
extern const EmbeddedFile kEmbeddedFiles[];  // sorted by name
extern const std::size_t kEmbeddedFileCount;

// "EMBEDDIA/event-detection@431e711": where the lists come from.
inline constexpr std::string_view kOrigin = "EMBEDDIA/event-detection@431e711";

}  // namespace detour::tasks::daniel::embeddia
