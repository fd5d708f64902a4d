// score_table: the `detour score` tables (see score_table.h).
#include "reports/score_table.h"

namespace detour::reports {

using metrics::Aggregate;
using results::ScoreSet;
using results::aggregate_metric;
using results::language_keys;

namespace {

// Per-document rows of one system: lang, id, metric, tp, fp, fn, P, R, F1.
void add_doc_rows(Table& t, const SystemScores& s, bool system_column, bool dash_for_no_lang) {
  const ScoreSet& set = *s.scores;
  for (const auto& d : set.docs)
    for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) {
      const auto& sc = d.scores[mi];
      auto v = metrics::doc_prf(*set.metrics[mi], sc);
      const std::string sig = results::metric_signature(set, mi);
      Row& row = t.add_row();
      if (system_column) row.push_back(Cell::text(s.name));
      row.push_back(Cell::text(d.lang.empty() && dash_for_no_lang ? "-" : d.lang));
      row.push_back(Cell::text(d.id));
      row.push_back(Cell::text(std::string(set.metrics[mi]->name)));
      row.push_back(Cell::count(sc.tp));
      row.push_back(Cell::count(sc.fp));
      row.push_back(Cell::count(sc.fn));
      row.push_back(Cell::percent({v.precision, sig}));
      row.push_back(Cell::percent({v.recall, sig}));
      row.push_back(Cell::percent({v.f1, sig}));
    }
}

Table doc_table(bool system_column) {
  Table t;
  if (system_column) t.add_column("system", "", Align::Left);
  for (const char* c : {"lang", "id", "metric"}) t.add_column(c, "", Align::Left);
  for (const char* c : {"tp", "fp", "fn", "P", "R", "F1"}) t.add_column(c);
  return t;
}

Document long_document(const std::vector<SystemScores>& systems, bool per_doc) {
  const bool sys_col = systems.size() > 1;
  Table t;
  if (sys_col) t.add_column("system", "", Align::Left);
  for (const char* c : {"lang", "metric"}) t.add_column(c, "", Align::Left);
  for (const char* c : {"documents", "tp", "fp", "fn", "P", "R", "F1", "macro_P", "macro_R", "macro_F1", "sd_F1"})
    t.add_column(c);
  t.add_column("signature", "", Align::Left);
  for (const auto& s : systems) {
    const ScoreSet& set = *s.scores;
    for (const auto& key : language_keys(set))
      for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) {
        Aggregate a = aggregate_metric(set, mi, key);
        const std::string sig = results::metric_signature(set, mi);
        Row& row = t.add_row();
        if (sys_col) row.push_back(Cell::text(s.name));
        row.push_back(Cell::text(key));
        row.push_back(Cell::text(std::string(set.metrics[mi]->name)));
        for (auto n : {std::int64_t(a.documents), a.tp, a.fp, a.fn}) row.push_back(Cell::count(n));
        for (double v : {a.micro.precision, a.micro.recall, a.micro.f1, a.macro.precision, a.macro.recall, a.macro.f1,
                         a.sd_f1})
          row.push_back(Cell::percent({v, sig}));
        row.push_back(Cell::text(sig));
      }
  }
  Document doc;
  doc.tables.push_back(std::move(t));
  if (per_doc) {
    Table d = doc_table(sys_col);
    for (const auto& s : systems) add_doc_rows(d, s, sys_col, false);
    doc.tables.push_back(std::move(d));
  }
  return doc;
}

Document wide_document(const std::vector<SystemScores>& systems, bool per_doc) {
  Document doc;
  for (const auto& s : systems) {
    const ScoreSet& set = *s.scores;
    Table t;
    if (systems.size() > 1) t.title = s.name;
    t.add_column("lang", "", Align::Left);
    t.add_column("docs");
    for (const auto* m : set.metrics)
      for (const char* k : {"P", "R", "F1"}) t.add_column(k, std::string(m->name));
    for (const auto& key : language_keys(set)) {
      Row& row = t.add_row();
      row.push_back(Cell::text(key));
      std::int64_t n = 0;
      for (const auto& d : set.docs) n += key == "all" || d.lang == key;
      row.push_back(Cell::count(n));
      for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) {
        Aggregate a = aggregate_metric(set, mi, key);
        if (a.documents == 0) {
          row.insert(row.end(), {Cell::empty(), Cell::empty(), Cell::empty()});
          continue;
        }
        const std::string sig = results::metric_signature(set, mi);
        row.push_back(Cell::percent({a.micro.precision, sig}));
        row.push_back(Cell::percent({a.micro.recall, sig}));
        row.push_back(Cell::percent({a.micro.f1, sig}));
      }
    }
    for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) t.signatures.push_back(results::metric_signature(set, mi));
    doc.tables.push_back(std::move(t));
    if (per_doc) {
      Table d = doc_table(false);
      add_doc_rows(d, s, false, true);
      doc.tables.push_back(std::move(d));
    }
  }
  return doc;
}

}  // namespace

ScoreLayout score_layout(std::string_view format) { return format == "tsv" ? ScoreLayout::Long : ScoreLayout::Wide; }

Document score_document(const std::vector<SystemScores>& systems, ScoreLayout layout, bool per_doc) {
  return layout == ScoreLayout::Long ? long_document(systems, per_doc) : wide_document(systems, per_doc);
}

}  // namespace detour::reports
