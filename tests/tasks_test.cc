// Tests of the tasks module: the lenient resource reader, the repeats of DAnIEL's
// rstr_max, zoning, the parity of the DAnIEL port with the real DAnIEL on committed
// texts of our own, and the evaluator's defined results on bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "base/hash.h"
#include "base/io.h"
#include "base/utf8.h"
#include "corpora/corpus.h"
#include "runner/task_run.h"
#include "tasks/annotations.h"
#include "tasks/daniel/daniel.h"
#include "tasks/daniel/pyliteral.h"
#include "tasks/daniel/repeats.h"
#include "tasks/evaluate.h"
#include "tasks/task.h"
#include "tasks/utf8.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;
using namespace detour::tasks;

namespace {

fs::path sample_resources() { return testing::source_dir() / "corpora/sample/tasks/daniel/resources"; }

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::size_t a = 0;
  for (;;) {
    std::size_t b = line.find('\t', a);
    out.push_back(line.substr(a, b == std::string::npos ? std::string::npos : b - a));
    if (b == std::string::npos) return out;
    a = b + 1;
  }
}

}  // namespace

TEST_CASE("Python literals: quotes, tuples, comments, repeated keys, escapes", "[tasks]") {
  auto j = parse_py_literal(
      "# a comment\n{'a': 'x', \"b\": ('y', 2), u'\\u0444\\xe9': [1, 2.5, True, None,], 'a': 'z', 'c' 'd': r'\\n',}");
  REQUIRE(j.is_object());
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  CHECK(keys == std::vector<std::string>{"a", "b", "\xD1\x84\xC3\xA9", "cd"});  // first place kept
  CHECK(j["a"] == "z");                                                        // last value
  CHECK(j["b"][1] == 2);
  CHECK(j["cd"] == "\\n");
  CHECK(parse_py_literal("'\\ud83d\\ude00'") == "\xF0\x9F\x98\x80");
  try {
    parse_py_literal("{\n'a': 'b'\n'c': 1}");
    FAIL("no error");
  } catch (const PyLiteralError& e) {
    CHECK(std::string(e.what()).find("line 3, column 4") != std::string::npos);
  }
  CHECK_THROWS_AS(parse_py_literal("{'a': 'unterminated}"), PyLiteralError);
  CHECK_THROWS_AS(parse_py_literal("{'a' 'b'}"), PyLiteralError);
}

TEST_CASE("decode_utf8: as Python's strict decoding, step by step, on ASCII runs and malformed bytes", "[tasks]") {
  // Random bytes: runs of ASCII (the eight-at-a-time path) between well-formed and
  // malformed sequences, truncated ones at the end included; the reference decodes one
  // sequence at a time (base/utf8.h), each malformed subpart one U+FFFD.
  std::mt19937 rng(5);
  const std::string pieces[] = {"a", "abcdefgh", "0123456789abcdefXYZ", "\xCE\xB1", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80",
                                "\xC0\xAF", "\xE0\x80", "\xED\xA0\x80", "\xFF", "\x80", "\xF4\x90\x80\x80", "\xE4\xB8", " <p>"};
  std::u32string buffer;
  for (int round = 0; round < 2000; ++round) {
    std::string bytes;
    const std::size_t n = rng() % 20;
    for (std::size_t i = 0; i < n; ++i) bytes += pieces[rng() % std::size(pieces)];
    std::u32string expected;
    std::size_t expected_bad = 0;
    for (std::size_t i = 0; i < bytes.size();) {
      const utf8::Step s = utf8::decode(bytes, i);
      expected += s.ok ? s.cp : U'\uFFFD';
      expected_bad += !s.ok;
      i += s.len;
    }
    std::size_t bad = 0;
    INFO("round " << round);
    CHECK(decode_utf8(bytes, &bad) == expected);
    CHECK(bad == expected_bad);
    const std::size_t length = decode_utf8_into(bytes, buffer, &bad);  // a buffer reused, longer than the text
    CHECK(std::u32string_view(buffer.data(), length) == expected);
    CHECK(bad == expected_bad);
  }
}

