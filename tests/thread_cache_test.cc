// Caches threads keep from page to page (base/thread_cache.h): emptied from another
// thread by release_thread_caches, never in the middle of a use, no longer once their
// thread has ended; gumbo's arena and libxml2's parser context are such caches, and a
// parse after their release gives the same tree.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "base/thread_cache.h"
#include "html/dom.h"

using namespace detour;

namespace {

std::atomic<int> emptied{0};  // times a Counted cache was emptied

struct Counted {
  ThreadCache cache{[] { ++emptied; }};
  ~Counted() { cache.retire(); }
};

}  // namespace

TEST_CASE("thread caches: emptied from another thread, after a use, not after their thread ends", "[thread_cache]") {
  release_thread_caches();  // whatever earlier tests left
  std::atomic<int> step{0};
  std::atomic<bool> used{false};
  emptied = 0;
  std::thread owner([&] {
    thread_local Counted c;
    {
      const auto in_use = c.cache.use();
      step = 1;
      while (step < 2) std::this_thread::yield();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      used = true;  // before the lock is given back
    }
    while (step < 3) std::this_thread::yield();
    CHECK(emptied == 1);
  });
  while (step < 1) std::this_thread::yield();
  // The owner holds its cache: the release waits for it.
  std::thread releaser([&] {
    step = 2;
    CHECK(release_thread_caches() >= 1);
    CHECK(used);  // the cache was not emptied while in use
    step = 3;
  });
  releaser.join();
  owner.join();
  // The owner's thread has ended: its cache is no longer emptied.
  release_thread_caches();
  CHECK(emptied == 1);
}

TEST_CASE("thread caches: gumbo's arena and libxml2's context released between parses, same trees after", "[thread_cache][dom]") {
  const std::string html = "<html><head><title>T</title></head><body><div><p>One <b>two</b></p><ul><li>three</li></ul>"
                           "<?pi target?></div></body></html>";
  std::string gumbo_before, libxml2_before, gumbo_after, libxml2_after;
  std::size_t released = 0;
  std::thread t([&] {
    gumbo_before = dom::text_content(dom::Document::parse(html).root());
    libxml2_before = dom::text_content(dom::Document::parse_libxml2(html).root());
    released = release_thread_caches();  // this thread's arena and parser, emptied
    gumbo_after = dom::text_content(dom::Document::parse(html).root());
    libxml2_after = dom::text_content(dom::Document::parse_libxml2(html).root());
  });
  t.join();
  CHECK(released >= 2);
  CHECK(gumbo_before.find("One two") != std::string::npos);
  CHECK(gumbo_after == gumbo_before);
  CHECK(libxml2_after == libxml2_before);
}
