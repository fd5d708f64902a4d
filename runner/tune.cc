// tune: sweep tables and dev/test tuning from per-document counts (see tune.h).
#include "runner/tune.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <stdexcept>

#include "base/errors.h"
#include "base/io.h"
#include "base/strings.h"
#include "results/score.h"

namespace detour::harness {

namespace {

using DocCounts = std::vector<std::optional<stats::Counts>>;  // by page index; empty = excluded

// Per-page counts of system `s` under metric `mi`.
DocCounts counts_of(const results::RunRecords& run, std::size_t s, std::size_t mi) {
  const results::SystemRecords& sys = run.systems[s];
  DocCounts out(sys.pages.size());
  std::size_t next = 0;  // scores.docs holds the pages not excluded, in page order
  for (std::size_t i = 0; i < sys.pages.size(); ++i) {
    if (sys.pages[i].status == "excluded") continue;
    const auto& sc = sys.scores.docs.at(next++).scores.at(mi);
    out[i] = stats::Counts{sc.tp, sc.fp, sc.fn};
  }
  return out;
}

std::size_t system_index(const results::RunRecords& run, const std::string& name) {
  for (std::size_t s = 0; s < run.systems.size(); ++s)
    if (run.systems[s].name == name) return s;
  throw std::logic_error("system " + name + " is not in the run");
}

std::vector<std::string> language_list(const results::RunRecords& run) {
  std::set<std::string> langs(run.doc_langs.begin(), run.doc_langs.end());
  std::vector<std::string> out(langs.begin(), langs.end());
  out.push_back("all");
  return out;
}

// Pages of `lang` (or all) kept by `keep`, present (not excluded) for every system.
template <class Keep>
std::vector<std::size_t> pages_of(const results::RunRecords& run, const std::string& lang,
                                  const std::vector<std::vector<DocCounts>>& counts, Keep keep) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < run.doc_ids.size(); ++i) {
    if (lang != "all" && run.doc_langs[i] != lang) continue;
    if (!keep(i)) continue;
    bool present = true;
    for (const auto& sys : counts) present = present && sys[0][i].has_value();
    if (present) out.push_back(i);
  }
  return out;
}

std::vector<stats::Counts> gather(const DocCounts& c, const std::vector<std::size_t>& pages) {
  std::vector<stats::Counts> out;
  out.reserve(pages.size());
  for (std::size_t i : pages) out.push_back(*c[i]);
  return out;
}

std::string pval(double p) {
  if (!std::isfinite(p)) return "-";
  return p < 0.0001 ? fmt::format("{:.1e}", p) : fmt::format("{:.4f}", p);
}
std::string settings_text(const RawSettings& values) {
  std::vector<std::string> items;
  for (const auto& [k, v] : values) items.push_back(k + "=" + v);
  return join(items, ",");
}
}  // namespace

SweepTable sweep_table(const results::RunRecords& run, const SweepGroup& group, const std::vector<bool>& in_part,
                       const std::string& part_name, const TuneOptions& options) {
  SweepTable t;
  t.target = group.target;
  t.base = group.base;
  t.settings = group.settings;
  t.systems = group.systems();
  t.part = part_name;
  t.statistic = std::string(stats::statistic_name(options.statistic));
  t.signature = run.signature;
  t.bootstrap = options.bootstrap.signature();
  t.langs = language_list(run);
  if (run.systems.empty()) return t;
  const auto& ms = run.systems[0].scores.metrics;
  for (const auto* m : ms) t.metrics.emplace_back(m->name);
  for (const auto& name : t.systems) {
    if (name == group.base) {
      t.values.push_back(group.base_values);
      continue;
    }
    for (const auto& p : group.points)
      if (p.system == name) t.values.push_back(p.values);
  }
  // counts[system][metric][page]
  std::vector<std::vector<DocCounts>> counts;
  for (const auto& name : t.systems) {
    const std::size_t s = system_index(run, name);
    std::vector<DocCounts> per_metric;
    for (std::size_t mi = 0; mi < ms.size(); ++mi) per_metric.push_back(counts_of(run, s, mi));
    counts.push_back(std::move(per_metric));
  }
  t.cells.assign(t.systems.size(), std::vector<std::vector<SweepCell>>(
                                       t.langs.size(), std::vector<SweepCell>(ms.size())));
  for (std::size_t li = 0; li < t.langs.size(); ++li) {
    const auto pages = pages_of(run, t.langs[li], counts, [&](std::size_t i) { return in_part.empty() || in_part[i]; });
    if (pages.empty()) {
      for (auto& sys : t.cells)
        for (auto& c : sys[li]) c.value = {NAN, NAN, NAN};
      continue;
    }
    stats::Batch batch(pages.size());
    for (std::size_t s = 0; s < t.systems.size(); ++s)
      for (std::size_t mi = 0; mi < ms.size(); ++mi) batch.add_cell(gather(counts[s][mi], pages), ms[mi]->zero_rule);
    const auto res = batch.run(options.bootstrap, {0, options.randomization.seed}, options.threads);
    for (std::size_t s = 0; s < t.systems.size(); ++s)
      for (std::size_t mi = 0; mi < ms.size(); ++mi) {
        const stats::CellResult& c = res.cells[s * ms.size() + mi];
        t.cells[s][li][mi] = {c.documents, c[options.statistic]};
      }
  }
  return t;
}

