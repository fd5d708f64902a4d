// HK (HTML Killer baseline): the reverse-engineered rules on small pages (each
// expected result is worked out by hand from the rules listed at the top of
// extractors/html_killer.cc), and robustness on hostile pages. Agreement with the
// published outputs is tests/html_killer_fidelity_test.cc.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "extractors/extractor.h"

using namespace detour;

namespace {

std::vector<std::string> texts(const Extraction& ex) {
  std::vector<std::string> out;
  for (const auto& s : ex.segments) out.push_back(s.text);
  return out;
}

Extraction run(const std::string& html) {
  return make_extractor("HK")->extract(html::make_page("t", html, "en"));
}

}  // namespace

TEST_CASE("HK keeps the first h1 as title and the pieces between </p> and <br>", "[html_killer]") {
  const auto ex = run(
      "<html><body><p>before h1</p><h1 class=x>The  <a href=#>title</a></h1>"
      "<script>var x = '</p>';</script><p>One <b>bold</b> <a href=y>link</a> end</p>"
      "<ul><li>menu</li></ul><!-- <p>comment</p> -->Line&nbsp;one<br/>Line two<br>tail text"
      "</body></html>");
  REQUIRE(ex.segments.size() == 5);
  CHECK(ex.segments[0].kind == SegmentKind::Heading);
  CHECK(ex.segments[0].text == "The title");
  // "<b>bold</b>" holds only text: removed (version 5; b was exempt before). The
  // link's text stays (a is unwrapped first); the entity is a space.
  CHECK(texts(ex) == std::vector<std::string>{"The title", "One link end", "Line one", "Line two", "tail text"});
}

TEST_CASE("HK drops opening tags with their text, text-only elements and short pieces", "[html_killer]") {
  const auto ex = run(
      "<body><h1>T</h1><td>cell text here</td> after the cell</p>"
      "<table><tr><td>x</td></tr></table>closing tail kept</p>short</p>"
      "<FONT>upper font text</p><img src=a.gif>eaten<br>still eaten/> visible after img</p></body>");
  // "<td>", "<table>", "<tr>" and "<FONT>" go with the text that follows them; text
  // after a closing tag stays. "short" has 5 bytes (< 8).
  // The <img> not closed by "/>" swallows everything up to the next "/>".
  CHECK(texts(ex) == std::vector<std::string>{"T", "after the cell", "closing tail kept", "visible after img"});
}

TEST_CASE("HK normalises line breaks first: a <br /> never ends an <img>", "[html_killer]") {
  const auto ex = run(
      "<body><h1>Title here</h1><img src=a.gif>swallowed one<br />swallowed two<br/>"
      "swallowed three<br class=x />end/> kept after the image<br />second piece kept</p></body>");
  // Version 3 ended the <img> at the first "<br />" and kept "swallowed two" and
  // "swallowed three"; the published outputs show the <img> running on to "end/>".
  CHECK(texts(ex) == std::vector<std::string>{"Title here", "kept after the image", "second piece kept"});
}

TEST_CASE("HK region: first h1 to first </body>, cut at the next h1, else from <body", "[html_killer]") {
  // The first </body> comes before the first <h1: the region is from the last <body
  // before that </body> up to it (version 6; before, nothing was kept).
  CHECK(texts(run("<body><p>menu entry text</p></body><h1>Late title</h1><p>text after the late title</p>")) ==
        std::vector<std::string>{"menu entry text"});
  // A "<body>..</body>" in a script string: the region is the string's inside alone.
  CHECK(run("<html><body><p>outer paragraph text</p><script>var s = '<body>x</body>';</script>"
            "<h1>Late title</h1><p>text after the late title</p></body></html>")
            .segments.empty());
  // A second <h1 ends the region.
  CHECK(texts(run("<body><h1>First title</h1><p>first paragraph text</p><h1>Second</h1>"
                  "<p>never reached text</p></body>")) ==
        std::vector<std::string>{"First title", "first paragraph text"});
  // Without <h1 (and without <script) the region starts at <body (its own tag starts
  // with b and stays).
  CHECK(texts(run("<html><head><title>head title</title></head><body><p>body paragraph one</p></body>")) ==
        std::vector<std::string>{"body paragraph one"});
  // Line feeds are deleted before anything else, gluing the words they separated.
  CHECK(texts(run("<body><h1>Title here</h1><p>new\nline and more</p>")) ==
        std::vector<std::string>{"Title here", "newline and more"});
}

