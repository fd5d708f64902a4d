// judge: cells and comparisons into resampling batches, and back (see judge.h).
#include "reports/judge.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "base/hash.h"

namespace detour::reports {

namespace {

// The documents of one system in one language key: indices into set.docs, and a hash
// of their keys (to find systems that scored the same documents).
struct DocList {
  std::vector<std::size_t> index;
  std::vector<const results::DocResult*> docs;
  std::uint64_t hash = kFnvOffset;
  void add(std::size_t i, const results::DocResult& d) {
    index.push_back(i);
    docs.push_back(&d);
    hash = fnv1a(d.lang, hash);
    hash = fnv1a(std::string_view("\0", 1), hash);
    hash = fnv1a(d.id, hash);
    hash = fnv1a(std::string_view("\n", 1), hash);
  }
};

DocList doc_list(const results::ScoreSet& set, const std::string& lang) {
  DocList l;
  for (std::size_t i = 0; i < set.docs.size(); ++i)
    if (lang == "all" || set.docs[i].lang == lang) l.add(i, set.docs[i]);
  return l;
}

bool same_docs(const std::vector<const results::DocResult*>& a, const std::vector<const results::DocResult*>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i]->id != b[i]->id || a[i]->lang != b[i]->lang) return false;
  return true;
}

// One resampling batch: its documents, and the cells and comparisons asked of it. The
// batch itself (the cells' counts, the resampled sums) is made only when its turn
// comes and given back right after, so that a run's judgment holds one batch at a
// time, not every language's at once (at ten times DANIEL's pages and 25 systems the
// batches of Table 4 together were a hundred megabytes).
struct Plan {
  std::vector<const results::DocResult*> docs;  // (lang, id) of each document, in order
  std::vector<std::pair<std::size_t, const DocList*>> cells;  // (system, its own list), in batch order
  std::vector<const metrics::MetricInfo*> cell_metrics;
  std::map<std::pair<std::size_t, const metrics::MetricInfo*>, std::size_t> cell_of;
  std::vector<std::tuple<std::size_t, std::size_t, stats::Statistic>> pairs;  // (cell a, cell b), in batch order
  std::vector<std::size_t> requests;  // comparison request index, per batch comparison
  std::vector<std::tuple<std::size_t, std::string, const metrics::MetricInfo*, std::size_t>> wanted_cells;
};

// The counts of cell k of `plan`, following the plan's documents (looked up by key when
// the plan is not the system's own list).
std::vector<stats::Counts> plan_counts(const Plan& plan, std::size_t k, const std::vector<SystemScores>& systems) {
  const auto [s, own] = plan.cells[k];
  const results::ScoreSet& set = *systems[s].scores;
  const int mi = results::metric_index(set, plan.cell_metrics[k]);
  std::vector<stats::Counts> counts;
  counts.reserve(plan.docs.size());
  if (same_docs(own->docs, plan.docs)) {  // the plan is the system's own document list
    for (std::size_t i : own->index) {
      const auto& sc = set.docs[i].scores[mi];
      counts.push_back({sc.tp, sc.fp, sc.fn});
    }
  } else {
    std::unordered_map<std::string, std::size_t> where;
    for (std::size_t i : own->index) where.emplace(set.docs[i].lang + '\0' + set.docs[i].id, i);
    for (const auto* d : plan.docs) {
      const auto& sc = set.docs[where.at(d->lang + '\0' + d->id)].scores[mi];
      counts.push_back({sc.tp, sc.fp, sc.fn});
    }
  }
  return counts;
}

}  // namespace

JudgeOptions JudgeOptions::from(const results::JudgmentSettings& s, unsigned threads) {
  JudgeOptions o;
  o.bootstrap.resamples = s.resamples;
  o.bootstrap.seed = s.seed;
  o.bootstrap.alpha = s.alpha;
  o.randomization.trials = s.trials;
  o.randomization.seed = s.seed;
  o.alpha = s.alpha;
  o.threads = threads;
  return o;
}

bool judgeable(const metrics::MetricInfo& m) { return m.per_doc == metrics::PerDoc::kCounts; }

