// Tests of CETD / CETD-TD (extractors/cetd): the figures on a tiny tree checked by hand,
// hidden-element removal, and hand-made pages whose answer is known.
#include <catch2/catch.hpp>

#include <cmath>

#include "extractors/cetd/cetd.h"
#include "tests/cetd_test_pages.h"

using namespace detour;

namespace {

const cetd::ElementStats& stats_of(const cetd::Analysis& a, const char* id) {
  for (const auto& s : a.elements)
    if (s.node->attr_or("id") == id) return s;
  FAIL("no element with id " << id);
  return a.elements.front();
}

// The composite density, written out from the paper's formula (base-b logarithm).
double ctd(double C, double T, double LC, double LT, double ratio) {
  if (C == 0) return 0;
  double nLC = C - LC;
  if (T == 0) T = 1;
  if (LC == 0) LC = 1;
  if (LT == 0) LT = 1;
  if (nLC == 0) nLC = 1;
  double base = std::log(C * LC / nLC + ratio * C + std::exp(1.0));
  return (C / T) * (std::log(C * T / (LC * LT)) / std::log(base));
}

}  // namespace

TEST_CASE("CETD counts C, T, LC, LT and densities as computed by hand", "[cetd]") {
  Page page = html::make_page(
      "tiny",
      "<html><body><div id=c><p id=p1>aaaaaaaaaa</p><p id=p2>bbbbb <a id=a1>cc</a></p></div>"
      "<div id=n><a id=a2>xx</a><a id=a3>yy</a></div></body></html>");
  cetd::Analysis a = cetd::analyze(page.dom->body());
  const auto& body = a.elements.front();
  REQUIRE(body.node == page.dom->body());
  // C: p1 10, p2 "bbbbb" 5 + "cc" 2, div n 4.
  CHECK(stats_of(a, "p1").chars == 10);
  CHECK(stats_of(a, "p2").chars == 7);
  CHECK(stats_of(a, "c").chars == 17);
  CHECK(stats_of(a, "n").chars == 4);
  CHECK(body.chars == 21);
  // T: descendant elements.
  CHECK(stats_of(a, "p1").tags == 0);
  CHECK(stats_of(a, "p2").tags == 1);
  CHECK(stats_of(a, "c").tags == 3);
  CHECK(stats_of(a, "n").tags == 2);
  CHECK(body.tags == 7);
  // LC: characters inside links.
  CHECK(stats_of(a, "p2").link_chars == 2);
  CHECK(stats_of(a, "c").link_chars == 2);
  CHECK(stats_of(a, "n").link_chars == 4);
  CHECK(body.link_chars == 6);
  // LT: p2 has one link child; div n two; body gets both and one more for div n,
  // whose text is all link text (the authors' rule).
  CHECK(stats_of(a, "p2").link_tags == 1);
  CHECK(stats_of(a, "c").link_tags == 1);
  CHECK(stats_of(a, "n").link_tags == 2);
  CHECK(body.link_tags == 4);
  const double ratio = 6.0 / 21.0;
  CHECK(a.ratio == Approx(ratio));
  CHECK(stats_of(a, "p1").density == Approx(ctd(10, 0, 0, 0, ratio)));
  CHECK(stats_of(a, "p2").density == Approx(ctd(7, 1, 2, 1, ratio)));
  CHECK(stats_of(a, "c").density == Approx(ctd(17, 3, 2, 1, ratio)));
  CHECK(stats_of(a, "n").density == Approx(ctd(4, 2, 4, 2, ratio)));
  CHECK(body.density == Approx(ctd(21, 7, 6, 4, ratio)));
  // DensitySum: a leaf keeps its own density; p2 adds the stretch "bbbbb" (L = 5).
  const double stretch = 5 * std::log(5.0) / std::log(std::log(ratio * 5 + std::exp(1.0)));
  CHECK(stats_of(a, "p1").density_sum == Approx(stats_of(a, "p1").density));
  CHECK(stats_of(a, "p2").density_sum == Approx(stats_of(a, "a1").density + stretch));
  CHECK(stats_of(a, "c").density_sum ==
        Approx(stats_of(a, "p1").density + stats_of(a, "p2").density));
  CHECK(body.density_sum == Approx(stats_of(a, "c").density + stats_of(a, "n").density));

  SECTION("without the stretch term DensitySum is the plain sum of the children") {
    cetd::CetdSettings s;
    s.stretch_term = false;
    cetd::Analysis b = cetd::analyze(page.dom->body(), s);
    CHECK(stats_of(b, "p2").density_sum == Approx(stats_of(b, "a1").density));
  }
  SECTION("plain density: C/T with link characters counted 0") {
    cetd::CetdSettings s;
    s.density = cetd::Density::Plain;
    cetd::Analysis b = cetd::analyze(page.dom->body(), s);
    CHECK(stats_of(b, "p2").chars == 5);
    CHECK(stats_of(b, "p2").density == Approx(5.0));
    CHECK(stats_of(b, "c").density == Approx(15.0 / 3.0));
    CHECK(stats_of(b, "n").density == 0.0);
    // DensitySum: children's TD plus the characters directly inside.
    CHECK(stats_of(b, "p2").density_sum == Approx(0.0 + 5.0));
    CHECK(stats_of(b, "c").density_sum == Approx(10.0 + 5.0));
  }
}

