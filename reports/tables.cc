// tables: Table 2 and Table 4 (see tables.h).
#include "reports/tables.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "base/strings.h"
#include "reports/judge.h"

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

std::vector<std::string> shown_languages(const std::vector<SystemScores>& systems, const TableOptions& o) {
  return o.languages.empty() ? table_languages(systems) : o.languages;
}

std::string percent_text(double alpha) { return fmt::format("{:g}", 100 * (1 - alpha)); }

}  // namespace

const std::vector<std::string>& default_baselines() {
  static const std::vector<std::string> names = {"GOLD", "ALL", "NONE"};
  return names;
}

bool is_baseline(const std::string& name, const std::vector<std::string>& extra) {
  auto listed = [&](const std::string& n) {
    const auto& d = default_baselines();
    return std::find(d.begin(), d.end(), n) != d.end() || std::find(extra.begin(), extra.end(), n) != extra.end();
  };
  if (listed(name)) return true;
  for (const auto& stage : split_list(name, '-'))
    if (listed(stage)) return true;
  return false;
}

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

Cell percent_cell(const results::ScoreSet& set, std::size_t mi, const std::string& lang, std::size_t statistic,
                  double value, bool with_interval) {
  results::Score score(100 * value, results::metric_signature(set, mi));
  if (with_interval)
    if (auto it = set.intervals.find({lang, mi}); it != set.intervals.end()) {
      const auto& [lo, hi] = it->second.bounds[statistic];
      score = score.with_interval(lo, hi, it->second.method);
    }
  return Cell::number(score, 2);
}

Document table2(const std::vector<SystemScores>& systems, const std::string& signature, const TableOptions& options) {
  const auto ms = table_metrics(systems);
  const bool intervals = !options.intervals.empty();
  std::set<std::string> methods;
  Document doc;
  for (const auto& lang : shown_languages(systems, options)) {
    Table t;
    t.title = "Table 2 - " + lang;
    if (options.intervals == "bounds") t.intervals = IntervalStyle::Bounds;
    t.add_column("system", "", Align::Left);
    for (const auto* m : ms)
      for (const char* k : {"P", "R", "F1"}) t.add_column(k, upper(m->name));
    for (const auto& s : systems) {
      Row& row = t.add_row();
      row.push_back(Cell::text(s.name));
      for (const auto* m : ms) {
        const int mi = results::metric_index(*s.scores, m);
        metrics::Aggregate a;
        if (mi >= 0) a = results::aggregate_metric(*s.scores, mi, lang);
        if (a.documents == 0) {  // no scored page (e.g. all were training pages)
          row.insert(row.end(), {Cell::empty(), Cell::empty(), Cell::empty()});
          continue;
        }
        row.push_back(percent_cell(*s.scores, mi, lang, 0, a.micro.precision, intervals));
        row.push_back(percent_cell(*s.scores, mi, lang, 1, a.micro.recall, intervals));
        row.push_back(percent_cell(*s.scores, mi, lang, 2, a.micro.f1, intervals));
        if (intervals)
          if (auto it = s.scores->intervals.find({lang, static_cast<std::size_t>(mi)}); it != s.scores->intervals.end())
            methods.insert(it->second.method);
      }
    }
    doc.tables.push_back(std::move(t));
  }
  if (!signature.empty()) doc.signatures.push_back(signature);
  for (const auto& m : methods) doc.signatures.push_back(m);
  if (!methods.empty())
    doc.notes.push_back(fmt::format("intervals: {}% percentile bootstrap over documents, micro P/R/F1 recomputed from "
                                    "the resampled counts ({})",
                                    percent_text(options.judgments.alpha), *methods.begin()));
  return doc;
}

