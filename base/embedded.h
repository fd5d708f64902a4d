// embedded: a table of files compiled into the binary by cmake/embed_files.cmake (the
// jusText stoplists, the report's assets, EMBEDDIA's DAnIEL lists). Each table's
// header declares, in its own namespace, `kEmbeddedFiles[]` (sorted by name) and
// `kEmbeddedFileCount` of this type; the generated source defines them.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace detour {

struct EmbeddedFile {
  std::string_view name, bytes;  // "English.txt", its bytes
};

// The bytes of the file called `name` among files[0..count), if there is one.
inline std::optional<std::string_view> find_embedded(const EmbeddedFile* files, std::size_t count,
                                                     std::string_view name) {
  for (std::size_t i = 0; i < count; ++i)
    if (files[i].name == name) return files[i].bytes;
  return std::nullopt;
}

}  // namespace detour
