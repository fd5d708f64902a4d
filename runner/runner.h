// runner: applies extractors and chains of extractors to a gold corpus, scores every
// output, and writes outputs, results and tables.
//
// A system is a chain of one or more stages ("BP", "BP-JTA", "BP-JTA-RD"): the first
// stage reads the page, each next stage reads the previous stage's minimal HTML.
// Each page is decoded and parsed once and shared by every system; stage outputs are
// cached per page so a chain reuses its prefix's output, and an output identical to
// one already scored on the page (systems of a sweep often agree) reuses its counts.
// Stages are canonicalised (runner/pipeline.h); a system listed twice runs once. Pages are processed by a
// thread pool; every result lands in a slot fixed by page order, so the output bytes
// do not depend on --jobs. A page that fails (unreadable or undecodable bytes,
// extractor error, external tool timeout) is recorded with its reason, counts as an
// empty output in the scores, and the run goes on. Pages an extractor excludes
// (training pages) are not scored for that system.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "corpora/corpus.h"
#include "extractors/external.h"
#include "extractors/serve.h"
#include "metrics/aggregation.h"
#include "reports/tables.h"
#include "results/provenance.h"
#include "results/run_records.h"
#include "runner/pipeline.h"
#include "runner/scoring.h"
#include "runner/shard.h"

