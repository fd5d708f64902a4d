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

}  // namespace detour
