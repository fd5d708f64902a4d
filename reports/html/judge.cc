// judge: intervals, best cells and ties, run-to-run deltas (see judge.h).
#include "reports/html/judge.h"

#include <map>
#include <set>

#include "base/prf.h"
#include "metrics/metric.h"
#include "reports/judge.h"
#include "reports/tables.h"
#include "stats/stats.h"

namespace detour::reports::html {

namespace {

// The zero rule of a metric whose per-document values come from counts, else null.
const metrics::MetricInfo* counts_metric(const std::string& name) {
  for (const auto& m : metrics::metric_registry())
    if (m.name == name) return m.per_doc == metrics::PerDoc::kCounts ? &m : nullptr;
  return nullptr;
}

std::vector<std::string> run_languages(const ReportRun& run) {
  std::set<std::string> langs(run.langs.begin(), run.langs.end());
  std::vector<std::string> out;
  for (const auto& l : langs)
    if (!l.empty()) out.push_back(l);
  out.push_back("all");
  return out;
}

bool in_language(const ReportRun& run, std::size_t page, const std::string& lang) {
  return lang == "all" || run.langs[page] == lang;
}

stats::Counts counts_of(const DocCounts& d) { return {d.tp, d.fp, d.fn}; }

// The bootstrap of the intervals, ties and deltas (at least one resample: with none,
// the intervals are left out by the callers).
stats::BootstrapOptions bootstrap_options(const JudgeOptions& opt) {
  stats::BootstrapOptions bo;
  bo.resamples = opt.resamples > 0 ? opt.resamples : 1;
  bo.seed = opt.seed;
  bo.alpha = opt.alpha;
  return bo;
}

// Paired comparisons here use the bootstrap interval only.
stats::RandomizationOptions no_randomization() {
  stats::RandomizationOptions ro;
  ro.trials = 0;
  return ro;
}

// Marks the best system of every (language, metric) cell and the systems tied with it
// by the rule of every verdict (reports::best_and_ties, reports/judge.h), with the
// run's judgment settings (results.json "judgments": trials, seed, alpha, baselines):
// the marks are the ties of the run's table4.* and of the report's own Table 4.
void mark_best_and_ties(const ReportRun& run, unsigned threads, RunVerdicts& v) {
  const TableOptions to = run_table_options(run.records, threads);
  const reports::JudgeOptions jo = reports::JudgeOptions::from(to.judgments, threads);
  const std::vector<SystemScores> systems = run_systems(run.records, to.judgments.baselines);
  // The report's systems and metrics as the records' (by name).
  std::vector<int> record_of(run.systems.size(), -1);
  for (std::size_t s = 0; s < run.systems.size(); ++s)
    for (std::size_t k = 0; k < systems.size(); ++k)
      if (systems[k].name == run.systems[s].name) record_of[s] = static_cast<int>(k);
  std::vector<const metrics::MetricInfo*> ms(run.metrics.size(), nullptr);
  for (const auto& sys : systems)
    for (const auto* m : sys.scores->metrics)
      for (std::size_t i = 0; i < run.metrics.size(); ++i)
        if (!ms[i] && m->name == run.metrics[i]) ms[i] = m;
  std::vector<const metrics::MetricInfo*> known;
  for (const auto* m : ms)
    if (m) known.push_back(m);
  const BestTable best = best_and_ties(systems, v.languages, known, jo);
  for (std::size_t li = 0; li < v.languages.size(); ++li)
    for (std::size_t m = 0; m < ms.size(); ++m) {
      const BestCell* cell = ms[m] ? best.find(v.languages[li], ms[m]) : nullptr;
      for (std::size_t s = 0; s < run.systems.size(); ++s) {
        CellVerdict& c = v.cells[li][m][s];
        if (record_of[s] < 0) continue;
        const auto k = static_cast<std::size_t>(record_of[s]);
        c.baseline = systems[k].baseline;
        c.best = cell && cell->is_best(k);
        c.tied = cell && cell->is_tied(k);
      }
    }
  v.tie_rule = "best: the highest micro F1 among the systems that are not baselines (GOLD, ALL, NONE, chains with "
               "them, the run's --baselines); tied: not significantly different from the best (" +
               std::to_string(best.judged) + " comparisons), as in table4.*. Rule: " + verdict_rule(jo) +
               ". Signature: " + verdict_signature(jo);
}

}  // namespace

bool is_baseline(const std::string& s) { return s == "GOLD" || s == "ALL" || s == "NONE"; }

RunVerdicts judge_run(const ReportRun& run, const JudgeOptions& opt) {
  RunVerdicts v;
  v.languages = run_languages(run);
  const std::size_t nm = run.metrics.size(), ns = run.systems.size();
  const stats::BootstrapOptions bo = bootstrap_options(opt);
  const stats::RandomizationOptions ro = no_randomization();
  if (opt.resamples > 0) v.signature = bo.signature();
  std::vector<const metrics::MetricInfo*> infos(nm);
  for (std::size_t m = 0; m < nm; ++m) infos[m] = counts_metric(run.metrics[m]);

  v.cells.resize(v.languages.size());
  for (std::size_t li = 0; li < v.languages.size(); ++li) {
    const std::string& lang = v.languages[li];
    auto& cells = v.cells[li];
    cells.assign(nm, std::vector<CellVerdict>(ns));
    // Point estimates.
    for (std::size_t m = 0; m < nm; ++m) {
      for (std::size_t s = 0; s < ns; ++s) {
        CellVerdict& c = cells[m][s];
        c.baseline = is_baseline(run.systems[s].name);
        std::int64_t tp = 0, fp = 0, fn = 0;
        double sp = 0, sr = 0, sf = 0;
        for (std::size_t i = 0; i < run.pages(); ++i) {
          const DocCounts& d = run.systems[s].by_metric[m][i];
          if (!d.scored || !in_language(run, i, lang)) continue;
          ++c.documents;
          tp += d.tp, fp += d.fp, fn += d.fn;
          sp += d.precision, sr += d.recall, sf += d.f1;
        }
        if (c.documents == 0) continue;
        if (infos[m]) {
          PRFValues pv = prf(tp, fp, fn, infos[m]->zero_rule);
          c.p = 100 * pv.precision, c.r = 100 * pv.recall, c.f1 = 100 * pv.f1;
        } else {  // values recorded per page: their means
          c.p = sp / c.documents, c.r = sr / c.documents, c.f1 = sf / c.documents;
        }
      }
    }
    if (opt.resamples == 0) continue;

    // Systems grouped by the pages they scored in this language: one batch each.
    std::map<std::vector<bool>, std::vector<std::size_t>> groups;
    for (std::size_t s = 0; s < ns; ++s) {
      std::vector<bool> mask(run.pages(), false);
      for (std::size_t i = 0; i < run.pages(); ++i)
        mask[i] = in_language(run, i, lang) && nm > 0 && run.systems[s].by_metric[0][i].scored;
      groups[mask].push_back(s);
    }
    for (const auto& [mask, members] : groups) {
      std::vector<std::size_t> docs;
      for (std::size_t i = 0; i < mask.size(); ++i)
        if (mask[i]) docs.push_back(i);
      if (docs.empty()) continue;
      stats::Batch batch(docs.size());
      std::map<std::pair<std::size_t, std::size_t>, std::size_t> cell_id;  // (metric, system) -> cell
      std::vector<stats::Counts> cs(docs.size());
      for (std::size_t m = 0; m < nm; ++m) {
        if (!infos[m]) continue;
        for (std::size_t s : members) {
          for (std::size_t k = 0; k < docs.size(); ++k) cs[k] = counts_of(run.systems[s].by_metric[m][docs[k]]);
          cell_id[{m, s}] = batch.add_cell(cs, infos[m]->zero_rule);
        }
      }
      if (cell_id.empty()) continue;
      stats::Batch::Result r = batch.run(bo, ro, opt.threads);
      for (const auto& [key, id] : cell_id) {
        CellVerdict& c = cells[key.first][key.second];
        const stats::CellResult& cr = r.cells[id];
        c.p_lo = 100 * cr[stats::Statistic::MicroPrecision].lo, c.p_hi = 100 * cr[stats::Statistic::MicroPrecision].hi;
        c.r_lo = 100 * cr[stats::Statistic::MicroRecall].lo, c.r_hi = 100 * cr[stats::Statistic::MicroRecall].hi;
        c.f1_lo = 100 * cr[stats::Statistic::MicroF1].lo, c.f1_hi = 100 * cr[stats::Statistic::MicroF1].hi;
        c.has_interval = true;
      }
    }
  }
  mark_best_and_ties(run, opt.threads, v);
  return v;
}

RunDeltas compare_runs(const ReportRun& a, const ReportRun& b, const JudgeOptions& opt) {
  RunDeltas out;
  const stats::BootstrapOptions bo = bootstrap_options(opt);
  const stats::RandomizationOptions ro = no_randomization();
  out.signature = bo.paired_signature();
  out.pairing = "pages paired by language and id; a page counts when both runs scored it (" +
                std::string(stats::pairing_rule()) + ")";
  // Pages of b by (lang, id).
  std::map<std::pair<std::string, std::string>, std::size_t> b_pages;
  for (std::size_t i = 0; i < b.pages(); ++i) b_pages[{b.langs[i], b.ids[i]}] = i;
  std::vector<std::pair<std::size_t, std::size_t>> common;  // (page in a, page in b)
  for (std::size_t i = 0; i < a.pages(); ++i)
    if (auto it = b_pages.find({a.langs[i], a.ids[i]}); it != b_pages.end()) common.emplace_back(i, it->second);
  std::vector<std::string> langs = run_languages(a);
  for (const auto& sa : a.systems) {
    int sbi = b.system_index(sa.name);
    if (sbi < 0) continue;
    const SystemRun& sb = b.systems[sbi];
    for (std::size_t ma = 0; ma < a.metrics.size(); ++ma) {
      const auto* info = counts_metric(a.metrics[ma]);
      int mb = b.metric_index(a.metrics[ma]);
      if (!info || mb < 0) continue;
      for (const auto& lang : langs) {
        std::vector<stats::Counts> ca, cb;
        for (auto [ia, ib] : common) {
          if (!in_language(a, ia, lang)) continue;
          const DocCounts& da = sa.by_metric[ma][ia];
          const DocCounts& db = sb.by_metric[mb][ib];
          if (!da.scored || !db.scored) continue;
          ca.push_back(counts_of(da));
          cb.push_back(counts_of(db));
        }
        if (ca.empty()) continue;
        CellDelta d;
        d.system = sa.name;
        d.language = lang;
        d.metric = a.metrics[ma];
        d.documents = ca.size();
        if (opt.resamples > 0) {
          auto pr = stats::compare_paired(cb, ca, info->zero_rule, stats::Statistic::MicroF1, bo, ro);
          d.b = 100 * pr.a, d.a = 100 * pr.b, d.delta = 100 * pr.delta, d.lo = 100 * pr.lo, d.hi = 100 * pr.hi;
          d.p = pr.p_bootstrap;
        } else {
          std::int64_t t[6] = {0, 0, 0, 0, 0, 0};
          for (std::size_t k = 0; k < ca.size(); ++k) {
            t[0] += ca[k].tp, t[1] += ca[k].fp, t[2] += ca[k].fn;
            t[3] += cb[k].tp, t[4] += cb[k].fp, t[5] += cb[k].fn;
          }
          d.a = 100 * prf(t[0], t[1], t[2], info->zero_rule).f1;
          d.b = 100 * prf(t[3], t[4], t[5], info->zero_rule).f1;
          d.delta = d.lo = d.hi = d.b - d.a;
        }
        out.cells.push_back(std::move(d));
      }
    }
  }
  return out;
}

}  // namespace detour::reports::html
