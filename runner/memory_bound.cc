// memory_bound: see memory_bound.h.
#include "runner/memory_bound.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "base/strings.h"
#include "extractors/external.h"

namespace detour::harness {

namespace {

// The whole of a small file (a /proc or cgroup file); nullopt when it cannot be read.
std::optional<std::string> slurp(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t r = ::read(fd, buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      ::close(fd);
      if (r < 0) return std::nullopt;
      return out;
    }
    out.append(buf, static_cast<std::size_t>(r));
  }
}

// Writes `text` to a cgroup file; "" on success, else the reason.
std::string write_file(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return "cannot open " + path + ": " + strerror(errno);
  const ssize_t w = ::write(fd, text.data(), text.size());
  const int e = errno;
  ::close(fd);
  if (w != static_cast<ssize_t>(text.size())) return "cannot write '" + text + "' to " + path + ": " + strerror(e);
  return {};
}

bool has_word(const std::string& text, std::string_view word) {
  std::istringstream in(text);
  std::string w;
  while (in >> w)
    if (w == word) return true;
  return false;
}

// mountinfo escapes spaces, tabs, newlines and backslashes in paths as \ooo.
std::string unescape_mount_path(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
      out += static_cast<char>(std::strtol(s.substr(i + 1, 3).c_str(), nullptr, 8));
      i += 3;
    } else {
      out += s[i];
    }
  }
  return out;
}

struct Mount {
  std::string root, point, fstype, options;
};

std::vector<Mount> parse_mountinfo(const std::string& text) {
  std::vector<Mount> mounts;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    // ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS
    std::istringstream f(line);
    std::vector<std::string> w;
    for (std::string x; f >> x;) w.push_back(x);
    const auto dash = std::find(w.begin(), w.end(), "-");
    if (w.size() < 6 || dash == w.end() || dash + 1 == w.end()) continue;
    Mount m;
    m.root = unescape_mount_path(w[3]);
    m.point = unescape_mount_path(w[4]);
    m.fstype = *(dash + 1);
    if (dash + 3 < w.end()) m.options = *(dash + 3);
    mounts.push_back(std::move(m));
  }
  return mounts;
}

bool path_under(const std::string& path, const std::string& root) {
  if (root == "/") return !path.empty() && path[0] == '/';
  return path == root || (path.size() > root.size() && path.compare(0, root.size(), root) == 0 && path[root.size()] == '/');
}

std::string join_path(const std::string& a, const std::string& b) {
  if (b.empty() || b == "/") return a;
  if (!a.empty() && a.back() == '/') return a + (b[0] == '/' ? b.substr(1) : b);
  return a + (b[0] == '/' ? b : "/" + b);
}

bool process_alive(pid_t pid) { return ::kill(pid, 0) == 0 || errno == EPERM; }

void pause_ms(long ms) {
  timespec ts{ms / 1000, (ms % 1000) * 1'000'000};
  nanosleep(&ts, nullptr);
}

// Removes the empty cgroup folder `path` (its processes gone), waiting a moment for
// processes that are being killed; false when it stays.
bool remove_cgroup(const std::string& path) {
  for (int i = 0; i < 50; ++i) {
    if (::rmdir(path.c_str()) == 0 || errno == ENOENT) return true;
    if (errno != EBUSY) return false;
    pause_ms(20);
  }
  return false;
}

// A stale detour-PID-N folder of D (its detour gone): its children, then itself.
void remove_stale_groups(const std::string& delegated) {
  DIR* d = ::opendir(delegated.c_str());
  if (!d) return;
  std::vector<std::string> stale;
  while (dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name.rfind("detour-", 0) != 0) continue;
    const pid_t pid = static_cast<pid_t>(std::atol(name.c_str() + 7));
    if (pid > 0 && !process_alive(pid)) stale.push_back(join_path(delegated, name));
  }
  ::closedir(d);
  for (const std::string& g : stale) {
    if (DIR* sub = ::opendir(g.c_str())) {
      std::vector<std::string> children;
      while (dirent* e = ::readdir(sub))
        if (e->d_type == DT_DIR && e->d_name[0] != '.') children.push_back(join_path(g, e->d_name));
      ::closedir(sub);
      for (const std::string& c : children) ::rmdir(c.c_str());
    }
    ::rmdir(g.c_str());
  }
}

std::atomic<unsigned> g_pool_counter{0};

}  // namespace

