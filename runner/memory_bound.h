// memory_bound: the memory bound of a page done in a worker process (`detour run
// --page-memory`, default 1 GiB): the resident memory that the worker and the external
// tools it runs for the page hold beyond what the worker shares with the run.
//
// What counts. A worker is forked from the run after the learning pass, so that it
// shares the documents, the kept pages and what the stages learnt with the run
// (copy-on-write). Those shared pages are not the page's: reading them costs nothing,
// and they must not count against a page however many of them a stage reads. What a
// page adds is what the worker writes or allocates (its copies of pages it changed,
// its trees and outputs) and everything its tools hold. Address space (the former
// RLIMIT_AS) measured none of that well and stopped every JVM and Node.js tool at
// start: they reserve gigabytes of address space they never touch (the JVM's heap and
// class space, V8's WebAssembly guard regions).
//
// Two ways to bound it, chosen when a run's workers start (probe_memory_bound):
//  - cgroup v2, where the machine delegates the memory controller to detour's cgroup
//    (a writable cgroup v2 folder whose cgroup.controllers lists "memory"; e.g.
//    `systemd-run --user --scope -p Delegate=yes detour run ...`, or a container whose
//    cgroup detour has to itself). Each worker slot gets a cgroup with memory.max = the
//    bound, memory.oom.group = 1 and no swap; the worker joins it right after fork and
//    its tools inherit it. The kernel charges a cgroup with the pages its processes
//    fault in, so what the worker shares with the run stays charged to the run, and
//    at the bound the kernel kills the worker with its tools; the run reads the
//    cgroup's memory.events to name the cause. Processes that leave the tools' process
//    groups are still counted.
//  - resident memory watched (everywhere else): the run thread that waits on a worker
//    reads, every 100 ms, the resident set (RSS, /proc/PID/statm: a counter) of the
//    worker and of every process in its tools' process groups (mirrored by the worker
//    into memory shared with the run, extractors/external.h). RSS counts every page a
//    process maps, shared ones included (after fork the worker maps all of the run's
//    memory), so it is only an upper bound: when the sum passes the bound, the unique
//    set (USS: Private_Clean + Private_Dirty + Private_Hugetlb of
//    /proc/PID/smaps_rollup, the pages no other process maps, i.e. what the page's
//    processes would give back by ending) decides. PSS would charge a worker a share
//    of every page it merely reads from the run (a third of the kept pages with two
//    workers); USS charges none of them. smaps_rollup walks a process's page tables
//    (about 1 ms per GiB mapped), so it is read at most once a second, or sooner when
//    RSS has grown by more than the room USS left. Over the bound, the worker is
//    stopped (SIGTERM: its tools are killed, its staging folders removed) and the
//    stage it was in fails: "memory bound of 1 GiB exceeded in JAR: 1.3 GiB resident
//    (worker 12.0 MiB, tools 1.3 GiB)". A fast allocator may pass the bound by what it
//    allocates in 100 ms before it is stopped.
//
// What is watched is the set of process groups in the worker's table, not one
// process: a tool kept running across pages (a served tool) is watched the same way
// once its process group is in the table, and a cgroup holds it from its start. When
// a worker is stopped or dies, the run kills the groups left in its table.
//
// DETOUR_MEMORY_BOUND=resident in the environment forces the second way where the
// first would run (=cgroup makes a run fail when cgroups cannot be used).
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace detour::harness {

// How this machine bounds a worker's memory.
struct MemoryBoundMethod {
  enum class Kind { Cgroup, Resident };
  Kind kind = Kind::Resident;
  std::string cgroup;  // Cgroup: the delegated cgroup v2 folder (where detour runs)
  std::string why;     // Resident: why cgroups are not used ("" when forced)
  // One line for the provenance and `detour list`: "cgroup v2 memory.max (under
  // /sys/fs/cgroup/x)", "resident memory watched (USS, every 100 ms): no cgroup v2
  // hierarchy with the memory controller (...)".
  std::string describe() const;
};

// Probes this process's cgroup v2 folder (from `proc_cgroup`, /proc/self/cgroup, and
// the cgroup2 mount of `mountinfo`, /proc/self/mountinfo): the cgroup way when the
// memory controller is available there and the folder is writable, else the resident
// way with the reason. `env` is DETOUR_MEMORY_BOUND's value (nullptr: unset). The
// arguments are for tests; probe_memory_bound() reads this process's files.
MemoryBoundMethod probe_memory_bound(const std::string& proc_cgroup, const std::string& mountinfo,
                                     const char* env);
MemoryBoundMethod probe_memory_bound();

// The cgroups of a run's worker slots (the cgroup way), made under the delegated
// folder D: detour-PID/ holds run/ (where detour moves itself when D is not the root
// cgroup: cgroup v2 lets a cgroup hand the memory controller to its children only when
// no process is in it) and w0, w1, ... (one per slot). Removed, and detour moved back
// into D, when destroyed; folders left by a detour killed earlier are removed when the
// next one starts.
class WorkerCgroups {
 public:
  // Throws std::runtime_error saying why when the cgroups cannot be made (other
  // processes share D, a write refused, ...), leaving D as it was.
  WorkerCgroups(const std::string& delegated, int slots, std::size_t bound);
  ~WorkerCgroups();
  WorkerCgroups(const WorkerCgroups&) = delete;
  WorkerCgroups& operator=(const WorkerCgroups&) = delete;

  // In a worker process right after fork: moves it into the slot's cgroup (its tools
  // follow). Only a write(2) to a descriptor opened beforehand. False on failure.
  bool join(int slot) const;
  // The kernel's OOM kills in the slot's cgroup so far (memory.events oom_kill).
  std::uint64_t oom_kills(int slot) const;
  std::string slot_path(int slot) const;

 private:
  std::string delegated_, group_;
  bool moved_self_ = false, enabled_in_delegated_ = false;
  int slots_made_ = 0;
  std::vector<int> procs_fds_;
  void tear_down() noexcept;
};

// The resident way: the memory of one worker and its tools, measured as above.
class ResidentMeter {
 public:
  using Clock = std::chrono::steady_clock;
  // `groups`: the worker's mirrored table of its tools' process groups
  // (extractors/external.h, kToolGroupSlots entries), shared with it.
  ResidentMeter(std::size_t bound, const std::atomic<pid_t>* groups) : bound_(bound), groups_(groups) {}
  ~ResidentMeter();
  ResidentMeter(const ResidentMeter&) = delete;
  ResidentMeter& operator=(const ResidentMeter&) = delete;

  // A new worker to watch.
  void watch(pid_t worker);

  struct Over {
    std::size_t total = 0, worker = 0, tools = 0;  // USS, bytes
  };
  // Measures now; the figures when the worker and its tools hold more than the bound.
  std::optional<Over> check(Clock::time_point now);

  // The sampling period.
  static constexpr std::chrono::milliseconds kPeriod{100};

 private:
  std::size_t bound_;
  const std::atomic<pid_t>* groups_;
  pid_t worker_ = -1;
  int worker_statm_ = -1;  // /proc/WORKER/statm, kept open
  std::vector<pid_t> members_;  // processes of the tools' groups, as last scanned
  std::vector<pid_t> scanned_groups_;
  Clock::time_point scanned_at_{};
  Clock::time_point precise_at_{};
  std::size_t precise_rss_ = 0, precise_uss_ = 0;
  bool have_precise_ = false;
};

// "memory bound of 1 GiB exceeded in JAR: 1.3 GiB resident (worker 12.0 MiB, tools
// 1.3 GiB)"; `where` is "in JAR" or where the worker was.
std::string memory_bound_reason(std::size_t bound, const std::string& where, const ResidentMeter::Over& over);
// "memory bound of 1 GiB exceeded in JAR (the kernel stopped the worker and its tools
// at their cgroup's memory.max)".
std::string cgroup_memory_reason(std::size_t bound, const std::string& where);

// The resident set (RSS) of a process in bytes (/proc/PID/statm), nullopt when gone.
std::optional<std::size_t> resident_bytes(pid_t pid);
// Its unique set (USS, /proc/PID/smaps_rollup), nullopt when gone.
std::optional<std::size_t> unique_bytes(pid_t pid);

}  // namespace detour::harness
