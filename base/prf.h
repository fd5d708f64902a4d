// prf: precision, recall and F1 from counts, with the two rules for zero
// denominators. One definition for the metrics (aggregation) and the statistics
// (resampled counts), so that both compute the same bits.
#pragma once

#include <cstdint>

namespace detour {

enum class ZeroRule {
  CleanEval,  // zero denominators become 1 (P = 0 when nothing was extracted)
  Empty,      // nothing extracted: P = 1; empty gold: R = 1 (both empty: F1 = 1)
};

struct PRFValues {
  double precision = 0, recall = 0, f1 = 0;  // fractions (0..1)
};

// Inline: the randomization test calls it twice per trial.
inline PRFValues prf(std::int64_t tp, std::int64_t fp, std::int64_t fn, ZeroRule rule) {
  PRFValues v;
  if (rule == ZeroRule::CleanEval) {
    double n_text = tp + fp > 0 ? double(tp + fp) : 1.0;
    double n_gold = tp + fn > 0 ? double(tp + fn) : 1.0;
    v.precision = tp / n_text;
    v.recall = tp / n_gold;
  } else {
    v.precision = tp + fp > 0 ? double(tp) / double(tp + fp) : 1.0;
    v.recall = tp + fn > 0 ? double(tp) / double(tp + fn) : 1.0;
  }
  double s = v.precision + v.recall;
  v.f1 = 2 * v.precision * v.recall / (s > 0 ? s : 1.0);
  return v;
}

}  // namespace detour
