// aggregate_table: score tables under a named aggregation other than detour's
// default (metrics/aggregation.h): `f1-of-means` (the Scrapinghub benchmark's table:
// F1 ± std, precision ± std, recall ± std, accuracy ± std, 3 decimals, as
// evaluate.py prints it) and `mean-median` (WCEB's: mean and median P, R, F1 per
// dataset, micro and macro). One table for several systems, from their ScoreSets.
// Formats: every writer of the table model (reports/table.h), and json in the shape
// of `detour score --format json`.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "metrics/aggregation.h"
#include "results/results.h"

namespace detour::reports {

// The groups of a set: its datasets when it has any, else its languages when it has
// them, else one group "all"; each with its documents' scores of metric `mi`.
std::vector<std::pair<std::string, std::vector<const metrics::DocScore*>>> score_groups(const results::ScoreSet& set,
                                                                                       std::size_t mi);

std::string render_named_aggregate(const std::vector<std::pair<std::string, const results::ScoreSet*>>& systems,
                                   const std::string& aggregation, const metrics::AggregationOptions& opts,
                                   const std::string& format);

}  // namespace detour::reports
