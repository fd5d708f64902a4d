// `levenshtein`: WCEB's token-level Levenshtein ratio (eval.py levenshtein_eval:
// Levenshtein.ratio of the two whitespace token lists, the normalised InDel
// similarity 1 - (a + b - 2 LCS) / (a + b), 1 when both are empty). Kernel:
// bench_metrics/rouge_lsum.h wceb_levenshtein. tp = LCS, fp = output tokens - LCS,
// fn = gold tokens - LCS, so the per-page F1 of the counts is the ratio itself (the
// value `ratio` holds it as the original rounds it); WCEB's table is
// `--aggregate mean-median`.
#include "metrics/bench_metrics/rouge_lsum.h"
#include "metrics/metric.h"

namespace detour::metrics {

DocScore score_levenshtein(DocPair& p) {
  const auto r = bench_metrics::wceb_levenshtein(p.plain_gold().text, p.plain_system().text);
  DocScore d;
  d.tp = static_cast<std::int64_t>(r.lcs);
  d.fp = static_cast<std::int64_t>(r.output_tokens - r.lcs);
  d.fn = static_cast<std::int64_t>(r.gold_tokens - r.lcs);
  const double precision = r.output_tokens ? double(r.lcs) / double(r.output_tokens) : (r.gold_tokens ? 0.0 : 1.0);
  const double recall = r.gold_tokens ? double(r.lcs) / double(r.gold_tokens) : (r.output_tokens ? 0.0 : 1.0);
  d.values = {precision, recall, r.ratio};
  return d;
}

std::string settings_levenshtein(const ScoreOptions& o) {
  return bench_metrics::levenshtein_signature() + "|" + text_forms_signature(o);
}

}  // namespace detour::metrics