TEST_CASE("CETD threshold and marks follow the max-DensitySum path", "[cetd]") {
  Page page = html::make_page("art", testpages::article_page());
  cetd::Analysis a = cetd::analyze(page.dom->body());
  REQUIRE(a.max_sum_index >= 0);
  const auto& best = a.elements[a.max_sum_index];
  CHECK(best.node->attr_or("id") == "article");
  CHECK(best.mark == 1);
  // The threshold is the smallest density on the path from the best node to <body>.
  double t = best.density;
  for (int p = best.parent; p >= 0; p = a.elements[p].parent) t = std::min(t, a.elements[p].density);
  CHECK(a.threshold == Approx(t));
  CHECK(a.elements.front().mark == 2);
}

TEST_CASE("CETD and CETD-TD choose the article, not menus and footers", "[cetd]") {
  Page page = html::make_page("art", testpages::article_page());
  for (const char* name : {"CETD", "CETD-TD"}) {
    INFO(name);
    auto ex = make_extractor(name);
    std::string text = render_text(ex->extract(page).segments);
    for (const auto& para : testpages::article_paragraphs()) CHECK(text.find(para) != std::string::npos);
    CHECK(text.find("Home") == std::string::npos);
    CHECK(text.find("Privacy policy") == std::string::npos);
    CHECK(text.find("Sidebar link") == std::string::npos);
  }
}

TEST_CASE("CETD does not choose a navigation block that has more links than text", "[cetd]") {
  Page page = html::make_page("nav", testpages::link_heavy_page());
  for (const char* name : {"CETD", "CETD-TD"}) {
    INFO(name);
    std::string text = render_text(make_extractor(name)->extract(page).segments);
    CHECK(text.find(testpages::short_article()) != std::string::npos);
    CHECK(text.find("Category number") == std::string::npos);
  }
}

TEST_CASE("CETD removes hidden elements before counting", "[cetd]") {
  std::string html = "<html><body><div id=article>";
  for (const auto& p : testpages::article_paragraphs()) html += "<p>" + p + "</p>";
  html += "<p style='color:red; DISPLAY : none'>Secret one is hidden.</p>"
          "<p hidden>Secret two is hidden.</p><script>var secret3 = 1;</script></div></body></html>";
  Page page = html::make_page("hidden", html);
  std::string text = render_text(make_extractor("CETD")->extract(page).segments);
  CHECK(text.find(testpages::article_paragraphs().front()) != std::string::npos);
  CHECK(text.find("Secret") == std::string::npos);
  CHECK(text.find("secret3") == std::string::npos);
  // With removal switched off, the inline-hidden paragraphs are counted and output.
  cetd::CetdSettings s;
  s.remove_hidden = false;
  Page again = html::make_page("hidden", html);
  std::string all = render_text(cetd::make_extractor(s, "CETD")->extract(again).segments);
  CHECK(all.find("Secret one") != std::string::npos);
}

TEST_CASE("CETD segments keep headings and list items", "[cetd]") {
  Page page = html::make_page("art", testpages::article_page());
  auto segs = make_extractor("CETD")->extract(page).segments;
  bool heading = false, item = false;
  for (const auto& s : segs) {
    if (s.kind == SegmentKind::Heading && s.text == "A long article about rivers") heading = true;
    if (s.kind == SegmentKind::ListItem && s.text.find("Rivers carry sediment") != std::string::npos) item = true;
  }
  CHECK(heading);
  CHECK(item);
}
