// cpu_time: CPU time of the calling thread and of the whole process. Thread CPU time,
// not wall time, is what a part of a run costs whatever else the machine is doing; the
// process's is the sum over its threads.
#pragma once

#include <time.h>

#include <cstdint>

namespace detour {

inline std::int64_t clock_ns(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// The calling thread's CPU time, in nanoseconds and in seconds.
inline std::int64_t thread_cpu_ns() { return clock_ns(CLOCK_THREAD_CPUTIME_ID); }
inline double thread_cpu_seconds() { return static_cast<double>(thread_cpu_ns()) * 1e-9; }

// The process's CPU time (all its threads), in seconds.
inline double process_cpu_seconds() { return static_cast<double>(clock_ns(CLOCK_PROCESS_CPUTIME_ID)) * 1e-9; }

}  // namespace detour
