// clones: the kernels of the statistics compiled for several x86-64 levels and picked
// at run time (the library is built for the baseline). They give the same bits on
// every level: all their arithmetic is exact (integers, or doubles on integers below
// 2^53).
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define DETOUR_STATS_X86 1
#define DETOUR_STATS_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#define DETOUR_STATS_V4 __attribute__((target("arch=x86-64-v4")))
#else
#define DETOUR_STATS_CLONES
#endif
