// Tests of the template-diff extractor TDIFF and its parts (extractors/tdiff).
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <numeric>
#include <random>
#include <set>

#include "base/site.h"
#include "extractors/tdiff/cluster.h"
#include "extractors/tdiff/tdiff.h"
#include "extractors/tdiff/tokens.h"
#include "corpora/corpus.h"
#include "reports/site_table.h"
#include "tests/test_util.h"

using namespace detour;
using namespace detour::tdiff;

namespace {

std::string reversed_words(const std::string& s) {
  std::vector<std::string> w;
  split_tokens(s, w);
  std::string out;
  for (auto it = w.rbegin(); it != w.rend(); ++it) out += *it + " ";
  return out;
}

// A page of a news template: menu, article, related links, comments, footer.
std::string news_page(const std::string& title, const std::string& body, const std::string& related) {
  return "<html><head><title>" + title + " - Daily</title></head><body>"
         "<div id=menu><a href=/>Home</a> <a href=/world>World news today</a> <a href=/sport>Sport</a></div>"
         "<h1>" + title + "</h1><div class=byline>By the staff</div>"
         "<div id=article><p>" + body + " " + reversed_words(body) + "</p><p>" + title + ": " + reversed_words(body) + body + "</p>"
         "<p>Share this article with friends</p></div>"
         "<ul class=related><li>" + related + "</li></ul>"
         "<div id=comments><p>Great story about " + title + " indeed!</p></div>"
         "<div id=footer>Copyright Daily News Group, all rights reserved, contact us</div></body></html>";
}

std::string text_of(const std::vector<Segment>& segs) { return render_text(segs); }

// A second template (another site): sidebar first, article in a table cell.
std::string forum_page(int i) {
  std::string body;
  for (int w = 0; w < 40; ++w) body += "post" + std::to_string(i) + "w" + std::to_string((w * 7 + i) % 40) + " ";
  return "<html><body><table><tr><td class=side><ul><li><a href=/a>Forum index</a></li><li><a href=/b>Members "
         "list</a></li><li><a href=/c>Rules</a></li></ul></td><td class=main><h2>Thread " + std::to_string(i) +
         "</h2><div class=post><p>" + body + "</p>" + (i % 2 ? "<p>Edited later with more words about it.</p>" : "") +
         "</div></td></tr></table><p class=foot>Powered by some board software</p></body></html>";
}

// Pages of two sites plus a lone page; ids in DANIEL form.
std::vector<std::pair<std::string, std::string>> fixture_pages() {
  const char* titles[] = {"Floods in the north", "Election results announced", "New bridge opens",
                          "Museum reopens doors", "Team wins the cup", "Harbour expansion approved",
                          "School year begins", "Rail strike called off"};
  const char* bodies[] = {"Heavy rain caused rivers to burst their banks across the region overnight.",
                          "The commission published the final count after a long night of recounts.",
                          "Engineers finished the crossing two months early and under its budget.",
                          "Visitors queued around the block to see restored paintings and sculptures.",
                          "A late goal settled a tense final watched by thousands of cheering supporters.",
                          "Councillors voted to widen the quay so that larger ships can dock safely.",
                          "Pupils returned to classrooms after a summer of building work on the site.",
                          "Unions and managers reached an agreement late on Sunday after long talks."};
  std::vector<std::pair<std::string, std::string>> out;
  for (int i = 0; i < 8; ++i)
    out.emplace_back("2012010" + std::to_string(i % 9) + "_www.daily.test_h" + std::to_string(i),
                     news_page(titles[i], bodies[i], std::string("Related ") + titles[(i + 3) % 8]));
  for (int i = 0; i < 5; ++i)
    out.emplace_back("20120105_forum.test_f" + std::to_string(i), forum_page(i));
  out.emplace_back("20120101_www.lone.test_z", "<html><body><p>Alone on its site, extracted by the fallback "
                                               "extractor, with enough words to be kept as content.</p></body></html>");
  return out;
}

std::map<std::string, std::string> extract_all(TdiffExtractor& ex, std::vector<Page>& pages,
                                               const std::vector<std::size_t>& order) {
  CorpusContext ctx;
  for (std::size_t i : order) ctx.entries.push_back({&pages[i], "", {}, {}, {}});
  ex.prepare(ctx);
  std::map<std::string, std::string> out;
  for (auto& p : pages) out[page_key(p)] = render_cleaneval(ex.extract(p).segments);
  return out;
}

using Cmd = detour::testing::CommandResult;
using detour::testing::run_detour;

// Every file under `dir` (relative path -> bytes).
std::map<std::string, std::string> read_tree(const std::filesystem::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out[std::filesystem::relative(e.path(), dir).string()] = io::read_file(e.path());
  return out;
}

}  // namespace

