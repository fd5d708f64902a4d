// huge_pages: an allocator for large tables read at random (a text automaton's
// transitions, its per-node records), placed on 2 MiB pages where the kernel allows
// (madvise(MADV_HUGEPAGE); transparent huge pages in "madvise" mode, Debian's default),
// so that a walk over a few megabytes does not miss the TLB at nearly every step.
// Below 1 MiB it is operator new's memory, aligned on a cache line (64 bytes); where
// madvise is refused the pages stay small.
#pragma once

#include <cstddef>
#include <new>

namespace detour {

void* huge_pages_allocate(std::size_t bytes);
void huge_pages_free(void* p, std::size_t bytes) noexcept;

template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(huge_pages_allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { huge_pages_free(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept { return true; }
};

}  // namespace detour
