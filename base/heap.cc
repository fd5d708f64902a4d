// heap: see heap.h.
#include "base/heap.h"

#include <malloc.h>

#include <cstddef>
#include <mutex>
#include <vector>

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

void use_thread_arena(unsigned slot) {
  if (!mallctl) return;
  static const bool one_arena = [] {  // jemalloc started with one arena (not the user's narenas:N)
    unsigned narenas = 0;
    std::size_t size = sizeof narenas;
    return mallctl("opt.narenas", &narenas, &size, nullptr, 0) == 0 && narenas == 1;
  }();
  if (!one_arena) return;
  const unsigned group = slot / kThreadsPerArena;
  static std::mutex mutex;
  static std::vector<unsigned> made;  // made[g - 1]: the arena of group g (group 0: arena 0)
  unsigned arena = 0;
  if (group > 0) {
    std::lock_guard<std::mutex> lock(mutex);
    while (made.size() < group) {
      unsigned index = 0;
      std::size_t size = sizeof index;
      if (mallctl("arenas.create", &index, &size, nullptr, 0) != 0) return;
      made.push_back(index);
    }
    arena = made[group - 1];
  }
  // Bound each time: oneTBB may give a thread another slot when it joins again.
  mallctl("thread.arena", nullptr, nullptr, &arena, sizeof arena);
}

}  // namespace detour
