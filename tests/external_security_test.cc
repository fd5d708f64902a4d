// The external-tool adapter probed as a hostile local environment would: a staging
// folder planted in advance with symlinks and fake outputs, tools that close their
// output and keep running, tools that leave children behind, tools that write
// gigabytes, detour itself interrupted with SIGINT/SIGTERM while tools run, and bad
// --timeout values. Also: failure reasons name their stage once.
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <random>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "extractors/external.h"
#include "extractors/extractor.h"
#include "runner/runner.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;
using detour::testing::TempDir;
using detour::testing::write_file;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Points TMPDIR (read by std::filesystem::temp_directory_path) at `dir` while alive.
class ScopedTmpdir {
 public:
  explicit ScopedTmpdir(const fs::path& dir) {
    if (const char* v = std::getenv("TMPDIR")) old_ = v;
    ::setenv("TMPDIR", dir.c_str(), 1);
  }
  ~ScopedTmpdir() {
    if (old_) ::setenv("TMPDIR", old_->c_str(), 1);
    else ::unsetenv("TMPDIR");
  }
  ScopedTmpdir(const ScopedTmpdir&) = delete;
  ScopedTmpdir& operator=(const ScopedTmpdir&) = delete;

 private:
  std::optional<std::string> old_;
};

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  return out;
}

// True when `pid` runs no more: absent from /proc, or a zombie left for its reaper.
bool process_gone(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  if (!f) return true;
  std::string stat((std::istreambuf_iterator<char>(f)), {});
  auto close = stat.rfind(')');
  if (close == std::string::npos || close + 2 >= stat.size()) return true;
  char state = stat[close + 2];
  return state == 'Z' || state == 'X';
}

