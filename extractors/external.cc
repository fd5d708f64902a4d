#include "extractors/external.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

#include "extractors/answer.h"

extern char** environ;

namespace detour {

namespace fs = std::filesystem;

std::vector<std::string> split_command(const std::string& s) {
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\'') {
      auto end = s.find('\'', i + 1);
      if (end == std::string::npos) throw UsageError("unterminated ' in command: " + s);
      cur += s.substr(i + 1, end - i - 1);
      in_word = true;
      i = end;
    } else if (c == '"') {
      ++i;
      for (; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\')) ++i;
        cur += s[i];
      }
      if (i >= s.size()) throw UsageError("unterminated \" in command: " + s);
      in_word = true;
    } else if (c == '\\' && i + 1 < s.size()) {
      cur += s[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(cur));
      cur.clear();
      in_word = false;
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(cur));
  return words;
}

namespace {
std::string format_seconds(double s) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}
}  // namespace

double check_timeout(double seconds) {
  if (!std::isfinite(seconds) || seconds <= 0 || seconds > kMaxTimeoutSeconds)
    throw UsageError("--timeout must be a number of seconds above 0 and at most " + format_seconds(kMaxTimeoutSeconds) +
                     ", got " + format_seconds(seconds));
  return seconds;
}

std::size_t parse_output_cap(const std::string& text) {
  if (auto n = parse_byte_size(text)) return *n;
  throw UsageError("--max-output expects a size such as 64M, 1G or 65536 (bytes; units K, M, G of 1024), from 1 byte "
                   "to 64 GiB, got '" + text + "'");
}

ExternalSpec parse_external_spec(const std::string& text, double timeout_seconds, std::size_t max_output_bytes,
                                 const std::string& option) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 >= text.size())
    throw UsageError(option + " expects NAME='COMMAND', got: " + text);
  ExternalSpec spec{text.substr(0, eq), text.substr(eq + 1), check_timeout(timeout_seconds), max_output_bytes};
  if (max_output_bytes == 0) throw UsageError("the output cap of " + spec.name + " must be at least 1 byte");
  for (char c : spec.name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'))
      throw UsageError(option + " " + spec.name +
                       ": a name may only hold letters, digits, '_' and '.' ('-' separates chain stages)");
  if (split_command(spec.command).empty()) throw UsageError("empty command for " + spec.name);
  return spec;
}

// ---------------------------------------------------------------------------------
// Cleanup on exit and on signals. The process groups of running tools and the paths
// of live staging folders sit in fixed tables of atomics, so that a signal handler
// can read them without locks or allocation; the handler then only makes system
// calls (kill, openat, getdents64, unlinkat), which are async-signal-safe.

