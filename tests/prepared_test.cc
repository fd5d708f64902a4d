// The prepared state of the corpus-aware extractors (Extractor::save_prepared and
// restore_prepared, runner/prepared.h): an extractor restored from the bytes of one
// prepared on the sample corpus extracts every page and signs exactly as the one
// prepared; bad bytes are refused; a resumed run restores the state from its folder
// and still equals the uninterrupted run; a run given a prepared file (--prepared, or
// beside a shard's folder) restores it and equals the run that prepared, and is
// refused, saying what differs, when the file does not fit it.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <optional>

#include "base/io.h"
#include "corpora/corpus.h"
#include "extractors/extractor.h"
#include "runner/pipeline.h"
#include "test_util.h"

namespace fs = std::filesystem;
using namespace detour;

namespace {

struct SampleCorpus {
  std::vector<Page> pages;
  std::vector<std::string> golds;
  CorpusContext ctx;
  SampleCorpus() {
    corpora::Corpus c = corpora::open_corpus(testing::source_dir() / "corpora/sample");
    for (const auto& d : c.docs) {
      if (!d.has_page() || !d.has_gold()) continue;
      pages.push_back(corpora::load_page(d));
      golds.push_back(corpora::load_gold_bytes(d));
    }
    for (std::size_t i = 0; i < pages.size(); ++i) ctx.entries.push_back({&pages[i], golds[i], {}, {}, {}});
    ctx.languages = c.languages;
    ctx.seed = 42;
  }
  CorpusContext light() const {
    CorpusContext l;
    l.languages = ctx.languages;
    l.seed = ctx.seed;
    return l;
  }
};

std::string outputs(const Extractor& ex, const std::vector<Page>& pages) {
  std::string all;
  for (const auto& p : pages) {
    try {
      Extraction e = ex.extract(p);
      all += e.excluded ? "excluded:" + *e.excluded : harness::cleaneval_form(e);
      for (const auto& [k, v] : e.notes) all += "|" + k + "=" + v;
    } catch (const std::exception& e) {
      all += std::string("failed:") + e.what();
    }
    all += "\n";
  }
  return all;
}

}  // namespace

TEST_CASE("prepared state: a restored extractor extracts and signs as the prepared one", "[prepared]") {
  SampleCorpus sample;
  REQUIRE(sample.pages.size() >= 20);
  for (const char* name : {"NC", "NCNL", "NCT5", "NCT25", "C45", "TDIFF", "TDIFF(fallback=C45)", "C45(folds=3)",
                           "C45(train_pages=10)", "TDIFF(site_sample=3)"}) {
    INFO(name);
    const auto spec = parse_stage_spec(name);
    auto prepared = make_extractor(spec.name, spec.settings);
    REQUIRE(prepared->needs_corpus());
    auto restored = make_extractor(spec.name, spec.settings);
    prepared->prepare(sample.ctx);
    const std::string state = prepared->save_prepared();
    REQUIRE(!state.empty());
    restored->restore_prepared(state, sample.light());
    CHECK(restored->signature() == prepared->signature());
    CHECK(outputs(*restored, sample.pages) == outputs(*prepared, sample.pages));
    // The same state again: the bytes are a function of what was learnt.
    CHECK(restored->save_prepared() == state);
    // Cut or foreign bytes are refused with an exception, never a crash.
    auto other = make_extractor(spec.name, spec.settings);
    CHECK_THROWS(other->restore_prepared(std::string_view(state).substr(0, state.size() / 2), sample.light()));
    CHECK_THROWS(other->restore_prepared("garbage", sample.light()));
  }
}

