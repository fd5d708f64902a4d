// metric: how a system output is scored against a gold reference.
//
// A metric is a pipeline (as in sacrebleu): both texts are prepared (normalised and
// tokenised) once per document pair in a DocPair, which caches each view so that
// several metrics share work; the metric turns a DocPair into per-document counts
// (DocScore); aggregation over documents (micro = sums of counts, macro = mean and
// sd of per-document values) happens later from the stored DocScores, never from
// re-scoring. Every aggregated score carries its Signature.
//
// The metric table is in metrics/registry.cc: a new metric is one file defining its
// score function plus one line there.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/prf.h"
#include "kernels/sequence_matcher.h"
#include "metrics/plain_text.h"

namespace detour::bench_metrics {
class PunktModel;
}

namespace detour::metrics {

// How rougelsum cuts and tokenises (bench_metrics/rouge_lsum.h):
//   kWceb     WCEB's setting: Punkt sentences, whitespace tokens, its blank-gold rule
//             (needs ScoreOptions::punkt, NLTK's English Punkt model);
//   kLinesWs  WCEB's whitespace tokens over newline-separated sentences (no model);
//   kDefault  rouge-score's own default: newline sentences, DefaultTokenizer.
enum class RougeSetting { kWceb, kLinesWs, kDefault };
std::string_view rouge_setting_name(RougeSetting s);
RougeSetting parse_rouge_setting(std::string_view name);  // UsageError on another name

struct ScoreOptions {
  bool autojunk = true;  // difflib's popular-element rule (CleanEval ran with it on)
  // The benchmark metrics (shingle, rougelsum, levenshtein, bow, teds):
  // What they score of each side (plain_text.h): the command line chooses by where the
  // texts come from (plain-text benchmark golds and outputs files: raw; detour's own
  // CleanEval-form outputs: markup), or --text-form for both.
  TextForm text_form_gold = TextForm::kAuto, text_form_system = TextForm::kAuto;
  RougeSetting rouge = RougeSetting::kWceb;
  std::shared_ptr<const bench_metrics::PunktModel> punkt;  // for RougeSetting::kWceb
};

// "text:gold=raw,system=markup", for the signatures of the metrics that use them.
std::string text_forms_signature(const ScoreOptions& opts);

// Loads what the selected metrics need before the first page (the Punkt model of
// rougelsum's WCEB setting: from `punkt_dir`, else $DETOUR_PUNKT, else Debian's copy
// of NLTK's English model, bench_metrics/punkt.h kDebianEnglishModel; a folder in
// punkt_tab layout or a JSON file). Throws ResourceError naming what is missing and
// how to give it.
struct MetricInfo;
void prepare_metrics(const std::vector<const MetricInfo*>& metrics, ScoreOptions& opts,
                     const std::string& punkt_dir = {});

// Token ids of one document pair, interned densely over both sides.
struct TokenPair {
  std::vector<std::int32_t> sys, gold;
  std::int32_t alphabet = 0;
};

// A difflib alignment of a TokenPair. In `tokens`, the system tokens absent from
// the gold share one id (they never match, so matching is unchanged).
struct Alignment {
  TokenPair tokens;
  std::span<const std::string_view> sys_tokens, gold_tokens;  // the sides' PreparedText tokens
  std::vector<Opcode> opcodes;
};

// One side of a document pair (a system output or a gold text) with its
// tokenisations computed once and cached: a gold text scored against several
// systems is tokenised once (harness::score_items keeps it per thread), and its
// interned ids are reused while the thread's token table still holds them. The
// text must outlive the object. Not thread-safe.
class PreparedText {
 public:
  explicit PreparedText(std::string_view text);
  ~PreparedText();
  PreparedText(const PreparedText&) = delete;
  PreparedText& operator=(const PreparedText&) = delete;

  std::string_view text() const { return text_; }
  // CleanEval tokens (normalised as cleaneval.py; views into text() or into a
  // normalised copy kept here).
  const std::vector<std::string_view>& cleaneval_tokens(bool unlabelled);
  // Words of the text-only form.
  const std::vector<std::string_view>& text_only_words();
  // Non-space code points of the text-only form.
  const std::vector<char32_t>& text_only_chars();
  // Where each text-only word's code points start in text_only_chars() (one entry per
  // word of text_only_words(), then the total).
  const std::vector<std::uint32_t>& text_only_word_char_starts();
  // The plain-text view (plain_text.h) under `form` (kAuto resolved on this text).
  const PlainText& plain(TextForm form);

 private:
  friend class DocPair;
  struct Cache;
  // The matcher's b side over this text's ids of token kind `kind` (0, 1:
  // cleaneval labelled, unlabelled; 2: text-only words; 3: text-only chars), built
  // once and kept while the ids stay the same.
  const MatchTarget& match_target(int kind, bool autojunk, std::span<const std::int32_t> ids);
  std::string_view text_;
  std::uint64_t serial_;  // unique per object, for the interner's checkpoints
  std::unique_ptr<Cache> cache_;
};

// One (system, gold) document pair with lazily computed, cached views. Not
// thread-safe: one DocPair per thread.
class DocPair {
 public:
  DocPair(std::string_view system, std::string_view gold, ScoreOptions opts = {});
  // Over prepared sides (which must outlive the pair); `gold` may be shared by
  // the pairs of several systems, one after the other.
  DocPair(PreparedText& system, PreparedText& gold, ScoreOptions opts = {});
  ~DocPair();
  DocPair(const DocPair&) = delete;
  DocPair& operator=(const DocPair&) = delete;

