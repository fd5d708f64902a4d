// heap: giving the memory the allocator holds free back to the system.
//
// The detour program runs on jemalloc (CMakeLists.txt, DETOUR_JEMALLOC), which keeps
// freed pages for reuse and returns them some seconds later; glibc's malloc keeps
// them until malloc_trim. At the end of a phase whose memory is not used again (a
// corpus listing, a learning pass, a run's page work before its records are put
// together), release_free_memory() returns what each allocator holds free at once,
// so that the next phase's peak does not stack on the last one's leftovers.
#pragma once

namespace detour {

// malloc_trim(0), and with jemalloc (found at run time) a purge of every arena's
// unused pages.
void release_free_memory();

// jemalloc arenas for a run's threads. The detour program starts jemalloc with one
// arena (cli/main.cc): the run's threads reuse each other's freed pages instead of each
// keeping its own, which lowers the peak of a run. Many threads would contend for one
// arena's locks, so each further group of kThreadsPerArena threads gets an arena of its
// own: use_thread_arena(slot) makes the calling thread (slot 0, 1, ... of a pool)
// allocate from arena slot / kThreadsPerArena, created on first use. It does nothing
// without jemalloc, or when jemalloc was started with more than one arena (MALLOC_CONF
// narenas:N: the user's choice stands).
inline constexpr unsigned kThreadsPerArena = 8;
void use_thread_arena(unsigned slot);

}  // namespace detour
