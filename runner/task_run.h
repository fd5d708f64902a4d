// task_run: a downstream task (tasks/) over the systems of a corpus: the `--task` of
// `detour run` (outputs in memory) and `detour task` (output folders). The first row
// is always "reference": the task on the gold texts. Writes the per-document records
// (task_per_doc.tsv) and the task block of the results (task.json).
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <oneapi/tbb/enumerable_thread_specific.h>

#include "corpora/corpus.h"
#include "reports/table.h"
#include "results/provenance.h"
#include "results/results.h"
#include "runner/runner.h"
#include "tasks/annotations.h"
#include "tasks/evaluate.h"
#include "tasks/task.h"

namespace detour::harness {

struct TaskConfig {
  std::string task;                            // registry name ("" = no task)
  std::filesystem::path resources;             // "" = the default places below
  std::filesystem::path annotations;           // "" = the default places below
  std::map<std::string, std::string> params;   // NAME=VALUE
  int jobs = 0;
  // Intervals and paired tests of Table 3 and of Table 4's task group (the run's
  // --resamples, --trials, --stats-seed, --alpha, --baselines).
  results::JudgmentSettings judgments;
};

// Where a task's files are looked for when not given (none for a task whose
// `lists` parameter names a set built into it, e.g. daniel's lists=embeddia), in order:
//   resources:   ROOT/tasks/<task>/resources, ROOT/../../resources/<task> (the shared
//                data layout: corpora/<name> beside resources/)
//   annotations: ROOT/tasks/<task>/annotations.json, ROOT/annotations.json
// Throws ResourceError listing the places tried when none exists.
std::filesystem::path task_resources(const TaskConfig& config, const std::filesystem::path& corpus_root);
std::filesystem::path task_annotations(const TaskConfig& config, const std::filesystem::path& corpus_root);

struct TaskResults {
  std::string task, signature;          // signature: the task's, "|ann:<hash>" appended
  tasks::Annotations annotations;
  std::vector<tasks::TaskRun> runs;     // "reference" first, then the systems in order
  std::vector<std::string> languages;   // sorted
  std::vector<std::string> orphans;     // annotations without a page ("lang/id")
  double seconds = 0;                   // CPU-bound time of the decisions (wall)
  // CPU time of the task's work (all threads): its set-up (resources, annotations),
  // taking each page's texts during the run, deciding them, and putting the records
  // together after it.
  double cpu_seconds = 0;
  std::size_t decided = 0;              // texts decided by the task (not read back from an identical one)
  results::JudgmentSettings judgments;  // from the config
};

// A system's documents for the task: one DocInput per corpus page (status from the
// run), text in memory or a file.
struct TaskSystem {
  std::string name;
  std::vector<tasks::DocInput> docs;
};

// The pages a task sees: the corpus documents with both a page and a gold text
// (those a run processes), in corpus order, optionally only some languages.
std::vector<const corpora::CorpusDoc*> task_pages(const corpora::Corpus& corpus,
                                                  const std::vector<std::string>& languages);

// The documents of an output folder (DIR/<lang>/<name> or DIR/<name>, the name being
// the gold file's name, as `detour run` writes outputs).
TaskSystem folder_system(const std::string& name, const std::filesystem::path& dir,
                         const std::vector<const corpora::CorpusDoc*>& pages);

// Prepares the task and runs it on the gold texts (the reference row) and on every
// system. Throws UsageError (unknown task or parameter) or ResourceError (missing
// resources or annotations).
TaskResults run_task(const TaskConfig& config, const corpora::Corpus& corpus,
                     const std::vector<const corpora::CorpusDoc*>& pages, const std::vector<TaskSystem>& systems);

// Checks before a run that the task exists, its parameters are valid and its
// resources and annotations are there for the languages of the corpus (or those
// asked for). Throws UsageError or ResourceError.
void check_task(const TaskConfig& config, const std::filesystem::path& corpus_root,
                const std::vector<std::string>& languages);

struct TaskSetup;

// The task decided during a run (`detour run --task`): made and prepared before the
// run, it decides each page's gold text and outputs as the run completes the page
// (RunConfig::on_page), in the thread that did it, from the outputs in memory: none
// is read back from the output folder. Equal texts of a page are decided once.
// Thread-safe.
class TaskDuringRun {
 public:
  // `corpus`: the run's corpus selection; `out`: its folder ("" when it writes none).
  // Throws UsageError or ResourceError as run_task does.
  TaskDuringRun(const TaskConfig& config, const CorpusSelection& corpus, const std::filesystem::path& out);
  ~TaskDuringRun();
  TaskDuringRun(const TaskDuringRun&) = delete;
  TaskDuringRun& operator=(const TaskDuringRun&) = delete;
  // RunConfig::on_page: the page's texts are queued in this thread's batch, decided
  // when the batch holds kBatchBytes of text.
  void page(const CompletedPage& page);
  static constexpr std::size_t kBatchBytes = std::size_t{4} << 20;

