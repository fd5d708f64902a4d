// scoring: detour.score -- document pairs scored by the metrics library, in threads
// with the GIL released, as `detour score` scores files (runner/scoring.h).
#include <pybind11/stl.h>

#include <memory>

#include "base/errors.h"
#include "common.h"
#include "metrics/aggregation.h"
#include "metrics/metric.h"
#include "reports/aggregate_table.h"
#include "reports/judge.h"
#include "reports/score_table.h"
#include "results/results.h"
#include "runner/scoring.h"

namespace detour::python {

namespace {

// Scores of one system's documents, as `detour score` keeps them.
struct ScoreSetHandle {
  std::string name;
  results::ScoreSet set;
  std::string json(bool per_doc) const {
    return results::to_json(set, per_doc).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  Tables table(bool per_doc, const std::string& intervals, const std::string& format) const {
    Tables t;
    t.doc = reports::score_document({{name, &set}}, reports::score_layout(format), per_doc,
                                    intervals == "bounds" ? reports::IntervalStyle::Bounds
                                                          : reports::IntervalStyle::HalfWidth);
    return t;
  }
  std::string aggregate(const std::string& aggregation, int resamples, std::uint64_t seed,
                        const std::string& format) const {
    metrics::find_aggregation(aggregation);
    if (resamples < 0 || resamples > 1000000)
      throw UsageError("resamples " + std::to_string(resamples) + ": expected 0 to 1000000");
    return reports::render_named_aggregate({{name, &set}}, aggregation, {resamples, seed}, format);
  }
};

ScoreSetHandle score_pairs(const py::sequence& golds, const py::sequence& outputs, const py::sequence& langs,
                           const py::sequence& ids, const std::string& metric_list, bool autojunk,
                           const std::string& rouge, const std::string& punkt, const std::string& text_form,
                           const std::string& text_form_gold, const std::string& text_form_system,
                           const std::string& missing, const std::string& intervals, std::uint32_t resamples,
                           std::uint64_t seed, int jobs, const std::string& name) {
  if (golds.size() != outputs.size())
    throw UsageError("gold and output: " + std::to_string(golds.size()) + " gold texts for " +
                     std::to_string(outputs.size()) + " outputs");
  if (langs.size() != golds.size() || ids.size() != golds.size())
    throw UsageError("lang and id: one per pair");
  if (missing != "skip" && missing != "empty") throw UsageError("missing: skip or empty, got '" + missing + "'");
  if (!intervals.empty() && intervals != "pm" && intervals != "bounds")
    throw UsageError("confidence: None, 'pm' or 'bounds', got '" + intervals + "'");
  if (jobs < 0) throw UsageError("jobs must be 0 (every core) or more");
  auto ms = metrics::parse_metric_list(metric_list);
  metrics::ScoreOptions opts;
  opts.autojunk = autojunk;
  opts.rouge = metrics::parse_rouge_setting(rouge);
  if (!text_form.empty()) opts.text_form_gold = opts.text_form_system = metrics::parse_text_form(text_form);
  if (!text_form_gold.empty()) opts.text_form_gold = metrics::parse_text_form(text_form_gold);
  if (!text_form_system.empty()) opts.text_form_system = metrics::parse_text_form(text_form_system);
  std::vector<harness::ScoreItem> items(golds.size());
  bool has_languages = false;
  for (std::size_t i = 0; i < items.size(); ++i) {
    items[i].gold = text_arg(golds[i], "gold");
    items[i].system = text_arg(outputs[i], "output");
    items[i].lang = py::str(langs[i]).cast<std::string>();
    items[i].id = py::str(ids[i]).cast<std::string>();
    has_languages = has_languages || !items[i].lang.empty();
  }
  ScoreSetHandle h;
  h.name = name;
  {
    py::gil_scoped_release nogil;
    metrics::prepare_metrics(ms, opts, punkt);
    h.set = harness::score_items(items, ms, opts, jobs);
    h.set.has_languages = has_languages;
    h.set.context = results::signature_context("gold", results::gold_fingerprint({&h.set}), missing);
    if (!intervals.empty()) {
      if (resamples < 1) throw UsageError("resamples must be 1 or more");
      results::JudgmentSettings s;
      s.intervals = intervals;
      s.resamples = resamples;
      s.seed = seed;
      reports::add_intervals({&h.set}, reports::JudgeOptions::from(s, static_cast<unsigned>(jobs)));
    }
  }
  return h;
}

}  // namespace

void bind_scoring(py::module_& m) {
  py::class_<ScoreSetHandle>(m, "ScoreSet", "The scores of one system's documents.")
      .def_readonly("name", &ScoreSetHandle::name)
      .def("json", &ScoreSetHandle::json, py::arg("per_doc") = true,
           "The `detour score --format json` object of the system (a JSON text).")
      .def("table", &ScoreSetHandle::table, py::arg("per_doc") = false, py::arg("intervals") = "",
           py::arg("format") = "md", "The `detour score` tables.")
      .def("aggregate", &ScoreSetHandle::aggregate, py::arg("aggregation"), py::arg("resamples") = 1000,
           py::arg("seed") = 12345, py::arg("format") = "json",
           "A named aggregation (micro, f1-of-means, mean-median) rendered as `detour score --aggregate`.");
  m.def("score_pairs", &score_pairs, py::arg("golds"), py::arg("outputs"), py::arg("langs"), py::arg("ids"),
        py::arg("metrics"), py::arg("autojunk") = true, py::arg("rouge") = "wceb", py::arg("punkt") = "",
        py::arg("text_form") = "", py::arg("text_form_gold") = "", py::arg("text_form_system") = "",
        py::arg("missing") = "skip", py::arg("intervals") = "", py::arg("resamples") = 1000,
        py::arg("seed") = 12345, py::arg("jobs") = 0, py::arg("name") = "output",
        "Scores (gold, output) pairs with the metrics library (threads, the GIL released).");
  m.def("metrics", [] {
    std::vector<std::tuple<std::string, std::string, std::string, std::vector<std::string>>> out;
    for (const auto& mi : metrics::metric_registry()) {
      std::vector<std::string> values(mi.value_names.begin(), mi.value_names.end());
      out.emplace_back(std::string(mi.name), std::string(mi.description), std::string(mi.family), values);
    }
    return out;
  }, "The metric registry: (name, description, family, extra per-document values).");
  m.def("aggregations", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& a : metrics::aggregation_registry()) out.emplace_back(std::string(a.name), std::string(a.description));
    return out;
  }, "The named aggregations: (name, description).");
}

}  // namespace detour::python
