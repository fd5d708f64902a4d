// `cos`: cosine similarity of the word-count vectors of the text-only forms, with the
// per-document indicators of Deturck (2015): exact (cos >= 0.9), equal (T = T*),
// T within T* (the extracted text is a contiguous part of the gold text) and T*
// within T. tp/fp/fn are bag-of-words overlaps (sum of min counts).
#include <algorithm>
#include <functional>
#include <cmath>

#include "metrics/metric.h"

namespace detour::metrics {
namespace {

// True when `needle` occurs as a contiguous run in `hay` (both token-id sequences).
bool contains(const std::vector<std::int32_t>& hay, const std::vector<std::int32_t>& needle) {
  if (needle.empty()) return true;
  return std::search(hay.begin(), hay.end(), std::boyer_moore_horspool_searcher(needle.begin(), needle.end())) !=
         hay.end();
}

}  // namespace

DocScore score_cos(DocPair& p) {
  const TokenPair& t = p.text_only_words();
  std::vector<std::int64_t> cs(t.alphabet, 0), cg(t.alphabet, 0);
  for (auto id : t.sys) ++cs[id];
  for (auto id : t.gold) ++cg[id];
  double dot = 0, ns = 0, ng = 0;
  std::int64_t overlap = 0;
  for (std::int32_t k = 0; k < t.alphabet; ++k) {
    dot += double(cs[k]) * double(cg[k]);
    ns += double(cs[k]) * double(cs[k]);
    ng += double(cg[k]) * double(cg[k]);
    overlap += std::min(cs[k], cg[k]);
  }
  double cosine;
  if (ns == 0 && ng == 0) cosine = 1.0;
  else if (ns == 0 || ng == 0) cosine = 0.0;
  else cosine = dot / (std::sqrt(ns) * std::sqrt(ng));
  DocScore d;
  d.tp = overlap;
  d.fp = static_cast<std::int64_t>(t.sys.size()) - overlap;
  d.fn = static_cast<std::int64_t>(t.gold.size()) - overlap;
  bool equal = t.sys == t.gold;
  d.values = {cosine, cosine >= 0.9 ? 1.0 : 0.0, equal ? 1.0 : 0.0,
              !t.sys.empty() && contains(t.gold, t.sys) ? 1.0 : 0.0,
              !t.gold.empty() && contains(t.sys, t.gold) ? 1.0 : 0.0};
  return d;
}

}  // namespace detour::metrics
