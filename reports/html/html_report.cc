// html_report: writing the report folder (see html_report.h).
#include "reports/html/html_report.h"

#include <tbb/parallel_for.h>
#include <tbb/task_group.h>
#include <tbb/task_arena.h>

#include <time.h>

#include <atomic>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <tuple>
#include <unordered_map>

#include "base/cpu_time.h"
#include "base/gzip.h"
#include "base/io.h"
#include "base/markup.h"
#include "base/version.h"
#include "metrics/metric.h"
#include "reports/html/assets.h"
#include "reports/html/json_text.h"
#include "reports/html/page_view.h"
#include "reports/tables.h"

namespace detour::reports::html {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

double r2(double x) { return std::round(x * 100) / 100; }

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string_view asset(std::string_view name) {
  if (auto bytes = find_embedded(assets::kEmbeddedFiles, assets::kEmbeddedFileCount, name)) return *bytes;
  throw std::logic_error("report asset missing from the build: " + std::string(name));
}

// The metric whose counts an alignment form gives, and the form aligning a metric.
std::string form_of_metric(const std::string& m) {
  if (m == "tm" || m == "tag") return "tm";
  if (m == "tmu" || m == "to" || m == "car") return m;
  return "";
}

std::string per_doc_kind(const std::string& name) {
  for (const auto& m : metrics::metric_registry())
    if (m.name == name) {
      switch (m.per_doc) {
        case metrics::PerDoc::kCounts: return "counts";
        case metrics::PerDoc::kValues: return "values";
        case metrics::PerDoc::kSimilarity: return "similarity";
      }
    }
  return "unknown";
}

std::string metric_description(const std::string& name) {
  for (const auto& m : metrics::metric_registry())
    if (m.name == name) return std::string(m.description);
  return "";
}

// Writes a file and counts it.
class Writer {
 public:
  explicit Writer(fs::path root) : root_(std::move(root)) {}
  void write(const fs::path& rel, std::string_view bytes) {
    io::write_file_atomic(root_ / rel, bytes, /*durable=*/false);
    count(bytes);
  }
  // A file of an open folder of the report (the thousands of per-page files).
  void write(const io::Folder& folder, const std::string& name, std::string_view bytes) {
    io::write_file_atomic(folder, name, bytes, /*durable=*/false);
    count(bytes);
  }
  void count(std::string_view bytes) {
    files_.fetch_add(1, std::memory_order_relaxed);
    bytes_.fetch_add(bytes.size(), std::memory_order_relaxed);
  }
  std::size_t files() const { return files_.load(); }
  std::uint64_t bytes() const { return bytes_.load(); }

 private:
  fs::path root_;
  std::atomic<std::size_t> files_{0};
  std::atomic<std::uint64_t> bytes_{0};
};

struct Mismatch {
  std::size_t system, page;
  std::string metric, recorded, recomputed;
};

struct PageProblems {
  std::vector<Mismatch> mismatches;
  std::string gold_error;
  std::vector<std::pair<std::size_t, std::string>> output_errors;  // (system, reason)
  std::string raw_error;
};

std::string counts_text(std::int64_t tp, std::int64_t fp, std::int64_t fn) {
  return "tp " + std::to_string(tp) + ", fp " + std::to_string(fp) + ", fn " + std::to_string(fn);
}

// The run's output folders (DIR/outputs/SYSTEM/LANG, results::output_file), opened
// once: the pages read their outputs relative to them (openat), not through a path
// resolved again for each of the run's (system, page) files.
class OutputFolders {
 public:
  explicit OutputFolders(const ReportRun& run) : run_(run) {
    if (run.outputs_dir.empty()) return;  // not at hand: nothing read
    for (std::size_t i = 0; i < run.pages(); ++i)
      if (lang_index_.emplace(run.langs[i], langs_.size()).second) langs_.push_back(run.langs[i]);
    folders_.resize(run.systems.size() * langs_.size());
    for (std::size_t s = 0; s < run.systems.size(); ++s)
      for (std::size_t l = 0; l < langs_.size(); ++l)
        folders_[s * langs_.size() + l] = std::make_unique<io::Folder>(
            results::output_file(run.outputs_dir, run.systems[s].name, langs_[l], "").parent_path());
  }
  bool available() const { return !run_.outputs_dir.empty(); }
  // Page `page`'s output of system `s` (throws io::IoError naming the file).
  std::string read(std::size_t s, std::size_t page, io::ReadBuffer& buf) const {
    const io::Folder& f = *folders_[s * langs_.size() + lang_index_.at(run_.langs[page])];
    return std::string(io::read_file_into(f, run_.out_names[page], buf));
  }