TEST_CASE("repeats: the suffix array is sorted and every repeat occurs at its interval", "[tasks]") {
  std::mt19937 rng(7);
  RepeatFinder f;
  for (int round = 0; round < 300; ++round) {
    std::vector<std::u32string> strings(1 + rng() % 4);
    const std::u32string alphabet = round % 2 ? U"ab" : U"abcé中\x01";
    for (auto& s : strings) {
      std::size_t n = 1 + rng() % 25;
      for (std::size_t i = 0; i < n; ++i) s += alphabet[rng() % alphabet.size()];
    }
    std::vector<std::u32string_view> views(strings.begin(), strings.end());
    f.run(views);
    const std::u32string& t = f.text();
    const auto& sa = f.suffix_array();
    REQUIRE(sa.size() == t.size());
    for (std::size_t i = 1; i < sa.size(); ++i)
      REQUIRE(std::u32string_view(t).substr(sa[i - 1]) < std::u32string_view(t).substr(sa[i]));
    for (const Repeat& r : f.repeats()) {
      REQUIRE(r.length >= 1);
      REQUIRE(r.count >= 2);
      const std::u32string_view ss = std::u32string_view(t).substr(r.end - r.length, r.length);
      for (std::int32_t o = r.sa_start; o < r.sa_start + r.count; ++o)
        REQUIRE(std::u32string_view(t).substr(sa[o], ss.size()) == ss);
    }
  }
}

TEST_CASE("DAnIEL candidates: the names' index finds what rstr_max's suffix array finds", "[tasks]") {
  // Random zones and two lists of names over small alphabets (many repeats, left and
  // right extensions, names inside names, substrings shared by the two lists, first
  // letters that differ in case), Unicode past the BMP, and zones or names with a
  // character below U+0003 (where the index steps aside: one index per list, or none).
  std::mt19937 rng(11);
  RepeatFinder finder;
  daniel::Params p;
  int compared = 0, with_candidates = 0, declined = 0, joint = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::u32string alphabets[] = {U"ab", U"abA", U"abcdB", U"ab中文\U0001F600", U"xyzXY .İi", U"ab\x01"};
    const std::u32string& alpha = alphabets[round % 6];
    auto word = [&](std::size_t max) {
      std::u32string w;
      const std::size_t n = 1 + rng() % max;
      for (std::size_t i = 0; i < n; ++i) w += alpha[rng() % alpha.size()];
      return w;
    };
    auto name_list = [&] {
      std::vector<std::u32string> names;
      const std::size_t nn = 1 + rng() % 8;
      for (std::size_t i = 0; i < nn; ++i) {
        std::u32string w = word(6);
        if (std::find(names.begin(), names.end(), w) == names.end()) names.push_back(w);
      }
      return names;
    };
    daniel::Lists lists;
    lists.diseases = name_list();
    lists.locations = name_list();
    // One zone: the one-zone way; now and then more than 64 (no zone mask).
    std::vector<std::u32string> zones(round % 40 == 3 ? 65 + rng() % 16 : 1 + rng() % 6);
    for (auto& z : zones) {
      z = word(30);
      const auto& from = rng() % 2 ? lists.diseases : lists.locations;
      if (rng() % 3 == 0) z += from[rng() % from.size()] + word(4);  // a name inside
    }
    if (zones.size() >= 3 && rng() % 4 == 0) zones[1] += zones[2];  // DAnIEL's header merge
    p.version = round % 3 == 0 ? daniel::Version::Original : daniel::Version::Embeddia;
    daniel::index_lists(lists, p);
    auto low = [](const std::vector<std::u32string>& names) {  // a character below U+0003: no index
      for (const auto& n : names)
        if (n.find(U'\x01') != std::u32string::npos) return true;
      return false;
    };
    REQUIRE(static_cast<bool>(lists.index) == !(low(lists.diseases) || low(lists.locations)));
    joint += static_cast<bool>(lists.index);
    for (std::size_t k = 0; k < 2; ++k) {
      const auto& names = k ? lists.locations : lists.diseases;
      const daniel::NameIndex& index = lists.index ? *lists.index : k ? *lists.location_index : *lists.disease_index;
      REQUIRE(index.usable() == !low(names));
      const bool location = rng() % 2;
      const auto fast =
          daniel::candidates_by_index(zones, names, index, lists.index ? k : 0, location, p, 1000000);
      const auto slow = daniel::candidates(zones, names, location, p, finder, 1000000);
      if (!fast) {
        ++declined;
        continue;
      }
      ++compared;
      with_candidates += !slow.empty();
      INFO("round " << round << ", list " << k);
      REQUIRE(fast->size() == slow.size());
      for (std::size_t i = 0; i < slow.size(); ++i) {
        CHECK((*fast)[i].score == slow[i].score);
        CHECK((*fast)[i].name == slow[i].name);
        CHECK((*fast)[i].substring == slow[i].substring);
        CHECK((*fast)[i].positions == slow[i].positions);
      }
    }
  }
  CHECK(joint > 2000);
  CHECK(compared > 4000);
  CHECK(with_candidates > 3000);
  CHECK(declined > 600);
  // One zone: positions in the joined text, as the suffix-array way gives them; an
  // empty zone has no candidate; a character below U+0003 in a zone: not the index's.
  daniel::Lists lists;
  lists.diseases = {U"ab", U"b"};
  lists.locations = {U"xa", U"b", U"bab"};
  daniel::index_lists(lists, p);
  REQUIRE(lists.index);
  for (std::size_t k = 0; k < 2; ++k) {
    const auto& names = k ? lists.locations : lists.diseases;
    const auto one = daniel::candidates_by_index({U"xabab"}, names, *lists.index, k, false, p);
    const auto one_slow = daniel::candidates({U"xabab"}, names, false, p, finder);
    REQUIRE(one.has_value());
    REQUIRE(one->size() == one_slow.size());
    CHECK((*one)[0].positions == one_slow[0].positions);
    CHECK(daniel::candidates_by_index({U""}, names, *lists.index, k, false, p)->empty());
    CHECK_FALSE(daniel::candidates_by_index({U"a\x02" U"b", U"ab"}, names, *lists.index, k, false, p));
  }
}

