// cli_report: the HTML report as `detour report` and `detour run --report` write it
// (reports/html/html_report.h), with the run's corpus as the source of gold texts and
// raw pages.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "corpora/corpus.h"

namespace CLI {
class App;
}

namespace detour::cli {

struct ReportArgs {
  std::string corpus;           // "" = the one results.json names
  corpora::OpenOptions open;    // its reader
  int resamples = 1000;         // bootstrap resamples (0: no intervals, no ties)
  std::uint64_t seed = 12345;
  std::string raw_pages = "copy";  // copy | none
  std::string compress = "yes";    // yes | no: the files loaded on demand gzip-compressed
  std::string car_view = "long-words";  // long-words | all | none
  std::string title;
  int jobs = 0;
};

// --resamples, --resample-seed, --raw-pages, --compress, --car-view, --title.
void add_report_options(CLI::App* cmd, ReportArgs& args);

// Writes the report of the runs (run folders or store runs) into `out` and prints its
// size and time.
// Throws UsageError for bad options, RunFolderError or CorpusError for unreadable
// input (the message names the file).
void write_report(const std::vector<std::string>& run_dirs, const std::string& out, const ReportArgs& args);

}  // namespace detour::cli