TEST_CASE("site and document of a page id", "[tdiff]") {
  CHECK(site_of("20111215_www.bbc.co.uk_7ba45c98", "") == "bbc.co.uk");
  CHECK(site_of("20111215_au.news.yahoo.com_7ba4", "http://x.org/") == "yahoo.com");
  CHECK(site_of("page1.html", "https://User@Example.COM:8080/a?b") == "example.com");
  CHECK(site_of("page1.html", "") == "");
  CHECK(document_of("20111207_www.z.info_087d", "") == "087d");
  CHECK(document_of("20120102_www.z.info_087d", "") == document_of("20111207_www.z.info_087d", ""));
  CHECK(document_of("p.html", "http://a/b") == "http://a/b");
}

TEST_CASE("tokens split on whitespace and per ideograph", "[tdiff]") {
  std::vector<std::string> t;
  split_tokens("  Hello,\u00a0world\t新闻报道 ok ", t);
  REQUIRE(t.size() == 7);
  CHECK(t[0] == "Hello,");
  CHECK(t[1] == "world");
  CHECK(t[2] == "新");
  CHECK(t[5] == "道");
  CHECK(t[6] == "ok");
  auto p = html::make_page("x", "<body><p>a b</p><script>var x</script><p>c</p></body>");
  auto tt = text_tokens(p.dom->body());
  CHECK(tt.tokens == std::vector<std::string>{"a", "b", "c"});
  CHECK(tt.node == std::vector<int>{0, 0, 1});
}

TEST_CASE("template diff keeps the differing article and drops the template", "[tdiff]") {
  auto a = html::make_page("a", news_page("Floods in the north",
      "Heavy rain caused rivers to burst their banks across the northern region on Monday night.",
      "Storm warning issued for the coast"));
  auto b = html::make_page("b", news_page("Election results announced",
      "The electoral commission published the final count after a long night of recounts.",
      "Turnout reached a record level"));
  auto partner = text_tokens(b.dom->body()).tokens;
  TdiffSettings s;
  DiffInfo info;
  auto segs = template_diff(a.dom->body(), partner, s, &info);
  const std::string t = text_of(segs);
  INFO(t << "\nmain: " << info.main << " tokens " << info.tokens << " differing " << info.differing);
  CHECK(info.differing > 0);
  CHECK(t.find("Heavy rain caused rivers") != std::string::npos);
  CHECK(t.find("Floods in the north: ") != std::string::npos);
  CHECK(t.find("Home") == std::string::npos);         // menu
  CHECK(t.find("Copyright") == std::string::npos);    // footer
  CHECK(t.find("Great story") == std::string::npos);  // comments filtered
  CHECK(t.find("Share this article") == std::string::npos);  // template block in the main block
  // Title-then-body rule: the h1 before the article starts the content.
  REQUIRE(!segs.empty());
  CHECK(segs.front().kind == SegmentKind::Heading);
  CHECK(segs.front().text == "Floods in the north");
  CHECK(info.title);
  s.title_rule = false;
  auto no_title = template_diff(a.dom->body(), partner, s, &info);
  CHECK(text_of(no_title).find("Floods in the north\n") != 0);
  // Identical text: nothing differs.
  auto same = template_diff(a.dom->body(), text_tokens(a.dom->body()).tokens, TdiffSettings{}, &info);
  CHECK(same.empty());
  CHECK(info.differing == 0);
}

