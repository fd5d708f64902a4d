// hash: hex rendering (see hash.h).
#include "base/hash.h"

#include <algorithm>

namespace detour {

std::string hash_hex(std::uint64_t h, int digits) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[i] = kHex[h & 15];
  return out.substr(0, static_cast<std::size_t>(std::clamp(digits, 1, 16)));
}

}  // namespace detour
