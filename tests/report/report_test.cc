// The HTML report's C++ side: the viewer's alignments give the metrics' own counts,
// their JSON keeps every token, run folders are read back (and bad ones refused with
// the file named), and a report of the sample corpus is written with every
// alignment checked against per_doc.tsv. The browser side is tests/report/
// browser_test.py (ctest: "report: ...").
#include <catch2/catch.hpp>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <random>
#include <regex>
#include <set>

#include "base/gzip.h"
#include "base/io.h"
#include "base/utf8.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "metrics/metric.h"
#include "reports/html/html_report.h"
#include "reports/html/json_text.h"
#include "reports/html/judge.h"
#include "reports/html/page_view.h"
#include "reports/html/report_run.h"
#include "runner/runner.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;
using namespace detour::reports::html;
using detour::testing::TempDir;
using detour::testing::run_detour;
using detour::testing::source_dir;

namespace {

// Code points of a UTF-8 string (the JSON writer's output is valid UTF-8).
std::size_t code_points(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

const std::vector<std::pair<std::string, std::string>>& pairs() {
  static const std::vector<std::pair<std::string, std::string>> p = {
      {"<h>Title of it\n<p>one two three four\n<p>five six\n", "<p>one two three four\n<l>seven\n"},
      {"<p>a b c\n", ""},                                     // nothing extracted
      {"", "<p>something extracted\n"},                       // empty gold
      {"URL http://x\n<p>  leading and trailing  \n", " <p>leading and trailing \n"},
      {"<p>\xff\xfe bytes \xc3\x28 <script>alert(1)</script> </textarea>\n",
       "<p>\xff\xfe bytes <script>alert(1)</script> \"><img onerror=x>\n"},
      {"<h>\xe4\xb8\xad\xe6\x96\x87\xe6\xa0\x87\xe9\xa2\x98\n<p>\xe8\xbf\x99\xe6\x98\xaf\xe6\xad\xa3\xe6\x96\x87\n",
       "<p>\xe8\xbf\x99\xe6\x98\xaf\xe6\xad\xa3\xe6\x96\x87\xe5\x92\x8c\xe5\xb9\xbf\xe5\x91\x8a\n"},
  };
  return p;
}

}  // namespace

TEST_CASE("report viewer: alignments give the metrics' own counts, every form", "[html-report]") {
  const std::vector<std::string> forms = {"tm", "tmu", "to", "car"};
  for (bool autojunk : {true, false}) {
    for (const auto& [gold, sys] : pairs()) {
      PageData page = align_page(gold, {sys}, forms, autojunk, CarView::kAll);
      REQUIRE(page.forms == forms);
      metrics::ScoreOptions opts;
      opts.autojunk = autojunk;
      metrics::DocPair pair(sys, gold, opts);
      for (std::size_t k = 0; k < forms.size(); ++k) {
        INFO("form " << forms[k] << ", gold " << gold << ", output " << sys);
        const metrics::DocScore d = metrics::find_metric(forms[k]).score(pair);
        const FormCounts& c = page.counts[0][k];
        CHECK(c.tp == d.tp);
        CHECK(c.fp == d.fp);
        CHECK(c.fn == d.fn);
        if (forms[k] == "tm") {
          const metrics::DocScore t = metrics::find_metric("tag").score(pair);
          CHECK(c.tag_tp == t.tp);
          CHECK(c.tag_fp == t.fp);
          CHECK(c.tag_fn == t.fn);
        }
      }
    }
  }
}

namespace {
// The tokens of indices (json_text.h digits).
std::vector<std::string> decode_indices(const std::string& s, int w, const nlohmann::json& dict) {
  std::vector<std::string> out;
  for (std::size_t p = 0; p + w <= s.size(); p += w) {
    std::size_t v = 0;
    for (int d = 0; d < w; ++d) v = v * 64 + kIndexDigits.find(s[p + d]);
    out.push_back(dict.at(v).get<std::string>());
  }
  return out;
}
}  // namespace

TEST_CASE("report viewer: the JSON keeps every token, and the opcodes cover both sides", "[html-report]") {
  const std::vector<std::string> forms = {"tm", "to", "car"};
  for (const auto& [gold, sys] : pairs()) {
    PageData page = align_page(gold, {sys, gold}, forms, true, CarView::kAll);
    // As the browser reads it.
    const nlohmann::json j = nlohmann::json::parse("{" + page.json + "}");
    const int w = j["w"];
    CHECK(j["forms"] == nlohmann::json(forms));
    for (std::size_t k = 0; k < forms.size(); ++k) {
      INFO("form " << forms[k] << ", gold " << gold);
      const auto& gs = j["gold"][forms[k]];
      const auto& os = j["outputs"][0][forms[k]];
      const std::size_t n = gs["n"], nx = os["nx"];
      const bool chars = forms[k] == "car";
      CHECK((chars ? code_points(gs["t"]) : decode_indices(gs["i"], w, j["dict"]).size()) == n);
      CHECK((chars ? code_points(os["x"]) : decode_indices(os["x"], w, j["dict"]).size()) == nx);
      std::size_t la = 0, lb = 0, extra = 0;
      const auto& ops = os["ops"];
      REQUIRE(ops.size() % 3 == 0);
      for (std::size_t i = 0; i < ops.size(); i += 3) {
        int tag = ops[i];
        la += ops[i + 1].get<std::size_t>();
        lb += ops[i + 2].get<std::size_t>();
        if (tag == 1 || tag == 2) extra += ops[i + 1].get<std::size_t>();
      }
      CHECK(lb == n);
      CHECK(extra == nx);
      const FormCounts& c = page.counts[0][k];
      CHECK(la == static_cast<std::size_t>(c.tp + c.fp));
      // The gold against itself: one equal opcode (or none), nothing extra.
      CHECK(j["outputs"][1][forms[k]]["nx"] == 0);
      CHECK(page.counts[1][k].fn == 0);
    }
  }
  // Invalid bytes become U+FFFD, each token stays one token; the dictionary holds
  // each distinct token once, the gold's first.
  PageData page = align_page("<p>ok \xff\xfe ok\n", {"<p>ok \xff\xfe\n<p>new new\n"}, {"to"}, true);
  const nlohmann::json j = nlohmann::json::parse("{" + page.json + "}");
  CHECK(j["dict"] == nlohmann::json::array({"ok", "\xef\xbf\xbd\xef\xbf\xbd", "new"}));
  CHECK(j["gold"]["to"]["i"] == "ABA");
  CHECK(j["outputs"][0]["to"]["x"] == "CC");
  // A dictionary of more than 64 tokens takes two digits per index.
  std::string many = "<p>";
  for (int i = 0; i < 100; ++i) {
    many += 'w';
    many += std::to_string(i);
    many += ' ';
  }
  const nlohmann::json j2 = nlohmann::json::parse("{" + align_page(many, {}, {"to"}, true).json + "}");
  CHECK(j2["w"] == 2);
  CHECK(decode_indices(j2["gold"]["to"]["i"], 2, j2["dict"]).at(99) == "w99");
}

TEST_CASE("report viewer: characters aligned for pages of long words only, by default", "[html-report]") {
  const std::string zh = "<p>\xe8\xbf\x99\xe6\x98\xaf\xe4\xb8\x80\xe4\xb8\xaa\xe5\xbe\x88\xe9\x95\xbf\xe7\x9a\x84"
                         "\xe5\x8f\xa5\xe5\xad\x90\xe6\xb2\xa1\xe6\x9c\x89\xe7\xa9\xba\xe6\xa0\xbc\n";
  CHECK(align_page(zh, {zh}, {"tm", "to", "car"}, true).forms == std::vector<std::string>{"tm", "to", "car"});
  CHECK(align_page("<p>short words here\n", {""}, {"tm", "to", "car"}, true).forms == std::vector<std::string>{"tm", "to"});
  CHECK(align_page(zh, {zh}, {"to", "car"}, true, CarView::kNone).forms == std::vector<std::string>{"to"});
}

TEST_CASE("report viewer: segment starts of the text-only words", "[html-report]") {
  const nlohmann::json j =
      nlohmann::json::parse("{" + align_page("<h>Head line\n<p>para one\n<l>item\n", {}, {"to", "car"}, true, CarView::kAll).json + "}");
  CHECK(j["gold"]["to"]["seg"] == nlohmann::json::array({0, 1, 2, 0, 4, 2}));
  CHECK(j["gold"]["car"]["seg"] == nlohmann::json::array({0, 1, 8, 0, 15, 2}));
}

TEST_CASE("report: JSON strings from any bytes", "[html-report]") {
  std::string out;
  append_json_string(out, std::string("a\"b\\c\n\x01\xe2\x80\xa8 \xc3\x28 \xf0\x9f\x98\x80 \xed\xa0\x80"));
  CHECK(out == "\"a\\\"b\\\\c\\n\\u0001\\u2028 \xef\xbf\xbd( \xf0\x9f\x98\x80 \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
  CHECK(nlohmann::json::parse(out).get<std::string>().size() > 0);
}

namespace {

// The JSON string rules of json_text.h, one byte or sequence at a time: the reference
// the word-at-a-time writer is checked against.
std::string reference_json_string(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (c == '"') out += "\\\"";
      else if (c == '\\') out += "\\\\";
      else if (c == '\n') out += "\\n";
      else if (c == '\t') out += "\\t";
      else if (c == '\r') out += "\\r";
      else if (c < 0x20) out += "\\u00" + std::string(1, "0123456789abcdef"[c >> 4]) + "0123456789abcdef"[c & 15];
      else out += static_cast<char>(c);
      ++i;
      continue;
    }
    const utf8::Step st = utf8::decode(s, i);
    if (!st.ok) out += "\xef\xbf\xbd";
    else if (st.cp == 0x2028) out += "\\u2028";
    else if (st.cp == 0x2029) out += "\\u2029";
    else out.append(s.substr(i, st.len));
    i += st.len;
  }
  return out + "\"";
}

}  // namespace