TEST_CASE("classical MDS recovers planar distances", "[tdiff]") {
  const std::vector<std::pair<double, double>> p = {{0, 0}, {3, 0}, {0, 4}, {3, 4}, {1, 1}};
  Matrix d(5);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) d.at(i, j) = std::hypot(p[i].first - p[j].first, p[i].second - p[j].second);
  Points x = classical_mds(d, 2);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j)
      CHECK(std::hypot(x[i][0] - x[j][0], x[i][1] - x[j][1]) == Approx(d.at(i, j)).margin(1e-6));
}

TEST_CASE("k-means and silhouette find separated groups, deterministically", "[tdiff]") {
  std::mt19937_64 rng(3);
  Points pts;
  for (int c = 0; c < 3; ++c)
    for (int i = 0; i < 8; ++i)
      pts.push_back({10.0 * c + (rng() % 100) / 100.0, (c == 1 ? 10.0 : 0.0) + (rng() % 100) / 100.0});
  Clustering cl = choose_k(pts, 6, 0.25, 42);
  CHECK(cl.best.k == 3);
  CHECK(cl.silhouette > 0.8);
  for (int c = 0; c < 3; ++c)
    for (int i = 1; i < 8; ++i) CHECK(cl.best.assign[c * 8 + i] == cl.best.assign[c * 8]);
  Clustering again = choose_k(pts, 6, 0.25, 42);
  CHECK(again.best.assign == cl.best.assign);
  // Uniform noise has no structure above the threshold 0.99: one cluster.
  CHECK(choose_k(pts, 6, 0.99, 42).best.k == 1);
  // Silhouette of a perfect 2-cluster split of two far points pairs is close to 1.
  Points two = {{0, 0}, {0, 0.1}, {100, 0}, {100, 0.1}};
  CHECK(mean_silhouette(two, {0, 0, 1, 1}, 2) > 0.99);
  CHECK(mean_silhouette(two, {0, 1, 1, 1}, 2) < 0.5);  // point 0 alone scores 0
  CHECK_THROWS(kmeans(two, 5, 1));
}

TEST_CASE("TDIFF pairs pages of a site and falls back for lone pages", "[tdiff]") {
  std::vector<Page> pages;
  const char* titles[] = {"Floods in the north", "Election results announced", "New bridge opens",
                          "Museum reopens doors", "Team wins the cup"};
  const char* bodies[] = {"Heavy rain caused rivers to burst their banks across the region overnight.",
                          "The commission published the final count after a long night of recounts.",
                          "Engineers finished the crossing two months early and under its budget.",
                          "Visitors queued around the block to see restored paintings and sculptures.",
                          "A late goal settled a tense final watched by thousands of cheering supporters."};
  for (int i = 0; i < 5; ++i)
    pages.push_back(html::make_page("2012010" + std::to_string(i) + "_www.daily.test_h" + std::to_string(i),
                                    news_page(titles[i], bodies[i],
                                              "Related item " + std::to_string(i))));
  pages.push_back(html::make_page("20120101_www.lone.test_h9",
                                  "<html><body><div><p>A lonely page with some words in a paragraph that is long "
                                  "enough to be kept by the fallback extractor of boilerpipe.</p></div></body></html>"));
  CorpusContext ctx;
  for (auto& p : pages) ctx.entries.push_back({&p, "", {}, {}, {}});
  TdiffExtractor ex;
  ex.prepare(ctx);
  const PagePlan* pl = ex.plan(page_key(pages[0]));
  REQUIRE(pl);
  CHECK(pl->site == "www.daily.test");
  CHECK(!pl->partner.empty());
  CHECK(pl->partner != page_key(pages[0]));
  Extraction e = ex.extract(pages[2]);
  CHECK(e.notes.count("fallback") == 0);
  CHECK(render_text(e.segments).find("Engineers finished the crossing") != std::string::npos);
  CHECK(render_text(e.segments).find("Copyright") == std::string::npos);
  Extraction lone = ex.extract(pages[5]);
  CHECK(lone.notes["fallback"] == "BP");
  CHECK(lone.notes["fallback_reason"] == "single-page site");
  // A page prepare() never saw falls back too.
  auto other = html::make_page("zzz", "<p>x</p>");
  CHECK(ex.extract(other).notes["fallback_reason"] == "page not seen by prepare()");
  CHECK(ex.signature().find("TDIFF|v:1|") == 0);
  CHECK_THROWS_AS(TdiffExtractor(TdiffSettings{.fallback = "TDIFF"}), std::invalid_argument);
  CHECK(make_extractor("TDIFF")->name() == "TDIFF");
}

