// Unit tests of the jusText port: Python str semantics, segmentation, classification
// rules, stoplist loading, and robustness on hostile pages.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <catch2/catch.hpp>
#include <unicode/uchar.h>

#include "extractors/extractor.h"
#include "extractors/justext/justext.h"
#include "extractors/justext/pytext.h"
#include "extractors/justext/stoplist.h"

using namespace detour;
using namespace detour::justext;

TEST_CASE("py::is_space equals Python's rule (bidi WS/B/S or Zs) on every code point",
          "[justext]") {
  for (UChar32 c = 0; c <= 0x10FFFF; ++c) {
    const auto bidi = u_charDirection(c);
    const bool python = bidi == U_WHITE_SPACE_NEUTRAL || bidi == U_BLOCK_SEPARATOR ||
                        bidi == U_SEGMENT_SEPARATOR || u_charType(c) == U_SPACE_SEPARATOR;
    if (python != py::is_space(static_cast<char32_t>(c))) FAIL("code point " << c);
  }
}

TEST_CASE("py::normalize_whitespace equals a code-point-at-a-time reading", "[justext]") {
  // re.sub(r"\s+", " " or "\n") read one code point at a time; the function copies
  // runs of other code points whole.
  auto reading = [](std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
      const std::size_t start = i;
      const char32_t c = py::next_code_point(s, i);
      if (!py::is_space(c)) {
        out.append(s.substr(start, i - start));
        continue;
      }
      bool newline = c == '\n' || c == '\r';
      while (i < s.size()) {
        std::size_t j = i;
        const char32_t d = py::next_code_point(s, j);
        if (!py::is_space(d)) break;
        newline = newline || d == '\n' || d == '\r';
        i = j;
      }
      out.push_back(newline ? '\n' : ' ');
    }
    return out;
  };
  const std::vector<std::string> pieces = {"a", "Zz", " ", "\t", "\n", "\r", "\x1c", "\x7f", "\xC2\xA0", "\xC2\x85",
                                           "\xE2\x80\x83", "\xE2\x80\x8B", "\xE3\x80\x80", "\xCE\xB1", "\xE2\x80",
                                           "\xFF", "\xF0\x9F\x98\x80", "~"};
  std::mt19937 rng(8);
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    for (int k = static_cast<int>(rng() % 12); k > 0; --k) s += pieces[rng() % pieces.size()];
    INFO("round " << round);
    CHECK(py::normalize_whitespace(s) == reading(s));
  }
}

TEST_CASE("py string helpers behave like Python 3", "[justext]") {
  CHECK(py::length("a\xC3\xA9\xE4\xB8\xAD") == 3);
  CHECK(py::normalize_whitespace(" a \t b\n\r c\xC2\xA0 d ") == " a b\nc d ");
  CHECK(py::strip("\xC2\xA0 x y \xE3\x80\x80") == "x y");
  const auto words = py::split("\xE2\x80\x83one  two\xC2\xA0three\xE2\x80\x8B" "four");
  REQUIRE(words.size() == 3);  // U+200B is not whitespace for Python
  CHECK(words[2] == "three\xE2\x80\x8B" "four");
  CHECK(py::lower("ABC") == "abc");
  CHECK(py::lower("\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3") == "\xCE\xBF\xCE\xB4\xCE\xBF\xCF\x82");  // ΟΔΟΣ -> οδος (final sigma)
  CHECK(py::lower("\xD0\x9F\xD1\x80\xD0\xB8") == "\xD0\xBF\xD1\x80\xD0\xB8");                    // При -> при
  CHECK(py::is_blank(" \n\xC2\xA0"));
  CHECK_FALSE(py::is_blank(" x "));
}

TEST_CASE("heading paths follow the regex: word boundary, h, digit, word boundary", "[justext]") {
  CHECK(path_has_heading("html.body.h2"));
  CHECK(path_has_heading("html.body.h1.a"));
  CHECK_FALSE(path_has_heading("html.body.th"));
  CHECK_FALSE(path_has_heading("html.body.h12x"));
  CHECK_FALSE(path_has_heading("html.body.div"));
}