double ComparisonResult::p() const {
  return std::isnan(paired.p_randomization) || paired.randomization_signature.empty() ? paired.p_bootstrap
                                                                                       : paired.p_randomization;
}

const stats::CellResult* Verdicts::interval(std::size_t system, const std::string& lang,
                                            const metrics::MetricInfo* metric) const {
  auto it = cells_.find({system, lang, metric});
  return it == cells_.end() ? nullptr : &it->second;
}

CellDocs cell_docs(const results::ScoreSet& set, const std::string& lang, std::size_t mi) {
  CellDocs c;
  for (const auto& d : set.docs) {
    if (lang != "all" && d.lang != lang) continue;
    c.keys.emplace_back(d.lang, d.id);
    const auto& s = d.scores[mi];
    c.counts.push_back({s.tp, s.fp, s.fn});
  }
  return c;
}

Verdicts judge(const std::vector<SystemScores>& systems, const std::vector<std::string>& langs,
               const JudgeRequest& request, const JudgeOptions& options) {
  Verdicts v;
  v.options = options;
  v.comparisons.resize(request.comparisons.size());

  // Document lists per (system, language), computed once.
  std::map<std::pair<std::size_t, std::string>, DocList> lists;
  auto list_of = [&](std::size_t s, const std::string& lang) -> const DocList& {
    auto [it, added] = lists.try_emplace({s, lang});
    if (added) it->second = doc_list(*systems[s].scores, lang);
    return it->second;
  };
  std::vector<Plan> plans;
  std::map<std::tuple<std::string, std::uint64_t, std::size_t>, std::vector<std::size_t>> plan_index;
  // The plan of the documents of list `l` (created when new).
  auto plan_for = [&](const std::string& lang, const DocList& l) -> std::size_t {
    auto& candidates = plan_index[{lang, l.hash, l.docs.size()}];
    for (std::size_t p : candidates)
      if (same_docs(plans[p].docs, l.docs)) return p;
    plans.emplace_back();
    plans.back().docs = l.docs;
    candidates.push_back(plans.size() - 1);
    return plans.size() - 1;
  };
  // Asks (once) for the cell of system s, metric m in plan p; its counts are taken when
  // the plan's batch is made.
  auto add_cell = [&](std::size_t p, std::size_t s, const metrics::MetricInfo* m, const DocList& own) {
    Plan& plan = plans[p];
    auto [it, added] = plan.cell_of.try_emplace({s, m}, plan.cells.size());
    if (added) {
      plan.cells.emplace_back(s, &own);
      plan.cell_metrics.push_back(m);
    }
    return it->second;
  };

  if (request.intervals)
    for (std::size_t s = 0; s < systems.size(); ++s)
      for (const auto& lang : langs)
        for (const auto* m : systems[s].scores->metrics) {
          if (!judgeable(*m)) continue;
          const DocList& l = list_of(s, lang);
          if (l.index.empty()) continue;
          const std::size_t p = plan_for(lang, l);
          const std::size_t c = add_cell(p, s, m, l);
          plans[p].wanted_cells.emplace_back(s, lang, m, c);
        }

  for (std::size_t r = 0; r < request.comparisons.size(); ++r) {
    const Comparison& q = request.comparisons[r];
    if (!q.metric || !judgeable(*q.metric) || results::metric_index(*systems[q.a].scores, q.metric) < 0 ||
        results::metric_index(*systems[q.b].scores, q.metric) < 0)
      continue;
    const DocList& la = list_of(q.a, q.lang);
    const DocList& lb = list_of(q.b, q.lang);
    std::size_t p;
    std::size_t shared;
    if (la.hash == lb.hash && same_docs(la.docs, lb.docs)) {
      if (la.index.empty()) continue;
      p = plan_for(q.lang, la);
      shared = la.index.size();
    } else {  // the documents of a that b also scored, in a's order
      std::unordered_map<std::string, bool> in_b;
      for (const auto* d : lb.docs) in_b.emplace(d->lang + '\0' + d->id, true);
      DocList both;
      for (std::size_t k = 0; k < la.index.size(); ++k)
        if (in_b.count(la.docs[k]->lang + '\0' + la.docs[k]->id)) both.add(la.index[k], *la.docs[k]);
      if (both.index.empty()) continue;
      shared = both.index.size();
      p = plan_for(q.lang, both);
    }
    const std::size_t ca = add_cell(p, q.a, q.metric, la);
    const std::size_t cb = add_cell(p, q.b, q.metric, lb);
    plans[p].pairs.emplace_back(ca, cb, q.statistic);
    plans[p].requests.push_back(r);
    v.comparisons[r].dropped = la.index.size() + lb.index.size() - 2 * shared;
  }

  stats::RandomizationOptions none = options.randomization;
  none.trials = 0;
  for (Plan& plan : plans) {
    stats::Batch::Result result;
    {
      stats::Batch batch(plan.docs.size());
      for (std::size_t k = 0; k < plan.cells.size(); ++k)
        batch.add_cell(plan_counts(plan, k, systems), plan.cell_metrics[k]->zero_rule);
      for (const auto& [a, b, statistic] : plan.pairs) batch.add_comparison(a, b, statistic);
      result = batch.run(options.bootstrap, plan.requests.empty() ? none : options.randomization, options.threads);
    }  // the batch's memory given back before the next one is made
    for (const auto& [s, lang, m, c] : plan.wanted_cells) v.cells_.emplace(std::make_tuple(s, lang, m), result.cells[c]);
    for (std::size_t k = 0; k < plan.requests.size(); ++k) {
      ComparisonResult& cr = v.comparisons[plan.requests[k]];
      cr.paired = std::move(result.comparisons[k]);
      cr.judged = true;
    }
    plan = Plan{};
  }
  // Holm within each family of judged comparisons.
  std::map<std::size_t, std::vector<std::size_t>> families;
  for (std::size_t r = 0; r < v.comparisons.size(); ++r)
    if (v.comparisons[r].judged) families[request.comparisons[r].family].push_back(r);
  for (const auto& [family, members] : families) {
    std::vector<double> ps;
    for (std::size_t r : members) ps.push_back(v.comparisons[r].p());
    const auto adjusted = stats::holm_bonferroni(ps);
    for (std::size_t k = 0; k < members.size(); ++k) v.comparisons[members[k]].p_holm = adjusted[k];
    v.largest_family = std::max(v.largest_family, members.size());
  }
  v.holm_signature = families.size() <= 1
                         ? stats::holm_signature(v.largest_family)
                         : fmt::format("holm:families={}|m:max={}", families.size(), v.largest_family);
  return v;
}