TEST_CASE("TDIFF loads each page once when it learns: partners' tokens are kept from that pass, not loaded again",
          "[tdiff]") {
  // The same pages as above, given as the runner gives them: no page held, a loader.
  std::vector<Page> pages;
  for (int i = 0; i < 6; ++i)
    pages.push_back(html::make_page("2012010" + std::to_string(i) + "_www.daily.test_h" + std::to_string(i),
                                    news_page("Headline number " + std::to_string(i),
                                              "Story " + std::to_string(i) + " tells what happened on day " +
                                                  std::to_string(i) + " in a paragraph long enough to be kept.",
                                              "Related item " + std::to_string(i))));
  auto prepared = [&](bool through_loader, std::vector<int>* loads) {
    auto ex = std::make_unique<TdiffExtractor>();
    CorpusContext ctx;
    for (auto& p : pages) {
      CorpusEntry e;
      if (through_loader) {
        e.lang = p.lang, e.id = p.id, e.url = p.url;
      } else {
        e.page = &p;
      }
      ctx.entries.push_back(std::move(e));
    }
    std::mutex m;
    if (through_loader)
      ctx.load = [&](std::size_t i) {
        std::lock_guard<std::mutex> l(m);
        ++(*loads)[i];
        return std::make_shared<const Page>(pages[i]);
      };
    ex->prepare(ctx);
    return ex;
  };
  std::vector<int> loads(pages.size(), 0);
  const auto loaded = prepared(true, &loads);
  const auto held = prepared(false, nullptr);
  for (std::size_t i = 0; i < pages.size(); ++i) {
    INFO("page " << i);
    CHECK(loads[i] == 1);
    const PagePlan* a = loaded->plan(page_key(pages[i]));
    const PagePlan* b = held->plan(page_key(pages[i]));
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->partner == b->partner);
    REQUIRE(a->partner_tokens);
    CHECK(*a->partner_tokens == *b->partner_tokens);
    CHECK(render_text(loaded->extract(pages[i]).segments) == render_text(held->extract(pages[i]).segments));
  }
  REQUIRE(loaded->sites().size() == held->sites().size());
  for (std::size_t k = 0; k < held->sites().size(); ++k) {
    CHECK(loaded->sites()[k].site == held->sites()[k].site);
    CHECK(loaded->sites()[k].k == held->sites()[k].k);
  }
}

TEST_CASE("TDIFF survives hostile pages", "[robust][tdiff][slow]") {
  std::vector<std::string> htmls = {
      "", "plain text, no markup at all", std::string("\x00\xff\xfe binary \x01\x02", 12)};
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "<div>";
  deep += "deep text";
  htmls.push_back(deep);
  std::string big = "<html><body>";
  while (big.size() < (std::size_t{50} << 20)) big += "<p>word another word and more words in a big page</p>";
  htmls.push_back(big);
  std::vector<Page> pages;
  for (std::size_t i = 0; i < htmls.size(); ++i)
    pages.push_back(html::make_page("20120101_www.hostile.test_h" + std::to_string(i), htmls[i]));
  CorpusContext ctx;
  for (auto& p : pages) ctx.entries.push_back({&p, "", {}, {}, {}});
  TdiffExtractor ex;
  REQUIRE_NOTHROW(ex.prepare(ctx));
  for (auto& p : pages) REQUIRE_NOTHROW(ex.extract(p));
}