 private:
  friend TaskResults run_task_on_run(const TaskConfig&, const CorpusSelection&, const std::filesystem::path&,
                                     const RunResult&, TaskDuringRun*);
  struct Waiting;
  struct Batch;
  void decide(Batch& batch);
  void finish(int jobs);  // decides the batches left (after the run)
  bool outputs_written_;
  std::unique_ptr<TaskSetup> setup_;
  tbb::enumerable_thread_specific<Batch> batches_;
  std::once_flag sized_;
  // Per page of the run: slot 0 the gold text's decision, s + 1 system s's (null: not
  // decided, excluded); empty for a page the run did not complete.
  std::vector<std::vector<std::shared_ptr<const tasks::Decided>>> pages_;
  std::atomic<std::size_t> decided_{0};
  std::atomic<std::uint64_t> nanos_{0};
  std::atomic<std::int64_t> cpu_ns_{0};  // the set-up's CPU time, and the threads' in page()
};

// The task on the systems of a run (their outputs in memory or in the run's output
// folder `out`; `run` must outlive the call), the reference row on the gold texts.
// `corpus`: the run's corpus selection. With
// `during`, the decisions it made are taken and only the texts it did not decide
// (pages of an earlier run, outputs a worker process wrote) are read and decided.
TaskResults run_task_on_run(const TaskConfig& config, const CorpusSelection& corpus, const std::filesystem::path& out,
                            const RunResult& run, TaskDuringRun* during = nullptr);

// The task's outcomes as score sets, one per run of `r` ("reference" first): every
// scored document with its counts of the relevant class (tp, fp, fn: 0 or 1) under one
// pseudo-metric named after the task (its zero rule DAnIEL's: everything 0 when tp is
// 0), so that the statistics (reports/judge.h) and Table 4 treat the task as a measure.
// The metric signature is the task's.
std::vector<results::ScoreSet> task_score_sets(const TaskResults& r);

// Table 3 (Lejeune, Brixtel & Lecluze 2015) and its paired tests, computed together:
//  - `table`: rows = reference and systems, column groups = languages and `all` x P,
//    R, F1 (percentages) with each cell's bootstrap interval over documents; in each
//    language the best system by F1 (not the reference, never a baseline) is marked
//    best, and the systems not significantly different from it are marked tied (as in
//    Table 4: the rule of every verdict, reports/judge.h: the paired approximate
//    randomization test of F1 per pair, p >= alpha);
//  - `tests`: rows = systems, per language the F1 difference with the reference (the
//    system minus the reference, points, paired bootstrap interval) and its p-value,
//    and the difference with the best system and its p-value; p-values from
//    approximate randomization, per pair (marked when the two differ by the rule of
//    every verdict).
struct Table3 {
  reports::Document table, tests;
};
Table3 table3(const TaskResults& r);

// The systems of a run as Table 4 sees them for the task's column group (named after
// the task, upper case): each system's task score set (`sets`, from task_score_sets,
// must outlive the result), baselines marked as the run marks them. Passed to
// write_run, Table 4 then gives per language the best system by task F1 and the
// systems tied with it, judged as it judges every measure.
std::vector<reports::SystemScores> table4_task_systems(const TaskResults& r,
                                                       const std::vector<results::ScoreSet>& sets);

// Table 4's task column group alone: per language and `all`, the system (not the
// reference, never a baseline: GOLD, ALL, NONE, --baselines) with the best task F1
// (equal F1: every such system, in run order; table4.* gives the ties by significance)
// and that F1, beside the reference's F1. Markdown or TSV.
std::string table4_task(const TaskResults& r, bool markdown);

// The rank agreement, per language and `all`, between each intrinsic metric of the run
// and the task: Kendall's tau-b between the systems' micro F1 under the metric and
// their task F1, with a bootstrap interval over the documents scored by both (pages
// scored for every system and annotated). JSON (no sentences) and Markdown.
struct Correlations {
  nlohmann::json json;
  std::string markdown;
};
Correlations correlations(const RunResult& run, const TaskResults& task);

// Writes DIR/task_per_doc.tsv, DIR/task.json, DIR/table3.{tsv,md,json}, DIR/table3_tests.{tsv,md,json},
// DIR/table4_task.{tsv,md}, and with a run DIR/correlation.{json,md}.
// `t3` is table3(r), computed once by the caller (it also prints it).
void write_task(const std::filesystem::path& dir, const TaskResults& r, const RunResult* run, const Table3& t3);

// task_per_doc.tsv: system lang id status gold decision outcome label place score
// gold_label gold_place conditions evidence reason (TSV escapes as per_doc.tsv).
std::string task_per_doc_tsv(const TaskResults& r);
// {"task", "signature", "annotations": {"path", "hash", "warnings"}, "orphans",
//  "systems": {"<name>": {"languages": {"<lang>|all": {counts, P, R, F1}}}}}.
nlohmann::json task_json(const TaskResults& r);
// What the summary prints: one line per system with the counts of conditions.
std::string task_summary(const TaskResults& r);
// "" when the task scored something, else why (the CLI exits 1 on it).
std::string task_problem(const TaskResults& r);

}  // namespace detour::harness
