// Robustness of the C45 extractor: hostile pages must give a defined result quickly
// (no crash, no unbounded recursion). The trees are trained on a small synthetic corpus.
#include <catch2/catch.hpp>

#include <string>

#include "extractors/c45/c45.h"

using namespace detour;

namespace {

std::unique_ptr<Extractor> trained() {
  static std::vector<Page> pages;
  static std::vector<std::string> golds;
  if (pages.empty()) {
    for (int i = 0; i < 20; ++i) {
      std::string story = "Story number " + std::to_string(i) + " tells of the river and the mountain people.";
      pages.push_back(html::make_page("20120101_site" + std::to_string(i % 6) + "_h" + std::to_string(i),
                                      "<html><body><div><a href=/>Home</a> <a href=/n>News</a></div><div><p>" + story +
                                          "</p><p>" + story + "</p></div></body></html>",
                                      "en"));
      golds.push_back("<p>" + story + "\n<p>" + story + "\n");
    }
  }
  CorpusContext ctx;
  for (std::size_t i = 0; i < pages.size(); ++i) ctx.entries.push_back({&pages[i], golds[i], {}, {}, {}});
  auto ex = c45::make_extractor();
  ex->prepare(ctx);
  return ex;
}

}  // namespace

TEST_CASE("C45 survives empty, binary, deep and huge pages", "[robust][c45][slow]") {
  auto ex = trained();
  SECTION("empty page") {
    CHECK(ex->extract(html::make_page("x", "")).segments.empty());
  }
  SECTION("not HTML") {
    std::string bin;
    for (int i = 0; i < 5000; ++i) bin += static_cast<char>((i * 131 + 7) % 256);
    CHECK_NOTHROW(ex->extract(html::make_page("bin", bin)));
    CHECK_NOTHROW(ex->extract(html::make_page("txt", "just some plain text, no markup at all\n")));
  }
  SECTION("100000 nested divs") {
    std::string html = "<html><body>";
    for (int i = 0; i < 100000; ++i) html += "<div>";
    html += "deep text";
    for (int i = 0; i < 100000; ++i) html += "</div>";
    html += "</body></html>";
    Extraction e;
    CHECK_NOTHROW(e = ex->extract(html::make_page("deep", html)));
  }
  SECTION("50 MB page") {
    std::string html = "<html><head><title>big page</title></head><body>";
    std::string para = "<div><p>The quick brown fox jumps over the lazy dog in a big page. </p><a href=/>link</a></div>";
    while (html.size() < (50u << 20)) html += para;
    html += "</body></html>";
    Extraction e;
    CHECK_NOTHROW(e = ex->extract(html::make_page("big", html)));
  }
}
