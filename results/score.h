// score: a reported number together with the signature of everything that produced
// it (metric, tokenisation, settings, corpus or gold fingerprint, missing-output
// policy, version and, once it has a confidence interval, the resampling method,
// resamples and seed). A Score cannot exist without its signature, and report
// writers (reports/table.h) take Scores, never bare doubles.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace detour::results {

class Score {
 public:
  // Throws std::invalid_argument when `signature` is empty.
  Score(double value, std::string signature);

  double value() const { return value_; }
  const std::string& signature() const { return signature_; }

  bool has_interval() const { return lo_.has_value(); }
  // The interval's endpoints; only when has_interval().
  double lo() const { return *lo_; }
  double hi() const { return *hi_; }

  // This score with the confidence interval [lo, hi]; `method` names how it was
  // computed ("bs:1000|seed:12345|ci:percentile-95|rng:xoshiro256ss", stats/stats.h)
  // and is appended to the signature after a '|'. Throws std::invalid_argument when
  // `method` is empty.
  Score with_interval(double lo, double hi, std::string_view method) const;
  // The same score in another unit (value and interval multiplied by `factor`, e.g.
  // 100 for percentages); the signature is unchanged.
  Score scaled(double factor) const;

 private:
  double value_;
  std::string signature_;
  std::optional<double> lo_, hi_;
};

// What differs between two signatures ("NAME|key:value|..."), part by part: the parts
// of `a` in their order, then those only `b` has, each "key: A vs B" ("(none)" for a
// part one side lacks; a leading part without ':' is the "name", a later one its own
// key with "present" as value); parts
// joined by "; ". "" when the signatures are equal. For messages that must say which
// setting changed rather than print two long signatures.
std::string signature_difference(std::string_view a, std::string_view b);

}  // namespace detour::results