TEST_CASE("DAnIEL zoning: paragraphs, lines, weak-structure fallbacks, header merge", "[tasks]") {
  daniel::Params p;
  daniel::Zoning how;
  bool merged = false;
  auto z = daniel::zoning(U"<h>T\n<p>A. B. C.\n<p>D.\n<p>E.\n", "en", p, &how, &merged);
  CHECK(how == daniel::Zoning::Paragraphs);
  CHECK_FALSE(merged);
  CHECK(z.size() == 4);
  z = daniel::zoning(U"<h>T\n<p>A\n<p>D.\n<p>E.\n", "en", p, &how, &merged);
  CHECK(merged);  // zone 1 has fewer than 2 sentence ends: [z0, z1 + z2, z2, z3]
  REQUIRE(z.size() == 4);
  CHECK(z[1] == U"A\nD.\n");
  CHECK(z[2] == U"D.\n");
  z = daniel::zoning(U"<h>T\n<p>A\n<p>D.\n<p>E.\n", "zh", p, &how, &merged);
  CHECK_FALSE(merged);  // no header merge for Chinese
  z = daniel::zoning(U"one\ntwo\nthree", "en", p, &how);
  CHECK(how == daniel::Zoning::Lines);
  CHECK(z.size() == 3);
  z = daniel::zoning(U"Short text. Two sentences.", "en", p, &how);
  CHECK(how == daniel::Zoning::OneZone);
  CHECK(z.size() == 1);
  z = daniel::zoning(U"Title\nAaa. Bbb. Ccc. Ddd. Eee. Fff.", "en", p, &how);
  CHECK(how == daniel::Zoning::TitleSplit);
  REQUIRE(z.size() == 3);
  CHECK(z[1] + z[2] == U"Aaa. Bbb. Ccc. Ddd. Eee. Fff.");
  z = daniel::zoning(U"Aaa. Bbb. Ccc. Ddd. Eee. Fff.", "en", p, &how);
  CHECK(how == daniel::Zoning::Thirds);
  CHECK(z.size() == 3);
  z = daniel::zoning(U"", "en", p, &how);
  CHECK(how == daniel::Zoning::OneZone);
  CHECK(z == std::vector<std::u32string>{U""});
}

