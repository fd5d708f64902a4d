// report_run: a run folder as the HTML report sees it (see report_run.h).
#include "reports/html/report_run.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "base/io.h"
#include "base/site.h"
#include "metrics/metric.h"
#include "reports/table.h"

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

double millis_as_kept(double ms) {
  if (!std::isfinite(ms)) return ms;
  char buf[64];
  auto w = fmt::format_to_n(buf, sizeof buf, "{:.3f}", ms);
  double kept = ms;
  std::from_chars(buf, buf + std::min(w.size, sizeof buf), kept);
  return kept;
}

namespace {

// The lines of a TSV file as the table model's TSV writer writes it (reports/
// write_tsv.cc): "# " lines (title first, then signatures and notes), a header line,
// one line per row.
struct TsvFile {
  std::vector<std::string> before, after;  // "# " lines before the header and after it
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

TsvFile read_tsv(const std::string& bytes) {
  TsvFile f;
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
      (f.header.empty() ? f.before : f.after).emplace_back(line);
      continue;
    }
    std::vector<std::string> row;
    for (std::size_t start = 0;;) {
      std::size_t tab = line.find('\t', start);
      row.push_back(results::tsv_unescape(line.substr(start, tab == std::string_view::npos ? tab : tab - start)));
      if (tab == std::string_view::npos) break;
      start = tab + 1;
    }
    if (f.header.empty()) f.header = std::move(row);
    else f.rows.push_back(std::move(row));
  }
  return f;
}

// A TSV field that is a number as the TSV writer prints one ("88.89", "-3.10", "12"):
// its value and decimals.
bool tsv_number(const std::string& s, double& value, int& decimals) {
  if (s.empty() || s == "-") return false;
  char* end = nullptr;
  value = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(value)) return false;
  const std::size_t dot = s.find('.');
  decimals = dot == std::string::npos ? 0 : static_cast<int>(s.size() - dot - 1);
  return true;
}

// The model's JSON of one table.
nlohmann::json table_json(reports::Table t) {
  reports::Document doc;
  doc.tables.push_back(std::move(t));
  return nlohmann::json::parse(reports::write(doc, "json")).at("tables").at(0);
}

// A table the model's TSV writer wrote, back in the model (a run folder of an older
// detour has table3.tsv only): "<header> lo" and "<header> hi" columns become the
// interval of the column before them, "GROUP LABEL" headers their group and label.
// The TSV has no marks (best, tied), so neither has the table; a note says so.
reports::Table table_from_tsv(const TsvFile& f, const std::string& file) {
  reports::Table t;
  if (!f.before.empty()) t.title = f.before[0];
  std::vector<int> lo_of(f.header.size(), -1), hi_of(f.header.size(), -1);  // column -> its lo/hi field
  std::vector<std::size_t> fields;                                          // the model's columns' fields
  for (std::size_t i = 0; i < f.header.size(); ++i) {
    const std::string& h = f.header[i];
    if (!fields.empty() && i + 1 < f.header.size() && h == f.header[fields.back()] + " lo" &&
        f.header[i + 1] == f.header[fields.back()] + " hi") {
      lo_of[fields.back()] = static_cast<int>(i);
      hi_of[fields.back()] = static_cast<int>(i + 1);
      ++i;
      continue;
    }
    fields.push_back(i);
    const std::size_t space = h.rfind(' ');
    if (i == 0 || space == std::string::npos) t.add_column(h, "", i == 0 ? reports::Align::Left : reports::Align::Right);
    else t.add_column(h.substr(space + 1), h.substr(0, space));
  }
  const std::string signature = f.after.empty() ? file : f.after[0];
  for (const auto& r : f.rows) {
    reports::Row& row = t.add_row();
    for (std::size_t c : fields) {
      const std::string v = c < r.size() ? r[c] : "";
      double x = 0, lo = 0, hi = 0;
      int decimals = 0, d = 0;
      if (c > 0 && tsv_number(v, x, decimals)) {
        results::Score score(x, signature);
        if (lo_of[c] >= 0 && static_cast<std::size_t>(hi_of[c]) < r.size() && tsv_number(r[lo_of[c]], lo, d) &&
            tsv_number(r[hi_of[c]], hi, d))
          score = score.with_interval(lo, hi, "as in " + file);
        row.push_back(reports::Cell::number(score, decimals));
      } else if (v.empty() || v == "-") {
        row.push_back(reports::Cell::empty());
      } else {
        row.push_back(reports::Cell::text(v));
      }
    }
  }
  for (const auto& line : f.after) t.notes.push_back(line);
  t.notes.push_back(file + " keeps no marks: the best system and the ties are not shown (a task run of this detour "
                           "writes table3.json, which keeps them)");
  return t;
}

