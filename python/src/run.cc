// run: detour.run -- a run made as `detour run` makes it (cli/run_options.h:
// make_run_plan, execute_run), from the same options, with Python functions as stages
// (function_stage.h).
#include <CLI/CLI.hpp>
#include <pybind11/stl.h>

#include <algorithm>

#include "base/errors.h"
#include "cli/judgment_options.h"
#include "cli/run_options.h"
#include "function_stage.h"
#include "records.h"
#include "results/provenance.h"

namespace detour::python {

namespace {

// One Python function of the run: (name, call, version, settings, budget).
using FunctionSpec = std::tuple<std::string, py::object, std::string, std::map<std::string, std::string>, double>;

RunHandle run(const std::vector<std::string>& options, const std::vector<FunctionSpec>& functions,
              std::shared_ptr<CallPool> pool) {
  // The options of `detour run`, checked by the command's own parser.
  CLI::App app("detour run (from Python)", "detour.run");
  cli::RunArgs args;
  cli::JudgmentArgs judgments;
  cli::RunExtras extras;
  cli::add_run_options(&app, args);
  cli::add_judgment_options(&app, judgments, /*with_confidence=*/true, /*seed_alias=*/false);
  cli::add_run_extras(&app, extras);
  std::vector<std::string> reversed(options.rbegin(), options.rend());  // (CLI11 takes them last first)
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    throw UsageError(e.what());
  }
  std::vector<harness::StageFactory> factories;
  for (const auto& [name, call, version, settings, budget] : functions)
    factories.push_back(function_stage(name, call, version, Settings(settings.begin(), settings.end()), budget, pool));
  std::vector<std::string> command = {"detour.run"};
  command.insert(command.end(), options.begin(), options.end());
  std::vector<char*> argv;
  for (auto& w : command) argv.push_back(w.data());
  results::set_command_line(static_cast<int>(argv.size()), argv.data());

  RunHandle h;
  {
    py::gil_scoped_release nogil;
    cli::RunPlan plan = cli::make_run_plan(args, &app, std::move(factories));
    cli::RunOutcome outcome = cli::execute_run(plan, args, judgments, extras);
    auto result = std::make_shared<harness::RunResult>(std::move(outcome.result));
    h.problem = harness::run_problem(*result);
    h.records = result;
    h.result = result;
    if (outcome.task) {
      h.task = std::make_shared<harness::TaskResults>(std::move(*outcome.task));
      h.task_sets = std::move(outcome.task_sets);
      h.table3 = Tables{std::move(outcome.table3->table)};
      h.table3_tests = Tables{std::move(outcome.table3->tests)};
    }
    h.folder = plan.config.out;
    h.source = plan.config.out.string();
    plan.config.factories.clear();  // (their Python objects are let go with the GIL taken)
  }
  return h;
}

}  // namespace

void bind_run(py::module_& m) {
  m.def("run", &run, py::arg("options"), py::arg("functions"), py::arg("pool"),
        "A run made as `detour run OPTIONS` makes it, the Python functions usable as stage names.");
  m.def("run_help", [] {
    CLI::App app("detour run", "detour run");
    cli::RunArgs args;
    cli::JudgmentArgs judgments;
    cli::RunExtras extras;
    cli::add_run_options(&app, args);
    cli::add_judgment_options(&app, judgments, /*with_confidence=*/true, /*seed_alias=*/false);
    cli::add_run_extras(&app, extras);
    return app.help();
  }, "The options of `detour run` (detour.run takes each as a keyword: --stage-budget as stage_budget).");
  m.def("extractors", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& info : extractor_registry()) out.emplace_back(std::string(info.name), std::string(info.description));
    return out;
  }, "The extractor registry: (name, description).");
}

}  // namespace detour::python
