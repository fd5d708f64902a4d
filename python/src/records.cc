// records: detour.Run's records and what the libraries compute from them (see
// records.h).
#include "records.h"

#include <fmt/format.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cmath>

#include "base/errors.h"
#include "base/io.h"
#include "base/strings.h"
#include "cli/cli.h"
#include "cli/cli_report.h"
#include "reports/gate.h"
#include "reports/tables.h"
#include "stats/stats.h"

namespace detour::python {

namespace fs = std::filesystem;

namespace {

// A table file of a run folder written by the json writer, or nothing when absent.
std::optional<Tables> read_table_file(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  try {
    return Tables{reports::read_json_document(io::read_file(path))};
  } catch (const std::exception& e) {
    throw results::RecordsError(path.string() + ": " + e.what());
  }
}

}  // namespace

RunHandle read_run_handle(const std::string& source) {
  RunHandle h;
  h.records = std::make_shared<results::RunRecords>(cli::load_run_source(source));
  h.source = source;
  std::error_code ec;
  if (fs::is_directory(source, ec)) {
    h.folder = source;
    // A task's tables (runner/task_run.h: write_task), and Table 4 with its column group.
    if (fs::is_regular_file(h.folder / "task.json", ec)) {
      h.table3 = read_table_file(h.folder / "table3.json");
      h.table3_tests = read_table_file(h.folder / "table3_tests.json");
      h.table4_task = read_table_file(h.folder / "table4.json");
    }
  }
  return h;
}

namespace {

const results::SystemRecords& find_system(const RunHandle& h, const std::string& name) {
  if (const auto* s = h.records->find(name)) return *s;
  std::vector<std::string> known;
  for (const auto& s : h.records->systems) known.push_back(s.name);
  throw UsageError(unknown_name_message("system", name, known));
}

// Every page of every system, one row per metric (one row with metric "-" for an
// excluded page): per_doc.tsv's columns, and the system's time on the page.
py::dict per_doc(const RunHandle& h) {
  const results::RunRecords& r = *h.records;
  py::list system, lang, id, status, metric, tp, fp, fn, precision, recall, f1, reason, notes, values, millis;
  for (const auto& sys : r.systems) {
    py::str name(sys.name);
    std::size_t next_doc = 0;  // sys.scores.docs: the pages not excluded, in page order
    const auto& ms = sys.scores.metrics;
    for (std::size_t i = 0; i < sys.pages.size(); ++i) {
      const results::PageRecord& p = sys.pages[i];
      py::str l(r.doc_langs[i]), d(r.doc_ids[i]), st(p.status), why(p.reason);
      py::dict note;
      for (const auto& [k, v] : p.notes) note[py::str(k)] = v;
      auto row = [&](py::object m, py::object a, py::object b, py::object c, py::object pr, py::object rc,
                     py::object f, py::dict vals) {
        system.append(name);
        lang.append(l);
        id.append(d);
        status.append(st);
        metric.append(m);
        tp.append(a);
        fp.append(b);
        fn.append(c);
        precision.append(pr);
        recall.append(rc);
        f1.append(f);
        reason.append(why);
        notes.append(note);
        values.append(vals);
        millis.append(p.millis);
      };
      if (p.status == "excluded") {
        py::none no;
        row(py::str("-"), no, no, no, no, no, no, py::dict());
        continue;
      }
      const results::DocResult& doc = sys.scores.docs.at(next_doc++);
      for (std::size_t mi = 0; mi < ms.size(); ++mi) {
        const metrics::DocScore& sc = doc.scores[mi];
        const auto v = metrics::doc_prf(*ms[mi], sc);
        py::dict vals;
        for (std::size_t k = 0; k < ms[mi]->value_names.size() && k < sc.values.size(); ++k)
          vals[py::str(std::string(ms[mi]->value_names[k]))] = sc.values[k];
        row(py::str(std::string(ms[mi]->name)), py::int_(sc.tp), py::int_(sc.fp), py::int_(sc.fn),
            py::float_(100 * v.precision), py::float_(100 * v.recall), py::float_(100 * v.f1), vals);
      }
    }
  }
  py::dict out;
  out["system"] = system;
  out["lang"] = lang;
  out["id"] = id;
  out["status"] = status;
  out["metric"] = metric;
  out["tp"] = tp;
  out["fp"] = fp;
  out["fn"] = fn;
  out["precision"] = precision;
  out["recall"] = recall;
  out["f1"] = f1;
  out["reason"] = reason;
  out["notes"] = notes;
  out["values"] = values;
  out["millis"] = millis;
  return out;
}

unsigned threads_of(int jobs) {
  if (jobs < 0) throw UsageError("jobs must be 0 (every core) or more");
  return static_cast<unsigned>(jobs);
}

Tables table2(const RunHandle& h, int jobs) {
  unsigned threads = threads_of(jobs);
  py::gil_scoped_release nogil;
  return Tables{reports::run_tables(*h.records, threads).table2};
}

Tables table4(const RunHandle& h, int jobs) {
  unsigned threads = threads_of(jobs);
  if (!h.task && h.table4_task) return *h.table4_task;  // read back, with the task's column group
  py::gil_scoped_release nogil;
  if (h.task) return Tables{reports::run_tables(*h.records, threads, harness::table4_task_systems(*h.task, h.task_sets)).table4};
  return Tables{reports::run_tables(*h.records, threads).table4};
}

std::string output(const RunHandle& h, const std::string& system, std::size_t k) {
  const results::RunRecords& r = *h.records;
  if (k >= r.doc_ids.size()) throw UsageError("page " + std::to_string(k) + ": the run has " + std::to_string(r.doc_ids.size()));
  find_system(h, system);
  std::size_t s = 0;
  while (r.systems[s].name != system) ++s;
  const auto& page = r.systems[s].pages[k];
  if (page.status == "excluded") return {};
  if (h.result && !h.result->outputs_written) return h.result->outputs[s][k];
  if (h.folder.empty()) throw UsageError("the run kept no outputs (it was read without its folder)");
  return io::read_file(results::output_file(h.folder, system, r.doc_langs[k], r.doc_out_names[k]));
}

// The judgments' settings of compare() and gate(), checked as the CLI checks them.
reports::JudgeOptions judge_options(std::uint32_t resamples, std::uint32_t trials, std::uint64_t seed, double alpha,
                                    int jobs) {
  if (resamples < 1) throw UsageError("resamples must be 1 or more");
  if (!(alpha > 0 && alpha < 1)) throw UsageError("alpha must be between 0 and 1 (exclusive)");
  results::JudgmentSettings s;
  s.resamples = resamples;
  s.trials = trials;
  s.seed = seed;
  s.alpha = alpha;
  return reports::JudgeOptions::from(s, threads_of(jobs));
}

Tables compare(const RunHandle& a, const std::string& first, const RunHandle* b, const std::string& second,
               const std::vector<std::string>& languages, const std::vector<std::string>& metrics,
               const std::string& statistic, const std::string& by, std::size_t top, std::uint32_t resamples,
               std::uint32_t trials, std::uint64_t seed, double alpha, int jobs, bool allow_different_corpora) {
  const reports::JudgeOptions judge = judge_options(resamples, trials, seed, alpha, jobs);
  reports::CompareOptions o;
  o.languages = languages;
  o.metrics = metrics;
  try {
    o.statistic = stats::parse_statistic(statistic);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("statistic: ") + e.what());
  }
  o.by = by;
  o.top = top;
  o.judge = judge;
  const std::string source_a = a.source.empty() ? "A" : a.source;
  const std::string source_b = b ? (b->source.empty() ? "B" : b->source) : "";
  py::gil_scoped_release nogil;
  return Tables{cli::compare_runs(*a.records, source_a, b ? b->records.get() : nullptr, source_b, first, second,
                                  allow_different_corpora, std::move(o))};
}

py::dict gate(const RunHandle& h, const std::string& baseline_path, std::optional<double> max_drop, bool significant,
              const RunHandle* baseline_run, const std::vector<std::string>& fail_under, const std::string& max_failed,
              std::optional<double> max_slowdown, const std::vector<std::string>& baselines, std::uint32_t resamples,
              std::uint32_t trials, std::uint64_t seed, double alpha, int jobs) {
  if (max_drop && *max_drop < 0) throw UsageError("max_drop must be 0 or more");
  if (max_slowdown && *max_slowdown < 0) throw UsageError("max_slowdown must be 0 or more");
  if (baseline_run && !significant) throw UsageError("baseline_run is used by significant=True only");
  const reports::JudgeOptions judge = judge_options(resamples, trials, seed, alpha, jobs);
  reports::GateOptions o;
  o.max_drop = max_drop;
  o.max_slowdown = max_slowdown;
  o.significant = significant;
  if (baseline_run) o.baseline_run = baseline_run->records.get();
  for (const auto& r : fail_under) o.fail_under.push_back(reports::parse_fail_under(r));
  if (!max_failed.empty()) o.max_failed = reports::parse_failed_bound(max_failed);
  o.baselines = baselines;
  o.judge = judge;
  const reports::GateBaseline base = reports::read_baseline(baseline_path);
  reports::GateResult r;
  {
    py::gil_scoped_release nogil;
    r = reports::run_gate(*h.records, base, o);
  }
  py::list checks;
  for (const auto& c : r.checks) {
    py::dict d;
    d["kind"] = c.kind;
    d["subject"] = c.subject;
    d["passed"] = c.passed;
    d["message"] = c.message;
    checks.append(d);
  }
  py::dict out;
  out["checks"] = checks;
  out["notes"] = r.notes;
  out["failures"] = r.failures();
  out["summary"] = reports::gate_summary(r, /*verbose=*/false);
  out["summary_verbose"] = reports::gate_summary(r, /*verbose=*/true);
  out["json"] = reports::gate_json(r);
  out["junit"] = reports::gate_junit(r, "detour gate " + baseline_path);
  return out;
}

// `detour gate --update`: the run's baseline written to `path`, refused when it would
// lower a floor of the baseline there unless `allow_regression`. Returns the lowered
// floors (allowed) and a summary line.
std::pair<std::vector<std::string>, std::string> write_baseline(const RunHandle& h, const std::string& path,
                                                                double max_drop,
                                                                const std::vector<std::string>& systems,
                                                                bool allow_regression) {
  if (max_drop < 0) throw UsageError("max_drop must be 0 or more");
  reports::GateBaseline next = reports::baseline_from_run(*h.records, max_drop, systems);
  if (next.systems.empty()) throw UsageError("systems " + join(systems, ",") + ": no such system in the run");
  std::vector<std::string> lowered;
  std::error_code ec;
  if (fs::exists(path, ec)) {
    lowered = reports::lowered_floors(reports::read_baseline(path), next);
    if (!lowered.empty() && !allow_regression)
      throw UsageError(fmt::format("writing the baseline would lower {} floor(s) of {} ({}); pass "
                                   "allow_regression=True to accept them",
                                   lowered.size(), path, join(lowered, "; ")));
  }
  io::write_file_atomic(path, reports::baseline_json(next));
  std::size_t cells = 0;
  for (const auto& [name, g] : next.systems)
    for (const auto& [lang, ms] : g.cells) cells += ms.size();
  return {lowered, fmt::format("baseline {} written: {} system(s), {} cell(s), floors at F1 - {:g}", path,
                               next.systems.size(), cells, max_drop)};
}

void save(RunHandle& h, const fs::path& folder) {
  if (!h.result) throw UsageError("only a run made by detour.run can be saved (a run read back has its folder or store)");
  if (h.result->outputs_written) throw UsageError("the run is written in " + h.folder.string() + " already");
  std::error_code ec;
  if (fs::exists(folder / "results.json", ec) || fs::exists(folder / "per_doc.tsv", ec))
    throw UsageError(folder.string() + " holds a run already");
  {
    py::gil_scoped_release nogil;
    fs::create_directories(folder);
    harness::RunConfig cfg;
    cfg.out = folder;
    harness::write_run(cfg, *h.result,
                       h.task ? harness::table4_task_systems(*h.task, h.task_sets) : std::vector<reports::SystemScores>{});
    if (h.task && h.table3) {
      harness::Table3 t3{h.table3->doc, h.table3_tests->doc};
      harness::write_task(folder, *h.task, h.result.get(), t3);
    }
  }
  h.folder = folder;
  h.source = folder.string();
}

void report(const std::vector<std::string>& folders, const std::string& out, const std::string& corpus, int resamples,
            std::uint64_t seed, const std::string& raw_pages, const std::string& car_view, const std::string& title,
            int jobs) {
  cli::ReportArgs a;
  a.corpus = corpus;
  a.resamples = resamples;
  a.seed = seed;
  a.raw_pages = raw_pages;
  a.car_view = car_view;
  a.title = title;
  a.jobs = static_cast<int>(threads_of(jobs));
  py::gil_scoped_release nogil;
  cli::write_report(folders, out, a);
}

}  // namespace