bool wait_gone(pid_t pid, double seconds) {
  auto t0 = Clock::now();
  while (!process_gone(pid)) {
    if (seconds_since(t0) > seconds) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

// The process ids a tool wrote to `file`, one a line, once `count` are there.
std::vector<pid_t> wait_pids(const fs::path& file, std::size_t count, double seconds) {
  auto t0 = Clock::now();
  for (;;) {
    std::vector<pid_t> pids;
    std::istringstream in(slurp(file));
    std::string line;
    while (std::getline(in, line))
      if (!line.empty()) pids.push_back(static_cast<pid_t>(std::stol(line)));
    if (pids.size() >= count || seconds_since(t0) > seconds) return pids;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// Kills what a test left behind when the code under test did not.
void reap_leftovers(const std::vector<pid_t>& pids) {
  for (pid_t p : pids)
    if (p > 1 && !process_gone(p)) ::kill(p, SIGKILL);
}

// Peak resident memory of this process in bytes since the last reset_peak_rss().
std::size_t peak_rss() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}
std::size_t current_rss() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}
bool reset_peak_rss() {
  std::ofstream f("/proc/self/clear_refs");
  f << "5";
  f.flush();
  return static_cast<bool>(f);
}

Page small_page() { return html::make_page("p", "<html><body><p>real text of the page</p></body></html>", "en"); }

std::string text_of(const Extraction& ex) {
  std::string s;
  for (const auto& seg : ex.segments) s += seg.text + "\n";
  return s;
}

fs::path make_small_corpus(const fs::path& root) {
  write_file(root / "en/html/p1", "<html><body><p>First page text, long enough to matter.</p></body></html>");
  write_file(root / "en/gold/p1", "<p>First page text, long enough to matter.\n");
  return root;
}

}  // namespace

TEST_CASE("external security: a planted staging folder cannot redirect writes or plant outputs",
          "[external][security]") {
  TempDir t;
  fs::create_directories(t.path / "tmp");
  ScopedTmpdir tmpdir(t.path / "tmp");
  const fs::path victim = t.write("victim", "precious");
  // What another local user could prepare: the folder a guessable scheme would use,
  // with a symlink to the victim's file and a fake output under every likely name.
  const fs::path planted = t.path / "tmp" / ("detour-ext-" + std::to_string(::getpid()));
  fs::create_directories(planted);
  for (int i = 0; i < 3000; ++i) {
    fs::create_symlink(victim, planted / (std::to_string(i) + ".html"));
    write_file(planted / (std::to_string(i) + ".out"), "<p>PLANTED\n");
  }
  const auto planted_before = entries(planted).size();
  {
    auto in_tool = make_external_extractor(parse_external_spec("IN=cat {input}", 20));
    auto ex = in_tool->extract(small_page());
    CHECK(text_of(ex).find("real text of the page") != std::string::npos);
    CHECK(slurp(victim) == "precious");
  }
  {
    // The tool writes no output file: the page fails; a planted file is never read.
    auto out_tool = make_external_extractor(parse_external_spec("OUT=true {output}", 20));
    std::string text, reason;
    try {
      text = text_of(out_tool->extract(small_page()));
    } catch (const ExtractError& e) {
      reason = e.what();
    }
    CHECK(text.find("PLANTED") == std::string::npos);
    CHECK(reason.find("no output file") != std::string::npos);
  }
  CHECK(slurp(victim) == "precious");
  CHECK(entries(planted).size() == planted_before);
}

TEST_CASE("external security: the staging folder is private and removed with the extractor",
          "[external][security]") {
  TempDir t;
  fs::create_directories(t.path / "tmp");
  ScopedTmpdir tmpdir(t.path / "tmp");
  {
    // The tool reports the permission bits of the folder holding its input, and of the input.
    auto tool = make_external_extractor(
        parse_external_spec("MODE=sh -c 'stat -c %a \"${0%/*}\"; stat -c %a \"$0\"' {input}", 20));
    auto ex = tool->extract(small_page());
    REQUIRE(ex.segments.size() == 2);
    CHECK(ex.segments[0].text == "700");  // the folder: owner only
    CHECK(ex.segments[1].text == "600");  // the page file: owner only
  }
  // Nothing is left once the extractors are gone.
  CHECK(entries(t.path / "tmp").empty());
}

TEST_CASE("external security: a tool that closes stdout and stderr and keeps running is stopped at the timeout",
          "[external][security]") {
  TempDir t;
  const fs::path pidfile = t.path / "pids";
  const std::string script = "echo $$ > '" + pidfile.string() + "'; exec >/dev/null 2>&1; exec sleep 25";
  auto t0 = Clock::now();
  ProcessResult r = run_process({"sh", "-c", script}, "", 1.0);
  const double took = seconds_since(t0);
  auto pids = wait_pids(pidfile, 1, 5);
  CHECK(r.timed_out);
  CHECK(took < 10);
  REQUIRE(pids.size() == 1);
  CHECK(wait_gone(pids[0], 5));
  reap_leftovers(pids);
}

TEST_CASE("external security: a child the tool leaves behind is killed when the tool exits",
          "[external][security]") {
  TempDir t;
  SECTION("a child detached from stdio") {
    const fs::path pidfile = t.path / "pids";
    const std::string script =
        "(exec sleep 25) </dev/null >/dev/null 2>&1 & echo $! > '" + pidfile.string() + "'; echo done";
    ProcessResult r = run_process({"sh", "-c", script}, "", 20.0);
    auto pids = wait_pids(pidfile, 1, 5);
    CHECK(r.exit_status == 0);
    CHECK(r.out == "done\n");
    REQUIRE(pids.size() == 1);
    CHECK(wait_gone(pids[0], 5));
    reap_leftovers(pids);
  }
  SECTION("a child that keeps the output pipe open") {
    const fs::path pidfile = t.path / "pids";
    const std::string script = "sleep 25 & echo $! > '" + pidfile.string() + "'; echo done";
    auto t0 = Clock::now();
    ProcessResult r = run_process({"sh", "-c", script}, "", 20.0);
    const double took = seconds_since(t0);
    auto pids = wait_pids(pidfile, 1, 5);
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_status == 0);
    CHECK(r.out == "done\n");
    CHECK(took < 10);
    REQUIRE(pids.size() == 1);
    CHECK(wait_gone(pids[0], 5));
    reap_leftovers(pids);
  }
}

