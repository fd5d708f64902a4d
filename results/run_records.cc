// run_records: writing and reading the record files of a run folder (see
// run_records.h).
#include "results/run_records.h"

#include <fmt/format.h>

#include <charconv>
#include <iterator>
#include <cstdio>
#include <optional>
#include <set>
#include <tuple>

#include "base/io.h"
#include "base/strings.h"

namespace detour::results {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPerDocHeader =
    "system\tlang\tid\tstatus\tmetric\ttp\tfp\tfn\tprecision\trecall\tf1\treason\tnotes\tvalues";

// "cosine=0.93;exact=1;...": a metric's extra values, exactly (17 significant digits).
std::string values_text(const metrics::MetricInfo& m, const metrics::DocScore& s) {
  std::string out;
  char buf[40];
  for (std::size_t k = 0; k < m.value_names.size() && k < s.values.size(); ++k) {
    std::snprintf(buf, sizeof buf, "%.17g", s.values[k]);
    if (k) out += ';';
    ((out += m.value_names[k]) += '=') += buf;
  }
  return out;
}

}  // namespace

const SystemRecords* RunRecords::find(const std::string& name) const {
  for (const auto& s : systems)
    if (s.name == name) return &s;
  return nullptr;
}

std::string tsv_escape(std::string_view field) { return detour::tsv_escape(field); }

fs::path output_file(const fs::path& dir, const std::string& system, const std::string& lang,
                     const std::string& name) {
  return dir / "outputs" / system / lang / name;
}

std::string tsv_unescape(std::string_view field) {
  std::size_t i = field.find('\\');
  if (i == std::string_view::npos) return std::string(field);  // most fields: nothing escaped
  std::string out(field.substr(0, i));
  out.reserve(field.size());
  for (; i < field.size(); ++i) {
    if (field[i] != '\\' || i + 1 == field.size()) {
      out += field[i];
      continue;
    }
    switch (field[++i]) {
      case 't': out += '\t'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      default: out += field[i];  // "\\" and anything unknown: the character itself
    }
  }
  return out;
}

std::string notes_text(const std::map<std::string, std::string>& notes) {
  std::string out;
  for (const auto& [k, v] : notes) out += (out.empty() ? "" : "; ") + k + "=" + v;
  return out;
}

std::map<std::string, std::string> parse_notes(std::string_view text) {
  std::map<std::string, std::string> notes;
  std::string* last = nullptr;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find("; ", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view part = text.substr(start, end - start);
    std::size_t eq = part.find('=');
    if (eq == std::string_view::npos && last) {
      *last += "; " + std::string(part);
    } else if (eq == std::string_view::npos) {
      last = &notes[std::string(part)];
    } else {
      last = &notes[std::string(part.substr(0, eq))];
      *last = std::string(part.substr(eq + 1));
    }
    start = end + 2;
  }
  return notes;
}

