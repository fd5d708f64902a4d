// assets: the report's script and style (reports/html/assets/), compiled into the
// binary by cmake/embed_files.cmake so that a report written anywhere carries them.
#pragma once

#include <cstddef>
#include <string_view>

#include "base/embedded.h"

namespace detour::reports::html::assets {

using detour::EmbeddedFile;
extern const EmbeddedFile kEmbeddedFiles[];  // sorted by name
extern const std::size_t kEmbeddedFileCount;

}  // namespace detour::reports::html::assets