TEST_CASE("report: JSON strings equal the one-byte-at-a-time rules on random bytes", "[html-report]") {
  std::mt19937 rng(7);
  // Pieces that matter: plain runs of every length, quotes, backslashes, controls,
  // DEL, multi-byte sequences (valid, truncated, overlong, surrogates), U+2028/9.
  const std::vector<std::string> pieces = {"a", "plain text ", "0123456789abcdef", "\"", "\\", "\n", "\t", "\r", "\x01",
                                           "\x1f", "\x7f", " ", "\xc3\xa9", "\xe4\xb8\xad", "\xf0\x9f\x98\x80", "\xe2\x80\xa8",
                                           "\xe2\x80\xa9", "\xc3", "\xe4\xb8", "\xed\xa0\x80", "\xc0\xaf", "\xff", "\x80", "<p>"};
  for (int trial = 0; trial < 3000; ++trial) {
    std::string s;
    const int n = static_cast<int>(rng() % 40);
    for (int k = 0; k < n; ++k) s += pieces[rng() % pieces.size()];
    for (int k = static_cast<int>(rng() % 4); k > 0; --k) s += static_cast<char>(rng() % 256);  // any byte
    std::string out = "prefix";
    append_json_string(out, s);
    REQUIRE(out == "prefix" + reference_json_string(s));
  }
  // Code points one at a time: as the UTF-8 of the code point (U+FFFD for what is not
  // a scalar value) written by append_json_string, without its quotes.
  for (char32_t cp : {0x0u, 0x1fu, 0x22u, 0x5cu, 0x41u, 0x7fu, 0xe9u, 0x2028u, 0x2029u, 0x4e2du, 0x1f600u, 0xd800u,
                      0x110041u, 0x1100ffu}) {
    std::string got, utf8_of;
    append_json_code_point(got, cp);
    utf8::append(utf8_of, cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? 0xfffd : cp);
    const std::string want = reference_json_string(utf8_of);
    CHECK(got == want.substr(1, want.size() - 2));
  }
}