void write_records(const fs::path& dir, const RunRecords& r) {
  fs::create_directories(dir);
  // Each file is written as its lines are made (io::AtomicWriter), never held whole:
  // at tens of thousands of pages and several systems they are tens of megabytes.
  {
    nlohmann::json j;
    nlohmann::json systems = nlohmann::json::object();
    for (const auto& sys : r.systems) {
      nlohmann::json sj = to_json(sys.scores, false);
      sj["extractor_signature"] = sys.signature;
      nlohmann::json fails = nlohmann::json::array();
      for (std::size_t i = 0; i < sys.pages.size(); ++i) {
        const PageRecord& p = sys.pages[i];
        if (p.status != "ok")
          fails.push_back({{"lang", r.doc_langs[i]}, {"id", r.doc_ids[i]}, {"status", p.status}, {"reason", p.reason}});
      }
      sj["failures"] = std::move(fails);
      systems[sys.name] = std::move(sj);
    }
    j["provenance"] = r.provenance.to_json();
    j["systems"] = std::move(systems);
    j["corpus"] = r.provenance.corpus;
    j["documents"] = r.doc_ids.size();
    if (!r.systems.empty()) j["signature"] = r.signature;
    // Invalid UTF-8 (a tool's stderr in a reason) is replaced, never fatal.
    io::write_file_atomic(dir / "results.json", j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  }
  std::string line;
  // The first fields of a page's lines: system, lang, id, status.
  auto who = [&](const SystemRecords& sys, std::size_t i) {
    line = tsv_escape(sys.name);
    line += '\t';
    line += tsv_escape(r.doc_langs[i]);
    line += '\t';
    line += tsv_escape(r.doc_ids[i]);
    line += '\t';
    line += sys.pages[i].status;
  };
  {
    io::AtomicWriter per_doc(dir / "per_doc.tsv");
    per_doc << kPerDocHeader << "\n";
    std::string start, tail;
    for (const auto& sys : r.systems) {
      std::size_t next_doc = 0;  // sys.scores.docs holds the pages not excluded, in page order
      const auto& ms = sys.scores.metrics;
      for (std::size_t i = 0; i < sys.pages.size(); ++i) {
        const PageRecord& p = sys.pages[i];
        who(sys, i);
        start.swap(line);
        ((tail.assign(1, '\t') += tsv_escape(p.reason)) += '\t') += tsv_escape(notes_text(p.notes));
        if (p.status != "excluded") {
          const DocResult& d = sys.scores.docs.at(next_doc++);
          for (std::size_t mi = 0; mi < ms.size(); ++mi) {
            const auto& sc = d.scores[mi];
            auto v = metrics::doc_prf(*ms[mi], sc);
            line.clear();
            fmt::format_to(std::back_inserter(line), "{}\t{}\t{}\t{}\t{}\t{:.4f}\t{:.4f}\t{:.4f}{}\t{}\n", start,
                           ms[mi]->name, sc.tp, sc.fp, sc.fn, 100 * v.precision, 100 * v.recall, 100 * v.f1, tail,
                           tsv_escape(values_text(*ms[mi], sc)));
            per_doc << line;
          }
        } else {
          per_doc << start << "\t-\t\t\t\t\t\t" << tail << "\t\n";
        }
      }
    }
    per_doc.commit();
  }
  {
    io::AtomicWriter pages(dir / "pages.tsv");
    pages << "lang\tid\toutput_name\tdecoding\n";
    for (std::size_t i = 0; i < r.doc_ids.size(); ++i) {
      line = tsv_escape(r.doc_langs[i]);
      line += '\t';
      line += tsv_escape(r.doc_ids[i]);
      line += '\t';
      line += tsv_escape(r.doc_out_names[i]);
      line += '\t';
      line += tsv_escape(r.decode_notes[i]);
      line += '\n';
      pages << line;
    }
    pages.commit();
  }
  {
    io::AtomicWriter failures(dir / "failures.tsv");
    failures << "system\tlang\tid\tstatus\treason\n";
    for (const auto& sys : r.systems)
      for (std::size_t i = 0; i < sys.pages.size(); ++i)
        if (sys.pages[i].status != "ok") {
          who(sys, i);
          failures << line << "\t" << tsv_escape(sys.pages[i].reason) << "\n";
        }
    failures.commit();
  }
  {
    io::AtomicWriter timings(dir / "timings.tsv");
    timings << "system\tlang\tid\tmillis\n";
    for (const auto& sys : r.systems)
      for (std::size_t i = 0; i < sys.pages.size(); ++i) {
        line.clear();
        fmt::format_to(std::back_inserter(line), "{}\t{}\t{}\t{:.3f}\n", tsv_escape(sys.name),
                       tsv_escape(r.doc_langs[i]), tsv_escape(r.doc_ids[i]), sys.pages[i].millis);
        timings << line;
      }
    timings.commit();
  }
}

// ---- reading -------------------------------------------------------------------

namespace {

// The lines of a TSV file with its header checked; fields unescaped.
struct TsvFile {
  fs::path path;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::size_t> line_numbers;
};

[[noreturn]] void fail(const fs::path& path, const std::string& what) {
  throw RecordsError(path.string() + ": " + what);
}

std::vector<std::string> split_tabs(std::string_view line) {
  std::vector<std::string> out;
  out.reserve(16);
  std::size_t start = 0;
  while (true) {
    std::size_t end = line.find('\t', start);
    out.push_back(tsv_unescape(line.substr(start, end == std::string_view::npos ? line.npos : end - start)));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

TsvFile read_tsv(const fs::path& path, const std::vector<std::string>& required) {
  std::string text;
  try {
    text = io::read_file(path, std::size_t{4} << 30);
  } catch (const io::IoError& e) {
    throw RecordsError(e.what());
  }
  TsvFile f;
  f.path = path;
  std::size_t start = 0, number = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    ++number;
    if (number == 1) {
      f.header = split_tabs(line);
      for (std::size_t i = 0; i < required.size(); ++i)
        if (i >= f.header.size() || f.header[i] != required[i])
          fail(path, "line 1: not the expected header (wants " + join(required, " ") + ")");
    } else if (!line.empty()) {
      auto fields = split_tabs(line);
      if (fields.size() < required.size() || fields.size() > f.header.size())
        fail(path, fmt::format("line {}: {} fields, expected {}", number, fields.size(), f.header.size()));
      fields.resize(f.header.size());
      f.rows.push_back(std::move(fields));
      f.line_numbers.push_back(number);
    }
    start = end + 1;
  }
  if (number == 0) fail(path, "empty file (no header)");
  return f;
}

std::int64_t parse_count(const TsvFile& f, std::size_t row, const std::string& field) {
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc() || p != field.data() + field.size() || v < 0)
    fail(f.path, fmt::format("line {}: count '{}' is not a non-negative integer", f.line_numbers[row], field));
  return v;
}

double parse_double(const fs::path& path, std::size_t line, const std::string& field) {
  try {
    std::size_t used = 0;
    double v = std::stod(field, &used);
    if (used == field.size()) return v;
  } catch (const std::exception&) {
  }
  fail(path, fmt::format("line {}: '{}' is not a number", line, field));
}

// "metrics:to,car|autojunk:yes|..." -> the value of `key`, or "".
std::string signature_field(const std::string& signature, const std::string& key) {
  for (const auto& part : split_list(signature, '|'))
    if (part.rfind(key + ":", 0) == 0) return part.substr(key.size() + 1);
  return "";
}

// results.json of the run folder `dir`, parsed; the run's provenance, signature and
// seconds into `r`.
nlohmann::json read_results_json(const fs::path& dir, RunRecords& r) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw RecordsError(dir.string() + ": not a run folder (no such folder)");
  const fs::path json_path = dir / "results.json";
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(io::read_file(json_path));
  } catch (const io::IoError& e) {
    throw RecordsError(std::string(e.what()) + " (not a `detour run --out` folder?)");
  } catch (const nlohmann::json::exception& e) {
    fail(json_path, std::string("not valid JSON: ") + e.what());
  }
  try {
    if (!j.is_object() || !j.contains("systems") || !j["systems"].is_object())
      fail(json_path, "no \"systems\" object (not a run's results.json)");
    if (j.contains("provenance")) r.provenance = Provenance::from_json(j["provenance"]);
    if (j.contains("signature")) r.signature = j["signature"].get<std::string>();
    r.seconds = r.provenance.seconds;
  } catch (const nlohmann::json::exception& e) {
    fail(json_path, std::string("unexpected field type: ") + e.what());
  }
  return j;
}

