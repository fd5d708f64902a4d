// rouge_lsum: ROUGE-LSum (Lin 2004, section 3.2, summary-level LCS) per page exactly
// as Google's rouge-score 0.1.2 computes it (rouge_scorer._summary_level_lcs), and the
// token-level Levenshtein ratio, as the Web Content Extraction Benchmark (WCEB,
// Bevendorff et al., SIGIR 2023) scores extracted main content.
//
// rouge-score's ROUGE-LSum of a target (gold) and a prediction (system output):
//   1. each text is cut into sentences: split("\n") by default, or NLTK's Punkt
//      sentence tokenizer (nltk.sent_tokenize, English model) with
//      split_summaries=True; empty sentences are dropped;
//   2. each sentence is tokenised (DefaultTokenizer, or the tokenizer given);
//   3. m = gold tokens, n = output tokens; if either is 0 the score is 0;
//   4. for each gold sentence r, in order: the union of the positions of r's LCS with
//      each output sentence (the LCS rouge-score's backtracking reads out: see
//      lcs_kernels.h); then each token of r at those positions, in increasing order,
//      is a hit when it still has a count left on both sides (both counts are the
//      token's occurrences in the whole text, decremented per hit);
//   5. P = hits / n, R = hits / m, F = 2PR / (P + R) (0 when P + R = 0).
//
// WCEB (extraction_benchmark/eval.py, rouge_eval) configures
// RougeScorer(['rougeLsum'], use_stemmer=False, split_summaries=True,
// tokenizer=whitespace) and then overrides: a page whose gold is blank
// (gold.strip() == '') gets R = 1, and if its output is blank too, P = F = 1.
// RougeLsumOptions::wceb() is that setting; rouge_score_default() is rouge-score's own
// default (newline split, DefaultTokenizer, no override).
//
// WCEB's levenshtein_eval: Levenshtein.ratio (0.20.9) of the two whitespace token
// lists, the normalised InDel similarity 1 - (a + b - 2 LCS) / (a + b) (1 for two
// empty lists).
//
// How WCEB aggregates the per-page values (eval.py, _agg_model_at_complexity): per
// dataset the mean and the median of P, R, F1 (Levenshtein: of the ratio); "micro" =
// mean and median over all pages of all datasets; "macro" = mean of the dataset means
// and median of the dataset medians; printed to 3 decimals. aggregate.h has these.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "metrics/bench_metrics/lcs_kernels.h"

namespace detour::bench_metrics {

class PunktModel;

enum class SentenceSplit {
  kLines,  // text.split("\n") (rouge-score's default)
  kPunkt,  // nltk.sent_tokenize (split_summaries=True); needs a PunktModel
};

enum class RougeTokenizer {
  kWhitespace,    // WCEB's tokenize_ws
  kRougeDefault,  // rouge-score's DefaultTokenizer, no stemming
};

struct RougeLsumOptions {
  SentenceSplit split = SentenceSplit::kLines;
  RougeTokenizer tokenizer = RougeTokenizer::kRougeDefault;
  const PunktModel* punkt = nullptr;  // required with kPunkt; must outlive the use
  bool wceb_blank_rule = false;       // WCEB's override for blank gold / output

  static RougeLsumOptions rouge_score_default() { return {}; }
  static RougeLsumOptions wceb(const PunktModel& model) {
    return {SentenceSplit::kPunkt, RougeTokenizer::kWhitespace, &model, true};
  }
};

struct RougeLsumScore {
  double precision = 0, recall = 0, f1 = 0;
  std::uint64_t hits = 0;
  std::uint64_t gold_tokens = 0;    // m
  std::uint64_t output_tokens = 0;  // n
};

// Sentences as rouge-score sees them (after the empty-sentence filter): views into
// `text`.
std::vector<std::string_view> rouge_sentences(std::string_view text, const RougeLsumOptions& opts);

// Sentences of token ids: ids[offsets[k] .. offsets[k+1]) is sentence k.
struct SentenceTokens {
  std::vector<TokenId> ids;
  std::vector<std::uint32_t> offsets{0};
  std::size_t size() const { return offsets.size() - 1; }
  std::span<const TokenId> sentence(std::size_t k) const {
    return std::span<const TokenId>(ids).subspan(offsets[k], offsets[k + 1] - offsets[k]);
  }
};

// The kernel: summary-level LCS of gold (reference) and output (candidate)
// sentences, ids in [0, alphabet). Precision, recall and F1 as rouge-score returns
// them (hits and counts filled in even when the score is 0).
RougeLsumScore summary_level_lcs(const SentenceTokens& gold, const SentenceTokens& output, TokenId alphabet);

// ROUGE-LSum of one page. Throws std::invalid_argument for kPunkt without a model.
RougeLsumScore rouge_lsum(std::string_view gold, std::string_view output, const RougeLsumOptions& opts);

// WCEB's token-level Levenshtein ratio of one page (whitespace tokens, no sentences).
double wceb_levenshtein_ratio(std::string_view gold, std::string_view output);
// The same with its counts: ratio = 1 - (a + b - 2 lcs) / (a + b) (1 when a + b = 0).
struct LevenshteinScore {
  std::uint64_t lcs = 0, gold_tokens = 0, output_tokens = 0;
  double ratio = 1;
};
LevenshteinScore wceb_levenshtein(std::string_view gold, std::string_view output);

// What produced a score, e.g.
// "rougelsum|ref=rouge-score-0.1.2|split=punkt(nltk-3.8,model=<digest>)|tok=whitespace|blank=wceb"
// (split=lines, tok=rouge-default, blank=none otherwise).
std::string rouge_lsum_signature(const RougeLsumOptions& opts);
std::string levenshtein_signature();  // "levenshtein|ref=wceb-Levenshtein-0.20.9-ratio|tok=whitespace"

}  // namespace detour::bench_metrics