std::string resolution_note(const Verdicts& v, bool holm_shown) {
  const bool ar = v.options.randomization.trials > 0;
  const std::uint32_t draws = ar ? v.options.randomization.trials : v.options.bootstrap.resamples;
  const char* what = ar ? "trials" : "resamples";
  const double floor_p = 1.0 / (draws + 1.0);
  if (v.largest_family == 0) return "";
  if (floor_p >= v.options.alpha)
    return fmt::format("caution: with {} {} the smallest p-value is {:.2g}, not below {:g}: no two systems can differ; "
                       "raise --{}",
                       draws, what, floor_p, v.options.alpha, what);
  if (!holm_shown || floor_p * static_cast<double>(v.largest_family) < v.options.alpha) return "";
  return fmt::format("caution: with {} {} the smallest p-value is {:.2g}, and Holm over {} comparisons cannot bring "
                     "it below {:g}: no Holm-adjusted p-value can be significant; raise --{}",
                     draws, what, floor_p, v.largest_family, v.options.alpha, what);
}

bool differ(const ComparisonResult& c, double alpha) { return c.judged && c.p() < alpha; }

std::string verdict_rule(const JudgeOptions& o) {
  const bool ar = o.randomization.trials > 0;
  return fmt::format(
      "two systems differ when the two-sided paired {} of their micro F1 on the documents both scored gives p < {:g}; "
      "else they are tied (per pair: no correction for the other comparisons made alongside)",
      ar ? fmt::format("approximate randomization test ({} trials)", o.randomization.trials)
         : fmt::format("bootstrap test ({} resamples, shift method)", o.bootstrap.resamples),
      o.alpha);
}

