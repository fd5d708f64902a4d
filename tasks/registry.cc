// The task table: one line per task. The factories are defined in each task's file.
#include "tasks/task.h"

#include "base/strings.h"

namespace detour::tasks {

std::unique_ptr<Task> make_daniel_task(const TaskSettings&);  // tasks/t_daniel.cc

const std::vector<TaskInfo>& task_registry() {
  static const std::vector<TaskInfo> table = {
      {"daniel",
       "DAnIEL epidemic-event detection (Brixtel, Lejeune et al. 2013), a port of EMBEDDIA/event-detection",
       "diseases_<lang>.json and locations_<lang>.json per language (Python literals)", make_daniel_task},
  };
  return table;
}

std::vector<std::string> task_names() {
  std::vector<std::string> names;
  for (const auto& t : task_registry()) names.emplace_back(t.name);
  return names;
}

const TaskInfo& find_task(std::string_view name) {
  for (const auto& t : task_registry())
    if (t.name == name) return t;
  throw UsageError(unknown_name_message("task", name, task_names()));
}

}  // namespace detour::tasks
