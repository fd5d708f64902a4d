// thread_cache: emptying the caches that threads keep from page to page.
//
// A thread that parses and scores pages keeps, between pages, what the next page can
// reuse: gumbo's bump arena, libxml2's parser context and its dictionary, the shadow
// nodes of a libxml2 parse. Each holds the high-water mark of its thread's pages (a few
// megabytes a thread) until the thread ends, and the threads of a run live to its end.
// A cache that registers here (ThreadCache) can be emptied from any thread:
// release_thread_caches() empties every registered cache, so that a run's end (its
// records and tables, where its peak is) does not carry what its pages left in every
// thread (runner::run calls it when the pages are done).
//
// The owner holds the cache's lock (ThreadCache::use) while it uses the cache; release
// takes the same lock, so a cache is never emptied in the middle of a parse.
#pragma once

#include <functional>
#include <memory>
#include <mutex>

namespace detour {

class ThreadCache {
 public:
  // `empty` frees what the cache holds (called under the cache's lock, from any thread).
  explicit ThreadCache(std::function<void()> empty);
  ~ThreadCache();
  ThreadCache(const ThreadCache&) = delete;
  ThreadCache& operator=(const ThreadCache&) = delete;

  // No longer emptied by release_thread_caches (after a release under way ends): the
  // owner's destructor calls it first, before it frees what the cache holds.
  void retire();

  // Held by the owner while it uses the cache.
  std::unique_lock<std::mutex> use() { return std::unique_lock<std::mutex>(state_->mutex); }

  struct State {
    std::mutex mutex;
    std::function<void()> empty;  // null once the owner is gone
  };

 private:
  std::shared_ptr<State> state_;
};

// Empties every registered cache. Returns how many were emptied.
std::size_t release_thread_caches();

}  // namespace detour
