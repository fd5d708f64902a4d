// report_run: what the HTML report shows of one run, loaded from a run folder
// (`detour run --out DIR`): provenance and aggregates (results.json), every page of
// every system with its status, reason, notes, time and per-metric counts
// (per_doc.tsv, timings.tsv), each page's output name and decoding (pages.tsv), and
// the optional tables a task leaves in the folder (its table3.tsv and
// correlation.json, the correlation of its scores with the intrinsic ones).
//
// load_report_run reads a run folder for the report (through results::read_run, the
// run-folder reader); report_run_from_records takes records read elsewhere (a run of
// the results store, store/store.h) with the folder that holds its outputs, if any.
// The rest of reports/html/ works on ReportRun only. ReportRun::records keeps what
// was read, for the table model (reports/tables.h).
//
// Per-document records are the truth: the report's tables, intervals and charts are
// computed from them, never by rescoring. The viewer's alignments are recomputed from
// the gold and output texts and checked against these counts (html_report.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "results/run_records.h"

namespace detour::reports::html {

// A run folder, or a file in it, that cannot be read as such; the message names the
// file and the reason.
using RunFolderError = results::RecordsError;

// One metric's record of one page of one system.
struct DocCounts {
  std::int64_t tp = 0, fp = 0, fn = 0;
  double precision = 0, recall = 0, f1 = 0;  // percentages, as per_doc.tsv gives them
  bool scored = false;                       // false: excluded (no line for the metric)
};

// One page of one system.
struct PageRecord {
  char status = 'o';   // 'o' ok, 'f' failed (scored as an empty output), 'x' excluded
  std::string reason;  // why it failed or was excluded
  std::string notes;   // the extractor's notes, "key=value; key=value"
  double millis = 0;   // time of the system's last stage (timings.tsv; 0 without it)
};

struct SystemRun {
  std::string name;       // "BP-JTA"
  std::string signature;  // the extractor's
  std::vector<PageRecord> pages;            // one per run page
  std::vector<std::vector<DocCounts>> by_metric;  // [metric][page]
};

// A table a task left in the run folder, in the table model (reports/table.h) as its
// JSON writer gives it ({"title", "columns": [{"label", "group", "align"}], "rows",
// "signatures", "notes", "score_signatures", "intervals"}; a score cell {"value",
// "decimals", "lo", "hi", "marks"}), so that the report shows it as it shows Table 2.
struct ExtraTable {
  std::string name;    // "table3", "correlation"
  std::string file;    // the file it comes from
  nlohmann::json table;  // one table of the model's JSON
};

struct ReportRun {
  std::filesystem::path dir;          // the run folder ("" for a store run without one)
  std::string label;                  // how the report names the run: the folder's name, "store run 3"
  std::string source;                 // as given: the folder, or STORE:ID
  // The folder whose outputs/ holds the run's output texts, or "" when they are not
  // at hand (a results store keeps records only); outputs_note says why.
  std::filesystem::path outputs_dir;
  std::string outputs_note;
  nlohmann::json results;             // results.json as written
  std::string signature;              // the run's score signature
  std::string corpus, corpus_fingerprint;
  bool autojunk = true;               // from the signature ("autojunk:yes|no")
  std::vector<std::string> metrics;   // in per_doc.tsv order
  // Per page, in run order.
  std::vector<std::string> langs, ids, out_names, decoding, sites;
  std::vector<SystemRun> systems;
  std::vector<ExtraTable> extra_tables;
  bool has_timings = false;
  results::RunRecords records;        // as read

  std::size_t pages() const { return ids.size(); }
  // Index of a metric / system by name, or -1.
  int metric_index(const std::string& name) const;
  int system_index(const std::string& name) const;
};

// A page's time as a run folder keeps it (timings.tsv: milliseconds to three decimals).
// A report shows a run's times through it, so that they are the same whether the run
// came from a folder or from a results store, which keeps the exact value: rounded to
// hundredths, the exact value and its three-decimal form can differ by one (0.244996
// gives 0.24, its "0.245" 0.25).
double millis_as_kept(double ms);

// Reads the run folder (results::read_run: results.json, per_doc.tsv, pages.tsv,
// timings.tsv) and, when present, the task's tables (table3.json, else table3.tsv;
// correlation.json). Throws RunFolderError naming the file and the problem.
ReportRun load_report_run(const std::filesystem::path& dir);

// The report's view of records read elsewhere (`source` names them, e.g. STORE:ID).
// `dir`: the run folder the records were made with (its outputs/ and task tables are
// used when it still holds them), or "". Throws RunFolderError like load_report_run.
ReportRun report_run_from_records(results::RunRecords records, const std::string& source,
                                  const std::filesystem::path& dir, const std::string& label);

}  // namespace detour::reports::html
