// compare_table: the tables of `detour compare` (see compare_table.h).
#include "reports/compare_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "base/errors.h"
#include "base/strings.h"

namespace detour::reports {

namespace {

// (lang, id) -> status of the side's pages.
std::map<std::pair<std::string, std::string>, std::string> statuses(const CompareSide& s) {
  std::map<std::pair<std::string, std::string>, std::string> out;
  for (std::size_t i = 0; i < s.system->pages.size() && i < s.run->doc_ids.size(); ++i)
    out[{s.run->doc_langs[i], s.run->doc_ids[i]}] = s.system->pages[i].status;
  return out;
}

Cell p_cell(double p, const std::string& signature) {
  if (std::isnan(p)) return Cell::empty();
  return Cell::number({p, signature}, 4);
}

}  // namespace

// long function: the comparison document's tables top to bottom (scores, paired
// differences with their verdicts, pages that moved), sharing the two sides' pairing.
Document compare_document(const CompareSide& first, const CompareSide& second, const CompareOptions& o) {
  const results::ScoreSet& fa = first.system->scores;
  const results::ScoreSet& sa = second.system->scores;
  std::vector<SystemScores> systems = {{first.label, &fa, false}, {second.label, &sa, false}};

  // Languages and metrics both sides have.
  std::vector<std::string> langs = o.languages;
  const auto lf = results::language_keys(fa), ls = results::language_keys(sa);
  if (langs.empty()) {
    for (const auto& l : lf)
      if (std::find(ls.begin(), ls.end(), l) != ls.end()) langs.push_back(l);
  } else {
    for (const auto& l : langs)
      if (std::find(lf.begin(), lf.end(), l) == lf.end() || std::find(ls.begin(), ls.end(), l) == ls.end())
        throw UsageError("language '" + l + "' is not scored by both sides (" + first.label + ": " + join(lf, ",") +
                         "; " + second.label + ": " + join(ls, ",") + ")");
  }
  std::vector<const metrics::MetricInfo*> ms;
  std::vector<std::string> names = o.metrics;
  if (names.empty())
    for (const auto* m : fa.metrics)
      if (results::metric_index(sa, m->name) >= 0) names.emplace_back(m->name);
  for (const auto& n : names) {
    const int a = results::metric_index(fa, n), b = results::metric_index(sa, n);
    if (a < 0 || b < 0) throw UsageError("metric '" + n + "' is not scored by both sides");
    ms.push_back(fa.metrics[a]);
  }
  if (ms.empty()) throw UsageError("the two sides share no metric");

  JudgeRequest request;
  for (const auto& lang : langs)
    for (const auto* m : ms) request.comparisons.push_back({1, 0, lang, m, o.statistic});
  const Verdicts v = judge(systems, langs, request, o.judge);

  Table t;
  t.title = fmt::format("{} - {}: {} (second minus first)", second.label, first.label, stats::statistic_name(o.statistic));
  t.intervals = o.intervals;
  for (const char* c : {"language", "metric"}) t.add_column(c, "", Align::Left);
  t.add_column("docs");
  t.add_column("dropped");
  t.add_column(first.label);
  t.add_column(second.label);
  t.add_column("delta");
  t.add_column("p bootstrap");
  t.add_column("p randomization");
  t.add_column("p Holm");
  t.add_column("verdict", "", Align::Left);
  std::size_t k = 0;
  for (const auto& lang : langs)
    for (const auto* m : ms) {
      const ComparisonResult& c = v.comparisons[k++];
      Row& row = t.add_row();
      row.push_back(Cell::text(lang));
      row.push_back(Cell::text(std::string(m->name)));
      const std::string sig_f = results::metric_signature(fa, results::metric_index(fa, m->name));
      const std::string sig_s = results::metric_signature(sa, results::metric_index(sa, m->name));
      if (!c.judged) {
        row.push_back(Cell::empty());
        row.push_back(Cell::empty());
        for (const auto* side : {&fa, &sa}) {
          auto a = results::aggregate_metric(*side, results::metric_index(*side, m->name), lang);
          row.push_back(a.documents ? Cell::percent({a.micro.f1, results::metric_signature(*side, results::metric_index(*side, m->name))})
                                    : Cell::empty());
        }
        row.insert(row.end(), {Cell::empty(), Cell::empty(), Cell::empty(), Cell::empty()});
        row.push_back(Cell::text(judgeable(*m) ? "no shared document" : "n/a (not from counts)"));
        continue;
      }
      const auto& p = c.paired;
      row.push_back(Cell::count(static_cast<std::int64_t>(p.documents)));
      row.push_back(Cell::count(static_cast<std::int64_t>(c.dropped)));
      row.push_back(Cell::percent({p.b, sig_f}));
      row.push_back(Cell::percent({p.a, sig_s}));
      row.push_back(Cell::percent(results::Score(p.delta, sig_s).with_interval(p.lo, p.hi, p.bootstrap_signature)));
      row.push_back(p_cell(p.p_bootstrap, p.bootstrap_signature));
      row.push_back(p_cell(p.randomization_signature.empty() ? std::nan("") : p.p_randomization,
                           p.randomization_signature));
      row.push_back(p_cell(c.p_holm, v.holm_signature));
      std::string verdict = "no significant difference";
      if (differ(c, o.judge.alpha)) verdict = p.delta > 0 ? second.label + " higher" : second.label + " lower";
      if (p.delta == 0 && p.p_bootstrap >= 1) verdict = "identical";
      row.push_back(Cell::text(verdict));
    }
  t.notes.push_back(fmt::format(
      "delta = {} - {} on the paired documents, with its {:g}% paired bootstrap percentile interval; p-values "
      "two-sided (paired bootstrap, shift method; approximate randomization); p Holm: adjusted over the {} "
      "comparisons of the table, for a family-wise reading (the verdict does not use it)",
      second.label, first.label, 100 * (1 - o.judge.bootstrap.alpha), v.comparisons.size()));
  t.notes.push_back("verdict: " + verdict_rule(o.judge));
  t.notes.push_back(std::string(stats::pairing_rule()));
  if (std::string caution = resolution_note(v, /*holm_shown=*/true); !caution.empty()) t.notes.push_back(caution);
  for (const auto& n : o.notes) t.notes.push_back(n);
  for (const auto* run : {first.run, second.run})
    if (std::find(t.signatures.begin(), t.signatures.end(), run->signature) == t.signatures.end() &&
        !run->signature.empty())
      t.signatures.push_back(run->signature);
  // The verdict's signature names its test (and alpha): the randomization's, or with
  // --trials 0 the paired bootstrap's.
  const bool ar = o.judge.randomization.trials > 0;
  t.signatures.push_back(ar ? o.judge.bootstrap.paired_signature() : verdict_signature(o.judge));
  if (ar) t.signatures.push_back(verdict_signature(o.judge));
  t.signatures.push_back(v.holm_signature);
  Document doc;
  doc.tables.push_back(std::move(t));

  if (o.top == 0) return doc;
  // The pages that moved most under one metric.
  const std::string by = o.by.empty() ? std::string(ms[0]->name) : o.by;
  const int mf = results::metric_index(fa, by), msi = results::metric_index(sa, by);
  if (mf < 0 || msi < 0) throw UsageError("--by " + by + ": not a metric scored by both sides");
  const metrics::MetricInfo& metric = *fa.metrics[mf];
  const bool all = std::find(langs.begin(), langs.end(), "all") != langs.end();
  std::map<std::pair<std::string, std::string>, const results::DocResult*> in_second;
  for (const auto& d : sa.docs) in_second[{d.lang, d.id}] = &d;
  struct Moved {
    const results::DocResult* a;
    const results::DocResult* b;
    double fa, fb;
  };
  std::vector<Moved> moved;
  for (const auto& d : fa.docs) {
    if (!all && std::find(langs.begin(), langs.end(), d.lang) == langs.end()) continue;
    auto it = in_second.find({d.lang, d.id});
    if (it == in_second.end()) continue;
    const double f_first = metrics::doc_prf(metric, d.scores[mf]).f1;
    const double f_second = metrics::doc_prf(metric, it->second->scores[msi]).f1;
    if (f_first == f_second) continue;  // not moved
    moved.push_back({&d, it->second, f_first, f_second});
  }
  const std::size_t moved_total = moved.size();
  std::stable_sort(moved.begin(), moved.end(), [](const Moved& x, const Moved& y) {
    return std::abs(x.fb - x.fa) > std::abs(y.fb - y.fa);
  });
  if (moved.size() > o.top) moved.resize(o.top);
  std::stable_sort(moved.begin(), moved.end(), [](const Moved& x, const Moved& y) {
    const double dx = x.fb - x.fa, dy = y.fb - y.fa;
    if (dx != dy) return dx < dy;
    return std::tie(x.a->lang, x.a->id) < std::tie(y.a->lang, y.a->id);
  });
  const auto st_f = statuses(first), st_s = statuses(second);
  Table pages;
  pages.title = fmt::format("pages that moved most: {} F1 per page, worst first (top {})", by, o.top);
  for (const char* c : {"language", "id", "status"}) pages.add_column(c, "", Align::Left);
  pages.add_column(first.label);
  pages.add_column(second.label);
  pages.add_column("delta");
  const std::string sig_f = results::metric_signature(fa, mf), sig_s = results::metric_signature(sa, msi);
  for (const auto& m : moved) {
    Row& row = pages.add_row();
    row.push_back(Cell::text(m.a->lang));
    row.push_back(Cell::text(m.a->id));
    auto sf = st_f.find({m.a->lang, m.a->id});
    auto ss = st_s.find({m.a->lang, m.a->id});
    row.push_back(Cell::text((sf == st_f.end() ? "?" : sf->second) + "/" + (ss == st_s.end() ? "?" : ss->second)));
    row.push_back(Cell::percent({m.fa, sig_f}));
    row.push_back(Cell::percent({m.fb, sig_s}));
    row.push_back(Cell::percent({m.fb - m.fa, sig_s}));
  }
  if (moved_total == 0)
    pages.notes.push_back(fmt::format("no page moved: every paired page has the same {} F1 on both sides", by));
  else if (moved_total > moved.size())
    pages.notes.push_back(fmt::format("{} paired pages moved (their {} F1 differs); the {} that moved most are listed",
                                      moved_total, by, moved.size()));
  else
    pages.notes.push_back(fmt::format("{} paired page(s) moved (their {} F1 differs), all listed", moved_total, by));
  pages.notes.push_back("status: the page's status for the first/second side (failed pages were scored as empty outputs)");
  doc.tables.push_back(std::move(pages));
  return doc;
}

}  // namespace detour::reports