TEST_CASE("report: run folders are read back (results::read_run), bad ones refused naming the file", "[html-report]") {
  TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = source_dir() / "corpora" / "sample";
  cfg.extractors = {"BP", "GOLD", "NONE"};
  cfg.metrics = "to,tm";
  cfg.languages = {"en", "zh"};
  cfg.progress = false;
  cfg.out = t.path / "run";
  harness::write_run(cfg, harness::run(cfg));
  ReportRun run = load_report_run(cfg.out);
  CHECK(run.pages() == 15);
  REQUIRE(run.systems.size() == 3);
  CHECK(run.systems[0].name == "BP");
  CHECK(run.metrics == std::vector<std::string>{"to", "tm"});
  CHECK(run.has_timings);
  CHECK_FALSE(run.systems[0].signature.empty());
  for (std::size_t i = 0; i < run.pages(); ++i) {
    CHECK(run.systems[1].by_metric[0][i].f1 == Approx(100));  // GOLD
    CHECK(run.systems[1].by_metric[0][i].fp == 0);
  }

  // The verdicts: GOLD is a baseline and never best; the best has an interval.
  JudgeOptions jo;
  jo.resamples = 200;
  RunVerdicts v = judge_run(run, jo);
  CHECK(v.languages == std::vector<std::string>{"en", "zh", "all"});
  const CellVerdict& bp = v.cells[2][0][0];
  CHECK(bp.best);
  CHECK(bp.has_interval);
  CHECK(bp.f1_lo <= bp.f1);
  CHECK(bp.f1 <= bp.f1_hi);
  CHECK_FALSE(v.cells[2][0][1].best);
  CHECK(v.cells[2][0][1].baseline);

  // A task's tables, when the folder holds them.
  io::write_file_atomic(cfg.out / "table3.tsv", "system\tlang\tP\tR\tF1\nreference\ten\t100.00\t80.00\t88.89\n# task:daniel|x\n");
  io::write_file_atomic(cfg.out / "correlation.json",
                        R"({"signature": "task:daniel|stat:micro-f1", "languages": {"all": {"to": {"tau": 0.6, "lo": 0.2, "hi": 0.9}},
                            "en": {"to": {"tau": null, "lo": null, "hi": null}}}})");
  ReportRun with_task = load_report_run(cfg.out);
  REQUIRE(with_task.extra_tables.size() == 2);
  CHECK(with_task.extra_tables[0].name == "table3");
  CHECK(with_task.extra_tables[0].table["rows"] ==
        nlohmann::json::parse(R"([["reference", "en", {"value": 100.0, "decimals": 2, "signature": 0},
                                   {"value": 80.0, "decimals": 2, "signature": 0}, {"value": 88.89, "decimals": 2, "signature": 0}]])"));
  CHECK(with_task.extra_tables[0].table["notes"][0] == "task:daniel|x");
  const nlohmann::json& corr = with_task.extra_tables[1].table;
  CHECK(corr["columns"] == nlohmann::json::parse(R"([{"label": "metric", "group": "", "align": "left"},
      {"label": "tau", "group": "en", "align": "right"}, {"label": "tau", "group": "all", "align": "right"}])"));
  CHECK(corr["rows"] == nlohmann::json::parse(R"([["to", "undefined", {"value": 0.6, "decimals": 3, "signature": 0, "lo": 0.2, "hi": 0.9}]])"));
  fs::remove(cfg.out / "table3.tsv");
  fs::remove(cfg.out / "correlation.json");

  // Bad folders.
  auto fails_with = [](const fs::path& dir, const std::string& needle) {
    try {
      load_report_run(dir);
      FAIL("no error for " << dir);
    } catch (const RunFolderError& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find(needle) != std::string::npos);
    }
  };
  fails_with(t.path / "nothing", "nothing: not a run folder");
  fs::copy(cfg.out, t.path / "bad", fs::copy_options::recursive);
  std::string per_doc = io::read_file(t.path / "bad" / "per_doc.tsv");
  std::string broken = std::regex_replace(per_doc, std::regex("\tok\tto\t([0-9]+)\t"), "\tok\tto\tmany\t",
                                          std::regex_constants::format_first_only);
  io::write_file_atomic(t.path / "bad" / "per_doc.tsv", broken);
  fails_with(t.path / "bad", "per_doc.tsv: line 2: count 'many' is not a non-negative integer");
  io::write_file_atomic(t.path / "bad" / "per_doc.tsv", per_doc);
  io::write_file_atomic(t.path / "bad" / "results.json", "{\"systems\": ");
  fails_with(t.path / "bad", "results.json: not valid JSON");
  fs::remove(t.path / "bad" / "results.json");
  fails_with(t.path / "bad", "results.json");
}

