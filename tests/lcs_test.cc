// Tests of metrics/lcs: the bit-parallel kernel (Hyyrö 2004) against the plain
// O(m*n) dynamic programme on seeded random pairs, with lengths around the 64-bit
// word boundaries and across the 2048-symbol strips of the long-sequence path.
#include <catch2/catch.hpp>

#include <random>
#include <string_view>
#include <vector>

#include "kernels/lcs.h"
#include "reference/lcs_reference.h"

namespace {

using Seq = std::vector<std::int32_t>;

Seq chars(std::string_view s) { return Seq(s.begin(), s.end()); }

}  // namespace

TEST_CASE("lcs: small known cases", "[lcs]") {
  using detour::metrics::lcs_length;
  using detour::metrics::lcs_length_reference;
  CHECK(lcs_length(chars("ABCBDAB"), chars("BDCABA")) == 4);
  CHECK(lcs_length_reference(chars("ABCBDAB"), chars("BDCABA")) == 4);
  CHECK(lcs_length(Seq{}, Seq{}) == 0);
  CHECK(lcs_length(Seq{}, chars("abc")) == 0);
  CHECK(lcs_length(chars("abc"), Seq{}) == 0);
  CHECK(lcs_length(chars("abc"), chars("xyz")) == 0);
  CHECK(lcs_length(chars("abc"), chars("abc")) == 3);
  // Identical long sequences: LCS is the length, whatever the word count.
  for (int n : {63, 64, 65, 127, 128, 129, 2047, 2048, 2049, 5000}) {
    Seq s(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) s[i] = (i * 7) % 13;
    CHECK(lcs_length(s, s) == static_cast<std::size_t>(n));
    Seq t(static_cast<std::size_t>(n), 99);
    t[static_cast<std::size_t>(n / 2)] = s[static_cast<std::size_t>(n / 2)];
    CHECK(lcs_length(s, t) == 1);
  }
}

TEST_CASE("lcs: bit-parallel equals the dynamic programme on random pairs", "[lcs]") {
  std::mt19937_64 rng(1234567);
  auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  static const int boundaries[] = {0, 1, 2, 31, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257};
  int cases = 0, mismatches = 0;
  auto run = [&](int la, int lb, int sigma, bool sparse_ids) {
    Seq a(static_cast<std::size_t>(la)), b(static_cast<std::size_t>(lb));
    for (auto& t : a) t = uni(0, sigma - 1);
    for (auto& t : b) t = uni(0, sigma - 1);
    if (uni(0, 1) && la > 0 && lb > 0) {  // plant a shared run to get long LCSs
      for (int k = 0, n = uni(0, std::min(la, lb)); k < n; ++k) b[static_cast<std::size_t>(k * lb / std::max(n, 1))] = a[static_cast<std::size_t>(k * la / std::max(n, 1))];
    }
    if (sparse_ids) {
      for (auto* s : {&a, &b})
        // An injective map onto large ids (1000003 is invertible modulo the prime
        // 2^31 - 1), computed in 64 bits: no signed overflow.
        for (auto& t : *s) t = static_cast<std::int32_t>((std::int64_t{t} * 1000003 + 17) % 2147483647);
    }
    ++cases;
    const std::size_t want = detour::metrics::lcs_length_reference(a, b);
    const std::size_t got = detour::metrics::lcs_length(a, b);
    if (got != want && ++mismatches <= 5) {
      UNSCOPED_INFO("la=" << la << " lb=" << lb << " sigma=" << sigma << " sparse=" << sparse_ids
                          << " want " << want << " got " << got);
    }
  };
  static const int sigmas[] = {1, 2, 4, 26, 300, 100000};
  for (int la : boundaries)
    for (int lb : boundaries)
      for (int r = 0; r < 2; ++r) run(la, lb, sigmas[uni(0, 5)], uni(0, 4) == 0);
  for (int k = 0; k < 2500; ++k) run(uni(0, 400), uni(0, 400), sigmas[uni(0, 5)], uni(0, 4) == 0);
  // Long pairs: several 2048-symbol strips in the shorter sequence.
  for (int k = 0; k < 12; ++k) run(uni(2000, 5000), uni(2000, 5000), sigmas[uni(0, 5)], uni(0, 3) == 0);
  INFO(cases << " random pairs");
  CHECK(mismatches == 0);
  CHECK(cases > 3000);
}