 private:
  const ReportRun& run_;
  std::vector<std::string> langs_;
  std::unordered_map<std::string, std::size_t> lang_index_;
  std::vector<std::unique_ptr<io::Folder>> folders_;  // [system][language]
};

// JSON numbers as nlohmann::json writes them (the shortest form that reads back, ".0"
// on whole numbers, null for what is not finite), for the data built by hand below.
// The values are hundredths (r2): k / 100 written in decimal is that shortest form,
// printed from the integer k; anything else goes through std::to_chars.
void append_json_number(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  const double scaled = v * 100;
  if (std::fabs(scaled) < 1e15) {
    const long long k = std::llround(scaled);
    if (static_cast<double>(k) / 100 == v && !(k == 0 && std::signbit(v))) {
      const unsigned long long a = static_cast<unsigned long long>(k < 0 ? -k : k);
      char buf[32];
      char* p = buf;
      if (k < 0) *p++ = '-';
      p = std::to_chars(p, buf + sizeof buf, a / 100).ptr;
      *p++ = '.';
      const unsigned f = static_cast<unsigned>(a % 100);
      *p++ = static_cast<char>('0' + f / 10);
      if (f % 10 != 0) *p++ = static_cast<char>('0' + f % 10);
      out.append(buf, p);
      return;
    }
  }
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string_view t(buf, static_cast<std::size_t>(r.ptr - buf));
  out += t;
  if (t.find_first_of(".e") == std::string_view::npos) out += ".0";
}
void append_json_int(std::string& out, std::int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// The viewer data of one page, a JSON object; fills `problems`.
std::string page_json(const ReportRun& run, std::size_t page, const PageSource& source, const OutputFolders& outputs,
                      const std::vector<std::string>& forms, CarView car, PageProblems& problems) {
  std::string out = "{\"v\":2,\"n\":" + std::to_string(page) + ",\"lang\":";
  append_json_string(out, run.langs[page]);
  out += ",\"id\":";
  append_json_string(out, run.ids[page]);
  out += ",\"site\":";
  append_json_string(out, run.sites[page]);
  out += ",\"decoding\":";
  append_json_string(out, run.decoding[page]);
  std::string gold;
  bool have_gold = true;
  try {
    gold = source.gold(page);
  } catch (const std::exception& e) {
    have_gold = false;
    problems.gold_error = e.what();
    out += ",\"gold_error\":";
    append_json_string(out, e.what());
  }
  // Outputs, each distinct text once.
  const std::size_t ns = run.systems.size();
  std::vector<std::string> texts;
  std::vector<int> output_of(ns, -1);
  std::vector<std::string> output_error(ns);
  thread_local io::ReadBuffer buf;
  for (std::size_t s = 0; s < ns && outputs.available(); ++s) {
    if (run.systems[s].pages[page].status == 'x') continue;
    std::string bytes;
    try {
      bytes = outputs.read(s, page, buf);
    } catch (const std::exception& e) {
      output_error[s] = e.what();
      problems.output_errors.emplace_back(s, e.what());
      continue;
    }
    // A text equal to an earlier one (same size first: no hashing of whole outputs).
    int index = -1;
    for (std::size_t t = 0; t < texts.size() && index < 0; ++t)
      if (texts[t].size() == bytes.size() && texts[t] == bytes) index = static_cast<int>(t);
    if (index < 0) {
      index = static_cast<int>(texts.size());
      texts.push_back(std::move(bytes));
    }
    output_of[s] = index;
  }
  PageData aligned;
  if (have_gold) {
    std::vector<std::string_view> views(texts.begin(), texts.end());
    aligned = align_page(gold, views, forms, run.autojunk, car);
    out += ',';
    out += aligned.json;
  } else {
    out += ",\"forms\":[]";
  }
  // Per system, members in nlohmann::json's (sorted) order: check, ms, notes, o,
  // output_error, reason, scores, st.
  std::vector<std::size_t> metric_order(run.metrics.size());  // by name
  for (std::size_t m = 0; m < metric_order.size(); ++m) metric_order[m] = m;
  std::sort(metric_order.begin(), metric_order.end(),
            [&](std::size_t a, std::size_t b) { return run.metrics[a] < run.metrics[b]; });
  out += ",\"systems\":[";
  for (std::size_t s = 0; s < ns; ++s) {
    const SystemRun& sys = run.systems[s];
    const PageRecord& pr = sys.pages[page];
    if (s) out += ',';
    // The alignment's counts against the recorded ones.
    std::vector<int> ok(run.metrics.size(), -1);  // per metric: -1 not checked, 0 differs, 1 equal
    if (have_gold && output_of[s] >= 0) {
      const auto& counts = aligned.counts[output_of[s]];
      for (std::size_t m = 0; m < run.metrics.size(); ++m) {
        const std::string form = form_of_metric(run.metrics[m]);
        const DocCounts& d = sys.by_metric[m][page];
        auto fi = std::find(aligned.forms.begin(), aligned.forms.end(), form);
        if (form.empty() || fi == aligned.forms.end() || !d.scored) continue;
        const FormCounts& c = counts[fi - aligned.forms.begin()];
        const bool tag = run.metrics[m] == "tag";
        std::int64_t tp = tag ? c.tag_tp : c.tp, fp = tag ? c.tag_fp : c.fp, fn = tag ? c.tag_fn : c.fn;
        ok[m] = tp == d.tp && fp == d.fp && fn == d.fn;
        if (!ok[m])
          problems.mismatches.push_back({s, page, run.metrics[m], counts_text(d.tp, d.fp, d.fn), counts_text(tp, fp, fn)});
      }
    }
    out += "{\"check\":{";
    bool first = true;
    for (std::size_t m : metric_order) {
      if (ok[m] < 0) continue;
      if (!first) out += ',';
      first = false;
      append_json_string(out, run.metrics[m]);
      out += ok[m] ? ":true" : ":false";
    }
    out += "},\"ms\":";
    append_json_number(out, r2(pr.millis));
    if (!pr.notes.empty()) {
      out += ",\"notes\":";
      append_json_string(out, pr.notes);
    }
    out += ",\"o\":";
    append_json_int(out, have_gold ? output_of[s] : -1);
    if (!output_error[s].empty()) {
      out += ",\"output_error\":";
      append_json_string(out, output_error[s]);
    }
    if (!pr.reason.empty()) {
      out += ",\"reason\":";
      append_json_string(out, pr.reason);
    }
    out += ",\"scores\":{";
    first = true;
    for (std::size_t m : metric_order) {
      const DocCounts& d = sys.by_metric[m][page];
      if (!d.scored) continue;
      if (!first) out += ',';
      first = false;
      append_json_string(out, run.metrics[m]);
      out += ":[";
      append_json_int(out, d.tp);
      out += ',';
      append_json_int(out, d.fp);
      out += ',';
      append_json_int(out, d.fn);
      for (double v : {d.precision, d.recall, d.f1}) {
        out += ',';
        append_json_number(out, r2(v));
      }
      out += ']';
    }
    out += "},\"st\":\"";
    out += pr.status;
    out += "\"}";
  }
  out += "]}";
  return out;
}

// A per-page data file: `callback(args, payload)`, the payload `text` itself (a JSON
// value) or, `as_string`, `text` as a JSON string; compressed, `callbackZ(args,
// "<gzip of text>")`, the gzip member as a binary string (json_text.h) that the
// report inflates (DecompressionStream) back to `text`; such a file is loaded as
// windows-1252 (report.js).
std::string data_file(std::string_view callback, const std::string& args, const std::string& text, bool as_string,
                      bool compress) {
  std::string out(callback);
  out += compress ? "Z(" : "(";
  out += args;
  out += ',';
  if (compress) append_binary_string(out, gzip(text));
  else if (as_string) append_json_string(out, text);
  else out += text;
  out += ");\n";
  return out;
}

// What a run-to-run comparison leaves out: the systems (and metrics) of one run only,
// matched by name, and the systems of both whose extractor signatures differ.
struct Unmatched {
  std::vector<std::string> only_reference, only_here;  // systems of run 0 only, of this run only
  std::vector<std::tuple<std::string, std::string, std::string>> signature_changed;  // (name, run 0's, this run's)
  std::vector<std::string> metrics_only_reference, metrics_only_here;
  bool empty() const {
    return only_reference.empty() && only_here.empty() && signature_changed.empty() && metrics_only_reference.empty() &&
           metrics_only_here.empty();
  }
};

Unmatched unmatched_systems(const ReportRun& reference, const ReportRun& run) {
  Unmatched u;
  for (const auto& s : reference.systems)
    if (run.system_index(s.name) < 0) u.only_reference.push_back(s.name);
  for (const auto& s : run.systems) {
    const int r = reference.system_index(s.name);
    if (r < 0) u.only_here.push_back(s.name);
    else if (reference.systems[r].signature != s.signature)
      u.signature_changed.emplace_back(s.name, reference.systems[r].signature, s.signature);
  }
  for (const auto& m : reference.metrics)
    if (run.metric_index(m) < 0) u.metrics_only_reference.push_back(m);
  for (const auto& m : run.metrics)
    if (reference.metric_index(m) < 0) u.metrics_only_here.push_back(m);
  return u;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
  return out;
}

std::string systems(std::size_t n) { return std::to_string(n) + (n == 1 ? " system" : " systems"); }

// The warning `detour report` prints for a comparison that leaves systems out.
std::string unmatched_warning(const Unmatched& u, std::size_t k, const ReportRun& reference, const ReportRun& run) {
  std::string w = "run " + std::to_string(k) + " (" + run.label + ") compared with run 0 (" + reference.label + "): ";
  std::vector<std::string> parts;
  if (!u.only_reference.empty())
    parts.push_back(systems(u.only_reference.size()) + " in run 0 only, not compared: " + joined(u.only_reference));
  if (!u.only_here.empty())
    parts.push_back(systems(u.only_here.size()) + " in run " + std::to_string(k) + " only, not compared: " + joined(u.only_here));
  if (!u.signature_changed.empty()) {
    std::vector<std::string> names;
    for (const auto& c : u.signature_changed) names.push_back(std::get<0>(c));
    parts.push_back(systems(names.size()) + " compared although their signatures differ: " + joined(names));
  }
  if (!u.metrics_only_reference.empty()) parts.push_back("metrics in run 0 only: " + joined(u.metrics_only_reference));
  if (!u.metrics_only_here.empty())
    parts.push_back("metrics in run " + std::to_string(k) + " only: " + joined(u.metrics_only_here));
  for (std::size_t i = 0; i < parts.size(); ++i) w += (i ? "; " : "") + parts[i];
  return w + " (listed in the report's comparison)";
}

json verdicts_json(const RunVerdicts& v) {
  json j;
  j["languages"] = v.languages;
  j["signature"] = v.signature;
  j["tie_rule"] = v.tie_rule;
  json cells = json::array();
  for (const auto& by_metric : v.cells) {
    json lm = json::array();
    for (const auto& by_system : by_metric) {
      json ls = json::array();
      for (const CellVerdict& c : by_system) {
        int flags = (c.best ? 1 : 0) | (c.tied ? 2 : 0) | (c.baseline ? 4 : 0) | (c.has_interval ? 8 : 0);
        ls.push_back({c.documents, r2(c.p), r2(c.r), r2(c.f1), r2(c.p_lo), r2(c.p_hi), r2(c.r_lo), r2(c.r_hi),
                      r2(c.f1_lo), r2(c.f1_hi), flags});
      }
      lm.push_back(std::move(ls));
    }
    cells.push_back(std::move(lm));
  }
  j["cells"] = std::move(cells);
  return j;
}

json overview_json(const ReportRun& run, std::size_t k, const RunVerdicts& verdicts, const std::vector<std::string>& forms,
                   const std::vector<PageProblems>& problems, const RunDeltas* deltas, const Unmatched* unmatched,
                   int raw_set) {
  json j;
  j["k"] = k;
  j["label"] = run.label;
  j["dir"] = run.dir.empty() ? run.source : run.dir.string();
  j["outputs"] = !run.outputs_dir.empty();
  j["outputs_note"] = run.outputs_note;
  j["provenance"] = run.results.value("provenance", json::object());
  j["signature"] = run.signature;
  j["corpus"] = run.corpus;
  j["fingerprint"] = run.corpus_fingerprint;
  j["forms"] = forms;
  j["raw_pages"] = raw_set >= 0;
  j["raw_set"] = raw_set;
  j["has_timings"] = run.has_timings;
  json ms = json::array();
  for (const auto& m : run.metrics)
    ms.push_back({{"name", m}, {"description", metric_description(m)}, {"kind", per_doc_kind(m)},
                  {"form", form_of_metric(m)}});
  j["metrics"] = std::move(ms);
  json systems = json::array();
  for (const auto& s : run.systems)
    systems.push_back({{"name", s.name}, {"signature", s.signature}, {"baseline", is_baseline(s.name)}});
  j["systems"] = std::move(systems);
  j["n_pages"] = run.pages();
  j["verdicts"] = verdicts_json(verdicts);
  json extra = json::array();
  for (const auto& t : run.extra_tables) extra.push_back({{"name", t.name}, {"file", t.file}, {"table", t.table}});
  j["extra_tables"] = std::move(extra);
  json mism = json::array(), gold_errors = json::array(), output_errors = json::array(), raw_errors = json::array();
  auto where = [&](std::size_t i) { return run.langs[i] + "/" + run.ids[i]; };
  for (std::size_t i = 0; i < problems.size(); ++i) {
    for (const auto& m : problems[i].mismatches)
      mism.push_back({run.systems[m.system].name, m.page, m.metric, m.recorded, m.recomputed, where(m.page)});
    if (!problems[i].gold_error.empty()) gold_errors.push_back({i, problems[i].gold_error, where(i)});
    for (const auto& [s, why] : problems[i].output_errors) output_errors.push_back({run.systems[s].name, i, why, where(i)});
    if (!problems[i].raw_error.empty()) raw_errors.push_back({i, problems[i].raw_error, where(i)});
  }
  j["checks"] = {{"mismatches", std::move(mism)},
                 {"gold_errors", std::move(gold_errors)},
                 {"output_errors", std::move(output_errors)},
                 {"raw_errors", std::move(raw_errors)}};
  if (deltas) {
    json cells = json::array();
    for (const auto& d : deltas->cells)
      cells.push_back({d.system, d.language, d.metric, d.documents, r2(d.a), r2(d.b), r2(d.delta), r2(d.lo), r2(d.hi),
                       d.p});
    j["deltas"] = {{"against", 0}, {"signature", deltas->signature}, {"pairing", deltas->pairing}, {"cells", cells}};
    if (unmatched) {
      json changed = json::array();
      for (const auto& [name, a, b] : unmatched->signature_changed) changed.push_back({name, a, b});
      j["deltas"]["only_reference"] = unmatched->only_reference;
      j["deltas"]["only_here"] = unmatched->only_here;
      j["deltas"]["signature_changed"] = std::move(changed);
      j["deltas"]["metrics_only_reference"] = unmatched->metrics_only_reference;
      j["deltas"]["metrics_only_here"] = unmatched->metrics_only_here;
    }
  }
  return j;
}

// What the charts, page lists and viewer need of every page (DIR/data/pages<k>.js,
// loaded on demand so that the overview opens fast), written by hand in the bytes
// nlohmann::json's dump gives (members in its sorted order, numbers as
// append_json_number writes them, strings through its own escaping): half a
// million numbers, which building and dumping a json tree made a visible part of
// the report's time.
std::string pages_json(const ReportRun& run, const std::vector<std::uint32_t>* raw_index) {
  const std::size_t np = run.pages(), nm = run.metrics.size();
  std::string j;
  j.reserve(64 + np * (64 + run.systems.size() * (8 + nm * 18)));
  auto strings = [&](const std::vector<std::string>& v) {
    j += '[';
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i) j += ',';
      j += dump(json(v[i]));
    }
    j += ']';
  };
  // Per system, an array of the page values `value(system, page)` (NaN: null).
  auto per_system = [&](auto&& value) {
    j += '[';
    for (std::size_t s = 0; s < run.systems.size(); ++s) {
      if (s) j += ',';
      j += '[';
      for (std::size_t i = 0; i < np; ++i) {
        if (i) j += ',';
        append_json_number(j, value(s, i));
      }
      j += ']';
    }
    j += ']';
  };
  j += "{\"ms\":";
  if (run.has_timings) per_system([&](std::size_t s, std::size_t i) { return r2(run.systems[s].pages[i].millis); });
  else j += "null";
  j += ",\"pages\":{\"decoding\":";
  strings(run.decoding);
  j += ",\"id\":";
  strings(run.ids);
  j += ",\"lang\":";
  strings(run.langs);
  j += ",\"site\":";
  strings(run.sites);
  // Each page's raw page in the report's raw set of this corpus, when it is not the
  // page's own number (a run that shares the raw pages of another run's pages).
  j += "},\"raw_index\":";
  if (raw_index) {
    j += '[';
    for (std::size_t i = 0; i < raw_index->size(); ++i) {
      if (i) j += ',';
      append_json_int(j, (*raw_index)[i]);
    }
    j += ']';
  } else {
    j += "null";
  }
  j += ",\"reasons\":[";
  for (std::size_t s = 0; s < run.systems.size(); ++s) {
    if (s) j += ',';
    std::map<std::string, std::size_t> reasons;  // keyed by the page number's text, as json sorts them
    for (std::size_t i = 0; i < np; ++i)
      if (run.systems[s].pages[i].status != 'o') reasons.emplace(std::to_string(i), i);
    j += '{';
    bool first = true;
    for (const auto& [key, i] : reasons) {
      if (!first) j += ',';
      first = false;
      j += '"' + key + "\":" + dump(json(run.systems[s].pages[i].reason));
    }
    j += '}';
  }
  j += "],\"scores\":{";
  std::vector<std::size_t> by_name(nm);
  for (std::size_t m = 0; m < nm; ++m) by_name[m] = m;
  std::stable_sort(by_name.begin(), by_name.end(), [&](std::size_t a, std::size_t b) { return run.metrics[a] < run.metrics[b]; });
  for (std::size_t k = 0; k < nm; ++k) {
    const std::size_t m = by_name[k];
    if (k) j += ',';
    j += dump(json(run.metrics[m])) + ":{";
    const char* names[] = {"f", "p", "r"};
    for (int v = 0; v < 3; ++v) {
      j += v ? ",\"" : "\"";
      j += names[v];
      j += "\":";
      per_system([&](std::size_t s, std::size_t i) {
        const DocCounts& d = run.systems[s].by_metric[m][i];
        if (!d.scored) return std::numeric_limits<double>::quiet_NaN();
        return r2(v == 0 ? d.f1 : v == 1 ? d.precision : d.recall);
      });
    }
    j += '}';
  }
  j += "},\"status\":[";
  for (std::size_t s = 0; s < run.systems.size(); ++s) {
    if (s) j += ',';
    std::string st;
    for (std::size_t i = 0; i < run.systems[s].pages.size(); ++i) st += run.systems[s].pages[i].status;
    j += dump(json(st));
  }
  j += "]}";
  return j;
}