TEST_CASE("prepared state: --resume restores it from the run folder and equals the uninterrupted run",
          "[prepared][store]") {
  testing::TempDir t("detour-prepared");
  auto q = [](const fs::path& p) { return (std::string(1, '\'') += p.string()) += '\''; };
  const std::string opts = " --corpus " + q(testing::source_dir() / "corpora/sample") +
                           " --extractors BP,NCT5,C45,TDIFF,GOLD --chains C45-BP --no-progress --jobs 2";
  auto one = testing::run_detour("run" + opts + " --out " + q(t.path / "one"));
  REQUIRE(one.status == 0);
  REQUIRE(fs::exists(t.path / "one" / "prepared.state"));
  // A run whose journal lost its last pages (as a kill leaves it), resumed.
  auto part = testing::run_detour("run" + opts + " --out " + q(t.path / "two"));
  REQUIRE(part.status == 0);
  {
    std::ifstream in(t.path / "two" / "journal.jsonl");
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    REQUIRE(lines.size() > 12);
    std::ofstream out(t.path / "two" / "journal.jsonl", std::ios::trunc);
    for (std::size_t i = 0; i < lines.size() / 2; ++i) out << lines[i] << "\n";
  }
  for (const char* f : {"results.json", "per_doc.tsv", "table2.md"}) fs::remove(t.path / "two" / f);
  auto resumed = testing::run_detour("run" + opts + " --out " + q(t.path / "two") + " --resume");
  INFO(resumed.out);
  REQUIRE(resumed.status == 0);
  CHECK_THAT(resumed.out, Catch::Contains("restored from"));
  for (const char* f : {"per_doc.tsv", "pages.tsv", "failures.tsv", "table2.tsv", "table4.tsv"}) {
    INFO(f);
    std::ifstream a(t.path / "one" / f), b(t.path / "two" / f);
    std::stringstream sa, sb;
    sa << a.rdbuf();
    sb << b.rdbuf();
    CHECK(sa.str() == sb.str());
  }
  CHECK(testing::stable_results_json(t.path / "one" / "results.json") ==
        testing::stable_results_json(t.path / "two" / "results.json"));
  // A torn state is not taken: the resumed run prepares again (same results).
  {
    std::fstream f(t.path / "two" / "prepared.state", std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(40);
    f.put('#');
  }
  fs::remove(t.path / "two" / "per_doc.tsv");
  auto again = testing::run_detour("run" + opts + " --out " + q(t.path / "two") + " --resume");
  REQUIRE(again.status == 0);
  CHECK_THAT(again.out, !Catch::Contains("restored from"));
  CHECK_THAT(again.out, Catch::Contains("preparing on the corpus again"));
}

namespace {
std::string file_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("prepared file: a run given it restores it and equals the run that prepared, one that does not fit is "
          "refused, naming what differs",
          "[prepared][cli]") {
  testing::TempDir t("detour-prepared-file");
  auto q = [](const fs::path& p) { return testing::shell_quoted(p); };
  const std::string corpus = " --corpus " + q(testing::source_dir() / "corpora/sample");
  const std::string opts = corpus + " --extractors BP,NCT5,C45,TDIFF,GOLD --chains C45-BP --no-progress --jobs 2";
  auto one = testing::run_detour("run" + opts + " --out " + q(t.path / "one"));
  REQUIRE(one.status == 0);
  const fs::path state = t.path / "one" / "prepared.state";
  REQUIRE(fs::exists(state));
  auto given = testing::run_detour("run" + opts + " --prepared " + q(state) + " --out " + q(t.path / "given"));
  INFO(given.out);
  REQUIRE(given.status == 0);
  CHECK_THAT(given.out, Catch::Contains("restored from " + state.string()));
  for (const char* f : {"per_doc.tsv", "pages.tsv", "failures.tsv", "table2.tsv", "table4.tsv"}) {
    INFO(f);
    CHECK(file_text(t.path / "one" / f) == file_text(t.path / "given" / f));
  }
  CHECK(testing::stable_results_json(t.path / "one" / "results.json") ==
        testing::stable_results_json(t.path / "given" / "results.json"));
  // A run of fewer of the prepared stages takes it too.
  auto fewer = testing::run_detour("run" + corpus + " --extractors BP,C45 --no-progress --prepared " + q(state) +
                                   " --out " + q(t.path / "fewer"));
  CHECK(fewer.status == 0);
  // What does not fit is refused (exit 2), saying what differs.
  struct Case {
    std::string options, says;
  };
  const std::vector<Case> refused = {
      {opts + " --seed 7", "--seed 42 (this run: 7)"},
      {opts + " --languages en,el", "languages"},
      {corpus + " --extractors 'BP,NCT5,C45(folds=3),TDIFF' --no-progress", "no state of C45(folds=3)"},
      {corpus + " --extractors BP,NCT25 --no-progress", "no state of NCT25"},
  };
  for (const auto& c : refused) {
    auto r = testing::run_detour("run" + c.options + " --prepared " + q(state) + " --out " + q(t.path / "refused"));
    INFO(c.options << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("does not fit the run") && Catch::Contains(c.says));
  }
  // Another corpus: the sample without one of its pages.
  fs::copy(testing::source_dir() / "corpora/sample", t.path / "corpus", fs::copy_options::recursive);
  fs::path dropped;
  for (const auto& e : fs::directory_iterator(t.path / "corpus" / "en" / "html")) dropped = e.path();
  fs::remove(dropped);
  auto other = testing::run_detour("run --corpus " + q(t.path / "corpus") +
                                   " --extractors BP,NCT5,C45,TDIFF --no-progress --prepared " + q(state) + " --out " +
                                   q(t.path / "refused"));
  CHECK(other.status == 2);
  CHECK_THAT(other.out, Catch::Contains("prepared on another corpus"));
  // Not a prepared state, or a torn one: refused with the file named.
  io::write_file_atomic(t.path / "junk.state", "not a state");
  auto junk = testing::run_detour("run" + opts + " --prepared " + q(t.path / "junk.state") + " --out " +
                                  q(t.path / "refused"));
  CHECK(junk.status == 2);
  CHECK_THAT(junk.out, Catch::Contains("junk.state: not a prepared state"));
  std::string torn = file_text(state);
  torn[torn.size() / 2] ^= 1;
  io::write_file_atomic(t.path / "torn.state", torn);
  auto bad = testing::run_detour("run" + opts + " --prepared " + q(t.path / "torn.state") + " --out " +
                                 q(t.path / "refused"));
  CHECK(bad.status == 2);
  CHECK_THAT(bad.out, Catch::Contains("torn or corrupt"));
}

TEST_CASE("prepared file: shards find it beside their folders, learn from no page, and merge into the run that "
          "prepared",
          "[prepared][shard][cli]") {
  testing::TempDir t("detour-prepared-shards");
  auto q = [](const fs::path& p) { return testing::shell_quoted(p); };
  const std::string opts = " --corpus " + q(testing::source_dir() / "corpora/sample") +
                           " --extractors BP,NCT5,C45,TDIFF,GOLD --chains C45-BP --no-progress --jobs 1";
  auto one = testing::run_detour("run" + opts + " --out " + q(t.path / "one"));
  REQUIRE(one.status == 0);
  CHECK_THAT(one.out, Catch::Contains("pages of the corpus"));
  fs::create_directories(t.path / "spread");
  fs::copy_file(t.path / "one" / "prepared.state", t.path / "spread" / "prepared.state");
  std::string dirs;
  for (int i = 1; i <= 3; ++i) {
    const fs::path dir = t.path / "spread" / ("shard-" + std::to_string(i));
    auto r = testing::run_detour("run" + opts + " --shard " + std::to_string(i) + "/3 --out " + q(dir) + "/");
    INFO(r.out);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("restored from"));
    CHECK_THAT(r.out, !Catch::Contains("pages of the corpus"));
    CHECK(!fs::exists(dir / "prepared.state"));
    (dirs += " ") += q(dir);
  }
  auto merged = testing::run_detour("merge" + dirs + " --out " + q(t.path / "merged"));
  INFO(merged.out);
  REQUIRE(merged.status == 0);
  for (const char* f : {"per_doc.tsv", "pages.tsv", "failures.tsv", "table2.tsv", "table4.tsv"}) {
    INFO(f);
    CHECK(file_text(t.path / "one" / f) == file_text(t.path / "merged" / f));
  }
}

TEST_CASE("detour prepare: learnt once into a file, kept when it fits, the shards given it merge into the "
          "one-process run",
          "[prepared][shard][cli]") {
  testing::TempDir t("detour-prepare-command");
  auto q = [](const fs::path& p) { return testing::shell_quoted(p); };
  const std::string opts = " --corpus " + q(testing::source_dir() / "corpora/sample") +
                           " --extractors BP,NCT5,C45,TDIFF --chains TDIFF-BP --metrics to --no-progress --jobs 2";
  auto one = testing::run_detour("run" + opts + " --out " + q(t.path / "one"));
  REQUIRE(one.status == 0);
  const fs::path state = t.path / "spread" / "prepared.state";
  // Given the run's options as they are, those that learn nothing (--shard, --store)
  // included.
  auto prep = testing::run_detour("prepare" + opts + " --shard 2/3 --out " + q(state));
  INFO(prep.out);
  REQUIRE(prep.status == 0);
  CHECK_THAT(prep.out, Catch::Contains("prepared C45, NCT5, TDIFF on the corpus") &&
                           Catch::Contains("pages of the corpus"));
  REQUIRE(fs::exists(state));
  const std::string bytes = file_text(state);
  auto again = testing::run_detour("prepare" + opts + " --out " + q(state));
  CHECK(again.status == 0);
  CHECK_THAT(again.out, Catch::Contains("already prepared for this run"));
  CHECK(file_text(state) == bytes);
  // Another seed: prepared again (the file replaced).
  auto reseeded = testing::run_detour("prepare" + opts + " --seed 7 --out " + q(t.path / "seven.state"));
  CHECK(reseeded.status == 0);
  CHECK(file_text(t.path / "seven.state") != bytes);
  std::string dirs;
  for (int i = 1; i <= 2; ++i) {
    const fs::path dir = t.path / "spread" / ("shard-" + std::to_string(i));
    auto r = testing::run_detour("run" + opts + " --shard " + std::to_string(i) + "/2 --prepared " + q(state) +
                                 " --out " + q(dir));
    INFO(r.out);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("restored from") && !Catch::Contains("pages of the corpus"));
    (dirs += " ") += q(dir);
  }
  auto merged = testing::run_detour("merge" + dirs + " --out " + q(t.path / "merged"));
  INFO(merged.out);
  REQUIRE(merged.status == 0);
  for (const char* f : {"per_doc.tsv", "pages.tsv", "failures.tsv", "table2.tsv", "table4.tsv"}) {
    INFO(f);
    CHECK(file_text(t.path / "one" / f) == file_text(t.path / "merged" / f));
  }
  // A shard given the state of another seed is refused.
  auto refused = testing::run_detour("run" + opts + " --shard 1/2 --prepared " + q(t.path / "seven.state") +
                                     " --out " + q(t.path / "refused"));
  CHECK(refused.status == 2);
  CHECK_THAT(refused.out, Catch::Contains("does not fit the run") && Catch::Contains("--seed 7"));
  // Nothing to prepare: said, no file written, not an error (the cluster scripts then
  // run the shards without a state). No file named: a usage error.
  auto nothing = testing::run_detour("prepare --corpus " + q(testing::source_dir() / "corpora/sample") +
                                     " --extractors BP --no-progress --out " + q(t.path / "none.state"));
  CHECK(nothing.status == 0);
  CHECK_THAT(nothing.out, Catch::Contains("nothing to prepare"));
  CHECK(!fs::exists(t.path / "none.state"));
  auto no_out = testing::run_detour("prepare" + opts);
  CHECK(no_out.status == 2);
  CHECK_THAT(no_out.out, Catch::Contains("--out FILE"));
}