std::string verdict_signature(const JudgeOptions& o) {
  return (o.randomization.trials > 0 ? o.randomization.signature() : o.bootstrap.paired_signature()) +
         fmt::format("|alpha:{:g}|per-pair", o.alpha);
}

bool BestCell::is_tied(std::size_t system) const {
  return std::find(tied.begin(), tied.end(), system) != tied.end();
}

const BestCell* BestTable::find(const std::string& lang, const metrics::MetricInfo* metric) const {
  for (const auto& c : cells)
    if (c.lang == lang && c.metric == metric) return &c;
  return nullptr;
}

BestTable best_and_ties(const std::vector<SystemScores>& systems, const std::vector<std::string>& langs,
                        const std::vector<const metrics::MetricInfo*>& ms, const JudgeOptions& options) {
  BestTable t;
  t.langs = langs;
  t.metrics = ms;
  JudgeRequest request;
  std::vector<std::vector<std::size_t>> asked;  // per cell: request index of ranked[1..]
  for (const auto& lang : langs)
    for (const auto* m : ms) {
      BestCell c;
      c.lang = lang;
      c.metric = m;
      for (std::size_t k = 0; k < systems.size(); ++k) {
        if (systems[k].baseline) continue;
        const int mi = results::metric_index(*systems[k].scores, m);
        if (mi < 0) continue;
        const metrics::Aggregate a = results::aggregate_metric(*systems[k].scores, static_cast<std::size_t>(mi), lang);
        if (a.documents > 0) c.ranked.emplace_back(k, a.micro.f1);
      }
      std::stable_sort(c.ranked.begin(), c.ranked.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
      std::vector<std::size_t> idx;
      if (judgeable(*m))
        for (std::size_t r = 1; r < c.ranked.size(); ++r) {
          idx.push_back(request.comparisons.size());
          request.comparisons.push_back(
              {c.ranked[0].first, c.ranked[r].first, lang, m, stats::Statistic::MicroF1, t.cells.size()});
        }
      asked.push_back(std::move(idx));
      t.cells.push_back(std::move(c));
    }
  t.verdicts = judge(systems, langs, request, options);
  for (std::size_t k = 0; k < t.cells.size(); ++k) {
    BestCell& c = t.cells[k];
    c.comparisons.resize(c.ranked.empty() ? 0 : c.ranked.size() - 1);
    for (std::size_t r = 0; r < asked[k].size(); ++r) {
      const ComparisonResult& cr = t.verdicts.comparisons[asked[k][r]];
      c.comparisons[r] = cr;
      if (!cr.judged) continue;
      ++t.judged;
      if (!differ(cr, options.alpha)) c.tied.push_back(c.ranked[r + 1].first);
    }
  }
  return t;
}

void store_intervals(const Verdicts& verdicts, const std::vector<results::ScoreSet*>& sets,
                     const std::vector<std::string>& langs) {
  for (std::size_t s = 0; s < sets.size(); ++s)
    for (const auto& lang : langs)
      for (std::size_t mi = 0; mi < sets[s]->metrics.size(); ++mi) {
        const stats::CellResult* c = verdicts.interval(s, lang, sets[s]->metrics[mi]);
        if (!c) continue;
        results::CellIntervals ci;
        ci.method = c->signature;
        for (std::size_t k = 0; k < stats::kStatistics; ++k)
          ci.bounds[k] = {100 * c->stats[k].lo, 100 * c->stats[k].hi};
        sets[s]->intervals[{lang, mi}] = ci;
      }
}

void add_intervals(const std::vector<results::ScoreSet*>& sets, const JudgeOptions& options) {
  std::vector<SystemScores> systems;
  for (auto* s : sets) systems.push_back({"", s, false});
  const auto langs = table_languages(systems);
  JudgeRequest request;
  request.intervals = true;
  store_intervals(judge(systems, langs, request, options), sets, langs);
}

}  // namespace detour::reports
