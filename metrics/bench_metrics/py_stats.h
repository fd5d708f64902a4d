// py_stats: the pieces of Python's standard library that benchmark scorers use to
// aggregate, reproduced so that aggregates match theirs to the last bit (means,
// seeded resampling) or to rounding (standard deviations).
//
//   - python_mean: statistics.mean of floats. CPython sums the values exactly (as
//     fractions) and rounds the exact quotient once (round half to even); here the
//     sum is an exact fixed-point integer (2^-1074 units, 64-bit limbs) and the
//     quotient is rounded the same way, so the result is the same double.
//   - python_stdev: statistics.stdev (sample standard deviation, n - 1). CPython
//     rounds the square root of the exact variance once; here the mean is exact and
//     the squared deviations are summed in long double, within a few ulps of it.
//   - PyRandom: Python's `random` module generator (MT19937, Matsumoto & Nishimura
//     1998) with CPython's seeding of an integer (init_by_array over the seed's
//     32-bit words, least significant first) and its randint (rejection sampling on
//     getrandbits(bit_length(n)), the top bits of one 32-bit output): after
//     random.seed(s), Python's random.randint(a, b) sequence and PyRandom(s)'s are
//     the same.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace detour::bench_metrics {

// NaN for an empty span (Python raises StatisticsError).
double python_mean(std::span<const double> values);
// NaN for fewer than two values.
double python_stdev(std::span<const double> values);

class PyRandom {
 public:
  explicit PyRandom(std::uint64_t seed);
  std::uint32_t next_u32();
  // getrandbits(k), 1 <= k <= 32.
  std::uint32_t getrandbits(int k);
  // randint(a, b), b - a < 2^32 - 1.
  std::int64_t randint(std::int64_t a, std::int64_t b);

 private:
  static constexpr int kN = 624;
  std::array<std::uint32_t, kN> mt_{};
  int index_ = kN;
};

}  // namespace detour::bench_metrics