reports::Document sweep_document(const std::vector<SweepTable>& tables, const std::string& title) {
  reports::Document doc;
  for (const auto& t : tables)
    for (std::size_t mi = 0; mi < t.metrics.size(); ++mi) {
      reports::Table table;
      table.title = fmt::format("{} of {} ({}), {} {}", title, t.target, join(t.settings, " x "), t.metrics[mi],
                                t.statistic);
      std::vector<std::string> docs;
      for (std::size_t li = 0; li < t.langs.size(); ++li)
        docs.push_back(fmt::format("{} {}", t.langs[li], t.systems.empty() ? 0 : t.cells[0][li][mi].documents));
      table.caption = fmt::format("{} settings; the default is {}. {} in percent with its 95% bootstrap interval; "
                                  "the best of each column in bold. Documents: {}.",
                                  t.systems.size(), t.base, t.statistic, join(docs, ", "));
      table.intervals = reports::IntervalStyle::Bounds;
      table.add_column("system", "", reports::Align::Left);
      for (const auto& s : t.settings) table.add_column(s, "", reports::Align::Right);
      for (const auto& lang : t.langs) table.add_column(t.statistic, lang);
      const std::string sig = t.signature + "|metric:" + t.metrics[mi] + "|statistic:" + t.statistic +
                              (t.part.empty() ? "" : "|part:" + t.part);
      for (std::size_t s = 0; s < t.systems.size(); ++s) {
        auto& row = table.add_row();
        row.push_back(reports::Cell::text(t.systems[s] + (s == 0 ? " (default)" : "")));
        for (const auto& kv : t.values[s]) row.push_back(reports::Cell::text(kv.second));
        for (std::size_t li = 0; li < t.langs.size(); ++li) {
          const stats::Interval& v = t.cells[s][li][mi].value;
          if (!std::isfinite(v.estimate)) {
            row.push_back(reports::Cell::empty());
            continue;
          }
          row.push_back(reports::Cell::percent(results::Score(v.estimate, sig).with_interval(v.lo, v.hi, t.bootstrap)));
        }
      }
      // The best of each language column.
      for (std::size_t li = 0; li < t.langs.size(); ++li) {
        double best = -1;
        for (std::size_t s = 0; s < t.systems.size(); ++s)
          if (std::isfinite(t.cells[s][li][mi].value.estimate)) best = std::max(best, t.cells[s][li][mi].value.estimate);
        for (std::size_t s = 0; s < t.systems.size(); ++s)
          if (t.cells[s][li][mi].value.estimate == best) table.rows[s][1 + t.settings.size() + li].mark(reports::kBest);
      }
      table.signatures.push_back(sig + "|" + t.bootstrap);
      doc.tables.push_back(std::move(table));
    }
  return doc;
}

void write_sweep_tables(const std::filesystem::path& dir, const results::RunRecords& run, const std::vector<SweepGroup>& groups,
                        const TuneOptions& options) {
  std::vector<SweepTable> tables;
  for (const auto& g : groups) tables.push_back(sweep_table(run, g, {}, "", options));
  const reports::Document doc = sweep_document(tables, "Sweep");
  for (const char* format : {"md", "tsv", "json"})
    io::write_file_atomic(dir / ("sweep." + std::string(reports::find_writer(format).extension)),
                          reports::write(doc, format));
}

