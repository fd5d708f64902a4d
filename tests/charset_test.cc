// Charset decisions on pages without a usable declaration, with lying declarations,
// and gzip-compressed (issue 15): tests/fixtures/charset/ (made by
// scripts/make_charset_fixtures.py; expected.tsv names the charset detour must decide
// and the UTF-8 text the page must decode to).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "base/gzip.h"
#include "base/io.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "tests/test_util.h"

using namespace detour;
namespace fs = std::filesystem;

namespace {

const fs::path kDir = testing::source_dir() / "tests/fixtures/charset";

Page load(const fs::path& file) {
  corpora::CorpusDoc doc;
  doc.id = file.filename().string();
  doc.html_path = file;
  return corpora::load_page(doc);
}

}  // namespace

TEST_CASE("charset fixtures decode to their text", "[corpora][charset]") {
  std::ifstream in(kDir / "expected.tsv");
  REQUIRE(in);
  std::string line;
  std::getline(in, line);  // header
  int rows = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string file, charset, utf8_file;
    std::getline(fields, file, '\t');
    std::getline(fields, charset, '\t');
    std::getline(fields, utf8_file, '\t');
    INFO(file);
    const Page p = load(kDir / file);
    CHECK(p.decode.charset == charset);
    CHECK_FALSE(p.decode.lossy);
    CHECK(p.html == io::read_file(kDir / utf8_file));
    CHECK(p.decode.gzip == (fs::path(file).extension() == ".gz"));
    if (p.decode.source == "detected" && !p.decode.detector.empty()) {
      CHECK(p.decode.confidence >= 0.9);
      CHECK_FALSE(p.decode.candidates.empty());
    }
    ++rows;
  }
  CHECK(rows == 24);
}

TEST_CASE("detection prefers the charsets real pages use", "[corpora][charset]") {
  // uchardet 0.0.7 calls this English page MAC-CENTRALEUROPE ("Teacher's" would read
  // "Teacherís"); windows-1252 is what it is.
  std::string nav;
  for (int i = 0; i < 40; ++i) nav += "<li><a href=\"/s/" + std::to_string(i) + "\">Section</a></li>\n";
  const std::string page = "<html><head><title>News</title></head><body><ul>" + nav +
                           "</ul><p>The Teacher\x92s Guide</p></body></html>";
  const auto d = corpora::decode_page(page);
  CHECK(d.info.charset == "windows-1252");
  CHECK(d.utf8.find("Teacher\xE2\x80\x99s") != std::string::npos);
  CHECK(d.info.detector == "uchardet-0.0.7:MAC-CENTRALEUROPE");
  CHECK(d.info.candidates.find("set aside") != std::string::npos);
  CHECK(corpora::describe_decoding(d.info).rfind("windows-1252 (detected); uchardet-0.0.7:", 0) == 0);
  // A few Shift_JIS characters in a page of ASCII markup: uchardet says WINDOWS-1252.
  const std::string ja = "<html><head><title>News</title></head><body><ul>" + nav +
                         "</ul><p>\x93\x8c\x8b\x9e\x82\xcc</p></body></html>";  // 東京の
  const auto j = corpora::decode_page(ja);
  CHECK(j.info.detector == "uchardet-0.0.7:WINDOWS-1252");
  CHECK(j.info.charset == "Shift_JIS");
  CHECK(j.utf8.find("\xE6\x9D\xB1\xE4\xBA\xAC\xE3\x81\xAE") != std::string::npos);
  // ... and where uchardet has no answer at all (新しい本).
  const std::string ja2 = "<html><head><title>News</title></head><body><ul>" + nav +
                          "</ul><p>\x90\x56\x82\xb5\x82\xa2\x96\x7b</p></body></html>";
  const auto j2 = corpora::decode_page(ja2);
  CHECK(j2.info.detector == "uchardet-0.0.7:none");
  CHECK(j2.info.charset == "Shift_JIS");
  CHECK(j2.utf8.find("\xE6\x96\xB0\xE3\x81\x97\xE3\x81\x84\xE6\x9C\xAC") != std::string::npos);
  // A page whose meta says ISO-8859-1 and whose bytes are UTF-8 stays UTF-8.
  const auto u = corpora::decode_page(
      "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\"><p>caf\xC3\xA9 na\xC3\xAFve "
      "r\xC3\xA9sum\xC3\xA9 \xC3\xA0 la cr\xC3\xA8me</p>");
  CHECK(u.info.charset == "UTF-8");
}

TEST_CASE("gzip-compressed pages are inflated whatever their name, and a corrupt one fails naming it",
          "[corpora][charset]") {
  const fs::path tmp = fs::temp_directory_path() / ("detour-gz-" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  const std::string gz = io::read_file(kDir / "en_utf8.html.gz");
  REQUIRE(is_gzip(gz));
  testing::write_file(tmp / "page.html", gz);  // no .gz in the name
  const Page p = load(tmp / "page.html");
  CHECK(p.decode.gzip);
  CHECK(p.decode.charset == "UTF-8");
  CHECK(p.html == io::read_file(kDir / "en_utf8.html.gz.utf8"));
  CHECK(corpora::describe_decoding(p.decode) == "UTF-8 (meta, gzip)");
  testing::write_file(tmp / "broken.html.gz", gz.substr(0, gz.size() / 2));
  try {
    load(tmp / "broken.html.gz");
    FAIL("a truncated gzip page loaded");
  } catch (const corpora::CorpusError& e) {
    const std::string what = e.what();
    CHECK(what.find("broken.html.gz") != std::string::npos);
    CHECK(what.find("gzip") != std::string::npos);
  }
  fs::remove_all(tmp);
}
