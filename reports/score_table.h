// score_table: the `detour score` renderings of a ScoreSet: one row per language and
// `all` with P/R/F1 per metric (aligned text or Markdown), or the long TSV form
// (one line per language and metric, then per document with --per-doc).
#pragma once

#include <string>

#include "results/results.h"

namespace detour::reports {

// Text renderings: "table" (aligned), "tsv", "md".
std::string render_scores(const results::ScoreSet& set, const std::string& format, bool per_doc);

}  // namespace detour::reports
