// rng: the random numbers of the statistics module, defined here so that a
// confidence interval or a p-value is the same on every platform and standard library
// (std::uniform_int_distribution and std::mt19937's seeding helpers are not specified
// bit for bit across libraries, so they are not used).
//
// Generator: xoshiro256** (Blackman & Vigna, "Scrambled linear pseudorandom number
// generators", 2018/2021), 256 bits of state, seeded through SplitMix64 (Steele, Lea &
// Flood, "Fast splittable pseudorandom number generators", 2014), as its authors
// recommend. Every consumer draws from its own stream, keyed by (seed, purpose,
// index): stream(seed, Purpose::Bootstrap, b) makes bootstrap resample b,
// stream(seed, Purpose::Randomization, t) makes randomization trial t. A stream's
// state is four consecutive SplitMix64 outputs from the starting value
// mix64(seed) ^ mix64(purpose << 56 | index), where mix64 is SplitMix64's output
// function (a bijection of 64-bit words). So resample b is the same whatever else is
// computed, in whatever order, on however many threads.
//
// Integers below a bound n come from Lemire's multiply-and-reject method ("Fast
// random integer generation in an interval", ACM TOMACS 2019): unbiased, and exactly
// defined in terms of the 64-bit outputs.
#pragma once

#include <cstdint>

namespace detour::stats {

// SplitMix64's output function: a bijective mix of a 64-bit word.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// SplitMix64: a Weyl sequence (step 0x9E3779B97F4A7C15) passed through mix64.
class SplitMix64 {
 public:
  constexpr explicit SplitMix64(std::uint64_t state) : x_(state) {}
  constexpr std::uint64_t next() {
    x_ += 0x9E3779B97F4A7C15ULL;
    return mix64(x_);
  }

 private:
  std::uint64_t x_;
};

enum class Purpose : std::uint64_t { Bootstrap = 1, Randomization = 2 };

class Rng {
 public:
  // The generator whose 256-bit state is four outputs of SplitMix64(seed_word).
  constexpr explicit Rng(std::uint64_t seed_word) {
    SplitMix64 sm(seed_word);
    for (auto& w : s_) w = sm.next();
  }
  // The stream of (seed, purpose, index); index < 2^56.
  static constexpr Rng stream(std::uint64_t seed, Purpose purpose, std::uint64_t index) {
    return Rng(mix64(seed) ^ mix64((static_cast<std::uint64_t>(purpose) << 56) | index));
  }

  // xoshiro256**.
  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n), n >= 1 (Lemire: the high word of x * n, rejecting the
  // low words below 2^64 mod n).
  std::uint64_t below(std::uint64_t n) {
    unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
    std::uint64_t low = static_cast<std::uint64_t>(m);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<unsigned __int128>(next()) * n;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4] = {};
};

}  // namespace detour::stats
