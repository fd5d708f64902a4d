#include "metrics/compare.h"

#include "metrics/metric.h"

namespace detour::metrics {

DocScore score_to(DocPair&);

PRF text_only_prf(std::string_view system, std::string_view reference, bool autojunk) {
  ScoreOptions opts;
  opts.autojunk = autojunk;
  DocPair pair(system, reference, opts);
  DocScore d = score_to(pair);
  PRFValues v = prf(d.tp, d.fp, d.fn, ZeroRule::Empty);
  return {v.precision, v.recall, v.f1, static_cast<long>(d.tp), static_cast<long>(d.fp), static_cast<long>(d.fn)};
}

}  // namespace detour::metrics
