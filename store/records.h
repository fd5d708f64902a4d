// records: what the results store (store.h) and a run folder's journal (journal.h)
// keep of a run, page by page as pages complete: a RunHeader (what the run is: its
// identity, provenance, documents, systems, metrics and signatures) and one
// PageEntry per page done (each system's status, reason, notes, time and per-metric
// counts). That is everything a run's record files and tables are made from, so a
// run can be resumed, merged from shards, or have its tables remade without running
// or scoring anything again. The output texts are not kept: they are the files of
// the run folder's outputs/ (an entry keeps each output's hash).
//
// A RunLog becomes the in-memory results model of a run (results/run_records.h)
// through to_records(): the same records a run makes and read_run() reads back, with
// the signatures the run wrote.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/metric.h"
#include "results/provenance.h"
#include "results/results.h"
#include "results/run_records.h"

namespace detour::store {

struct DocInfo {
  std::string lang, id;
  std::string out_name;  // the output's file name (outputs/<system>/<lang>/<out_name>)
  std::string dataset;   // sub-dataset of a multi-dataset corpus, else ""
};

struct SystemInfo {
  std::string name;       // "BP-JTA"
  std::string signature;  // stage signatures joined by " > "
};

struct RunHeader {
  // What decides the bytes of the run's outputs, results and tables (timings and
  // provenance.run aside): version and commit, the corpus fingerprint and its number
  // of documents, the systems with their signatures, the score signature, the
  // settings, the number of shards. Runs with equal identities resume each other
  // and their shards merge; anything else is refused.
  nlohmann::json identity;
  results::Provenance provenance;
  std::string corpus;     // the corpus as given on the command line (results.json)
  std::string signature;  // the score signature of the run (tables' last line)
  std::string context;    // results::ScoreSet::context of every system
  std::vector<std::string> metrics;            // metric names, in order
  std::vector<std::string> metric_signatures;  // each metric's signature, context included
  bool has_languages = false;
  std::vector<DocInfo> docs;  // every document of the corpus, in corpus order
  std::vector<SystemInfo> systems;
  int shard = 1, shards = 1;       // this run is share `shard` of `shards` (1-based)
  std::vector<std::uint32_t> share;  // the documents (indices into docs) it runs, ascending
  // The named aggregation of `detour run --aggregate NAME` and its options
  // ({"name", "resamples", "seed"}), whose aggregate-NAME.<ext> tables the run writes
  // beside the default ones (so that a merge of its shards writes them too); null for
  // the default tables alone. Not part of the identity: it renders the same records.
  nlohmann::json aggregate;
};

// What one system did on one page.
struct SystemEntry {
  std::string status = "ok";  // ok | failed | excluded
  std::string reason;
  std::map<std::string, std::string> notes;
  double millis = 0;
  // The per-metric counts (in RunHeader::metrics order); absent when excluded.
  std::optional<std::vector<metrics::DocScore>> scores;
  std::uint64_t gold_hash = 0;    // results::DocResult::gold_hash
  std::uint64_t output_hash = 0;  // FNV-1a of the output file (not excluded pages)
};

struct PageEntry {
  std::uint32_t doc = 0;    // index into RunHeader::docs
  std::string decode_note;  // pages.tsv's decoding column
  std::vector<SystemEntry> systems;  // in RunHeader::systems order
};

// A run as recorded: its header and the pages done, by document index.
struct RunLog {
  RunHeader header;
  std::map<std::uint32_t, PageEntry> pages;
  // The share's pages not recorded yet.
  std::vector<std::uint32_t> missing() const;
};

// JSON forms (the journal's lines, the store's header column). The readers check
// the shape and throw StoreError naming what is wrong.
nlohmann::json header_json(const RunHeader& h);
// The header's fields but its lists (docs, systems, share): what the store keeps of
// it in the runs table (the lists have tables of their own).
nlohmann::json header_fields(const RunHeader& h);
// header_json(h), with the fields of `extra` added, as text (dumped compact, invalid
// UTF-8 replaced), given to `out` in pieces: the per-document lists are not built as
// JSON values, so that a corpus of many documents is not held twice in memory.
void header_text(const RunHeader& h, const nlohmann::json& extra, const std::function<void(std::string_view)>& out);
RunHeader header_from_json(const nlohmann::json& j);
nlohmann::json page_json(const PageEntry& p);
PageEntry page_from_json(const nlohmann::json& j, const RunHeader& h);

// Doubles in JSON: NaN and infinities (which JSON lacks) as strings.
nlohmann::json number_json(double v);
double number_from_json(const nlohmann::json& j);

// The note a run's score set keeps about a page of one system that failed or was
// excluded ("failed, scored as empty output: en/12: BP: ..."), or "" for one that
// was scored as it is.
std::string page_note(const std::string& status, const std::string& lang, const std::string& id,
                      const std::string& reason);

// The run as the results model: the documents of its share in order, each system's
// pages and score set (scored documents, notes, the signatures written). Every page
// of the share must be recorded (throws StoreError naming how many are not, and the
// first).
results::RunRecords to_records(const RunLog& run);

// Identities differ: a sentence naming the first four differences, each what differs
// and its two values, first side first: a system's setting ("system BP: budget: 10s vs
// 20s", "system RD: only on the first side"), a field ("corpus_fingerprint: a vs b",
// "settings.languages: [\"en\"] vs [\"en\",\"fr\"]"), a signature's part; "" when
// equal.
std::string identity_difference(const nlohmann::json& a, const nlohmann::json& b);

}  // namespace detour::store
