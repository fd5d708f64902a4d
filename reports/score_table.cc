// score_table: renderings of a ScoreSet (see score_table.h).
#include "reports/score_table.h"

#include <fmt/format.h>

#include <algorithm>

namespace detour::reports {

using metrics::Aggregate;
using results::ScoreSet;
using results::aggregate_metric;
using results::language_keys;

std::string render_scores(const ScoreSet& set, const std::string& format, bool per_doc) {
  std::string out;
  auto keys = language_keys(set);
  if (format == "tsv") {
    out += "lang\tmetric\tdocuments\ttp\tfp\tfn\tP\tR\tF1\tmacro_P\tmacro_R\tmacro_F1\tsd_F1\tsignature\n";
    for (const auto& key : keys)
      for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) {
        Aggregate a = aggregate_metric(set, mi, key);
        out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{:.2f}\t{:.2f}\t{:.2f}\t{:.2f}\t{:.2f}\t{:.2f}\t{:.2f}\t{}\n", key,
                           set.metrics[mi]->name, a.documents, a.tp, a.fp, a.fn, 100 * a.micro.precision,
                           100 * a.micro.recall, 100 * a.micro.f1, 100 * a.macro.precision, 100 * a.macro.recall,
                           100 * a.macro.f1, 100 * a.sd_f1, results::metric_signature(set, mi));
      }
    if (per_doc) {
      out += "\nlang\tid\tmetric\ttp\tfp\tfn\tP\tR\tF1\n";
      for (const auto& d : set.docs)
        for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) {
          const auto& s = d.scores[mi];
          auto v = metrics::doc_prf(*set.metrics[mi], s);
          out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{:.2f}\t{:.2f}\t{:.2f}\n", d.lang, d.id, set.metrics[mi]->name,
                             s.tp, s.fp, s.fn, 100 * v.precision, 100 * v.recall, 100 * v.f1);
        }
    }
    return out;
  }
  bool md = format == "md";
  // One row per language, P/R/F1 (micro) per metric.
  std::vector<std::string> header = {"lang", "docs"};
  for (auto* m : set.metrics) {
    header.push_back(std::string(m->name) + " P");
    header.push_back(std::string(m->name) + " R");
    header.push_back(std::string(m->name) + " F1");
  }
  std::vector<std::vector<std::string>> rows;
  for (const auto& key : keys) {
    std::vector<std::string> row = {key};
    std::size_t n = 0;
    for (const auto& d : set.docs) n += key == "all" || d.lang == key;
    row.push_back(std::to_string(n));
    for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) {
      Aggregate a = aggregate_metric(set, mi, key);
      if (a.documents == 0) {
        row.insert(row.end(), {"-", "-", "-"});
        continue;
      }
      row.push_back(fmt::format("{:.2f}", 100 * a.micro.precision));
      row.push_back(fmt::format("{:.2f}", 100 * a.micro.recall));
      row.push_back(fmt::format("{:.2f}", 100 * a.micro.f1));
    }
    rows.push_back(std::move(row));
  }
  if (md) {
    auto line = [&](const std::vector<std::string>& r) {
      std::string s = "|";
      for (const auto& c : r) s += " " + c + " |";
      return s + "\n";
    };
    out += line(header);
    std::string sep = "|";
    for (std::size_t i = 0; i < header.size(); ++i) sep += i < 1 ? "---|" : "---:|";
    out += sep + "\n";
    for (const auto& r : rows) out += line(r);
  } else {
    std::vector<std::size_t> width(header.size(), 0);
    for (std::size_t i = 0; i < header.size(); ++i) width[i] = header[i].size();
    for (const auto& r : rows)
      for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
    auto line = [&](const std::vector<std::string>& r) {
      std::string s;
      for (std::size_t i = 0; i < r.size(); ++i)
        s += (i == 0 ? fmt::format("{:<{}}", r[i], width[i]) : fmt::format("  {:>{}}", r[i], width[i]));
      return s + "\n";
    };
    out += line(header);
    for (const auto& r : rows) out += line(r);
  }
  out += "\n";
  for (std::size_t mi = 0; mi < set.metrics.size(); ++mi)
    out += (md ? "- `" : "") + results::metric_signature(set, mi) + (md ? "`\n" : "\n");
  if (per_doc) {
    out += md ? "\n| lang | id | metric | tp | fp | fn | P | R | F1 |\n|---|---|---|---:|---:|---:|---:|---:|---:|\n"
              : "\nlang  id  metric  tp  fp  fn  P  R  F1\n";
    for (const auto& d : set.docs)
      for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) {
        const auto& s = d.scores[mi];
        auto v = metrics::doc_prf(*set.metrics[mi], s);
        out += fmt::format(fmt::runtime(md ? "| {} | {} | {} | {} | {} | {} | {:.2f} | {:.2f} | {:.2f} |\n"
                                           : "{}  {}  {}  {}  {}  {}  {:.2f}  {:.2f}  {:.2f}\n"),
                           d.lang.empty() ? "-" : d.lang, d.id, set.metrics[mi]->name, s.tp, s.fp, s.fn,
                           100 * v.precision, 100 * v.recall, 100 * v.f1);
      }
  }
  return out;
}

}  // namespace detour::reports
