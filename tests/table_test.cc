// The table model and its writers (reports/table.h): every writer on one small table
// with column groups, an empty cell, counts, intervals and marks; the writer table;
// scores that refuse to exist without a signature.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "reports/table.h"

using namespace detour;
using reports::Align;
using reports::Cell;

namespace {

reports::Document sample(bool with_intervals) {
  reports::Table t;
  t.title = "T - en";
  t.add_column("system", "", Align::Left);
  t.add_column("docs");
  t.add_column("P", "TO");
  t.add_column("F1", "TO");
  auto s = [&](double v) {
    results::Score sc(v, "metric:to|x");
    return with_intervals ? sc.with_interval(v - 0.01, v + 0.02, "bs:10|seed:1") : sc;
  };
  auto& a = t.add_row();
  a.push_back(Cell::text("BP"));
  a.push_back(Cell::count(12));
  a.push_back(Cell::percent(s(0.5)));
  a.push_back(Cell::percent(s(0.8765)).mark(reports::kBest));
  auto& b = t.add_row();
  b.push_back(Cell::text("GOLD|x"));
  b.push_back(Cell::count(3));
  b.push_back(Cell::empty());
  b.push_back(Cell::percent(s(1.0)).mark(reports::kBaseline));
  t.signatures.push_back("sig-a");
  t.notes.push_back("a note");
  reports::Document doc;
  doc.tables.push_back(t);
  doc.signatures.push_back("run-sig");
  return doc;
}

}  // namespace

TEST_CASE("table: a score cannot exist without its signature", "[reports][table]") {
  CHECK_THROWS_AS(results::Score(0.5, ""), std::invalid_argument);
  results::Score s(0.5, "metric:to");
  CHECK_THROWS_AS(s.with_interval(0.4, 0.6, ""), std::invalid_argument);
  auto w = s.with_interval(0.4, 0.6, "bs:1000|seed:12345").scaled(100);
  CHECK(w.signature() == "metric:to|bs:1000|seed:12345");
  CHECK(w.value() == Approx(50));
  CHECK(w.lo() == Approx(40));
  CHECK(w.hi() == Approx(60));
}

TEST_CASE("table: the writers render groups, counts, empty cells and marks", "[reports][table]") {
  const auto doc = sample(false);
  CHECK(reports::write(doc, "tsv") ==
        "# T - en\n"
        "system\tdocs\tTO P\tTO F1\n"
        "BP\t12\t50.00\t87.65\n"
        "GOLD|x\t3\t-\t100.00\n"
        "\n# sig-a\n# a note\n"
        "\n# run-sig\n");
  CHECK(reports::write(doc, "md") ==
        "### T - en\n\n"
        "| system | docs | TO P | TO F1 |\n"
        "|---|---:|---:|---:|\n"
        "| BP | 12 | 50.00 | **87.65** |\n"
        "| GOLD\\|x | 3 | - | 100.00 (b) |\n"
        "\n- `sig-a`\n- a note\n- marks: **bold** best; (b) baseline (never ranked)\n"
        "\n- `run-sig`\n");
  CHECK(reports::write(doc, "table") ==
        "== T - en\n\n"
        "system  docs   TO P      TO F1\n"
        "BP        12  50.00     87.65*\n"
        "GOLD|x     3      -  100.00(b)\n"
        "\nsig-a\na note\nmarks: * best; (b) baseline (never ranked)\n"
        "\nrun-sig\n");
  CHECK(reports::write(doc, "latex") ==
        "% T - en\n"
        "\\begin{tabular}{lrrr}\n\\hline\n"
        "system & docs & TO P & TO F1 \\\\\n\\hline\n"
        "BP & 12 & 50.00 & \\textbf{87.65} \\\\\n"
        "GOLD|x & 3 & - & 100.00$^{b}$ \\\\\n"
        "\\hline\n\\end{tabular}\n"
        "\n% sig-a\n% a note\n% marks: \\textbf{bold} best; $^{b}$ baseline (never ranked)\n"
        "\n% run-sig\n");
  auto j = nlohmann::json::parse(reports::write(doc, "json"));
  const auto& t = j["tables"][0];
  CHECK(t["columns"][2]["group"] == "TO");
  CHECK(t["columns"][2]["label"] == "P");
  CHECK(t["rows"][0][1] == 12);
  CHECK(t["rows"][1][2].is_null());
  CHECK(t["rows"][0][3]["value"].get<double>() == Approx(87.65));
  CHECK(t["rows"][0][3]["marks"][0] == "best");
  CHECK(t["score_signatures"][t["rows"][0][3]["signature"].get<int>()] == "metric:to|x");
  CHECK(j["signatures"][0] == "run-sig");
}