TuneReport tune(const results::RunRecords& run, const std::vector<SweepGroup>& groups, const std::vector<int>& part, int dev,
                int test, const std::string& split_signature, const TuneOptions& options) {
  TuneReport report;
  if (run.systems.empty()) return report;
  const auto& ms = run.systems[0].scores.metrics;
  if (options.metric >= ms.size()) throw std::logic_error("tune: metric index out of range");
  const metrics::MetricInfo& metric = *ms[options.metric];
  report.metric = std::string(metric.name);
  report.statistic = std::string(stats::statistic_name(options.statistic));
  report.split_signature = split_signature;
  report.signature = run.signature;
  report.alpha = options.alpha;
  std::vector<bool> in_dev(part.size()), in_test(part.size());
  for (std::size_t i = 0; i < part.size(); ++i) {
    in_dev[i] = part[i] == dev;
    in_test[i] = part[i] == test;
  }
  for (const auto& group : groups) {
    // The dev landscape: every setting's statistic on the dev pages.
    const SweepTable dev_table = sweep_table(run, group, in_dev, "dev", options);
    const std::vector<std::string>& systems = dev_table.systems;
    std::vector<DocCounts> counts;
    std::vector<std::vector<DocCounts>> presence;  // for pages_of: [system][0]
    for (const auto& name : systems) {
      counts.push_back(counts_of(run, system_index(run, name), options.metric));
      presence.push_back({counts.back()});
    }
    TuneGroup tg;
    tg.target = group.target;
    tg.base = group.base;
    tg.settings = group.settings;
    tg.base_values = group.base_values;
    for (std::size_t li = 0; li < dev_table.langs.size(); ++li) {
      const std::string& lang = dev_table.langs[li];
      TuneRow row;
      row.lang = lang;
      const auto dev_pages = pages_of(run, lang, presence, [&](std::size_t i) { return in_dev[i]; });
      const auto test_pages = pages_of(run, lang, presence, [&](std::size_t i) { return in_test[i]; });
      if (dev_pages.empty() || test_pages.empty())
        throw UsageError("tune: language " + lang + " has " + std::to_string(dev_pages.size()) + " dev and " +
                         std::to_string(test_pages.size()) + " test pages for " + group.target +
                         ": the split leaves nothing to tune on or to test on (more pages, other weights, --split-by page)");
      row.dev_documents = dev_pages.size();
      row.test_documents = test_pages.size();
      // Best on dev; ties go to the default (index 0), then to the earlier point.
      std::size_t best = 0;
      for (std::size_t s = 1; s < systems.size(); ++s)
        if (dev_table.cells[s][li][options.metric].value.estimate > dev_table.cells[best][li][options.metric].value.estimate)
          best = s;
      row.chosen = systems[best];
      row.chosen_values = dev_table.values[best];
      row.dev_chosen = dev_table.cells[best][li][options.metric].value.estimate;
      row.dev_default = dev_table.cells[0][li][options.metric].value.estimate;
      stats::Batch batch(test_pages.size());
      const std::size_t a = batch.add_cell(gather(counts[best], test_pages), metric.zero_rule);
      const std::size_t b = batch.add_cell(gather(counts[0], test_pages), metric.zero_rule);
      batch.add_comparison(a, b, options.statistic);
      auto res = batch.run(options.bootstrap, options.randomization, options.threads);
      row.test_chosen = res.cells[a];
      row.test_default = res.cells[b];
      row.test_difference = res.comparisons[0];
      tg.rows.push_back(std::move(row));
    }
    // Holm over the languages (not `all`), on the p-value the verdict reads.
    std::vector<double> ps;
    auto p_of = [&](const TuneRow& r) {
      const auto& d = r.test_difference;
      return std::isnan(d.p_randomization) ? d.p_bootstrap : std::max(d.p_bootstrap, d.p_randomization);
    };
    for (const auto& r : tg.rows)
      if (r.lang != "all") ps.push_back(p_of(r));
    const auto holm = stats::holm_bonferroni(ps);
    for (std::size_t k = 0, h = 0; k < tg.rows.size(); ++k) {
      TuneRow& r = tg.rows[k];
      r.p_holm = r.lang == "all" ? p_of(r) : holm[h++];
      // A language is judged on its Holm-corrected p-value (`all` on its own): a gain
      // significant alone but not after the correction is said to be so.
      const double p = p_of(r), d = r.test_difference.delta;
      const bool alone = p < options.alpha, corrected = r.p_holm < options.alpha;
      const std::string ps_text =
          r.lang == "all" ? "p " + pval(p) : "p " + pval(p) + ", Holm " + pval(r.p_holm);
      if (r.chosen == group.base) r.verdict = "the default is best on dev: kept";
      else if (d > 0 && corrected) r.verdict = "tuned significantly better (" + ps_text + ")";
      else if (d > 0 && alone) r.verdict = "tuned NOT significantly better after Holm over the languages (" + ps_text + ")";
      else if (d > 0) r.verdict = "tuned NOT significantly better (" + ps_text + ")";
      else if (d == 0) r.verdict = "no difference on test";
      else if (corrected) r.verdict = "tuned significantly WORSE on test (" + ps_text + ")";
      else r.verdict = "tuned not better: lower on test, not significantly (" + ps_text + ")";
    }
    report.groups.push_back(std::move(tg));
    report.dev_tables.push_back(dev_table);
  }
  return report;
}

