// results: the results model. Per-document records are the truth: every document of
// a scoring keeps its per-metric counts (DocResult); per-language and `all`
// aggregates, JSON and tables are computed from them, never by rescoring.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/shared_string.h"
#include "metrics/metric.h"

namespace detour {
// A SharedString in JSON is its text.
inline void to_json(nlohmann::json& j, const SharedString& s) { j = s.str(); }
inline void from_json(const nlohmann::json& j, SharedString& s) { s = j.get<std::string>(); }
}  // namespace detour

namespace detour::results {

struct DocResult {
  // Shared by the copies (base/shared_string.h): a run's systems name each page alike.
  SharedString lang, id;
  std::vector<metrics::DocScore> scores;  // one per metric, in ScoreSet::metrics order
  std::uint64_t gold_hash = 0;            // FNV-1a of the gold bytes scored against
  std::string dataset;                    // sub-dataset of a multi-dataset corpus (WCEB), else ""
};

// The confidence intervals of one (language, metric) cell, as results.json writes
// them: percentages; micro P, R, F1 then macro P, R, F1 (stats::Statistic order).
struct CellIntervals {
  std::string method;  // "bs:1000|seed:12345|ci:percentile-95|rng:xoshiro256ss"
  std::array<std::pair<double, double>, 6> bounds{};  // (lo, hi)
};

struct ScoreSet {
  std::vector<const metrics::MetricInfo*> metrics;
  metrics::ScoreOptions options;
  std::vector<DocResult> docs;           // in input order
  std::vector<std::string> notes;        // what was skipped or counted empty, and why
  bool has_languages = false;
  // What the scores were computed on, appended to every signature:
  // "|corpus:<fingerprint>|missing:<policy>" (a run: pages and gold) or
  // "|gold:<fingerprint>|missing:<policy>" (`detour score`: the gold texts scored).
  std::string context;
  // The signatures as written by the run that produced the set (read back from a run
  // folder, results/run_records.h): when set, set_signature() and metric_signature()
  // return them instead of recomputing, so that records read by another version of
  // detour keep the signatures they were scored with.
  std::string written_signature;
  std::vector<std::string> written_metric_signatures;  // one per metric, or empty
  // Confidence intervals (reports/judge.h), when asked for: (language key, metric
  // index) -> intervals. Written by to_json as each metric's "intervals".
  std::map<std::pair<std::string, std::size_t>, CellIntervals> intervals;
};

// "|<kind>:<fp>|missing:<policy>", the context part of a signature.
std::string signature_context(const std::string& kind, const std::string& fingerprint,
                              const std::string& missing_policy);
// The signature of the whole set / of its metric `mi`, context included.
std::string set_signature(const ScoreSet& set);
std::string metric_signature(const ScoreSet& set, std::size_t mi);
// A fingerprint of the gold texts the sets were scored against: FNV-1a over each
// distinct (lang, id) in order with its DocResult::gold_hash (16 hex digits).
std::string gold_fingerprint(const std::vector<const ScoreSet*>& sets);

// Aggregates of one metric over a set of documents.
metrics::Aggregate aggregate_metric(const ScoreSet& set, std::size_t metric_index,
                                    const std::string& lang /* "all" for every document */);

// The `detour score` JSON shape:
// {"signature", "languages": {"<lang>|all": {"documents", "<metric>": {...}}}, "notes"}
// plus "documents": [...] when per_doc.
nlohmann::json to_json(const ScoreSet& set, bool per_doc);

// A cell's intervals as results.json writes them ({"method", "precision": [lo, hi],
// "recall", "f1", "macro": {...}}), and back (throws nlohmann::json errors).
nlohmann::json intervals_json(const CellIntervals& c);
CellIntervals intervals_from_json(const nlohmann::json& j);

// The position of metric `m` (or of the metric named `name`) in set.metrics, or -1.
int metric_index(const ScoreSet& set, const metrics::MetricInfo* m);
int metric_index(const ScoreSet& set, std::string_view name);

// Languages present, sorted, followed by "all".
std::vector<std::string> language_keys(const ScoreSet& set);

}  // namespace detour::results
