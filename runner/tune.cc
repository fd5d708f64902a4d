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

std::string pct(double v) { return std::isfinite(v) ? fmt::format("{:.2f}", 100 * v) : "-"; }
std::string pct_ci(const stats::Interval& v) {
  return std::isfinite(v.estimate) ? fmt::format("{:.2f} [{:.2f}, {:.2f}]", 100 * v.estimate, 100 * v.lo, 100 * v.hi)
                                   : "-";
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
std::string tsv_field(std::string s) {
  for (char& c : s)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return s;
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
  t.signature = run.signature + " || " + options.bootstrap.signature();
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

std::string render_sweep_markdown(const SweepTable& t) {
  std::string out = fmt::format("## Sweep of {}: {}{}\n\n", t.target, join(t.settings, " x "),
                                t.part.empty() ? "" : " (" + t.part + " pages)");
  out += fmt::format("{} settings; {} in percent with its 95% bootstrap interval; the default ({}) is marked *.\n\n",
                     t.systems.size(), t.statistic, t.base);
  for (std::size_t mi = 0; mi < t.metrics.size(); ++mi) {
    out += "### " + t.metrics[mi] + "\n\n|";
    for (const auto& s : t.settings) out += " " + s + " |";
    for (std::size_t li = 0; li < t.langs.size(); ++li)
      out += fmt::format(" {} (n={}) |", t.langs[li], t.systems.empty() ? 0 : t.cells[0][li][mi].documents);
    out += "\n|";
    for (std::size_t k = 0; k < t.settings.size() + t.langs.size(); ++k) out += k < t.settings.size() ? "---|" : "--:|";
    out += "\n";
    for (std::size_t s = 0; s < t.systems.size(); ++s) {
      out += "|";
      for (std::size_t k = 0; k < t.settings.size(); ++k)
        out += " " + t.values[s][k].second + (s == 0 && k + 1 == t.settings.size() ? " *" : "") + " |";
      for (std::size_t li = 0; li < t.langs.size(); ++li) out += " " + pct_ci(t.cells[s][li][mi].value) + " |";
      out += "\n";
    }
    out += "\n";
  }
  out += "Signature: " + t.signature + "\n\n";
  return out;
}

std::string render_sweep_tsv(const std::vector<SweepTable>& tables) {
  std::string out = "group\tsystem\tdefault\tsettings\tpart\tlang\tmetric\tstatistic\tdocuments\testimate\tlo\thi\n";
  for (const auto& t : tables)
    for (std::size_t s = 0; s < t.systems.size(); ++s)
      for (std::size_t li = 0; li < t.langs.size(); ++li)
        for (std::size_t mi = 0; mi < t.metrics.size(); ++mi) {
          const SweepCell& c = t.cells[s][li][mi];
          out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", tsv_field(t.target),
                             tsv_field(t.systems[s]), s == 0 ? "yes" : "no", tsv_field(settings_text(t.values[s])),
                             t.part.empty() ? "all" : t.part, t.langs[li], t.metrics[mi], t.statistic, c.documents,
                             pct(c.value.estimate), pct(c.value.lo), pct(c.value.hi));
        }
  return out;
}

void write_sweep_tables(const std::filesystem::path& dir, const results::RunRecords& run, const std::vector<SweepGroup>& groups,
                        const TuneOptions& options) {
  std::vector<SweepTable> tables;
  std::string md = "# Sweeps\n\n";
  for (const auto& g : groups) {
    tables.push_back(sweep_table(run, g, {}, "", options));
    md += render_sweep_markdown(tables.back());
  }
  io::write_file_atomic(dir / "sweep.md", md);
  io::write_file_atomic(dir / "sweep.tsv", render_sweep_tsv(tables));
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
  report.signature = run.signature + " || " + options.bootstrap.paired_signature() + " || " +
                     options.randomization.signature();
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
      const double p = p_of(r), d = r.test_difference.delta;
      const std::string ps_text = pval(p);
      if (r.chosen == group.base) r.verdict = "the default is best on dev: kept";
      else if (d > 0 && p < options.alpha) r.verdict = "tuned significantly better (p " + ps_text + ")";
      else if (d > 0) r.verdict = "tuned NOT significantly better (p " + ps_text + ")";
      else if (d == 0) r.verdict = "no difference on test";
      else if (p < options.alpha) r.verdict = "tuned significantly WORSE on test (p " + ps_text + ")";
      else r.verdict = "tuned not better: lower on test, not significantly (p " + ps_text + ")";
    }
    report.groups.push_back(std::move(tg));
    report.dev_tables.push_back(dev_table);
  }
  return report;
}

