// workers: a run's pages done in worker processes under a watchdog, so that no page
// can stall or swamp the run (`detour run --isolation process`, the default).
//
// Why processes. A library call -- the HTML parser on a hostile page, an extractor's
// loop over a million nodes -- cannot be stopped safely inside the process that
// makes it: a thread cannot be killed, and a signal handler that jumps out of gumbo,
// the allocator or ICU leaves their locks held and their memory lost. A process can
// be killed at any instant, its memory can be bounded (runner/memory_bound.h), and
// killing it loses nothing of the run. The cheap pre-checks (corpora::PageLimits: a
// size cap, binary pages refused, markup bounds) make the common hostile cases fail
// fast and linearly; the worker processes bound everything else.
//
// How. The run forks one worker per thread after its preparation, so the workers
// share what the corpus-aware stages learnt (copy-on-write) and nothing needs to be
// serialised but pages' results. A run thread hands its worker one page at a time
// (its index) and reads back, as they happen, the stage that starts and each
// system's result (page_work.h). The worker times each stage with a CPU-time timer
// that kills it (SIGXCPU) at the stage budget; the run thread also stops a stage that
// lasts longer than a wall-clock limit (a stage blocked without using CPU). When a
// worker dies -- at the budget, over its memory limit, or crashed -- the run thread
// records the stage it was in as failed on that page ("time budget of 10 s exceeded
// in BP", "memory bound of 1 GiB exceeded in JAR: 1.3 GiB resident"), starts a new
// worker, and has it finish the page: the systems already
// done are kept, every chain through the failed stage fails with it, the others run.
// Results land in slots fixed by page order, so the bytes of the run do not depend
// on --jobs; a page's result depends only on the page (a page stopped at a budget is
// the exception a budget makes).
//
// A worker runs external tools itself (extractors/external.h), and keeps its own
// instance of each served tool (extractors/serve.h) from its first page to its end
// (then their standard input is closed and they have a moment to exit). When it is
// stopped (SIGTERM, then SIGKILL after a grace period; SIGXCPU; the run's death), the
// tools' process groups are killed and its staging folders removed first, so nothing
// outlives its page; a tool also dies with its worker by its parent-death signal.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "runner/page_work.h"

namespace detour::harness {

struct WorkerOptions {
  int workers = 1;
  // CPU seconds a stage may take (PageJob::stage_budget); 0 = none.
  double stage_budget = 0;
  // Wall-clock seconds a built-in stage may last before the watchdog stops it (for
  // stages that block; the CPU budget stops the others first). 0 = none.
  double wall_limit = 0;
  // Wall-clock seconds an external stage may last (its tool's timeout and a margin).
  double external_wall_limit = 0;
  // Bytes of resident memory a worker and its tools may hold beyond what the worker
  // shares with the run (runner/memory_bound.h: a cgroup's memory.max, or the
  // resident set watched); the stage over it fails ("memory bound of 1 GiB exceeded
  // in JAR: 1.3 GiB resident"). 0 = none.
  std::size_t memory_limit = 0;
  // Polled while a page runs (every 250 ms): true stops every worker (stop()).
  std::function<bool()> should_stop;
};

class WorkerPool {
 public:
  // `docs` are the run's documents (read by the workers, by index). Forks every worker
  // at once: make the pool after the pipeline is prepared and before the run's
  // records are (what the run writes later is not copied into the workers; a worker
  // that replaces a dead one is forked from the run as it is then). Throws
  // std::runtime_error when a worker cannot be started.
  WorkerPool(const PageJob& job, const std::vector<corpora::CorpusDoc>& docs, const WorkerOptions& options);
  ~WorkerPool();  // stops and reaps every worker
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Does page `doc` on worker `slot` (0 <= slot < workers; one caller per slot at a
  // time) and returns its result, with the stages the watchdog stopped recorded as
  // failures. `on_system`, when given, is called with each system's result as it
  // comes (it may take the output text away: the result keeps what it leaves).
  // Throws std::runtime_error when no worker can be started.
  // `next`: the page this slot will be given next, if known (its worker loads it and
  // sends it ahead to the served tools that take pages ahead: Extractor::send_ahead).
  PageResult run(int slot, std::size_t doc, const std::function<void(std::size_t, SystemPage&)>& on_system = {},
                 std::optional<std::size_t> next = std::nullopt);

  // Stops every worker now (SIGTERM: their tools are killed; then SIGKILL). Safe to
  // call from another thread while run() waits; run() then returns what it has, the
  // remaining systems failed ("stopped").
  void stop();

  // Worker processes started so far (the first ones and their replacements).
  std::size_t started() const;

  // How the workers' memory is bounded here (MemoryBoundMethod::describe()), "" when
  // it is not (memory_limit 0).
  std::string memory_bound() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace detour::harness