TEST_CASE("segmentation: paragraph tags, <br><br>, links, removed elements", "[justext]") {
  const auto doc = dom::Document::parse(
      "<html><head><title>T</title></head><body><p>one <a href=x>link</a> two</p>"
      "<div>first<br>same<br><br>second</div><script>x()</script>"
      "<p>a<!-- c -->b<object>in obj</object></p><select><option>opt</option></select>"
      "<h2>Head</h2></body></html>");
  const auto ps = make_paragraphs(doc.html());
  REQUIRE(ps.size() == 5);
  CHECK(ps[0].text == "one link two");
  CHECK(ps[0].link_chars == 4);
  CHECK(ps[0].dom_path == "html.body.p");
  CHECK(ps[1].text == "first same");
  CHECK(ps[2].text == "second");
  CHECK(ps[2].dom_path == "html.body.div.br");
  CHECK(ps[3].text == "abin obj");  // comment and object tags vanish, text merges
  CHECK(ps[4].text == "Head");
  CHECK(ps[4].dom_path == "html.body.h2");
}

namespace {
Paragraph para(Class cf, std::size_t length = 100, bool heading = false) {
  Paragraph p;
  p.cf_class = cf;
  p.length = length;
  p.heading = heading;
  return p;
}
}  // namespace

TEST_CASE("context-free classification thresholds", "[justext]") {
  Stoplist stop({"the", "of", "and", "a", "to", "in", "is"}, "test");
  Options o;
  std::vector<Paragraph> ps(4);
  // 26 words, 13 stop words, > 200 chars: good.
  ps[0].text = "the cat of the house and a dog in the yard is to be seen at the end of the day "
               "and the night is dark and the moon is high in the sky tonight over town, and "
               "the rest of the story is told in the next part of the book in a while";
  ps[1].text = "short one";                                 // short
  ps[2].text = std::string(80, 'x') + " \xC2\xA9 2012";     // copyright: bad
  ps[3].text = "Zebra Quagga Okapi Giraffe Elephant Rhino Hippo Lion Tiger Bear Wolf Fox";
  for (auto& p : ps) p.length = py::length(p.text);
  classify_paragraphs(ps, stop, o);
  CHECK(ps[0].cf_class == Class::Good);
  CHECK(ps[1].cf_class == Class::Short);
  CHECK(ps[2].cf_class == Class::Bad);
  CHECK(ps[3].cf_class == Class::Bad);  // long enough, no stop words
  // Without stoplist and thresholds 0 (JTS) the same paragraph is near-good.
  Options jts;
  jts.stopwords_low = jts.stopwords_high = 0;
  classify_paragraphs(ps, Stoplist(), jts);
  CHECK(ps[3].cf_class == Class::NearGood);
}

TEST_CASE("context-sensitive revision", "[justext]") {
  Options o;
  SECTION("short between goods becomes good; between bads bad") {
    std::vector<Paragraph> ps{para(Class::Good), para(Class::Short, 10), para(Class::Good),
                              para(Class::Bad), para(Class::Short, 10), para(Class::Bad)};
    revise_paragraph_classification(ps, o);
    CHECK(ps[1].class_type == Class::Good);
    CHECK(ps[4].class_type == Class::Bad);
  }
  SECTION("short next to a bad whose far side is near-good becomes good") {
    std::vector<Paragraph> ps{para(Class::NearGood), para(Class::Short, 10), para(Class::Good)};
    revise_paragraph_classification(ps, o);
    CHECK(ps[1].class_type == Class::Good);
    CHECK(ps[0].class_type == Class::Good);  // near-good with a good neighbour
  }
  SECTION("near-good between bads (page edges count as bad) becomes bad") {
    std::vector<Paragraph> ps{para(Class::NearGood)};
    revise_paragraph_classification(ps, o);
    CHECK(ps[0].class_type == Class::Bad);
  }
  SECTION("3.x heading quirk versus 1.x pre-pass") {
    // A short heading, then a bad paragraph, then a good one: with the 1.x pre-pass the
    // heading becomes near-good and then good; 3.x leaves it short, so it turns bad and
    // only the final pass (cf class not bad) can save it - which it does here.
    std::vector<Paragraph> v3{para(Class::Bad), para(Class::Short, 10, true),
                              para(Class::Bad, 50), para(Class::Good)};
    auto v1 = v3;
    revise_paragraph_classification(v3, o);
    Options o1;
    o1.heading_variant = HeadingVariant::V1;
    revise_paragraph_classification(v1, o1);
    CHECK(v1[1].class_type == Class::Good);
    CHECK(v3[1].class_type == Class::Good);
    // Beyond max_heading_distance nothing rescues it.
    std::vector<Paragraph> far{para(Class::Bad), para(Class::Short, 10, true),
                               para(Class::Bad, 500), para(Class::Good)};
    revise_paragraph_classification(far, o);
    CHECK(far[1].class_type == Class::Bad);
  }
}