namespace {

constexpr int kGroupSlots = kToolGroupSlots;
std::atomic<pid_t> g_groups[kGroupSlots];  // 0 free, -1 being spawned, > 0 a process group id
std::atomic<std::atomic<pid_t>*> g_mirror{nullptr};  // mirror_tool_groups(): the groups, for a watchdog

// Sets a slot of the table, and of its mirror when there is one.
void set_group(int slot, pid_t value) {
  g_groups[slot].store(value);
  if (std::atomic<pid_t>* m = g_mirror.load()) m[slot].store(value > 0 ? value : 0);
}
constexpr int kDirSlots = 256;
std::atomic<const char*> g_dirs[kDirSlots];  // live staging folders (strings never freed)
std::atomic<bool> g_dying{false};            // a termination signal is being handled
constexpr int kTermSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction g_old_actions[3];

void kill_all_groups() {
  for (auto& slot : g_groups) {
    pid_t p = slot.load();
    // A slot being filled: its thread blocks these signals while it spawns, so it is
    // another thread and will store the id in a moment.
    for (int k = 0; p == -1 && k < 500; ++k) {
      timespec ts{0, 1000000};
      nanosleep(&ts, nullptr);
      p = slot.load();
    }
    if (p > 0) kill(-p, SIGKILL);
  }
}

// Removes `name` under the folder `parent` (a file, a symlink, or a folder with all
// it holds, never following symlinks). Async-signal-safe.
void remove_tree_at(int parent, const char* name, int depth) {
  if (unlinkat(parent, name, 0) == 0 || errno == ENOENT) return;
  if (depth > 32) return;
  int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return;
  alignas(8) char buf[2048];
  // Entries removed while reading the folder may shift the rest: read it again until
  // a pass finds nothing left (bounded, in case something keeps writing there).
  for (int pass = 0; pass < 16; ++pass) {
    if (lseek(fd, 0, SEEK_SET) < 0) break;
    bool any = false;
    for (;;) {
      long n = syscall(SYS_getdents64, fd, buf, sizeof buf);
      if (n <= 0) break;
      for (long off = 0; off < n;) {
        // struct linux_dirent64: u64 d_ino, s64 d_off, u16 d_reclen, u8 d_type, name.
        unsigned short reclen;
        std::memcpy(&reclen, buf + off + 16, sizeof reclen);
        const char* entry = buf + off + 19;
        off += reclen;
        if (entry[0] == '.' && (entry[1] == 0 || (entry[1] == '.' && entry[2] == 0))) continue;
        any = true;
        remove_tree_at(fd, entry, depth + 1);
      }
    }
    if (!any) break;
  }
  close(fd);
  unlinkat(parent, name, AT_REMOVEDIR);
}

void remove_all_dirs() {
  for (auto& slot : g_dirs)
    if (const char* p = slot.load()) remove_tree_at(AT_FDCWD, p, 0);
}

void on_termination_signal(int sig) {
  const int saved_errno = errno;
  g_dying.store(true);
  kill_all_groups();
  remove_all_dirs();
  // Then die of the signal as if we had not been here (or run the previous handler).
  for (int i = 0; i < 3; ++i)
    if (kTermSignals[i] == sig) sigaction(sig, &g_old_actions[i], nullptr);
  raise(sig);  // blocked while in here: delivered on return
  errno = saved_errno;
}

void cleanup_at_exit() {
  kill_all_groups();
  remove_all_dirs();
}

// Once per process: SIGPIPE ignored (a tool that exits before reading its input must
// not kill us), cleanup at exit, and the termination handlers (not over an ignored
// disposition, e.g. SIGHUP under nohup).
void install_cleanup() {
  static std::once_flag once;
  std::call_once(once, [] {
    signal(SIGPIPE, SIG_IGN);
    std::atexit(cleanup_at_exit);
    for (int i = 0; i < 3; ++i) {
      struct sigaction old {};
      if (sigaction(kTermSignals[i], nullptr, &old) != 0) continue;
      if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN) continue;
      g_old_actions[i] = old;
      struct sigaction sa {};
      sa.sa_handler = on_termination_signal;
      sigemptyset(&sa.sa_mask);
      for (int s : kTermSignals) sigaddset(&sa.sa_mask, s);
      sa.sa_flags = SA_RESTART;
      sigaction(kTermSignals[i], &sa, nullptr);
    }
  });
}

// Blocks the termination signals in this thread while alive, so that the handler
// never runs on a thread that holds a half-filled slot.
class TermSignalsBlocked {
 public:
  TermSignalsBlocked() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : kTermSignals) sigaddset(&set, s);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~TermSignalsBlocked() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  TermSignalsBlocked(const TermSignalsBlocked&) = delete;
  TermSignalsBlocked& operator=(const TermSignalsBlocked&) = delete;

 private:
  sigset_t old_;
};

// File descriptors closed on every path out.
struct Fd {
  int fd = -1;
  Fd() = default;
  explicit Fd(int f) : fd(f) {}
  ~Fd() { reset(); }
  void reset() {
    if (fd >= 0) close(fd);
    fd = -1;
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
};

std::string errno_text(int e) { return std::strerror(e); }

}  // namespace

void install_external_cleanup() { install_cleanup(); }

void finish_external_tools() { cleanup_at_exit(); }

namespace {
void clean_up_and_die(int sig) {
  g_dying.store(true);
  kill_all_groups();
  remove_all_dirs();
  signal(sig, SIG_DFL);
  raise(sig);  // blocked while in here: delivered on return
}
}  // namespace

void clean_up_external_tools_on(int sig) {
  struct sigaction sa {};
  sa.sa_handler = clean_up_and_die;
  sigemptyset(&sa.sa_mask);
  for (int s : kTermSignals) sigaddset(&sa.sa_mask, s);
  sigaddset(&sa.sa_mask, SIGXCPU);
  sa.sa_flags = 0;
  sigaction(sig, &sa, nullptr);
}

void mirror_tool_groups(std::atomic<pid_t>* table) {
  if (table)
    for (int i = 0; i < kGroupSlots; ++i) {
      const pid_t p = g_groups[i].load();
      table[i].store(p > 0 ? p : 0);
    }
  g_mirror.store(table);
}