TEST_CASE("site table aggregates cos indicators per site", "[tdiff][site_table]") {
  std::vector<std::string> ids;
  std::vector<metrics::DocScore> cos;
  for (int i = 0; i < 6; ++i) {
    ids.push_back("20120101_a.test_" + std::to_string(i));
    metrics::DocScore d;
    d.values = {i < 3 ? 1.0 : 0.5, i < 3 ? 1.0 : 0.0, i == 0 ? 1.0 : 0.0, 0, 0};
    cos.push_back(d);
  }
  ids.push_back("20120101_b.test_0");
  cos.push_back(metrics::DocScore{0, 0, 0, {1, 1, 1, 1, 1}});
  auto rows = reports::site_table(ids, {}, cos, 5);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].site == "a.test");
  CHECK(rows[0].pages == 6);
  CHECK(rows[0].exactitude == Approx(0.5));
  CHECK(rows[0].mean_cos == Approx(0.75));
  CHECK(rows[0].equal == Approx(1.0 / 6));
  CHECK(rows[1].site == "all");
  CHECK(rows[1].pages == 6);
  CHECK(reports::write(reports::site_rows_document("TDIFF", rows, "metric:cos"), "tsv").find("TDIFF\ta.test\t6\t50.00\t75.00") != std::string::npos);
  CHECK_THROWS(reports::site_table(ids, {}, {}, 5));
}

