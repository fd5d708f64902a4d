// Issue 15: the extractors whose originals parse with something else than an HTML5
// parser read the tree their original reads. On the parse-divergence fixtures
// (tests/fixtures/parse-divergence/README.md: pages where an HTML5 tree, libxml2's and
// NekoHTML's differ), BP, JTA-EN and RD are held to the real tools' outputs committed
// in expected/ (per page word F1, the `to` metric; the issue asks at least 0.99, all
// are 1.0 today); the committed outputs are checked against the real Boilerpipe jar
// and readability-lxml when they are installed (and jusText 3.0.2 when JUSTEXT_DIR
// names its source), so that they stay the tools' outputs.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "base/io.h"
#include "base/markup.h"
#include "extractors/extractor.h"
#include "html/page.h"
#include "metrics/compare.h"
#include "tests/test_util.h"

using namespace detour;
namespace fs = std::filesystem;

namespace {

const fs::path kFixtures = testing::source_dir() / "tests/fixtures/parse-divergence";

std::vector<fs::path> fixture_pages() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(kFixtures / "pages"))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Our output in the form the tool's expected file has: RD's summary HTML (references
// decoded), else the segments one a line.
std::string ours(const Extractor& ex, const Page& page) {
  const Extraction x = ex.extract(page);
  if (ex.name() == "RD") return unescape_basic_html(x.html);
  std::string out;
  for (const auto& s : x.segments) out += s.text + "\n";
  return out;
}

std::string theirs(const std::string& tool, const fs::path& file) {
  const std::string bytes = io::read_file(file);
  return tool == "rd" ? unescape_basic_html(bytes) : bytes;
}

bool reference_tools_off() {
  const char* off = std::getenv("DETOUR_NO_REFERENCE_TOOLS");
  return off && *off && std::string(off) != "0";
}

}  // namespace

TEST_CASE("BP, JTA-EN and RD match the real tools on the parse-divergence fixtures", "[parse-fidelity]") {
  const std::vector<std::pair<std::string, std::string>> pairs = {{"bp", "BP"}, {"jta-en", "JTA-EN"}, {"rd", "RD"}};
  const auto pages = fixture_pages();
  REQUIRE(pages.size() == 16);
  for (const auto& [tool, system] : pairs) {
    auto ex = make_extractor(system);
    CorpusContext ctx;
    ctx.languages = {"en"};
    ex->prepare(ctx);
    double sum = 0;
    for (const auto& path : pages) {
      const Page page = html::make_page(path.filename().string(), io::read_file(path), "en");
      const double f1 = metrics::text_only_prf(ours(*ex, page), theirs(tool, kFixtures / "expected" / tool / path.filename())).f1;
      INFO(system << " on " << path.filename().string());
      CHECK(f1 >= 0.99);
      sum += f1;
    }
    std::cout << system << " vs " << tool << " on " << pages.size() << " fixtures: mean word F1 " << sum / pages.size()
              << "\n";
  }
}

TEST_CASE("the committed fixture outputs are still the real tools' outputs", "[parse-fidelity][slow]") {
  if (reference_tools_off()) {
    testing::skip("DETOUR_NO_REFERENCE_TOOLS is set");
    return;
  }
  const fs::path root = testing::source_dir();
  const fs::path tmp = fs::temp_directory_path() / ("detour-parse-fidelity-" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  std::string tools = "bp,rd";
  const char* jt = std::getenv("JUSTEXT_DIR");
  if (jt && *jt) tools += ",jta-en";
  const std::string cmd = "cd / && /usr/bin/python3 '" + (root / "scripts/parse_fidelity/real_tools.py").string() +
                          "' '" + (kFixtures / "pages").string() + "' '" + tmp.string() + "' --tools " + tools +
                          (jt && *jt ? " --justext '" + std::string(jt) + "'" : std::string()) + " > /dev/null 2>&1";
  const int status = std::system(cmd.c_str());
  REQUIRE(status == 0);
  int compared = 0;
  for (const std::string tool : {"bp", "rd", "jta-en"}) {
    if (!fs::is_directory(tmp / tool)) {
      testing::skip(tool + ": the real tool is not installed (see scripts/install-deps.sh; jusText: JUSTEXT_DIR)");
      continue;
    }
    for (const auto& path : fixture_pages()) {
      const fs::path live = tmp / tool / path.filename();
      REQUIRE(fs::exists(live));
      INFO(tool << " on " << path.filename().string());
      CHECK(io::read_file(live) == io::read_file(kFixtures / "expected" / tool / path.filename()));
      ++compared;
    }
  }
  fs::remove_all(tmp);
  if (compared == 0) testing::skip("no reference tool is installed");
}
