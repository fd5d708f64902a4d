#include "metrics/bench_metrics/bow.h"

#include <string>
#include <unordered_map>
#include <vector>

#include "metrics/bench_metrics/tokens.h"

namespace detour::bench_metrics {

BowScore bow_from_counts(std::uint64_t overlap, std::uint64_t output_tokens, std::uint64_t gold_tokens) {
  BowScore s;
  s.overlap = overlap;
  s.output_tokens = output_tokens;
  s.gold_tokens = gold_tokens;
  const bool both_empty = output_tokens == 0 && gold_tokens == 0;
  s.precision = output_tokens ? static_cast<double>(overlap) / static_cast<double>(output_tokens) : (both_empty ? 1.0 : 0.0);
  s.recall = gold_tokens ? static_cast<double>(overlap) / static_cast<double>(gold_tokens) : (both_empty ? 1.0 : 0.0);
  s.f1 = s.precision + s.recall > 0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0.0;
  return s;
}

std::string bow_signature() { return "bow|tokens=re-w+-of-lower|empty=1-if-both-empty"; }

BowScore bow_page(std::string_view gold, std::string_view output) {
  const std::vector<std::string> g = lower_word_tokens(gold);
  const std::vector<std::string> o = lower_word_tokens(output);
  std::unordered_map<std::string_view, std::uint64_t> gold_counts;
  for (const auto& t : g) ++gold_counts[t];
  std::uint64_t overlap = 0;
  for (const auto& t : o) {
    auto it = gold_counts.find(t);
    if (it != gold_counts.end() && it->second > 0) {
      --it->second;
      ++overlap;
    }
  }
  return bow_from_counts(overlap, o.size(), g.size());
}

}  // namespace detour::bench_metrics
