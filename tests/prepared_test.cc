// The prepared state of the corpus-aware extractors (Extractor::save_prepared and
// restore_prepared, runner/prepared.h): an extractor restored from the bytes of one
// prepared on the sample corpus extracts every page and signs exactly as the one
// prepared; bad bytes are refused; a resumed run restores the state from its folder
// and still equals the uninterrupted run.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <optional>

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
  for (const char* name : {"NC", "NCNL", "NCT5", "NCT25", "C45", "TDIFF", "GOLD", "TDIFF(fallback=C45)",
                           "C45(folds=3)"}) {
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
  REQUIRE(fs::exists(t.path / "one" / "prepared"));
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
  // A state of another seed is not taken: that resume is refused as another run, and a
  // state file for another corpus key is ignored (prepared again, same results).
  for (const auto& e : fs::directory_iterator(t.path / "two" / "prepared")) {
    std::fstream f(e.path(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(40);
    f.put('#');
  }
  fs::remove(t.path / "two" / "per_doc.tsv");
  auto again = testing::run_detour("run" + opts + " --out " + q(t.path / "two") + " --resume");
  REQUIRE(again.status == 0);
  CHECK_THAT(again.out, !Catch::Contains("restored from"));
}