// System `name` as results.json (`sj`) describes it: its signatures, notes, metrics
// (from its signature when it names them, else the run's: `metric_list`), options,
// intervals and metric signatures; its pages not yet read.
SystemRecords system_from_json(const nlohmann::json& sj, const std::string& name, const RunRecords& r,
                               const fs::path& json_path, std::string& metric_list) {
  SystemRecords sys;
  sys.name = name;
  try {
    if (sj.contains("extractor_signature")) sys.signature = sj["extractor_signature"].get<std::string>();
    if (sj.contains("signature")) sys.scores.written_signature = sj["signature"].get<std::string>();
    if (sj.contains("notes")) sys.scores.notes = sj["notes"].get<std::vector<std::string>>();
  } catch (const nlohmann::json::exception& e) {
    fail(json_path, "system '" + name + "': unexpected field type: " + e.what());
  }
  metric_list = signature_field(sys.scores.written_signature, "metrics");
  if (metric_list.empty()) metric_list = signature_field(r.signature, "metrics");
  if (metric_list.empty()) fail(json_path, "system '" + name + "': its signature names no metrics");
  try {
    sys.scores.metrics = metrics::parse_metric_list(metric_list);
  } catch (const std::exception& e) {
    fail(json_path, "system '" + name + "': " + e.what());
  }
  sys.scores.options.autojunk = signature_field(sys.scores.written_signature, "autojunk") != "no";
  sys.scores.context = signature_context("corpus", r.provenance.corpus_fingerprint, r.provenance.missing_policy);
  const auto& ms = sys.scores.metrics;
  if (sj.contains("languages") && sj["languages"].is_object()) {
    for (const auto& [lang, lj] : sj["languages"].items()) {
      sys.scores.has_languages |= lang != "all";
      for (std::size_t mi = 0; mi < ms.size(); ++mi) {
        const std::string key(ms[mi]->name);
        if (!lj.contains(key) || !lj[key].contains("intervals")) continue;
        try {
          sys.scores.intervals[{lang, mi}] = intervals_from_json(lj[key]["intervals"]);
        } catch (const nlohmann::json::exception& e) {
          fail(json_path, "system '" + name + "', " + lang + "/" + key + ": bad intervals: " + e.what());
        }
      }
    }
    if (sj["languages"].contains("all")) {
      const auto& all = sj["languages"]["all"];
      for (const auto* m : ms) {
        std::string key(m->name);
        if (!all.contains(key) || !all[key].contains("signature")) {
          sys.scores.written_metric_signatures.clear();
          break;
        }
        sys.scores.written_metric_signatures.push_back(all[key]["signature"].get<std::string>());
      }
    }
  }
  return sys;
}

