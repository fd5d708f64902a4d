// judge: verdicts on scores from the per-document records -- a confidence interval
// for every table cell, paired comparisons between systems, Holm's correction --
// through the resampling engine of stats/, never by rescoring.
//
// A cell is (system, language key, metric): the system's scored documents of that
// language ("all": all of them) under the metric. Documents are identified by
// (language, id). Pairing rule (stats::pairing_rule()): a comparison of systems a and
// b takes the documents scored for both, in a's order; a failed page was scored as an
// empty output and stays in, a page excluded for either system is dropped from the
// pair (and counted in ComparisonResult::dropped).
//
// Cells of one language whose systems scored the same documents share one resampling
// batch (stats::Batch): each resample and each randomization trial is drawn once for
// all of them. A comparison between systems whose documents differ gets its own batch
// over the shared documents. Results depend only on the counts and the options, never
// on the thread count or on which other cells were judged alongside.
//
// Only metrics whose per-document precision and recall come from counts
// (metrics::PerDoc::kCounts) are judged; others get no interval and no comparison
// (judgeable() says which).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "reports/tables.h"
#include "results/provenance.h"
#include "stats/stats.h"

namespace detour::reports {

struct JudgeOptions {
  stats::BootstrapOptions bootstrap;          // resamples, seed, alpha (CI level)
  stats::RandomizationOptions randomization;  // trials, seed
  double alpha = 0.05;                        // significance level (ties, gates)
  unsigned threads = 0;                       // 0 = oneTBB's default; results do not depend on it
  static JudgeOptions from(const results::JudgmentSettings& s, unsigned threads = 0);
};

// Whether the statistics can judge metric m.
bool judgeable(const metrics::MetricInfo& m);

// One paired comparison asked for: a - b on the documents of `lang` under `metric`.
struct Comparison {
  std::size_t a = 0, b = 0;  // indices into the systems
  std::string lang;
  const metrics::MetricInfo* metric = nullptr;
  stats::Statistic statistic = stats::Statistic::MicroF1;
  std::size_t family = 0;  // Holm's correction is applied within each family
};

struct ComparisonResult {
  stats::PairedResult paired;  // documents, a, b, delta, CI, p-values, signatures
  std::size_t dropped = 0;     // documents of either system left out by the pairing rule
  double p_holm = 1;           // Holm-adjusted within its family (Comparison::family)
  bool judged = false;         // false: not judgeable, or no shared document
  // The p-value the verdict uses: randomization when run, else the paired bootstrap's.
  double p() const;
};

struct JudgeRequest {
  bool intervals = false;  // every cell of the systems in the languages
  std::vector<Comparison> comparisons;
};

class Verdicts {
 public:
  // The cell's intervals, or nullptr (not asked for, not judgeable, no document).
  const stats::CellResult* interval(std::size_t system, const std::string& lang,
                                    const metrics::MetricInfo* metric) const;
  std::vector<ComparisonResult> comparisons;  // in request order
  // "holm:m=K" (K judged comparisons) with one family; with several,
  // "holm:families=F|m:max=K" (K the largest family).
  std::string holm_signature;
  std::size_t largest_family = 0;
  JudgeOptions options;

