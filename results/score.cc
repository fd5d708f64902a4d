// score: see score.h.
#include "results/score.h"

#include <stdexcept>
#include <utility>
#include <vector>

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

namespace {

// "key:value" -> (key, value); a part without ':' -> (part, "present").
std::vector<std::pair<std::string, std::string>> signature_parts(std::string_view sig) {
  std::vector<std::pair<std::string, std::string>> parts;
  std::size_t start = 0;
  while (start <= sig.size()) {
    std::size_t bar = sig.find('|', start);
    if (bar == std::string_view::npos) bar = sig.size();
    const std::string_view part = sig.substr(start, bar - start);
    if (!part.empty()) {
      const std::size_t colon = part.find(':');
      if (colon == std::string_view::npos)  // a leading bare part is the name ("BP|v:2|...")
        parts.emplace_back(parts.empty() && start == 0 ? std::string("name") : std::string(part),
                           parts.empty() && start == 0 ? std::string(part) : std::string("present"));
      else parts.emplace_back(std::string(part.substr(0, colon)), std::string(part.substr(colon + 1)));
    }
    start = bar + 1;
  }
  return parts;
}

}  // namespace

std::string signature_difference(std::string_view a, std::string_view b) {
  if (a == b) return {};
  const auto pa = signature_parts(a), pb = signature_parts(b);
  auto find = [](const auto& parts, const std::string& key) -> const std::string* {
    for (const auto& [k, v] : parts)
      if (k == key) return &v;
    return nullptr;
  };
  std::string out;
  auto add = [&](const std::string& key, const std::string* va, const std::string* vb) {
    out += (out.empty() ? "" : "; ") + key + ": " + (va ? *va : "(none)") + " vs " + (vb ? *vb : "(none)");
  };
  for (const auto& [k, v] : pa) {
    const std::string* other = find(pb, k);
    if (!other || *other != v) add(k, &v, other);
  }
  for (const auto& [k, v] : pb)
    if (!find(pa, k)) add(k, nullptr, &v);
  // Same parts in another order: say so rather than nothing.
  return out.empty() ? "the same parts in another order" : out;
}

}  // namespace detour::results
