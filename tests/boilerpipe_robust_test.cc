// Robustness of the Boilerpipe port: hostile or degenerate pages must give a defined
// result (no crash, no hang, bounded time) with every chain.
#include <catch2/catch.hpp>

#include <string>

#include "extractors/boilerpipe/boilerpipe.h"
#include "extractors/extractor.h"

using namespace detour;

namespace {

void run_all(const std::string& html) {
  Page p = html::make_page("robust", html);
  for (const char* name : {"BP", "BP-DEF", "BP-KE", "BP-CANOLA", "BP-LC"}) {
    auto ex = make_extractor(name);
    CHECK_NOTHROW(ex->extract(p));
  }
}

}  // namespace

TEST_CASE("boilerpipe survives degenerate pages", "[robust][boilerpipe]") {
  run_all("");
  run_all("just some plain text, no markup at all");
  std::string binary;
  for (int i = 0; i < 4096; ++i) binary.push_back(static_cast<char>((i * 7919) & 0xFF));
  run_all(binary);
  run_all("<html><head><title>only a title</title></head></html>");
  run_all("<body><a><a><a>nested anchors</a></a></a> <a href=x>text</body>");
  run_all("<title>unclosed title <p>and the rest of the page");
}

TEST_CASE("boilerpipe survives 100000 nested divs", "[robust][boilerpipe]") {
  std::string html = "<html><body>";
  for (int i = 0; i < 100000; ++i) html += "<div>";
  html += "deep text with some words in it";
  for (int i = 0; i < 100000; ++i) html += "</div>";
  html += "</body></html>";
  Page p = html::make_page("deep", html);
  auto ex = make_extractor("BP-KE");
  auto e = ex->extract(p);
  REQUIRE(e.segments.size() == 1);
  CHECK(e.segments[0].text == "deep text with some words in it");
}

TEST_CASE("boilerpipe handles a 50 MB page", "[robust][boilerpipe][slow]") {
  std::string html = "<html><head><title>big</title></head><body>";
  const std::string para =
      "<p>Paragraph of ordinary words that repeats many times to build a very large page "
      "<a href=\"/x\">with a link</a> and more words after it.</p>\n";
  html.reserve(50u << 20);
  while (html.size() < (50u << 20)) html += para;
  html += "</body></html>";
  Page p = html::make_page("big", html);
  auto e = make_extractor("BP")->extract(p);
  CHECK_FALSE(e.segments.empty());
}