namespace {
class SamplePages : public PageSource {
 public:
  SamplePages(const ReportRun& run, const fs::path& root) : corpus_(corpora::open_corpus(root)) {
    for (std::size_t i = 0; i < run.pages(); ++i)
      for (const auto& d : corpus_.docs)
        if (d.lang == run.langs[i] && d.id == run.ids[i]) docs_.push_back(&d);
  }
  std::string gold(std::size_t page) const override { return corpora::load_gold_bytes(*docs_.at(page)); }
  std::string raw(std::size_t page) const override {
    return corpora::decode_page(corpora::load_page_raw(*docs_.at(page))).utf8;
  }

 private:
  corpora::Corpus corpus_;
  std::vector<const corpora::CorpusDoc*> docs_;
};
// A data file of the report (html_report.h): `callback(args,payload)`, or compressed
// `callbackZ(args,"<gzip member as a binary string>")`, read back independently of
// the writer: the string unescaped (\\", \\\\, \\n, \\r) and inflated.
struct DataFile {
  std::string callback, args, payload;
  bool compressed = false;
};
// A run of the sample corpus with `extractors` and `metrics`, written to `out` and read
// back for the report.
ReportRun sample_run(const fs::path& out, std::vector<std::string> extractors, const std::string& metrics) {
  harness::RunConfig cfg;
  cfg.corpus = source_dir() / "corpora" / "sample";
  cfg.extractors = std::move(extractors);
  cfg.metrics = metrics;
  cfg.progress = false;
  cfg.out = out;
  harness::write_run(cfg, harness::run(cfg));
  return load_report_run(out);
}
DataFile read_data_file(const fs::path& file) {
  const std::string bytes = io::read_file(file);
  DataFile d;
  const std::size_t open = bytes.find('(');
  REQUIRE(open != std::string::npos);
  d.callback = bytes.substr(0, open);
  d.compressed = !d.callback.empty() && d.callback.back() == 'Z';
  REQUIRE(bytes.size() > open + 4);
  REQUIRE(bytes.compare(bytes.size() - 3, 3, ");\n") == 0);
  const std::string inner = bytes.substr(open + 1, bytes.size() - open - 4);
  if (!d.compressed) {
    // args are numbers: the payload starts after the last comma before it.
    std::size_t at = 0;
    while (at < inner.size() && (std::isdigit(static_cast<unsigned char>(inner[at])) || inner[at] == ',')) ++at;
    d.args = inner.substr(0, at - 1);
    d.payload = inner.substr(at);
    return d;
  }
  const std::size_t quote = inner.find('"');
  REQUIRE(quote != std::string::npos);
  REQUIRE(inner.back() == '"');
  d.args = inner.substr(0, quote - 1);
  std::string packed;
  for (std::size_t i = quote + 1; i + 1 < inner.size(); ++i) {
    char c = inner[i];
    if (c == '\\') {
      const char e = inner[++i];
      c = e == 'n' ? '\n' : e == 'r' ? '\r' : e;
      CHECK((e == 'n' || e == 'r' || e == '"' || e == '\\'));
    } else {
      CHECK((c != '"' && c != '\n' && c != '\r'));
    }
    packed += c;
  }
  d.payload = gunzip(packed);
  return d;
}
}  // namespace

