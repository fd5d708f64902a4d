// What the scores read of a gold reference or a system output: files in any charset
// decoded to UTF-8 as pages are (corpora/decode.h decode_text), CleanEval 2007 and
// CleanPortalEval gold read as WCEB reads them (plain_text.h cleaneval-gold),
// character references decoded by the benchmark metrics' markup-to-text
// (html/entities.h), and rougelsum's default sentence splitter.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "base/io.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "html/entities.h"
#include "metrics/bench_metrics/punkt.h"
#include "metrics/metric.h"
#include "metrics/plain_text.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;
using detour::testing::run_detour;
using detour::testing::TempDir;
using detour::testing::write_file;

namespace {

// UTF-16 (LE or BE) with a byte-order mark, from UTF-8 text of the BMP.
std::string utf16(std::string_view utf8, bool little_endian) {
  std::string out = little_endian ? std::string("\xFF\xFE") : std::string("\xFE\xFF");
  std::size_t i = 0;
  while (i < utf8.size()) {
    const auto c = static_cast<unsigned char>(utf8[i]);
    char32_t cp = c;
    std::size_t n = 1;
    if (c >= 0xE0) {
      cp = c & 0x0F;
      n = 3;
    } else if (c >= 0xC0) {
      cp = c & 0x1F;
      n = 2;
    }
    for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    i += n;
    const char lo = static_cast<char>(cp & 0xFF), hi = static_cast<char>(cp >> 8);
    out += little_endian ? std::string{lo, hi} : std::string{hi, lo};
  }
  return out;
}

const corpora::CorpusDoc& doc(const corpora::Corpus& c, const std::string& id) {
  for (const auto& d : c.docs)
    if (d.id == id) return d;
  FAIL("no document " << id);
  throw std::logic_error("unreachable");
}

// Precision, recall and F1 (percent) of one metric for one pair under the text forms.
PRFValues score(std::string_view metric, std::string_view system, std::string_view gold,
                metrics::TextForm sys_form, metrics::TextForm gold_form) {
  metrics::ScoreOptions o;
  o.text_form_system = sys_form;
  o.text_form_gold = gold_form;
  metrics::DocPair p(system, gold, o);
  const metrics::MetricInfo& m = metrics::find_metric(metric);
  PRFValues v = metrics::doc_prf(m, m.score(p));
  return {100 * v.precision, 100 * v.recall, 100 * v.f1};
}

// The per-system, per-document `metric` F1 of a `detour score --format json` run's
// per-document records are not in that file: the mean (macro F1) is, and an all-100
// mean (in percent) means every page scored 100.
double macro_f1(const fs::path& json, const std::string& system, const std::string& metric) {
  auto j = nlohmann::json::parse(io::read_file(json));
  return j["systems"][system]["languages"]["all"][metric]["macro"]["f1"].get<double>();
}

const std::string kDragnetText = "Café story, naïve and “quoted”.";

// A Dragnet layout whose gold files are UTF-16 (both orders), windows-1252 and UTF-8.
fs::path dragnet_fixture(const TempDir& t) {
  const std::string gold = kDragnetText + "\n!@#$%^&*()  COMMENTS\nnice comment\n";
  for (const char* id : {"le", "be", "cp", "u8"})
    t.write(std::string("dragnet/HTML/") + id + ".html", "<html><body><p>" + kDragnetText + "</p></body></html>");
  t.write("dragnet/Corrected/le.html.corrected.txt", utf16(gold, true));
  t.write("dragnet/Corrected/be.html.corrected.txt", utf16(gold, false));
  // windows-1252: é ï “ ” as single bytes.
  t.write("dragnet/Corrected/cp.html.corrected.txt",
          "Caf\xE9 story, na\xEFve and \x93quoted\x94.\n!@#$%^&*()  COMMENTS\nnice comment\n");
  t.write("dragnet/Corrected/u8.html.corrected.txt", gold);
  return t.path / "dragnet";
}

}  // namespace

