#include "reference/lcs_reference.h"

#include <algorithm>
#include <vector>

namespace detour::metrics {

std::size_t lcs_length_reference(std::span<const std::int32_t> a,
                                 std::span<const std::int32_t> b) {
  std::vector<std::size_t> prev(b.size() + 1, 0), cur(b.size() + 1, 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = 0;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace detour::metrics
