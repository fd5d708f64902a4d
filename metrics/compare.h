// compare: quick pairwise comparisons of two texts, for fidelity checks (our
// extractor's output against a reference tool's output) and tests.
#pragma once

#include <string_view>

namespace detour::metrics {

struct PRF {
  double precision = 0, recall = 0, f1 = 0;
  long tp = 0, fp = 0, fn = 0;
};

// Text-only word-level P/R/F1 of `system` against `reference` (the `to` metric:
// every <...> tag replaced by a space, CleanEval normalisation, whitespace tokens,
// difflib alignment with autojunk on). Both empty: P = R = F1 = 1.
PRF text_only_prf(std::string_view system, std::string_view reference, bool autojunk = true);

}  // namespace detour::metrics