Document table4(const std::vector<SystemScores>& systems, const std::string& signature, const TableOptions& options) {
  const auto ms = table_metrics(systems);
  const auto langs = shown_languages(systems, options);
  std::vector<std::string> baselines;
  for (const auto& s : systems)  // a system may appear once per measure set (a task's column group)
    if (s.baseline && std::find(baselines.begin(), baselines.end(), s.name) == baselines.end())
      baselines.push_back(s.name);
  const JudgeOptions jo = JudgeOptions::from(options.judgments, options.threads);
  const BestTable best = best_and_ties(systems, langs, ms, jo);

  Table t;
  t.title = "Table 4 - best system per language and measure (F1), with the systems tied with it";
  t.add_column("language", "", Align::Left);
  for (const auto* m : ms) {
    t.add_column("best", upper(m->name), Align::Left);
    t.add_column("F1", upper(m->name));
    t.add_column("tied", upper(m->name), Align::Left);
  }
  std::vector<std::string> unjudged;
  std::size_t at = 0;
  for (const auto& lang : langs) {
    Row& row = t.add_row();
    row.push_back(Cell::text(lang));
    for (const auto* m : ms) {
      const BestCell& c = best.cells[at++];
      if (!c.has_best()) {
        row.insert(row.end(), {Cell::empty(), Cell::empty(), Cell::empty()});
        continue;
      }
      const auto& b = systems[c.best()];
      const int mi = results::metric_index(*b.scores, m);
      row.push_back(Cell::text(b.name));
      row.push_back(percent_cell(*b.scores, mi, lang, 2, c.ranked[0].second, !options.intervals.empty()));
      if (!judgeable(*m)) {
        row.push_back(Cell::text("n/a"));
        if (std::find(unjudged.begin(), unjudged.end(), std::string(m->name)) == unjudged.end())
          unjudged.emplace_back(m->name);
        continue;
      }
      std::vector<std::string> tied;
      for (std::size_t s : c.tied) tied.push_back(systems[s].name);
      row.push_back(tied.empty() ? Cell::empty() : Cell::text(join(tied, ", ")));
    }
  }
  t.notes.push_back("best: the highest micro F1 among the systems that are not baselines" +
                    (baselines.empty() ? std::string() : " (baselines, never ranked: " + join(baselines, ", ") + ")"));
  t.notes.push_back(fmt::format("tied: not significantly different from the best ({} comparisons of the best with "
                                "another system in the table); listed by F1, highest first. Rule: {}",
                                best.judged, verdict_rule(jo)));
  t.notes.push_back(std::string(stats::pairing_rule()));
  if (std::string caution = resolution_note(best.verdicts); !caution.empty()) t.notes.push_back(caution);
  if (!unjudged.empty())
    t.notes.push_back("n/a: no significance test for " + join(unjudged, ", ") +
                      " (per-document values not computed from counts)");
  Document doc;
  doc.tables.push_back(std::move(t));
  if (!signature.empty()) doc.signatures.push_back(signature);
  doc.signatures.push_back(verdict_signature(jo));
  return doc;
}

std::vector<SystemScores> run_systems(const results::RunRecords& run, const std::vector<std::string>& extra) {
  std::vector<SystemScores> out;
  for (const auto& s : run.systems) out.push_back({s.name, &s.scores, is_baseline(s.name, extra)});
  return out;
}

TableOptions run_table_options(const results::RunRecords& run, unsigned threads) {
  TableOptions o;
  o.judgments = run.provenance.judgments;
  o.intervals = o.judgments.intervals;
  o.threads = threads;
  return o;
}

RunTables run_tables(const results::RunRecords& run, unsigned threads, const std::vector<SystemScores>& extra) {
  const TableOptions o = run_table_options(run, threads);
  auto systems = run_systems(run, o.judgments.baselines);
  RunTables t{table2(systems, run.signature, o), {}};
  systems.insert(systems.end(), extra.begin(), extra.end());
  t.table4 = table4(systems, run.signature, o);
  for (const auto& s : extra) {  // the extra sets' signatures (a task's), once each
    const std::string sig = results::set_signature(*s.scores);
    if (std::find(t.table4.signatures.begin(), t.table4.signatures.end(), sig) == t.table4.signatures.end())
      t.table4.signatures.push_back(sig);
  }
  return t;
}

}  // namespace detour::reports