TEST_CASE("external security: SIGTERM or SIGINT of detour kills its tools and removes its staging folder",
          "[external][security][cli]") {
  for (int sig : {SIGTERM, SIGINT}) {
    INFO("signal " << sig);
    TempDir t;
    const fs::path corpus = make_small_corpus(t.path / "corpus");
    fs::create_directories(t.path / "tmp");
    const fs::path pidfile = t.path / "pids";
    // The tool records itself and a detached child, then both wait a minute.
    write_file(t.path / "tool.sh", "echo $$ >> '" + pidfile.string() + "'\n"
                                   "(exec sleep 60) </dev/null >/dev/null 2>&1 &\n"
                                   "echo $! >> '" + pidfile.string() + "'\n"
                                   "cat \"$1\" > /dev/null\n"
                                   "exec sleep 60\n");
    const std::string bin = detour::testing::detour_binary();
    const std::string ext = "T=sh " + (t.path / "tool.sh").string() + " {input}";
    const std::string tmp = (t.path / "tmp").string();
    pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      int devnull = ::open("/dev/null", O_RDWR);
      ::dup2(devnull, 1);
      ::dup2(devnull, 2);
      ::setenv("TMPDIR", tmp.c_str(), 1);
      ::execl(bin.c_str(), "detour", "run", "--corpus", corpus.c_str(), "--extractors", "T", "--external",
              ext.c_str(), "--timeout", "60", "--metrics", "to", "--jobs", "1", "--no-progress",
              static_cast<char*>(nullptr));
      ::_exit(127);
    }
    auto pids = wait_pids(pidfile, 2, 30);
    REQUIRE(pids.size() == 2);
    ::kill(child, sig);
    int status = 0;
    bool exited = false;
    auto t0 = Clock::now();
    while (seconds_since(t0) < 20) {
      if (::waitpid(child, &status, WNOHANG) == child) {
        exited = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (!exited) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
    }
    CHECK(exited);
    // detour dies of the signal, as it would without tools to clean up after.
    CHECK(WIFSIGNALED(status));
    if (WIFSIGNALED(status)) CHECK(WTERMSIG(status) == sig);
    CHECK(wait_gone(pids[0], 5));
    CHECK(wait_gone(pids[1], 5));
    CHECK(entries(t.path / "tmp").empty());
    reap_leftovers(pids);
  }
}

TEST_CASE("external security: detour run leaves no staging folder behind", "[external][security][cli]") {
  TempDir t;
  const fs::path corpus = make_small_corpus(t.path / "corpus");
  fs::create_directories(t.path / "tmp");
  // Through the shell, to give detour its own TMPDIR.
  const std::string cmd = "TMPDIR='" + (t.path / "tmp").string() + "' " + detour::testing::detour_binary() +
                          " run --corpus '" + corpus.string() +
                          "' --extractors T --external 'T=cp {input} {output}' --metrics to --no-progress >/dev/null 2>&1";
  int st = std::system(cmd.c_str());
  CHECK(WIFEXITED(st));
  CHECK(WEXITSTATUS(st) == 0);
  CHECK(entries(t.path / "tmp").empty());
}

TEST_CASE("external security: output far over the cap fails the page and memory stays bounded",
          "[external][security]") {
  // 2 GiB of output against the default cap.
  REQUIRE(reset_peak_rss());
  const std::size_t before = current_rss();
  auto tool = make_external_extractor(parse_external_spec("BIG=head -c 2147483648 /dev/zero", 300));
  std::string reason;
  try {
    tool->extract(small_page());
  } catch (const ExtractError& e) {
    reason = e.what();
  }
  const std::size_t grew = peak_rss() - std::min(peak_rss(), before);
  INFO("reason: " << reason << "; peak memory grew by " << grew / (1 << 20) << " MiB");
  CHECK(reason.find("over the cap") != std::string::npos);
  CHECK(grew < std::size_t{256} << 20);
}