TEST_CASE("report: the sample run's report, every alignment equal to per_doc.tsv, same bytes twice", "[html-report]") {
  TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = source_dir() / "corpora" / "sample";
  cfg.extractors = {"BP", "JTA", "ALL", "NC", "GOLD", "NONE"};
  cfg.chains = {{"BP", "JTA"}};
  cfg.metrics = "to,car,tm,tag,lcs";
  cfg.progress = false;
  cfg.out = t.path / "run";
  harness::write_run(cfg, harness::run(cfg));
  ReportRun run = load_report_run(cfg.out);
  SamplePages pages(run, cfg.corpus);
  ReportOptions opt;
  opt.judge.resamples = 100;
  ReportSummary s = write_html_report({&run}, {&pages}, t.path / "report", opt);
  CHECK(s.count_mismatches == 0);
  CHECK(s.gold_errors == 0);
  // index, data/run0.js, data/pages0.js, tables0.html, a viewer and a raw file per page
  CHECK(s.files == 4 + 2 * run.pages());
  const std::string tables = io::read_file(t.path / "report" / "tables0.html");
  CHECK(tables.find("<h3>Table 2 - all</h3>") != std::string::npos);
  CHECK(tables.find("<script") == std::string::npos);
  const std::string index = io::read_file(t.path / "report" / "index.html");
  CHECK(index.find("Content-Security-Policy") != std::string::npos);
  CHECK(index.find("src=\"http") == std::string::npos);
  CHECK(index.find("<script src=\"data/run0.js\"></script>") != std::string::npos);
  // The page lists are written by hand in nlohmann::json's own bytes: parsing and
  // dumping them gives them back.
  const DataFile pages_file = read_data_file(t.path / "report" / "data" / "pages0.js");
  CHECK(pages_file.callback == "detourPagesZ");
  CHECK(pages_file.args == "0");
  const std::string body = pages_file.payload;
  const nlohmann::json pj = nlohmann::json::parse(body);
  CHECK(pj.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) == body);
  CHECK(pj["pages"]["id"].size() == run.pages());
  CHECK(pj["status"].size() == run.systems.size());
  CHECK(pj["scores"]["tm"]["f"].size() == run.systems.size());
  CHECK(pj["scores"]["tm"]["f"][0].size() == run.pages());
  CHECK(pj["raw_index"].is_null());
  const std::string page0 = read_data_file(t.path / "report" / "r0" / "p" / "0.js").payload;
  CHECK(page0.rfind("{\"v\":2,\"n\":0,", 0) == 0);
  // Page 0 is Greek: no character alignment (short words), the other forms checked.
  CHECK(page0.find("\"forms\":[\"tm\",\"to\"]") != std::string::npos);
  CHECK(page0.find("\"check\":{\"tag\":true,\"tm\":true,\"to\":true}") != std::string::npos);
  // A Chinese page has it.
  bool zh_car = false;
  for (std::size_t i = 0; i < run.pages(); ++i)
    if (run.langs[i] == "zh")
      zh_car = zh_car || read_data_file(t.path / "report" / "r0" / "p" / (std::to_string(i) + ".js"))
                             .payload.find("\"check\":{\"car\":true,\"tag\":true,\"tm\":true,\"to\":true}") !=
                             std::string::npos;
  CHECK(zh_car);

  // Deterministic: the same report twice (with two runs: the deltas too).
  opt.threads = 1;
  write_html_report({&run, &run}, {&pages, &pages}, t.path / "again", opt);
  opt.threads = 3;
  write_html_report({&run, &run}, {&pages, &pages}, t.path / "again3", opt);
  for (std::string f : {"index.html", "data/run0.js", "r0/p/7.js", "raw/0/7.js", "data/run1.js", "data/pages1.js"})
    CHECK(io::read_file(t.path / "again" / f) == io::read_file(t.path / "again3" / f));
  CHECK(io::read_file(t.path / "again" / "data/run0.js") == io::read_file(t.path / "report" / "data/run0.js"));
  const std::string run1 = io::read_file(t.path / "again" / "data/run1.js");
  CHECK(run1.find("\"deltas\":{\"against\":0") != std::string::npos);
}