TEST_CASE("HK without h1 starts the region at the first <script", "[html_killer]") {
  // From the first "<script", the head's "<link" (an "<li" to the rule) swallows
  // everything up to the first "</li>", the first paragraph included.
  CHECK(texts(run("<html><head><script>var x;</script><link rel=icon href=i.ico><title>head title</title>"
                  "</head><body><p>first paragraph text</p><ul><li>menu entry</li></ul>"
                  "<p>second paragraph text</p></body></html>")) ==
        std::vector<std::string>{"second paragraph text"});
  // A link before the first script lies outside the region and swallows nothing.
  CHECK(texts(run("<html><head><link rel=icon href=i.ico><script>var x;</script><title>head title</title>"
                  "</head><body><p>first paragraph text</p><ul><li>menu entry</li></ul>"
                  "<p>second paragraph text</p></body></html>")) ==
        std::vector<std::string>{"first paragraph text", "second paragraph text"});
}

TEST_CASE("HK removes opening tags with their text before text-only elements", "[html_killer]") {
  // "<td>" goes with the (empty) text before "<iframe"; the iframe's opening tag goes
  // the same way and the text after "</iframe>" stays. In the other order the empty
  // iframe element would go first and "<td>" would then take the text with it.
  CHECK(texts(run("<body><h1>Title here</h1><td><iframe src=x></iframe>kept after the iframe</td></p>"
                  "<h2>subheading text</h2><p>Intro <b>bold words</b> and tail</p></body>")) ==
        std::vector<std::string>{"Title here", "kept after the iframe", "Intro and tail"});
}

TEST_CASE("HK removes h2-h6 and small elements whole, whatever they hold", "[html_killer]") {
  // Version 6: "<h2...</h2>" and the like go as shortest spans, so a "<br>" inside
  // them no longer cuts a piece; "<small>" likewise.
  CHECK(texts(run("<body><h1>Title here</h1><p>Intro text here</p><h2>Sub <a href=x>linked</a><br>heading</h2>"
                  "after heading text</p><h4 class=y>four</h4><small>small print<br> more</small>"
                  "final piece text</p></body>")) ==
        std::vector<std::string>{"Title here", "Intro text here", "after heading text", "final piece text"});
}

TEST_CASE("HK drops a short title only behind <h1 attributes>", "[html_killer]") {
  CHECK(texts(run("<body><h1 class=x>News</h1><p>paragraph text here</p>")) ==
        std::vector<std::string>{"paragraph text here"});
  CHECK(texts(run("<body><h1>News</h1><p>paragraph text here</p>")) ==
        std::vector<std::string>{"News", "paragraph text here"});
}

TEST_CASE("HK is case-sensitive where the tool was", "[html_killer]") {
  // Upper-case <SCRIPT> escapes the script rule, but as an opening tag it goes with the
  // text that follows it (up to "<x>", which goes the same way); </P> is no boundary.
  const auto ex = run("<body><h1>Heading one</h1><SCRIPT>var a = '<x>';</SCRIPT>tail after script </P>"
                      "more text here</p>");
  CHECK(texts(ex) == std::vector<std::string>{"Heading one", "tail after script more text here"});
}

TEST_CASE("HK survives hostile pages", "[robust][html_killer][slow]") {
  auto hk = make_extractor("HK");
  std::vector<std::string> pages = {"",
                                    "plain text without any markup at all",
                                    std::string("\x00\xff<\x01<h1", 6),
                                    "<h1>open title<p>x</p",
                                    "<script>never closed <p>x</p>",
                                    "<img src=x><img src=y><img src=z",
                                    "<a <a <a <a <a <a <a <a <a <a <a <a <a <a <a <a <a <a <a >"};
  std::string nested;
  for (int i = 0; i < 100000; ++i) nested += "<div>";
  pages.push_back(nested + "deep text inside</p>");
  std::string opens;
  for (int i = 0; i < 100000; ++i) opens += "<x ";
  pages.push_back("<body>" + opens + "> tail text of the page</p>");
  std::string para = "<p>";
  while (para.size() < 50000) para += "Some text of the page &amp; more. ";
  para += "</p>\n";
  std::string big = "<html><body><h1>t</h1>";
  while (big.size() < (50u << 20)) big += para;
  pages.push_back(std::move(big));
  for (const auto& html : pages) CHECK_NOTHROW(hk->extract(html::make_page("robust", html, "en")));
  // The 50 MB page is one title and thousands of paragraphs.
  CHECK(hk->extract(html::make_page("robust", pages.back(), "en")).segments.size() > 1000);
}
