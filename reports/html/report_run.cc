// report_run: reading a run folder for the HTML report (see report_run.h).
#include "reports/html/report_run.h"

#include <charconv>
#include <unordered_map>

#include "base/io.h"
#include "base/site.h"

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

std::string tsv_unescape(std::string_view field) {
  if (field.find('\\') == std::string_view::npos) return std::string(field);
  std::string out;
  out.reserve(field.size());
  for (std::size_t i = 0; i < field.size(); ++i) {
    char c = field[i];
    if (c == '\\' && i + 1 < field.size()) {
      char n = field[++i];
      switch (n) {
        case 't': out += '\t'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case '\\': out += '\\'; break;
        default:
          out += '\\';
          out += n;
      }
    } else {
      out += c;
    }
  }
  return out;
}

namespace {

// A TSV file read line by line into fields (views into the file's bytes).
class Tsv {
 public:
  Tsv(const fs::path& path) : path_(path) {
    try {
      bytes_ = io::read_file(path, std::size_t{4} << 30);
    } catch (const io::IoError& e) {
      throw RunFolderError(e.what());
    }
  }
  // The next non-empty line split at tabs; false at the end.
  bool next(std::vector<std::string_view>& fields) {
    while (pos_ < bytes_.size()) {
      std::size_t end = bytes_.find('\n', pos_);
      if (end == std::string::npos) end = bytes_.size();
      std::string_view line(bytes_.data() + pos_, end - pos_);
      pos_ = end + 1;
      ++line_no_;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line.empty()) continue;
      fields.clear();
      std::size_t start = 0;
      for (;;) {
        std::size_t tab = line.find('\t', start);
        if (tab == std::string_view::npos) {
          fields.push_back(line.substr(start));
          break;
        }
        fields.push_back(line.substr(start, tab - start));
        start = tab + 1;
      }
      return true;
    }
    return false;
  }
  [[noreturn]] void fail(const std::string& why) const {
    throw RunFolderError(path_.string() + ": line " + std::to_string(line_no_) + ": " + why);
  }
  // Column index of `name` in a header, or -1 (required: fails).
  static int column(const std::vector<std::string_view>& header, std::string_view name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<int>(i);
    return -1;
  }
  int require(const std::vector<std::string_view>& header, std::string_view name) const {
    int c = column(header, name);
    if (c < 0) throw RunFolderError(path_.string() + ": no column '" + std::string(name) + "' in the header");
    return c;
  }
  template <class T>
  T number(std::string_view s, const char* what) const {
    T v{};
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size())
      fail(std::string(what) + " '" + std::string(s.substr(0, 40)) + "' is not a number");
    return v;
  }

 private:
  fs::path path_;
  std::string bytes_;
  std::size_t pos_ = 0;
  std::size_t line_no_ = 0;
};

std::string page_key(std::string_view lang, std::string_view id) {
  std::string k(lang);
  k += '\t';
  k += id;
  return k;
}

void read_pages(ReportRun& run, std::unordered_map<std::string, std::size_t>& index) {
  Tsv t(run.dir / "pages.tsv");
  std::vector<std::string_view> f;
  if (!t.next(f)) t.fail("empty file (expected a header line)");
  const int c_lang = t.require(f, "lang"), c_id = t.require(f, "id"), c_out = t.require(f, "output_name");
  const int c_dec = Tsv::column(f, "decoding");
  const std::size_t need = std::max({c_lang, c_id, c_out, c_dec}) + 1;
  while (t.next(f)) {
    if (f.size() < need) t.fail("expected at least " + std::to_string(need) + " fields, found " + std::to_string(f.size()));
    run.langs.push_back(tsv_unescape(f[c_lang]));
    run.ids.push_back(tsv_unescape(f[c_id]));
    run.out_names.push_back(tsv_unescape(f[c_out]));
    run.decoding.push_back(c_dec >= 0 ? tsv_unescape(f[c_dec]) : "");
    run.sites.push_back(site_of(run.ids.back()));
    if (!index.emplace(page_key(run.langs.back(), run.ids.back()), run.ids.size() - 1).second)
      t.fail("page " + run.langs.back() + "/" + run.ids.back() + " listed twice");
  }
}