std::string index_html(const std::string& title, std::size_t runs) {
  std::string_view js = asset("report.js"), css = asset("report.css");
  // Our own assets: they must not end the element they are inlined in.
  if (js.find("</script") != std::string_view::npos || css.find("</style") != std::string_view::npos)
    throw std::logic_error("report assets must not contain </script or </style");
  std::string h;
  h += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  // Nothing is fetched from the network: scripts only from the report's folder (and
  // the inline application), styles inline, images as data: URLs; frames (the raw
  // page, srcdoc) inherit this policy.
  h += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'self' 'unsafe-inline'; "
       "style-src 'unsafe-inline'; img-src data:; frame-src 'self'; base-uri 'none'; form-action 'none'\">\n";
  h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  h += "<meta name=\"generator\" content=\"detour " + escape_html(detour_version(), /*attribute=*/true) + "\">\n";
  h += "<title>" + escape_html(title, /*attribute=*/true) + "</title>\n<style>\n";
  h += css;
  h += "</style>\n</head>\n<body>\n<div id=\"app\"><p class=\"loading\">Loading the report...</p></div>\n";
  h += "<noscript><p>This report draws its tables and charts with JavaScript; enable it for this file.</p></noscript>\n";
  for (std::size_t k = 0; k < runs; ++k) h += "<script src=\"data/run" + std::to_string(k) + ".js\"></script>\n";
  h += "<script>\n";
  h += js;
  h += "</script>\n</body>\n</html>\n";
  return h;
}