TEST_CASE("round5 rounds as Python's round(x, 5)", "[tasks]") {
  CHECK(daniel::round5(0.015625) == 0.01562);  // a tie on the exact binary value: to even
  CHECK(daniel::round5(0.123456789) == 0.12346);
  CHECK(daniel::round5(2.0 / 3.0) == 0.66667);
  CHECK(daniel::round5(0) == 0);
  // Exact ties (dyadic values): half to even in Python 3, away from zero in Python 2.
  CHECK(daniel::round5(0.015625) == 0.01562);
  CHECK(daniel::round5_half_away(0.015625) == 0.01563);
  CHECK(daniel::round5(0.046875) == 0.04688);
  CHECK(daniel::round5_half_away(-0.015625) == -0.01563);
  // Against the decimal-string way (glibc's printf is exact) on positions k / n.
  std::mt19937 rng(3);
  for (int i = 0; i < 200000; ++i) {
    const double n = 1 + rng() % 100000, k = rng() % static_cast<unsigned>(n + 1);
    const double x = k / n;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.5f", x);
    REQUIRE(daniel::round5(x) == std::strtod(buf, nullptr));
  }
}

namespace {

// The decisions of the task on the committed texts against a decision file of the real
// DAnIEL (scripts/daniel/daniel_decisions.py --texts); returns (compared, relevant).
std::pair<int, int> parity(const std::string& decisions, const std::map<std::string, std::string>& params) {
  const fs::path dir = testing::source_dir() / "tests/fixtures/tasks/daniel";
  TaskSettings s;
  s.resources = sample_resources();
  s.params = params;
  auto task = find_task("daniel").make(s);
  task->prepare({"el", "en", "fr", "ru", "zh"});
  std::ifstream in(dir / decisions);
  std::string line;
  std::getline(in, line);
  int compared = 0, relevant = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto f = split_tabs(line);
    REQUIRE(f.size() == 7);
    INFO(decisions << ": " << f[0] + "/" + f[1]);
    REQUIRE(f[6].empty());  // DAnIEL decided it
    const std::string text = io::read_file(dir / "texts" / f[0] / f[1]);
    Decision d = task->decide({f[0], f[1], text});
    CHECK(d.relevant == (f[2] == "1"));
    CHECK(d.label == f[3]);
    CHECK(d.place == f[4]);
    CHECK(d.score == (f[5].empty() ? 0.0 : std::stod(f[5])));
    ++compared;
    relevant += d.relevant;
  }
  return {compared, relevant};
}

}  // namespace

TEST_CASE("DAnIEL port: the real DAnIEL's decisions on committed texts", "[tasks][parity]") {
  // EMBEDDIA/event-detection (Python 3), the default, both ways of finding repeats.
  for (const char* repeats : {"index", "suffix-array"}) {
    const auto [compared, relevant] = parity("daniel_decisions.tsv", {{"repeats", repeats}});
    CHECK(compared == 20);
    CHECK(relevant == 15);
  }
  // The original rundimeco/daniel at ac1f5d0, run by a Python 2.7.8 built from source.
  for (const char* repeats : {"index", "suffix-array"}) {
    const auto [compared, relevant] =
        parity("daniel_original_decisions.tsv", {{"version", "original"}, {"repeats", repeats}});
    CHECK(compared == 20);
    CHECK(relevant == 14);
  }
}

