// serve: a tool that stays up and extracts page after page, speaking detour's extractor
// protocol (version 1, docs/adapters.md): JSON Lines on its standard input and output,
// a handshake first (its name, version and settings: they sign the system), then one
// answer per request, in order. `detour run --serve NAME='COMMAND'` and the adapters
// of the table (extractors/adapters.h) are such tools.
//
// Lifetime. prepare() starts the tool once to read its handshake (a tool that cannot
// start stops the run there, with ResourceError) and stops it. Then each thread that
// calls extract() in a process has its own instance of the tool, started at its first
// page and kept until the extractor is destroyed (its standard input closed, 5 s to
// exit, then its process group killed) or the process ends: one per worker process
// under `--isolation process`, one per run thread under `none`. An instance inherited
// through fork() belongs to the parent: the child never uses it.
//
// Processes and faults. Tools start through ToolProcess (extractors/external.h): own
// process group, registered for the cleanup on signals and at exit, parent-death signal.
// Every fault fails the page it happened on with its reason and kills the instance's
// group; the next page starts a new one:
//   - the tool exits, or closes its standard output, while doing a page: the page is
//     given once more to a new instance;
//   - no answer within the timeout; an answer line over the output cap; a protocol
//     error (not JSON, wrong seq, missing fields): the page fails (not tried again);
//   - an error answer: the page fails; the instance goes on;
//   - a failed start (exit before the handshake, a bad or changed handshake): the page
//     is given to one more new instance.
// Faults are counted over the whole run (a counter in memory shared with the worker
// processes forked after the extractor was made): past `max_restarts` of them, or after
// 3 failed starts in a row, no instance is started again and the pages fail at once
// ("not restarted: ..."). What the tool writes on standard error during a page is kept
// with it (the first 64 KiB read; 2000 bytes in the notes, 300 in a failure reason).
//
// Outputs are read by the shared converter (extractors/answer.h); HTML and Markdown
// answers also keep their HTML as the form the next stage of a chain reads.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "extractors/external.h"
#include "extractors/extractor.h"
#include "extractors/settings.h"

namespace detour {

inline constexpr int kDefaultMaxRestarts = 100;
// Seconds a tool has to exit once its standard input is closed.
inline constexpr double kServeGraceSeconds = 5;

struct ServeSpec {
  std::string name;               // system name in tables, e.g. "MRD"
  std::vector<std::string> argv;  // the command's words
  // The command as written (`--serve`), part of the signature; empty for an adapter
  // of the table, whose signature names the tool by its handshake only.
  std::string command;
  double timeout_seconds = 60;
  std::size_t max_output_bytes = kDefaultMaxOutputBytes;
  int max_restarts = kDefaultMaxRestarts;
  RawSettings settings;  // the stage's settings as written, checked against the handshake
};

// Parses "NAME=COMMAND" (as parse_external_spec, naming --serve in its errors). Throws
// UsageError with the reason.
ServeSpec parse_serve_spec(const std::string& text, double timeout_seconds,
                           std::size_t max_output_bytes = kDefaultMaxOutputBytes,
                           int max_restarts = kDefaultMaxRestarts);

// Checks --max-restarts: 0 to 1000000. Throws UsageError otherwise.
int check_max_restarts(long long n);

std::unique_ptr<Extractor> make_serve_extractor(const ServeSpec& spec);

// Closes every served tool this process started (standard input closed, up to
// kServeGraceSeconds in all to exit, then killed): for a worker process about to end
// with _exit() (runner/workers.h). Not async-signal-safe.
void close_served_tools();

}  // namespace detour