TEST_CASE("external security: --timeout must be a positive finite number of seconds", "[external][cli]") {
  TempDir t;
  const fs::path corpus = make_small_corpus(t.path / "corpus");
  for (std::string v : {"0", "-1", "nan", "inf", "1e20", "-inf"}) {
    INFO("--timeout " << v);
    auto c = detour::testing::run_detour("run --corpus '" + corpus.string() + "' --extractors NONE --no-progress --timeout " + v);
    CHECK(c.status == 2);
    CHECK(c.out.find("--timeout") != std::string::npos);
  }
  auto ok = detour::testing::run_detour("run --corpus '" + corpus.string() + "' --extractors NONE --no-progress --timeout 0.5");
  CHECK(ok.status == 0);
}

TEST_CASE("run: a failure reason names its stage once", "[runner][external]") {
  TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = make_small_corpus(t.path / "corpus");
  cfg.externals.push_back(parse_external_spec("SLOW=sleep 20", 1.0));
  cfg.extractors = {"SLOW"};
  cfg.metrics = "to";
  cfg.progress = false;
  auto r = harness::run(cfg);
  REQUIRE(r.systems.size() == 1);
  REQUIRE(r.systems[0].pages.size() == 1);
  CHECK(r.systems[0].pages[0].reason == "SLOW: timed out after 1 s");
}

TEST_CASE("collapse_whitespace and collapse_ascii_whitespace equal a byte-by-byte reading", "[render]") {
  // The functions copy runs of ordinary bytes whole; the reading here takes one byte
  // (or one whole space character) at a time, as the definition says.
  auto space_at = [](const std::string& s, std::size_t i, bool ascii) -> std::size_t {
    const unsigned char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') return 1;
    if (ascii) return 0;
    for (const char* sp : {"\xc2\xa0", "\xe1\x9a\x80", "\xe2\x80\x80", "\xe2\x80\x81", "\xe2\x80\x82", "\xe2\x80\x83",
                           "\xe2\x80\x84", "\xe2\x80\x85", "\xe2\x80\x86", "\xe2\x80\x87", "\xe2\x80\x88",
                           "\xe2\x80\x89", "\xe2\x80\x8a", "\xe2\x80\xa8", "\xe2\x80\xa9", "\xe2\x80\xaf",
                           "\xe2\x81\x9f", "\xe3\x80\x80"})
      if (s.compare(i, std::strlen(sp), sp) == 0) return std::strlen(sp);
    return 0;
  };
  auto reading = [&](const std::string& s, bool ascii) {
    std::string out;
    bool pending = false;
    for (std::size_t i = 0; i < s.size();) {
      if (std::size_t n = space_at(s, i, ascii)) {
        pending = true;
        i += n;
        continue;
      }
      if (pending && !out.empty()) out += ' ';
      pending = false;
      out += s[i++];
    }
    return out;
  };
  const std::vector<std::string> pieces = {"a", "bc", " ", "\t", "\n\r", "\xc2\xa0", "\xc2", "\xe2\x80", "\xe2\x80\x8a",
                                           "\xe2\x80\x8b", "\xe3\x80\x80", "\xe1\x9a\x80", "\xe1", "\xce\xb1", "\v\f", "x"};
  std::mt19937 rng(3);
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    for (int k = static_cast<int>(rng() % 12); k > 0; --k) s += pieces[rng() % pieces.size()];
    INFO("input of " << s.size() << " bytes, round " << round);
    CHECK(collapse_whitespace(s) == reading(s, false));
    CHECK(collapse_ascii_whitespace(s) == reading(s, true));
  }
}

