// lcs_reference: the plain O(m*n) dynamic programme for the length of a longest
// common subsequence, against which kernels/lcs.h is tested. Tests only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace detour::metrics {

std::size_t lcs_length_reference(std::span<const std::int32_t> a, std::span<const std::int32_t> b);

}  // namespace detour::metrics
