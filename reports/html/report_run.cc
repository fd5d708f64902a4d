// report_run: a run folder as the HTML report sees it (see report_run.h).
#include "reports/html/report_run.h"

#include <algorithm>
#include <cstdio>

#include "base/io.h"
#include "base/site.h"
#include "metrics/metric.h"

namespace detour::reports::html {

namespace fs = std::filesystem;

int ReportRun::metric_index(const std::string& name) const {
  for (std::size_t i = 0; i < metrics.size(); ++i)
    if (metrics[i] == name) return static_cast<int>(i);
  return -1;
}

int ReportRun::system_index(const std::string& name) const {
  for (std::size_t i = 0; i < systems.size(); ++i)
    if (systems[i].name == name) return static_cast<int>(i);
  return -1;
}

namespace {

// Tables other commands write into a run folder (a header line, "# " note lines),
// shown when present.
void read_extra_tables(ReportRun& run) {
  static const std::pair<const char*, const char*> kTables[] = {
      {"table3", "table3.tsv"},
  };
  for (const auto& [name, file] : kTables) {
    std::error_code ec;
    if (!fs::is_regular_file(run.dir / file, ec)) continue;
    std::string bytes;
    try {
      bytes = io::read_file(run.dir / file);
    } catch (const io::IoError& e) {
      throw RunFolderError(e.what());
    }
    ExtraTable et;
    et.name = name;
    et.file = file;
    std::size_t pos = 0;
    while (pos < bytes.size()) {
      std::size_t end = bytes.find('\n', pos);
      if (end == std::string::npos) end = bytes.size();
      std::string_view line(bytes.data() + pos, end - pos);
      pos = end + 1;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line.empty()) continue;
      if (line.starts_with("#")) {
        line.remove_prefix(line.starts_with("# ") ? 2 : 1);
        et.notes.emplace_back(line);
        continue;
      }
      std::vector<std::string> row;
      for (std::size_t start = 0;;) {
        std::size_t tab = line.find('\t', start);
        row.push_back(results::tsv_unescape(line.substr(start, tab == std::string_view::npos ? tab : tab - start)));
        if (tab == std::string_view::npos) break;
        start = tab + 1;
      }
      if (et.header.empty()) et.header = std::move(row);
      else et.rows.push_back(std::move(row));
    }
    if (!et.header.empty()) run.extra_tables.push_back(std::move(et));
  }
  // The intrinsic-extrinsic correlation of a run with a task (correlation.json:
  // {"signature", "languages": {lang: {metric: {"tau", "lo", "hi", ...}}}}): one row
  // per metric, Kendall's tau-b and its interval per language.
  std::error_code ec;
  if (!fs::is_regular_file(run.dir / "correlation.json", ec)) return;
  ExtraTable et;
  et.name = "correlation";
  et.file = "correlation.json";
  try {
    const nlohmann::json j = nlohmann::json::parse(io::read_file(run.dir / "correlation.json"));
    const nlohmann::json& langs = j.at("languages");
    std::vector<std::string> lang_keys, metric_keys;
    for (const auto& [lang, by_metric] : langs.items()) {
      if (lang != "all") lang_keys.push_back(lang);
      for (const auto& [metric, cell] : by_metric.items())
        if (std::find(metric_keys.begin(), metric_keys.end(), metric) == metric_keys.end()) metric_keys.push_back(metric);
    }
    if (langs.contains("all")) lang_keys.push_back("all");
    et.header.push_back("metric");
    for (const auto& l : lang_keys) et.header.push_back(l + " tau [95% interval]");
    auto num = [](const nlohmann::json& v) {
      if (!v.is_number()) return std::string("undefined");
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.3f", v.get<double>());
      return std::string(buf);
    };
    for (const auto& m : metric_keys) {
      std::vector<std::string> row = {m};
      for (const auto& l : lang_keys) {
        const auto& c = langs[l].value(m, nlohmann::json::object());
        row.push_back(!c.contains("tau") ? "-"
                                         : num(c["tau"]) + (c["tau"].is_number() ? " [" + num(c.value("lo", nlohmann::json())) +
                                                                                       ", " + num(c.value("hi", nlohmann::json())) + "]"
                                                                                 : ""));
      }
      et.rows.push_back(std::move(row));
    }
    et.notes.push_back("Kendall tau-b between the systems' micro F1 under each metric and their task F1; " +
                       j.value("signature", std::string()));
  } catch (const std::exception& e) {
    throw RunFolderError((run.dir / "correlation.json").string() + ": not the expected correlation table: " + e.what());
  }
  run.extra_tables.push_back(std::move(et));
}

char status_code(const std::string& s) { return s == "failed" ? 'f' : s == "excluded" ? 'x' : 'o'; }

}  // namespace

