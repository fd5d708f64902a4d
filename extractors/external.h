// external: runs any command-line tool as an extractor, once per page, without a shell.
//
// The command is split into words like a shell would (single and double quotes,
// backslash escapes) but never passed to one, so page contents or file names cannot
// inject commands. Placeholders: {input} (a file holding the page's UTF-8 HTML) and
// {output} (a file the tool writes). Without {input} the page goes to standard input;
// without {output} standard output is read. The tool's output is read as CleanEval
// markup if it has <p>/<h>/<l> markers, as HTML if it looks like HTML, else as plain
// text (one paragraph per non-empty line).
//
// Files. Each extractor stages its pages in a private folder made with mkdtemp under
// $TMPDIR (or /tmp), mode 0700, one sub-folder per page; the page file is created
// with O_EXCL|O_NOFOLLOW (mode 0600) relative to that folder, and the tool's output
// file is opened with O_NOFOLLOW and must be a regular file. A page's sub-folder is
// removed when the page is done, the whole folder when the extractor is destroyed, at
// exit, and on SIGINT, SIGTERM or SIGHUP.
//
// Processes. Each tool runs in a process group of its own. The timeout bounds the
// tool's whole life (not only its output pipes): at the timeout the group is killed.
// When the tool exits, whatever is left in its group (children it started in the
// background, detached from its output or not) is killed too, so nothing outlives
// its page; on SIGINT/SIGTERM/SIGHUP detour kills every group it started, removes its
// staging folders and then dies of the signal. A process that leaves the group on
// purpose (setsid, setpgid) is out of reach of this rule.
//
// Output cap. Standard output and the {output} file are each capped at
// max_output_bytes (default 64 MiB; `detour run --max-output SIZE`). A tool that
// writes more is killed and the page fails with "output over the cap of ...";
// detour never holds more than the cap in memory for it (standard error: the first
// 64 KiB are kept, the rest read and dropped).
//
// A tool that exits non-zero, is killed by a signal, runs past the timeout or writes
// over the cap makes extract() throw ExtractError with the reason and the start of its
// stderr; on success, the exit status and stderr (truncated) are kept in
// Extraction::notes.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/errors.h"
#include "base/strings.h"
#include "extractors/extractor.h"

namespace detour {


inline constexpr std::size_t kDefaultMaxOutputBytes = std::size_t{64} << 20;  // 64 MiB
inline constexpr double kMaxTimeoutSeconds = 86400;                            // one day

struct ExternalSpec {
  std::string name;     // system name in tables, e.g. "BP-JAR"
  std::string command;  // e.g. "scripts/boilerpipe/run.sh --batch-free {input}"
  double timeout_seconds = 60;
  std::size_t max_output_bytes = kDefaultMaxOutputBytes;
};

// Checks a per-page timeout: a finite number of seconds in (0, kMaxTimeoutSeconds].
// Returns it; throws UsageError naming --timeout otherwise.
double check_timeout(double seconds);

// Parses an output cap: a whole number of bytes with an optional binary unit K, M,
// G (also KiB, MiB, GiB; any case), e.g. "64M", "1G", "65536"; from 1 byte to 64 GiB.
// Throws UsageError naming --max-output otherwise.
std::size_t parse_output_cap(const std::string& text);

// format_bytes ("64 MiB"): base/strings.h.

// Parses "NAME=COMMAND". Throws UsageError with the reason (also for a bad timeout
// or cap), naming `option`.
ExternalSpec parse_external_spec(const std::string& text, double timeout_seconds,
                                 std::size_t max_output_bytes = kDefaultMaxOutputBytes,
                                 const std::string& option = "--external");

// Splits a command line into words (quotes and backslashes as in sh; no expansion).
std::vector<std::string> split_command(const std::string& command);

std::unique_ptr<Extractor> make_external_extractor(const ExternalSpec& spec);

// A tool's output as an extraction, read as `format` says: "cleaneval" (<p>/<h>/<l>
// markup), "html" (the visible blocks of its body), "text" (one paragraph per
// non-empty line) or "auto" (the rules above: tool_output_format). The format read is
// noted in Extraction::notes["output_format"]. Throws ExtractError on another format.
Extraction read_tool_output(const std::string& out, std::string_view format = "auto");
// The format "auto" reads `out` as: "cleaneval", "html" or "text".
std::string_view tool_output_format(const std::string& out);

// Result of running a process; used by the external extractor and the tests.
struct ProcessResult {
  int exit_status = -1;     // exit code, or -1 if killed
  int signal = 0;           // terminating signal, 0 if none
  bool timed_out = false;   // the timeout passed before the tool exited and closed its output
  bool over_cap = false;    // stdout (or the watched file) passed the cap; the tool was killed
  std::string out, err;     // captured (out at most the cap, err at most 64 KiB)
};

// A file the tool writes whose size is checked against the cap while it runs:
// `name` relative to the open folder `dir_fd`.
struct WatchedFile {
  int dir_fd = -1;
  std::string name;
};

// A tool started in a process group of its own, with pipes to its standard input,
// output and error (detour's ends close-on-exec and blocking), registered so that the
// cleanup on signals and at exit (below) kills its group, and with SIGKILL as its
// parent-death signal (PR_SET_PDEATHSIG: it dies with the thread that started it, even
// when detour is killed by SIGKILL). It gets SIGPIPE, SIGINT, SIGTERM, SIGHUP and every
// signal detour catches at their default dispositions, and no signal blocked. Used for
// a tool per page (run_process) and for served tools (extractors/serve.h). Not
// copyable; one thread at a time.
class ToolProcess {
 public:
  // Starts argv[0] (looked up in PATH). Throws ExtractError when it cannot be started
  // (not found, not executable, no pipes, too many tools at once).
  explicit ToolProcess(const std::vector<std::string>& argv);
  ~ToolProcess();  // finish()
  ToolProcess(const ToolProcess&) = delete;
  ToolProcess& operator=(const ToolProcess&) = delete;

