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

// A caution when the smallest reachable adjusted p-value (largest family / (trials +
// 1)) is not below alpha, else "".
std::string resolution_note(const Verdicts& v);

// Stores the verdicts' intervals into the systems' ScoreSets (ScoreSet::intervals:
// results.json writes them, the tables show them). `sets[i]` is the set of the
// systems[i] judged, writable.
void store_intervals(const Verdicts& verdicts, const std::vector<results::ScoreSet*>& sets,
                     const std::vector<std::string>& langs);

// Computes the confidence intervals of every cell of the sets (every language key of
// results::language_keys, every judgeable metric) and stores them (store_intervals).
void add_intervals(const std::vector<results::ScoreSet*>& sets, const JudgeOptions& options);

// The counts of a system's documents of `lang` under metric index mi, with their keys.
struct CellDocs {
  std::vector<std::pair<std::string, std::string>> keys;  // (lang, id)
  std::vector<stats::Counts> counts;
};
CellDocs cell_docs(const results::ScoreSet& set, const std::string& lang, std::size_t mi);

}  // namespace detour::reports
