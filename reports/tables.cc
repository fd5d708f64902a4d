// tables: Table 2 and Table 4 (see tables.h).
#include "reports/tables.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace detour::reports {

namespace {

std::string upper(std::string_view s) {
  std::string o(s);
  for (char& c : o) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return o;
}

// The metrics of the systems, in the order first seen.
std::vector<const metrics::MetricInfo*> table_metrics(const std::vector<SystemScores>& systems) {
  std::vector<const metrics::MetricInfo*> out;
  for (const auto& s : systems)
    for (const auto* m : s.scores->metrics)
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  return out;
}

// Index of metric m in the set, or -1.
int metric_index(const results::ScoreSet& set, const metrics::MetricInfo* m) {
  for (std::size_t i = 0; i < set.metrics.size(); ++i)
    if (set.metrics[i] == m) return static_cast<int>(i);
  return -1;
}

std::vector<std::string> shown_languages(const std::vector<SystemScores>& systems, const TableOptions& o) {
  return o.languages.empty() ? table_languages(systems) : o.languages;
}

}  // namespace

std::vector<std::string> table_languages(const std::vector<SystemScores>& systems) {
  std::set<std::string> langs;
  bool all = false;
  for (const auto& s : systems)
    for (const auto& l : results::language_keys(*s.scores)) {
      if (l == "all") all = true;
      else langs.insert(l);
    }
  std::vector<std::string> out(langs.begin(), langs.end());
  if (all) out.push_back("all");
  return out;
}

Document table2(const std::vector<SystemScores>& systems, const std::string& signature, const TableOptions& options) {
  const auto ms = table_metrics(systems);
  Document doc;
  for (const auto& lang : shown_languages(systems, options)) {
    Table t;
    t.title = "Table 2 - " + lang;
    t.add_column("system", "", Align::Left);
    for (const auto* m : ms)
      for (const char* k : {"P", "R", "F1"}) t.add_column(k, upper(m->name));
    for (const auto& s : systems) {
      Row& row = t.add_row();
      row.push_back(Cell::text(s.name));
      for (const auto* m : ms) {
        const int mi = metric_index(*s.scores, m);
        metrics::Aggregate a;
        if (mi >= 0) a = results::aggregate_metric(*s.scores, mi, lang);
        if (a.documents == 0) {  // no scored page (e.g. all were training pages)
          row.insert(row.end(), {Cell::empty(), Cell::empty(), Cell::empty()});
          continue;
        }
        const std::string sig = results::metric_signature(*s.scores, mi);
        row.push_back(Cell::percent({a.micro.precision, sig}));
        row.push_back(Cell::percent({a.micro.recall, sig}));
        row.push_back(Cell::percent({a.micro.f1, sig}));
      }
    }
    doc.tables.push_back(std::move(t));
  }
  if (!signature.empty()) doc.signatures.push_back(signature);
  return doc;
}

Document table4(const std::vector<SystemScores>& systems, const std::string& signature, const TableOptions& options) {
  const auto ms = table_metrics(systems);
  Table t;
  t.title = "Table 4 - best system per language and measure (F1)";
  t.add_column("language", "", Align::Left);
  for (const auto* m : ms) {
    t.add_column("best", upper(m->name));
    t.add_column("F1", upper(m->name));
  }
  for (const auto& lang : shown_languages(systems, options)) {
    Row& row = t.add_row();
    row.push_back(Cell::text(lang));
    for (const auto* m : ms) {
      const SystemScores* best = nullptr;
      double best_f = -1;
      int best_mi = -1;
      for (const auto& s : systems) {
        const int mi = metric_index(*s.scores, m);
        if (mi < 0) continue;
        metrics::Aggregate a = results::aggregate_metric(*s.scores, mi, lang);
        if (a.documents > 0 && a.micro.f1 > best_f) {  // the first system wins ties (stable)
          best_f = a.micro.f1;
          best = &s;
          best_mi = mi;
        }
      }
      if (!best) {
        row.insert(row.end(), {Cell::empty(), Cell::empty()});
        continue;
      }
      row.push_back(Cell::text(best->name));
      row.push_back(Cell::percent({best_f, results::metric_signature(*best->scores, best_mi)}));
    }
  }
  Document doc;
  doc.tables.push_back(std::move(t));
  if (!signature.empty()) doc.signatures.push_back(signature);
  return doc;
}

std::vector<SystemScores> run_systems(const results::RunRecords& run) {
  std::vector<SystemScores> out;
  for (const auto& s : run.systems) out.push_back({s.name, &s.scores});
  return out;
}

RunTables run_tables(const results::RunRecords& run, const TableOptions& options) {
  const auto systems = run_systems(run);
  return {table2(systems, run.signature, options), table4(systems, run.signature, options)};
}

}  // namespace detour::reports
