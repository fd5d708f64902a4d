// run_records: the per-document records of a `detour run` -- every page of every
// system with its status, reason, notes, time and per-metric counts -- and the files
// that hold them in a run folder, written and read back.
//
// A run folder (`detour run --out DIR`) holds, besides outputs/ and the tables:
//   results.json  provenance (command, version, commit, corpus fingerprint, language
//                 subset, missing-output policy, extractor signatures) and, per
//                 system, the `detour score` JSON (aggregates with their signatures),
//                 its extractor signature and its failures;
//   per_doc.tsv   system lang id status metric tp fp fn precision recall f1 reason
//                 notes values: one line per scored document and metric, one line
//                 with metric "-" for an excluded document; `values` holds the
//                 metric's extra per-document values (cos: cosine and Deturck's
//                 indicators) as name=value;... with 17 significant digits;
//   pages.tsv     lang id output_name decoding: every page of the run, in order;
//   failures.tsv  the pages that were not ok, per system;
//   timings.tsv   system lang id millis.
// read_run() turns these back into RunRecords without rescoring anything: the tables,
// intervals, comparisons and gates made from loaded records equal those made from the
// run itself (the signatures are the ones written, whatever the reading version).
// TSV fields escape backslash, tab, newline and carriage return as \\, \t, \n, \r.
#pragma once

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "results/provenance.h"
#include "results/results.h"

namespace detour::results {

// One page of one system.
struct PageRecord {
  std::string status = "ok";  // ok | failed | excluded
  std::string reason;         // why it failed or was excluded
  std::map<std::string, std::string> notes;  // the extractor's per-page notes
  double millis = 0;          // time of the system's last stage
};

struct SystemRecords {
  std::string name;       // "BP-JTA"
  std::string signature;  // the extractor's: stage signatures joined by " > "
  std::vector<PageRecord> pages;  // one per run document, in RunRecords order
  ScoreSet scores;                // the documents not excluded, in page order
};

struct RunRecords {
  std::vector<std::string> doc_ids, doc_langs;
  // File name of each page's output: its gold file's name when it has one, else its id.
  std::vector<std::string> doc_out_names;
  std::vector<std::string> decode_notes;  // per page: charset decision
  std::vector<SystemRecords> systems;
  double seconds = 0;
  Provenance provenance;
  std::string signature;  // the score signature of every system of the run

  // The system named `name`, or nullptr.
  const SystemRecords* find(const std::string& name) const;
};

// A run folder or one of its files that cannot be read as such; the message names
// the file and the reason.
class RecordsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes DIR/results.json, DIR/per_doc.tsv, DIR/pages.tsv, DIR/failures.tsv and
// DIR/timings.tsv (atomically). Everything but timings.tsv and results.json's
// provenance.run block is a function of the records' content, so byte-identical
// whatever the number of threads that produced them.
void write_records(const std::filesystem::path& dir, const RunRecords& records);

// Reads a run folder back (results.json, per_doc.tsv, pages.tsv, timings.tsv when
// present). Throws RecordsError naming the file and the problem (missing file, bad
// JSON, a per_doc.tsv line with the wrong number of fields, an unknown metric, counts
// that are not integers, a system or document that the files disagree on).
RunRecords read_run(const std::filesystem::path& dir);

// TSV field escaping and its inverse (\\, \t, \n, \r).
std::string tsv_escape(std::string_view field);
std::string tsv_unescape(std::string_view field);

// Where a run folder keeps a system's output of a page: DIR/outputs/SYSTEM/LANG/NAME
// (NAME: the gold's file name, or the page id). With DIR empty, the path relative to
// the run folder.
std::filesystem::path output_file(const std::filesystem::path& dir, const std::string& system,
                                  const std::string& lang, const std::string& name);
// Notes as written in per_doc.tsv: "key=value; key=value" (before escaping), and back
// (a part without '=' continues the previous value).
std::string notes_text(const std::map<std::string, std::string>& notes);
std::map<std::string, std::string> parse_notes(std::string_view text);

}  // namespace detour::results