TEST_CASE("gold files: UTF-16 and windows-1252 gold is decoded as pages are", "[gold_text]") {
  TempDir t;
  const fs::path root = dragnet_fixture(t);
  corpora::Corpus c = corpora::open_corpus(root);
  REQUIRE(c.docs.size() == 4);
  // The comments separator is found in the decoded text, whatever the charset.
  for (const char* id : {"le", "be", "cp", "u8"}) {
    INFO(id);
    CHECK(corpora::load_gold_bytes(doc(c, id)) == kDragnetText);
  }
  corpora::OpenOptions keep;
  keep.dragnet_comments = "keep";
  CHECK(corpora::load_gold_bytes(doc(corpora::open_corpus(root, keep), "le")) == kDragnetText + "\nnice comment\n");
  // Well-formed UTF-8 is never changed, whatever it declares; UTF-16 without a
  // byte-order mark is told by its NUL bytes.
  const std::string declared = "<meta charset=\"windows-1252\"><p>Caf\xC3\xA9</p>";
  CHECK(corpora::decode_text(declared).utf8 == declared);
  CHECK_FALSE(corpora::text_needs_decoding(declared));
  CHECK(corpora::decode_text(utf16("<p>A plain gold text, long enough.", true).substr(2)).utf8 ==
        "<p>A plain gold text, long enough.");
  // A stray NUL in UTF-8 text (a published DANIEL output has 30) is text, not UTF-16.
  const std::string stray = std::string("<p>}</p>\r\n<p>") + '\0' + "\xE9\xA4\x8A text of a page, long enough to count</p>";
  CHECK_FALSE(corpora::text_needs_decoding(stray));
  CHECK(corpora::decode_text(stray).utf8 == stray);

  // Through the command line: an output equal to the decoded gold scores 100.
  std::string outputs;
  for (const char* id : {"le", "be", "cp", "u8"})
    outputs += nlohmann::json({{"id", id}, {"text", kDragnetText}}).dump() + "\n";
  t.write("out.jsonl", outputs);
  auto r = run_detour("score --corpus '" + root.string() + "' --system '" + (t.path / "out.jsonl").string() +
                      "' --metrics bow,levenshtein --format json --out '" + (t.path / "s.json").string() + "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(macro_f1(t.path / "s.json", "out", "bow") == Approx(100));
  CHECK(macro_f1(t.path / "s.json", "out", "levenshtein") == Approx(100));

  // `detour convert` writes the gold text in UTF-8.
  auto cv = run_detour("convert --corpus '" + root.string() + "' --to daniel --out '" + (t.path / "conv").string() + "'");
  INFO(cv.out);
  REQUIRE(cv.status == 0);
  for (const char* id : {"le", "be", "cp", "u8"}) {
    INFO(id);
    CHECK(io::read_file(t.path / "conv" / "en" / "gold" / id) == kDragnetText);
  }
}

TEST_CASE("system output files: UTF-16 and windows-1252 outputs are decoded before scoring", "[gold_text]") {
  TempDir t;
  const std::string gold = "<p>Café story, naïve and “quoted”.\n<p>Second paragraph here.\n";
  t.write("corpus/en/html/a.html", "<html><body><p>x</p></body></html>");
  t.write("corpus/en/html/b.html", "<html><body><p>x</p></body></html>");
  t.write("corpus/en/gold/a.html", gold);
  t.write("corpus/en/gold/b.html", gold);
  t.write("sys/en/a.html", utf16(gold, true));
  t.write("sys/en/b.html", "<p>Caf\xE9 story, na\xEFve and \x93quoted\x94.\n<p>Second paragraph here.\n");
  // The batched folder path (DANIEL layout) and the CleanEval-protocol metrics.
  auto r = run_detour("score --corpus '" + (t.path / "corpus").string() + "' --system '" + (t.path / "sys").string() +
                      "' --metrics to,tm --format json --out '" + (t.path / "s.json").string() + "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(macro_f1(t.path / "s.json", "sys", "to") == Approx(100));
  CHECK(macro_f1(t.path / "s.json", "sys", "tm") == Approx(100));
}

TEST_CASE("CleanEval gold: the URL line and the markers are not scored by the benchmark metrics", "[gold_text]") {
  using metrics::TextForm;
  // WCEB's reading: the body's text, "\n +" -> "\n", the leading URL line removed.
  const std::string gold = "  URL: http://portal.example/p1\n\n<p>First para &amp; more.\n<h>A heading\n"
                           "   <l>A list item\n<p>Last <b>bold</b> words.\n";
  const std::string wceb = "First para & more.\nA heading\nA list item\nLast bold words.\n";
  CHECK(metrics::cleaneval_gold_to_text(gold).text == wceb);
  CHECK(metrics::cleaneval_gold_to_text("<p>No URL line\n").text == "No URL line\n");
  CHECK(metrics::cleaneval_gold_to_text("URL: http://a.example/\n").text.empty());
  CHECK(metrics::looks_like_cleaneval_gold("\n URL: x"));
  CHECK_FALSE(metrics::looks_like_cleaneval_gold("<p>URL: x"));
  // An output equal to the gold text gets bow P = R = 100, read from the corpus or
  // detected (auto), from a plain-text output or from detour's CleanEval-form output.
  for (TextForm g : {TextForm::kCleanEvalGold, TextForm::kAuto}) {
    PRFValues plain = score("bow", wceb, gold, TextForm::kRaw, g);
    CHECK(plain.precision == Approx(100));
    CHECK(plain.recall == Approx(100));
    PRFValues ours = score("bow", "<p>First para & more.\n<h>A heading\n<l>A list item\n<p>Last bold words.",
                           gold, TextForm::kMarkup, g);
    CHECK(ours.f1 == Approx(100));
  }

  // Both readers through the command line, with a plain-text outputs file.
  for (const char* layout : {"portal", "cleaneval"}) {
    INFO(layout);
    TempDir t;
    const bool portal = std::string(layout) == "portal";
    const fs::path root = t.path / (portal ? "cleanportaleval" : "ce2007");
    write_file(root / "input" / "p1.html", "<text id=\"1\" title=\"t\" encoding=\"UTF-8\"><p>First para</p></text>");
    write_file(root / (portal ? "GoldStandard" : "gold_std") / "p1.txt", gold);
    t.write("out.jsonl", nlohmann::json({{"id", "p1"}, {"text", wceb}}).dump() + "\n");
    auto r = run_detour("score --corpus '" + root.string() + "' --system '" + (t.path / "out.jsonl").string() +
                        "' --metrics bow --format json --out '" + (t.path / "s.json").string() + "'");
    INFO(r.out);
    REQUIRE(r.status == 0);
    auto j = nlohmann::json::parse(io::read_file(t.path / "s.json"));
    CHECK(j["systems"]["out"]["languages"]["all"]["bow"]["macro"]["recall"].get<double>() == Approx(100));
    CHECK(j["systems"]["out"]["languages"]["all"]["bow"]["macro"]["precision"].get<double>() == Approx(100));
    CHECK(j.dump().find("text:gold=cleaneval-gold") != std::string::npos);
  }
}

TEST_CASE("markup to text: character references are decoded as HTML5 decodes them", "[gold_text]") {
  using metrics::TextForm;
  // detour's CleanEval-form outputs and HTML alike.
  CHECK(metrics::markup_to_text("<p>x &amp; y").text == "x & y");
  CHECK(metrics::markup_to_text("<p>x &amp; y\n<h>&lt;The Palace&gt; &rsquo;s").text == "x & y\n<The Palace> ’s");
  CHECK(metrics::markup_to_text("<div>it&rsquo;s &hellip; &copy 2011 &euro;&#8364;&#x20AC;&#128;</div>").text ==
        "it’s … © 2011 €€€€");
  PRFValues v = score("bow", "<p>x &amp; y", "x & y", TextForm::kMarkup, TextForm::kRaw);
  CHECK(v.precision == Approx(100));
  CHECK(v.recall == Approx(100));
  // What is not a reference stays; legacy names without a semicolon take the longest
  // prefix, as HTML5 and Python's html.unescape do.
  CHECK(html::decode_references("AT&T &E; &Body; & &; &#; &#x; &amp") == "AT&T &E; &Body; & &; &#; &#x; &");
  CHECK(html::decode_references("&notit; &notin; &ampx &lt3 &NotNestedGreaterGreater;") == "¬it; ∉ &x <3 ⪢̸");
  CHECK(html::decode_references("&#0; &#xD800; &#x110000; &#65;&#x42;") == "\xEF\xBF\xBD \xEF\xBF\xBD \xEF\xBF\xBD AB");
}

TEST_CASE("rougelsum: the default setting works without --punkt and names its splitter", "[gold_text]") {
  REQUIRE(fs::exists(bench_metrics::kDebianEnglishModel));  // scripts/install-deps.sh installs it
  const auto model = bench_metrics::PunktModel::load(bench_metrics::kDebianEnglishModel);
  CHECK(model.abbrev_count() == 156);
  CHECK(model.ortho_count() == 20366);
  CHECK(model.sentences("Mr. Smith went to Washington. He arrived at 5 p.m. on Monday.").size() == 2);
  // The JSON shape and the punkt_tab layout give the same model (the same digest).
  TempDir t;
  t.write("m.json", R"({"AbbrevTypes": {"dr": 1}, "Collocations": {"##number##,international": 1},
                        "SentStarters": {"however": 1}, "OrthoContext": {"smith": 4, "the": 110}})");
  t.write("tab/abbrev_types.txt", "dr");
  t.write("tab/collocations.tab", "##number##\tinternational");
  t.write("tab/sent_starters.txt", "however");
  t.write("tab/ortho_context.tab", "smith\t4\nthe\t110");
  CHECK(bench_metrics::PunktModel::load(t.path / "m.json").fingerprint() ==
        bench_metrics::PunktModel::load(t.path / "tab").fingerprint());

  const char* saved = std::getenv("DETOUR_PUNKT");
  const std::string keep = saved ? saved : "";
  ::unsetenv("DETOUR_PUNKT");
  const std::string root = (testing::source_dir() / "tests/fixtures/corpora/scrapinghub").string();
  auto r = run_detour("score --corpus '" + root + "' --system '" + root +
                      "/output/sysA.json' --metrics rougelsum --format json --out '" + (t.path / "s.json").string() +
                      "'");
  if (saved) ::setenv("DETOUR_PUNKT", keep.c_str(), 1);
  INFO(r.out);
  REQUIRE(r.status == 0);
  const std::string j = io::read_file(t.path / "s.json");
  CHECK(j.find("setting:wceb|rougelsum|ref=rouge-score-0.1.2|split=punkt(nltk-3.8,model=" + model.fingerprint() + ")") !=
        std::string::npos);
}
