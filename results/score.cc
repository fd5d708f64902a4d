// score: see score.h.
#include "results/score.h"

#include <stdexcept>

namespace detour::results {

Score::Score(double value, std::string signature) : value_(value), signature_(std::move(signature)) {
  if (signature_.empty()) throw std::invalid_argument("a score needs the signature of what produced it");
}

Score Score::with_interval(double lo, double hi, std::string_view method) const {
  if (method.empty()) throw std::invalid_argument("a confidence interval needs the signature of its method");
  Score s = *this;
  s.lo_ = lo;
  s.hi_ = hi;
  s.signature_ += "|";
  s.signature_ += method;
  return s;
}

Score Score::scaled(double factor) const {
  Score s = *this;
  s.value_ *= factor;
  if (s.lo_) {
    *s.lo_ *= factor;
    *s.hi_ *= factor;
  }
  return s;
}

}  // namespace detour::results
