// aggregate_table: see aggregate_table.h.
#include "reports/aggregate_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

namespace detour::reports {

using metrics::DocScore;
using results::ScoreSet;

std::vector<std::pair<std::string, std::vector<const DocScore*>>> score_groups(const ScoreSet& set, std::size_t mi) {
  const bool datasets = std::any_of(set.docs.begin(), set.docs.end(), [](const auto& d) { return !d.dataset.empty(); });
  std::map<std::string, std::vector<const DocScore*>> by;
  for (const auto& d : set.docs)
    by[datasets ? d.dataset : set.has_languages ? d.lang : std::string("all")].push_back(&d.scores[mi]);
  return {by.begin(), by.end()};
}

namespace {

std::string num(double v) { return std::isnan(v) ? "-" : fmt::format("{:.3f}", v); }
nlohmann::json jnum(double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v); }

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

std::string render(const Table& t, const std::string& format, const std::vector<std::string>& signatures) {
  std::string out;
  if (format == "tsv") {
    for (std::size_t i = 0; i < t.header.size(); ++i) out += (i ? "\t" : "") + t.header[i];
    out += "\n";
    for (const auto& r : t.rows) {
      for (std::size_t i = 0; i < r.size(); ++i) out += (i ? "\t" : "") + r[i];
      out += "\n";
    }
  } else if (format == "md") {
    auto line = [](const std::vector<std::string>& r) {
      std::string s = "|";
      for (const auto& c : r) s += " " + c + " |";
      return s + "\n";
    };
    out += line(t.header);
    std::string sep = "|";
    for (std::size_t i = 0; i < t.header.size(); ++i) sep += i < 3 ? "---|" : "---:|";
    out += sep + "\n";
    for (const auto& r : t.rows) out += line(r);
  } else {
    std::vector<std::size_t> w(t.header.size());
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = t.header[i].size();
    for (const auto& r : t.rows)
      for (std::size_t i = 0; i < r.size(); ++i) w[i] = std::max(w[i], r[i].size());
    auto line = [&](const std::vector<std::string>& r) {
      std::string s;
      for (std::size_t i = 0; i < r.size(); ++i)
        s += i < 3 ? fmt::format("{:<{}}  ", r[i], w[i]) : fmt::format("{:>{}}  ", r[i], w[i]);
      while (!s.empty() && s.back() == ' ') s.pop_back();
      return s + "\n";
    };
    out += line(t.header);
    for (const auto& r : t.rows) out += line(r);
  }
  out += "\n";
  for (const auto& s : signatures) out += (format == "md" ? "- `" + s + "`" : s) + "\n";
  return out;
}

}  // namespace

std::string render_named_aggregate(const std::vector<std::pair<std::string, const ScoreSet*>>& systems,
                                   const std::string& aggregation, const metrics::AggregationOptions& opts,
                                   const std::string& format) {
  const std::string agg_sig = metrics::aggregation_signature(aggregation, opts);
  nlohmann::json json;
  Table t;
  std::vector<std::string> signatures;
  const bool f1m = aggregation == "f1-of-means";
  if (f1m)
    t.header = {"system", "group", "metric", "docs", "F1", "±", "precision", "±", "recall", "±", "accuracy", "±"};
  else
    t.header = {"system", "group", "metric", "docs", "mean P", "mean R", "mean F1", "median P", "median R",
                "median F1"};
  for (const auto& [name, set] : systems) {
    nlohmann::json js;
    js["aggregate"] = aggregation;
    for (std::size_t mi = 0; mi < set->metrics.size(); ++mi) {
      const metrics::MetricInfo& m = *set->metrics[mi];
      const std::string sig = results::metric_signature(*set, mi) + "|" + agg_sig;
      if (std::find(signatures.begin(), signatures.end(), sig) == signatures.end()) signatures.push_back(sig);
      auto groups = score_groups(*set, mi);
      if (f1m) {
        if (groups.size() > 1) {
          std::vector<const DocScore*> all;
          for (const auto& g : groups) all.insert(all.end(), g.second.begin(), g.second.end());
          groups.emplace_back("all", std::move(all));
        }
        for (const auto& [group, docs] : groups) {
          const metrics::F1OfMeans a = metrics::f1_of_means(m, docs, opts);
          const std::string na = a.has_accuracy ? "" : "-";
          t.rows.push_back({name, group, std::string(m.name), std::to_string(a.documents), num(a.f1), num(a.f1_std),
                            num(a.precision), num(a.precision_std), num(a.recall), num(a.recall_std),
                            na.empty() ? num(a.accuracy) : na, na.empty() ? num(a.accuracy_std) : na});
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
          t.rows.push_back({name, row.group, std::string(m.name), std::to_string(row.documents), num(row.mean[0]),
                            num(row.mean[1]), num(row.mean[2]), num(row.median[0]), num(row.median[1]),
                            num(row.median[2])});
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
  if (format == "json") return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  return render(t, format, signatures);
}

}  // namespace detour::reports