// Tables a task writes into a run folder, shown when present: Table 3 in the table
// model (table3.json; from table3.tsv, without marks, for an older run), and the
// intrinsic-extrinsic correlation (correlation.json: {"signature", "languages": {lang:
// {metric: {"tau", "lo", "hi", ...}}}}): one row per metric, Kendall's tau-b and its
// interval per language.
void read_extra_tables(ReportRun& run) {
  std::error_code ec;
  const fs::path& dir = run.dir;
  if (dir.empty()) return;
  auto read = [&](const char* file) {
    try {
      return io::read_file(dir / file);
    } catch (const io::IoError& e) {
      throw RunFolderError(e.what());
    }
  };
  if (fs::is_regular_file(dir / "table3.json", ec)) {
    try {
      const nlohmann::json j = nlohmann::json::parse(read("table3.json"));
      const nlohmann::json& t = j.at("tables").at(0);
      if (!t.at("columns").is_array() || !t.at("rows").is_array()) throw std::runtime_error("no columns or rows");
      ExtraTable et{"table3", "table3.json", t};
      // The document's signatures (the task's, the statistics') go with its one table.
      for (const auto& sig : j.value("signatures", nlohmann::json::array())) et.table["signatures"].push_back(sig);
      run.extra_tables.push_back(std::move(et));
    } catch (const RunFolderError&) {
      throw;
    } catch (const std::exception& e) {
      throw RunFolderError((dir / "table3.json").string() + ": not a table of the table model: " + e.what());
    }
  } else if (fs::is_regular_file(dir / "table3.tsv", ec)) {
    const TsvFile f = read_tsv(read("table3.tsv"));
    if (!f.header.empty()) run.extra_tables.push_back({"table3", "table3.tsv", table_json(table_from_tsv(f, "table3.tsv"))});
  }
  if (!fs::is_regular_file(dir / "correlation.json", ec)) return;
  reports::Table t;
  t.title = "Intrinsic-extrinsic correlation";
  t.intervals = reports::IntervalStyle::Bounds;
  try {
    const nlohmann::json j = nlohmann::json::parse(read("correlation.json"));
    const nlohmann::json& langs = j.at("languages");
    const std::string signature = j.value("signature", std::string("correlation.json"));
    std::vector<std::string> lang_keys, metric_keys;
    for (const auto& [lang, by_metric] : langs.items()) {
      if (lang != "all") lang_keys.push_back(lang);
      for (const auto& [metric, cell] : by_metric.items())
        if (std::find(metric_keys.begin(), metric_keys.end(), metric) == metric_keys.end()) metric_keys.push_back(metric);
    }
    if (langs.contains("all")) lang_keys.push_back("all");
    t.add_column("metric", "", reports::Align::Left);
    for (const auto& l : lang_keys) t.add_column("tau", l);
    for (const auto& m : metric_keys) {
      reports::Row& row = t.add_row();
      row.push_back(reports::Cell::text(m));
      for (const auto& l : lang_keys) {
        const auto& c = langs[l].value(m, nlohmann::json::object());
        if (!c.contains("tau")) {
          row.push_back(reports::Cell::empty());
        } else if (!c["tau"].is_number()) {
          row.push_back(reports::Cell::text("undefined"));
        } else {
          results::Score score(c["tau"].get<double>(), signature);
          const auto lo = c.value("lo", nlohmann::json()), hi = c.value("hi", nlohmann::json());
          if (lo.is_number() && hi.is_number()) score = score.with_interval(lo.get<double>(), hi.get<double>(), "bootstrap");
          row.push_back(reports::Cell::number(score, 3));
        }
      }
    }
    t.signatures.push_back(signature);
    t.notes.push_back("Kendall tau-b between the systems' micro F1 under each metric and their task F1, with its 95% "
                      "bootstrap interval over the documents");
  } catch (const RunFolderError&) {
    throw;
  } catch (const std::exception& e) {
    throw RunFolderError((dir / "correlation.json").string() + ": not the expected correlation table: " + e.what());
  }
  run.extra_tables.push_back({"correlation", "correlation.json", table_json(std::move(t))});
}

char status_code(const std::string& s) { return s == "failed" ? 'f' : s == "excluded" ? 'x' : 'o'; }

}  // namespace

ReportRun load_report_run(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw RunFolderError(dir.string() + ": not a run folder (not a folder)");
  const std::string label = dir.filename().empty() ? dir.parent_path().filename().string() : dir.filename().string();
  ReportRun run = report_run_from_records(results::read_run(dir), dir.string(), dir, label);
  run.has_timings = fs::is_regular_file(dir / "timings.tsv", ec);
  return run;
}

ReportRun report_run_from_records(results::RunRecords records, const std::string& source, const fs::path& dir,
                                  const std::string& label) {
  ReportRun run;
  run.dir = dir;
  run.source = source;
  run.label = label;
  std::error_code ec;
  if (!dir.empty() && fs::is_directory(dir / "outputs", ec)) {
    run.outputs_dir = dir;
  } else {
    run.outputs_note = dir.empty() ? "a results store keeps the records of a run, not its output texts, and " + source +
                                         " names no run folder that holds them"
                                   : (dir / "outputs").string() + " is not there (a run folder without its outputs)";
  }
  run.records = std::move(records);
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
  run.has_timings = true;
  const std::size_t n = run.ids.size();
  const std::string where = dir.empty() ? source : (dir / "per_doc.tsv").string();
  if (!rec.systems.empty())
    for (const auto* m : rec.systems[0].scores.metrics) run.metrics.emplace_back(m->name);
  for (const auto& sr : rec.systems) {
    SystemRun s;
    s.name = sr.name;
    s.signature = sr.signature;
    s.pages.resize(n);
    s.by_metric.assign(run.metrics.size(), std::vector<DocCounts>(n));
    if (sr.pages.size() != n)
      throw RunFolderError(where + ": system " + sr.name + " has " +
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
      p.millis = millis_as_kept(pr.millis);
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