std::string memory_bound_reason(std::size_t bound, const std::string& where, const ResidentMeter::Over& over) {
  std::string s = "memory bound of " + format_bytes(bound) + " exceeded " + where + ": " + approx_bytes(over.total) +
                  " resident";
  if (over.tools > 0) s += " (worker " + approx_bytes(over.worker) + ", tools " + approx_bytes(over.tools) + ")";
  return s;
}

std::string cgroup_memory_reason(std::size_t bound, const std::string& where) {
  return "memory bound of " + format_bytes(bound) + " exceeded " + where +
         " (the kernel stopped the worker and its tools at their cgroup's memory.max)";
}

std::string MemoryBoundMethod::describe() const {
  if (kind == Kind::Cgroup) return "cgroup v2 memory.max per worker (under " + cgroup + ")";
  std::string s = "resident memory watched (USS of the worker and its tools, every 100 ms)";
  if (!why.empty()) s += ": " + why;
  return s;
}

MemoryBoundMethod probe_memory_bound(const std::string& proc_cgroup, const std::string& mountinfo, const char* env) {
  MemoryBoundMethod m;
  const std::string mode = env ? env : "";
  if (mode == "resident") {
    m.why = "DETOUR_MEMORY_BOUND=resident";
    return m;
  }
  if (!mode.empty() && mode != "cgroup" && mode != "auto")
    throw std::runtime_error("DETOUR_MEMORY_BOUND must be auto, cgroup or resident, got '" + mode + "'");
  auto fail = [&](std::string why) {
    if (mode == "cgroup") throw std::runtime_error("DETOUR_MEMORY_BOUND=cgroup, but " + why);
    m.why = std::move(why);
    return m;
  };
  // The cgroup v2 path of this process: the line "0::PATH".
  std::string rel;
  bool found = false;
  {
    std::istringstream in(proc_cgroup);
    for (std::string line; std::getline(in, line);)
      if (line.rfind("0::", 0) == 0) {
        rel = line.substr(3);
        found = true;
      }
  }
  const std::vector<Mount> mounts = parse_mountinfo(mountinfo);
  std::string v1_memory;
  for (const Mount& mt : mounts)  // a cgroup v1 hierarchy whose options name the memory controller
    if (mt.fstype == "cgroup")
      for (const std::string& o : split_list(mt.options))
        if (o == "memory") v1_memory = mt.point;
  const std::string v1_note = v1_memory.empty() ? "" : " (it is held by cgroup v1 at " + v1_memory + ")";
  if (!found) return fail("this process is in no cgroup v2 hierarchy" + v1_note);
  const Mount* v2 = nullptr;
  for (const Mount& mt : mounts)
    if (mt.fstype == "cgroup2" && path_under(rel, mt.root)) v2 = &mt;
  if (!v2) return fail("no cgroup v2 hierarchy is mounted" + v1_note);
  const std::string dir = join_path(v2->point, v2->root == "/" ? rel : rel.substr(v2->root.size()));
  const auto controllers = slurp(join_path(dir, "cgroup.controllers"));
  if (!controllers) return fail("cannot read " + join_path(dir, "cgroup.controllers"));
  if (!has_word(*controllers, "memory"))
    return fail("the cgroup v2 folder " + dir + " has no memory controller" + v1_note);
  for (const char* f : {"", "cgroup.subtree_control", "cgroup.procs"}) {
    const std::string p = join_path(dir, f);
    if (::access(p.c_str(), W_OK) != 0)
      return fail(p + " is not writable: the memory controller is not delegated to this process");
  }
  m.kind = MemoryBoundMethod::Kind::Cgroup;
  m.cgroup = dir;
  return m;
}

MemoryBoundMethod probe_memory_bound() {
  return probe_memory_bound(slurp("/proc/self/cgroup").value_or(""), slurp("/proc/self/mountinfo").value_or(""),
                            std::getenv("DETOUR_MEMORY_BOUND"));
}

// ---------------------------------------------------------------------------------
// The cgroup way.

