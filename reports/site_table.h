// site_table: Deturck's (2015) per-site table for one system: for every site with at
// least `min_pages` scored pages, the share of pages with cos >= 0.9 ("exactitude"),
// the mean cosine, and the shares of pages where the extracted text T equals the gold
// T*, lies within it, or contains it. Inputs are the per-document values of the `cos`
// metric (metrics/m_cos.cc: cosine, exact, equal, t_within_gold, gold_within_t).
#pragma once

#include <string>
#include <vector>

#include "metrics/metric.h"
#include "reports/table.h"

namespace detour::reports {

struct SiteRow {
  std::string site;
  int pages = 0;
  double exactitude = 0;   // share of pages with cos >= 0.9
  double mean_cos = 0;
  double equal = 0;        // share with T = T*
  double t_within = 0;     // share with T within T*
  double gold_within = 0;  // share with T* within T
};

// doc_ids[i] is the page id, doc_urls[i] its URL (or doc_urls empty); the site is
// base/site.h's (the registered domain of the id's host part, <date>_<host>_<hash>,
// else of the URL's host); cos[i] is the page's `cos` DocScore. Sites sorted by name; a final
// row "all" covers every page of the listed sites. Throws std::invalid_argument when
// the vectors differ in length or a DocScore lacks the five cos values.
std::vector<SiteRow> site_table(const std::vector<std::string>& doc_ids, const std::vector<std::string>& doc_urls,
                                const std::vector<metrics::DocScore>& cos, int min_pages = 5);

// One system's rows as a table: system, site, pages, exactitude, mean_cos, T=T*,
// T_in_T*, T*_in_T (percent, two decimals; mean cos x100). `signature` is the cos
// metric's, carried by every value.
Document site_rows_document(const std::string& system, const std::vector<SiteRow>& rows, const std::string& signature);

// One system's per-site rows (from site_table), for the side-by-side rendering.
struct SystemSites {
  std::string system;
  std::vector<SiteRow> rows;
};

// Systems side by side, one row per site (sites in name order, "all" last; a site
// shown when at least one system lists it, "-" where a system does not). Columns:
// site, pages, then per system (a column group) exact, mean_cos, T=T*, T_in_T*,
// T*_in_T (percent, two decimals). "pages" is the page count when every system scored
// the same number of pages of the site, else the counts per system joined by "/".
// `caption` (may be empty) goes above the table; `signature` is the cos metric's.
Document site_document(const std::vector<SystemSites>& systems, const std::string& signature,
                       const std::string& caption = "");

}  // namespace detour::reports
