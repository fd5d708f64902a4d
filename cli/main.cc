// detour command-line entry point; subcommands live in cli/cli_*.cc.
#include <malloc.h>

#include "cli/cli.h"

#ifdef DETOUR_WITH_JEMALLOC
// jemalloc starts with one arena instead of four per core: a run's threads then reuse
// each other's freed pages, which lowers a run's peak (a quarter shard of the x10 DANIEL
// corpus: 104 to 101 MB, its allocator's resident memory at the end 91 to 81 MB;
// docs/clusters.md). Runs of more threads than
// kThreadsPerArena get further arenas (base/heap.h, use_thread_arena). MALLOC_CONF in
// the environment overrides this.
extern "C" {
const char* malloc_conf = "narenas:1";
}
#endif

int main(int argc, char** argv) {
  // Scoring allocates and frees many large per-document buffers; keep them in the
  // heap instead of mapping and unmapping them each time (page faults dominated).
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  return detour::cli::main(argc, argv);
}
