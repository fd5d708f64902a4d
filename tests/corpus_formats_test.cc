// The corpus reader table (corpora/format.h) on fixtures written for it
// (scripts/make_corpus_fixtures.py: tests/fixtures/corpora/<format>/), the outputs
// files read as systems, and entries of a corpus that are not files (issue: a gold
// that is a directory, a FIFO, a dangling symbolic link or a link loop).
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/gzip.h"
#include "corpora/corpus.h"
#include "corpora/fingerprint.h"
#include "corpora/format.h"
#include "corpora/system_outputs.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;
using namespace detour::corpora;
using detour::testing::run_detour;
using detour::testing::TempDir;

namespace {

fs::path fixture(const std::string& name) { return testing::source_dir() / "tests/fixtures/corpora" / name; }

const CorpusDoc& doc(const Corpus& c, const std::string& id) {
  for (const auto& d : c.docs)
    if (d.id == id) return d;
  FAIL("no document " << id);
  throw std::logic_error("unreachable");
}

bool has_warning(const Corpus& c, const std::string& part) {
  for (const auto& w : c.warnings)
    if (w.find(part) != std::string::npos) return true;
  return false;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("corpus formats: the table names each reader once and detects each fixture", "[corpora][formats]") {
  std::set<std::string> names;
  for (const auto& f : corpus_formats()) CHECK(names.insert(std::string(f.name)).second);
  CHECK(names.size() == 9);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"scrapinghub", "scrapinghub"},       {"wceb/combined", "wceb"},   {"wceb", "wceb"},
      {"l3s-gn1", "l3s-gn1"},               {"dragnet", "dragnet"},      {"cleanportaleval", "cleanportaleval"},
      {"cleaneval2007", "cleaneval2007"},   {"cleaneval2007-mirror", "cleaneval2007"},
      {"jsonl/corpus.jsonl", "jsonl"}};
  for (const auto& [dir, name] : cases) {
    INFO(dir);
    const CorpusFormat* f = detect_corpus_format(fixture(dir));
    REQUIRE(f);
    CHECK(f->name == name);
    CHECK(open_corpus(fixture(dir)).format == name);
  }
  CHECK_THROWS_AS(open_corpus(fixture("dragnet"), OpenOptions{"dragnett"}), UsageError);
  CHECK(error_of([] { open_corpus(fixture("dragnet"), OpenOptions{"dragnett"}); }).find("did you mean 'dragnet'") !=
        std::string::npos);
  // A forced reader that does not fit says so.
  CHECK(error_of([] { open_corpus(fixture("dragnet"), OpenOptions{"scrapinghub"}); }).find("ground-truth.json") !=
        std::string::npos);
  // The mirrored CleanEval layout read as CleanPortalEval when forced (same folders).
  CHECK(open_corpus(fixture("cleaneval2007-mirror"), OpenOptions{"cleanportaleval"}).docs.size() == 2);
}

TEST_CASE("scrapinghub reader: articleBody inline, gzip pages inflated", "[corpora][formats]") {
  Corpus c = open_corpus(fixture("scrapinghub"));
  REQUIRE(c.docs.size() == 7);
  CHECK(c.languages.empty());
  const CorpusDoc& a = doc(c, "0a1f");
  CHECK(a.url == "http://a.example/1");
  CHECK(load_gold_bytes(a) == "The first article body.\nIt has two paragraphs of text here.");
  CHECK(load_page_raw(a).rfind("<html><head><title>One", 0) == 0);
  Page p = load_page(a);
  CHECK(p.html.find("two paragraphs") != std::string::npos);
  CHECK(p.dom != nullptr);
  CHECK(load_page(doc(c, "1b2e")).html.find("über Straßenbahnen in München") != std::string::npos);
  CHECK(load_gold_bytes(doc(c, "2c3d")).empty());  // no articleBody: "" as evaluate.py
  CHECK_FALSE(doc(c, "9z9z").has_gold());
  CHECK(has_warning(c, "9z9z: page without ground truth"));
  // A corrupt .gz page fails naming the file.
  TempDir t;
  fs::copy(fixture("scrapinghub"), t.path / "sh", fs::copy_options::recursive);
  t.write("sh/html/0a1f.html.gz", std::string("\x1f\x8b\x08\x00garbage", 12));
  Corpus bad = open_corpus(t.path / "sh");
  const std::string e = error_of([&] { load_page(doc(bad, "0a1f")); });
  CHECK(e.find("0a1f.html.gz") != std::string::npos);
  CHECK((e.find("corrupt") != std::string::npos || e.find("truncated") != std::string::npos));
}