WorkerCgroups::WorkerCgroups(const std::string& delegated, int slots, std::size_t bound) : delegated_(delegated) {
  remove_stale_groups(delegated_);
  group_ = join_path(delegated_, "detour-" + std::to_string(::getpid()) + "-" + std::to_string(g_pool_counter++));
  auto fail = [&](const std::string& why) {
    tear_down();
    throw std::runtime_error("cannot make the workers' cgroups under " + delegated_ + ": " + why);
  };
  if (::mkdir(group_.c_str(), 0755) != 0) fail("mkdir " + group_ + ": " + strerror(errno));
  const bool root = ::access(join_path(delegated_, "cgroup.type").c_str(), F_OK) != 0;  // only the root lacks it
  const std::string subtree = slurp(join_path(delegated_, "cgroup.subtree_control")).value_or("");
  if (!has_word(subtree, "memory")) {
    if (!root) {
      // No process may stay in D once it hands the memory controller to its children:
      // detour moves into a leaf of its own.
      const std::string run = join_path(group_, "run");
      if (::mkdir(run.c_str(), 0755) != 0) fail("mkdir " + run + ": " + strerror(errno));
      if (std::string e = write_file(join_path(run, "cgroup.procs"), std::to_string(::getpid())); !e.empty()) fail(e);
      moved_self_ = true;
    }
    if (std::string e = write_file(join_path(delegated_, "cgroup.subtree_control"), "+memory"); !e.empty())
      fail(e + (e.find("busy") != std::string::npos
                    ? " (other processes share this cgroup: run detour in a cgroup of its own, e.g. systemd-run "
                      "--user --scope -p Delegate=yes detour run ...)"
                    : ""));
    enabled_in_delegated_ = true;
  }
  if (std::string e = write_file(join_path(group_, "cgroup.subtree_control"), "+memory"); !e.empty()) fail(e);
  for (int s = 0; s < slots; ++s) {
    const std::string w = slot_path(s);
    if (::mkdir(w.c_str(), 0755) != 0) fail("mkdir " + w + ": " + strerror(errno));
    slots_made_ = s + 1;
    if (std::string e = write_file(join_path(w, "memory.max"), std::to_string(bound)); !e.empty()) fail(e);
    if (std::string e = write_file(join_path(w, "memory.oom.group"), "1"); !e.empty()) fail(e);
    // Not swapped out instead of stopped (the file exists when swap is accounted).
    if (::access(join_path(w, "memory.swap.max").c_str(), F_OK) == 0)
      if (std::string e = write_file(join_path(w, "memory.swap.max"), "0"); !e.empty()) fail(e);
    const int fd = ::open(join_path(w, "cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail("cannot open " + join_path(w, "cgroup.procs") + ": " + strerror(errno));
    procs_fds_.push_back(fd);
  }
}

WorkerCgroups::~WorkerCgroups() { tear_down(); }

std::string WorkerCgroups::slot_path(int slot) const {
  std::string name = "w";  // (not "w" + to_string: GCC 12 warns of a false overlap, -Wrestrict)
  name += std::to_string(slot);
  return join_path(group_, name);
}

bool WorkerCgroups::join(int slot) const {
  if (slot < 0 || static_cast<std::size_t>(slot) >= procs_fds_.size()) return false;
  return ::write(procs_fds_[static_cast<std::size_t>(slot)], "0", 1) == 1;  // 0: the writing process
}

std::uint64_t WorkerCgroups::oom_kills(int slot) const {
  const auto events = slurp(join_path(slot_path(slot), "memory.events"));
  if (!events) return 0;
  std::istringstream in(*events);
  std::string key;
  std::uint64_t value = 0;
  while (in >> key >> value)
    if (key == "oom_kill") return value;
  return 0;
}

void WorkerCgroups::tear_down() noexcept {
  for (int fd : procs_fds_) ::close(fd);
  procs_fds_.clear();
  if (group_.empty()) return;
  for (int s = 0; s < slots_made_; ++s) remove_cgroup(slot_path(s));
  slots_made_ = 0;
  if (moved_self_) {
    // Back into D: D must first stop handing the memory controller down (refused while
    // another child of D uses it: detour then stays in its leaf, removed by the next
    // run once detour has exited).
    if (enabled_in_delegated_) write_file(join_path(delegated_, "cgroup.subtree_control"), "-memory");
    if (write_file(join_path(delegated_, "cgroup.procs"), std::to_string(::getpid())).empty()) moved_self_ = false;
  }
  // (At the root cgroup, the memory controller stays handed down: other cgroups may use it.)
  if (!moved_self_) {
    ::rmdir(join_path(group_, "run").c_str());
    ::rmdir(group_.c_str());
  }
  group_.clear();
}

// ---------------------------------------------------------------------------------
// The resident way.

namespace {

std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return size;
}

// RSS from a statm descriptor (read again from its start), nullopt when gone.
std::optional<std::size_t> statm_rss(int fd) {
  char buf[256];
  const ssize_t r = ::pread(fd, buf, sizeof buf - 1, 0);
  if (r <= 0) return std::nullopt;
  buf[r] = 0;
  unsigned long size = 0, resident = 0;
  if (std::sscanf(buf, "%lu %lu", &size, &resident) != 2) return std::nullopt;
  return static_cast<std::size_t>(resident) * page_size();
}

int open_statm(pid_t pid) {
  const std::string p = "/proc/" + std::to_string(pid) + "/statm";
  return ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
}

// The processes whose process group is one of `groups` (sorted), from /proc.
std::vector<pid_t> group_members(const std::vector<pid_t>& groups) {
  std::vector<pid_t> out;
  DIR* d = ::opendir("/proc");
  if (!d) return groups;  // the leaders at least
  char path[sizeof(dirent::d_name) + 16], buf[512];
  while (dirent* e = ::readdir(d)) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    std::snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    const ssize_t r = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (r <= 0) continue;
    buf[r] = 0;
    // PID (COMM) STATE PPID PGRP ...: the name may hold anything, so from its last ')'.
    const char* close = std::strrchr(buf, ')');
    if (!close) continue;
    char state = 0;
    long ppid = 0, pgrp = 0;
    if (std::sscanf(close + 1, " %c %ld %ld", &state, &ppid, &pgrp) != 3) continue;
    if (std::binary_search(groups.begin(), groups.end(), static_cast<pid_t>(pgrp)))
      out.push_back(static_cast<pid_t>(std::atol(e->d_name)));
  }
  ::closedir(d);
  return out;
}

}  // namespace

