// `bow`: bag-of-words precision, recall and F1 over lower-cased \w+ tokens (as newer
// extraction leaderboards report it; bench_metrics/bow.h). tp = the overlap (sum of
// the per-type minimum counts), fp = output tokens - overlap, fn = gold tokens -
// overlap; values: P, R, F1 with its rule (a ratio over zero tokens is 1 when both
// texts have none, else 0).
#include "metrics/bench_metrics/bow.h"
#include "metrics/metric.h"

namespace detour::metrics {

DocScore score_bow(DocPair& p) {
  const auto r = bench_metrics::bow_page(p.plain_gold().text, p.plain_system().text);
  DocScore d;
  d.tp = static_cast<std::int64_t>(r.overlap);
  d.fp = static_cast<std::int64_t>(r.output_tokens - r.overlap);
  d.fn = static_cast<std::int64_t>(r.gold_tokens - r.overlap);
  d.values = {r.precision, r.recall, r.f1};
  return d;
}

std::string settings_bow(const ScoreOptions& o) {
  return bench_metrics::bow_signature() + "|" + text_forms_signature(o);
}

}  // namespace detour::metrics
