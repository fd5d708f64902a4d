// The daniel task's built-in resource set: EMBEDDIA/event-detection's lists
// (resources/daniel/embeddia, with its NOTICE), selected by --task-param lists=embeddia
// and signed in the task's signature.
#include <catch2/catch.hpp>

#include "base/errors.h"
#include "base/hash.h"
#include "base/io.h"
#include "runner/task_run.h"
#include "tasks/task.h"
#include "tests/test_util.h"

using namespace detour;
using namespace detour::tasks;
using detour::testing::run_detour;
using detour::testing::TempDir;

TEST_CASE("daniel task: EMBEDDIA's lists are built in (lists=embeddia)", "[tasks][daniel_lists]") {
  const auto dir = testing::source_dir() / "resources/daniel/embeddia";
  TaskSettings s;  // no resources folder
  s.params = {{"lists", "embeddia"}};
  auto task = find_task("daniel").make(s);
  task->prepare({"el", "en", "pl", "ru", "zh"});
  const std::string sig = task->signature();
  CHECK(sig.find("|lists:embeddia@431e711|res:") != std::string::npos);
  for (const char* f : {"diseases_en.json", "locations_en.json", "diseases_zh.json", "locations_el.json"}) {
    INFO(f);
    CHECK(sig.find(std::string(f) + "=" + hash_hex(fnv1a(io::read_file(dir / f)))) != std::string::npos);
  }
  const std::string text = "<p>Cholera outbreak kills 20 in Haiti</p>\n<p>Health officials in Haiti said the "
                            "cholera outbreak spread.</p>\n<p>More cholera cases are expected in Haiti.</p>";
  const Decision d = task->decide({"en", "x", text});
  CHECK(d.relevant);
  CHECK(d.label == "cholera");
  // The lists of the default folder keep the signature as it was (no lists: key).
  TaskSettings f;
  f.resources = dir;
  auto folder = find_task("daniel").make(f);
  folder->prepare({"en"});
  CHECK(folder->signature().find("lists:") == std::string::npos);
  CHECK(folder->decide({"en", "x", text}).label == "cholera");
  // A language the set lacks, and an unknown set.
  auto none = find_task("daniel").make(s);
  CHECK_THROWS_WITH(none->prepare({"xx"}), Catch::Contains("diseases_xx.json") && Catch::Contains("EMBEDDIA"));
  s.params = {{"lists", "rundimeco"}};
  CHECK_THROWS_AS(find_task("daniel").make(s), UsageError);
  // The runner asks for no folder when the lists are built in.
  harness::TaskConfig c;
  c.task = "daniel";
  c.params = {{"lists", "embeddia"}};
  CHECK(harness::task_resources(c, "/nonexistent/corpus").empty());
  c.params.clear();
  CHECK_THROWS_AS(harness::task_resources(c, "/nonexistent/corpus"), ResourceError);
}

TEST_CASE("detour task --task-param lists=embeddia runs without a resources folder", "[tasks][daniel_lists][cli]") {
  TempDir t;
  const std::string sample = (testing::source_dir() / "corpora/sample").string();
  auto r = run_detour("task --corpus '" + sample + "' --task-param lists=embeddia --out '" + (t.path / "o").string() +
                      "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(io::read_file(t.path / "o" / "task.json").find("lists:embeddia@431e711") != std::string::npos);
}
