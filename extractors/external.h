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
// A tool that exits non-zero, is killed by a signal, or runs past the timeout makes
// extract() throw ExtractError with the reason and the start of its stderr; on
// success, the exit status and stderr (truncated) are kept in Extraction::notes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "extractors/extractor.h"

namespace detour {

struct ExternalSpec {
  std::string name;     // system name in tables, e.g. "BP-JAR"
  std::string command;  // e.g. "scripts/boilerpipe/run.sh --batch-free {input}"
  double timeout_seconds = 60;
};

// Parses "NAME=COMMAND". Throws std::invalid_argument with the reason.
ExternalSpec parse_external_spec(const std::string& text, double timeout_seconds);

// Splits a command line into words (quotes and backslashes as in sh; no expansion).
std::vector<std::string> split_command(const std::string& command);

std::unique_ptr<Extractor> make_external_extractor(const ExternalSpec& spec);

// Result of running a process; used by the external extractor and the tests.
struct ProcessResult {
  int exit_status = -1;     // exit code, or -1 if killed
  int signal = 0;           // terminating signal, 0 if none
  bool timed_out = false;
  std::string out, err;     // captured (stderr truncated to 64 KiB)
};
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdin_data,
                          double timeout_seconds);

}  // namespace detour
