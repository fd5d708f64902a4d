// Where the benchmarks find the shared data: the only benchmark file compiled with the
// path (CMakeLists.txt), so that the others do not depend on where the project is built.
#include "bench/bench_pages.h"

namespace detour::bench {

std::filesystem::path shared_dir() {
  if (const char* env = std::getenv("DETOUR_SHARED"); env && *env) return env;
  return DETOUR_SHARED_DIR;
}

}  // namespace detour::bench
