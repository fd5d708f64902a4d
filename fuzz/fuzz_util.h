// fuzz_util: what the libFuzzer targets in fuzz/ share: a check that reports a broken
// property with its message and aborts, so that libFuzzer records the input.
#pragma once

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond, what)                                                     \
  do {                                                                             \
    if (!(cond)) {                                                                 \
      std::fprintf(stderr, "property broken at %s:%d: %s\n", __FILE__, __LINE__, what); \
      std::abort();                                                                \
    }                                                                              \
  } while (0)
