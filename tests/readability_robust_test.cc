// Robustness of RD: hostile inputs must give a defined result in bounded time.
#include <catch2/catch.hpp>

#include <string>

#include "extractors/extractor.h"

using namespace detour;

namespace {
Extraction run(const std::string& html) {
  auto rd = make_extractor("RD");
  Page page = html::make_page("robust", html, "en");
  return rd->extract(page);
}
}  // namespace

TEST_CASE("RD survives empty and non-HTML pages", "[robust][readability]") {
  CHECK(run("").segments.empty());
  std::string binary;
  for (int i = 0; i < 4096; ++i) binary += static_cast<char>((i * 7919) % 256);
  CHECK_NOTHROW(run(binary));
  // libxml2 puts plain text in a <p>, whose body is then the best candidate, as for the
  // real readability-lxml (its summary: <div><body id="readabilityBody"><p>...).
  Extraction text = run("just a line of plain text, nothing else");
  REQUIRE(text.segments.size() == 1);
  CHECK(text.segments[0].text == "just a line of plain text, nothing else");
  CHECK(text.notes.at("rd_best") == "body");
  CHECK(text.html.find("<body id=\"readabilityBody\"><p>just a line") != std::string::npos);
}

TEST_CASE("RD survives 100000 nested divs", "[robust][readability]") {
  // Built directly (gumbo's parse of such input is quadratic and takes minutes, and
  // the parser would flatten it at depth 400): this checks that every walk of ours
  // is iterative on a tree really 100000 deep.
  auto doc = std::make_shared<dom::Document>();
  dom::Node* html = doc->create_element("html");
  dom::Node* body = doc->create_element("body");
  dom::Document::append_child(doc->root(), html);
  dom::Document::append_child(html, body);
  dom::Node* cur = body;
  for (int i = 0; i < 100000; ++i) {
    dom::Node* div = doc->create_element("div");
    dom::Document::append_child(cur, div);
    cur = div;
  }
  dom::Node* p = doc->create_element("p");
  dom::Document::append_child(cur, p);
  dom::Document::append_child(
      p, doc->create_text("Deep paragraph text that is long enough to be scored by readability."));
  Page page;
  page.id = "deep";
  page.dom = doc;
  // RD reading this very tree (page.dom is the HTML5 slot; RD's own is libxml2's).
  Extraction e = make_extractor("RD", {{"parser", "html5"}})->extract(page);
  REQUIRE(e.segments.size() == 1);
  CHECK(e.segments[0].text.find("Deep paragraph") != std::string::npos);
}

TEST_CASE("RD survives a 50 MB page", "[robust][readability][slow]") {
  std::string para = "<p>Some sentence, with a comma, repeated to make a very large page indeed.</p>\n";
  std::string html = "<html><body><div class='content'>";
  while (html.size() < (50u << 20)) html += para;
  html += "</div></body></html>";
  Extraction e = run(html);
  CHECK(e.segments.size() > 100000);
}