TEST_CASE("report: raw pages written once per corpus, the runs of one corpus sharing them", "[html-report]") {
  // Two runs of the sample corpus: all of it, and the second of two shards (a subset
  // of its pages, the same corpus fingerprint). Each raw page is written once, in
  // raw/0/, and the second run finds its pages there by language and id.
  TempDir t;
  harness::RunConfig cfg;
  cfg.corpus = source_dir() / "corpora" / "sample";
  cfg.extractors = {"BP", "GOLD"};
  cfg.metrics = "to";
  cfg.progress = false;
  cfg.out = t.path / "all";
  harness::write_run(cfg, harness::run(cfg));
  cfg.out = t.path / "half";
  cfg.shard = {2, 2};
  harness::write_run(cfg, harness::run(cfg));
  ReportRun all = load_report_run(t.path / "all"), half = load_report_run(t.path / "half");
  REQUIRE(all.corpus_fingerprint == half.corpus_fingerprint);
  REQUIRE(half.pages() < all.pages());
  REQUIRE(half.pages() > 0);
  SamplePages all_pages(all, cfg.corpus), half_pages(half, cfg.corpus);
  ReportOptions opt;
  opt.judge.resamples = 0;
  for (bool compress : {true, false}) {
    INFO("compressed: " << compress);
    opt.compress = compress;
    const fs::path out = t.path / (compress ? "report" : "plain");
    ReportSummary s = write_html_report({&all, &half}, {&all_pages, &half_pages}, out, opt);
    CHECK(s.raw_files == all.pages());
    std::size_t files = 0;
    for (const auto& e : fs::recursive_directory_iterator(out / "raw")) files += e.is_regular_file();
    CHECK(files == all.pages());
    CHECK_FALSE(fs::exists(out / "r0" / "raw"));
    CHECK_FALSE(fs::exists(out / "r1" / "raw"));
    CHECK_FALSE(fs::exists(out / "raw" / "1"));
    // Run 1's pages point into raw/0 at their own page of the corpus.
    const nlohmann::json p1 = nlohmann::json::parse(read_data_file(out / "data" / "pages1.js").payload);
    REQUIRE(p1["raw_index"].size() == half.pages());
    CHECK(nlohmann::json::parse(read_data_file(out / "data" / "pages0.js").payload)["raw_index"].is_null());
    const std::string run1 = io::read_file(out / "data" / "run1.js");
    const std::size_t at = run1.find("] = ");
    REQUIRE(at != std::string::npos);
    CHECK(nlohmann::json::parse(run1.substr(at + 4, run1.size() - at - 6))["raw_set"] == 0);
    for (std::size_t i = 0; i < half.pages(); ++i) {
      const std::size_t r = p1["raw_index"][i].get<std::size_t>();
      REQUIRE(r < all.pages());
      CHECK(all.langs[r] == half.langs[i]);
      CHECK(all.ids[r] == half.ids[i]);
      const DataFile raw = read_data_file(out / "raw" / "0" / (std::to_string(r) + ".js"));
      CHECK(raw.args == "0," + std::to_string(r));
      std::string expected;
      if (compress) expected = half_pages.raw(i);
      else append_json_string(expected, half_pages.raw(i));
      CHECK(raw.payload == expected);
    }
  }
}

TEST_CASE("report: compressed data files hold the plain files' data", "[html-report]") {
  TempDir t;
  ReportRun run = sample_run(t.path / "run", {"BP", "JTA", "NONE"}, "to,car,tm");
  SamplePages pages(run, source_dir() / "corpora" / "sample");
  ReportOptions opt;
  opt.judge.resamples = 50;
  opt.compress = true;
  const ReportSummary packed = write_html_report({&run}, {&pages}, t.path / "packed", opt);
  opt.compress = false;
  const ReportSummary plain = write_html_report({&run}, {&pages}, t.path / "plain", opt);
  CHECK(packed.files == plain.files);
  CHECK(packed.page_bytes * 2 < plain.page_bytes);
  CHECK(packed.raw_bytes * 2 < plain.raw_bytes);
  std::vector<std::string> files = {"data/pages0.js"};
  for (std::size_t i = 0; i < run.pages(); ++i) {
    files.push_back("r0/p/" + std::to_string(i) + ".js");
    files.push_back("raw/0/" + std::to_string(i) + ".js");
  }
  for (const auto& f : files) {
    INFO(f);
    const DataFile a = read_data_file(t.path / "packed" / f), b = read_data_file(t.path / "plain" / f);
    CHECK(a.compressed);
    CHECK_FALSE(b.compressed);
    CHECK(a.callback == b.callback + "Z");
    CHECK(a.args == b.args);
    if (f.starts_with("raw/")) {
      // The plain file holds the page as a JSON string (invalid UTF-8 as U+FFFD, as the
      // browser's decoder reads the inflated bytes).
      std::string as_json;
      append_json_string(as_json, a.payload);
      CHECK(as_json == b.payload);
    } else {
      CHECK(a.payload == b.payload);
    }
  }
  // The overview says which kind the report holds (the script loads compressed files
  // as windows-1252).
  CHECK(io::read_file(t.path / "packed" / "data" / "run0.js").find("\"compressed\":true") != std::string::npos);
  CHECK(io::read_file(t.path / "plain" / "data" / "run0.js").find("\"compressed\":false") != std::string::npos);
}

