#include "reports/site_table.h"

#include <cstdio>
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

std::string render_site_table(const std::string& system, const std::vector<SiteRow>& rows) {
  std::string out = "system\tsite\tpages\texactitude\tmean_cos\tT=T*\tT_in_T*\tT*_in_T\n";
  char buf[512];
  for (const auto& r : rows) {
    std::snprintf(buf, sizeof buf, "%s\t%s\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\n", system.c_str(), r.site.c_str(),
                  r.pages, 100 * r.exactitude, 100 * r.mean_cos, 100 * r.equal, 100 * r.t_within,
                  100 * r.gold_within);
    out += buf;
  }
  return out;
}

std::string render_site_tables(const std::vector<SystemSites>& systems, const std::string& format,
                               const std::string& note) {
  if (format != "tsv" && format != "md")
    throw std::invalid_argument("site table: unknown format '" + format + "' (tsv or md)");
  const bool md = format == "md";
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

  std::vector<std::string> header = {"site", "pages"};
  for (const auto& sys : systems)
    for (const char* col : {" exact", " mean_cos", " T=T*", " T_in_T*", " T*_in_T"}) header.push_back(sys.system + col);
  std::vector<std::vector<std::string>> lines;
  char buf[64];
  for (const auto& site : order) {
    const auto& rows = table[site];
    std::vector<std::string> cells = {site};
    std::string pages;
    bool same = true;
    int first = -1;
    for (const SiteRow* r : rows) {
      int n = r ? r->pages : 0;
      if (first < 0) first = n;
      same = same && n == first;
      pages += (pages.empty() ? "" : "/") + (r ? std::to_string(n) : std::string("-"));
    }
    cells.push_back(same ? std::to_string(first) : pages);
    for (const SiteRow* r : rows)
      for (double v : {r ? r->exactitude : -1, r ? r->mean_cos : -1, r ? r->equal : -1, r ? r->t_within : -1,
                       r ? r->gold_within : -1}) {
        if (!r) {
          cells.emplace_back("-");
          continue;
        }
        std::snprintf(buf, sizeof buf, "%.2f", 100 * v);
        cells.emplace_back(buf);
      }
    lines.push_back(std::move(cells));
  }
  std::string out;
  auto join = [&](const std::vector<std::string>& cells) {
    std::string l = md ? "| " : "";
    for (std::size_t i = 0; i < cells.size(); ++i) l += (i ? (md ? " | " : "\t") : "") + cells[i];
    return l + (md ? " |\n" : "\n");
  };
  if (!note.empty()) out += (md ? "" : "# ") + note + (md ? "\n\n" : "\n");
  out += join(header);
  if (md) {
    std::vector<std::string> rule(header.size(), "---:");
    rule[0] = "---";
    out += join(rule);
  }
  for (const auto& l : lines) out += join(l);
  return out;
}

}  // namespace detour::reports