TEST_CASE("table: the HTML writer, a page without scripts where every text is escaped", "[reports][table]") {
  auto doc = sample(true);
  doc.tables[0].rows[1][0] = Cell::text("<script>alert(1)</script>\"><img onerror=x>");
  doc.tables[0].notes.push_back("</table></body>");
  const std::string html = reports::write(doc, "html");
  CHECK(html.starts_with("<!DOCTYPE html>\n"));
  CHECK(html.find("<title>T - en</title>") != std::string::npos);
  CHECK(html.find("<h3>T - en</h3>") != std::string::npos);
  CHECK(html.find("<tr><th colspan=\"2\"></th><th colspan=\"2\">TO</th></tr>") != std::string::npos);
  CHECK(html.find("<td class=\"r\"><strong>87.65</strong><span class=\"ci\"> ± 1.50</span></td>") != std::string::npos);
  CHECK(html.find("<tr class=\"baseline\"><td class=\"l\">&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img onerror=x&gt;</td>") !=
        std::string::npos);
  CHECK(html.find("<p class=\"note\">&lt;/table&gt;&lt;/body&gt;</p>") != std::string::npos);
  CHECK(html.find("<p class=\"sig\"><code>run-sig</code></p>") != std::string::npos);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.ends_with("</body>\n</html>\n"));
}

TEST_CASE("table: the json writer's text read back gives the same model (every writer's output)", "[reports][table]") {
  for (bool intervals : {false, true}) {
    auto doc = sample(intervals);
    doc.tables[0].intervals = intervals ? reports::IntervalStyle::Bounds : reports::IntervalStyle::HalfWidth;
    doc.tables[0].caption = "a caption";
    doc.notes.push_back("doc note");
    const reports::Document back = reports::read_json_document(reports::write(doc, "json"));
    for (const auto& w : reports::writer_registry()) CHECK(reports::write(back, w.name) == reports::write(doc, w.name));
    CHECK(back.tables[0].rows[0][3].score().signature() == doc.tables[0].rows[0][3].score().signature());
    CHECK(back.tables[0].rows[0][3].score().has_interval() == intervals);
  }
  CHECK_THROWS_AS(reports::read_json_document("{\"tables\": 3}"), std::invalid_argument);
  CHECK_THROWS_AS(reports::read_json_document("not json"), std::invalid_argument);
}

TEST_CASE("table: the HTML fragment, the page's tables with a style confined to its div", "[reports][table]") {
  auto doc = sample(true);
  const std::string page = reports::write(doc, "html");
  CHECK(page.find("<style>\nbody { font: 14px/1.45 system-ui, sans-serif; margin: 16px; color: #1d232a; }\n") !=
        std::string::npos);
  CHECK(page.find("\nth { background: #f4f6f8; } .l { text-align: left; } .r { text-align: right; }\n") !=
        std::string::npos);
  const std::string frag = reports::write_html_fragment(doc);
  CHECK(frag.starts_with("<div class=\"detour-tables\">\n<style>\n.detour-tables { font: 14px/1.45"));
  CHECK(frag.find("\n.detour-tables th, .detour-tables td { border-bottom") != std::string::npos);
  CHECK(frag.find(".detour-tables th { background: #f4f6f8; } .detour-tables .l { text-align: left; }") !=
        std::string::npos);
  CHECK(frag.find("<html") == std::string::npos);
  CHECK(frag.ends_with("</div>\n"));
  // The tables themselves are the page's.
  const std::size_t body = page.find("<body>\n") + 7;
  CHECK(frag.find(page.substr(body, page.rfind("</body>") - body)) != std::string::npos);
}

TEST_CASE("table: intervals as half-widths, bounds, and extra TSV columns", "[reports][table]") {
  auto doc = sample(true);
  CHECK(reports::write(doc, "md").find("| **87.65** ± 1.50 |") != std::string::npos);
  doc.tables[0].intervals = reports::IntervalStyle::Bounds;
  CHECK(reports::write(doc, "md").find("| **87.65** [86.65, 89.65] |") != std::string::npos);
  CHECK(reports::write(doc, "latex").find("\\textbf{87.65} [86.65, 89.65]") != std::string::npos);
  const std::string tsv = reports::write(doc, "tsv");
  CHECK(tsv.find("system\tdocs\tTO P\tTO P lo\tTO P hi\tTO F1\tTO F1 lo\tTO F1 hi\n") != std::string::npos);
  CHECK(tsv.find("GOLD|x\t3\t-\t-\t-\t100.00\t99.00\t102.00\n") != std::string::npos);
  auto j = nlohmann::json::parse(reports::write(doc, "json"));
  CHECK(j["tables"][0]["rows"][0][2]["lo"].get<double>() == Approx(49));
  CHECK(j["tables"][0]["score_signatures"][0] == "metric:to|x|bs:10|seed:1");
}

TEST_CASE("table: every writer is in the table, and unknown formats and bad shapes are refused", "[reports][table]") {
  std::vector<std::string> names;
  for (const auto& w : reports::writer_registry()) names.emplace_back(w.name);
  CHECK(names == std::vector<std::string>{"table", "tsv", "md", "latex", "json", "html"});
  try {
    reports::find_writer("markdown");
    FAIL("no error");
  } catch (const UsageError& e) {
    CHECK(std::string(e.what()).find("known: table, tsv, md, latex, json, html") != std::string::npos);
  }
  auto doc = sample(false);
  doc.tables[0].rows[0].pop_back();
  CHECK_THROWS_WITH(reports::write(doc, "md"), Catch::Contains("row 0 has 3 cells for 4 columns"));
}
