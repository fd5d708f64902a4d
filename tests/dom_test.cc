// The DOM: parsing, the depth guards, clone, walk, serialisation.
#include <catch2/catch.hpp>

#include <chrono>

#include "extractors/blocks.h"
#include "html/dom.h"
#include "extractors/extractor.h"

using namespace detour;

TEST_CASE("dom: parse, title, body, text", "[dom]") {
  auto d = dom::Document::parse("<title> T </title><p>Hello <b>world</b><script>x()</script>");
  CHECK(d.title() == " T ");
  REQUIRE(d.body());
  CHECK(dom::text_content(d.body()) == "Hello worldx()");
  auto blocks = visible_blocks(d.body());
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].text == "Hello world");
  auto c = d.clone();
  CHECK(dom::to_html(c.root()) == dom::to_html(d.root()));
}

TEST_CASE("dom: 100000 nested divs parse quickly and walks stay safe", "[dom][robust]") {
  std::string html = "<html><body>";
  for (int i = 0; i < 100000; ++i) html += "<div>";
  html += "deep text";
  for (int i = 0; i < 100000; ++i) html += "</div>";
  html += "<p>after</p></body></html>";
  auto t0 = std::chrono::steady_clock::now();
  auto d = dom::Document::parse(html);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(d.flattened_elements() > 0);
  std::string text = dom::text_content(d.body());
  CHECK(text.find("deep text") != std::string::npos);
  CHECK(text.find("after") != std::string::npos);
  // Not a timing assertion on speed, only a bound far above normal that catches the
  // quadratic parse (minutes) this guard exists for.
  CHECK(secs < 60);
  Page p = html::make_page("deep", html);
  CHECK(visible_blocks(p.dom->body()).size() >= 2);
}

TEST_CASE("dom: many unclosed paragraphs are not mistaken for deep nesting", "[dom]") {
  std::string html = "<body>";
  for (int i = 0; i < 3000; ++i) html += "<p>para " + std::to_string(i);
  auto d = dom::Document::parse(html);
  CHECK(d.flattened_elements() == 0);
  CHECK(d.body()->children.size() == 3000);
}

TEST_CASE("dom: parses on one thread reuse gumbo's arena without mixing trees", "[dom]") {
  // A big page (many arena blocks, large attribute values), then small ones: each
  // tree must be what a fresh parse gives, and documents outlive later parses.
  std::string big = "<html><body>";
  for (int i = 0; i < 20000; ++i)
    big += "<div class=\"c" + std::to_string(i) + "\"><p>para " + std::to_string(i) + " text</p></div>";
  big += "<p title=\"" + std::string(300000, 'x') + "\">long attribute</p></body></html>";
  auto first = dom::Document::parse(big);
  std::string first_html = dom::to_html(first.root());
  std::vector<dom::Document> docs;
  for (int k = 0; k < 50; ++k)
    docs.push_back(dom::Document::parse("<p>small " + std::to_string(k) + "</p><p>two <b>b</b> tail</p>"));
  for (int k = 0; k < 50; ++k) {
    REQUIRE(docs[k].body());
    CHECK(dom::text_content(docs[k].body()) == "small " + std::to_string(k) + "two b tail");
  }
  CHECK(dom::to_html(first.root()) == first_html);  // untouched by later parses
  CHECK(dom::to_html(dom::Document::parse(big).root()) == first_html);
  CHECK(first_html.find("para 19999 text") != std::string::npos);
  CHECK(first_html.find(std::string(300000, 'x')) != std::string::npos);
}
