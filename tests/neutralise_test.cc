// Bounds on a page before it is parsed (html/neutralise.h) and the refusal of what
// is not text (corpora/binary_check.h): what they drop or refuse, that a normal page
// passes byte for byte, and that no page of DANIEL reaches them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

#include "base/io.h"
#include "corpora/binary_check.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "html/dom.h"
#include "html/neutralise.h"
#include "test_util.h"

using namespace detour;
namespace fs = std::filesystem;

namespace {
std::string many_attributes(int n) {
  std::string s = "<html><body><div";
  for (int i = 0; i < n; ++i) s += " a" + std::to_string(i) + "=\"v\"";
  return s + ">text</div><p>after</p></body></html>";
}
}  // namespace

TEST_CASE("neutralise: attributes beyond the bound are dropped, the rest kept", "[neutralise]") {
  std::string html = many_attributes(1000);
  html::NeutraliseLimits lim;
  lim.max_attributes = 10;
  auto r = html::neutralise(html, lim);
  CHECK(r.attributes_dropped == 990);
  CHECK(r.max_attributes_seen == 1000);
  CHECK(r.text(lim) == "990 attributes beyond 10 per tag dropped");
  auto doc = dom::Document::parse(html);
  const dom::Node* div = doc.body()->children.at(0);
  CHECK(div->attrs.size() == 10);
  CHECK(div->attrs.back().name == "a9");
  CHECK(dom::text_content(doc.body()) == "textafter");
  // Self-closing and quoted '>' keep their meaning.
  std::string sc = "<p><img a=\"1\" b='x>y' c=3 d e/>tail</p>";
  lim.max_attributes = 2;
  html::neutralise(sc, lim);
  CHECK(sc == "<p><img a=\"1\" b='x>y' />tail</p>");
}

TEST_CASE("neutralise: formatting tags beyond the bound of open ones are dropped, their text kept", "[neutralise]") {
  std::string bomb = "<html><body>";
  for (int r = 0; r < 20; ++r) {
    for (int i = 0; i < 50; ++i) bomb += "<b><i><font>";
    bomb += "text ";
  }
  html::NeutraliseLimits lim;
  lim.max_open_formatting = 100;
  auto r = html::neutralise(bomb, lim);
  CHECK(r.max_open_formatting_seen == 100);
  CHECK(r.formatting_dropped == 20 * 150 - 100);
  auto doc = dom::Document::parse(bomb);
  std::string text = dom::text_content(doc.body());
  CHECK(text.size() == 20 * 5);
  // Closed ones do not count; a table cell closes what opened inside it; a new <a>
  // closes the open one.
  std::string fine;
  for (int i = 0; i < 500; ++i) fine += "<b>x</b><td><font>y<a href=z>w";
  std::string before = fine;
  r = html::neutralise(fine, lim);
  CHECK_FALSE(r.changed());
  CHECK(fine == before);
}

TEST_CASE("neutralise: comments, scripts and other raw text are not markup", "[neutralise]") {
  std::string s = "<html><!-- <b a b c d e> --><script>var x = '<div a b c d e f>';</script>"
                  "<style>p{}</style><textarea><i><i><i></textarea><p x y z></p></html>";
  const std::string before = s;
  html::NeutraliseLimits lim;
  lim.max_attributes = 3;
  lim.max_open_formatting = 1;
  auto r = html::neutralise(s, lim);
  CHECK_FALSE(r.changed());
  CHECK(s == before);
}

TEST_CASE("neutralise: linear in the number of attributes and tags", "[neutralise]") {
  // 10^6 attributes in one tag and 10^5 open formatting tags: one pass each.
  std::string a = many_attributes(1000000);
  auto r = html::neutralise(a);
  CHECK(r.attributes_dropped == 1000000 - 256);
  std::string b;
  for (int i = 0; i < 100000; ++i) b += "<font>";
  r = html::neutralise(b);
  CHECK(r.formatting_dropped == 100000 - 100);
  std::string kept;
  for (int i = 0; i < 100; ++i) kept += "<font>";
  CHECK(b == kept);
}