std::optional<std::size_t> resident_bytes(pid_t pid) {
  const int fd = open_statm(pid);
  if (fd < 0) return std::nullopt;
  auto r = statm_rss(fd);
  ::close(fd);
  return r;
}

std::optional<std::size_t> unique_bytes(pid_t pid) {
  const auto text = slurp("/proc/" + std::to_string(pid) + "/smaps_rollup");
  if (!text || text->empty()) return std::nullopt;
  std::size_t kib = 0;
  std::istringstream in(*text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("Private_", 0) != 0) continue;  // Private_Clean, Private_Dirty, Private_Hugetlb
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    kib += static_cast<std::size_t>(std::strtoull(line.c_str() + colon + 1, nullptr, 10));
  }
  return kib * 1024;
}

ResidentMeter::~ResidentMeter() {
  if (worker_statm_ >= 0) ::close(worker_statm_);
}

void ResidentMeter::watch(pid_t worker) {
  if (worker_statm_ >= 0) ::close(worker_statm_);
  worker_ = worker;
  worker_statm_ = worker > 0 ? open_statm(worker) : -1;
  members_.clear();
  scanned_groups_.clear();
  have_precise_ = false;
}

std::optional<ResidentMeter::Over> ResidentMeter::check(Clock::time_point now) {
  if (worker_ <= 0 || worker_statm_ < 0 || bound_ == 0) return std::nullopt;
  std::vector<pid_t> groups;
  if (groups_)
    for (int i = 0; i < kToolGroupSlots; ++i)
      if (const pid_t p = groups_[i].load(std::memory_order_relaxed); p > 0) groups.push_back(p);
  std::sort(groups.begin(), groups.end());
  if (groups.empty()) {
    members_.clear();
    scanned_groups_.clear();
  } else if (groups != scanned_groups_ || now - scanned_at_ >= std::chrono::milliseconds(250)) {
    members_ = group_members(groups);
    scanned_groups_ = std::move(groups);
    scanned_at_ = now;
  }
  const auto worker_rss = statm_rss(worker_statm_);
  if (!worker_rss) return std::nullopt;  // gone: its death is seen elsewhere
  std::size_t rss = *worker_rss;
  for (pid_t p : members_) rss += resident_bytes(p).value_or(0);
  if (rss <= bound_) return std::nullopt;
  // RSS says it may be over; USS decides (read at most once a second, unless RSS grew
  // by more than USS had left).
  if (have_precise_ && now - precise_at_ < std::chrono::seconds(1) && precise_uss_ <= bound_ &&
      rss <= precise_rss_ + (bound_ - precise_uss_))
    return std::nullopt;
  Over o;
  o.worker = unique_bytes(worker_).value_or(0);
  for (pid_t p : members_) o.tools += unique_bytes(p).value_or(0);
  o.total = o.worker + o.tools;
  have_precise_ = true;
  precise_at_ = now;
  precise_rss_ = rss;
  precise_uss_ = o.total;
  if (o.total > bound_) return o;
  return std::nullopt;
}

}  // namespace detour::harness