void bind_records(py::module_& m) {
  py::class_<RunHandle>(m, "RunRecords", "A run's per-document records (detour.Run holds one).")
      .def_property_readonly("systems", [](const RunHandle& h) {
        std::vector<std::string> out;
        for (const auto& s : h.records->systems) out.push_back(s.name);
        return out;
      })
      .def_property_readonly("extractor_signatures", [](const RunHandle& h) {
        std::vector<std::pair<std::string, std::string>> out;
        for (const auto& s : h.records->systems) out.emplace_back(s.name, s.signature);
        return out;
      })
      .def_property_readonly("signature", [](const RunHandle& h) { return h.records->signature; })
      .def_property_readonly("score_signatures", [](const RunHandle& h) {
        // Each system's metric signatures, as results.json writes them.
        std::vector<std::pair<std::string, std::vector<std::string>>> out;
        for (const auto& s : h.records->systems) {
          std::vector<std::string> sigs;
          for (std::size_t mi = 0; mi < s.scores.metrics.size(); ++mi) sigs.push_back(results::metric_signature(s.scores, mi));
          out.emplace_back(s.name, sigs);
        }
        return out;
      })
      .def_property_readonly("provenance", [](const RunHandle& h) { return h.records->provenance.to_json().dump(); })
      .def_property_readonly("doc_keys", [](const RunHandle& h) {
        std::vector<std::pair<std::string, std::string>> out;
        for (std::size_t i = 0; i < h.records->doc_ids.size(); ++i)
          out.emplace_back(h.records->doc_langs[i], h.records->doc_ids[i]);
        return out;
      })
      .def_property_readonly("decode_notes", [](const RunHandle& h) { return h.records->decode_notes; })
      .def_property_readonly("seconds", [](const RunHandle& h) { return h.records->seconds; })
      .def_property_readonly("folder", [](const RunHandle& h) { return h.folder.string(); })
      .def_property_readonly("source", [](const RunHandle& h) { return h.source; })
      .def_property_readonly("problem", [](const RunHandle& h) { return h.problem; })
      .def_property_readonly("has_task", [](const RunHandle& h) { return h.task || h.table3; })
      .def("per_doc", &per_doc)
      .def("table2", &table2, py::arg("jobs") = 0)
      .def("table4", &table4, py::arg("jobs") = 0)
      .def("table3", [](const RunHandle& h) { return h.table3; })
      .def("table3_tests", [](const RunHandle& h) { return h.table3_tests; })
      .def("output", &output, py::arg("system"), py::arg("page"))
      .def("save", &save, py::arg("folder"));
  m.def("read_run", &read_run_handle, py::arg("source"),
        "A run folder, or a run of a results store (ID: the default store; STORE_FILE:ID).");
  m.def("compare", &compare, py::arg("a"), py::arg("first"), py::arg("b").none(true), py::arg("second"),
        py::arg("languages"), py::arg("metrics"), py::arg("statistic"), py::arg("by"), py::arg("top"),
        py::arg("resamples"), py::arg("trials"), py::arg("seed"), py::arg("alpha"), py::arg("jobs"),
        py::arg("allow_different_corpora"));
  m.def("gate", &gate, py::arg("run"), py::arg("baseline"), py::arg("max_drop").none(true), py::arg("significant"),
        py::arg("baseline_run").none(true), py::arg("fail_under"), py::arg("max_failed"),
        py::arg("max_slowdown").none(true), py::arg("baselines"), py::arg("resamples"), py::arg("trials"),
        py::arg("seed"), py::arg("alpha"), py::arg("jobs"));
  m.def("write_baseline", &write_baseline, py::arg("run"), py::arg("path"), py::arg("max_drop"), py::arg("systems"),
        py::arg("allow_regression"));
  m.def("report", &report, py::arg("folders"), py::arg("out"), py::arg("corpus"), py::arg("resamples"),
        py::arg("seed"), py::arg("raw_pages"), py::arg("car_view"), py::arg("title"), py::arg("jobs"));
}

}  // namespace detour::python
