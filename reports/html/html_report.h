// html_report: the self-contained HTML report of one or more runs (`detour report`,
// `detour run --report`): a folder that opens from file:// with no network at all and
// keeps working offline, since every script and style is inside it (drawn as SVG by
// our own script, reports/html/assets/report.js; no library, no font, no CDN).
//
//   DIR/index.html      the application: overview (provenance, Table 2 per language
//                       with intervals, best cells and ties, Table 4, the task's
//                       Table 3 when present), charts, a filterable page list and the
//                       per-page viewer; the script and style are inline
//   DIR/data/run<k>.js  run k's overview data: provenance, verdicts, the task's tables
//                       in the table model (reports/table.h), the comparison with run
//                       0 (cells, and the systems and metrics of one run only)
//   DIR/data/pages<k>.js run k's pages: ids, sites, statuses, reasons, times and the
//                       per-page P/R/F1 of every system (loaded by the charts and the
//                       page lists, not by the overview)
//   DIR/r<k>/p/<n>.js   page n of run k for the viewer, loaded on demand: its gold and
//                       every output aligned by the scores' matcher (page_view.h),
//                       statuses, reasons, notes, per-metric counts
//   DIR/raw/<s>/<n>.js  raw page n of corpus s (decoded to UTF-8), loaded on demand
//                       into a sandboxed frame without scripts; the runs of one corpus
//                       (equal fingerprints) share them, a run's page finds its raw
//                       page by language and id (--raw-pages none leaves them out)
//   DIR/tables<k>.html  Table 2 and Table 4 of run k as the table model builds them
//                       (reports/tables.h), through its HTML writer (no script)
//
// Data files are JavaScript (a call with a JSON argument) because browsers load
// scripts, not JSON, from file://. The files loaded on demand (page lists, viewer and
// raw pages) are compressed by default: a call with a gzip member written as a binary string
// (json_text.h: one character per byte when the file is read as windows-1252), which
// the report inflates with the browser's DecompressionStream (Chromium 80, Firefox
// 113, Safari 16.4): the full DANIEL run's report takes 54 MB so, 229 MB as plain
// scripts (docs/report.md). Page content is never parsed as HTML by the
// report: the script puts text into the page with textContent only, and the raw page
// goes into <iframe sandbox srcdoc> (no scripts, no forms, no navigation of the
// report), under the report's Content-Security-Policy (nothing fetched from the
// network). Invalid UTF-8 becomes U+FFFD in the data files.
//
// The viewer's alignments are recomputed from the gold and the run's outputs, and
// their kept/extra/missed counts are checked against per_doc.tsv page by page; a page
// whose counts differ (the corpus or the outputs changed since the run) is listed in
// the overview and flagged in the viewer.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "reports/html/judge.h"
#include "reports/html/page_view.h"
#include "reports/html/report_run.h"

namespace detour::reports::html {

// Where the report gets what a run folder does not hold: each page's gold text and raw
// page. Called from several threads at once.
class PageSource {
 public:
  virtual ~PageSource() = default;
  // The gold bytes of page `page` of the run, as they were scored. Throws
  // std::exception with the reason when they cannot be read.
  virtual std::string gold(std::size_t page) const = 0;
  // The raw page as UTF-8 (decoded as the run decoded it). Throws like gold().
  virtual std::string raw(std::size_t page) const = 0;
};

struct ReportOptions {
  JudgeOptions judge;        // intervals, ties and run-to-run deltas
  bool raw_pages = true;     // write DIR/raw/ (the raw pages, for the sandboxed frame)
  bool compress = true;      // page lists, viewer and raw pages as gzip members (false: plain scripts, any browser)
  CarView car_view = CarView::kLongWords;  // which pages get the character alignment (page_view.h)
  unsigned threads = 0;      // 0: every core
  std::string title = "detour report";
};

struct ReportSummary {
  std::size_t runs = 0, pages = 0, files = 0;
  std::uint64_t bytes = 0;            // written
  std::uint64_t page_bytes = 0, raw_bytes = 0;  // of them: the viewer's pages, the raw pages
  std::size_t raw_files = 0;          // raw pages written (once per corpus, whatever the runs)
  std::size_t count_mismatches = 0;   // (system, page, metric) whose alignment counts differ
  std::size_t gold_errors = 0;        // pages whose gold could not be read
  std::vector<std::string> warnings;
  // CPU time of two parts, summed over the threads: the viewer's pages (reading the
  // outputs, aligning, writing) and the raw pages. The rest (intervals, ties, tables,
  // page lists, overview) runs beside them on the same threads.
  double pages_seconds = 0, raw_seconds = 0;
};

// Writes the report of `runs` (sources[k] serves runs[k]; the first run is the
// reference of the run-to-run deltas; the systems and metrics of one run only are
// listed in the report and in the summary's warnings) into `out` (created if needed; files are
// written atomically, nothing else in the folder is touched). Throws io::IoError
// naming a file that cannot be written.
ReportSummary write_html_report(const std::vector<const ReportRun*>& runs, const std::vector<const PageSource*>& sources,
                                const std::filesystem::path& out, const ReportOptions& options);

}  // namespace detour::reports::html
