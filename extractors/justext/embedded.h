// embedded: the jusText stoplists compiled into the binary (resources/stoplists/justext,
// turned into a table by cmake/embed_files.cmake at build time; source and licence in
// that folder's NOTICE). stoplist.h reads them when no other source is given.
#pragma once

#include <cstddef>
#include <string_view>

#include "base/embedded.h"

namespace detour::justext::embedded {

using detour::EmbeddedFile;
extern const EmbeddedFile kEmbeddedFiles[];  // sorted by name
extern const std::size_t kEmbeddedFileCount;

}  // namespace detour::justext::embedded