TEST_CASE("collapse_whitespace: only real Unicode spaces count and broken UTF-8 is kept", "[render]") {
  // E2 80 then an ASCII byte is a broken sequence, not a space: its bytes are kept.
  CHECK(collapse_whitespace("word\xe2\x80x next") == "word\xe2\x80x next");
  CHECK(collapse_whitespace("a\xe2\x80\x41") == "a\xe2\x80\x41");
  CHECK(collapse_whitespace("a\xe2\x80\x7f b") == "a\xe2\x80\x7f b");
  CHECK(collapse_whitespace("a\xe2\x80") == "a\xe2\x80");
  CHECK(collapse_whitespace("a\xe2") == "a\xe2");
  CHECK(collapse_whitespace("a\xc2") == "a\xc2");
  CHECK(collapse_whitespace("a\xe3\x80") == "a\xe3\x80");
  // Real spaces: U+2000..U+200A, U+00A0, U+1680, U+2028, U+2029, U+202F, U+205F, U+3000.
  for (const char* sp : {"\xe2\x80\x80", "\xe2\x80\x85", "\xe2\x80\x8a", "\xc2\xa0", "\xe1\x9a\x80", "\xe2\x80\xa8",
                         "\xe2\x80\xa9", "\xe2\x80\xaf", "\xe2\x81\x9f", "\xe3\x80\x80"}) {
    INFO("space bytes " << sp);
    CHECK(collapse_whitespace(std::string("a") + sp + "b") == "a b");
  }
  // Not spaces: zero-width space U+200B, U+2010 (hyphen), U+2024.
  for (const char* ns : {"\xe2\x80\x8b", "\xe2\x80\x90", "\xe2\x80\xa4"}) {
    INFO("non-space bytes " << ns);
    CHECK(collapse_whitespace(std::string("a") + ns + "b") == std::string("a") + ns + "b");
  }
}

TEST_CASE("external: timeout and output-cap values are checked", "[external]") {
  CHECK(check_timeout(0.5) == 0.5);
  CHECK(check_timeout(kMaxTimeoutSeconds) == kMaxTimeoutSeconds);
  for (double bad : {0.0, -1.0, std::nan(""), HUGE_VAL, -HUGE_VAL, 1e20, kMaxTimeoutSeconds * 2})
    CHECK_THROWS_AS(check_timeout(bad), UsageError);
  CHECK_THROWS_WITH(check_timeout(0), Catch::Contains("--timeout"));
  CHECK(parse_output_cap("64M") == std::size_t{64} << 20);
  CHECK(parse_output_cap("64MiB") == std::size_t{64} << 20);
  CHECK(parse_output_cap("1g") == std::size_t{1} << 30);
  CHECK(parse_output_cap("2K") == 2048);
  CHECK(parse_output_cap("65536") == 65536);
  CHECK(parse_output_cap("64G") == std::size_t{64} << 30);
  for (std::string bad : {"", "0", "0M", "M", "-1", "1.5M", "65G", "1T", "12 M", "99999999999999999999999"}) {
    INFO("--max-output '" << bad << "'");
    CHECK_THROWS_AS(parse_output_cap(bad), UsageError);
  }
  CHECK(format_bytes(std::size_t{64} << 20) == "64 MiB");
  CHECK(format_bytes(1536) == "1536 bytes");
  CHECK(format_bytes(3072) == "3 KiB");
  CHECK_THROWS_AS(parse_external_spec("T=cat", 0), UsageError);
  CHECK_THROWS_AS(parse_external_spec("T=cat", 1, 0), UsageError);
  CHECK_THROWS_AS(parse_external_spec("T-1=cat", 1), UsageError);
  auto spec = parse_external_spec("T=cat", 1.5, 4096);
  auto ex = make_external_extractor(spec);
  CHECK(ex->signature() == "T|v:external|command:cat|max_output:4 KiB|timeout:1.5s");
}