// The raw pages of a report, shared by the runs of one corpus: the runs whose corpus
// fingerprints are equal (same pages, same bytes, so the same decoded raw pages) form
// one set, written once as DIR/raw/<set>/<index>.js; a page of a run is found in its
// set by language and id.
struct RawSets {
  std::vector<int> set_of_run;                        // run -> set
  std::vector<std::vector<std::uint32_t>> index;      // run -> page -> index in the set
  std::vector<std::vector<char>> writes;              // run -> page -> 1 if this run writes it
  std::vector<bool> identity;                         // run -> index[i] == i for every page
  std::size_t sets = 0;
};

RawSets raw_sets(const std::vector<const ReportRun*>& runs) {
  RawSets r;
  std::map<std::string, int> by_corpus;
  std::vector<std::map<std::pair<std::string, std::string>, std::uint32_t>> pages;  // set -> (lang, id) -> index
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const ReportRun& run = *runs[k];
    const std::string key = run.corpus_fingerprint.empty() ? "run " + std::to_string(k) : run.corpus_fingerprint;
    auto [it, added] = by_corpus.emplace(key, static_cast<int>(r.sets));
    if (added) {
      ++r.sets;
      pages.emplace_back();
    }
    auto& set = pages[it->second];
    r.set_of_run.push_back(it->second);
    std::vector<std::uint32_t> index(run.pages());
    std::vector<char> writes(run.pages(), 0);
    bool identity = true;
    for (std::size_t i = 0; i < run.pages(); ++i) {
      auto [p, fresh] = set.emplace(std::pair{run.langs[i], run.ids[i]}, static_cast<std::uint32_t>(set.size()));
      index[i] = p->second;
      writes[i] = fresh;
      identity = identity && index[i] == i;
    }
    r.index.push_back(std::move(index));
    r.writes.push_back(std::move(writes));
    r.identity.push_back(identity);
  }
  return r;
}

}  // namespace

