// score_table: the `detour score` tables of one or more ScoreSets.
//  - wide (aligned text, Markdown, LaTeX, JSON): per system, one row per language and
//    `all` with the document count and P/R/F1 (micro) per metric, the metric
//    signatures below; titled with the system's name when there are several;
//  - long (TSV): one line per system, language and metric with counts, micro and
//    macro P/R/F1, the sd of per-document F1 and the signature (trec_eval's shape);
//    a leading `system` column when there are several systems.
// With per_doc, a second table gives one row per document and metric (tp, fp, fn,
// P, R, F1).
#pragma once

#include <string>
#include <vector>

#include "reports/table.h"
#include "reports/tables.h"
#include "results/results.h"

namespace detour::reports {

enum class ScoreLayout { Wide, Long };

Document score_document(const std::vector<SystemScores>& systems, ScoreLayout layout, bool per_doc);

// The layout `detour score --format F` uses: Long for "tsv", Wide otherwise.
ScoreLayout score_layout(std::string_view format);

}  // namespace detour::reports
