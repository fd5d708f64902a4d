// thread_cache: see thread_cache.h.
#include "base/thread_cache.h"

#include <algorithm>
#include <vector>

namespace detour {
namespace {

struct Registry {
  std::mutex mutex;
  std::vector<std::shared_ptr<ThreadCache::State>> caches;
};

Registry& registry() {
  static auto* r = new Registry;  // never destroyed: thread_local caches may end after it would
  return *r;
}

}  // namespace

ThreadCache::ThreadCache(std::function<void()> empty) : state_(std::make_shared<State>()) {
  state_->empty = std::move(empty);
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.caches.push_back(state_);
}

void ThreadCache::retire() {
  std::lock_guard lock(state_->mutex);
  state_->empty = nullptr;
}

ThreadCache::~ThreadCache() {
  retire();
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.caches.erase(std::remove(r.caches.begin(), r.caches.end(), state_), r.caches.end());
}

std::size_t release_thread_caches() {
  std::vector<std::shared_ptr<ThreadCache::State>> caches;
  {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    caches = r.caches;
  }
  std::size_t emptied = 0;
  for (const auto& c : caches) {
    std::lock_guard lock(c->mutex);
    if (c->empty) {
      c->empty();
      ++emptied;
    }
  }
  return emptied;
}

}  // namespace detour
