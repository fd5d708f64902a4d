// split: deterministic assignment of a corpus's pages to named parts (dev and test) for
// honest tuning: a setting chosen on one part is judged on pages it never saw.
//
//     --split dev:test=50:50 --split-by site|page --seed S
//
// Pages are split language by language (each language gets dev and test pages in
// about the given proportions). By site (the default), every page of a site goes to
// the same part, so that a site's template cannot be tuned on and then scored on;
// the site is base/site.h's rule (the host's registered domain), and a page without a known site is a group of its
// own. By page, every page is its own group. Within a language, groups are ordered by
// a seeded hash of (seed, language, group key) and each group in turn goes to the
// part furthest below its share of the pages assigned so far (ties to the earlier
// part). The assignment depends only on the pages' (language, id, URL), the spec and
// the seed: not on the order of the pages, the number of threads or the systems run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace detour::harness {

struct SplitSpec {
  std::vector<std::string> parts;  // "dev", "test"
  std::vector<double> weights;     // positive, one per part
  bool by_site = true;
  std::uint64_t seed = 42;
  // "dev:test=50:50|by:site(registered-domain(psl:...))|seed:42|split:...", for
  // signatures (base/site.h: the rule that groups pages into sites).
  std::string signature() const;
};
// Reads "dev:test=50:50" (two or more distinct part names, positive weights) and
// "site" or "page". Throws UsageError.
SplitSpec parse_split(const std::string& spec, const std::string& by, std::uint64_t seed);

struct SplitPage {
  std::string lang, id, url;
};
// The part index of every page, in input order.
std::vector<int> assign_split(const SplitSpec& spec, const std::vector<SplitPage>& pages);

}  // namespace detour::harness
