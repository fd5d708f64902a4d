// Tests of EAT (eatiht v1) and WUTSI (extractors/eatiht): the sentence rules, and
// hand-made pages whose answer is known.
#include <catch2/catch.hpp>

#include "extractors/eatiht/eatiht.h"
#include "tests/cetd_test_pages.h"

using namespace detour;
using eatiht::split_sentences;

TEST_CASE("eatiht splits sentences after . ! ? and quotes, not after titles", "[eatiht]") {
  bool first = false;
  auto s = split_sentences("Mr. Smith went home. He said \"hello.\" Then Dr. Who left! Why? no end", &first);
  REQUIRE(s.size() == 4);
  CHECK(s[0] == "Mr. Smith went home.");
  CHECK(s[1] == "He said \"hello.\"");
  CHECK(s[2] == "Then Dr. Who left!");
  CHECK(s[3] == "Why?");  // "no end" does not end a sentence and is dropped
  CHECK(first);
  // Titles are matched case-insensitively and as word endings ("PROF." too).
  CHECK(split_sentences("Ask PROF. Brown now.").size() == 1);
  // Piece 0 not kept: no paragraph start.
  s = split_sentences("no period here. But this one is.", &first);
  CHECK(first);
  s = split_sentences("a heading without end", &first);
  CHECK(s.empty());
  CHECK_FALSE(first);
  // Unicode whitespace splits too (Python 3 \s), and trailing whitespace leaves an
  // empty last piece, which is dropped.
  s = split_sentences("One.\xC2\xA0Two. ");
  REQUIRE(s.size() == 2);
  CHECK(s[1] == "Two.");
}

TEST_CASE("eatiht removes bracketed numbers", "[eatiht]") {
  CHECK(eatiht::remove_bracket_numbers("Paris[1] is big[23].[] Yes [a] [4") == "Paris is big. Yes [a] [4");
}

TEST_CASE("Wutsi counts sentences as lower-case letter, period, whitespace", "[eatiht]") {
  CHECK(eatiht::wutsi_sentence_count("One sentence only") == 1);
  CHECK(eatiht::wutsi_sentence_count("First one. Second one.  Third one.") == 3);
  CHECK(eatiht::wutsi_sentence_count("Ends with A. Capital") == 1);
}

TEST_CASE("EAT and WUTSI choose the article, not menus and footers", "[eatiht]") {
  Page page = html::make_page("art", testpages::article_page());
  for (const char* name : {"EAT", "WUTSI"}) {
    INFO(name);
    std::string text = render_text(make_extractor(name)->extract(page).segments);
    for (const auto& para : testpages::article_paragraphs()) CHECK(text.find(para) != std::string::npos);
    CHECK(text.find("Home") == std::string::npos);
    CHECK(text.find("Privacy policy") == std::string::npos);
    CHECK(text.find("Sidebar link") == std::string::npos);
    CHECK(text.find("tracking") == std::string::npos);
  }
}

TEST_CASE("EAT and WUTSI do not choose a link-heavy navigation", "[eatiht]") {
  Page page = html::make_page("nav", testpages::link_heavy_page());
  for (const char* name : {"EAT", "WUTSI"}) {
    INFO(name);
    std::string text = render_text(make_extractor(name)->extract(page).segments);
    CHECK(text.find(testpages::short_article()) != std::string::npos);
    CHECK(text.find("Category number") == std::string::npos);
  }
}

TEST_CASE("EAT keeps one paragraph per candidate node and the path-string quirk", "[eatiht]") {
  // The winning parent is div#a (three sentences); <pre> is a sibling of the single <p>
  // under div#b, and ".../div[2]/p" is a string prefix of ".../div[2]/pre": eatiht v1
  // outputs it too when div#b wins.
  Page page = html::make_page(
      "q", "<html><body><div id=a><p>First paragraph is here. It has two sentences.</p>"
           "<p>Second paragraph stands alone here.</p></div>"
           "<div id=b><p>Another sentence that is long enough.</p><pre>Preformatted text that ends.</pre>"
           "</div></body></html>");
  auto segs = make_extractor("EAT")->extract(page).segments;
  REQUIRE(segs.size() == 2);
  CHECK(segs[0].text == "First paragraph is here. It has two sentences.");
  CHECK(segs[1].text == "Second paragraph stands alone here.");
  Page page2 = html::make_page(
      "q2", "<html><body><div><p>Short one is long enough here.</p></div>"
            "<div><div><p>Win one is long enough here.</p></div><p>Win two is long enough here.</p>"
            "<pre>Pre one is long enough here.</pre></div></body></html>");
  // Parents: div[1] (1 vote), div[2]/div (1), div[2] (2 votes: p and pre) -> div[2]
  // wins; everything under it is output.
  auto segs2 = make_extractor("EAT")->extract(page2).segments;
  REQUIRE(segs2.size() == 3);
  CHECK(segs2[0].text == "Win one is long enough here.");
}

TEST_CASE("WUTSI cleaning removes blacklisted tags, classes and link-only blocks", "[eatiht]") {
  std::string html = "<html><body><div id=content>";
  for (const auto& p : testpages::article_paragraphs()) html += "<p>" + p + "</p>";
  html += "<div class='share addthis_tool'><p>Share this article with all of your friends today.</p></div>"
          "<aside><p>An aside that is long enough to be selected as a block.</p></aside>"
          "<p><a href='https://twitter.com/intent/tweet?u=1'>Tweet this story to everybody now</a></p>"
          "</div></body></html>";
  Page page = html::make_page("clean", html);
  std::string text = render_text(make_extractor("WUTSI")->extract(page).segments);
  CHECK(text.find(testpages::article_paragraphs().back()) != std::string::npos);
  CHECK(text.find("Share this article") == std::string::npos);
  CHECK(text.find("An aside") == std::string::npos);
  CHECK(text.find("Tweet") == std::string::npos);
}
