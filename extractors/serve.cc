// serve: see serve.h; the protocol is docs/adapters.md.
#include "extractors/serve.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <utility>

#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/hash.h"
#include "base/strings.h"
#include "base/utf8.h"
#include "extractors/answer.h"

namespace detour {

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

Clock::time_point after_seconds(double s, Clock::time_point from = Clock::now()) {
  return from + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

constexpr int kProtocolVersion = 1;
constexpr const char* kProtocolName = "detour-extractor";
constexpr std::size_t kErrCap = std::size_t{64} << 10;  // standard error kept per page
constexpr int kStartsInARow = 3;                       // failed starts before giving up
// Seconds a tool has at least to send its handshake (its timeout when longer): starting
// a JVM or loading a model may take longer than a page, the more so on a loaded machine.
// (runner.cc's watchdog allows a served page two starts and two requests.)
constexpr double kMinStartSeconds = 60;
// Requests an instance that allows it has in flight at most: the page in work and the
// next one (Extractor::send_ahead).
constexpr std::size_t kAhead = 2;
constexpr std::size_t kEarlyKept = 4;  // answers read before their turn, kept at most
// The line a pipelining tool writes on standard error after a page's messages, before
// its answer ("detour-extractor: end of seq 12").
constexpr std::string_view kErrMarker = "detour-extractor: end of seq ";

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

std::string seconds_text(double s) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

// At most `n` bytes of `s`, cut at a character boundary.
std::string head_of(const std::string& s, std::size_t n) {
  if (s.size() <= n) return s;
  std::size_t cut = n;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut);
}

std::string with_stderr(std::string why, const std::string& err) {
  std::string e = collapse_whitespace(head_of(err, 300));
  if (!e.empty()) why += "; stderr: " + e;
  return why;
}

// What the handshake said: the tool and its settings with their defaults, and whether
// it takes requests ahead (not part of what an instance must repeat).
struct Handshake {
  std::string name, tool_version;
  json settings = json::object();
  bool pipelining = false;
  bool operator==(const Handshake& o) const {
    return name == o.name && tool_version == o.tool_version && settings == o.settings;
  }
};

// A fault of the tool: the page fails with `why` (or is tried once more on a new
// instance when `retry`); the instance is gone.
struct Fault {
  std::string why;
  bool retry = false;
};

// Faults counted over the run, in memory shared with the worker processes.
struct SharedCounts {
  std::atomic<long long> faults{0};
  std::atomic<int> failed_starts_in_a_row{0};
};

// What identifies a page sent to a tool: everything of it that its request carries
// but the settings (the extractor's own) and the seq (the instance's).
struct PageKey {
  std::string id, lang, url, charset, source, html;
  explicit PageKey(const Page& p)
      : id(p.id), lang(p.lang), url(p.url), charset(p.decode.charset), source(p.decode.source), html(p.html) {}
  bool is(const Page& p) const {
    return html == p.html && id == p.id && lang == p.lang && url == p.url && charset == p.decode.charset &&
           source == p.decode.source;
  }
};

// A request written to the tool (or queued to be) whose answer is not read yet.
struct InFlight {
  std::uint64_t seq = 0;
  PageKey key;
  std::uint64_t end = 0;   // the offset in the tool's input just past the request
  Clock::time_point sent;  // when it was queued
  double encode_ms = 0;    // the time its request took to write
};

// An answer read before its page was asked for (its request was sent ahead): the
// answer, or the fault that stopped the instance on it.
struct Early {
  PageKey key;
  nlohmann::json answer;
  std::optional<std::string> fault;
  std::string err;
  double millis = 0;  // the page's time, as known
};

// One running instance of the tool.
struct Instance {
  std::unique_ptr<ToolProcess> proc;
  bool pipelining = false;  // its handshake allows requests sent ahead
  std::string pending;      // bytes of standard output read but not yet taken as a line
  std::uint64_t seq = 0;
  // Its standard input: bytes queued (out[out_pos..]) and how many were written in all.
  std::string out;
  std::size_t out_pos = 0;
  std::uint64_t written = 0;
  bool in_broken = false;  // a write failed (it closed its input)
  std::deque<InFlight> in_flight;
  Clock::time_point last_answer;  // when the previous answer was read
  // Its standard error, cut into pages at the lines "detour-extractor: end of seq N"
  // (docs/adapters.md): the text of pages whose line was read, and what came after.
  std::deque<std::pair<std::uint64_t, std::string>> err_done;
  std::string err_open;
  std::string err_line;  // the start of the line being read (enough to know a marker)
  std::size_t line_kept = 0;  // bytes of that line kept in err_open
  // Answers to pages sent ahead, read before their turn (kept across restarts: an
  // answer depends on its request only).
  std::deque<Early> early;
};
// Appends `s` as a JSON string: quotes, backslashes and control characters escaped,
// other characters as they are (UTF-8), a malformed UTF-8 sequence as U+FFFD.
void append_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  std::size_t i = 0, run = 0;  // s[run, i) is copied as it is
  const std::size_t n = s.size();
  while (i < n) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
      ++i;
      continue;
    }
    if (c >= 0x80) {
      const utf8::Step st = utf8::decode(s, i);
      if (st.ok) {
        i += st.len;
        continue;
      }
      out.append(s.data() + run, i - run);
      out += "\xEF\xBF\xBD";  // U+FFFD
      i += st.len;
      run = i;
      continue;
    }
    out.append(s.data() + run, i - run);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 15];
    }
    run = ++i;
  }
  out.append(s.data() + run, n - run);
  out += '"';
}