ReportRun load_report_run(const fs::path& dir) {
  ReportRun run;
  run.dir = dir;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw RunFolderError(dir.string() + ": not a run folder (not a folder)");
  run.records = results::read_run(dir);
  const results::RunRecords& rec = run.records;
  run.results = nlohmann::json::object();
  run.results["provenance"] = rec.provenance.to_json();
  run.signature = rec.signature;
  run.corpus = rec.provenance.corpus;
  run.corpus_fingerprint = rec.provenance.corpus_fingerprint;
  run.autojunk = run.signature.find("autojunk:no") == std::string::npos;
  run.langs = rec.doc_langs;
  run.ids = rec.doc_ids;
  run.out_names = rec.doc_out_names;
  run.decoding = rec.decode_notes;
  for (const auto& id : run.ids) run.sites.push_back(site_of(id));
  run.has_timings = fs::is_regular_file(dir / "timings.tsv", ec);
  const std::size_t n = run.ids.size();
  if (!rec.systems.empty())
    for (const auto* m : rec.systems[0].scores.metrics) run.metrics.emplace_back(m->name);
  for (const auto& sr : rec.systems) {
    SystemRun s;
    s.name = sr.name;
    s.signature = sr.signature;
    s.pages.resize(n);
    s.by_metric.assign(run.metrics.size(), std::vector<DocCounts>(n));
    if (sr.pages.size() != n)
      throw RunFolderError((dir / "per_doc.tsv").string() + ": system " + sr.name + " has " +
                           std::to_string(sr.pages.size()) + " pages, the run " + std::to_string(n));
    std::vector<int> metric_of;  // the set's metric index -> run's
    for (const auto* m : sr.scores.metrics) metric_of.push_back(run.metric_index(std::string(m->name)));
    std::size_t next_doc = 0;  // scores.docs holds the pages not excluded, in page order
    for (std::size_t i = 0; i < n; ++i) {
      const results::PageRecord& pr = sr.pages[i];
      PageRecord& p = s.pages[i];
      p.status = status_code(pr.status);
      p.reason = pr.reason;
      p.notes = results::notes_text(pr.notes);
      p.millis = pr.millis;
      if (p.status == 'x') continue;
      if (next_doc >= sr.scores.docs.size()) break;
      const results::DocResult& d = sr.scores.docs[next_doc];
      if (d.id != run.ids[i] || d.lang != run.langs[i]) continue;  // not scored
      ++next_doc;
      for (std::size_t mi = 0; mi < d.scores.size() && mi < metric_of.size(); ++mi) {
        if (metric_of[mi] < 0) continue;
        const metrics::DocScore& sc = d.scores[mi];
        const PRFValues v = metrics::doc_prf(*sr.scores.metrics[mi], sc);
        DocCounts& c = s.by_metric[metric_of[mi]][i];
        c.tp = sc.tp, c.fp = sc.fp, c.fn = sc.fn;
        c.precision = 100 * v.precision, c.recall = 100 * v.recall, c.f1 = 100 * v.f1;
        c.scored = true;
      }
    }
    run.systems.push_back(std::move(s));
  }
  read_extra_tables(run);
  return run;
}

}  // namespace detour::reports::html
