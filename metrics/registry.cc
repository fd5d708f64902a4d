// The metric table: one line per metric, in display order. Score functions are
// defined in the metric's own file (m_*.cc).
#include "metrics/metric.h"

namespace detour::metrics {

DocScore score_tm(DocPair&);
DocScore score_tag(DocPair&);
DocScore score_tmu(DocPair&);
DocScore score_to(DocPair&);
DocScore score_car(DocPair&);
DocScore score_lcs(DocPair&);
DocScore score_cos(DocPair&);

const std::vector<MetricInfo>& metric_registry() {
  static const std::vector<MetricInfo> table = {
      {"tm", "CleanEval word-level score with markup, labelled (cleaneval.py)", "cleaneval-ws",
       "cleaneval-labelled", ZeroRule::CleanEval, {}, score_tm},
      {"tag", "CleanEval segmentation score: <p>/<h>/<l> markers only", "cleaneval-ws",
       "cleaneval-labelled", ZeroRule::CleanEval, {}, score_tag},
      {"tmu", "CleanEval word-level score with markup, unlabelled (cleaneval.py -u)", "cleaneval-ws",
       "cleaneval-unlabelled", ZeroRule::CleanEval, {}, score_tmu},
      {"to", "words of the text only (all tags removed on both sides), difflib alignment", "ws-words",
       "tags-removed", ZeroRule::Empty, {}, score_to},
      {"car", "characters (code points, whitespace excluded) of the text only, difflib alignment",
       "codepoints-nospace", "tags-removed", ZeroRule::Empty, {}, score_car},
      {"lcs", "longest common subsequence of text-only words (Lutz 2013)", "ws-words", "tags-removed",
       ZeroRule::Empty, {}, score_lcs},
      {"cos", "cosine of word-count vectors, with Deturck's indicators", "ws-words", "tags-removed",
       ZeroRule::Empty, {"cosine", "exact", "equal", "t_within_gold", "gold_within_t"}, score_cos},
  };
  return table;
}

}  // namespace detour::metrics