// Reads what is there now from `fd` (non-blocking), giving each chunk to `take(bytes,
// n)`, which returns false to stop reading early. False at the end of the stream or on
// an error.
template <typename Take>
bool read_now(int fd, Take take) {
  char buf[65536];
  for (;;) {
    const ssize_t r = read(fd, buf, sizeof buf);
    if (r > 0) {
      if (!take(buf, static_cast<std::size_t>(r))) return true;
      continue;
    }
    if (r == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

bool discard(const char*, std::size_t) { return true; }

// The seq of a marker line ("detour-extractor: end of seq 12\n"), if `line` is one.
std::optional<std::uint64_t> marker_seq(std::string_view line) {
  if (line.empty() || line.back() != '\n') return std::nullopt;
  line.remove_suffix(1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.substr(0, kErrMarker.size()) != kErrMarker) return std::nullopt;
  line.remove_prefix(kErrMarker.size());
  if (line.empty() || line.size() > 19 || line.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  return std::stoull(std::string(line));
}

// Bytes of the tool's standard error, cut into pages at its marker lines (the markers
// dropped); a page keeps the first kErrCap bytes of its text.
void take_err(Instance& inst, const char* p, std::size_t n) {
  constexpr std::size_t kLongestMarker = 64;
  while (n > 0) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', n));
    const std::size_t len = nl ? static_cast<std::size_t>(nl - p) + 1 : n;
    if (inst.err_line.size() < kLongestMarker)
      inst.err_line.append(p, std::min(len, kLongestMarker - inst.err_line.size()));
    const std::size_t keep = inst.err_open.size() < kErrCap ? std::min(len, kErrCap - inst.err_open.size()) : 0;
    inst.err_open.append(p, keep);
    inst.line_kept += keep;
    if (nl) {
      if (const std::optional<std::uint64_t> seq = marker_seq(inst.err_line)) {
        inst.err_open.resize(inst.err_open.size() - inst.line_kept);
        inst.err_done.emplace_back(*seq, std::move(inst.err_open));
        inst.err_open.clear();
        if (inst.err_done.size() > 2 * kEarlyKept) inst.err_done.pop_front();
      }
      inst.err_line.clear();
      inst.line_kept = 0;
    }
    p += len;
    n -= len;
  }
}

// Reads what the tool's standard error has now (take_err); closes it at its end.
void drain_err(Instance& inst) {
  ToolProcess& p = *inst.proc;
  auto take = [&](const char* bytes, std::size_t n) {
    take_err(inst, bytes, n);
    return true;
  };
  if (p.err() >= 0 && !read_now(p.err(), take)) p.close_err();
}

// The standard error of the page answered as `seq`: its text up to its marker line
// (with what no earlier page took), or everything read so far when the tool wrote no
// marker for it.
std::string page_err(Instance& inst, std::uint64_t seq) {
  std::string e;
  bool marked = false;
  while (!inst.err_done.empty() && inst.err_done.front().first <= seq) {
    marked = marked || inst.err_done.front().first == seq;
    e += inst.err_done.front().second;
    inst.err_done.pop_front();
  }
  if (!marked) {
    e += inst.err_open;
    inst.err_open.clear();
    inst.line_kept = 0;
  }
  if (e.size() > kErrCap) e.resize(kErrCap);
  return e;
}

// Everything the tool wrote on standard error so far (before its handshake, or when it
// failed), taken.
std::string all_err(Instance& inst) { return page_err(inst, std::numeric_limits<std::uint64_t>::max()); }

// Closes the instances' standard inputs, waits until `deadline` for them to exit, then
// kills their groups and reaps them.
void close_gracefully(std::vector<std::unique_ptr<ToolProcess>>& procs, Clock::time_point deadline) {
  for (auto& p : procs) p->close_in();
  for (auto& p : procs) {
    while (!p->exited()) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) break;
      // Its output is read and dropped meanwhile, so that a tool writing as it ends
      // does not block on a full pipe.
      pollfd fds[3];
      int n = 0;
      if (p->exit_fd() >= 0) fds[n++] = {p->exit_fd(), POLLIN, 0};
      if (p->out() >= 0) fds[n++] = {p->out(), POLLIN, 0};
      if (p->err() >= 0) fds[n++] = {p->err(), POLLIN, 0};
      poll(fds, static_cast<nfds_t>(n), static_cast<int>(std::min<long long>(left, p->exit_fd() >= 0 ? 1000 : 10)));
      if (p->out() >= 0 && !read_now(p->out(), discard)) p->close_out();
      if (p->err() >= 0 && !read_now(p->err(), discard)) p->close_err();
    }
    p->finish();
  }
}

class ServeExtractor;
std::mutex g_live_m;
std::set<ServeExtractor*> g_live;  // every served extractor of this process

class ServeExtractor final : public Extractor {
 public:
  explicit ServeExtractor(ServeSpec spec) : spec_(std::move(spec)) {
    check_timeout(spec_.timeout_seconds);
    if (spec_.argv.empty()) throw UsageError("empty command for " + spec_.name);
    if (spec_.max_output_bytes == 0) throw UsageError("the output cap of " + spec_.name + " must be at least 1 byte");
    void* m = mmap(nullptr, sizeof(SharedCounts), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) throw std::runtime_error(spec_.name + ": mmap: " + std::strerror(errno));
    counts_ = new (m) SharedCounts();
    std::lock_guard<std::mutex> l(g_live_m);
    g_live.insert(this);
  }
  ~ServeExtractor() override {
    {
      std::lock_guard<std::mutex> l(g_live_m);
      g_live.erase(this);
    }
    std::vector<std::unique_ptr<ToolProcess>> procs;
    take_instances(procs);
    close_gracefully(procs, after_seconds(kServeGraceSeconds));
    munmap(counts_, sizeof(SharedCounts));
  }
  ServeExtractor(const ServeExtractor&) = delete;
  ServeExtractor& operator=(const ServeExtractor&) = delete;

  std::string name() const override { return spec_.name; }
  std::string version() const override { return "serve1"; }
  std::optional<dom::Parser> parser() const override { return std::nullopt; }  // the tool reads the page
  Settings settings() const override {
    Settings s{{"tool", handshake_ ? handshake_->name + " " + handshake_->tool_version : "?"},
               {"settings", settings_hash_.empty() ? "?" : settings_hash_},
               {"timeout", seconds_text(spec_.timeout_seconds) + "s"},
               {"max_output", format_bytes(spec_.max_output_bytes)}};
    if (!spec_.command.empty()) s["command"] = spec_.command;
    return s;
  }

  void prepare(const CorpusContext&) override {
    if (handshake_) return;
    Instance inst;
    Handshake h;
    try {
      h = start(inst);
    } catch (const Fault& f) {
      throw ResourceError(spec_.name + ": the tool did not start: " + f.why);
    }
    std::vector<std::unique_ptr<ToolProcess>> procs;
    procs.push_back(std::move(inst.proc));
    close_gracefully(procs, after_seconds(kServeGraceSeconds));
    effective_ = apply_settings(h);
    settings_json_ = effective_.dump(-1, ' ', false, json::error_handler_t::replace);
    settings_hash_ = hex16(fnv1a(settings_json_));
    handshake_ = std::move(h);
  }

  Extraction extract(const Page& page) const override {
    if (!handshake_) throw ExtractError("the tool's handshake was not read (prepare() not called)");
    Instance& inst = mine();
    const Clock::time_point t0 = Clock::now();
    if (std::optional<Early> e = take_early(inst, page)) {  // sent ahead, answered before its turn
      if (e->fault) throw ExtractError(with_stderr(*e->fault, e->err));
      Extraction ex = extraction_of(e->answer, e->err);
      ex.millis = e->millis + ms_between(t0, Clock::now());
      return ex;
    }
    int attempts = 0;
    for (;;) {
      // Ended between pages (killed, or it quit); with pages in flight, their answers
      // may still be in the pipe (ask() reads them first).
      if (inst.proc && inst.in_flight.empty() && inst.proc->exited()) {
        const int st = inst.proc->finish();
        inst.proc.reset();
        note_fault("the tool ended between pages (" + wait_status_text(st) + ")");
      }
      if (!inst.proc) {
        if (std::optional<std::string> why = given_up()) throw ExtractError(*why);
        ++attempts;
        try {
          const Handshake h = start(inst);
          if (!(h == *handshake_))
            throw Fault{"its handshake changed (" + h.name + " " + h.tool_version + " " + h.settings.dump() +
                        ", first " + handshake_->name + " " + handshake_->tool_version + " " +
                        handshake_->settings.dump() + ")"};
          counts_->failed_starts_in_a_row.store(0);
        } catch (const Fault& f) {
          if (inst.proc) inst.proc->finish();
          inst.proc.reset();
          counts_->failed_starts_in_a_row.fetch_add(1);
          note_fault("the tool did not start: " + f.why);
          if (attempts < 2) continue;
          throw ExtractError("the tool did not start: " + f.why);
        }
      } else {
        ++attempts;
      }
      std::string err;
      try {
        const Answered a = ask(inst, page, err);
        Extraction ex = extraction_of(a.answer, err);
        if (a.millis >= 0) ex.millis = a.millis + ms_between(a.read_at, Clock::now());
        return ex;
      } catch (const Fault& f) {
        inst.proc->finish();
        inst.proc.reset();
        note_fault(f.why);
        if (f.retry && attempts < 2) continue;
        throw ExtractError(with_stderr(f.why, err));
      }
    }
  }

  bool takes_ahead() const override { return handshake_ && handshake_->pipelining; }

  // Queues the page's request to this thread's instance when it runs, allows requests
  // ahead, and has fewer than kAhead in flight (and not this page's already).
  void send_ahead(const Page& page) const override {
    if (!takes_ahead()) return;
    Instance& inst = mine();
    if (!inst.proc || !inst.pipelining || inst.in_broken || inst.proc->in() < 0 || inst.proc->exited()) return;
    if (inst.in_flight.size() >= kAhead) return;
    for (const InFlight& f : inst.in_flight)
      if (f.key.is(page)) return;
    for (const Early& e : inst.early)
      if (e.key.is(page)) return;
    enqueue(inst, page);
  }

  // Takes this process's instances (not those inherited through fork()), for
  // close_gracefully().
  void take_instances(std::vector<std::unique_ptr<ToolProcess>>& procs) {
    std::lock_guard<std::mutex> l(m_);
    for (auto& [tid, inst] : instances_)
      if (inst->proc) {
        if (owner_ == getpid()) procs.push_back(std::move(inst->proc));
        else inst->proc->abandon();
      }
    instances_.clear();
  }

 private:
  static std::string hex16(std::uint64_t h) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
  }

  // The handshake's settings with the stage's applied, each of its default's type.
  json apply_settings(const Handshake& h) const {
    json out = h.settings;
    for (const auto& [key, text] : spec_.settings) {
      if (!out.contains(key)) {
        std::vector<std::string> known;
        for (const auto& [k, v] : h.settings.items()) known.push_back(k + "=" + v.dump());
        throw UsageError(spec_.name + ": the tool (" + h.name + " " + h.tool_version + ") has no setting '" + key +
                         "'" + (known.empty() ? "; it declares none" : "; its settings: " + join(known, ", ")));
      }
      json& v = out[key];
      auto bad = [&, &key = key, &text = text](const char* what) {  // bindings named: clang 14 cannot capture them
        return UsageError(spec_.name + ": setting '" + key + "' expects " + what + " (its default is " + v.dump() +
                          "), got '" + text + "'");
      };
      if (v.is_boolean()) {
        if (text != "true" && text != "false") throw bad("true or false");
        v = text == "true";
      } else if (v.is_number_integer()) {
        try {
          std::size_t used = 0;
          const long long n = std::stoll(text, &used);
          if (used != text.size()) throw bad("an integer");
          v = n;
        } catch (const std::logic_error&) {
          throw bad("an integer");
        }
      } else if (v.is_number()) {
        try {
          std::size_t used = 0;
          const double d = std::stod(text, &used);
          if (used != text.size() || !std::isfinite(d)) throw bad("a number");
          v = d;
        } catch (const std::logic_error&) {
          throw bad("a number");
        }
      } else {
        v = text;
      }
    }
    return out;
  }

  // This thread's instance in this process (made empty at first use).
  Instance& mine() const {
    std::lock_guard<std::mutex> l(m_);
    if (owner_ != getpid()) {
      // Forked: the instances are the parent's. Their descriptors are closed here and
      // their groups left alone (ToolProcess::abandon).
      for (auto& [tid, inst] : instances_)
        if (inst->proc) inst->proc->abandon();
      instances_.clear();
      owner_ = getpid();
    }
    auto& slot = instances_[std::this_thread::get_id()];
    if (!slot) slot = std::make_unique<Instance>();
    return *slot;
  }

  std::optional<std::string> given_up() const {
    const long long faults = counts_->faults.load();
    if (faults > spec_.max_restarts)
      return "not restarted: the tool failed " + std::to_string(faults) + " times in this run (more than " +
             "--max-restarts " + std::to_string(spec_.max_restarts) + ")";
    const int starts = counts_->failed_starts_in_a_row.load();
    if (starts >= kStartsInARow)
      return "not restarted: the tool failed to start " + std::to_string(starts) + " times in a row";
    return std::nullopt;
  }

  void note_fault(const std::string&) const { counts_->faults.fetch_add(1); }

  // Starts an instance and reads its handshake. Throws Fault (the instance is left for
  // the caller to finish).
  Handshake start(Instance& inst) const {
    std::deque<Early> early = std::move(inst.early);
    inst = Instance{};
    inst.early = std::move(early);
    try {
      inst.proc = std::make_unique<ToolProcess>(spec_.argv);
    } catch (const ExtractError& e) {
      throw Fault{e.what()};
    }
    fcntl(inst.proc->in(), F_SETFL, O_NONBLOCK);
    fcntl(inst.proc->out(), F_SETFL, O_NONBLOCK);
    fcntl(inst.proc->err(), F_SETFL, O_NONBLOCK);
    std::string line;
    const auto deadline = after_seconds(std::max(spec_.timeout_seconds, kMinStartSeconds));
    if (std::optional<Fault> f = read_line(inst, deadline, line, "its handshake", false, 0)) {
      f->why = with_stderr(f->why, all_err(inst));
      throw *f;
    }
    // What it wrote before its handshake is shown only if it fails to start.
    Handshake h = parse_handshake(line, all_err(inst));
    inst.pipelining = h.pipelining;
    // Room in its input pipe for a whole request of most pages (the default is 64 KiB;
    // DANIEL's average request is 78 KiB), so that the one sent ahead is all there when
    // the tool is done with the one before. Not more: a user's pipes beyond 64 MiB in all
    // are cut to one page each (pipe(7)). A refusal leaves it as it is.
    if (inst.pipelining) fcntl(inst.proc->in(), F_SETPIPE_SZ, 256 << 10);
    inst.last_answer = Clock::now();
    return h;
  }

  Handshake parse_handshake(const std::string& line, const std::string& err) const {
    auto bad = [&](const std::string& why) { return Fault{with_stderr("bad handshake: " + why, err)}; };
    json j;
    try {
      j = json::parse(line);
    } catch (const json::exception& e) {
      throw bad("not JSON (" + std::string(e.what()) + "): " + head_of(line, 200));
    }
    if (!j.is_object()) throw bad("not a JSON object: " + head_of(line, 200));
    if (!j.contains("protocol") || j["protocol"] != kProtocolName)
      throw bad("\"protocol\" is not \"" + std::string(kProtocolName) + "\": " + head_of(line, 200));
    if (!j.contains("version") || !j["version"].is_number_integer())
      throw bad("no integer \"version\": " + head_of(line, 200));
    if (j["version"] != kProtocolVersion)
      throw bad("the tool speaks protocol version " + j["version"].dump() + "; this detour speaks version " +
                std::to_string(kProtocolVersion));
    Handshake h;
    for (const char* field : {"name", "tool_version"}) {
      if (!j.contains(field) || !j[field].is_string() || j[field].get<std::string>().empty())
        throw bad(std::string("no \"") + field + "\" (a non-empty string)");
    }
    h.name = j["name"].get<std::string>();
    h.tool_version = j["tool_version"].get<std::string>();
    if (j.contains("settings")) {
      if (!j["settings"].is_object()) throw bad("\"settings\" is not an object");
      for (const auto& [k, v] : j["settings"].items())
        if (!v.is_string() && !v.is_number() && !v.is_boolean())
          throw bad("setting '" + k + "' is not a string, a number or a boolean");
      h.settings = j["settings"];
    }
    if (j.contains("pipelining")) {
      if (!j["pipelining"].is_boolean()) throw bad("\"pipelining\" is not true or false");
      h.pipelining = j["pipelining"].get<bool>();
    }
    return h;
  }

  // Waits for the next non-empty line of the instance's standard output until
  // `deadline`, writing its queued requests and reading its standard error meanwhile.
  // `answering`: the line is the answer to the request that ends at offset `need` of
  // the tool's input (a fault if it comes before that much was written). Returns the
  // fault that stopped it, or nullopt with the line in `line`.
  std::optional<Fault> read_line(Instance& inst, Clock::time_point deadline, std::string& line, const char* what,
                                 bool answering, std::uint64_t need) const {
    ToolProcess& p = *inst.proc;
    std::size_t scanned = 0;  // bytes of `pending` known to hold no '\n'
    bool exited = false;
    for (;;) {
      // A whole line?
      for (std::size_t nl; (nl = inst.pending.find('\n', scanned)) != std::string::npos;) {
        if (nl > spec_.max_output_bytes)
          return Fault{"output over the cap of " + format_bytes(spec_.max_output_bytes) + "; tool killed"};
        std::size_t end = nl;
        if (end > 0 && inst.pending[end - 1] == '\r') --end;
        line.assign(inst.pending, 0, end);
        inst.pending.erase(0, nl + 1);
        scanned = 0;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // empty lines are ignored
        if (answering && inst.written < need)
          return Fault{"protocol error: the tool answered before it had read the whole request"};
        return std::nullopt;
      }
      scanned = inst.pending.size();
      if (inst.pending.size() > spec_.max_output_bytes)
        return Fault{"output over the cap of " + format_bytes(spec_.max_output_bytes) + "; tool killed"};
      if (p.out() < 0 || exited) {
        // Its standard output ended, or the tool exited: why, once it is gone.
        if (p.out() >= 0 && !drain_out(inst)) p.close_out();
        if (inst.pending.find('\n') != std::string::npos) continue;
        drain_err(inst);
        if (!exited) {
          // Closed its standard output: exiting, or not. A moment to tell.
          for (int i = 0; i < 20 && !p.exited(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
          exited = p.exited();
        }
        if (!exited) return Fault{"the tool closed its standard output (and kept running)", true};
        if (p.out() >= 0 && Clock::now() < deadline) {
          // Exited, its output maybe still open in a child: the group goes, then the
          // rest of the pipe is read.
          p.kill_group();
          while (p.out() >= 0 && drain_out(inst)) {
            pollfd pf{p.out(), POLLIN, 0};
            if (poll(&pf, 1, 100) <= 0) break;
          }
          p.close_out();
          if (inst.pending.find('\n') != std::string::npos) continue;
        }
        const int st = p.finish();
        return Fault{std::string("the tool ended (") + wait_status_text(st) + ") " +
                         (answering ? "while doing the page" : "before " + std::string(what)),
                     true};
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0)
        return Fault{answering ? "timed out after " + seconds_text(spec_.timeout_seconds) + " s"
                             : "timed out after " + seconds_text(std::max(spec_.timeout_seconds, kMinStartSeconds)) +
                                   " s waiting for " + std::string(what)};
      pollfd fds[4];
      int n = 0, i_out = -1, i_err = -1, i_in = -1, i_pid = -1;
      fds[n] = {p.out(), POLLIN, 0};
      i_out = n++;
      if (p.err() >= 0) {
        fds[n] = {p.err(), POLLIN, 0};
        i_err = n++;
      }
      if (inst.out_pos < inst.out.size() && !inst.in_broken && p.in() >= 0) {
        fds[n] = {p.in(), POLLOUT, 0};
        i_in = n++;
      }
      if (p.exit_fd() >= 0) {
        fds[n] = {p.exit_fd(), POLLIN, 0};
        i_pid = n++;
      }
      long long wait_ms = std::min<long long>(left, 1000);
      if (p.exit_fd() < 0) wait_ms = std::min<long long>(wait_ms, 10);
      const int pr = poll(fds, static_cast<nfds_t>(n), static_cast<int>(std::max<long long>(wait_ms, 1)));
      if (pr < 0 && errno != EINTR) return Fault{std::string("poll: ") + std::strerror(errno)};
      if (i_in >= 0 && (fds[i_in].revents & (POLLOUT | POLLERR | POLLHUP))) pump(inst);
      if (fds[i_out].revents & (POLLIN | POLLHUP | POLLERR))
        if (!drain_out(inst)) p.close_out();
      if (i_err >= 0 && (fds[i_err].revents & (POLLIN | POLLHUP | POLLERR))) drain_err(inst);
      if (i_pid >= 0 && (fds[i_pid].revents & POLLIN)) exited = true;
      if (p.exit_fd() < 0 && p.exited()) exited = true;
    }
  }

  // Reads what standard output has now into `pending`, stopping past the cap. False at
  // its end.
  bool drain_out(Instance& inst) const {
    return read_now(inst.proc->out(), [&](const char* bytes, std::size_t n) {
      inst.pending.append(bytes, n);
      return inst.pending.size() <= spec_.max_output_bytes + 1;
    });
  }

  // Writes what is queued for the tool's standard input, as much as it takes now.
  static void pump(Instance& inst) {
    ToolProcess& p = *inst.proc;
    while (inst.out_pos < inst.out.size() && !inst.in_broken && p.in() >= 0) {
      const ssize_t w = write(p.in(), inst.out.data() + inst.out_pos, inst.out.size() - inst.out_pos);
      if (w > 0) {
        inst.out_pos += static_cast<std::size_t>(w);
        inst.written += static_cast<std::uint64_t>(w);
        continue;
      }
      if (w < 0 && errno == EINTR) continue;
      // Else full (EAGAIN), or it closed its input (EPIPE): its answer or its end may
      // still come.
      if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) inst.in_broken = true;
      break;
    }
    if (inst.out_pos == inst.out.size()) {
      inst.out.clear();
      inst.out_pos = 0;
    }
  }

  // The page's request (as the next seq) queued and written as far as the pipe takes it.
  const InFlight& enqueue(Instance& inst, const Page& page) const {
    const Clock::time_point t0 = Clock::now();
    const std::uint64_t seq = ++inst.seq;
    append_request(inst.out, page, seq);
    const std::uint64_t end = inst.written + (inst.out.size() - inst.out_pos);  // (what is queued is written next)
    inst.in_flight.push_back(InFlight{seq, PageKey(page), end, t0, 0});
    pump(inst);
    inst.in_flight.back().encode_ms = ms_between(t0, Clock::now());
    return inst.in_flight.back();
  }

  // The request, written by hand: a JSON library's writer took some 3 ms of CPU for a
  // page of 190 KB, this one a tenth of that.
  void append_request(std::string& line, const Page& page, std::uint64_t seq) const {
    line.reserve(line.size() + page.html.size() + page.html.size() / 16 + 256);
    line += "{\"seq\":" + std::to_string(seq) + ",\"id\":";
    append_json_string(line, page.id);
    line += ",\"lang\":";
    append_json_string(line, page.lang);
    line += ",\"url\":";
    append_json_string(line, page.url);
    line += ",\"charset\":{\"name\":";
    append_json_string(line, page.decode.charset.empty() ? "UTF-8" : page.decode.charset);
    line += ",\"source\":";
    append_json_string(line, page.decode.source.empty() ? "given" : page.decode.source);
    line += "},\"html\":";
    append_json_string(line, page.html);
    line += ",\"settings\":" + settings_json_ + "}\n";
  }

  struct Answered {
    json answer;
    double millis = -1;  // the page's time in ms up to read_at; < 0: the call's own
    Clock::time_point read_at;
  };

  // The answer to `page`: its request queued unless it is in flight already (sent
  // ahead), then the answers read in order up to its own; answers before it (pages sent
  // ahead) are kept for their turn. Throws Fault; `err` gets the page's standard error.
  Answered ask(Instance& inst, const Page& page, std::string& err) const {
    auto it = std::find_if(inst.in_flight.begin(), inst.in_flight.end(),
                           [&](const InFlight& f) { return f.key.is(page); });
    const bool alone = it == inst.in_flight.end() && inst.in_flight.empty();
    const std::uint64_t target = it != inst.in_flight.end() ? it->seq : enqueue(inst, page).seq;
    for (;;) {
      InFlight& head = inst.in_flight.front();
      // Its time counts from when the tool could begin it: sent, the answer before read.
      const Clock::time_point begun = std::max(head.sent, inst.last_answer);
      std::string line;
      std::optional<Fault> f =
          read_line(inst, after_seconds(spec_.timeout_seconds, begun), line, "its answer", true, head.end);
      json a;
      if (!f) {
        try {
          a = parse_answer(line, head.seq);
        } catch (const Fault& bad) {
          f = bad;
        }
      }
      drain_err(inst);  // the page's messages, written before its answer, are in the pipe by now
      std::string e = page_err(inst, head.seq);
      const Clock::time_point now = Clock::now();
      if (head.seq == target) {
        err = std::move(e);
        if (f) throw *f;
        Answered out{std::move(a), -1, now};
        if (!alone) out.millis = page_millis(out.answer, head, begun, now);
        inst.in_flight.pop_front();
        inst.last_answer = now;
        return out;
      }
      // A page sent ahead, answered before its turn: kept. A fault on it stops the
      // instance; that page fails at its turn (a crash: it is sent again then), and
      // this one goes to a new instance.
      if (f) {
        if (!f->retry) keep_early(inst, Early{std::move(head.key), json(), f->why, std::move(e), 0});
        throw Fault{"the tool failed on the page sent ahead of this one (" + f->why + ")", true};
      }
      const double millis = page_millis(a, head, begun, now);
      keep_early(inst, Early{std::move(head.key), std::move(a), std::nullopt, std::move(e), millis});
      inst.in_flight.pop_front();
      inst.last_answer = now;
    }
  }

  // A page's time when its request was not sent and answered alone: the tool's own
  // (the answer's "millis") or, without it, from when the tool could begin it to its
  // answer; with the writing of its request.
  static double page_millis(const json& a, const InFlight& f, Clock::time_point begun, Clock::time_point now) {
    const double own = a.contains("millis") ? a["millis"].get<double>() : ms_between(begun, now);
    return own + f.encode_ms;
  }

  static void keep_early(Instance& inst, Early&& e) {
    inst.early.push_back(std::move(e));
    if (inst.early.size() > kEarlyKept) inst.early.pop_front();
  }

  static std::optional<Early> take_early(Instance& inst, const Page& page) {
    for (auto it = inst.early.begin(); it != inst.early.end(); ++it)
      if (it->key.is(page)) {
        Early e = std::move(*it);
        inst.early.erase(it);
        return e;
      }
    return std::nullopt;
  }

  // The answer line checked (seq, fields). Throws Fault.
  json parse_answer(const std::string& line, std::uint64_t seq) const {
    json a;
    try {
      a = json::parse(line);
    } catch (const json::exception& e) {
      throw Fault{"protocol error: the answer is not JSON (" + std::string(e.what()) + "): " + head_of(line, 200)};
    }
    if (!a.is_object()) throw Fault{"protocol error: the answer is not a JSON object: " + head_of(line, 200)};
    if (!a.contains("seq") || !a["seq"].is_number_integer())
      throw Fault{"protocol error: an answer without an integer \"seq\": " + head_of(line, 200)};
    if (a["seq"] != seq)
      throw Fault{"protocol error: answer for seq " + a["seq"].dump() + ", expected " + std::to_string(seq)};
    if (a.contains("millis") && (!a["millis"].is_number() || !(a["millis"].get<double>() >= 0) ||
                                 !std::isfinite(a["millis"].get<double>())))
      throw Fault{"protocol error: \"millis\" is not a number of milliseconds: " + a["millis"].dump()};
    if (a.contains("error")) {
      if (!a["error"].is_string()) throw Fault{"protocol error: \"error\" is not a string"};
      return a;
    }
    if (!a.contains("format") || !a["format"].is_string() ||
        !parse_answer_format(a["format"].get<std::string>()))
      throw Fault{"protocol error: \"format\" must be \"text\", \"html\", \"markdown\" or \"cleaneval\": " +
                  head_of(line, 200)};
    if (!a.contains("output") || !a["output"].is_string())
      throw Fault{"protocol error: no \"output\" string: " + head_of(line, 200)};
    if (a.contains("notes") && !a["notes"].is_object()) throw Fault{"protocol error: \"notes\" is not an object"};
    return a;
  }

  Extraction extraction_of(const json& a, const std::string& err) const {
    if (a.contains("error")) throw ExtractError(with_stderr(a["error"].get<std::string>(), err));
    const AnswerFormat format = *parse_answer_format(a["format"].get<std::string>());
    const std::string& output = a["output"].get_ref<const std::string&>();
    Extraction ex;
    if (format == AnswerFormat::Html) ex.html = output;
    if (format == AnswerFormat::Markdown) ex.html = markdown_to_html(output);
    ex.segments = ex.html.empty() ? answer_segments(format, output) : answer_segments(AnswerFormat::Html, ex.html);
    ex.notes["output_format"] = std::string(answer_format_name(format));
    if (!err.empty()) ex.notes["stderr"] = head_of(err, 2000);
    if (a.contains("notes"))
      for (const auto& [k, v] : a["notes"].items())
        ex.notes["tool." + k] = v.is_string() ? v.get<std::string>() : v.dump();
    return ex;
  }

  ServeSpec spec_;
  std::optional<Handshake> handshake_;
  json effective_ = json::object();
  std::string settings_json_ = "{}";  // effective_ as sent (compact, keys sorted)
  std::string settings_hash_;
  SharedCounts* counts_ = nullptr;
  mutable std::mutex m_;
  mutable pid_t owner_ = getpid();
  mutable std::map<std::thread::id, std::unique_ptr<Instance>> instances_;
};

}  // namespace

