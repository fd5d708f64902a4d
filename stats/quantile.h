// quantile: the percentile-interval endpoints of the statistics module (linear
// interpolation between order statistics, Hyndman & Fan's type 7, as NumPy), shared by
// the bootstrap intervals of stats.h and kendall.h.
#pragma once

#include <utility>
#include <vector>

namespace detour::stats {

// The q_lo- and q_hi-quantiles (q_lo <= q_hi) of v (not empty); reorders v.
std::pair<double, double> percentile_interval(std::vector<double>& v, double q_lo, double q_hi);

}  // namespace detour::stats
