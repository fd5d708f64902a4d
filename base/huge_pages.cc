// huge_pages: see huge_pages.h.
#include "base/huge_pages.h"

#include <sys/mman.h>

#include <cstdlib>

namespace detour {

namespace {
constexpr std::size_t kHuge = std::size_t{2} << 20;
constexpr std::size_t kLarge = std::size_t{1} << 20;
std::size_t rounded(std::size_t bytes) { return (bytes + kHuge - 1) / kHuge * kHuge; }
}  // namespace

void* huge_pages_allocate(std::size_t bytes) {
  if (bytes < kLarge) return ::operator new(bytes, std::align_val_t{64});
  void* p = std::aligned_alloc(kHuge, rounded(bytes));
  if (!p) throw std::bad_alloc();
  madvise(p, rounded(bytes), MADV_HUGEPAGE);  // advice only: refused, the pages stay small
  return p;
}

void huge_pages_free(void* p, std::size_t bytes) noexcept {
  if (bytes < kLarge) ::operator delete(p, std::align_val_t{64});
  else std::free(p);
}

}  // namespace detour