TEST_CASE("daniel task: resources and parameters are checked before any document", "[tasks]") {
  testing::TempDir tmp;
  TaskSettings s;
  s.resources = tmp.path;
  auto task = find_task("daniel").make(s);
  try {
    task->prepare({"en"});
    FAIL("no error");
  } catch (const ResourceError& e) {
    CHECK(std::string(e.what()).find("diseases_en.json") != std::string::npos);
  }
  tmp.write("diseases_en.json", "{'flu': ''}");
  tmp.write("locations_en.json", "{'France': 'France'}");
  task = find_task("daniel").make(s);
  try {
    task->prepare({"en"});
    FAIL("no error");
  } catch (const ResourceError& e) {
    CHECK(std::string(e.what()).find("default_value") != std::string::npos);
  }
  tmp.write("locations_en.json", "{'default_value': 'France',\n 'France' 'France'}");
  task = find_task("daniel").make(s);
  CHECK_THROWS_WITH(task->prepare({"en"}), Catch::Contains("locations_en.json") && Catch::Contains("line 2"));
  s.params = {{"ratio", "abc"}};
  CHECK_THROWS_AS(find_task("daniel").make(s), UsageError);
  s.params = {{"ration", "0.7"}};
  CHECK_THROWS_WITH(find_task("daniel").make(s), Catch::Contains("did you mean 'ratio'"));
  CHECK_THROWS_AS(find_task("danial"), UsageError);
  s.params = {{"ratio", "0.7"}};
  tmp.write("locations_en.json", "{'default_value': 'France', 'France': 'France'}");
  task = find_task("daniel").make(s);
  task->prepare({"en"});
  CHECK(task->signature().find("ratio:0.7|") != std::string::npos);
  CHECK(task->signature().find("diseases_en.json=" + hash_hex(fnv1a("{'flu': ''}"))) != std::string::npos);
}

TEST_CASE("task evaluator: bad input gets a defined result and a count", "[tasks]") {
  testing::TempDir tmp;
  const fs::path root = tmp.path / "corpus";
  const std::string good = "<h>Cholera in Kenya\n<p>Cholera cases rise in Kenya. Doctors worry.\n<p>Cholera again.\n";
  // Pages: a (relevant), b (not relevant), c (no annotation), e (huge output), f (no <p>),
  // g (invalid UTF-8), h (empty output), i (no output file); an annotation for a page z
  // that does not exist.
  for (std::string id : {"a", "b", "c", "e", "f", "g", "h", "i"}) {
    tmp.write("corpus/en/html/" + id, "<html><body><p>page</p></body></html>");
    tmp.write("corpus/en/gold/" + id, good);
  }
  nlohmann::json ann;
  auto add = [&](const std::string& id, bool rel) {
    ann[id] = {{"path", id}, {"langue", "en"},
               {"annotations", rel ? nlohmann::json::array({{"cholera", "Kenya", "x"}}) : nlohmann::json::array({{"N", "N", "N"}})}};
  };
  for (std::string id : {"a", "e", "f", "g", "h", "i"}) add(id, true);
  add("b", false);
  add("z", true);
  tmp.write("corpus/tasks/daniel/annotations.json", ann.dump());
  const fs::path res = tmp.path / "corpus/tasks/daniel/resources";
  fs::create_directories(res);
  fs::copy(sample_resources() / "diseases_en.json", res);
  fs::copy(sample_resources() / "locations_en.json", res);
  std::string huge;
  while (huge.size() < (std::size_t{1} << 20) + 100) huge += "<p>Nothing to report here today. The weather is fine.\n";
  tmp.write("out/en/a", good);
  tmp.write("out/en/b", good);
  tmp.write("out/en/c", good);
  tmp.write("out/en/e", huge);
  tmp.write("out/en/f", "Cholera in Kenya\nCholera cases rise in Kenya. Doctors worry.\nCholera again.\n");
  tmp.write("out/en/g", "<h>Cholera in Kenya \xFF\xFE\n<p>Cholera cases rise in Kenya. Doctors worry.\n<p>Cholera again.\n");
  tmp.write("out/en/h", "");

  corpora::Corpus corpus = corpora::open_corpus(root);
  harness::TaskConfig config;
  config.task = "daniel";
  config.jobs = 2;
  const auto pages = harness::task_pages(corpus, {});
  REQUIRE(pages.size() == 8);
  auto r = harness::run_task(config, corpus, pages, {harness::folder_system("OUT", tmp.path / "out", pages)});
  REQUIRE(r.runs.size() == 2);
  CHECK(r.orphans == std::vector<std::string>{"en/z"});
  const TaskCounts c = count(r.runs[1], "all");
  CHECK(c.documents == 7);  // c has no annotation
  CHECK(c.unannotated == 1);
  CHECK(c.truncated == 1);
  CHECK(c.no_p == 3);       // f, h (empty) and i (missing: decided as empty)
  CHECK(c.empty == 2);      // h and i
  CHECK(c.invalid_utf8 == 1);
  CHECK(c.missing == 1);
  CHECK(c.tp == 3);         // a, f, g
  CHECK(c.fp == 1);         // b
  CHECK(c.fn == 3);         // e (truncated, nothing found), h, i
  const TaskCounts ref = count(r.runs[0], "all");
  CHECK(ref.tp == 6);
  CHECK(ref.fp == 1);
  // Records keep their order whatever the threads.
  config.jobs = 1;
  auto r1 = harness::run_task(config, corpus, pages, {harness::folder_system("OUT", tmp.path / "out", pages)});
  CHECK(harness::task_per_doc_tsv(r1) == harness::task_per_doc_tsv(r));
}

