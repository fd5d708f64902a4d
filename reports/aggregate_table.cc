// aggregate_table: see aggregate_table.h.
#include "reports/aggregate_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "reports/table.h"

namespace detour::reports {

using metrics::DocScore;
using results::ScoreSet;

std::vector<std::pair<std::string, std::vector<const DocScore*>>> score_groups(const ScoreSet& set, std::size_t mi) {
  const bool datasets = std::any_of(set.docs.begin(), set.docs.end(), [](const auto& d) { return !d.dataset.empty(); });
  std::map<std::string, std::vector<const DocScore*>> by;
  for (const auto& d : set.docs)
    by[datasets ? d.dataset : set.has_languages ? d.lang.str() : std::string("all")].push_back(&d.scores[mi]);
  return {by.begin(), by.end()};
}

namespace {

nlohmann::json jnum(double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v); }

// A 3-decimal cell of the table model ("-" for NaN: no document had a value).
Cell num(double v, const std::string& sig) { return std::isnan(v) ? Cell::empty() : Cell::number({v, sig}, 3); }

}  // namespace

std::string render_named_aggregate(const std::vector<std::pair<std::string, const ScoreSet*>>& systems,
                                   const std::string& aggregation, const metrics::AggregationOptions& opts,
                                   const std::string& format) {
  const std::string agg_sig = metrics::aggregation_signature(aggregation, opts);
  nlohmann::json json;
  Table t;
  const bool f1m = aggregation == "f1-of-means";
  for (const char* c : {"system", "group", "metric"}) t.add_column(c, "", Align::Left);
  t.add_column("docs");
  if (f1m)
    for (const char* c : {"F1", "precision", "recall", "accuracy"}) {
      t.add_column(c);
      t.add_column("±");
    }
  else
    for (const char* g : {"mean", "median"})
      for (const char* c : {"P", "R", "F1"}) t.add_column(c, g);
  for (const auto& [name, set] : systems) {
    nlohmann::json js;
    js["aggregate"] = aggregation;
    for (std::size_t mi = 0; mi < set->metrics.size(); ++mi) {
      const metrics::MetricInfo& m = *set->metrics[mi];
      const std::string sig = results::metric_signature(*set, mi) + "|" + agg_sig;
      if (std::find(t.signatures.begin(), t.signatures.end(), sig) == t.signatures.end()) t.signatures.push_back(sig);
      auto groups = score_groups(*set, mi);
      if (f1m) {
        if (groups.size() > 1) {
          std::vector<const DocScore*> all;
          for (const auto& g : groups) all.insert(all.end(), g.second.begin(), g.second.end());
          groups.emplace_back("all", std::move(all));
        }
        for (const auto& [group, docs] : groups) {
          const metrics::F1OfMeans a = metrics::f1_of_means(m, docs, opts);
          const double nan = std::nan("");
          t.rows.push_back({Cell::text(name), Cell::text(group), Cell::text(std::string(m.name)),
                            Cell::count(static_cast<std::int64_t>(a.documents)), num(a.f1, sig), num(a.f1_std, sig),
                            num(a.precision, sig), num(a.precision_std, sig), num(a.recall, sig),
                            num(a.recall_std, sig), num(a.has_accuracy ? a.accuracy : nan, sig),
                            num(a.has_accuracy ? a.accuracy_std : nan, sig)});
          nlohmann::json c = {{"documents", a.documents},
                              {"precision_documents", a.precision_documents},
                              {"recall_documents", a.recall_documents},
                              {"f1", jnum(a.f1)},
                              {"f1_std", jnum(a.f1_std)},
                              {"precision", jnum(a.precision)},
                              {"precision_std", jnum(a.precision_std)},
                              {"recall", jnum(a.recall)},
                              {"recall_std", jnum(a.recall_std)}};
          if (a.has_accuracy) {
            c["accuracy"] = jnum(a.accuracy);
            c["accuracy_std"] = jnum(a.accuracy_std);
          }
          c["signature"] = sig;
          js["groups"][group][std::string(m.name)] = std::move(c);
        }
      } else {
        for (const auto& row : metrics::mean_median(m, groups)) {
          t.rows.push_back({Cell::text(name), Cell::text(row.group), Cell::text(std::string(m.name)),
                            Cell::count(static_cast<std::int64_t>(row.documents)), num(row.mean[0], sig),
                            num(row.mean[1], sig), num(row.mean[2], sig), num(row.median[0], sig),
                            num(row.median[1], sig), num(row.median[2], sig)});
          js["groups"][row.group][std::string(m.name)] = {
              {"documents", row.documents},
              {"mean", {{"precision", jnum(row.mean[0])}, {"recall", jnum(row.mean[1])}, {"f1", jnum(row.mean[2])}}},
              {"median",
               {{"precision", jnum(row.median[0])}, {"recall", jnum(row.median[1])}, {"f1", jnum(row.median[2])}}},
              {"signature", sig}};
        }
      }
    }
    json["systems"][name] = std::move(js);
  }
  // JSON keeps the shape of `detour score --format json` ({"systems": ...}); the
  // text formats go through the table model's writers.
  if (format == "json") return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  Document doc;
  doc.tables.push_back(std::move(t));
  return write(doc, format);
}

}  // namespace detour::reports