  const ScoreOptions& options() const { return opts_; }
  std::string_view system() const { return sys_->text(); }
  std::string_view gold() const { return gold_->text(); }
  // The plain-text views the benchmark metrics score (options().text_form).
  const PlainText& plain_system() { return sys_->plain(opts_.text_form_system); }
  const PlainText& plain_gold() { return gold_->plain(opts_.text_form_gold); }

  // CleanEval word alignment with markup, labelled or not.
  const Alignment& cleaneval(bool unlabelled);
  // Words of the text-only form (interned over both sides).
  const TokenPair& text_only_words();
  const std::vector<std::string_view>& text_only_sys();
  const std::vector<std::string_view>& text_only_gold();
  // Non-space code points of the text-only form (interned).
  const TokenPair& text_only_chars();
  // difflib alignment of the text-only words / chars.
  const std::vector<Opcode>& text_only_word_opcodes();
  const std::vector<Opcode>& text_only_char_opcodes();

 private:
  struct Cache;
  std::unique_ptr<PreparedText> own_sys_, own_gold_;
  PreparedText* sys_;
  PreparedText* gold_;
  ScoreOptions opts_;
  std::unique_ptr<Cache> cache_;
};

// Per-document result of one metric. tp/fp/fn are in the metric's unit (tokens,
// markers, characters...). `values` holds metric-specific extras (e.g. cosine).
struct DocScore {
  std::int64_t tp = 0, fp = 0, fn = 0;
  std::vector<double> values;  // names in MetricInfo::value_names
};

// Zero rules, PRFValues and prf(): base/prf.h (shared with the statistics).
using ::detour::PRFValues;
using ::detour::ZeroRule;
using ::detour::prf;

// Where a document's precision, recall and F1 come from.
enum class PerDoc {
  kCounts,      // prf(tp, fp, fn, zero_rule): the CleanEval-protocol metrics
  kValues,      // values[0], values[1], values[2] as the original computes them (named
                // page_precision, page_recall, page_f1 or ratio; with its own
                // rules for empty texts); tp/fp/fn are its counts, for micro averages
  kSimilarity,  // one similarity in values[0] (teds): P = R = F1 = it; no counts,
                // micro = macro = the mean; NaN values (not computed) are left out
};

struct MetricInfo {
  std::string_view name;
  std::string_view description;
  std::string_view tokenisation;   // goes into the signature
  std::string_view normalisation;  // goes into the signature
  ZeroRule zero_rule;
  std::vector<std::string_view> value_names;  // names of DocScore::values
  DocScore (*score)(DocPair&);
  PerDoc per_doc = PerDoc::kCounts;
  // The settings that change this metric's values, for its signature ("" if none).
  std::string (*settings)(const ScoreOptions&) = nullptr;
  // "cleaneval": the CleanEval-protocol metrics, selected by `all`; "bench": today's
  // benchmark metrics, selected by `bench` (`everything` selects both).
  std::string_view family = "cleaneval";
};

// A document's precision, recall and F1 under its metric (PerDoc).
PRFValues doc_prf(const MetricInfo& m, const DocScore& d);

const std::vector<MetricInfo>& metric_registry();
// Throws std::invalid_argument naming the metric and the known ones.
const MetricInfo& find_metric(std::string_view name);
// Parses "tm,tag,car" into registry entries, in the given order; "all" is every
// metric of the cleaneval family, "bench" every one of the bench family, "everything"
// both (also as items of a list: "to,bench").
std::vector<const MetricInfo*> parse_metric_list(std::string_view list);

// "metric:tm|tok:...|norm:...|autojunk:yes|avg:micro+macro|zero:cleaneval|version:X".
std::string metric_signature(const MetricInfo& m, const ScoreOptions& opts);
// The run-level signature shared by all metrics of a score call.
std::string run_signature(const std::vector<const MetricInfo*>& metrics, const ScoreOptions& opts);

// Aggregation over documents.
struct Aggregate {
  std::size_t documents = 0;
  std::int64_t tp = 0, fp = 0, fn = 0;
  PRFValues micro;
  PRFValues macro;        // means of per-document values
  double sd_f1 = 0;       // sample sd (n-1) of per-document F1, as cleaneval.py -s
  double sd_precision = 0, sd_recall = 0;
  std::vector<double> value_means;  // means of DocScore::values
};
Aggregate aggregate(const MetricInfo& m, const std::vector<const DocScore*>& docs);

std::string_view version();  // detour's version

// CPU seconds spent so far, summed over threads, in the scoring kernel: interning the
// tokens of a pair and matching them (difflib's SequenceMatcher work), without
// reading and tokenising. For the peer comparison of scripts/bench_score.sh.
// Timing is off until set_kernel_timing(true) (a clock call per pair costs a system
// call on some machines).
double kernel_seconds();
void set_kernel_timing(bool on);

}  // namespace detour::metrics