void read_per_doc(ReportRun& run, const std::unordered_map<std::string, std::size_t>& index) {
  Tsv t(run.dir / "per_doc.tsv");
  std::vector<std::string_view> f;
  if (!t.next(f)) t.fail("empty file (expected a header line)");
  const int c_sys = t.require(f, "system"), c_lang = t.require(f, "lang"), c_id = t.require(f, "id"),
            c_status = t.require(f, "status"), c_metric = t.require(f, "metric"), c_tp = t.require(f, "tp"),
            c_fp = t.require(f, "fp"), c_fn = t.require(f, "fn"), c_p = t.require(f, "precision"),
            c_r = t.require(f, "recall"), c_f1 = t.require(f, "f1"), c_reason = t.require(f, "reason"),
            c_notes = t.require(f, "notes");
  const std::size_t need = std::max({c_sys, c_lang, c_id, c_status, c_metric, c_tp, c_fp, c_fn, c_p, c_r, c_f1,
                                     c_reason, c_notes}) + 1;
  const std::size_t n = run.pages();
  std::unordered_map<std::string, std::size_t> systems;
  std::size_t last_page = n;  // none yet
  std::size_t current = 0;    // the system of the last line (names without escapes)
  while (t.next(f)) {
    if (f.size() < need) t.fail("expected at least " + std::to_string(need) + " fields, found " + std::to_string(f.size()));
    if (current >= run.systems.size() || run.systems[current].name != f[c_sys]) {
      std::string sys_name = tsv_unescape(f[c_sys]);
      auto [sit, fresh] = systems.emplace(sys_name, run.systems.size());
      if (fresh) {
        SystemRun s;
        s.name = sys_name;
        s.pages.resize(n);
        s.by_metric.resize(run.metrics.size(), std::vector<DocCounts>(n));
        run.systems.push_back(std::move(s));
      }
      current = sit->second;
    }
    SystemRun& sys = run.systems[current];
    // Lines come system by system in page order: try the page after the last one.
    std::size_t page = last_page + 1 < n ? last_page + 1 : 0;
    const std::string lang = tsv_unescape(f[c_lang]), id = tsv_unescape(f[c_id]);
    if (last_page < n && run.ids[last_page] == id && run.langs[last_page] == lang) {
      page = last_page;  // the next metric of the same page
    } else if (!(page < n && run.ids[page] == id && run.langs[page] == lang)) {
      auto pit = index.find(page_key(lang, id));
      if (pit == index.end()) t.fail("page " + lang + "/" + id + " is not in pages.tsv");
      page = pit->second;
    }
    last_page = page;
    PageRecord& pr = sys.pages[page];
    std::string_view status = f[c_status];
    if (status == "ok") pr.status = 'o';
    else if (status == "failed") pr.status = 'f';
    else if (status == "excluded") pr.status = 'x';
    else t.fail("unknown status '" + std::string(status) + "' (expected ok, failed or excluded)");
    pr.reason = tsv_unescape(f[c_reason]);
    pr.notes = tsv_unescape(f[c_notes]);
    std::string_view metric = f[c_metric];
    if (metric == "-") continue;  // excluded: no counts
    int mi = run.metric_index(std::string(metric));
    if (mi < 0) {
      run.metrics.emplace_back(metric);
      for (auto& s : run.systems) s.by_metric.emplace_back(n);
      mi = static_cast<int>(run.metrics.size()) - 1;
    }
    DocCounts& d = sys.by_metric[mi][page];
    d.tp = t.number<std::int64_t>(f[c_tp], "tp");
    d.fp = t.number<std::int64_t>(f[c_fp], "fp");
    d.fn = t.number<std::int64_t>(f[c_fn], "fn");
    d.precision = t.number<double>(f[c_p], "precision");
    d.recall = t.number<double>(f[c_r], "recall");
    d.f1 = t.number<double>(f[c_f1], "f1");
    d.scored = true;
  }
}