using PageIndex = std::map<std::pair<std::string, std::string>, std::size_t>;  // (lang, id) -> page
using Millis = std::map<std::tuple<std::string, std::string, std::string>, double>;  // (system, lang, id) -> ms

// System sys's pages from its lines of per_doc.tsv (`rows`), with their times: every
// page of the run once, with one line per metric (or one "-" line when excluded).
void read_system_pages(SystemRecords& sys, const TsvFile& per_doc, const std::vector<std::size_t>& rows,
                       const PageIndex& page_index, const Millis& millis, const RunRecords& r,
                       const std::string& metric_list) {
  const std::string& name = sys.name;
  const auto& ms = sys.scores.metrics;
  sys.pages.resize(r.doc_ids.size());
  std::vector<std::optional<DocResult>> docs(r.doc_ids.size());
  std::vector<int> seen(r.doc_ids.size(), 0);
  for (std::size_t at = 0; at < rows.size();) {
    const std::size_t k = rows[at];
    const auto& row = per_doc.rows[k];
    auto pi = page_index.find({row[1], row[2]});
    if (pi == page_index.end())
      fail(per_doc.path, fmt::format("line {}: page {}/{} is not in pages.tsv", per_doc.line_numbers[k], row[1], row[2]));
    const std::size_t page = pi->second;
    if (seen[page]++)
      fail(per_doc.path, fmt::format("line {}: page {}/{} of {} appears twice", per_doc.line_numbers[k], row[1],
                                     row[2], name));
    PageRecord& p = sys.pages[page];
    p.status = row[3];
    p.reason = row[11];
    p.notes = parse_notes(row[12]);
    auto mt = millis.find({name, row[1], row[2]});
    if (mt != millis.end()) p.millis = mt->second;
    if (p.status != "ok" && p.status != "failed" && p.status != "excluded")
      fail(per_doc.path, fmt::format("line {}: unknown status '{}' (ok, failed or excluded)", per_doc.line_numbers[k],
                                     p.status));
    if (p.status == "excluded") {
      if (row[4] != "-")
        fail(per_doc.path, fmt::format("line {}: an excluded page has metric '-'", per_doc.line_numbers[k]));
      ++at;
      continue;
    }
    DocResult d;
    d.lang = row[1];
    d.id = row[2];
    for (std::size_t mi = 0; mi < ms.size(); ++mi, ++at) {
      if (at >= rows.size() || per_doc.rows[rows[at]][1] != row[1] || per_doc.rows[rows[at]][2] != row[2] ||
          per_doc.rows[rows[at]][4] != ms[mi]->name)
        fail(per_doc.path, fmt::format("line {}: page {}/{} of {}: expected a line for metric {} (metrics {})",
                                       per_doc.line_numbers[at < rows.size() ? rows[at] : k], row[1], row[2], name,
                                       ms[mi]->name, metric_list));
      const std::size_t kk = rows[at];
      const auto& mrow = per_doc.rows[kk];
      metrics::DocScore s;
      s.tp = parse_count(per_doc, kk, mrow[5]);
      s.fp = parse_count(per_doc, kk, mrow[6]);
      s.fn = parse_count(per_doc, kk, mrow[7]);
      if (!mrow[13].empty())
        for (const auto& part : split_list(mrow[13], ';')) {
          auto eq = part.find('=');
          s.values.push_back(parse_double(per_doc.path, per_doc.line_numbers[kk],
                                          eq == std::string::npos ? part : part.substr(eq + 1)));
        }
      d.scores.push_back(std::move(s));
    }
    docs[page] = std::move(d);
  }
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i])
      fail(per_doc.path, "no line for page " + r.doc_langs[i] + "/" + r.doc_ids[i] + " of system " + name);
  for (auto& d : docs)
    if (d) sys.scores.docs.push_back(std::move(*d));
}

}  // namespace

