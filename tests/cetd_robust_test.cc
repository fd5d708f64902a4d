// Robustness of the density extractors (CETD, CETD-TD, EAT, WUTSI): empty, binary and
// plain-text pages, 100000 nested <div>s and a 50 MB page must give a result (possibly
// empty), never a crash. No timing assertions (see bench/bench_cetd.cc for speed).
#include <catch2/catch.hpp>

#include "extractors/extractor.h"

using namespace detour;

namespace {

const char* kNames[] = {"CETD", "CETD-TD", "EAT", "WUTSI"};

void run_all(const Page& page) {
  for (const char* name : kNames) {
    INFO(name << " on " << page.id);
    auto ex = make_extractor(name);
    Extraction e;
    REQUIRE_NOTHROW(e = ex->extract(page));
    for (const auto& s : e.segments) CHECK_FALSE(s.text.empty());
  }
}

}  // namespace

TEST_CASE("density extractors survive empty, binary and plain-text pages", "[robust][density]") {
  run_all(html::make_page("empty", ""));
  std::string bin;
  std::uint32_t x = 12345;
  for (int i = 0; i < 20000; ++i) {
    x = x * 1103515245u + 12345u;
    bin += static_cast<char>((x >> 16) & 0xFF);
  }
  run_all(html::make_page("binary", bin));
  std::string plain;
  for (int i = 0; i < 2000; ++i) plain += "Just plain text without markup. ";
  Page p = html::make_page("plain", plain);
  run_all(p);
  // Plain text is all content for CETD.
  CHECK(render_text(make_extractor("CETD")->extract(p).segments).find("Just plain text") == 0);
}

TEST_CASE("density extractors survive 100000 nested divs", "[robust][density][slow]") {
  std::string h = "<html><body>";
  for (int i = 0; i < 100000; ++i) h += "<div>Level text that is long enough. ";
  for (int i = 0; i < 100000; ++i) h += "</div>";
  h += "</body></html>";
  run_all(html::make_page("nested", h));
}

TEST_CASE("density extractors survive a 50 MB page", "[robust][density][slow]") {
  std::string h = "<html><body><div id=nav><a href=/>Home</a></div><div id=main>";
  const std::string para =
      "<p>This paragraph is repeated to make the page very large. It has two sentences.</p>";
  while (h.size() < (std::size_t{50} << 20)) h += para;
  h += "</div></body></html>";
  Page page = html::make_page("big", std::move(h));
  for (const char* name : kNames) {
    INFO(name);
    auto e = make_extractor(name)->extract(page);
    CHECK(e.segments.size() > 100000);
  }
}