TEST_CASE("gzip: round trip, concatenated members, truncation, size cap", "[corpora][formats]") {
  const std::string page = load_page_raw(doc(open_corpus(fixture("scrapinghub")), "0a1f"));
  const std::string gz = io::read_file(fixture("scrapinghub/html/0a1f.html.gz"));
  CHECK(is_gzip(gz));
  CHECK(gunzip(gz) == page);
  CHECK(gunzip(gz + gz) == page + page);
  CHECK(gunzip(gz + std::string(8, '\0')) == page);
  CHECK_THROWS(gunzip(gz.substr(0, gz.size() - 10)));
  CHECK_THROWS(gunzip("plain text"));
  CHECK_THROWS(gunzip(gz, 10));
}

TEST_CASE("wceb reader: datasets, null plaintext, UTF-8 pages, model outputs as a system", "[corpora][formats]") {
  for (const char* root : {"wceb", "wceb/combined"}) {
    Corpus c = open_corpus(fixture(root));
    REQUIRE(c.docs.size() == 3);
    CHECK(c.docs[0].dataset == "dsa");
    CHECK(c.docs[2].dataset == "dsb");
    CHECK(load_gold_bytes(doc(c, "aa11")) == "Alpha main text.\nSecond line.");
    CHECK(doc(c, "aa11").url == "http://a/1");
    CHECK(load_gold_bytes(doc(c, "bb11")).empty());
    // The page declares windows-1252 but WCEB wrote it as UTF-8.
    Page p = load_page(doc(c, "aa11"));
    CHECK(p.html.find("Ünïcödé") != std::string::npos);
    CHECK(p.decode.source == "given");
  }
  SystemOutputs o = read_system_outputs(fixture("wceb/model.jsonl"));
  CHECK(o.format == "jsonl");
  CHECK(o.by_id.at("aa11") == "Alpha main text.");
  CHECK(o.by_id.at("aa22").empty());
}

TEST_CASE("l3s-gn1 reader: gold = leaf elements of the selected x-nc-sel classes, as WCEB", "[corpora][formats]") {
  Corpus c = open_corpus(fixture("l3s-gn1"));
  REQUIRE(c.docs.size() == 2);
  CHECK(c.languages == std::vector<std::string>{"en"});
  // sel1 (parent h1: a block, so a newline first), sel2 in a p; the sel2 span with a
  // <b> child is not a leaf and is skipped, as WCEB skips it; sel3 under an inline
  // <em>: no newline, its no-break space stripped; sel0, sel4, sel5 not selected.
  CHECK(load_gold_bytes(doc(c, "a")) == "Headline \nBody text one. Caption");
  CHECK(load_gold_bytes(doc(c, "b")).empty());
  OpenOptions all;
  all.l3s_classes = "1,2,3,4,5";
  Corpus c5 = open_corpus(fixture("l3s-gn1"), all);
  CHECK(load_gold_bytes(doc(c5, "a")) == "Headline \nBody text one. Caption \nA reader comment \nRelated link");
  CHECK(fingerprint(c.docs) != fingerprint(c5.docs));
  OpenOptions bad;
  bad.l3s_classes = "1,9";
  CHECK_THROWS_AS(open_corpus(fixture("l3s-gn1"), bad), UsageError);
  CHECK(load_page(doc(c, "a")).html.find("Body <b>two</b>") != std::string::npos);
}

