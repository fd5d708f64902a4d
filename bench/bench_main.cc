// Entry point of detour_bench: the one BENCHMARK_MAIN of all bench/*.cc files.
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
