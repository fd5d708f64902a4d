// A check of use_thread_arena (base/heap.h) in a program linked with jemalloc and
// started, as the detour program is, with one arena: threads of slots 0-7 stay on the
// first arena, 8-15 share a second, 16-23 a third, a thread given another slot moves to
// its arena, and with MALLOC_CONF narenas:N
// (N > 1) nothing is rebound. Run by ctest ("heap: ..."); prints what differs and exits
// 1, or exits 0.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <thread>
#include <vector>

#include "base/heap.h"

extern "C" {
const char* malloc_conf = "narenas:1";
int mallctl(const char* name, void* oldp, std::size_t* oldlenp, void* newp, std::size_t newlen);
}

namespace {

unsigned read_unsigned(const char* name) {
  unsigned v = 0;
  std::size_t size = sizeof v;
  if (mallctl(name, &v, &size, nullptr, 0) != 0) {
    std::fprintf(stderr, "heap_arenas_check: mallctl(%s) failed: not linked with jemalloc?\n", name);
    std::exit(1);
  }
  return v;
}

}  // namespace

int main() {
  const unsigned narenas = read_unsigned("opt.narenas");
  const unsigned arenas_before = read_unsigned("arenas.narenas");
  const std::vector<unsigned> slots{0, 1, 7, 8, 15, 16, 23};
  std::map<unsigned, unsigned> arena_of;  // slot -> the arena its thread allocates from
  for (unsigned slot : slots) {
    std::thread t([&, slot] {
      void* p = std::malloc(64);  // the thread's first allocation picks its arena
      std::free(p);
      detour::use_thread_arena(slot);
      arena_of[slot] = read_unsigned("thread.arena");
    });
    t.join();
  }
  // A thread that joins again with another slot moves to that slot's arena.
  unsigned moved_back = 99;
  std::thread again([&] {
    detour::use_thread_arena(9);
    detour::use_thread_arena(3);
    moved_back = read_unsigned("thread.arena");
  });
  again.join();
  int bad = 0;
  auto expect = [&](bool ok, const char* what) {
    if (!ok) {
      std::fprintf(stderr, "heap_arenas_check: %s (opt.narenas %u; arenas of slots", what, narenas);
      for (unsigned s : slots) std::fprintf(stderr, " %u:%u", s, arena_of[s]);
      std::fprintf(stderr, ")\n");
      ++bad;
    }
  };
  if (narenas == 1) {
    expect(arena_of[0] == 0 && arena_of[1] == 0 && arena_of[7] == 0, "slots 0-7 are not on the first arena");
    expect(arena_of[8] != 0 && arena_of[8] == arena_of[15], "slots 8 and 15 do not share a second arena");
    expect(arena_of[16] != 0 && arena_of[16] != arena_of[8] && arena_of[16] == arena_of[23],
           "slots 16 and 23 do not share a third arena");
    expect(moved_back == 0, "a thread of slot 9, then of slot 3, is not back on the first arena");
  } else {  // the user's MALLOC_CONF stands: jemalloc's own round robin, nothing created
    expect(read_unsigned("arenas.narenas") == arenas_before, "an arena was created although narenas was set");
  }
  if (!bad) std::printf("heap_arenas_check: ok (opt.narenas %u)\n", narenas);
  return bad ? 1 : 0;
}
