// lcs: length of the longest common subsequence of two token-id sequences.
// Bit-parallel algorithm of Hyyrö (2004) ("Bit-parallel LCS-length computation
// revisited"), O(ceil(m/64) * n) word operations; the shorter sequence is the one
// encoded in bit vectors. lcs_length_reference is the plain O(m*n) dynamic
// programme, for tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace detour::metrics {

std::size_t lcs_length(std::span<const std::int32_t> a, std::span<const std::int32_t> b);

}  // namespace detour::metrics
