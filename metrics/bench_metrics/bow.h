// bow: bag-of-words precision, recall and F1 of an output against its gold, over
// lower-cased \w+ tokens (tokens.h lower_word_tokens: Python's
// re.findall(r'\w+', text.lower())), as newer extraction leaderboards report it.
//
// overlap = sum over token types of min(count in output, count in gold);
// P = overlap / output tokens, R = overlap / gold tokens, F1 = 2PR / (P + R). A ratio
// with a zero denominator is 1 when both texts have no token and 0 otherwise (an
// empty output of a non-empty gold: P = R = F1 = 0). The counts are returned too, so
// that a micro average (sums of counts over pages) can be formed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace detour::bench_metrics {

struct BowScore {
  std::uint64_t overlap = 0, output_tokens = 0, gold_tokens = 0;
  double precision = 0, recall = 0, f1 = 0;
};

BowScore bow_page(std::string_view gold, std::string_view output);

// "bow|tokens=re-w+-of-lower|empty=1-if-both-empty"
std::string bow_signature();

// P, R, F1 from counts (the same conventions), for micro averages.
BowScore bow_from_counts(std::uint64_t overlap, std::uint64_t output_tokens, std::uint64_t gold_tokens);

}  // namespace detour::bench_metrics