TEST_CASE("dragnet reader: the comments separator, dropped, kept or raw", "[corpora][formats]") {
  Corpus drop = open_corpus(fixture("dragnet"));
  REQUIRE(drop.docs.size() == 2);
  CHECK(drop.docs[0].id == "a");
  CHECK(drop.languages == std::vector<std::string>{"en"});
  CHECK(load_gold_bytes(doc(drop, "a")) == "Story text.\nMore story.");
  CHECK(load_gold_bytes(doc(drop, "b")) == "Only a story.\n");
  OpenOptions o;
  o.dragnet_comments = "keep";
  Corpus keep = open_corpus(fixture("dragnet"), o);
  CHECK(load_gold_bytes(doc(keep, "a")) == "Story text.\nMore story.\nnice story\ngreat\n");
  CHECK(load_gold_bytes(doc(keep, "b")) == "Only a story.\n");
  o.dragnet_comments = "raw";
  Corpus raw = open_corpus(fixture("dragnet"), o);
  CHECK(load_gold_bytes(doc(raw, "a")) == io::read_file(fixture("dragnet/Corrected/a.html.corrected.txt")));
  CHECK(fingerprint(drop.docs) != fingerprint(keep.docs));
  CHECK(fingerprint(keep.docs) != fingerprint(raw.docs));
  CHECK(fingerprint(drop.docs) == fingerprint(open_corpus(fixture("dragnet")).docs));
  o.dragnet_comments = "sometimes";
  CHECK_THROWS_AS(open_corpus(fixture("dragnet"), o), UsageError);
  // WCEB's unpacked layout corrected/Corrected/.
  TempDir t;
  t.write("d/HTML/x.html", "<p>x</p>");
  t.write("d/corrected/Corrected/x.html.corrected.txt", "x\n");
  Corpus w = open_corpus(t.path / "d");
  CHECK(w.format == "dragnet");
  CHECK(load_gold_bytes(doc(w, "x")) == "x\n");
}

TEST_CASE("cleanportaleval and the mirrored CleanEval 2007 layouts", "[corpora][formats]") {
  Corpus p = open_corpus(fixture("cleanportaleval"));
  REQUIRE(p.docs.size() == 2);
  CHECK(doc(p, "p1").url == "http://portal.example/p1");
  Page pg = load_page(doc(p, "p1"));
  CHECK(pg.html.find("<text") == std::string::npos);
  CHECK(pg.html.find("Portal content.") != std::string::npos);
  Corpus m = open_corpus(fixture("cleaneval2007-mirror"));
  REQUIRE(m.docs.size() == 2);
  CHECK(m.docs[0].id == "7");  // numeric order
  CHECK(m.docs[1].id == "12");
  CHECK(m.docs[0].url == "http://seven.example/");
  CHECK(load_page(m.docs[0]).html.find("Café seven") != std::string::npos);  // windows-1252 from the wrapper
  // Every mirrored pairing of the final set.
  for (auto [html, gold] : std::vector<std::pair<std::string, std::string>>{
           {"input", "GoldStandard"}, {"finalrun-input", "gold_std"}, {"orig", "clean"}, {"input", "goldstandard"}}) {
    TempDir t;
    t.write(html + "/5.html", "<p>five");
    t.write(gold + "/5.txt", "<p>five");
    INFO(html << " + " << gold);
    Corpus c = open_corpus(t.path);
    CHECK(c.format == "cleaneval2007");
    REQUIRE(c.docs.size() == 1);
    CHECK(c.docs[0].has_page());
    CHECK(c.docs[0].has_gold());
  }
  // orig/ alone is not a CleanEval corpus (too common a name).
  TempDir u;
  u.write("orig/a.html", "<p>a");
  const CorpusFormat* uf = detect_corpus_format(u.path);
  CHECK((uf == nullptr || uf->name != "cleaneval2007"));
}