void stop_external_tools() {
  g_dying.store(true);
  kill_all_groups();
}

namespace {

// What the child does between vfork() and exec: only system calls, on the parent's
// stack, with every signal blocked (so that no handler of detour runs in it).
struct ChildSetup {
  int in, out, err;     // become its standard streams
  char* const* argv;    // null-terminated
  pid_t parent;
  volatile int* exec_errno;  // set when exec fails (the memory is shared until exec)
};

[[noreturn]] void exec_child(const ChildSetup& s) {
  setpgid(0, 0);                      // its own process group: killed as a whole
  prctl(PR_SET_PDEATHSIG, SIGKILL);   // dies with the thread that started it
  if (getppid() != s.parent) _exit(127);  // that thread's process is already gone
  // The pipes above the standard streams first (one of them may be 0, 1 or 2 when
  // detour runs with a standard stream closed; these copies close at exec), then onto
  // them (without close-on-exec): the tool holds its pipes on 0, 1 and 2 only.
  const int in = fcntl(s.in, F_DUPFD_CLOEXEC, 3), out = fcntl(s.out, F_DUPFD_CLOEXEC, 3),
            err = fcntl(s.err, F_DUPFD_CLOEXEC, 3);
  if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
    *s.exec_errno = errno;
    _exit(127);
  }
  // Signals detour catches (their handlers are not in the tool) and those it ignores
  // for itself go back to their defaults; none stays blocked.
  for (int sig = 1; sig < NSIG; ++sig) {
    struct sigaction sa {};
    if (sigaction(sig, nullptr, &sa) != 0) continue;
    const bool caught = !(sa.sa_flags & SA_SIGINFO) ? sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN : true;
    const bool ours = sig == SIGPIPE || sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGXCPU;
    if (caught || (ours && sa.sa_handler == SIG_IGN)) {
      struct sigaction dfl {};
      dfl.sa_handler = SIG_DFL;
      sigemptyset(&dfl.sa_mask);
      sigaction(sig, &dfl, nullptr);
    }
  }
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  execvp(s.argv[0], s.argv);
  *s.exec_errno = errno;
  _exit(127);
}

// vfork in a function of its own, so that nothing of the caller's frame is live across
// it. The parent resumes once the child has called exec or _exit.
__attribute__((noinline)) pid_t spawn_child(const ChildSetup& s) {
  const pid_t pid = vfork();
  if (pid == 0) exec_child(s);
  return pid;
}

}  // namespace

ToolProcess::ToolProcess(const std::vector<std::string>& argv) {
  if (argv.empty()) throw ExtractError("empty command");
  install_cleanup();
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC)) throw ExtractError("cannot create pipes: " + errno_text(errno));
  Fd in_r(in_pipe[0]), in_w(in_pipe[1]);
  if (pipe2(out_pipe, O_CLOEXEC)) throw ExtractError("cannot create pipes: " + errno_text(errno));
  Fd out_r(out_pipe[0]), out_w(out_pipe[1]);
  if (pipe2(err_pipe, O_CLOEXEC)) throw ExtractError("cannot create pipes: " + errno_text(errno));
  Fd err_r(err_pipe[0]), err_w(err_pipe[1]);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  volatile int exec_errno = 0;
  const ChildSetup setup{in_r.fd, out_w.fd, err_w.fd, args.data(), getpid(), &exec_errno};
  pid_t pid = -1;
  int rc = 0;
  {
    TermSignalsBlocked blocked;
    for (int i = 0; i < kGroupSlots && slot_ < 0; ++i) {
      pid_t expected = 0;
      if (g_groups[i].compare_exchange_strong(expected, -1)) slot_ = i;
    }
    if (slot_ < 0) {
      rc = EAGAIN;
    } else if (g_dying.load()) {
      rc = EINTR;
    } else {
      sigset_t all, old;
      sigfillset(&all);
      pthread_sigmask(SIG_SETMASK, &all, &old);
      pid = spawn_child(setup);
      const int e = errno;
      pthread_sigmask(SIG_SETMASK, &old, nullptr);
      if (pid < 0) rc = e;
    }
    if (slot_ >= 0) {
      set_group(slot_, rc == 0 ? pid : 0);
      // The handler sets g_dying before it reads the table: either it saw our group
      // or we see that it ran.
      if (rc == 0 && g_dying.load()) kill(-pid, SIGKILL);
    }
  }
  if (rc == 0 && exec_errno != 0) {  // the child could not run the tool and is gone
    rc = exec_errno;
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    set_group(slot_, 0);
  }
  if (rc != 0) {
    const bool no_slot = slot_ < 0;
    slot_ = -1;  // freed above
    if (no_slot) throw ExtractError("cannot start '" + argv[0] + "': too many tools running at once");
    throw ExtractError("cannot start '" + argv[0] + "': " + errno_text(rc));
  }
  pid_ = pid;
  in_ = std::exchange(in_w.fd, -1);
  out_ = std::exchange(out_r.fd, -1);
  err_ = std::exchange(err_r.fd, -1);
