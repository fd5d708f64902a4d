// run_threads: the threads of a run, scoring pass or preparation. At most `threads`
// of them (oneTBB's global limit) and, when there are more than kThreadsPerArena,
// each further group of threads allocating from a jemalloc arena of its own
// (base/heap.h: the detour program starts with one arena, which lowers a run's peak,
// and one arena for many threads would contend for its locks).
#pragma once

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_scheduler_observer.h>

#include "base/heap.h"

namespace detour::harness {

class RunThreads {
 public:
  explicit RunThreads(int threads)
      : limit_(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads)),
        arenas_(threads > static_cast<int>(kThreadsPerArena)) {}

 private:
  // Binds each thread that joins the run's work to its group's arena.
  class Arenas : public tbb::task_scheduler_observer {
   public:
    explicit Arenas(bool on) {
      if (on) observe(true);
    }
    ~Arenas() override { observe(false); }
    void on_scheduler_entry(bool) override {
      const int slot = tbb::this_task_arena::current_thread_index();
      if (slot >= 0) use_thread_arena(static_cast<unsigned>(slot));
    }
  };
  tbb::global_control limit_;
  Arenas arenas_;
};

}  // namespace detour::harness
