// The HTML report's C++ side: the viewer's alignments give the metrics' own counts,
// their JSON keeps every token, run folders are read back (and bad ones refused with
// the file named), and a report of the sample corpus is written with every
// alignment checked against per_doc.tsv. The browser side is tests/report/
// browser_test.py (ctest: "report: ...").
#include <catch2/catch.hpp>

#include <random>
#include <regex>

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
  CHECK(with_task.extra_tables[0].rows == std::vector<std::vector<std::string>>{{"reference", "en", "100.00", "80.00", "88.89"}});
  CHECK(with_task.extra_tables[0].notes == std::vector<std::string>{"task:daniel|x"});
  CHECK(with_task.extra_tables[1].header == std::vector<std::string>{"metric", "en tau [95% interval]", "all tau [95% interval]"});
  CHECK(with_task.extra_tables[1].rows == std::vector<std::vector<std::string>>{{"to", "undefined", "0.600 [0.200, 0.900]"}});
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
  const std::string pages_js = io::read_file(t.path / "report" / "data" / "pages0.js");
  const std::string prefix = "detourPages(0,", suffix = ");\n";
  REQUIRE(pages_js.rfind(prefix, 0) == 0);
  REQUIRE(pages_js.size() > prefix.size() + suffix.size());
  CHECK(pages_js.compare(pages_js.size() - suffix.size(), suffix.size(), suffix) == 0);
  const std::string body = pages_js.substr(prefix.size(), pages_js.size() - prefix.size() - suffix.size());
  const nlohmann::json pj = nlohmann::json::parse(body);
  CHECK(pj.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) == body);
  CHECK(pj["pages"]["id"].size() == run.pages());
  CHECK(pj["status"].size() == run.systems.size());
  CHECK(pj["scores"]["tm"]["f"].size() == run.systems.size());
  CHECK(pj["scores"]["tm"]["f"][0].size() == run.pages());
  const std::string page0 = io::read_file(t.path / "report" / "r0" / "p" / "0.js");
  CHECK(page0.rfind("detourPage(0,0,{", 0) == 0);
  // Page 0 is Greek: no character alignment (short words), the other forms checked.
  CHECK(page0.find("\"forms\":[\"tm\",\"to\"]") != std::string::npos);
  CHECK(page0.find("\"check\":{\"tag\":true,\"tm\":true,\"to\":true}") != std::string::npos);
  // A Chinese page has it.
  bool zh_car = false;
  for (std::size_t i = 0; i < run.pages(); ++i)
    if (run.langs[i] == "zh")
      zh_car = zh_car || io::read_file(t.path / "report" / "r0" / "p" / (std::to_string(i) + ".js"))
                                 .find("\"check\":{\"car\":true,\"tag\":true,\"tm\":true,\"to\":true}") != std::string::npos;
  CHECK(zh_car);

  // Deterministic: the same report twice (with two runs: the deltas too).
  opt.threads = 1;
  write_html_report({&run, &run}, {&pages, &pages}, t.path / "again", opt);
  opt.threads = 3;
  write_html_report({&run, &run}, {&pages, &pages}, t.path / "again3", opt);
  for (std::string f : {"index.html", "data/run0.js", "r0/p/7.js", "r0/raw/7.js", "data/run1.js"})
    CHECK(io::read_file(t.path / "again" / f) == io::read_file(t.path / "again3" / f));
  CHECK(io::read_file(t.path / "again" / "data/run0.js") == io::read_file(t.path / "report" / "data/run0.js"));
  const std::string run1 = io::read_file(t.path / "again" / "data/run1.js");
  CHECK(run1.find("\"deltas\":{\"against\":0") != std::string::npos);
}