int check_max_restarts(long long n) {
  if (n < 0 || n > 1000000) throw UsageError("--max-restarts expects 0 to 1000000, got " + std::to_string(n));
  return static_cast<int>(n);
}

ServeSpec parse_serve_spec(const std::string& text, double timeout_seconds, std::size_t max_output_bytes,
                           int max_restarts) {
  const ExternalSpec e = parse_external_spec(text, timeout_seconds, max_output_bytes, "--serve");
  ServeSpec s;
  s.name = e.name;
  s.command = e.command;
  s.argv = split_command(e.command);
  s.timeout_seconds = e.timeout_seconds;
  s.max_output_bytes = e.max_output_bytes;
  s.max_restarts = check_max_restarts(max_restarts);
  return s;
}

std::unique_ptr<Extractor> make_serve_extractor(const ServeSpec& spec) {
  return std::make_unique<ServeExtractor>(spec);
}

void close_served_tools() {
  std::vector<ServeExtractor*> live;
  {
    std::lock_guard<std::mutex> l(g_live_m);
    live.assign(g_live.begin(), g_live.end());
  }
  std::vector<std::unique_ptr<ToolProcess>> procs;
  for (ServeExtractor* s : live) s->take_instances(procs);
  close_gracefully(procs, after_seconds(kServeGraceSeconds));
}

}  // namespace detour
