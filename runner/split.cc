// split: dev/test assignment (see split.h).
#include "runner/split.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <set>

#include "base/errors.h"
#include "base/hash.h"
#include "base/site.h"
#include "base/strings.h"
#include "extractors/settings.h"

namespace detour::harness {

namespace {
// splitmix64's finaliser: FNV-1a of similar keys differ in few high bits.
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
}  // namespace

std::string SplitSpec::signature() const {
  std::vector<std::string> w;
  for (double x : weights) w.push_back(format_real(x));
  return join(parts, ":") + "=" + join(w, ":") + "|by:" + (by_site ? "site(" + site_rule() + ")" : "page") + "|seed:" +
         std::to_string(seed) + "|split:lang-stratified-v1";
}

SplitSpec parse_split(const std::string& spec, const std::string& by, std::uint64_t seed) {
  const std::size_t eq = spec.find('=');
  if (eq == std::string::npos) throw UsageError("--split expects PARTS=WEIGHTS like dev:test=50:50, got: " + spec);
  SplitSpec out;
  out.parts = split_list(spec.substr(0, eq), ':');
  const auto weights = split_list(spec.substr(eq + 1), ':');
  if (out.parts.size() < 2 || weights.size() != out.parts.size())
    throw UsageError("--split " + spec + ": give two or more part names and as many weights (dev:test=50:50)");
  for (std::size_t i = 0; i < out.parts.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (out.parts[i] == out.parts[j]) throw UsageError("--split " + spec + ": part '" + out.parts[i] + "' named twice");
  for (const auto& w : weights) {
    double v = 0;
    auto r = std::from_chars(w.data(), w.data() + w.size(), v);
    if (r.ec != std::errc() || r.ptr != w.data() + w.size() || !std::isfinite(v) || v <= 0)
      throw UsageError("--split " + spec + ": weight '" + w + "' is not a positive number");
    out.weights.push_back(v);
  }
  if (by == "site") out.by_site = true;
  else if (by == "page") out.by_site = false;
  else throw UsageError("--split-by must be 'site' or 'page', got: " + by);
  out.seed = seed;
  return out;
}

std::vector<int> assign_split(const SplitSpec& spec, const std::vector<SplitPage>& pages) {
  // language -> group key -> page indices
  std::map<std::string, std::map<std::string, std::vector<std::size_t>>> groups;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    std::string key;
    if (spec.by_site) key = site_of(pages[i].id, pages[i].url);
    key = key.empty() ? "page:" + pages[i].id : "site:" + key;
    groups[pages[i].lang][key].push_back(i);
  }
  double total_weight = 0;
  for (double w : spec.weights) total_weight += w;
  std::vector<int> part(pages.size(), 0);
  char seed_bytes[8];
  for (int b = 0; b < 8; ++b) seed_bytes[b] = static_cast<char>((spec.seed >> (8 * b)) & 0xff);
  const std::uint64_t seed_hash = fnv1a(std::string_view(seed_bytes, 8));
  for (const auto& [lang, by_key] : groups) {
    std::vector<std::pair<std::uint64_t, const std::string*>> order;
    for (const auto& [key, idx] : by_key) order.emplace_back(mix(fnv1a(key, fnv1a(lang + '\n', seed_hash))), &key);
    std::sort(order.begin(), order.end(),
              [](const auto& a, const auto& b) { return a.first != b.first ? a.first < b.first : *a.second < *b.second; });
    std::vector<double> filled(spec.parts.size(), 0);
    double assigned = 0;
    for (const auto& [h, key] : order) {
      const auto& idx = by_key.at(*key);
      // The part furthest below its share once this group is added.
      std::size_t best = 0;
      double best_gap = -1e300;
      const double after = assigned + static_cast<double>(idx.size());
      for (std::size_t p = 0; p < spec.parts.size(); ++p) {
        const double gap = after * spec.weights[p] / total_weight - filled[p];
        if (gap > best_gap + 1e-12) {
          best_gap = gap;
          best = p;
        }
      }
      filled[best] += static_cast<double>(idx.size());
      assigned = after;
      for (std::size_t i : idx) part[i] = static_cast<int>(best);
    }
  }
  return part;
}

}  // namespace detour::harness
