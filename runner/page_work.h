// page_work: the work of one page of a run -- load it, run every system's stages on
// it, score every output -- as one function of the page and the run's fixed setup.
// The runner calls it from its threads, or from its worker processes
// (runner/workers.h) when pages run isolated under a watchdog; either way the result
// is the same bytes.
//
// What the work does is reported as it goes (PageProgress): which stage starts, and
// each system's outcome as soon as it is known, so that a watchdog that stops the
// work in a stage knows what was done and what to blame. A retry of the page
// (PageForced) is told the stages that failed (they fail again at once, and so does
// every chain through them) and the systems already known (not run again).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/cpu_time.h"
#include "corpora/corpus.h"
#include "metrics/metric.h"
#include "results/run_records.h"
#include "runner/pipeline.h"

namespace detour::harness {

// One system on one page.
struct SystemPage {
  results::PageRecord record;  // status, reason, notes, time
  std::string output;          // the output as scored (CleanEval form); "" when failed or excluded
  std::optional<std::vector<metrics::DocScore>> scores;  // per metric; absent when excluded
};

struct PageResult {
  std::string decode_note;  // pages.tsv's decoding column
  std::vector<SystemPage> systems;
  std::size_t page_bytes = 0;  // the page's UTF-8 text, when it was loaded (not sent by workers)
};

// Pages the learning pass of the corpus-aware stages loaded, kept for the run's work
// (RunConfig::keep_pages): a page kept here is not loaded, decoded and parsed again.
// By the page's index in the run's documents; nullptr / "" for a page not kept.
struct KeptPages {
  // Decoded, neutralised, its HTML5 tree parsed. A page's work parses its other trees
  // into it and drops them after (so one thread or worker at a time per page).
  std::vector<std::shared_ptr<Page>> pages;
  std::vector<std::string> golds;
};

// What a page's work needs, fixed for the run (all of it read-only during the run).
struct PageJob {
  const Pipeline* pipeline = nullptr;
  const std::vector<std::vector<std::string>>* systems = nullptr;
  const std::vector<const metrics::MetricInfo*>* metrics = nullptr;
  const metrics::ScoreOptions* score_options = nullptr;
  corpora::PageLimits limits;
  // The trees parsed as the page is loaded (Pipeline::page_parsers), so that no
  // stage's time includes a parse another one shares.
  std::vector<dom::Parser> parsers;
  // CPU seconds a stage may take on a page (a stage that took more fails: "time budget
  // of 10 s exceeded in BP"); 0 = no budget. In a worker process the watchdog stops the
  // stage at the budget; in a thread it can only fail it after it returns.
  double stage_budget = 0;
  // The memory a worker process may use for a page (WorkerOptions::memory_limit), for
  // the reasons of stages that run out of it; 0 = not bounded.
  std::size_t memory_budget = 0;
  // The first stages that take requests ahead (Extractor::send_ahead), each once, when the
  // run sends pages ahead (PageWorkSpec::send_ahead; empty: it does not): each page is
  // offered to them as soon as it is loaded, and a worker's next page during it.
  std::vector<const Extractor*> ahead;
  // Pages already loaded (nullptr: none): a kept page is copied (its tree shared), not
  // loaded again. The same bytes as a load, so the results do not depend on it.
  const KeptPages* kept = nullptr;
};

// What is already known of a page when its work is retried: stages that failed
// ("BP", "BP-JTA"; "load" for the page itself; "score SYSTEM" for a system's scoring)
// with their reasons, and the systems whose outcome is known.
struct PageForced {
  std::map<std::string, std::string> failed;
  std::vector<char> known;  // by system; empty = none
};

// Pages begun ahead (PageJob::ahead), for the work of a run's worker process,
// whose pages come one at a time: the page it will do next, loaded during this page's
// work so that a served tool has it before it is done with this one, then kept for its
// own work. Results are the same bytes with or without it.
struct PageAhead {
  std::optional<std::size_t> next;  // in: the index of the page that comes next, if known
  const corpora::CorpusDoc* next_doc = nullptr;
  // The page loaded ahead (decoded, its HTML5 tree parsed) and its index; taken by its
  // own work.
  std::optional<Page> page;
  std::size_t page_index = 0;
};

// The work's reports, as it goes.
class PageProgress {
 public:
  virtual ~PageProgress() = default;
  // A stage starts: `key` is "load", a chain prefix ("BP", "BP-JTA") or "score
  // SYSTEM" (what PageForced::failed names), `label` what a reason names ("loading
  // the page", "JTA", "scoring BP-JTA").
  virtual void stage(const std::string& key, const std::string& label) {}
  // System s's outcome is known.
  virtual void system(std::size_t s, const SystemPage& page) {}
  // True when system() passes each result on (a worker sends it to the run): the
  // page's work may then drop an output once reported (the result returned lacks it).
  virtual bool passes_results_on() const { return false; }
};

// "time budget of 10 s exceeded in BP" (`label`: as PageProgress::stage names it).
std::string budget_reason(double seconds, const std::string& label);
// "out of memory in BP (an allocation failed)": a stage that met std::bad_alloc. The
// memory bound itself is enforced from outside the worker (runner/memory_bound.h), which
// stops it before its allocations fail; `budget` is not part of the text.
std::string memory_reason(std::size_t budget, const std::string& label);

// The work of page `index` of the run's documents (`doc`). Never throws for what a
// page does (an unreadable page, a failing stage, a refusal: recorded as failures);
// systems in forced.known are left empty.
// `ahead`: where the page's request is sent to the tools that take pages ahead (as soon
// as it is loaded) and the next page loaded and sent too (stage "send ahead": a page
// whose PageForced::failed names it does not). Without it, the page's own request is
// still sent as soon as it is loaded.
PageResult work_page(const PageJob& job, std::size_t index, const corpora::CorpusDoc& doc, const PageForced& forced,
                     PageProgress& progress, PageAhead* ahead = nullptr);

}  // namespace detour::harness
