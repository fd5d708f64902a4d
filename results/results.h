// results: the results model. Per-document records are the truth: every document of
// a scoring keeps its per-metric counts (DocResult); per-language and `all`
// aggregates, JSON and tables are computed from them, never by rescoring.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/metric.h"

namespace detour::results {

struct DocResult {
  std::string lang, id;
  std::vector<metrics::DocScore> scores;  // one per metric, in ScoreSet::metrics order
};

struct ScoreSet {
  std::vector<const metrics::MetricInfo*> metrics;
  metrics::ScoreOptions options;
  std::vector<DocResult> docs;           // in input order
  std::vector<std::string> notes;        // what was skipped or counted empty, and why
  bool has_languages = false;
};

// Aggregates of one metric over a set of documents.
metrics::Aggregate aggregate_metric(const ScoreSet& set, std::size_t metric_index,
                                    const std::string& lang /* "all" for every document */);

// The `detour score` JSON shape:
// {"signature", "languages": {"<lang>|all": {"documents", "<metric>": {...}}}, "notes"}
// plus "documents": [...] when per_doc.
nlohmann::json to_json(const ScoreSet& set, bool per_doc);

// Languages present, sorted, followed by "all".
std::vector<std::string> language_keys(const ScoreSet& set);

}  // namespace detour::results
