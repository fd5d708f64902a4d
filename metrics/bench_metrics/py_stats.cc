#include "metrics/bench_metrics/py_stats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace detour::bench_metrics {

namespace {

// A signed fixed-point sum of doubles in units of 2^-1074 (the smallest subnormal),
// two's complement over 64-bit limbs: wide enough for any finite double
// (2^(1024+1074) < 2^2098) times 2^64 terms.
class ExactSum {
 public:
  static constexpr std::size_t kLimbs = 36;

  void add(double x) {
    if (x == 0) return;
    const bool neg = x < 0;
    int exp = 0;
    const double m = std::frexp(std::fabs(x), &exp);  // |x| = m * 2^exp, m in [0.5, 1)
    auto mant = static_cast<std::uint64_t>(std::ldexp(m, 53));
    int e = exp - 53;  // |x| = mant * 2^e
    if (e < -1074) {  // subnormal: the low bits are zeros
      mant >>= (-1074 - e);
      e = -1074;
    }
    const auto shift = static_cast<std::size_t>(e + 1074);
    const std::size_t limb = shift / 64, bit = shift % 64;
    const std::uint64_t lo = mant << bit;
    const std::uint64_t hi = bit ? mant >> (64 - bit) : 0;
    // Add (or subtract) lo at `limb` and hi at `limb + 1`, then carry (borrow) on
    // only as far as it goes.
    auto add_to = [](std::uint64_t& w, std::uint64_t x) {
      const std::uint64_t r = w + x;
      const bool carry = r < w;
      w = r;
      return carry;
    };
    auto sub_from = [](std::uint64_t& w, std::uint64_t x) {
      const bool borrow = w < x;
      w -= x;
      return borrow;
    };
    auto op = neg ? +sub_from : +add_to;
    bool c = op(v_[limb], lo);
    std::size_t k = limb + 1;
    if (k < kLimbs) {
      const bool c1 = op(v_[k], hi);
      const bool c2 = op(v_[k], c ? 1 : 0);
      c = c1 || c2;
      for (++k; c && k < kLimbs; ++k) c = op(v_[k], 1);
    }
  }

  // Correctly rounded (half to even) value of sum / n.
  double divided_by(std::uint64_t n) const {
    std::array<std::uint64_t, kLimbs> mag = v_;
    const bool neg = (mag[kLimbs - 1] >> 63) != 0;
    if (neg) negate(mag);
    // Long division by n, from the highest non-zero limb. Only the leading 53 bits
    // of the quotient, the next one and whether anything below is non-zero matter:
    // four quotient limbs hold them (the leading bit is in the first two), so below
    // those the division stops and the rest of the dividend only feeds the sticky
    // bit (a non-zero remainder or a non-zero lower limb).
    std::array<std::uint64_t, kLimbs> q{};
    std::size_t top = kLimbs;
    while (top > 0 && mag[top - 1] == 0) --top;
    if (top == 0) return 0.0;
    --top;
    const std::size_t stop = top >= 3 ? top - 3 : 0;
    unsigned __int128 rem = 0;
    for (std::size_t k = top + 1; k-- > stop;) {
      const unsigned __int128 cur = (rem << 64) | mag[k];
      q[k] = static_cast<std::uint64_t>(cur / n);
      rem = cur % n;
    }
    bool lower = false;
    for (std::size_t k = 0; k < stop && !lower; ++k) lower = mag[k] != 0;
    // r stands for the remainder: exact when the division ran to the end, else any
    // non-zero value when something below is non-zero (only r != 0 is used then).
    const auto r = static_cast<std::uint64_t>(rem) | static_cast<std::uint64_t>(lower);
    // Bit length of q.
    std::size_t len = 0;
    for (std::size_t k = kLimbs; k-- > 0;) {
      if (q[k]) {
        len = k * 64 + (64 - static_cast<std::size_t>(__builtin_clzll(q[k])));
        break;
      }
    }
    auto bit_at = [&](std::size_t i) { return (q[i / 64] >> (i % 64)) & 1; };
    double out;
    if (len <= 53) {
      std::uint64_t mant = q[0];
      // Round the fraction r / n to the unit 2^-1074.
      const unsigned __int128 twice = static_cast<unsigned __int128>(r) * 2;
      if (twice > n || (twice == n && (mant & 1))) ++mant;
      out = std::ldexp(static_cast<double>(mant), -1074);
    } else {
      const std::size_t shift = len - 53;
      std::uint64_t mant = 0;
      for (std::size_t i = 0; i < 53; ++i) mant |= static_cast<std::uint64_t>(bit_at(shift + i)) << i;
      // The discarded part: bit shift-1 is the half, the rest and r are sticky.
      const bool half = bit_at(shift - 1) != 0;
      const std::size_t below = shift - 1;  // bits [0, below) are sticky
      bool sticky = r != 0;
      for (std::size_t k = 0; k < below / 64 && !sticky; ++k) sticky = q[k] != 0;
      if (!sticky && below % 64) sticky = (q[below / 64] & ((std::uint64_t{1} << (below % 64)) - 1)) != 0;
      if (half && (sticky || (mant & 1))) ++mant;
      out = std::ldexp(static_cast<double>(mant), static_cast<int>(shift) - 1074);
    }
    return neg ? -out : out;
  }