ReportSummary write_html_report(const std::vector<const ReportRun*>& runs, const std::vector<const PageSource*>& sources,
                                const fs::path& out, const ReportOptions& opt) {
  if (runs.empty()) throw std::invalid_argument("write_html_report: no run");
  if (sources.size() != runs.size()) throw std::invalid_argument("write_html_report: one page source per run");
  ReportSummary summary;
  summary.runs = runs.size();
  fs::create_directories(out / "data");
  Writer w(out);
  const int threads = opt.threads > 0 ? static_cast<int>(opt.threads) : tbb::this_task_arena::max_concurrency();
  tbb::task_arena arena(threads);
  const RawSets raw = raw_sets(runs);
  std::vector<std::unique_ptr<io::Folder>> raw_dirs;
  std::vector<std::vector<std::string>> raw_errors(raw.sets);  // set -> index -> why it could not be read
  if (opt.raw_pages)
    for (std::size_t j = 0; j < raw.sets; ++j) {
      fs::create_directories(out / "raw" / std::to_string(j));
      raw_dirs.push_back(std::make_unique<io::Folder>(out / "raw" / std::to_string(j)));
    }
  std::atomic<std::uint64_t> page_bytes{0}, raw_bytes{0};
  std::atomic<std::size_t> raw_files{0};
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const ReportRun& run = *runs[k];
    const PageSource& source = *sources[k];
    const std::vector<std::string> forms = view_forms(run.metrics);
    const fs::path rdir = "r" + std::to_string(k);
    fs::create_directories(out / rdir / "p");
    const io::Folder page_dir(out / rdir / "p");
    const int set = raw.set_of_run[k];
    std::vector<std::string>& set_errors = raw_errors[set];
    std::size_t set_size = set_errors.size();
    for (std::size_t i = 0; i < run.pages(); ++i) set_size = std::max<std::size_t>(set_size, raw.index[k][i] + 1);
    set_errors.resize(set_size);
    const OutputFolders outputs(run);
    std::vector<PageProblems> problems(run.pages());
    RunVerdicts verdicts;
    std::unique_ptr<RunDeltas> deltas;
    std::unique_ptr<Unmatched> unmatched;
    if (k > 0) {
      unmatched = std::make_unique<Unmatched>(unmatched_systems(*runs[0], run));
      if (!unmatched->empty()) summary.warnings.push_back(unmatched_warning(*unmatched, k, *runs[0], run));
    }
    std::string pages_js, tables_html;
    std::atomic<std::int64_t> page_ns{0}, raw_ns{0};
    arena.execute([&] {
      // What does not depend on the pages (the verdicts, the page lists, the tables)
      // is computed beside them, by the same threads: one pool, no idle core while
      // a serial part runs.
      tbb::task_group beside;
      beside.run([&] {
        JudgeOptions jo = opt.judge;
        jo.threads = static_cast<unsigned>(threads);
        verdicts = judge_run(run, jo);
        if (k > 0) deltas = std::make_unique<RunDeltas>(compare_runs(*runs[0], run, jo));
      });
      beside.run([&] {
        pages_js = data_file("detourPages", std::to_string(k), pages_json(run, raw.identity[k] ? nullptr : &raw.index[k]),
                             /*as_string=*/false, opt.compress);
      });
      beside.run([&] {
        // Table 2 and Table 4 as the table model builds them (reports/tables.h), through
        // its HTML writer: a page without scripts beside the application.
        RunTables rt = run_tables(run.records, static_cast<unsigned>(threads));
        Document tables = std::move(rt.table2);
        for (auto& t : rt.table4.tables) tables.tables.push_back(std::move(t));
        for (auto& sig : rt.table4.signatures)
          if (std::find(tables.signatures.begin(), tables.signatures.end(), sig) == tables.signatures.end())
            tables.signatures.push_back(sig);
        tables_html = reports::write(tables, "html");
      });
      tbb::parallel_for(std::size_t{0}, run.pages(), [&](std::size_t i) {
        const std::int64_t t0 = thread_cpu_ns();
        const std::string page = data_file("detourPage", std::to_string(k) + "," + std::to_string(i),
                                           page_json(run, i, source, outputs, forms, opt.car_view, problems[i]),
                                           /*as_string=*/false, opt.compress);
        w.write(page_dir, std::to_string(i) + ".js", page);
        page_bytes.fetch_add(page.size(), std::memory_order_relaxed);
        const std::int64_t t1 = thread_cpu_ns();
        page_ns.fetch_add(t1 - t0, std::memory_order_relaxed);
        if (!opt.raw_pages || !raw.writes[k][i]) return;
        const std::uint32_t index = raw.index[k][i];
        std::string html;
        try {
          html = source.raw(i);
        } catch (const std::exception& e) {
          set_errors[index] = e.what();
          return;
        }
        const std::string data =
            data_file("detourRaw", std::to_string(set) + "," + std::to_string(index), html, /*as_string=*/true, opt.compress);
        w.write(*raw_dirs[set], std::to_string(index) + ".js", data);
        raw_bytes.fetch_add(data.size(), std::memory_order_relaxed);
        raw_files.fetch_add(1, std::memory_order_relaxed);
        raw_ns.fetch_add(thread_cpu_ns() - t1, std::memory_order_relaxed);
      });
      beside.wait();
    });
    if (opt.raw_pages)
      for (std::size_t i = 0; i < run.pages(); ++i) problems[i].raw_error = set_errors[raw.index[k][i]];
    summary.pages_seconds += 1e-9 * static_cast<double>(page_ns.load());
    summary.raw_seconds += 1e-9 * static_cast<double>(raw_ns.load());
    std::size_t mismatches = 0, gold_errors = 0;
    for (const auto& p : problems) {
      mismatches += p.mismatches.size();
      gold_errors += !p.gold_error.empty();
    }
    summary.count_mismatches += mismatches;
    summary.gold_errors += gold_errors;
    const std::string which = runs.size() > 1 ? "run " + std::to_string(k) + ": " : "";
    if (mismatches > 0)
      summary.warnings.push_back(which + std::to_string(mismatches) +
                                 " (system, page, metric) counts of the viewer's alignments differ from per_doc.tsv "
                                 "(the corpus or the outputs changed since the run?); listed in the overview");
    if (gold_errors > 0)
      summary.warnings.push_back(which + std::to_string(gold_errors) + " pages without a readable gold text; listed in the overview");
    if (run.outputs_dir.empty())
      summary.warnings.push_back(which + "the viewer shows no output texts: " + run.outputs_note);
    json ov = overview_json(run, k, verdicts, forms, problems, deltas.get(), unmatched.get(), opt.raw_pages ? set : -1);
    ov["title"] = opt.title;
    ov["version"] = std::string(detour_version());
    ov["compressed"] = opt.compress;
    w.write(fs::path("data") / ("run" + std::to_string(k) + ".js"),
            "(window.DETOUR_RUNS = window.DETOUR_RUNS || [])[" + std::to_string(k) + "] = " + dump(ov) + ";\n");
    w.write(fs::path("data") / ("pages" + std::to_string(k) + ".js"), pages_js);
    w.write("tables" + std::to_string(k) + ".html", tables_html);
    summary.pages += run.pages();
  }
  w.write("index.html", index_html(opt.title, runs.size()));
  summary.files = w.files();
  summary.bytes = w.bytes();
  summary.page_bytes = page_bytes.load();
  summary.raw_bytes = raw_bytes.load();
  summary.raw_files = raw_files.load();
  return summary;
}

}  // namespace detour::reports::html