TEST_CASE("external: the output cap applies to stdout and to the output file", "[external][security]") {
  const Page page = small_page();
  SECTION("stdout a little over the cap") {
    auto tool = make_external_extractor(parse_external_spec("T=head -c 5000 /dev/zero", 20, 4096));
    CHECK_THROWS_WITH(tool->extract(page), Catch::Contains("output over the cap of 4 KiB"));
    auto fits = make_external_extractor(parse_external_spec("T=head -c 4096 /dev/zero", 20, 4096));
    CHECK_NOTHROW(fits->extract(page));
  }
  SECTION("stdout endless") {
    auto t0 = Clock::now();
    ProcessResult r = run_process({"yes"}, "", 60, std::size_t{1} << 20);
    CHECK(r.over_cap);
    CHECK(r.out.size() == std::size_t{1} << 20);
    CHECK(seconds_since(t0) < 30);
  }
  SECTION("an output file a little over the cap, read after the tool exits") {
    auto tool = make_external_extractor(
        parse_external_spec("T=sh -c 'head -c 5000 /dev/zero > \"$0\"' {output}", 20, 4096));
    CHECK_THROWS_WITH(tool->extract(page), Catch::Contains("over the cap of 4 KiB"));
  }
  SECTION("an output file that grows without end: the tool is stopped while it runs") {
    auto t0 = Clock::now();
    auto tool = make_external_extractor(parse_external_spec("T=sh -c 'yes > \"$0\"' {output}", 60, std::size_t{1} << 20));
    CHECK_THROWS_WITH(tool->extract(page), Catch::Contains("over the cap of 1 MiB"));
    CHECK(seconds_since(t0) < 30);
  }
}

TEST_CASE("external: an output file that is a symlink or a FIFO is refused", "[external][security]") {
  TempDir t;
  const fs::path secret = t.write("secret", "<p>SECRET\n");
  const Page page = small_page();
  auto link = make_external_extractor(parse_external_spec("T=ln -s " + secret.string() + " {output}", 20));
  CHECK_THROWS_WITH(link->extract(page), Catch::Contains("symlink"));
  auto fifo = make_external_extractor(parse_external_spec("T=mkfifo {output}", 20));
  CHECK_THROWS_WITH(fifo->extract(page), Catch::Contains("not a regular file"));
}

TEST_CASE("external: a process that leaves the tool's group and holds its output makes the page time out with the reason",
          "[external][security]") {
  TempDir t;
  const fs::path pidfile = t.path / "pids";
  // The tool exits once its escaped child has started (and written its id).
  write_file(t.path / "tool.sh", "setsid sh -c 'echo $$ > \"$0\"; exec sleep 25' \"$1\" &\n"
                                 "while [ ! -s \"$1\" ]; do sleep 0.01; done\n"
                                 "echo done\n");
  auto tool = make_external_extractor(
      parse_external_spec("T=sh " + (t.path / "tool.sh").string() + " " + pidfile.string(), 1));
  CHECK_THROWS_WITH(tool->extract(small_page()), Catch::Contains("left its process group"));
  reap_leftovers(wait_pids(pidfile, 1, 5));
}

TEST_CASE("external: tools get SIGPIPE as default, not detour's ignored disposition", "[external]") {
  // With SIGPIPE ignored, `yes` would see EPIPE and complain on stderr.
  ProcessResult r = run_process({"sh", "-c", "yes | head -c 1"}, "", 20);
  CHECK(r.exit_status == 0);
  CHECK(r.out == "y");
  CHECK(r.err.empty());
}

TEST_CASE("external security: detour run --max-output fails the page over the cap and refuses bad sizes",
          "[external][cli]") {
  TempDir t;
  const fs::path corpus = make_small_corpus(t.path / "corpus");
  const std::string base = "run --corpus '" + corpus.string() + "' --no-progress --metrics to --extractors T";
  auto c = detour::testing::run_detour(base + " --external 'T=head -c 5000 /dev/zero' --max-output 1K --out '" +
                                       (t.path / "out").string() + "'");
  CHECK(c.status == 1);  // the only page failed: the run is written, and fails
  CHECK(c.out.find("every page failed for T") != std::string::npos);
  CHECK(slurp(t.path / "out/failures.tsv").find("T: output over the cap of 1 KiB") != std::string::npos);
  for (std::string bad : {"0", "abc", "65G"}) {
    auto u = detour::testing::run_detour(base + " --external 'T=cat' --max-output " + bad);
    CHECK(u.status == 2);
    CHECK(u.out.find("--max-output") != std::string::npos);
  }
}
