// evaluate: the task evaluator. Runs a task on every document of a system (a
// system's outputs, or the gold texts for the reference row) and scores the
// decisions against the annotations: per language and `all`, precision, recall and F1
// of the "relevant" class with the confusion counts, as DAnIEL's evaluate.py
// computes them (P = TP / (TP + FP), R = TP / (TP + FN), all three 0 when TP = 0).
//
// Per-document records are the truth (as results/ keeps them for the intrinsic
// scores): every document keeps its status, its annotation, the decision and its
// evidence; counts, tables, intervals and correlations are computed from them.
//
// Defined results for bad input (each counted in TaskCounts):
//  - an empty output (no non-space byte): decided as any text (DAnIEL finds no
//    candidate: not relevant), condition "empty";
//  - an output with no "<p>": DAnIEL's zoning falls back to line breaks, then to its
//    weak-structure rules; condition "no-p";
//  - an output over the task's size cap (daniel: max-bytes, default 1 MiB): its first
//    max-bytes bytes (cut at a character boundary) are decided; condition "truncated";
//  - invalid UTF-8: each bad sequence becomes U+FFFD (DAnIEL itself stops with
//    UnicodeDecodeError); condition "invalid-utf8";
//  - a page whose system failed (status failed) or whose output file is absent
//    (status missing): decided as an empty output, scored;
//  - a page excluded for the system (a training page): not decided, not scored;
//  - a page with no annotation: decided, recorded with status unannotated, not scored;
//  - an annotation for a page the corpus does not have: not scored, listed in
//    TaskEvaluation::orphans and counted;
//  - a document the task cannot decide (an exception): status error, counted as not
//    relevant.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/prf.h"
#include "tasks/annotations.h"
#include "tasks/task.h"

namespace detour::tasks {

// A text decided: the task's decision, or the error it raised (the document's reason,
// status error), and the time it took.
struct Decided {
  Decision decision;
  std::string error;  // "" when decided
  double millis = 0;
};

// Decides one text (an exception of the task becomes `error`).
std::shared_ptr<const Decided> decide_text(const Task& task, std::string_view lang, std::string_view id,
                                           std::string_view text);

// One document handed to the evaluator: its text in memory (owned by the caller, alive
// until run_task returns), or a file read when the document is decided (absent file:
// status missing, empty text), or its text decided already (`decided`: neither text
// nor file is read).
struct DocInput {
  std::string lang, id;
  std::string status = "ok";  // ok | failed | excluded (from the run)
  std::string reason;
  std::string_view text;
  std::filesystem::path file;  // when set, the text is read from it
  // The file's bytes are decided as they are, undecoded, as the original DAnIEL reads
  // them: bytes that are not UTF-8 are counted (invalid_utf8) and decided as it decides them.
  std::shared_ptr<const Decided> decided;
};

enum class Outcome { None, TP, FP, FN, TN };
std::string_view outcome_name(Outcome o);  // "tp", "fp", "fn", "tn", "-"

struct DocRecord {
  std::string lang, id;
  std::string status;  // ok | failed | missing | excluded | error | unannotated
  std::string reason;
  int gold = -1;       // 1 relevant, 0 not relevant, -1 no annotation
  std::string gold_label, gold_place;
  Decision decision;
  Outcome outcome = Outcome::None;
  double millis = 0;   // time of the decision (not part of any deterministic output)
  bool scored() const { return outcome != Outcome::None; }
};

struct TaskRun {
  std::string system;
  std::vector<DocRecord> docs;  // in input order
};

struct TaskCounts {
  std::size_t documents = 0;  // scored
  std::size_t tp = 0, fp = 0, fn = 0, tn = 0;
  PRFValues prf;              // of the relevant class (fractions)
  std::size_t label_match = 0;  // true positives whose label equals the annotated one
  std::size_t place_match = 0;  // true positives whose place equals the annotated one
  // Conditions and statuses, over every document of the language (scored or not).
  std::size_t empty = 0, no_p = 0, truncated = 0, invalid_utf8 = 0;
  std::size_t failed = 0, missing = 0, excluded = 0, errors = 0, unannotated = 0;
};

// The decisions made, by (language, text): a text met again (a system's output equal
// to another system's, or to the gold text) takes the decision made the first time
// instead of being decided again, since a task's decision is a function of the
// language and the text alone. Thread-safe.
class DecisionCache {
 public:
  // The decision of this text, or nullptr.
  std::shared_ptr<const Decision> find(std::string_view lang, std::string_view text) const;
  // Records a decision (the first one recorded for the text is kept and returned).
  std::shared_ptr<const Decision> insert(std::string_view lang, std::string_view text, Decision decision);
  std::size_t size() const;  // distinct texts decided

 private:
  static std::string key(std::string_view lang, std::string_view text);
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<const Decision>> map_;
};

// Decides every document (`jobs` threads, 0 = all cores); record order follows `docs`
// whatever the thread count. With a cache, a text already decided is not decided again.
TaskRun run_task(const Task& task, const Annotations& annotations, std::string system,
                 const std::vector<DocInput>& docs, int jobs = 0, DecisionCache* cache = nullptr);

// Counts of one language ("all": every document).
TaskCounts count(const TaskRun& run, std::string_view lang);

// The per-document counts of the relevant class (tp, fp, fn each 0 or 1) of the
// scored documents of `lang` ("all": every one), in record order, with their ids.
struct DocCounts {
  std::vector<std::string> ids;  // "lang/id"
  std::vector<std::int64_t> tp, fp, fn;
};
DocCounts doc_counts(const TaskRun& run, std::string_view lang);

// Annotations with no page among (lang, id) pairs given, as "lang/id".
std::vector<std::string> orphan_annotations(const Annotations& annotations,
                                            const std::vector<std::pair<std::string, std::string>>& pages);

}  // namespace detour::tasks