#ifdef SYS_pidfd_open
  pidfd_ = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#endif
  if (pidfd_ >= 0) fcntl(pidfd_, F_SETFD, FD_CLOEXEC);
}

ToolProcess::~ToolProcess() { finish(); }

void ToolProcess::close_in() {
  if (in_ >= 0) close(in_);
  in_ = -1;
}
void ToolProcess::close_out() {
  if (out_ >= 0) close(out_);
  out_ = -1;
}
void ToolProcess::close_err() {
  if (err_ >= 0) close(err_);
  err_ = -1;
}

bool ToolProcess::exited() const {
  if (finished_) return true;
  if (pidfd_ >= 0) {
    pollfd p{pidfd_, POLLIN, 0};
    return poll(&p, 1, 0) > 0;
  }
  siginfo_t si{};
  return waitid(P_PID, static_cast<id_t>(pid_), &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid_;
}

void ToolProcess::kill_group() const {
  if (!finished_ && pid_ > 0) kill(-pid_, SIGKILL);
}

int ToolProcess::finish() {
  if (finished_) return status_;
  finished_ = true;
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);
    while (waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
    }
  }
  if (slot_ >= 0) set_group(slot_, 0);
  close_in();
  close_out();
  close_err();
  if (pidfd_ >= 0) close(pidfd_);
  pidfd_ = -1;
  return status_;
}

void ToolProcess::abandon() {
  if (finished_) return;
  finished_ = true;
  if (slot_ >= 0) g_groups[slot_].store(0);  // this process's copy of the table
  close_in();
  close_out();
  close_err();
  if (pidfd_ >= 0) close(pidfd_);
  pidfd_ = -1;
}