 private:
  friend Verdicts judge(const std::vector<SystemScores>&, const std::vector<std::string>&, const JudgeRequest&,
                        const JudgeOptions&);
  std::map<std::tuple<std::size_t, std::string, const metrics::MetricInfo*>, stats::CellResult> cells_;
};

// Judges what `request` asks over the systems and language keys.
//
// Resolution: a randomization p-value is at least 1/(trials + 1) (a bootstrap one
// 1/(resamples + 1)), so after Holm over m comparisons no adjusted p is below
// m/(trials + 1); resolution_note() says so when that bound reaches alpha.
Verdicts judge(const std::vector<SystemScores>& systems, const std::vector<std::string>& langs,
               const JudgeRequest& request, const JudgeOptions& options);

// A caution when the smallest reachable p-value (1 / (trials + 1)) is not below alpha
// (then no two systems can differ); with `holm_shown` (a table that prints Holm-adjusted
// p-values), also when the smallest reachable adjusted one (largest family / (trials +
// 1)) is not; else "".
std::string resolution_note(const Verdicts& v, bool holm_shown = false);

// Stores the verdicts' intervals into the systems' ScoreSets (ScoreSet::intervals:
// results.json writes them, the tables show them). `sets[i]` is the set of the
// systems[i] judged, writable.
void store_intervals(const Verdicts& verdicts, const std::vector<results::ScoreSet*>& sets,
                     const std::vector<std::string>& langs);

// Computes the confidence intervals of every cell of the sets (every language key of
// results::language_keys, every judgeable metric) and stores them (store_intervals).
void add_intervals(const std::vector<results::ScoreSet*>& sets, const JudgeOptions& options);

// ---- One rule for every verdict --------------------------------------------------
// Every verdict detour gives on two systems -- the systems tied with the best in
// Table 4 (table4.* and the HTML report), the verdict column of `detour compare`, a
// significant drop in the gate (--significant --baseline-run) -- follows one rule
// (docs/judgments.md): two systems differ on a cell (language, metric) when the
// two-sided paired approximate randomization test of their micro F1, on the documents
// both scored, gives p < alpha (with --trials 0, the paired bootstrap's p-value);
// otherwise they are tied. The answer depends on the two systems' per-document counts
// and on the settings (trials, seed, alpha) only, never on which other comparisons are
// made alongside, so that a pair gets the same answer wherever it is asked: no
// multiple-comparison correction enters it (`compare` prints Holm-adjusted p-values
// beside it for a family-wise reading).

// Whether a judged comparison says the two systems differ (false when not judged).
bool differ(const ComparisonResult& c, double alpha);
// The rule in one sentence, for the notes of the tables that apply it.
std::string verdict_rule(const JudgeOptions& options);
// "ar:10000|seed:12345|p:add-one-two-sided|rng:xoshiro256ss|alpha:0.05|per-pair"
// (the bootstrap's paired signature instead when trials = 0).
std::string verdict_signature(const JudgeOptions& options);

// The best system of a cell (language, metric) and the systems tied with it.
struct BestCell {
  std::string lang;
  const metrics::MetricInfo* metric = nullptr;
  // The systems that are not baselines and scored a document of the cell, by micro F1
  // (aggregate_metric), highest first; equal F1 keep the systems' order. ranked[0] is
  // the best.
  std::vector<std::pair<std::size_t, double>> ranked;
  // comparisons[r - 1]: best - ranked[r] (not judged: the metric is not judgeable, or
  // the two share no document).
  std::vector<ComparisonResult> comparisons;
  // The systems tied with the best (not differ()), highest F1 first.
  std::vector<std::size_t> tied;
  bool has_best() const { return !ranked.empty(); }
  std::size_t best() const { return ranked.at(0).first; }
  bool is_best(std::size_t system) const { return has_best() && best() == system; }
  bool is_tied(std::size_t system) const;
};

struct BestTable {
  std::vector<std::string> langs;
  std::vector<const metrics::MetricInfo*> metrics;
  std::vector<BestCell> cells;  // cells[l * metrics.size() + m]
  std::size_t judged = 0;       // judged comparisons
  Verdicts verdicts;            // the comparisons as judged (for resolution_note)
  // The cell of a language key and metric, or nullptr.
  const BestCell* find(const std::string& lang, const metrics::MetricInfo* metric) const;
};

// The best system and the systems tied with it of every (language key, metric) cell
// of the systems: what Table 4 prints and the HTML report marks. Baselines
// (SystemScores::baseline) are never ranked.
BestTable best_and_ties(const std::vector<SystemScores>& systems, const std::vector<std::string>& langs,
                        const std::vector<const metrics::MetricInfo*>& metrics, const JudgeOptions& options);

// The counts of a system's documents of `lang` under metric index mi, with their keys.
struct CellDocs {
  std::vector<std::pair<std::string, std::string>> keys;  // (lang, id)
  std::vector<stats::Counts> counts;
};
CellDocs cell_docs(const results::ScoreSet& set, const std::string& lang, std::size_t mi);

}  // namespace detour::reports