TEST_CASE("detour task: exit statuses and errors naming the file", "[tasks][cli]") {
  testing::TempDir tmp;
  tmp.write("corpus/en/html/a", "<p>x</p>");
  tmp.write("corpus/en/gold/a", "<p>x\n");
  auto r = testing::run_detour("task --corpus '" + (tmp.path / "corpus").string() + "' --task danial");
  CHECK(r.status == 2);
  CHECK(r.out.find("did you mean 'daniel'") != std::string::npos);
  r = testing::run_detour("task --corpus '" + (tmp.path / "corpus").string() + "'");
  CHECK(r.status == 1);
  CHECK(r.out.find("resources of task daniel not found") != std::string::npos);
  tmp.write("corpus/tasks/daniel/annotations.json", R"({"1": {"path": "other", "langue": "en", "annotations": [["N"]]}})");
  r = testing::run_detour("task --corpus '" + (tmp.path / "corpus").string() + "' --task-resources '" +
                          sample_resources().string() + "'");
  CHECK(r.status == 1);
  CHECK(r.out.find("no document was scored") != std::string::npos);
  tmp.write("corpus/tasks/daniel/annotations.json", "[1, 2");
  r = testing::run_detour("task --corpus '" + (tmp.path / "corpus").string() + "' --task-resources '" +
                          sample_resources().string() + "'");
  CHECK(r.status == 1);
  CHECK(r.out.find("annotations.json: not JSON") != std::string::npos);
}

TEST_CASE("task: equal texts are decided once, with the decisions of a run without the cache", "[tasks]") {
  TaskSettings s;
  s.resources = sample_resources();
  auto task = find_task("daniel").make(s);
  task->prepare({"en"});
  Annotations ann;
  const std::string a = "<h>Measles in Kenya\n<p>Measles cases rise in Kenya. Doctors worry.\n<p>Measles again.\n";
  const std::string b = "<h>Garden notes\n<p>The beans are up. Rain all week.\n<p>More rain.\n";
  std::vector<DocInput> docs;
  for (int i = 0; i < 6; ++i) {
    DocInput in;
    in.lang = "en";
    in.id = "d" + std::to_string(i);
    in.text = i % 2 ? std::string_view(a) : std::string_view(b);
    docs.push_back(in);
  }
  DecisionCache cache;
  const TaskRun with = run_task(*task, ann, "S", docs, 2, &cache);
  const TaskRun twice = run_task(*task, ann, "T", docs, 1, &cache);
  const TaskRun without = run_task(*task, ann, "S", docs, 1);
  CHECK(cache.size() == 2);
  REQUIRE(with.docs.size() == without.docs.size());
  for (std::size_t i = 0; i < docs.size(); ++i) {
    for (const TaskRun* r : {&with, &twice}) {
      CHECK(r->docs[i].decision.relevant == without.docs[i].decision.relevant);
      CHECK(r->docs[i].decision.label == without.docs[i].decision.label);
      CHECK(r->docs[i].decision.score == without.docs[i].decision.score);
      CHECK(r->docs[i].decision.evidence == without.docs[i].decision.evidence);
    }
  }
  CHECK(without.docs[1].decision.relevant);
  CHECK_FALSE(without.docs[0].decision.relevant);
}