std::string render_tune_markdown(const TuneReport& r) {
  std::string out = "# Tuning on dev, judged on test\n\n";
  out += fmt::format("Metric {}, statistic {} (percent). Split {}.\n", r.metric, r.statistic, r.split_signature);
  out += "Each language chooses its setting on its dev pages (`all`: one setting for every language); the test "
         "columns give it and the default on the test pages with 95% bootstrap intervals, and their paired "
         "difference. The verdict reads p = max(paired bootstrap, approximate randomization) at the 0.05 level; "
         "p Holm corrects it over the languages of the group.\n\n";
  for (const auto& g : r.groups) {
    out += fmt::format("## {} (default {}: {})\n\n", g.target, g.base, settings_text(g.base_values));
    out += "| lang | dev/test pages | chosen on dev | dev: chosen / default | test: tuned | test: default | "
           "difference [95% CI] | p bootstrap | p randomization | p Holm | verdict |\n";
    out += "|---|--:|---|--:|--:|--:|--:|--:|--:|--:|---|\n";
    for (const auto& row : g.rows) {
      const auto& d = row.test_difference;
      out += fmt::format("| {} | {}/{} | {} | {} / {} | {} | {} | {:+.2f} [{:+.2f}, {:+.2f}] | {} | {} | {} | {} |\n",
                         row.lang, row.dev_documents, row.test_documents, settings_text(row.chosen_values),
                         pct(row.dev_chosen), pct(row.dev_default), pct_ci(row.test_chosen[d.statistic]),
                         pct_ci(row.test_default[d.statistic]), 100 * d.delta, 100 * d.lo, 100 * d.hi,
                         pval(d.p_bootstrap), pval(d.p_randomization), pval(row.p_holm), row.verdict);
    }
    out += "\n";
  }
  out += "Pairing: " + std::string(stats::pairing_rule()) + "\n\n";
  out += "Signature: " + r.signature + "\n";
  return out;
}

std::string render_tune_tsv(const TuneReport& r) {
  std::string out =
      "group\tlang\tdev_documents\ttest_documents\tchosen\tchosen_settings\tdefault\tdev_chosen\tdev_default\t"
      "test_chosen\ttest_chosen_lo\ttest_chosen_hi\ttest_default\ttest_default_lo\ttest_default_hi\tdifference\t"
      "difference_lo\tdifference_hi\tp_bootstrap\tp_randomization\tp_holm\tverdict\n";
  for (const auto& g : r.groups)
    for (const auto& row : g.rows) {
      const auto& d = row.test_difference;
      const auto& c = row.test_chosen[d.statistic];
      const auto& b = row.test_default[d.statistic];
      out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.4f}\t{:.4f}\t{:.4f}\t{}\t{}\t{}\t{}\n",
                         tsv_field(g.target), row.lang, row.dev_documents, row.test_documents, tsv_field(row.chosen),
                         tsv_field(settings_text(row.chosen_values)), tsv_field(g.base), pct(row.dev_chosen),
                         pct(row.dev_default), pct(c.estimate), pct(c.lo), pct(c.hi), pct(b.estimate), pct(b.lo),
                         pct(b.hi), 100 * d.delta, 100 * d.lo, 100 * d.hi, d.p_bootstrap, d.p_randomization,
                         row.p_holm, row.verdict);
    }
  return out;
}

}  // namespace detour::harness
