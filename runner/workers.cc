// workers: see workers.h.
#include "runner/workers.h"

#include <errno.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <new>
#include <cstdlib>
#include <optional>
#include <mutex>
#include <set>
#include <stdexcept>

#include "base/bytes.h"
#include "base/heap.h"
#include "base/strings.h"
#include "extractors/external.h"
#include "runner/memory_bound.h"
#include "extractors/serve.h"

namespace detour::harness {

namespace {

using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------------------------
// Frames on a stream socket: u32 length, then that many bytes (the first a type).

bool write_all(int fd, const char* p, std::size_t n) {
  while (n > 0) {
    ssize_t w = ::send(fd, p, n, MSG_NOSIGNAL);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

bool send_frame(int fd, const std::string& body) {
  ByteWriter head;
  head.u32(static_cast<std::uint32_t>(body.size()));
  return write_all(fd, head.bytes().data(), 4) && write_all(fd, body.data(), body.size());
}

bool read_all(int fd, char* p, std::size_t n) {
  while (n > 0) {
    ssize_t r = ::read(fd, p, n);
    if (r < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (r == 0) return false;
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

// Reads one frame (blocking). False at the end of the stream or on an error.
bool read_frame(int fd, std::string& body) {
  char head[4];
  if (!read_all(fd, head, 4)) return false;
  const std::uint32_t n = ByteReader(std::string_view(head, 4)).u32();
  body.resize(n);
  return read_all(fd, body.data(), n);
}

// Messages, worker to run: a system is done, the page is done.
constexpr std::uint8_t kSystem = 'Y', kDone = 'D';

// The stage a worker is in, on memory shared by the run and its worker (mapped before
// the worker is forked): the worker writes it as a stage starts, with no message
// (a message per stage woke the run thread some 75 times a page: measured at about 3%
// of a DANIEL run's CPU), and the run thread reads it whenever it wakes (a system's
// result, the worker's death, its watchdog tick). A sequence lock: `seq` is odd
// while the worker writes.
struct StageBoard {
  static constexpr std::size_t kText = 2048;
  std::atomic<std::uint64_t> seq{0};
  std::int64_t started_ns = 0;  // steady clock, when the stage started
  std::uint32_t key_size = 0, label_size = 0;
  char key[kText], label[kText];
  // The process groups of the tools the worker runs (mirrored by it, extractors/
  // external.h), for the run's memory watch.
  std::atomic<pid_t> tools[kToolGroupSlots] = {};

  // Worker side.
  void write(const std::string& k, const std::string& l) {
    const std::uint64_t s0 = seq.load(std::memory_order_relaxed);
    seq.store(s0 + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    key_size = static_cast<std::uint32_t>(std::min(k.size(), kText));
    label_size = static_cast<std::uint32_t>(std::min(l.size(), kText));
    std::memcpy(key, k.data(), key_size);
    std::memcpy(label, l.data(), label_size);
    started_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
    seq.store(s0 + 2, std::memory_order_release);
  }
  // Run side, while its worker waits for a page (no stage yet).
  void clear() {
    const std::uint64_t s0 = seq.load(std::memory_order_relaxed);
    key_size = label_size = 0;
    seq.store(s0 + 2, std::memory_order_release);
  }
  // Run side: the stage as last written completely; false while it is being written.
  bool read(std::string& k, std::string& l, Clock::time_point& started) const {
    const std::uint64_t s0 = seq.load(std::memory_order_acquire);
    if (s0 & 1) return false;
    const std::uint32_t ks = std::min<std::uint32_t>(key_size, kText), ls = std::min<std::uint32_t>(label_size, kText);
    std::string k2(key, ks), l2(label, ls);
    const std::int64_t ns = started_ns;
    std::atomic_thread_fence(std::memory_order_acquire);
    if (seq.load(std::memory_order_relaxed) != s0) return false;
    if (ks > 0) started = Clock::time_point(std::chrono::nanoseconds(ns));
    k = std::move(k2);
    l = std::move(l2);
    return true;
  }
};

void write_system(ByteWriter& w, const SystemPage& sp) {
  const results::PageRecord& r = sp.record;
  w.str(r.status);
  w.str(r.reason);
  w.u64(r.notes.size());
  for (const auto& [k, v] : r.notes) {
    w.str(k);
    w.str(v);
  }
  w.f64(r.millis);
  w.str(sp.output);
  w.boolean(sp.scores.has_value());
  if (sp.scores) {
    w.u64(sp.scores->size());
    for (const auto& d : *sp.scores) {
      w.i64(d.tp);
      w.i64(d.fp);
      w.i64(d.fn);
      w.u64(d.values.size());
      for (double v : d.values) w.f64(v);
    }
  }
}

SystemPage read_system(ByteReader& r) {
  SystemPage sp;
  results::PageRecord& rec = sp.record;
  rec.status = r.str();
  rec.reason = r.str();
  for (std::uint64_t n = r.count(16); n > 0; --n) {
    std::string k = r.str();
    rec.notes[std::move(k)] = r.str();
  }
  rec.millis = r.f64();
  sp.output = r.str();
  if (r.boolean()) {
    std::vector<metrics::DocScore> scores(static_cast<std::size_t>(r.count(32)));
    for (auto& d : scores) {
      d.tp = r.i64();
      d.fp = r.i64();
      d.fn = r.i64();
      d.values.resize(static_cast<std::size_t>(r.count(8)));
      for (double& v : d.values) v = r.f64();
    }
    sp.scores = std::move(scores);
  }
  return sp;
}

// No next page (request()).
constexpr std::uint64_t kNoNext = ~std::uint64_t{0};

std::string request(std::size_t doc, const PageForced& forced, std::uint64_t next) {
  ByteWriter w;
  w.u64(doc);
  w.u64(next);
  w.u64(forced.failed.size());
  for (const auto& [k, v] : forced.failed) {
    w.str(k);
    w.str(v);
  }
  w.u64(forced.known.size());
  for (char c : forced.known) w.u8(static_cast<std::uint8_t>(c));
  return w.take();
}

std::string signal_text(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
}

// "in BP", or where a worker is before its page's first stage.
std::string stage_place(const std::string& label) {
  return label.empty() ? "before the page's first stage" : "in " + label;
}

std::string seconds_text(double s) {
  std::string t = std::to_string(s);
  while (t.size() > 1 && t.back() == '0') t.pop_back();
  if (!t.empty() && t.back() == '.') t.pop_back();
  return t;
}

// ---------------------------------------------------------------------------------
// The worker process.

// Pages of this many bytes of text or more (and pages that could not be loaded: a
// refused page may have been read whole) are followed by release_free_memory().
constexpr std::size_t kTrimAfter = std::size_t{1} << 20;

// The stage timer: a CPU-time timer of the process that raises SIGXCPU at the budget.
class StageTimer {
 public:
  explicit StageTimer(double budget) : budget_(budget) {
    if (budget_ <= 0) return;
    sigevent ev{};
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGXCPU;
    armed_ok_ = timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &timer_) == 0;
  }
  void arm() { set(budget_); }
  void disarm() { set(0); }

 private:
  void set(double seconds) {
    if (!armed_ok_) return;
    itimerspec its{};
    its.it_value.tv_sec = static_cast<time_t>(seconds);
    its.it_value.tv_nsec = static_cast<long>((seconds - static_cast<double>(its.it_value.tv_sec)) * 1e9);
    timer_settime(timer_, 0, &its, nullptr);
  }
  double budget_;
  timer_t timer_{};
  bool armed_ok_ = false;
};

class WorkerProgress : public PageProgress {
 public:
  WorkerProgress(int fd, StageBoard& board, StageTimer& timer) : fd_(fd), board_(board), timer_(timer) {}
  void stage(const std::string& key, const std::string& label) override {
    board_.write(key, label);
    timer_.arm();  // the budget counts from here
  }
  void system(std::size_t s, const SystemPage& page) override {
    timer_.disarm();
    ByteWriter w;
    w.u8(kSystem);
    w.u64(s);
    write_system(w, page);
    if (!send_frame(fd_, w.bytes())) die();
  }
  bool passes_results_on() const override { return true; }
  [[noreturn]] static void die() {
    close_served_tools();  // their standard input closed, a moment to exit
    finish_external_tools();
    ::_exit(0);  // the run is gone
  }

 private:
  int fd_;
  StageBoard& board_;
  StageTimer& timer_;
};

[[noreturn]] void worker_main(int fd, StageBoard& board, const PageJob& job, const std::vector<corpora::CorpusDoc>& docs,
                              const WorkerOptions& opt, pid_t run_pid) {
  // Dies with the run; its tools die with it (the termination handlers kill them).
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != run_pid) ::_exit(0);
  // Ctrl-C reaches the whole process group: the run decides what stops (it stops its
  // workers with SIGTERM).
  signal(SIGINT, SIG_IGN);
  clean_up_external_tools_on(SIGTERM);
  clean_up_external_tools_on(SIGHUP);
  clean_up_external_tools_on(SIGXCPU);
  rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  // Its tools' process groups where the run can see them (the memory watch). No limit
  // on address space: the memory bound is the run's (runner/memory_bound.h).
  mirror_tool_groups(board.tools);
  // The heap is not given back to the system as pages free it (glibc's default trims
  // the heap's top whenever 128 KiB are free there, and serves blocks over 128 KiB to
  // 32 MiB with mmap: a page's trees and outputs were then faulted in again page after
  // page), only after a large page (kTrimAfter); blocks up to 32 MiB come from the heap.
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  StageTimer timer(opt.stage_budget);
  const pid_t self = getpid();
  std::size_t resident_after_release = resident_bytes(self).value_or(0);
  std::string body;
  PageAhead ahead;  // the next page, loaded and sent ahead to served tools that take it
  for (;;) {
    if (!read_frame(fd, body)) WorkerProgress::die();  // the run is done with us
    PageForced forced;
    std::size_t doc = 0;
    std::uint64_t next = kNoNext;
    try {
      ByteReader r(body);
      doc = static_cast<std::size_t>(r.u64());
      next = r.u64();
      for (std::uint64_t n = r.count(16); n > 0; --n) {
        std::string k = r.str();
        forced.failed[std::move(k)] = r.str();
      }
      forced.known.resize(static_cast<std::size_t>(r.count(1)));
      for (char& c : forced.known) c = static_cast<char>(r.u8());
    } catch (const ByteError&) {
      ::_exit(3);
    }
    if (doc >= docs.size() || (next != kNoNext && next >= docs.size())) ::_exit(3);
    ahead.next.reset();
    ahead.next_doc = nullptr;
    if (next != kNoNext) {
      ahead.next = static_cast<std::size_t>(next);
      ahead.next_doc = &docs[ahead.next.value()];
    }
    WorkerProgress progress(fd, board, timer);
    PageResult result = work_page(job, doc, docs[doc], forced, progress, &ahead);
    timer.disarm();
    ByteWriter w;
    w.u8(kDone);
    w.str(result.decode_note);
    if (!send_frame(fd, w.bytes())) WorkerProgress::die();
    // A large page's memory back to the system (it would otherwise stay in the
    // worker's heap for the rest of the run). Not after every page: trimming returns
    // the heap's free pages, which the next page then faults in again (measured: about
    // 4% of a DANIEL run's CPU when done after each page).
    const bool large = result.page_bytes >= kTrimAfter || result.page_bytes == 0;  // 0: refused or unreadable
    result = {};
    if (large) {
      release_free_memory();
      resident_after_release = resident_bytes(self).value_or(0);
    } else if (opt.memory_limit > 0) {
      // Memory freed but held by the allocator counts in the worker's resident set,
      // which the memory bound watches: after a page whose work grew it by more than a
      // quarter of the bound (a small page can build large trees), it is given back,
      // so that no later page is charged with it.
      const std::size_t now = resident_bytes(self).value_or(0);
      if (now > resident_after_release + opt.memory_limit / 4) {
        release_free_memory();
        resident_after_release = resident_bytes(self).value_or(0);
      }
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------
// The run's side.

struct WorkerPool::Impl {
  struct Worker {
    pid_t pid = -1;
    int fd = -1;
    std::size_t pages = 0;  // pages it finished (its served tools have seen them all)
  };
  const PageJob& job;
  const std::vector<corpora::CorpusDoc>& docs;
  WorkerOptions opt;
  std::vector<Worker> workers;
  std::mutex fork_m;  // one fork at a time; guards `workers`' pids and fds
  std::atomic<bool> stopping{false};
  std::atomic<std::size_t> started{0};
  const pid_t run_pid = getpid();
  StageBoard* boards = nullptr;  // one per slot, shared with the workers
  std::size_t boards_bytes = 0;
  // The memory bound (runner/memory_bound.h): the workers' cgroups, or a meter per
  // slot; neither when unbounded.
  MemoryBoundMethod method;
  std::optional<WorkerCgroups> cgroups;
  std::vector<std::uint64_t> oom_kills_at_spawn;  // by slot (cgroups)
  std::vector<std::unique_ptr<ResidentMeter>> meters;  // by slot (resident memory)

  Impl(const PageJob& j, const std::vector<corpora::CorpusDoc>& d, const WorkerOptions& o)
      : job(j), docs(d), opt(o), workers(static_cast<std::size_t>(std::max(1, o.workers))) {
    boards_bytes = sizeof(StageBoard) * workers.size();
    void* m = ::mmap(nullptr, boards_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
      throw std::runtime_error(std::string("cannot start the worker processes: mmap: ") + strerror(errno));
    boards = static_cast<StageBoard*>(m);
    for (std::size_t i = 0; i < workers.size(); ++i) new (&boards[i]) StageBoard();
    if (opt.memory_limit > 0) {
      method = probe_memory_bound();  // throws when DETOUR_MEMORY_BOUND is wrong
      if (method.kind == MemoryBoundMethod::Kind::Cgroup) {
        try {
          cgroups.emplace(method.cgroup, static_cast<int>(workers.size()), opt.memory_limit);
          oom_kills_at_spawn.assign(workers.size(), 0);
        } catch (const std::runtime_error& e) {
          if (const char* env = std::getenv("DETOUR_MEMORY_BOUND"); env && std::string(env) == "cgroup") throw;
          method.kind = MemoryBoundMethod::Kind::Resident;
          method.why = e.what();
        }
      }
      if (!cgroups)
        for (std::size_t i = 0; i < workers.size(); ++i)
          meters.push_back(std::make_unique<ResidentMeter>(opt.memory_limit, boards[i].tools));
    }
  }
  ~Impl() {
    cgroups.reset();  // (the pool's destructor has reaped the workers)
    if (boards) ::munmap(boards, boards_bytes);
  }

  void spawn(int slot) {
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
      throw std::runtime_error(std::string("cannot start a worker process: socketpair: ") + strerror(errno));
    std::lock_guard<std::mutex> l(fork_m);
    if (cgroups) oom_kills_at_spawn[slot] = cgroups->oom_kills(slot);
    const pid_t pid = ::fork();
    if (pid < 0) {
      const int e = errno;
      ::close(sv[0]);
      ::close(sv[1]);
      throw std::runtime_error(std::string("cannot start a worker process: fork: ") + strerror(e));
    }
    if (pid == 0) {
      if (cgroups && !cgroups->join(slot)) ::_exit(4);  // (the page fails: the worker exited, status 4)
      ::close(sv[0]);
      for (const Worker& w : workers)
        if (w.fd >= 0) ::close(w.fd);
      worker_main(sv[1], boards[slot], job, docs, opt, run_pid);
    }
    ::close(sv[1]);
    workers[slot] = {pid, sv[0]};
    if (!meters.empty()) meters[slot]->watch(pid);
    started.fetch_add(1);
  }

  // Stops the slot's worker: SIGTERM (its tools are killed, its folders removed), then
  // SIGKILL after a grace period. Returns its wait status.
  int stop_worker(int slot, bool gently) {
    Worker w;
    {
      std::lock_guard<std::mutex> l(fork_m);
      w = workers[slot];
      workers[slot] = {};
    }
    if (w.pid < 0) return 0;
    int st = 0;
    if (gently) {
      ::kill(w.pid, SIGTERM);
      for (int i = 0; i < 100; ++i) {  // 1 s
        if (::waitpid(w.pid, &st, WNOHANG) == w.pid) {
          ::close(w.fd);
          kill_left_tools(slot);
          return st;
        }
        timespec ts{0, 10'000'000};
        nanosleep(&ts, nullptr);
      }
    }
    ::kill(w.pid, SIGKILL);
    while (::waitpid(w.pid, &st, 0) < 0 && errno == EINTR) {
    }
    ::close(w.fd);
    kill_left_tools(slot);
    return st;
  }

  // The process groups of tools that a worker, now gone, left in its table (it was
  // killed before it could kill them, or crashed): killed, so that nothing of a
  // page outlives its worker, whatever ended it.
  void kill_left_tools(int slot) {
    for (std::atomic<pid_t>& g : boards[slot].tools)
      if (const pid_t p = g.exchange(0); p > 0) ::kill(-p, SIGKILL);
  }

  // The worker of the slot died (its stream ended): reaps it, returns its wait status.
  int reap(int slot) {
    Worker w;
    {
      std::lock_guard<std::mutex> l(fork_m);
      w = workers[slot];
      workers[slot] = {};
    }
    int st = 0;
    if (w.pid >= 0) {
      // The stream ends a moment before the process does.
      while (::waitpid(w.pid, &st, 0) < 0 && errno == EINTR) {
      }
      ::close(w.fd);
      kill_left_tools(slot);
    }
    return st;
  }

  bool is_external(const std::string& label) const { return job.pipeline->is_external(label); }

  PageResult run(int slot, std::size_t doc, const std::function<void(std::size_t, SystemPage&)>& on_system,
                 std::optional<std::size_t> next) {
    const std::size_t n_systems = job.systems->size();
    PageResult res;
    res.systems.resize(n_systems);
    PageForced forced;
    forced.known.assign(n_systems, 0);
    int deaths_before_a_stage = 0;
    // Stages stopped over the memory bound in a worker that had done other pages, tried
    // once more in a fresh worker: what a served tool (or the worker) kept from earlier
    // pages is not this page's, so the page fails only if it is over the bound alone.
    std::set<std::string> retried_fresh;
    auto finish_remaining = [&](const std::string& why) {
      for (std::size_t s = 0; s < n_systems; ++s)
        if (!forced.known[s]) {
          res.systems[s].record.status = "failed";
          res.systems[s].record.reason = why;
        }
      if (res.decode_note.empty()) res.decode_note = "unreadable";
      return res;
    };
    std::string body;
    for (;;) {
      if (stopping.load()) return finish_remaining("stopped");
      if (workers[slot].pid < 0) spawn(slot);
      const int fd = workers[slot].fd;
      std::string key, label;
      std::string death;  // why the worker is gone, once it is
      bool killed_by_us = false, over_memory = false;
      const std::size_t pages_before = workers[slot].pages;
      StageBoard& board = boards[slot];
      Clock::time_point stage_start = Clock::now();
      board.clear();  // the worker is waiting for its page
      Clock::time_point next_memory_check = Clock::now() + ResidentMeter::kPeriod;
      if (!send_frame(fd, request(doc, forced, next ? *next : kNoNext))) {
        death = "worker process gone";
      } else {
        for (;;) {
          board.read(key, label, stage_start);  // the stage it is in (unchanged while being written)
          int timeout_ms = 250;  // also to notice stop()
          if (!meters.empty()) {  // the memory bound, watched
            const Clock::time_point now = Clock::now();
            if (now >= next_memory_check) {
              next_memory_check = now + ResidentMeter::kPeriod;
              if (const auto over = meters[slot]->check(now)) {
                stop_worker(slot, /*gently=*/true);
                killed_by_us = over_memory = true;
                death = memory_bound_reason(opt.memory_limit, stage_place(label), *over);
                break;
              }
            }
            const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next_memory_check - now).count();
            timeout_ms = std::min<int>(timeout_ms, static_cast<int>(std::max<long long>(wait, 0)) + 1);
          }
          // Wait for the next message, at most until the stage's wall-clock limit.
          const double limit = key.empty() ? 0 : is_external(label) ? opt.external_wall_limit : opt.wall_limit;
          if (limit > 0) {
            const double left = limit - std::chrono::duration<double>(Clock::now() - stage_start).count();
            if (left <= 0) {
              stop_worker(slot, /*gently=*/true);
              killed_by_us = true;
              death = "wall-clock limit of " + seconds_text(limit) + " s exceeded in " + label;
              break;
            }
            timeout_ms = std::min(timeout_ms, static_cast<int>(left * 1000) + 1);
          }
          pollfd p{fd, POLLIN, 0};
          const int r = ::poll(&p, 1, timeout_ms);
          if (r < 0 && errno != EINTR) {
            death = std::string("poll: ") + strerror(errno);
            break;
          }
          if (!stopping.load() && opt.should_stop && opt.should_stop()) stop_all();
          if (stopping.load()) {
            stop_worker(slot, /*gently=*/true);
            return finish_remaining("stopped");
          }
          if (r <= 0) continue;
          if (!read_frame(fd, body)) {  // the worker died: see below
            board.read(key, label, stage_start);
            break;
          }
          try {
            ByteReader m(body);
            const std::uint8_t type = m.u8();
            if (type == kSystem) {
              const std::size_t s = static_cast<std::size_t>(m.u64());
              if (s >= n_systems) throw ByteError("system out of range");
              res.systems[s] = read_system(m);
              forced.known[s] = 1;
              if (on_system) on_system(s, res.systems[s]);
            } else if (type == kDone) {
              res.decode_note = m.str();
              for (std::size_t s = 0; s < n_systems; ++s)
                if (!forced.known[s]) throw ByteError("a system missing from the page's results");
              ++workers[slot].pages;
              return res;
            } else {
              throw ByteError("unknown message");
            }
          } catch (const ByteError& e) {
            stop_worker(slot, /*gently=*/true);
            killed_by_us = true;
            death = std::string("worker process sent a bad message (") + e.what() + ")";
            break;
          }
        }
      }
      if (!killed_by_us) {
        const int st = reap(slot);
        const std::string where = stage_place(label);
        if (WIFSIGNALED(st) && WTERMSIG(st) == SIGXCPU && opt.stage_budget > 0)
          death = budget_reason(opt.stage_budget, label.empty() ? "the worker" : label);
        else if (WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL && cgroups &&
                 cgroups->oom_kills(slot) > oom_kills_at_spawn[slot]) {
          death = cgroup_memory_reason(opt.memory_limit, where);
          over_memory = true;
        }
        else if (WIFSIGNALED(st))
          death = "worker process died of " + signal_text(WTERMSIG(st)) + " " + where;
        else if (death.empty())
          death = "worker process exited (status " + std::to_string(WIFEXITED(st) ? WEXITSTATUS(st) : -1) + ") " + where;
      }
      if (stopping.load()) return finish_remaining("stopped");
      // The page is done again in a new worker, without the next page sent ahead: a
      // served tool's work on that page counts in this one's memory, and a worker
      // that died loading it must not die again.
      forced.failed.emplace("send ahead", death);
      if (key.empty()) {
        // Died before any stage of the page: once more, then the page fails.
        if (++deaths_before_a_stage >= 2) return finish_remaining(death);
        continue;
      }
      deaths_before_a_stage = 0;
      if (over_memory && pages_before > 0 && retried_fresh.insert(key).second) continue;  // a fresh worker next
      forced.failed[key] = over_memory && retried_fresh.count(key) ? death + " (again in a fresh worker)" : death;
    }
  }

  void stop_all() {
    stopping.store(true);
    std::lock_guard<std::mutex> l(fork_m);
    for (const Worker& w : workers)
      if (w.pid > 0) ::kill(w.pid, SIGTERM);
  }
};

WorkerPool::WorkerPool(const PageJob& job, const std::vector<corpora::CorpusDoc>& docs, const WorkerOptions& options)
    : impl_(std::make_unique<Impl>(job, docs, options)) {
  // Every worker now: forked from the process as it is when the pool is made.
  for (int slot = 0; slot < static_cast<int>(impl_->workers.size()); ++slot) impl_->spawn(slot);
}

WorkerPool::~WorkerPool() {
  // Workers exit at the end of their stream (after removing their staging folders).
  std::vector<Impl::Worker> ws;
  {
    std::lock_guard<std::mutex> l(impl_->fork_m);
    ws = impl_->workers;
    for (auto& w : impl_->workers) w = {};
  }
  for (const auto& w : ws)
    if (w.fd >= 0) ::close(w.fd);
  for (const auto& w : ws) {
    if (w.pid < 0) continue;
    int st = 0;
    bool gone = false;
    for (int i = 0; i < 300 && !gone; ++i) {  // 3 s
      gone = ::waitpid(w.pid, &st, WNOHANG) == w.pid;
      if (!gone) {
        timespec ts{0, 10'000'000};
        nanosleep(&ts, nullptr);
      }
    }
    if (!gone) {
      ::kill(w.pid, SIGKILL);
      ::waitpid(w.pid, &st, 0);
    }
  }
}

PageResult WorkerPool::run(int slot, std::size_t doc, const std::function<void(std::size_t, SystemPage&)>& on_system,
                           std::optional<std::size_t> next) {
  return impl_->run(slot, doc, on_system, next);
}
void WorkerPool::stop() { impl_->stop_all(); }
std::size_t WorkerPool::started() const { return impl_->started.load(); }
std::string WorkerPool::memory_bound() const {
  if (impl_->opt.memory_limit == 0) return {};
  return format_bytes(impl_->opt.memory_limit) + " per worker: " + impl_->method.describe();
}

}  // namespace detour::harness