reports::Document tune_document(const TuneReport& r) {
  reports::Document doc;
  for (const auto& g : r.groups) {
    reports::Table t;
    t.title = fmt::format("Tuning {} on dev, judged on test ({} {})", g.target, r.metric, r.statistic);
    t.caption = fmt::format(
        "Default {} ({}). Each language chooses its setting on its dev pages (all: one setting for every "
        "language); on the test pages the tuned and the default setting with 95% bootstrap intervals, their "
        "paired difference (tuned - default) with its interval, the paired bootstrap and approximate "
        "randomization p-values, and Holm's correction over the languages. The verdict reads the larger "
        "p-value, Holm-corrected for a language, at the {} level.",
        g.base, settings_text(g.base_values), format_real(r.alpha));
    t.intervals = reports::IntervalStyle::Bounds;
    t.add_column("lang", "", reports::Align::Left);
    t.add_column("pages", "dev");
    t.add_column("pages", "test");
    t.add_column("chosen on dev", "", reports::Align::Left);
    t.add_column("chosen", "dev");
    t.add_column("default", "dev");
    t.add_column("tuned", "test");
    t.add_column("default", "test");
    t.add_column("difference", "test");
    t.add_column("p bootstrap");
    t.add_column("p randomization");
    t.add_column("p Holm");
    t.add_column("verdict", "", reports::Align::Left);
    const std::string score_sig = r.signature + "|metric:" + r.metric + "|statistic:" + r.statistic + "|split:" +
                                  r.split_signature;
    for (const auto& row : g.rows) {
      const auto& d = row.test_difference;
      auto& cells = t.add_row();
      cells.push_back(reports::Cell::text(row.lang));
      cells.push_back(reports::Cell::count(static_cast<std::int64_t>(row.dev_documents)));
      cells.push_back(reports::Cell::count(static_cast<std::int64_t>(row.test_documents)));
      cells.push_back(reports::Cell::text(settings_text(row.chosen_values)));
      cells.push_back(reports::Cell::percent(results::Score(row.dev_chosen, score_sig + "|part:dev")));
      cells.push_back(reports::Cell::percent(results::Score(row.dev_default, score_sig + "|part:dev")));
      const auto& c = row.test_chosen[d.statistic];
      const auto& b = row.test_default[d.statistic];
      cells.push_back(reports::Cell::percent(
          results::Score(c.estimate, score_sig + "|part:test").with_interval(c.lo, c.hi, row.test_chosen.signature)));
      cells.push_back(reports::Cell::percent(
          results::Score(b.estimate, score_sig + "|part:test").with_interval(b.lo, b.hi, row.test_default.signature)));
      cells.push_back(reports::Cell::percent(results::Score(d.delta, score_sig + "|part:test|tuned-default")
                                                 .with_interval(d.lo, d.hi, d.bootstrap_signature)));
      cells.push_back(reports::Cell::number(results::Score(d.p_bootstrap, d.bootstrap_signature), 4));
      if (std::isnan(d.p_randomization)) cells.push_back(reports::Cell::empty());
      else cells.push_back(reports::Cell::number(results::Score(d.p_randomization, d.randomization_signature), 4));
      cells.push_back(reports::Cell::number(results::Score(row.p_holm, "holm:" + std::to_string(g.rows.size() - 1)), 4));
      cells.push_back(reports::Cell::text(row.verdict));
    }
    t.signatures.push_back(score_sig);
    if (!g.rows.empty()) {
      const auto& d = g.rows[0].test_difference;
      t.signatures.push_back("intervals: " + g.rows[0].test_chosen.signature);
      t.signatures.push_back("difference: " + d.bootstrap_signature);
      if (!d.randomization_signature.empty()) t.signatures.push_back("randomization: " + d.randomization_signature);
      t.signatures.push_back("holm:m=" + std::to_string(g.rows.size() - 1) + " (languages)");
    }
    t.notes.push_back("Pairing: " + std::string(stats::pairing_rule()));
    doc.tables.push_back(std::move(t));
  }
  return doc;
}

}  // namespace detour::harness
