#include "reports/site_table.h"

#include <map>
#include <stdexcept>

#include "base/site.h"

namespace detour::reports {

std::vector<SiteRow> site_table(const std::vector<std::string>& ids, const std::vector<std::string>& urls,
                                const std::vector<metrics::DocScore>& cos, int min_pages) {
  if (ids.size() != cos.size() || (!urls.empty() && urls.size() != ids.size()))
    throw std::invalid_argument("site_table: ids, urls and cos scores differ in length");
  std::map<std::string, std::vector<std::size_t>> by_site;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (cos[i].values.size() < 5)
      throw std::invalid_argument("site_table: document " + ids[i] + " has no cos values");
    by_site[site_of(ids[i], urls.empty() ? std::string() : urls[i])].push_back(i);
  }
  std::vector<SiteRow> rows;
  SiteRow all;
  all.site = "all";
  auto add = [&](SiteRow& r, const metrics::DocScore& d) {
    ++r.pages;
    r.mean_cos += d.values[0];
    r.exactitude += d.values[1];
    r.equal += d.values[2];
    r.t_within += d.values[3];
    r.gold_within += d.values[4];
  };
  auto finish = [](SiteRow& r) {
    if (r.pages == 0) return;
    for (double* v : {&r.mean_cos, &r.exactitude, &r.equal, &r.t_within, &r.gold_within}) *v /= r.pages;
  };
  for (const auto& [site, idx] : by_site) {
    if (site.empty() || static_cast<int>(idx.size()) < min_pages) continue;
    SiteRow r;
    r.site = site;
    for (auto i : idx) {
      add(r, cos[i]);
      add(all, cos[i]);
    }
    finish(r);
    rows.push_back(r);
  }
  finish(all);
  rows.push_back(all);
  return rows;
}

namespace {

void add_values(Row& row, const SiteRow& r, const std::string& signature) {
  for (double v : {r.exactitude, r.mean_cos, r.equal, r.t_within, r.gold_within})
    row.push_back(Cell::percent({v, signature}));
}

}  // namespace

Document site_rows_document(const std::string& system, const std::vector<SiteRow>& rows, const std::string& signature) {
  Table t;
  for (const char* c : {"system", "site"}) t.add_column(c, "", Align::Left);
  for (const char* c : {"pages", "exactitude", "mean_cos", "T=T*", "T_in_T*", "T*_in_T"}) t.add_column(c);
  for (const auto& r : rows) {
    Row& row = t.add_row();
    row.push_back(Cell::text(system));
    row.push_back(Cell::text(r.site));
    row.push_back(Cell::count(r.pages));
    add_values(row, r, signature);
  }
  Document doc;
  doc.tables.push_back(std::move(t));
  return doc;
}

Document site_document(const std::vector<SystemSites>& systems, const std::string& signature,
                       const std::string& caption) {
  // site -> per-system row (nullptr where the system does not list the site).
  std::map<std::string, std::vector<const SiteRow*>> table;
  for (std::size_t s = 0; s < systems.size(); ++s)
    for (const auto& r : systems[s].rows) {
      auto& slot = table[r.site];
      slot.resize(systems.size(), nullptr);
      slot[s] = &r;
    }
  std::vector<std::string> order;
  for (const auto& [site, rows] : table)
    if (site != "all") order.push_back(site);
  if (table.count("all")) order.push_back("all");

  Table t;
  t.caption = caption;
  t.add_column("site", "", Align::Left);
  t.add_column("pages");
  for (const auto& sys : systems)
    for (const char* col : {"exact", "mean_cos", "T=T*", "T_in_T*", "T*_in_T"}) t.add_column(col, sys.system);
  for (const auto& site : order) {
    auto& rows = table[site];
    rows.resize(systems.size(), nullptr);
    Row& row = t.add_row();
    row.push_back(Cell::text(site));
    std::string pages;
    bool same = true;
    int first = -1;
    for (const SiteRow* r : rows) {
      int n = r ? r->pages : 0;
      if (first < 0) first = n;
      same = same && n == first;
      if (!pages.empty()) pages += '/';
      pages += r ? std::to_string(n) : std::string("-");
    }
    row.push_back(same ? Cell::count(first) : Cell::text(pages));
    for (const SiteRow* r : rows) {
      if (r) add_values(row, *r, signature);
      else row.insert(row.end(), 5, Cell::empty());
    }
  }
  Document doc;
  doc.tables.push_back(std::move(t));
  return doc;
}

}  // namespace detour::reports
