// `lcs`: true longest common subsequence over the text-only words (Lutz 2013):
// P = |LCS| / |extracted|, R = |LCS| / |gold|. Kernel: kernels/lcs.h (Hyyrö 2004).
#include "kernels/lcs.h"
#include "metrics/metric.h"

namespace detour::metrics {

DocScore score_lcs(DocPair& p) {
  const TokenPair& t = p.text_only_words();
  auto l = static_cast<std::int64_t>(lcs_length(t.sys, t.gold));
  DocScore d;
  d.tp = l;
  d.fp = static_cast<std::int64_t>(t.sys.size()) - l;
  d.fn = static_cast<std::int64_t>(t.gold.size()) - l;
  return d;
}

}  // namespace detour::metrics
