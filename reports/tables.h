// tables: the tables of Lejeune, Brixtel & Lecluze (TALN 2015) from per-system scores.
//  - Table 2: per language and `all`, one row per system, columns TO, CAR, TM x P, R, F1.
//  - Table 4: per language, the best system for each measure (by F1).
// Rendered as TSV, Markdown or LaTeX. Values are micro-averaged percentages.
#pragma once

#include <string>
#include <vector>

#include "metrics/metric.h"

namespace detour::reports {

struct SystemScores {
  std::string system;
  // language ("all" included) -> metric name -> aggregate
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, metrics::Aggregate>>>> by_lang;
};

enum class TableFormat { Tsv, Markdown, Latex };

std::string table2(const std::vector<SystemScores>& systems, const std::vector<std::string>& metric_names,
                   TableFormat format, const std::string& signature_note);
std::string table4(const std::vector<SystemScores>& systems, const std::vector<std::string>& metric_names,
                   TableFormat format, const std::string& signature_note);

}  // namespace detour::reports