std::string wait_status_text(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const char* abbrev = sigabbrev_np(WTERMSIG(status));
    return abbrev ? std::string("killed by signal SIG") + abbrev : "killed by signal " + std::to_string(WTERMSIG(status));
  }
  return "wait status " + std::to_string(status);
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdin_data, double timeout,
                          std::size_t max_output, const WatchedFile* watch) {
  if (argv.empty()) throw ExtractError("empty command");
  check_timeout(timeout);
  ProcessResult res;
  ToolProcess tool(argv);
  fcntl(tool.in(), F_SETFL, O_NONBLOCK);
  std::size_t written = 0;
  if (stdin_data.empty()) tool.close_in();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
  bool exited = false, group_killed = false;
  constexpr std::size_t kErrCap = std::size_t{64} << 10;
  static thread_local char buf[65536];
  for (;;) {
    if (!exited && tool.exit_fd() < 0) exited = tool.exited();
    if (exited && !group_killed) {
      // The tool is a zombie until reaped below, so its id still names its group:
      // whatever it left running goes now. Output already in the pipes stays readable.
      tool.kill_group();
      group_killed = true;
      tool.close_in();
    }
    if (exited && tool.out() < 0 && tool.err() < 0) break;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      res.timed_out = true;
      break;
    }
    long long wait_ms = std::min<long long>(left.count(), 1000);
    if (watch) wait_ms = std::min<long long>(wait_ms, 50);
    if (!exited && tool.exit_fd() < 0) wait_ms = std::min<long long>(wait_ms, 10);
    pollfd fds[4];
    int n = 0, i_out = -1, i_err = -1, i_in = -1, i_pid = -1;
    if (tool.out() >= 0) { fds[n] = {tool.out(), POLLIN, 0}; i_out = n++; }
    if (tool.err() >= 0) { fds[n] = {tool.err(), POLLIN, 0}; i_err = n++; }
    if (tool.in() >= 0) { fds[n] = {tool.in(), POLLOUT, 0}; i_in = n++; }
    if (!exited && tool.exit_fd() >= 0) { fds[n] = {tool.exit_fd(), POLLIN, 0}; i_pid = n++; }
    int pr = poll(fds, static_cast<nfds_t>(n), static_cast<int>(std::max<long long>(wait_ms, 1)));
    if (pr < 0 && errno != EINTR) {
      const int e = errno;
      tool.finish();
      throw ExtractError("cannot wait for '" + argv[0] + "': " + errno_text(e));
    }
    if (pr > 0) {
      if (i_in >= 0 && (fds[i_in].revents & (POLLOUT | POLLERR | POLLHUP))) {
        ssize_t w = write(tool.in(), stdin_data.data() + written, stdin_data.size() - written);
        if (w > 0) written += static_cast<std::size_t>(w);
        if (w < 0 && errno != EAGAIN && errno != EINTR) written = stdin_data.size();  // reader gone (EPIPE)
        if (written >= stdin_data.size()) tool.close_in();
      }
      if (i_out >= 0 && (fds[i_out].revents & (POLLIN | POLLHUP | POLLERR))) {
        ssize_t r = read(tool.out(), buf, sizeof buf);
        if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN)) {
          tool.close_out();
        } else if (r > 0) {
          const auto got = static_cast<std::size_t>(r);
          if (got > max_output - res.out.size()) {
            res.out.append(buf, max_output - res.out.size());
            res.over_cap = true;
            break;
          }
          res.out.append(buf, got);
        }
      }
      if (i_err >= 0 && (fds[i_err].revents & (POLLIN | POLLHUP | POLLERR))) {
        ssize_t r = read(tool.err(), buf, sizeof buf);
        if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN)) {
          tool.close_err();
        } else if (r > 0 && res.err.size() < kErrCap) {
          res.err.append(buf, std::min(static_cast<std::size_t>(r), kErrCap - res.err.size()));
        }
      }
      if (i_pid >= 0 && (fds[i_pid].revents & (POLLIN | POLLHUP | POLLERR))) exited = true;
    }
    if (watch) {
      struct stat st {};
      if (fstatat(watch->dir_fd, watch->name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
          static_cast<std::uint64_t>(st.st_size) > max_output) {
        res.over_cap = true;
        break;
      }
    }
  }
  // Nothing of the tool's group outlives its page: at the timeout, at the cap, or
  // (again, harmlessly) after it exited.
  const int status = tool.finish();
  if (WIFEXITED(status)) res.exit_status = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) res.signal = WTERMSIG(status);
  return res;
}

namespace {

// A private folder (mkdtemp, 0700) under the temporary folder where one extractor
// stages its pages; removed with everything in it when destroyed, at exit and on
// termination signals.
class StagingDir {
 public:
  StagingDir() {
    install_cleanup();
    std::string parent;
    try {
      parent = fs::temp_directory_path().string();
    } catch (const fs::filesystem_error& e) {
      throw ExtractError(std::string("no temporary folder to stage pages in: ") + e.what());
    }
    std::string tmpl = (fs::path(parent) / "detour-ext-XXXXXX").string();
    if (!mkdtemp(tmpl.data()))
      throw ExtractError("cannot create a private staging folder in " + parent + ": " + errno_text(errno));
    path_ = tmpl;
    fd_ = open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd_ < 0) {
      const int e = errno;
      rmdir(path_.c_str());
      throw ExtractError("cannot open the staging folder " + path_ + ": " + errno_text(e));
    }
    // The path string stays allocated for good: a signal handler may be reading it.
    const char* copy = strdup(path_.c_str());
    {
      TermSignalsBlocked blocked;
      for (int i = 0; i < kDirSlots && copy && slot_ < 0; ++i) {
        const char* expected = nullptr;
        if (g_dirs[i].compare_exchange_strong(expected, copy)) slot_ = i;
      }
      if (g_dying.load()) remove_tree_at(AT_FDCWD, path_.c_str(), 0);
    }
  }
  ~StagingDir() {
    if (slot_ >= 0) g_dirs[slot_].store(nullptr);
    close(fd_);
    remove_tree_at(AT_FDCWD, path_.c_str(), 0);
  }
  StagingDir(const StagingDir&) = delete;
  StagingDir& operator=(const StagingDir&) = delete;
  int fd() const { return fd_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
  int slot_ = -1;
};

// One page's sub-folder of the staging folder, removed with its contents when done.
class PageFolder {
 public:
  PageFolder(const StagingDir& dir, std::string name) : parent_(dir.fd()), name_(std::move(name)) {
    if (mkdirat(parent_, name_.c_str(), 0700) != 0)
      throw ExtractError("cannot create " + dir.path() + "/" + name_ + ": " + errno_text(errno));
    fd_.fd = openat(parent_, name_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd_.fd < 0) {
      const int e = errno;
      remove_tree_at(parent_, name_.c_str(), 0);
      throw ExtractError("cannot open " + dir.path() + "/" + name_ + ": " + errno_text(e));
    }
    path_ = dir.path() + "/" + name_;
  }
  ~PageFolder() {
    fd_.reset();
    remove_tree_at(parent_, name_.c_str(), 0);
  }
  PageFolder(const PageFolder&) = delete;
  PageFolder& operator=(const PageFolder&) = delete;
  int fd() const { return fd_.fd; }
  const std::string& path() const { return path_; }

