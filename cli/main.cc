// detour command-line entry point; subcommands live in cli/cli_*.cc.
#include <malloc.h>

#include "cli/cli.h"

int main(int argc, char** argv) {
  // Scoring allocates and frees many large per-document buffers; keep them in the
  // heap instead of mapping and unmapping them each time (page faults dominated).
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  return detour::cli::main(argc, argv);
}