TEST_CASE("report: binary strings escape only quote, backslash, LF and CR", "[html-report]") {
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  std::string out;
  append_binary_string(out, all);
  CHECK(out.size() == 256 + 2 + 4);
  CHECK(out.front() == '"');
  CHECK(out.back() == '"');
  CHECK(out.find("\\n") != std::string::npos);
  CHECK(out.find("\\r") != std::string::npos);
  CHECK(out.find("\\\"") != std::string::npos);
  CHECK(out.find("\\\\") != std::string::npos);
  CHECK(out.find('\n') == std::string::npos);
  CHECK(out.find('\r') == std::string::npos);
  // gzip members of the same bytes are the same bytes (no time stamp).
  CHECK(gzip(all) == gzip(all));
  CHECK(gunzip(gzip(all)) == all);
  CHECK(gunzip(gzip("")) == "");
}

namespace {
std::string q(const fs::path& p) {  // quoted for the shell (appended, not "'" + ...: GCC 12's -Wrestrict)
  std::string s = "'";
  s += p.string();
  s += '\'';
  return s;
}
std::string sample_corpus() { return q(source_dir() / "corpora" / "sample"); }
nlohmann::json run_js(const fs::path& file) {
  const std::string s = io::read_file(file);
  const std::size_t at = s.find("] = ");  // (window.DETOUR_RUNS = ...)[k] = {...};\n
  REQUIRE(at != std::string::npos);
  REQUIRE(s.size() > at + 6);
  return nlohmann::json::parse(s.substr(at + 4, s.size() - at - 6));
}
}  // namespace

TEST_CASE("report: a page's time shows the same hundredths from a store's exact value and a folder's three decimals",
          "[html-report]") {
  // 0.244996 ms rounds to 0.24 but its three-decimal form "0.245" to 0.25: the report
  // shows both through millis_as_kept, as timings.tsv keeps them.
  using detour::reports::html::millis_as_kept;
  const auto hundredths = [](double ms) { return std::round(ms * 100) / 100; };
  CHECK(hundredths(0.244996) != hundredths(0.245));
  CHECK(millis_as_kept(0.244996) == 0.245);
  CHECK(hundredths(millis_as_kept(0.244996)) == hundredths(millis_as_kept(0.245)));
  CHECK(millis_as_kept(12.3456789) == 12.346);
  CHECK(millis_as_kept(0) == 0);
  for (double ms = 0.0005; ms < 50; ms = ms * 1.37 + 0.000317)
    CHECK(millis_as_kept(millis_as_kept(ms)) == millis_as_kept(ms));  // what a folder reads back, kept again
}

TEST_CASE("report CLI: store runs (STORE_FILE:ID, ID) as compare and gate take them", "[html-report][cli]") {
  TempDir t;
  const fs::path db = t.path / "runs.sqlite";
  auto r = run_detour("run --corpus " + sample_corpus() + " --extractors BP,JTA --metrics to,tm --no-progress --jobs 2 --out " +
                      q(t.path / "run") + " --store " + q(db));
  REQUIRE(r.status == 0);
  // The store run with its folder: the same report as the folder's (outputs aligned).
  r = run_detour("report " + q(db.string() + ":1") + " --out " + q(t.path / "from-store") + " --resamples 20 --jobs 2");
  INFO(r.out);
  REQUIRE(r.status == 0);
  const nlohmann::json ov = run_js(t.path / "from-store" / "data" / "run0.js");
  CHECK(ov["label"] == "store run 1");
  CHECK(ov["dir"] == (t.path / "run").string());
  CHECK(ov["outputs"] == true);
  CHECK(ov["checks"]["mismatches"].empty());
  CHECK(ov["checks"]["output_errors"].empty());
  r = run_detour("report " + q(t.path / "run") + " --out " + q(t.path / "from-folder") + " --resamples 20 --jobs 2");
  REQUIRE(r.status == 0);
  for (const char* f : {"r0/p/3.js", "raw/0/3.js", "tables0.html"})
    CHECK(io::read_file(t.path / "from-store" / f) == io::read_file(t.path / "from-folder" / f));
  // The page lists too, times included: the store keeps them exact, timings.tsv to
  // the microsecond, and the report shows both as a folder keeps them.
  CHECK(io::read_file(t.path / "from-store" / "data" / "pages0.js") ==
        io::read_file(t.path / "from-folder" / "data" / "pages0.js"));
  // ID alone: a run of the default store, here $DETOUR_STORE.
  const std::string env = "DETOUR_STORE=" + q(db) + " ";
  std::string cmd = env + testing::detour_binary() + " report 1 --out " + q(t.path / "by-id") + " --resamples 0 --jobs 2 2>&1";
  CHECK(std::system(cmd.c_str()) == 0);
  CHECK(run_js(t.path / "by-id" / "data" / "run0.js")["label"] == "store run 1");
  // Without its folder, the records still make the report; the viewer says the
  // outputs are not at hand, and the command says so too.
  fs::rename(t.path / "run", t.path / "moved");
  r = run_detour("report " + q(db.string() + ":1") + " --out " + q(t.path / "no-folder") + " --resamples 20 --jobs 2");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("the viewer shows no output texts: a results store keeps the records of a run, not its output texts") !=
        std::string::npos);
  const nlohmann::json ov2 = run_js(t.path / "no-folder" / "data" / "run0.js");
  CHECK(ov2["outputs"] == false);
  CHECK(ov2["checks"]["output_errors"].empty());
  CHECK(ov2["verdicts"] == ov["verdicts"]);
  // An unknown run: an error naming it, exit 1.
  r = run_detour("report " + q(db.string() + ":7") + " --out " + q(t.path / "none"));
  CHECK(r.status == 1);
  CHECK(r.out.find("7") != std::string::npos);
}

