// `shingle`: the measure of Scrapinghub's article-extraction-benchmark (evaluate.py):
// multisets of 4-word shingles of re.findall(r'\w+') tokens, per-page precision and
// recall with its rules for empty sides, and "accuracy" (the token lists are equal).
// Kernel: bench_metrics/shingle.h. tp/fp/fn are the raw shingle-multiset counts (a
// micro average pools them); values: the page's precision, recall, F1 (2PR/(P+R), 0
// when P + R = 0: not an evaluate.py figure, for detour's macro columns), accuracy,
// and whether the page counts in the precision / recall means (evaluate.py leaves
// out pages with tp + fp = 0 / tp + fn = 0). The benchmark's own table is
// `--aggregate f1-of-means`: F1 of the mean P and mean R, with bootstrap stds.
#include "metrics/bench_metrics/shingle.h"
#include "metrics/metric.h"

namespace detour::metrics {

DocScore score_shingle(DocPair& p) {
  const bench_metrics::ShinglePage r = bench_metrics::shingle_page(p.plain_gold().text, p.plain_system().text);
  DocScore d;
  d.tp = static_cast<std::int64_t>(r.tp_count);
  d.fp = static_cast<std::int64_t>(r.fp_count);
  d.fn = static_cast<std::int64_t>(r.fn_count);
  const double f1 = r.precision + r.recall > 0 ? 2 * r.precision * r.recall / (r.precision + r.recall) : 0.0;
  d.values = {r.precision, r.recall, f1, r.accuracy, r.has_precision ? 1.0 : 0.0, r.has_recall ? 1.0 : 0.0};
  return d;
}

std::string settings_shingle(const ScoreOptions& o) {
  return "ref:scrapinghub-evaluate.py|n:4|" + text_forms_signature(o);
}

}  // namespace detour::metrics
