// hash: the one content hash of detour, 64-bit FNV-1a (Fowler, Noll & Vo). Used
// where a stable, platform-independent hash of bytes is wanted: seeds derived from
// names (sites, languages), folds, resource and corpus fingerprints. Not for
// security. fnv1a(b, fnv1a(a)) == fnv1a(a + b), so long inputs can be hashed in
// pieces.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace detour {

inline constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
// The seed C4.5's folds, NCleaner's choice of training pages and jusText's stoplist
// hashes were defined with: the offset basis with its last decimal digit missing
// (1469598103934665603 instead of 14695981039346656037). Kept, so that their outputs
// and signatures do not change; new code uses kFnvOffset.
inline constexpr std::uint64_t kFnvLegacySeed = 1469598103934665603ULL;

constexpr std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = kFnvOffset) {
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

// The hash as 16 lower-case hex digits (or the first `digits` of them).
std::string hash_hex(std::uint64_t h, int digits = 16);

}  // namespace detour
