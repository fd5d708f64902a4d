// task: downstream tasks, the extrinsic half of an evaluation. A task reads a
// system's cleaned output of a page (the CleanEval markup detour writes and scores,
// or a gold text) and returns a per-document decision with its evidence; the task
// evaluator (tasks/evaluate.h) scores decisions against human annotations.
//
// Tasks are created by name from the table in tasks/registry.cc (one line each, the
// factory defined in the task's own file). A task is prepared once for the languages
// of a run (it loads its resources then, and throws ResourceError naming what is
// missing), after which decide() may be called concurrently from several threads.
// A task's signature names every parameter and each resource by content hash.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/errors.h"

namespace detour::tasks {

// How a task is set up. Unknown parameters are a UsageError.
struct TaskSettings {
  std::filesystem::path resources;             // the folder of the task's resource lists
  std::map<std::string, std::string> params;   // NAME=VALUE overrides of the defaults
};

// One document for a task.
struct TaskDoc {
  std::string_view lang;  // the corpus language folder ("en", "zh", ...)
  std::string_view id;
  std::string_view text;  // UTF-8 bytes as stored
};

struct Decision {
  bool relevant = false;
  std::string label;   // what the decision is about (DAnIEL: the best disease), "" if none
  std::string place;   // where (DAnIEL: the location), "" if none
  double score = 0;    // the best candidate's score
  // Evidence, in order (the best candidates and their scores, how the text was cut).
  std::vector<std::pair<std::string, std::string>> evidence;
  // Conditions met on the input, by fixed keys counted in summaries: "empty" (no text),
  // "no-p" (no "<p>" marker), "truncated" (over the size cap), "invalid-utf8".
  std::vector<std::string> conditions;
};

class Task {
 public:
  virtual ~Task() = default;
  virtual std::string_view name() const = 0;
  // "task:<name>|<every parameter>|res:<file>=<hash>,...|version:<detour version>";
  // the resources listed are those prepared.
  virtual std::string signature() const = 0;
  // Loads what the languages need; throws ResourceError naming the file and reason.
  virtual void prepare(const std::vector<std::string>& languages) = 0;
  // Thread-safe after prepare(). Throws std::runtime_error for a document it cannot
  // decide (recorded as failed for that document).
  virtual Decision decide(const TaskDoc& doc) const = 0;
};

struct TaskInfo {
  std::string_view name;
  std::string_view description;
  std::string_view resources;  // what the resources folder must hold
  std::unique_ptr<Task> (*make)(const TaskSettings&);
};

const std::vector<TaskInfo>& task_registry();
// Throws UsageError naming the task and the known ones (with a suggestion).
const TaskInfo& find_task(std::string_view name);
std::vector<std::string> task_names();

}  // namespace detour::tasks