 private:
  static void negate(std::array<std::uint64_t, kLimbs>& a) {
    unsigned long long carry = 1;
    for (auto& w : a) {
      unsigned long long s;
      carry = __builtin_uaddll_overflow(~w, carry, &s);
      w = s;
    }
  }

  std::array<std::uint64_t, kLimbs> v_{};
};

}  // namespace

double python_mean(std::span<const double> values) {
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  ExactSum s;
  for (double x : values) {
    if (!std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
    s.add(x);
  }
  return s.divided_by(values.size());
}

double python_stdev(std::span<const double> values) {
  if (values.size() < 2) return std::numeric_limits<double>::quiet_NaN();
  const long double mean = python_mean(values);
  long double ss = 0;
  for (double x : values) {
    const long double d = static_cast<long double>(x) - mean;
    ss += d * d;
  }
  return static_cast<double>(std::sqrt(ss / static_cast<long double>(values.size() - 1)));
}

PyRandom::PyRandom(std::uint64_t seed) {
  // init_genrand(19650218) then init_by_array(key), key = the seed's 32-bit words.
  std::vector<std::uint32_t> key;
  if (seed == 0) {
    key.push_back(0);
  } else {
    for (std::uint64_t s = seed; s; s >>= 32) key.push_back(static_cast<std::uint32_t>(s));
  }
  mt_[0] = 19650218U;
  for (int i = 1; i < kN; ++i) {
    mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
  }
  int i = 1;
  std::size_t j = 0;
  for (std::size_t k = std::max<std::size_t>(kN, key.size()); k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<std::uint32_t>(j);
    ++i;
    ++j;
    if (i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
    if (j >= key.size()) j = 0;
  }
  for (int k = kN - 1; k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - static_cast<std::uint32_t>(i);
    ++i;
    if (i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
  }
  mt_[0] = 0x80000000U;
  index_ = kN;
}

std::uint32_t PyRandom::next_u32() {
  constexpr std::uint32_t kUpper = 0x80000000U, kLower = 0x7fffffffU, kMatrixA = 0x9908b0dfU;
  if (index_ >= kN) {
    int k = 0;
    for (; k < kN - 397; ++k) {
      const std::uint32_t y = (mt_[k] & kUpper) | (mt_[k + 1] & kLower);
      mt_[k] = mt_[k + 397] ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
    }
    for (; k < kN - 1; ++k) {
      const std::uint32_t y = (mt_[k] & kUpper) | (mt_[k + 1] & kLower);
      mt_[k] = mt_[k + (397 - kN)] ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
    }
    const std::uint32_t y = (mt_[kN - 1] & kUpper) | (mt_[0] & kLower);
    mt_[kN - 1] = mt_[396] ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
    index_ = 0;
  }
  std::uint32_t y = mt_[index_++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= (y >> 18);
  return y;
}

std::uint32_t PyRandom::getrandbits(int k) { return next_u32() >> (32 - k); }

std::int64_t PyRandom::randint(std::int64_t a, std::int64_t b) {
  const auto n = static_cast<std::uint64_t>(b - a + 1);
  const int k = 64 - __builtin_clzll(n);  // n.bit_length()
  std::uint64_t r = getrandbits(k);
  while (r >= n) r = getrandbits(k);
  return a + static_cast<std::int64_t>(r);
}

}  // namespace detour::bench_metrics
