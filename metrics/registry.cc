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
DocScore score_shingle(DocPair&);
DocScore score_rougelsum(DocPair&);
DocScore score_levenshtein(DocPair&);
DocScore score_bow(DocPair&);
DocScore score_teds(DocPair&);
std::string settings_shingle(const ScoreOptions&);
std::string settings_rougelsum(const ScoreOptions&);
std::string settings_levenshtein(const ScoreOptions&);
std::string settings_bow(const ScoreOptions&);
std::string settings_teds(const ScoreOptions&);

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
      {"shingle", "Scrapinghub article-extraction-benchmark: 4-word shingles of \\w+ tokens (evaluate.py)", "re-w+",
       "plain-text", ZeroRule::Empty, {"page_precision", "page_recall", "page_f1", "accuracy", "has_precision", "has_recall"},
       score_shingle, PerDoc::kValues, settings_shingle, "bench"},
      {"rougelsum", "ROUGE-LSum as rouge-score computes it (WCEB's setting by default; --rouge)", "per-setting",
       "plain-text", ZeroRule::Empty, {"page_precision", "page_recall", "page_f1"}, score_rougelsum, PerDoc::kValues,
       settings_rougelsum, "bench"},
      {"levenshtein", "WCEB's token-level Levenshtein ratio (normalised InDel similarity of whitespace tokens)",
       "whitespace", "plain-text", ZeroRule::Empty, {"page_precision", "page_recall", "ratio"}, score_levenshtein,
       PerDoc::kValues, settings_levenshtein, "bench"},
      {"bow", "bag-of-words P/R/F1 over lower-cased \\w+ tokens", "re-w+-lower", "plain-text", ZeroRule::Empty,
       {"page_precision", "page_recall", "page_f1"}, score_bow, PerDoc::kValues, settings_bow, "bench"},
      {"teds", "tree-edit-distance similarity of the segment (and element) structure", "segments+whitespace",
       "plain-text", ZeroRule::Empty, {"teds", "teds_html", "ted", "nodes_output", "nodes_gold"}, score_teds,
       PerDoc::kSimilarity, settings_teds, "bench"},
  };
  return table;
}

}  // namespace detour::metrics