TEST_CASE("binary check: images, archives, PDF, executables and random bytes are not pages, but text is", "[binary]") {
  using namespace std::string_literals;
  CHECK(corpora::binary_kind("\x89PNG\r\n\x1a\n\0\0\0\rIHDR"s) == "PNG image");
  CHECK(corpora::binary_kind("\xff\xd8\xff\xe0\0\x10JFIF"s) == "JPEG image");
  CHECK(corpora::binary_kind("GIF89a..."s) == "GIF image");
  CHECK(corpora::binary_kind("%PDF-1.7\n..."s) == "PDF document");
  CHECK(corpora::binary_kind("PK\3\4\x14\0\0\0"s) == "ZIP archive");
  CHECK(corpora::binary_kind("\x7f" "ELF\2\1\1\0"s) == "ELF executable");
  CHECK(corpora::binary_kind("RIFF\0\0\0\0WEBPVP8 "s) == "WebP image");
  std::mt19937 rng(5);
  std::string noise(65536, '\0');
  for (char& c : noise) c = static_cast<char>(rng() & 0xff);
  CHECK_THAT(corpora::binary_kind(noise), Catch::StartsWith("binary data: "));
  // Gzip is a compressed page, not a refusal.
  CHECK(corpora::binary_kind("\x1f\x8b\x08\0\0\0\0\0"s + noise) == "");
  // Text: HTML, plain text starting with a magic-looking word, UTF-16 without a BOM.
  CHECK(corpora::binary_kind("<html><body><p>Hello</p></body></html>") == "");
  CHECK(corpora::binary_kind("OTTO von Bismarck was ...") == "");
  CHECK(corpora::binary_kind("ID3 tags are ...") == "");
  std::string utf16;
  for (char c : std::string("<html><body>Hello, world</body></html>")) {
    utf16 += c;
    utf16 += '\0';
  }
  CHECK(corpora::binary_kind(utf16) == "");
  CHECK(corpora::binary_kind(std::string("\xff\xfe", 2) + utf16) == "");
}

TEST_CASE("page limits: a page over the cap or not text is refused before decoding, with the reason",
          "[binary][neutralise]") {
  testing::TempDir t("detour-limits");
  corpora::CorpusDoc doc;
  doc.id = "p";
  doc.lang = "en";
  doc.html_path = t.path / "p";
  corpora::PageLimits lim;
  lim.max_bytes = 1000;
  testing::write_file(t.path / "p", "<html><body>" + std::string(2000, 'a') + "</body></html>");
  try {
    corpora::load_page(doc, lim);
    FAIL("not refused");
  } catch (const corpora::PageRefused& e) {
    CHECK(std::string(e.what()) == "page of 2.0 KiB over the 1000 bytes cap");
  }
  testing::write_file(t.path / "p", std::string("\x89PNG\r\n\x1a\n", 8) + std::string(100, '\0'));
  try {
    corpora::load_page(doc, lim);
    FAIL("not refused");
  } catch (const corpora::PageRefused& e) {
    CHECK(std::string(e.what()) == "not an HTML page (PNG image)");
  }
  // Gzip is not binary: it is inflated, then checked (the cap applies once inflated).
  const std::string gz = io::read_file(testing::source_dir() / "tests/fixtures/charset/en_utf8.html.gz");
  REQUIRE(gz.size() < 1000);
  testing::write_file(t.path / "p", gz);
  try {
    corpora::load_page(doc, lim);
    FAIL("not refused");
  } catch (const corpora::PageRefused& e) {
    CHECK(std::string(e.what()) == "page of more than 1000 bytes once inflated, over the 1000 bytes cap");
  }
  lim.max_bytes = 1 << 20;
  CHECK(corpora::load_page(doc, lim).decode.gzip);
  testing::write_file(t.path / "p", many_attributes(300));
  Page p = corpora::load_page(doc, lim);
  CHECK(p.decode.neutralised == "44 attributes beyond 256 per tag dropped");
}

TEST_CASE("neutralise and binary check: no page of DANIEL is changed or refused", "[neutralise][binary][slow]") {
  auto shared = testing::shared_dir();
  if (!shared) {
    testing::skip("no ../shared: DANIEL pages not checked");
    return;
  }
  const fs::path root = *shared / "corpora/daniel";
  std::size_t pages = 0, max_attrs = 0, max_open = 0;
  for (const auto& lang : fs::directory_iterator(root)) {
    if (!fs::is_directory(lang.path() / "html")) continue;
    for (const auto& f : fs::directory_iterator(lang.path() / "html")) {
      const std::string bytes = io::read_file(f.path());
      INFO(f.path().string());
      CHECK(corpora::binary_kind(bytes) == "");
      std::string html = corpora::decode_page(bytes).utf8;
      const std::string before = html;
      auto r = html::neutralise(html);
      CHECK_FALSE(r.changed());
      max_attrs = std::max(max_attrs, r.max_attributes_seen);
      max_open = std::max(max_open, r.max_open_formatting_seen);
      ++pages;
    }
  }
  std::cout << "DANIEL: " << pages << " pages; most attributes in a tag " << max_attrs
            << ", most formatting elements open at once " << max_open << "\n";
  CHECK(pages == 1694);
}
