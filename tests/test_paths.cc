// Where the tests find the project, the shared data and the built program. The only
// file of the tests compiled with these paths (CMakeLists.txt), so that every other
// test object is the same whichever folder the project is built from.
#include "tests/test_util.h"

namespace detour::testing {

std::optional<std::filesystem::path> shared_dir() {
  if (const char* env = std::getenv("DETOUR_SHARED"); env && *env) {
    if (std::filesystem::is_directory(env)) return std::filesystem::path(env);
    return std::nullopt;
  }
  std::filesystem::path p = DETOUR_SHARED_DIR;
  if (std::filesystem::is_directory(p)) return p;
  return std::nullopt;
}

std::string detour_binary() { return DETOUR_BINARY; }

std::filesystem::path source_dir() { return DETOUR_SOURCE_DIR; }

}  // namespace detour::testing