TEST_CASE("Table 3: intervals, the best and tied systems, paired tests, and Table 4's task group", "[tasks][stats]") {
  // Three systems on 60 annotated documents: A finds every relevant one, B half of
  // them, C none; the reference (gold texts) as A.
  harness::TaskResults r;
  r.task = "daniel";
  r.signature = "task:daniel|test";
  r.languages = {"en"};
  r.judgments.resamples = 200;
  r.judgments.trials = 500;
  const int n = 60;
  for (const char* name : {"reference", "A", "B", "C"}) {
    TaskRun run;
    run.system = name;
    for (int i = 0; i < n; ++i) {
      DocRecord d;
      d.lang = "en";
      d.id = "p" + std::to_string(i);
      d.status = "ok";
      d.gold = i % 2;
      const bool found = std::string(name) == "C" ? false : std::string(name) == "B" ? i % 4 == 1 : true;
      d.decision.relevant = d.gold ? found : false;
      d.outcome = d.gold ? (d.decision.relevant ? Outcome::TP : Outcome::FN) : Outcome::TN;
      run.docs.push_back(d);
    }
    r.runs.push_back(std::move(run));
  }
  const harness::Table3 t = harness::table3(r);
  REQUIRE(t.table.tables.size() == 1);
  const auto& rows = t.table.tables[0].rows;
  REQUIRE(rows.size() == 4);
  // Columns: system, en P/R/F1, all P/R/F1. A is best (F1 100), B and C worse.
  CHECK(rows[1][3].marks() & reports::kBest);
  CHECK_FALSE(rows[2][3].marks() & reports::kTied);
  CHECK(rows[2][3].score().value() == Approx(100 * 2 * 0.5 / 1.5));
  CHECK(rows[2][3].score().has_interval());
  const std::string md = reports::write(t.tests, "md");
  CHECK_THAT(md, Catch::Contains("p ref") && Catch::Contains("per-pair"));
  REQUIRE(t.tests.tables.size() == 1);
  const auto& tests = t.tests.tables[0].rows;
  REQUIRE(tests.size() == 3);
  // A against the reference: no difference, p 1; B and C: worse, p below 0.05.
  CHECK(tests[0][1].score().value() == 0);
  CHECK(tests[0][2].score().value() == 1);
  CHECK(tests[1][1].score().value() < 0);
  CHECK(tests[1][2].score().value() < 0.05);
  CHECK(tests[2][2].score().value() < 0.05);
  CHECK(tests[0][3].text() == "best");
  // The task as score sets: one per run, scored documents only.
  const auto sets = harness::task_score_sets(r);
  REQUIRE(sets.size() == 4);
  CHECK(sets[2].docs.size() == static_cast<std::size_t>(n));
  CHECK(results::aggregate_metric(sets[2], 0, "en").tp == n / 4);
}