void read_timings(ReportRun& run, const std::unordered_map<std::string, std::size_t>& index) {
  std::error_code ec;
  if (!fs::is_regular_file(run.dir / "timings.tsv", ec)) return;
  Tsv t(run.dir / "timings.tsv");
  std::vector<std::string_view> f;
  if (!t.next(f)) return;
  const int c_sys = t.require(f, "system"), c_lang = t.require(f, "lang"), c_id = t.require(f, "id"),
            c_ms = t.require(f, "millis");
  const std::size_t need = std::max({c_sys, c_lang, c_id, c_ms}) + 1;
  while (t.next(f)) {
    if (f.size() < need) t.fail("expected at least " + std::to_string(need) + " fields, found " + std::to_string(f.size()));
    int s = run.system_index(tsv_unescape(f[c_sys]));
    auto pit = index.find(page_key(tsv_unescape(f[c_lang]), tsv_unescape(f[c_id])));
    if (s < 0 || pit == index.end()) t.fail("system or page not in per_doc.tsv / pages.tsv");
    run.systems[s].pages[pit->second].millis = t.number<double>(f[c_ms], "millis");
  }
  run.has_timings = true;
}

// Tables other commands write into a run folder, shown when present.
void read_extra_tables(ReportRun& run) {
  static const std::pair<const char*, const char*> kTables[] = {
      {"table3", "table3.tsv"},
      {"correlation", "correlation.tsv"},
  };
  for (const auto& [name, file] : kTables) {
    std::error_code ec;
    if (!fs::is_regular_file(run.dir / file, ec)) continue;
    Tsv t(run.dir / file);
    ExtraTable et;
    et.name = name;
    et.file = file;
    std::vector<std::string_view> f;
    while (t.next(f)) {
      if (f.size() == 1 && f[0].starts_with("#")) {
        std::string_view note = f[0].substr(1);
        if (note.starts_with(" ")) note.remove_prefix(1);
        et.notes.emplace_back(note);
        continue;
      }
      std::vector<std::string> row;
      for (auto v : f) row.push_back(tsv_unescape(v));
      if (et.header.empty()) et.header = std::move(row);
      else et.rows.push_back(std::move(row));
    }
    if (!et.header.empty()) run.extra_tables.push_back(std::move(et));
  }
}

}  // namespace

ReportRun load_report_run(const fs::path& dir) {
  ReportRun run;
  run.dir = dir;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw RunFolderError(dir.string() + ": not a run folder (not a folder)");
  const fs::path rj = dir / "results.json";
  try {
    run.results = nlohmann::json::parse(io::read_file(rj));
  } catch (const io::IoError& e) {
    throw RunFolderError(std::string(e.what()) + " (is " + dir.string() + " a `detour run --out` folder?)");
  } catch (const nlohmann::json::exception& e) {
    throw RunFolderError(rj.string() + ": not valid JSON: " + e.what());
  }
  if (!run.results.is_object() || !run.results.contains("systems") || !run.results["systems"].is_object())
    throw RunFolderError(rj.string() + ": no \"systems\" object (not written by `detour run`?)");
  run.signature = run.results.value("signature", "");
  const auto& prov = run.results.value("provenance", nlohmann::json::object());
  run.corpus = prov.value("corpus", run.results.value("corpus", ""));
  run.corpus_fingerprint = prov.value("corpus_fingerprint", "");
  run.autojunk = run.signature.find("autojunk:no") == std::string::npos;

  std::unordered_map<std::string, std::size_t> index;
  read_pages(run, index);
  read_per_doc(run, index);
  for (auto& s : run.systems) {
    const auto& sj = run.results["systems"];
    if (!sj.contains(s.name))
      throw RunFolderError(rj.string() + ": system " + s.name + " of per_doc.tsv is missing");
    s.signature = sj[s.name].value("extractor_signature", "");
  }
  read_timings(run, index);
  read_extra_tables(run);
  return run;
}

}  // namespace detour::reports::html