RunRecords read_run(const fs::path& dir) {
  RunRecords r;
  nlohmann::json j = read_results_json(dir, r);
  const fs::path json_path = dir / "results.json";
  std::error_code ec;

  // Pages, in run order.
  PageIndex page_index;
  auto add_page = [&](const std::string& lang, const std::string& id, const std::string& out, const std::string& dec) {
    if (!page_index.emplace(std::make_pair(lang, id), r.doc_ids.size()).second) return false;
    r.doc_langs.push_back(lang);
    r.doc_ids.push_back(id);
    r.doc_out_names.push_back(out);
    r.decode_notes.push_back(dec);
    return true;
  };
  const bool have_pages = fs::exists(dir / "pages.tsv", ec);
  if (have_pages) {
    TsvFile pages = read_tsv(dir / "pages.tsv", {"lang", "id", "output_name", "decoding"});
    for (std::size_t k = 0; k < pages.rows.size(); ++k)
      if (!add_page(pages.rows[k][0], pages.rows[k][1], pages.rows[k][2], pages.rows[k][3]))
        fail(pages.path, fmt::format("line {}: page {}/{} listed twice", pages.line_numbers[k], pages.rows[k][0],
                                     pages.rows[k][1]));
  }

  TsvFile per_doc = read_tsv(dir / "per_doc.tsv", split_list(std::string(kPerDocHeader), '\t'));
  // Timings, when present.
  Millis millis;
  if (fs::exists(dir / "timings.tsv", ec)) {
    TsvFile t = read_tsv(dir / "timings.tsv", {"system", "lang", "id", "millis"});
    for (std::size_t k = 0; k < t.rows.size(); ++k)
      millis[{t.rows[k][0], t.rows[k][1], t.rows[k][2]}] = parse_double(t.path, t.line_numbers[k], t.rows[k][3]);
  }

  // Systems in the order of per_doc.tsv (results.json's object is sorted by name).
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::size_t>> rows_of;  // system -> its lines of per_doc.tsv
  for (std::size_t k = 0; k < per_doc.rows.size(); ++k) {
    const auto& row = per_doc.rows[k];
    auto [it, added] = rows_of.try_emplace(row[0]);
    if (added) order.push_back(row[0]);
    it->second.push_back(k);
    if (!have_pages) add_page(row[1], row[2], row[2], "");
  }
  for (const auto& name : order) {
    if (!j["systems"].contains(name))
      fail(json_path, "system '" + name + "' of per_doc.tsv is missing from results.json");
  }
  for (const auto& [name, _] : j["systems"].items())
    if (!rows_of.count(name)) fail(dir / "per_doc.tsv", "no line for system '" + name + "' of results.json");

  for (const auto& name : order) {
    std::string metric_list;
    SystemRecords sys = system_from_json(j["systems"][name], name, r, json_path, metric_list);
    read_system_pages(sys, per_doc, rows_of[name], page_index, millis, r, metric_list);
    r.systems.push_back(std::move(sys));
  }
  return r;
}

}  // namespace detour::results