TEST_CASE("Table 4's task group never names a baseline the best", "[tasks][stats]") {
  // GOLD finds every relevant document, B half of them, NONE none: B is the best.
  harness::TaskResults r;
  r.task = "daniel";
  r.signature = "task:daniel|test";
  r.languages = {"en"};
  for (const std::string name : {"reference", "GOLD", "B", "NONE"}) {
    TaskRun run;
    run.system = name;
    for (int i = 0; i < 40; ++i) {
      DocRecord d;
      d.lang = "en";
      d.id = "p" + std::to_string(i);
      d.status = "ok";
      d.gold = i % 2;
      const bool found = name == "NONE" ? false : name == "B" ? i % 4 == 1 : true;
      d.decision.relevant = d.gold ? found : false;
      d.outcome = d.gold ? (d.decision.relevant ? Outcome::TP : Outcome::FN) : Outcome::TN;
      run.docs.push_back(d);
    }
    r.runs.push_back(std::move(run));
  }
  const std::string md = harness::table4_task(r, true);
  CHECK_THAT(md, Catch::Contains("| en | B | 66.67 | 100.00 |"));
  CHECK_THAT(md, !Catch::Contains("GOLD"));
  r.judgments.baselines = {"B"};  // every system a baseline: no best
  CHECK_THAT(harness::table4_task(r, false), Catch::Contains("en\t-\t-\t100.00"));
}

TEST_CASE("run --task: the decisions made during the run are those made after it, from the outputs kept or written",
          "[tasks][runner]") {
  // The sample corpus (its own resources and annotations): every page's texts decided
  // as the run completes it (TaskDuringRun), against the same run's outputs decided
  // afterwards, kept in memory (no --out) or read back from the output folder.
  for (const bool written : {false, true}) {
    testing::TempDir t;
    harness::RunConfig cfg;
    cfg.corpus = testing::source_dir() / "corpora/sample";
    cfg.extractors = {"BP", "JTA", "GOLD", "NONE"};
    cfg.chains = {{"BP", "JTA"}};
    cfg.metrics = "to";
    cfg.progress = false;
    cfg.jobs = 2;
    if (written) cfg.out = t.path / "out";
    harness::TaskConfig task;
    task.task = "daniel";
    task.jobs = 2;
    harness::TaskDuringRun during(task, cfg, cfg.out);
    cfg.on_page = [&](const harness::CompletedPage& page) { during.page(page); };
    const harness::RunResult run = harness::run(cfg);
    REQUIRE(run.outputs_written == written);
    const harness::TaskResults live = harness::run_task_on_run(task, cfg, cfg.out, run, &during);
    const harness::TaskResults after = harness::run_task_on_run(task, cfg, cfg.out, run);
    INFO((written ? "outputs written" : "outputs kept"));
    REQUIRE(live.runs.size() == 6);  // the reference and 5 systems
    CHECK(harness::task_per_doc_tsv(live) == harness::task_per_doc_tsv(after));
    CHECK(harness::task_json(live) == harness::task_json(after));
    CHECK(live.signature == after.signature);
    // Every text was decided during the run, equal texts of a page once (GOLD's outputs
    // are the gold texts, NONE's are empty): none was left to decide after it.
    const corpora::Corpus corpus = corpora::open_corpus(cfg.corpus);
    const auto pages = harness::task_pages(corpus, {});
    REQUIRE(pages.size() == run.doc_ids.size());
    std::size_t distinct = 0;
    for (std::size_t i = 0; i < pages.size(); ++i) {
      std::set<std::string> texts{corpora::load_gold_bytes(*pages[i])};
      for (std::size_t s = 0; s < run.systems.size(); ++s) {
        if (run.systems[s].pages[i].status == "excluded") continue;
        const bool ok = run.systems[s].pages[i].status == "ok";
        texts.insert(!written ? run.outputs[s][i]
                     : ok     ? io::read_file(results::output_file(cfg.out, run.systems[s].name, run.doc_langs[i],
                                                                   run.doc_out_names[i]))
                              : std::string());
      }
      distinct += texts.size();
    }
    CHECK(live.decided == distinct);
    CHECK(after.decided <= distinct);  // after the run: equal texts of any pages once
    const tasks::TaskCounts c = tasks::count(live.runs[0], "all");
    CHECK(c.tp > 0);  // the sample's outbreak pages are found on the gold texts
  }
}