 private:
  int parent_;
  std::string name_, path_;
  Fd fd_;
};

constexpr const char* kInputName = "page.html";
constexpr const char* kOutputName = "page.out";

// Creates `name` in the folder `dir_fd` (it must not exist; never through a symlink)
// and writes `bytes` to it.
void write_new_file(int dir_fd, const std::string& where, const char* name, const std::string& bytes) {
  Fd f(openat(dir_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
  if (f.fd < 0) throw ExtractError("cannot create " + where + ": " + errno_text(errno));
  for (std::size_t done = 0; done < bytes.size();) {
    ssize_t w = write(f.fd, bytes.data() + done, bytes.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) throw ExtractError("cannot write " + where + ": " + errno_text(errno));
    done += static_cast<std::size_t>(w);
  }
}

// Reads the tool's output file: a regular file (not a symlink, FIFO or device) of at
// most `cap` bytes.
std::string read_output_file(int dir_fd, const std::string& where, std::size_t cap) {
  Fd f(openat(dir_fd, kOutputName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (f.fd < 0) {
    if (errno == ENOENT) throw ExtractError("the tool wrote no output file " + where);
    if (errno == ELOOP) throw ExtractError("the output file " + where + " is a symlink; refused");
    throw ExtractError("cannot open the output file " + where + ": " + errno_text(errno));
  }
  struct stat st {};
  if (fstat(f.fd, &st) != 0 || !S_ISREG(st.st_mode))
    throw ExtractError("the output file " + where + " is not a regular file; refused");
  if (static_cast<std::uint64_t>(st.st_size) > cap)
    throw ExtractError("output over the cap of " + format_bytes(cap) + " (" + std::to_string(st.st_size) +
                       " bytes in the output file)");
  std::string out(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t got = 0;
  for (;;) {
    if (got == out.size()) {
      if (out.size() > cap) break;
      out.resize(std::min(out.size() + 65536, cap + 1));  // it grew after fstat
    }
    ssize_t r = read(f.fd, out.data() + got, out.size() - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) throw ExtractError("cannot read the output file " + where + ": " + errno_text(errno));
    if (r == 0) break;
    got += static_cast<std::size_t>(r);
  }
  out.resize(got);
  if (out.size() > cap) throw ExtractError("output over the cap of " + format_bytes(cap) + " in the output file");
  return out;
}

// The start of a tool's output for a reason: at most 300 bytes, trailing space dropped.
std::string output_head(const std::string& s) {
  std::string head = s.substr(0, 300);
  while (!head.empty() && std::isspace(static_cast<unsigned char>(head.back()))) head.pop_back();
  return head + (s.size() > 300 ? "..." : "");
}

// Why a tool failed: "exit status 1; stderr: ...", "killed by signal 9 (SIGKILL);
// stderr: ...". A tool that dies at start often says why on standard output (the
// JVM's "Error occurred during initialization of VM" goes there): with nothing on
// stderr, the start of stdout is given.
std::string failure_reason(const ProcessResult& r) {
  std::string why;
  if (r.signal) {
    const char* abbrev = sigabbrev_np(r.signal);
    why = "killed by signal " + std::to_string(r.signal) + (abbrev ? std::string(" (SIG") + abbrev + ")" : "");
  } else {
    why = "exit status " + std::to_string(r.exit_status);
  }
  const std::string err = output_head(r.err), out = output_head(r.out);
  if (!err.empty()) return why + "; stderr: " + err;
  if (!out.empty()) return why + "; nothing on stderr; stdout: " + out;
  return why + "; nothing on stderr or stdout";
}

}  // namespace

std::string_view tool_output_format(const std::string& out) { return answer_format_name(guess_answer_format(out)); }

Extraction read_tool_output(const std::string& out, std::string_view format) {
  const std::optional<AnswerFormat> f =
      format == "auto" ? std::optional<AnswerFormat>(guess_answer_format(out)) : parse_answer_format(format);
  if (!f)
    throw ExtractError("unknown output format '" + std::string(format) +
                       "' (auto, cleaneval, html, markdown or text)");
  Extraction ex;
  ex.segments = answer_segments(*f, out);
  ex.notes["output_format"] = std::string(answer_format_name(*f));
  return ex;
}

namespace {

class ExternalExtractor final : public Extractor {
 public:
  explicit ExternalExtractor(ExternalSpec spec) : spec_(std::move(spec)), argv_(split_command(spec_.command)) {
    check_timeout(spec_.timeout_seconds);
    if (spec_.max_output_bytes == 0) throw UsageError("the output cap of " + spec_.name + " must be at least 1 byte");
    for (const auto& w : argv_) {
      uses_input_ = uses_input_ || w.find("{input}") != std::string::npos;
      uses_output_ = uses_output_ || w.find("{output}") != std::string::npos;
    }
  }
  std::string name() const override { return spec_.name; }
  std::string version() const override { return "external"; }
  std::optional<dom::Parser> parser() const override { return std::nullopt; }  // the tool reads the page
  Settings settings() const override {
    return {{"command", spec_.command},
            {"timeout", format_seconds(spec_.timeout_seconds) + "s"},
            {"max_output", format_bytes(spec_.max_output_bytes)}};
  }
  Extraction extract(const Page& page) const override {
    std::optional<PageFolder> folder;
    std::vector<std::string> argv = argv_;
    WatchedFile watch;
    if (uses_input_ || uses_output_) {
      folder.emplace(staging(), std::to_string(counter_.fetch_add(1)));
      const std::string in_path = folder->path() + "/" + kInputName;
      const std::string out_path = folder->path() + "/" + kOutputName;
      for (auto& w : argv) {
        replace_all(w, "{input}", in_path);
        replace_all(w, "{output}", out_path);
      }
      if (uses_input_) write_new_file(folder->fd(), in_path, kInputName, page.html);
      watch = {folder->fd(), kOutputName};
    }
    ProcessResult r = run_process(argv, uses_input_ ? std::string() : page.html, spec_.timeout_seconds,
                                  spec_.max_output_bytes, uses_output_ ? &watch : nullptr);
    if (r.over_cap)
      throw ExtractError("output over the cap of " + format_bytes(spec_.max_output_bytes) +
                         (uses_output_ ? " (standard output or output file)" : "") + "; tool killed");
    if (r.timed_out) {
      std::string why = "timed out after " + format_seconds(spec_.timeout_seconds) + " s";
      if (r.signal == 0)
        why += " (the tool exited, but a process that left its process group kept its output open)";
      throw ExtractError(why);
    }
    if (r.signal || r.exit_status != 0) throw ExtractError(failure_reason(r));
    std::string out = std::move(r.out);
    if (uses_output_)
      out = read_output_file(folder->fd(), folder->path() + "/" + kOutputName, spec_.max_output_bytes);
    Extraction ex = read_tool_output(out);
    ex.notes["exit_status"] = "0";
    if (!r.err.empty()) ex.notes["stderr"] = r.err.substr(0, 2000);
    return ex;
  }

 private:
  static void replace_all(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  }
  // The staging folder, made at the first page that needs it.
  const StagingDir& staging() const {
    std::call_once(staging_once_, [this] { staging_ = std::make_unique<StagingDir>(); });
    return *staging_;
  }
  ExternalSpec spec_;
  std::vector<std::string> argv_;
  bool uses_input_ = false, uses_output_ = false;
  mutable std::once_flag staging_once_;
  mutable std::unique_ptr<StagingDir> staging_;
  mutable std::atomic<unsigned long> counter_{0};
};

}  // namespace

std::unique_ptr<Extractor> make_external_extractor(const ExternalSpec& spec) {
  return std::make_unique<ExternalExtractor>(spec);
}

}  // namespace detour
