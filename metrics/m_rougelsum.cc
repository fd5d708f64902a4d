// `rougelsum`: ROUGE-LSum precision, recall and F1 per page exactly as Google's
// rouge-score computes it (bench_metrics/rouge_lsum.h: summary-level union LCS over
// sentences), in the setting ScoreOptions::rouge names: WCEB's (Punkt sentences,
// whitespace tokens, its blank-gold rule; the default), WCEB's tokens over newline
// sentences (lines-ws), or rouge-score's own default (newline sentences,
// DefaultTokenizer). tp = union-LCS hits, fp = output tokens - hits, fn = gold tokens
// - hits (a micro average pools them); values: P, R, F1 as rouge-score returns them
// (0 when a side has no token; WCEB's rule for a blank gold). WCEB's table is
// `--aggregate mean-median`.
#include "base/errors.h"
#include "metrics/bench_metrics/punkt.h"
#include "metrics/bench_metrics/rouge_lsum.h"
#include "metrics/metric.h"

namespace detour::metrics {

namespace {

bench_metrics::RougeLsumOptions rouge_options(const ScoreOptions& o) {
  using namespace bench_metrics;
  switch (o.rouge) {
    case RougeSetting::kWceb:
      if (!o.punkt) throw ResourceError("rougelsum --rouge wceb: no Punkt model loaded (prepare_metrics)");
      return RougeLsumOptions::wceb(*o.punkt);
    case RougeSetting::kLinesWs:
      return {SentenceSplit::kLines, RougeTokenizer::kWhitespace, nullptr, false};
    case RougeSetting::kDefault:
      break;
  }
  return RougeLsumOptions::rouge_score_default();
}

}  // namespace

DocScore score_rougelsum(DocPair& p) {
  const auto r = bench_metrics::rouge_lsum(p.plain_gold().text, p.plain_system().text, rouge_options(p.options()));
  DocScore d;
  d.tp = static_cast<std::int64_t>(r.hits);
  d.fp = static_cast<std::int64_t>(r.output_tokens - r.hits);
  d.fn = static_cast<std::int64_t>(r.gold_tokens - r.hits);
  d.values = {r.precision, r.recall, r.f1};
  return d;
}

std::string settings_rougelsum(const ScoreOptions& o) {
  std::string s = "setting:" + std::string(rouge_setting_name(o.rouge)) + "|";
  if (o.rouge == RougeSetting::kWceb && !o.punkt) s += "rougelsum|split=punkt(model=none)";
  else s += bench_metrics::rouge_lsum_signature(rouge_options(o));
  return s + "|" + text_forms_signature(o);
}

}  // namespace detour::metrics