TEST_CASE("stoplists: jusText folder, stopwords-iso JSON, clear errors", "[justext]") {
  const auto dir = std::filesystem::temp_directory_path() / "detour_justext_test";
  std::filesystem::create_directories(dir);
  { std::ofstream(dir / "English.txt") << "The\nof\r\nAND\n"; }
  const Stoplist en = load_stoplist(dir, "en");
  CHECK(en.size() == 3);
  CHECK(en.contains("the"));
  CHECK(en.contains("and"));
  CHECK(en.hash().size() == 12);
  CHECK(source_hash(dir) != "missing");
  { std::ofstream(dir / "sw.json") << R"({"en": ["the", "Of"], "el": ["και"]})"; }
  const Stoplist json_en = load_stoplist(dir / "sw.json", "English");
  CHECK(json_en.contains("of"));
  CHECK(load_stoplist(dir / "sw.json", "el").size() == 1);
  CHECK_THROWS_WITH(load_stoplist(dir, "pl"), Catch::Contains("Polish.txt") && Catch::Contains("DETOUR_STOPLISTS"));
  CHECK_THROWS_WITH(load_stoplist(dir / "nowhere", "en"), Catch::Contains("does not exist"));
  CHECK_THROWS_AS(load_stoplist(dir / "sw.json", "ru"), StoplistError);
  { std::ofstream(dir / "bad.json") << "{not json"; }
  CHECK_THROWS_WITH(load_stoplist(dir / "bad.json", "en"), Catch::Contains("bad.json"));
  CHECK(justext_language("nb") == "Norwegian_Bokmal");
  CHECK(justext_language("zh") == "Chinese");
  CHECK(justext_language("xx").empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("JTS and JTA extract good paragraphs with kinds", "[justext]") {
  std::string body;
  for (int i = 0; i < 4; ++i)
    body += "<p>This is a long paragraph of the kind that a reader would want to keep, and it "
            "has many of the words that are in the list of stop words for the language. It goes "
            "on for a while, longer than two hundred characters, so that it is good.</p>";
  const Page page = html::make_page("t", "<html><body><h1>The title of the story</h1>" + body +
                                             "<ul><li>This item of the list is long enough to be "
                                             "kept as content by the algorithm, it is.</li></ul>"
                                             "</body></html>",
                                    "en");
  auto jts = make_extractor("JTS");
  const auto ex = jts->extract(page);
  REQUIRE(ex.segments.size() == 6);
  CHECK(ex.segments[0].kind == SegmentKind::Heading);
  CHECK(ex.segments[1].kind == SegmentKind::Paragraph);
  CHECK(ex.segments[5].kind == SegmentKind::ListItem);
  CHECK(jts->signature().find("heading_variant:3.x") != std::string::npos);
}

TEST_CASE("jusText survives hostile pages", "[robust][justext][slow]") {
  auto jts = make_extractor("JTS");
  std::vector<std::string> pages = {"", "plain text, no markup at all", std::string("\x00\xff\xfe\x01", 4)};
  std::string nested;
  for (int i = 0; i < 100000; ++i) nested += "<div>";
  nested += "deep text";
  pages.push_back(nested);
  std::string para = "<p>";
  while (para.size() < 50000) para += "Some text of the page that goes on and on. ";
  para += "</p>\n";
  std::string big = "<html><body>";
  while (big.size() < (50u << 20)) big += para;
  pages.push_back(std::move(big));
  for (const auto& html : pages) {
    const Page page = html::make_page("robust", html, "en");
    CHECK_NOTHROW(jts->extract(page));
  }
  // A page without a language cannot pick a stoplist: a clear error, not a crash.
  if (std::filesystem::exists(default_stoplist_source())) {
    auto jta = make_extractor("JTA");
    CHECK_THROWS_AS(jta->extract(html::make_page("nolang", "<p>x</p>", "")), ExtractError);
  }
}