TEST_CASE("report CLI: two runs whose systems differ in settings name the systems of one run only", "[html-report][cli]") {
  TempDir t;
  auto r = run_detour("run --corpus " + sample_corpus() + " --extractors BP,JTA,NONE --chains BP-JTA --metrics to --no-progress "
                      "--jobs 2 --out " + q(t.path / "a"));
  REQUIRE(r.status == 0);
  r = run_detour("run --corpus " + sample_corpus() + " --extractors 'BP,JTA(length_low=60),NONE' --chains 'BP-JTA(length_low=60)' "
                 "--metrics to,tm --no-progress --jobs 2 --out " + q(t.path / "b"));
  REQUIRE(r.status == 0);
  r = run_detour("report " + q(t.path / "a") + " " + q(t.path / "b") + " --out " + q(t.path / "report") + " --resamples 20 --jobs 2");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("warning: run 1 (b) compared with run 0 (a): 2 systems in run 0 only, not compared: JTA, BP-JTA; "
                   "2 systems in run 1 only, not compared: JTA(length_low=60), BP-JTA(length_low=60); metrics in run 1 only: tm") !=
        std::string::npos);
  const nlohmann::json d = run_js(t.path / "report" / "data" / "run1.js")["deltas"];
  CHECK(d["only_reference"] == nlohmann::json::parse(R"(["JTA", "BP-JTA"])"));
  CHECK(d["only_here"] == nlohmann::json::parse(R"x(["JTA(length_low=60)", "BP-JTA(length_low=60)"])x"));
  CHECK(d["signature_changed"].empty());
  CHECK(d["metrics_only_here"] == nlohmann::json::parse(R"(["tm"])"));
  // The cells compared: BP and NONE, per language and all.
  std::set<std::string> compared;
  for (const auto& c : d["cells"]) compared.insert(c[0].get<std::string>());
  CHECK(compared == std::set<std::string>{"BP", "NONE"});
  // One raw page set for both runs (the same corpus).
  CHECK(fs::exists(t.path / "report" / "raw" / "0"));
  CHECK_FALSE(fs::exists(t.path / "report" / "raw" / "1"));
}

TEST_CASE("report CLI: Table 3 of a task run in the table model, with its marks", "[html-report][cli]") {
  TempDir t;
  auto r = run_detour("run --corpus " + sample_corpus() + " --extractors BP,JTA,RD --metrics to --task daniel --trials 200 "
                      "--resamples 100 --no-progress --jobs 2 --out " + q(t.path / "run"));
  INFO(r.out);
  REQUIRE(r.status == 0);
  REQUIRE(fs::exists(t.path / "run" / "table3.json"));
  ReportRun run = load_report_run(t.path / "run");
  REQUIRE(run.extra_tables.size() == 2);
  const nlohmann::json& t3 = run.extra_tables[0].table;
  CHECK(run.extra_tables[0].file == "table3.json");
  CHECK(t3["columns"][0]["label"] == "system");
  CHECK(t3["columns"][1]["group"] == "el");  // the sample's first language
  CHECK(t3["columns"][1]["label"] == "P");
  std::size_t best = 0, intervals = 0;
  for (const auto& row : t3["rows"])
    for (const auto& c : row)
      if (c.is_object()) {
        best += c.contains("marks") && c["marks"][0] == "best";
        intervals += c.contains("lo");
      }
  CHECK(best >= 1);
  CHECK(intervals > 0);
  CHECK(t3["signatures"].size() >= 1);
  // From table3.tsv alone (an older run): the same table, intervals folded back into
  // their cells, no marks.
  fs::remove(t.path / "run" / "table3.json");
  ReportRun old = load_report_run(t.path / "run");
  const nlohmann::json& t3tsv = old.extra_tables[0].table;
  CHECK(old.extra_tables[0].file == "table3.tsv");
  CHECK(t3tsv["columns"] == t3["columns"]);
  REQUIRE(t3tsv["rows"].size() == t3["rows"].size());
  for (std::size_t i = 0; i < t3["rows"].size(); ++i)
    for (std::size_t c = 0; c < t3["rows"][i].size(); ++c) {
      const auto& a = t3["rows"][i][c];
      const auto& b = t3tsv["rows"][i][c];
      if (!a.is_object()) {
        CHECK(a == b);
        continue;
      }
      REQUIRE(b.is_object());
      CHECK(b["value"].get<double>() == Approx(a["value"].get<double>()).margin(0.005));
      CHECK(b.contains("lo") == a.contains("lo"));
      CHECK_FALSE(b.contains("marks"));
    }
}