TEST_CASE("jsonl reader: ids, languages, missing sides, errors naming the line", "[corpora][formats]") {
  Corpus c = open_corpus(fixture("jsonl/corpus.jsonl"));
  REQUIRE(c.docs.size() == 3);
  CHECK(c.languages == std::vector<std::string>{"de", "en"});
  CHECK(doc(c, "2").lang == "de");
  CHECK(doc(c, "2").url == "http://d/2");
  CHECK(load_gold_bytes(doc(c, "2")) == "Zweites Dokument.");
  CHECK(load_page(doc(c, "d1")).html.find("First document.") != std::string::npos);
  CHECK_FALSE(doc(c, "d3").has_gold());
  CHECK(has_warning(c, "d3: no gold text"));
  TempDir t;
  const std::string text = io::read_file(fixture("jsonl/corpus.jsonl"));
  t.write("c.jsonl.gz", [&] {
    // Stored (uncompressed) deflate blocks are enough for a gzip container test.
    std::string out = std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
    std::size_t pos = 0;
    do {
      std::size_t n = std::min<std::size_t>(65535, text.size() - pos);
      bool last = pos + n == text.size();
      out += static_cast<char>(last ? 1 : 0);
      out += static_cast<char>(n & 0xff);
      out += static_cast<char>(n >> 8);
      out += static_cast<char>(~n & 0xff);
      out += static_cast<char>((~n >> 8) & 0xff);
      out += text.substr(pos, n);
      pos += n;
    } while (pos < text.size());
    std::uint32_t crc = 0xffffffffu;
    for (unsigned char ch : text) {
      crc ^= ch;
      for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    crc ^= 0xffffffffu;
    for (std::uint32_t v : {crc, static_cast<std::uint32_t>(text.size())})
      for (int k = 0; k < 4; ++k) out += static_cast<char>((v >> (8 * k)) & 0xff);
    return out;
  }());
  CHECK(open_corpus(t.path / "c.jsonl.gz").docs.size() == 3);
  t.write("bad.jsonl", "{\"id\": \"a\", \"html\": \"x\"}\n[1, 2]\n");
  CHECK(error_of([&] { open_corpus(t.path / "bad.jsonl"); }).find("line 2: not a JSON object") != std::string::npos);
  t.write("noid.jsonl", "{\"html\": \"x\", \"gold\": \"y\"}\n");
  CHECK(error_of([&] { open_corpus(t.path / "noid.jsonl"); }).find("line 1: no id") != std::string::npos);
  t.write("slash.jsonl", "{\"id\": \"a/b\", \"html\": \"x\"}\n");
  CHECK(error_of([&] { open_corpus(t.path / "slash.jsonl"); }).find("cannot name a file") != std::string::npos);
  t.write("dup.jsonl", "{\"id\": \"a\", \"html\": \"x\"}\n{\"id\": \"a\", \"html\": \"y\"}\n");
  Corpus d = open_corpus(t.path / "dup.jsonl");
  CHECK(d.docs.size() == 1);
  CHECK(has_warning(d, "repeated id on line 2"));
}

TEST_CASE("system outputs files: Scrapinghub output JSON in both shapes", "[corpora][formats]") {
  SystemOutputs a = read_system_outputs(fixture("scrapinghub/output/sysA.json"));
  CHECK(a.format == "scrapinghub-json");
  CHECK(a.version == "1.0");
  CHECK(a.by_id.size() == 6);
  SystemOutputs b = read_system_outputs(fixture("scrapinghub/output/sysB.json"));
  CHECK(b.version.empty());
  CHECK(b.by_id.at("1b2e").empty());  // {} : no articleBody, "" as evaluate.py
  TempDir t;
  t.write("x.json", "{\"a\": \"not an object\"}");
  CHECK(error_of([&] { read_system_outputs(t.path / "x.json"); }).find("entry a is not an object") !=
        std::string::npos);
}

TEST_CASE("score: the Scrapinghub fixture through the CLI equals evaluate.py", "[corpora][formats][cli]") {
  // evaluate.py (scrapinghub/article-extraction-benchmark) on this fixture, run outside
  // the repository after random.seed(12345) (scripts/bench_metrics/shingle_reference.py
  // --seed 12345); sysB's bootstrap makes evaluate.py divide by zero (a resample with
  // P + R = 0), so only its means are compared (metrics_from_tp_fp_fns).
  const std::string root = fixture("scrapinghub").string();
  TempDir t;
  auto r = run_detour("score --corpus '" + root + "' --system '" + root + "/output/sysA.json' --system '" + root +
                      "/output/sysB.json' --metrics shingle --aggregate f1-of-means --format json --out '" +
                      (t.path / "s.json").string() + "'");
  REQUIRE(r.status == 0);
  auto j = nlohmann::json::parse(io::read_file(t.path / "s.json"));
  const auto& a = j["systems"]["sysA"]["groups"]["all"]["shingle"];
  CHECK(a["documents"] == 6);
  CHECK(a["f1"].get<double>() == 0.8550537634408603);
  CHECK(a["precision"].get<double>() == 0.9333333333333333);
  CHECK(a["recall"].get<double>() == 0.7888888888888889);
  CHECK(a["accuracy"].get<double>() == 0.5);
  CHECK(a["f1_std"].get<double>() == Approx(0.06657438227609527).epsilon(1e-12));
  CHECK(a["precision_std"].get<double>() == Approx(0.06163196981605498).epsilon(1e-12));
  CHECK(a["recall_std"].get<double>() == Approx(0.12034807351762208).epsilon(1e-12));
  CHECK(a["accuracy_std"].get<double>() == Approx(0.19952981100279765).epsilon(1e-12));
  const auto& b = j["systems"]["sysB"]["groups"]["all"]["shingle"];
  CHECK(b["f1"].get<double>() == 0.35665976535541755);
  CHECK(b["precision"].get<double>() == 0.3377777777777778);
  CHECK(b["recall"].get<double>() == 0.37777777777777777);
  CHECK(b["accuracy"].get<double>() == 0.0);
  // The default table and per-document records work on the same corpus.
  auto d = run_detour("score --corpus '" + root + "' --system '" + root +
                      "/output/sysA.json' --metrics shingle,bow,levenshtein,rougelsum,teds --rouge default --format tsv");
  CHECK(d.status == 0);
  CHECK(d.out.find("shingle") != std::string::npos);
  CHECK(d.out.find("teds") != std::string::npos);
  // rougelsum in WCEB's setting without --punkt finds Debian's Punkt English model and
  // names it in the signature (issue 32 item 9: before, a missing resource, exit 1).
  auto m = run_detour("score --corpus '" + root + "' --system '" + root + "/output/sysA.json' --metrics rougelsum");
  CHECK(m.status == 0);
  CHECK(m.out.find("split=punkt(") != std::string::npos);
  auto u = run_detour("score --corpus '" + root + "' --system '" + root + "/output/sysA.json' --aggregate mean");
  CHECK(u.status == 2);
  auto f = run_detour("score --corpus '" + root + "' --system '" + root + "/output/sysA.json' --corpus-format wcebb");
  CHECK(f.status == 2);
}

TEST_CASE("score: WCEB datasets aggregate per dataset, micro and macro", "[corpora][formats][cli]") {
  const std::string root = fixture("wceb").string();
  TempDir t;
  auto r = run_detour("score --corpus '" + root + "' --system '" + root +
                      "/model.jsonl' --metrics levenshtein --aggregate mean-median --format json --out '" +
                      (t.path / "s.json").string() + "'");
  REQUIRE(r.status == 0);
  auto j = nlohmann::json::parse(io::read_file(t.path / "s.json"))["systems"]["model"]["groups"];
  // dsa: aa11 "Alpha main text." vs "Alpha main text.\nSecond line." = 2*3/(3+5);
  // aa22: null output vs "Beta text." = 0. dsb: both empty = 1.
  CHECK(j["dsa"]["levenshtein"]["mean"]["f1"].get<double>() == Approx((0.75 + 0.0) / 2));
  CHECK(j["dsa"]["levenshtein"]["median"]["f1"].get<double>() == Approx(0.375));
  CHECK(j["dsb"]["levenshtein"]["mean"]["f1"].get<double>() == 1.0);
  CHECK(j["micro"]["levenshtein"]["mean"]["f1"].get<double>() == Approx((0.75 + 0 + 1) / 3));
  CHECK(j["micro"]["levenshtein"]["median"]["f1"].get<double>() == Approx(0.75));
  CHECK(j["macro"]["levenshtein"]["mean"]["f1"].get<double>() == Approx((0.375 + 1) / 2));
  CHECK(j["macro"]["levenshtein"]["median"]["f1"].get<double>() == Approx((0.375 + 1) / 2));
}

TEST_CASE("entries that are not files: reported as what they are, counted as failures", "[corpora][formats][cli]") {
  TempDir t;
  const fs::path root = t.path / "c";
  t.write("c/en/html/dir", "<p>page");
  t.write("c/en/html/fifo", "<p>page");
  t.write("c/en/html/dangling", "<p>page");
  t.write("c/en/html/loop", "<p>page");
  fs::create_directories(root / "en/gold/dir");
  REQUIRE(::mkfifo((root / "en/gold/fifo").c_str(), 0644) == 0);
  fs::create_symlink(root / "en/gold/nowhere", root / "en/gold/dangling");
  fs::create_symlink(root / "en/gold/loop", root / "en/gold/loop");
  Corpus c = open_corpus(root);
  REQUIRE(c.docs.size() == 4);
  const std::map<std::string, std::string> expect = {{"dir", "is a directory"},
                                                     {"fifo", "is a FIFO"},
                                                     {"dangling", "is a dangling symbolic link"},
                                                     {"loop", "is a symbolic link loop"}};
  for (const auto& [id, what] : expect) {
    INFO(id);
    CHECK_FALSE(has_warning(c, id + ": page without gold"));
    const std::string e = error_of([&, &id = id] { load_gold_bytes(doc(c, id)); });
    CHECK(e.find(what) != std::string::npos);
    CHECK(e.find("gold/" + id) != std::string::npos);
  }
  // A run where nothing is usable exits 1, each page failed with its reason.
  auto r = run_detour("run --corpus '" + root.string() + "' --extractors NONE --metrics to --no-progress --out '" +
                      (t.path / "out").string() + "'");
  CHECK(r.status == 1);
  const std::string failures = io::read_file(t.path / "out/failures.tsv");
  for (const auto& [id, what] : expect) CHECK(failures.find(what) != std::string::npos);
  // With one usable page the run goes on (exit 0) and still counts the four failures.
  t.write("c/en/html/ok", "<p>fine");
  t.write("c/en/gold/ok", "<p>fine");
  auto ok = run_detour("run --corpus '" + root.string() + "' --extractors NONE --metrics to --no-progress");
  CHECK(ok.status == 0);
  CHECK(ok.out.find("4 failed page runs") != std::string::npos);
  // A page that is a directory fails too.
  fs::remove(root / "en/html/ok");
  fs::create_directories(root / "en/html/ok");
  auto p = run_detour("run --corpus '" + root.string() + "' --extractors NONE --metrics to --no-progress");
  CHECK(p.status == 1);
  CHECK(p.out.find("html/ok: is a directory") != std::string::npos);
  // `score` over such a gold folder notes them as failures and exits 1 when nothing is scored.
  t.write("sys/dir", "x");
  t.write("sys/fifo", "x");
  auto s = run_detour("score --gold '" + (root / "en/gold").string() + "' --system '" + (t.path / "sys").string() + "'");
  CHECK(s.status == 1);
  CHECK(s.out.find("is a directory") != std::string::npos);
  CHECK(s.out.find("is a FIFO") != std::string::npos);
}

TEST_CASE("convert --to daniel: every format reads back as the same documents", "[corpora][formats][cli]") {
  for (const char* name : {"scrapinghub", "wceb", "l3s-gn1", "dragnet", "cleanportaleval", "cleaneval2007-mirror",
                           "jsonl/corpus.jsonl"}) {
    INFO(name);
    TempDir t;
    const fs::path out = t.path / "out";
    auto r = run_detour("convert --corpus '" + fixture(name).string() + "' --to daniel --out '" + out.string() + "'");
    REQUIRE(r.status == 0);
    Corpus a = open_corpus(fixture(name));
    Corpus b = open_corpus(out);
    CHECK(b.format == "daniel");
    REQUIRE(a.docs.size() == b.docs.size());
    for (const auto& d : a.docs) {
      const std::string lang = d.lang.empty() ? "und" : d.lang;
      const CorpusDoc* e = nullptr;
      for (const auto& x : b.docs)
        if (x.id == d.id && x.lang == lang) e = &x;
      REQUIRE(e);
      CHECK(e->has_gold() == d.has_gold());
      CHECK(e->has_page() == d.has_page());
      if (d.has_gold()) CHECK(load_gold_bytes(*e) == load_gold_bytes(d));
      if (d.has_page()) CHECK(load_page_raw(*e) == load_page_raw(d));
      if (!d.url.empty()) CHECK(e->url == d.url);
    }
  }
  TempDir t;
  t.write("busy/x", "x");
  auto busy = run_detour("convert --corpus '" + fixture("dragnet").string() + "' --to daniel --out '" +
                         (t.path / "busy").string() + "'");
  CHECK(busy.status == 2);
  auto to = run_detour("convert --corpus '" + fixture("dragnet").string() + "' --to cleaneval --out '" +
                       (t.path / "o").string() + "'");
  CHECK(to.status == 2);
}
