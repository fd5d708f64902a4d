// A page's site is its host's registered domain (base/site.h): sub-domains of one
// organisation are one site for by-site splits, the per-site table, C4.5's folds and
// TDIFF's groups.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "base/site.h"
#include "metrics/metric.h"
#include "reports/site_table.h"
#include "runner/split.h"

using namespace detour;

TEST_CASE("site: the registered domain of the host", "[site]") {
  CHECK(host_of("20111215_news.xinhuanet.com_7ba45c98") == "news.xinhuanet.com");
  CHECK(site_of("20111215_news.xinhuanet.com_7ba45c98") == "xinhuanet.com");
  CHECK(site_of("20111215_big5.xinhuanet.com_0c1d2e3f") == "xinhuanet.com");
  CHECK(site_of("20111215_www.bbc.co.uk_7ba45c98") == "bbc.co.uk");
  CHECK(site_of("20120301_sc.stock.cnfol.com_11aa") == "cnfol.com");
  CHECK(site_of("20120301_mnc.people.com.cn_11aa") == "people.com.cn");
  // From the URL when the id says nothing; case, user info and port dropped.
  CHECK(site_of("page1.html", "https://User@News.Example.COM:8080/a?b") == "example.com");
  CHECK(site_of("page1.html", "http://news.xinhuanet.com./x") == "xinhuanet.com");
  // A public suffix's own sub-domains are sites of their own (PSL private section).
  CHECK(site_of("p", "http://alice.blogspot.com/2011/x.html") == "alice.blogspot.com");
  CHECK(site_of("p", "http://alice.blogspot.com/") != site_of("p", "http://bob.blogspot.com/"));
  // No registered domain: the host itself.
  CHECK(site_of("p", "http://192.168.0.7:8000/x") == "192.168.0.7");
  CHECK(site_of("p", "http://[::1]:8080/x") == "[::1]");
  CHECK(site_of("p", "http://localhost/x") == "localhost");
  CHECK(site_of("p", "http://co.uk/x") == "co.uk");
  CHECK(site_of("page1.html", "") == "");
  CHECK(site_rule().rfind("registered-domain(psl:", 0) == 0);
}

TEST_CASE("site: a by-site split keeps a domain's hosts in one part", "[site]") {
  // Many hosts of a few domains: whatever the seed, no domain is cut in two.
  std::vector<harness::SplitPage> pages;
  const std::vector<std::string> hosts = {"news.xinhuanet.com", "big5.xinhuanet.com", "www.bbc.co.uk",
                                          "news.bbc.co.uk",     "news.sina.com.cn",   "ent.sina.com.cn",
                                          "tech.sina.com.cn",   "www.ctv.ca",         "ottawa.ctv.ca"};
  for (std::size_t h = 0; h < hosts.size(); ++h)
    for (int k = 0; k < 3; ++k)
      pages.push_back({"zh", "20111215_" + hosts[h] + "_" + std::to_string(h) + "x" + std::to_string(k), ""});
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto part = harness::assign_split(harness::parse_split("dev:test=50:50", "site", seed), pages);
    std::map<std::string, std::set<int>> parts_of;
    for (std::size_t i = 0; i < pages.size(); ++i) parts_of[site_of(pages[i].id)].insert(part[i]);
    CHECK(parts_of.size() == 4);
    for (const auto& [site, parts] : parts_of) {
      INFO("seed " << seed << ", site " << site);
      CHECK(parts.size() == 1);
    }
  }
}

TEST_CASE("site: the per-site table has one row per registered domain", "[site]") {
  std::vector<std::string> ids;
  std::vector<metrics::DocScore> cos;
  for (const char* host : {"news.xinhuanet.com", "big5.xinhuanet.com"})
    for (int k = 0; k < 3; ++k) {
      ids.push_back(std::string("20111215_") + host + "_" + std::to_string(k));
      metrics::DocScore d;
      d.values = {1.0, 1.0, 1.0, 1.0, 1.0};
      cos.push_back(d);
    }
  const auto rows = reports::site_table(ids, {}, cos, 5);
  REQUIRE(rows.size() == 2);  // xinhuanet.com (6 pages) and "all"
  CHECK(rows[0].site == "xinhuanet.com");
  CHECK(rows[0].pages == 6);
}