namespace detour::harness {

struct RunResult;

// A page as the run completes it (RunConfig::on_page).
struct CompletedPage {
  std::size_t k = 0;                             // the page's number in the run (RunResult order)
  std::size_t pages = 0;                         // pages in the run
  const corpora::CorpusDoc* doc = nullptr;       // its document (id, language, gold)
  std::vector<std::string> statuses;             // each system's status ("ok", "failed", "excluded", ...)
  std::vector<std::string>* outputs = nullptr;   // each system's output
  bool spare_outputs = false;  // the run keeps no outputs after the call: they may be moved out
};

// A run's configuration is made of the parts its phases read (runner.cc), each its
// own struct; a phase, and a layer below the runner, is given only the part(s) it
// needs. RunConfig is all of them (plus the page callback), so that its fields are
// set by name as before (cfg.corpus, cfg.jobs, ...).

// Phase "open": the corpus and which of its pages are run.
struct CorpusSelection {
  std::filesystem::path corpus;
  corpora::OpenOptions open;                     // corpus reader (--format) and its settings
  std::vector<std::string> languages;            // empty = all
  std::string lang;                              // language of pages that have none ("" = leave)
};

// Phase "plan": the systems (PipelineConfig: external tools, NCleaner model files and
// variants usable as stage names) and what the corpus-aware stages learn with.
struct SystemsSpec : PipelineConfig {
  std::vector<std::string> extractors;           // single-stage systems
  std::vector<std::vector<std::string>> chains;  // multi-stage systems
  // (PipelineConfig::models: NCleaner model files from `detour train`, as NAME=PATH.
  // Pages listed in PATH.pages (the training pages) are excluded for that stage.
  // PipelineConfig::factories: stages made by the program that embeds detour
  // (runner/pipeline.h); a run with an in_process one does its pages in its own threads.)
  std::uint64_t seed = 42;                       // for stages that sample (training pages, clustering)
};

// Phase "plan": how outputs are scored.
struct ScoringSpec {
  std::string metrics = "to,car,tm";
  metrics::ScoreOptions score_options;
  std::string punkt_dir;                         // rougelsum's Punkt model (metrics::prepare_metrics)
  bool text_form_given = false;                  // score_options' text forms set by --text-form
};

// Phases "prepare" and "run pages": how a page is done (threads, limits, budgets,
// isolation, memory).
struct PageWorkSpec {
  int jobs = 0;                                  // threads; 0 = all cores
  bool progress = true;
  // What a page may be (size cap, text not binary, bounds on its markup), checked
  // before it is decoded and parsed (corpora::PageLimits).
  corpora::PageLimits page_limits;
  // CPU seconds any built-in stage may take on one page (its scoring too); a stage
  // over it fails the page for that stage's systems ("time budget of 10 s exceeded in
  // BP"). 0 = none. External tools are bounded by their own --timeout (wall clock).
  double stage_budget = 10;
  // Where pages run: in worker processes under a watchdog that stops a stage at its
  // budget and bounds a worker's memory (runner/workers.h), or in the run's threads
  // (budgets then only judged after a stage returns, memory unbounded). Auto: in the
  // run's threads, except the pages that can stall -- every page of a run with
  // external or served tools, and pages stored in more than 1 MiB -- which run in workers.
  // A run with an in_process factory stage runs every page in its threads (Process: a
  // UsageError).
  enum class Isolation { Auto, Process, None };
  Isolation isolation = Isolation::Auto;
  // Bytes of resident memory a worker process and its tools may hold for a page
  // beyond what it shares with the run (runner/memory_bound.h; its stages fail
  // beyond it). 0 = unbounded.
  std::size_t page_memory = std::size_t{1} << 30;
  // Memory the pages loaded by the corpus-aware stages' learning pass may keep (their
  // text, tree and gold; a page counted as 8 times its text plus its gold), so that the
  // run's own work uses them instead of loading them again; pages beyond it, and pages
  // of more than 1 MiB of text, are loaded again when their turn comes. With process isolation
  // the workers share the kept pages with the run (forked after the learning pass).
  // 0 (the default) = every page loaded again: what a run holds then does not grow
  // with the corpus's pages (docs/clusters.md, "Memory as the corpus grows").
  std::size_t keep_pages = 0;
  // Whether pages are sent ahead to the served tools that take requests ahead
  // (docs/adapters.md, Requests ahead). Auto: when each worker's such tools can each
  // have a core of their own beside it (threads x (1 + those tools) <= cores), where a
  // tool then works while detour does its own work on the page. With every core busy,
  // sending ahead only shares the same cores: no run is faster, and every system's time
  // looks longer (each shares its core with a tool).
  enum class Ahead { Auto, Always, Never };
  Ahead send_ahead = Ahead::Auto;
};

// Phases "record" and "write": recording, resuming and sharding (runner/resume.h,
// runner/shard.h): with `out`, outputs are written and pages recorded in its journal
// as they complete.
struct RecordSpec {
  std::filesystem::path out;    // "" = write nothing
  std::filesystem::path store;  // results store the run is recorded in; "" = none
  bool resume = false;          // finish the run recorded in `out` (or in the store)
  bool overwrite = false;       // replace the run recorded in `out`
  ShardSpec shard;              // the share of the corpus to run (1/1: all of it)
  // A prepared state (`detour prepare`, runner/prepared.h) the run restores instead of
  // preparing its corpus-aware stages on the corpus; a state that does not fit the run
  // (another corpus, seed, languages, version or stage settings) is refused
  // (UsageError). "" = none, except that a shard run into OUT/shard-I uses
  // OUT/prepared.state when there is one.
  std::filesystem::path prepared;
};

// Phase "judge": confidence intervals and aggregations.
struct JudgeSpec {
  // Confidence intervals (when judgments.intervals is set) and Table 4's judgment
  // settings; recorded in the provenance (reports/judge.h).
  results::JudgmentSettings judgments;
  // --aggregate: a named aggregation (metrics/aggregation.h) whose tables
  // (aggregate-NAME.{md,tsv,json}) the run writes beside its default ones; "micro":
  // the default tables only. Recorded in the run's header, so that a merge of its
  // shards, a resumed run and `runs export` write them too.
  std::string aggregate = "micro";
  metrics::AggregationOptions aggregation;
};

struct RunConfig : CorpusSelection, SystemsSpec, ScoringSpec, PageWorkSpec, RecordSpec, JudgeSpec {
  // Called as each page this run does completes (not for pages done by an earlier
  // run, nor for pages whose outputs a worker process wrote to files itself), in the
  // thread that did it, after its records are committed and its outputs written (see
  // CompletedPage). A downstream task decides the outputs there, while they are in
  // memory (runner/task_run.h).
  std::function<void(const CompletedPage& page)> on_page;
};

// The per-document records of a run (results/run_records.h): PageOutcome = one page
// of one system (status, reason, notes, time), SystemResult = one system's pages and
// scores.
using PageOutcome = results::PageRecord;
using SystemResult = results::SystemRecords;

struct RunResult : results::RunRecords {
  // outputs[s][i]: system s's output on page i as scored (CleanEval markup); "" for a
  // page that failed or was excluded.
  std::vector<std::vector<std::string>> outputs;
  std::vector<std::string> doc_urls;  // per page: its URL when the corpus gives one
  // The pages are the run's share of the corpus (all of it unless sharded).
  ShardSpec shard;
  std::size_t resumed = 0;       // pages done by an earlier run (--resume)
  bool outputs_written = false;  // outputs/ written page by page (outputs then empty)
  std::int64_t store_run = 0;    // the run's id in the results store, or 0
  std::string aggregate = "micro";          // RunConfig::aggregate
  metrics::AggregationOptions aggregation;  // its options
};

// Runs every system on every page of the corpus and scores the outputs. Throws
// UsageError (unknown names), ResourceError (a stage cannot prepare: a missing
// stoplist, no training pages) or CorpusError (no (page, gold) pairs).
RunResult run(const RunConfig& config);

// `detour prepare`: the preparation stage of a run of `config` on its own. Its
// corpus-aware stages (NC, C45, TDIFF, ...) learn from the whole corpus (whatever
// config's shard; no page kept) and their state is written to `file`
// (runner/prepared.h) for `detour run --prepared FILE` (each shard of a spread run)
// to restore. A state already in `file` that fits the run is kept as it is (a
// requeued cluster job ends at once). Throws UsageError when no stage of the run
// learns from the corpus, and what run() throws.
struct PrepareOutcome {
  std::vector<std::string> stages;  // the corpus-aware stages prepared (none: nothing to prepare, no file written)
  std::size_t bytes = 0;            // of the file
  bool kept = false;                // the file there already fitted the run
  double seconds = 0;
};
PrepareOutcome prepare_run(const RunConfig& config, const std::filesystem::path& file);

// Writes DIR/outputs/<system>/<lang>/<gold file name or id> (unless the run wrote
// them page by page: outputs_written), the record files
// (results/run_records.h: results.json, per_doc.tsv, pages.tsv, failures.tsv,
// timings.tsv) and the tables (write_tables). Everything but timings.tsv and
// results.json's provenance.run block is byte-identical whatever --jobs.
// `extra`: more column groups for Table 4 (a downstream task's score sets, one entry per
// system, named as the run's systems; runner/task_run.h).
void write_run(const RecordSpec& record, const RunResult& result, const std::vector<reports::SystemScores>& extra = {});

// DIR/aggregate-NAME.{md,tsv,json} of a run with a named aggregation (nothing for
// "micro"), as `detour run --aggregate NAME` writes them.
void write_aggregate_tables(const std::filesystem::path& dir, const RunResult& result);

// DIR/table2.<ext> and DIR/table4.<ext> for every writer of reports/table.h (txt,
// tsv, md, tex, json), made from the records alone (so equal for a run and for its
// folder read back with results::read_run).
void write_tables(const std::filesystem::path& dir, const results::RunRecords& records,
                  const std::vector<reports::SystemScores>& extra = {});

// What went wrong with a whole run, or "" when it is usable: no document scored, or a
// system whose every page failed. The CLI exits 1 on it.
std::string run_problem(const RunResult& result);

}  // namespace detour::harness