TEST_CASE("TDIFF is deterministic: same input twice, any entry order", "[tdiff][determinism]") {
  auto specs = fixture_pages();
  std::vector<Page> pages;
  for (const auto& [id, html] : specs) pages.push_back(html::make_page(id, html, "en"));
  std::vector<std::size_t> order(pages.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  TdiffExtractor a, b, c;
  auto first = extract_all(a, pages, order);
  auto again = extract_all(b, pages, order);
  std::reverse(order.begin(), order.end());
  std::rotate(order.begin(), order.begin() + 5, order.end());
  auto shuffled = extract_all(c, pages, order);
  CHECK(first == again);
  CHECK(first == shuffled);
  // The fixture exercises real pairing, not only the fallback.
  int paired = 0;
  for (const auto& p : pages) paired += !a.plan(page_key(p))->partner.empty();
  CHECK(paired >= 12);
  for (const auto& p : pages) CHECK(a.plan(page_key(p))->partner == c.plan(page_key(p))->partner);
}

TEST_CASE("TDIFF outputs of `detour run` are byte-identical across runs and --jobs", "[tdiff][determinism][cli]") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() /
                 ("detour-tdiff-det-" + std::to_string(getpid()) + "-" + std::to_string(std::random_device{}()));
  fs::create_directories(dir / "corpus" / "en" / "html");
  fs::create_directories(dir / "corpus" / "en" / "gold");
  for (const auto& [id, html] : fixture_pages()) {
    io::write_file_atomic(dir / "corpus" / "en" / "html" / id, html, false);
    io::write_file_atomic(dir / "corpus" / "en" / "gold" / id, "<p>gold text\n", false);
  }
  std::vector<std::map<std::string, std::string>> outs;
  for (const char* jobs : {"1", "2", "2"}) {
    fs::path out = dir / ("run" + std::to_string(outs.size()));
    Cmd c = run_detour("run --corpus " + (dir / "corpus").string() + " --extractors TDIFF --metrics to --jobs " +
                       jobs + " --no-progress --out " + out.string());
    INFO(c.out);
    REQUIRE(c.status == 0);
    outs.push_back(read_tree(out / "outputs" / "TDIFF"));
    outs.back()["results.json"] = detour::testing::stable_results_json(out / "results.json");
    outs.back()["per_doc.tsv"] = io::read_file(out / "per_doc.tsv");
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  CHECK(outs[0].size() == fixture_pages().size() + 2);
  CHECK(outs[0] == outs[1]);
  CHECK(outs[1] == outs[2]);
}

TEST_CASE("TDIFF exact-TED clustering: used on small sites, recorded, signature", "[tdiff][ted]") {
  auto specs = fixture_pages();
  std::vector<Page> pages;
  for (const auto& [id, html] : specs) pages.push_back(html::make_page(id, html, "en"));
  std::vector<std::size_t> order(pages.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  TdiffSettings s;
  s.distance = "ted";
  s.ted_max_pages = 6;  // forum.test (5 pages) gets TED, www.daily.test (8) keeps pq-gram
  TdiffExtractor ted(s), pq;
  auto with_ted = extract_all(ted, pages, order);
  auto with_pq = extract_all(pq, pages, order);
  std::map<std::string, std::string> dist;
  for (const auto& r : ted.sites()) dist[r.site] = r.distance;
  CHECK(dist["forum.test"] == "ted");
  CHECK(dist["www.daily.test"] == "pqgram");
  for (const auto& r : pq.sites()) CHECK(r.distance == "pqgram");
  // Same template on every forum page: both distances pair every page.
  for (const auto& p : pages)
    if (ted.plan(page_key(p))->site == "forum.test") CHECK(!ted.plan(page_key(p))->partner.empty());
  CHECK(with_ted.size() == with_pq.size());
  CHECK(ted.signature().find("distance:ted@6p,") != std::string::npos);
  CHECK(pq.signature().find("distance") == std::string::npos);  // default signature unchanged
  CHECK_THROWS_AS(TdiffExtractor(TdiffSettings{.distance = "zss"}), std::invalid_argument);
  // A per-pair cell budget too small for these trees: pq-gram is kept.
  s.ted_max_cells = 10;
  TdiffExtractor capped(s);
  extract_all(capped, pages, order);
  for (const auto& r : capped.sites()) CHECK(r.distance == "pqgram");
}

namespace {

// One site of `news` pages of a news template and `forum` pages of a forum template.
std::vector<Page> big_site(int news, int forum) {
  std::vector<Page> pages;
  for (int i = 0; i < news; ++i) {
    std::string body;
    for (int w = 0; w < 30; ++w) body += "word" + std::to_string((i * 13 + w * 7) % 97) + " ";
    pages.push_back(html::make_page("2012" + std::to_string(1000 + i) + "_www.big.test_n" + std::to_string(i),
                                    news_page("Story " + std::to_string(i), body, "Related " + std::to_string(i + 1)),
                                    "en"));
  }
  for (int i = 0; i < forum; ++i)
    pages.push_back(html::make_page("20120105_www.big.test_f" + std::to_string(i), forum_page(i), "en"));
  return pages;
}

// The plans of every page after learning them in `order` (as the runner's pass does:
// start_learning, learn() in any order, prepare() with ctx.learnt).
std::map<std::string, std::string> plans_in_order(TdiffExtractor& ex, std::vector<Page>& pages,
                                                  std::vector<std::size_t> order) {
  CorpusContext ctx;
  for (auto& p : pages) {
    CorpusEntry e{};
    e.page = &p;
    ctx.entries.push_back(e);
  }
  std::vector<std::size_t> wanted = ex.start_learning(ctx);
  std::sort(wanted.begin(), wanted.end());
  std::vector<std::size_t> shown;
  for (std::size_t i : order)
    if (std::binary_search(wanted.begin(), wanted.end(), i)) shown.push_back(i);
  for (std::size_t i : shown) ex.learn(i, pages[i]);
  ctx.learnt = true;
  ex.prepare(ctx);
  std::map<std::string, std::string> out;
  for (const auto& p : pages) {
    const PagePlan* pl = ex.plan(page_key(p));
    out[page_key(p)] = pl ? pl->partner + "|" + std::to_string(pl->cluster) + "|" + pl->reason : "none";
  }
  return out;
}

}  // namespace

TEST_CASE("TDIFF: a site over site_sample is clustered on a seeded sample, its other pages paired with the nearest "
          "pivot, whatever the order pages are learnt in",
          "[tdiff][scale]") {
  std::vector<Page> pages = big_site(40, 20);
  TdiffSettings s;
  s.site_sample = 12;
  TdiffExtractor sampled(s);
  std::vector<std::size_t> order(pages.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto plans = plans_in_order(sampled, pages, order);
  REQUIRE(sampled.sites().size() == 1);
  const SiteReport& rep = sampled.sites()[0];
  CHECK(rep.site == "www.big.test");
  CHECK(rep.pages == 60);
  CHECK(rep.sampled == 12);
  CHECK(rep.k >= 2);
  // Every page is paired within its template, with one of few partners (the pivots of
  // the sample's clusters, and their own partners); a sampled page that the clustering
  // left alone in its cluster is an outlier, as in a site clustered whole (at most 2 of
  // the 12 here, and counted in the site's report).
  std::set<std::string> partners;
  int outliers = 0;
  for (const auto& p : pages) {
    const PagePlan* pl = sampled.plan(page_key(p));
    REQUIRE(pl);
    INFO(page_key(p) << " " << pl->reason);
    if (pl->partner.empty()) {
      CHECK(pl->reason == "outlier");
      ++outliers;
      continue;
    }
    CHECK(pl->partner != page_key(p));
    const bool news = p.id.find("_n") != std::string::npos;
    CHECK((pl->partner.find("_n") != std::string::npos) == news);
    partners.insert(pl->partner);
  }
  CHECK(outliers <= 2);
  CHECK(outliers == rep.outliers);
  CHECK(partners.size() <= 2 * static_cast<std::size_t>(rep.k));
  // The bound is in the signature (it changed the pairing), and extraction uses it.
  CHECK(sampled.signature().find("|site_sample:12|") != std::string::npos);
  CHECK(sampled.extract(pages[45]).notes.count("fallback") == 0);
  // Learnt in other orders (the pages off the sample first, or reversed): the same plans.
  for (int round = 0; round < 2; ++round) {
    std::vector<std::size_t> other = order;
    if (round == 0) std::reverse(other.begin(), other.end());
    else std::shuffle(other.begin(), other.end(), std::mt19937_64(7));
    TdiffExtractor again(s);
    CHECK(plans_in_order(again, pages, other) == plans);
  }
  // Under the bound (the default 128): the whole site is clustered, the signature is
  // the default one, and learning order does not matter either.
  TdiffExtractor whole, whole_reversed;
  const auto all = plans_in_order(whole, pages, order);
  std::vector<std::size_t> reversed(order.rbegin(), order.rend());
  CHECK(plans_in_order(whole_reversed, pages, reversed) == all);
  CHECK(whole.sites()[0].sampled == 0);
  CHECK(whole.signature().find("site_sample") == std::string::npos);
  // The prepared state keeps the bound's outcome: restored, it signs and pairs alike.
  TdiffExtractor restored(s);
  CorpusContext light;
  restored.restore_prepared(sampled.save_prepared(), light);
  CHECK(restored.signature() == sampled.signature());
  for (const auto& p : pages) CHECK(restored.plan(page_key(p))->partner == sampled.plan(page_key(p))->partner);
  // A shard keeps the plans of its own pages only.
  light.extracts = [](std::string_view, std::string_view id) { return id.find("_f") != std::string_view::npos; };
  TdiffExtractor shard(s);
  shard.restore_prepared(sampled.save_prepared(), light);
  CHECK(shard.plan(page_key(pages[50])) != nullptr);
  CHECK(shard.plan(page_key(pages[0])) == nullptr);
}
