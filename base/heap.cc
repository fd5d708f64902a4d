// heap: see heap.h.
#include "base/heap.h"

#include <malloc.h>

#include <cstddef>

// jemalloc's control interface, when the program is linked with it (the detour
// program); null otherwise (the tests, a build with DETOUR_JEMALLOC=OFF).
extern "C" int mallctl(const char* name, void* oldp, std::size_t* oldlenp, void* newp, std::size_t newlen)
    __attribute__((weak));

namespace detour {

void release_free_memory() {
  malloc_trim(0);
  // "arena.<MALLCTL_ARENAS_ALL>.purge": every arena's dirty and muzzy pages back.
  if (mallctl) mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0);
}

}  // namespace detour