  pid_t pid() const { return pid_; }
  int in() const { return in_; }    // write end of the tool's standard input, -1 once closed
  int out() const { return out_; }  // read end of its standard output, -1 once closed
  int err() const { return err_; }  // read end of its standard error, -1 once closed
  // A descriptor that becomes readable when the tool exits (Linux 5.3+), or -1.
  int exit_fd() const { return pidfd_; }
  void close_in();
  void close_out();
  void close_err();
  // True once the tool has exited (it is not reaped, so its id keeps naming its group).
  bool exited() const;
  // SIGKILL to the tool's whole process group.
  void kill_group() const;
  // Kills the group, reaps the tool, closes the pipes and unregisters the group; returns
  // the wait status (as waitpid gives it). Once; later calls return the same status.
  int finish();
  // In a process forked while the tool ran (the tool is the parent's): closes this
  // process's copies of the pipes and forgets the group, without touching the tool.
  void abandon();

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1, pidfd_ = -1;
  int slot_ = -1;
  bool finished_ = false;
  int status_ = 0;
};

// The reason a tool's wait status gives: "exit status 3", "killed by signal SIGSEGV".
std::string wait_status_text(int status);

// Runs argv[0] (looked up in PATH) in a new process group with `stdin_data` on its
// standard input, and the rules above: timeout over its whole life, the group killed
// at the timeout, at the cap and once the tool has exited.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdin_data,
                          double timeout_seconds, std::size_t max_output_bytes = kDefaultMaxOutputBytes,
                          const WatchedFile* watch = nullptr);

// Installs the cleanup on SIGINT, SIGTERM and SIGHUP (kill the tools, remove the
// staging folders, then die of the signal) now instead of when the first tool starts,
// so that a handler installed later (the runner's stop on a first signal,
// runner/resume.h) runs before it. Once per process.
void install_external_cleanup();
// Kills every tool running and every tool started from now on (their pages fail),
// for a signal handler that stops a run before the process dies of the signal.
// Async-signal-safe.
void stop_external_tools();
// For a process that ends with _exit() (a run's worker process, runner/workers.h):
// what exit() does here -- kill the tools' process groups, remove the staging folders.
void finish_external_tools();
// The process groups of the tools this process runs, mirrored as they start and end
// into `table` (kToolGroupSlots entries, each 0 or a process group id), for a watchdog
// in another process that reads it from shared memory (a run's worker process and the
// run, runner/workers.h). nullptr stops mirroring. Async-signal-safe readers.
inline constexpr int kToolGroupSlots = 1024;
void mirror_tool_groups(std::atomic<pid_t>* table);
// Makes this process clean up on `sig` (SIGTERM, SIGXCPU, ...) as on SIGTERM -- kill
// the tools, remove the staging folders -- and then die of it. For a worker process,
// whose death must not leave its tools running.
void clean_up_external_tools_on(int sig);

}  // namespace detour
