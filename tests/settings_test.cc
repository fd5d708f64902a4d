// Extractor settings: every declared setting of every extractor reachable through the
// stage syntax the command line reads, and refused with a clear message out of its
// range; stage names, variants, chains with settings, sweeps and the settings file.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "base/errors.h"
#include "extractors/extractor.h"
#include "extractors/settings.h"
#include "runner/pipeline.h"
#include "runner/sweep.h"
#include "tests/test_util.h"

using namespace detour;
using harness::PipelineConfig;

namespace {

// A valid value of `s` other than its default.
std::string other_value(const SettingSpec& s) {
  switch (s.type) {
    case SettingType::Bool:
      return s.default_value == "true" ? "false" : "true";
    case SettingType::Choice:
      for (const auto& c : s.choices)
        if (c != s.default_value) return c;
      return s.default_value;
    case SettingType::Int: {
      const double d = std::stod(s.default_value);
      return std::to_string(static_cast<long long>(d + 1 <= s.max ? d + 1 : d - 1));
    }
    case SettingType::Real: {
      const double d = std::stod(s.default_value);
      for (double c : {d + 0.05, d - 0.05, d * 2, d / 2, (s.min + d) / 2})
        if (c != d && (s.min_open ? c > s.min : c >= s.min) && (s.max_open ? c < s.max : c <= s.max))
          return format_real(c);
      return s.default_value;
    }
  }
  return s.default_value;
}

// Values that must be refused, with what the message must say.
std::vector<std::pair<std::string, std::string>> bad_values(const SettingSpec& s) {
  std::vector<std::pair<std::string, std::string>> out;
  switch (s.type) {
    case SettingType::Bool:
      out.emplace_back("maybe", "not a boolean");
      break;
    case SettingType::Choice:
      out.emplace_back("no-such-choice", "not a known choice");
      break;
    case SettingType::Int:
      out.emplace_back("1.5", "not an integer");
      if (std::isfinite(s.min)) out.emplace_back(std::to_string(static_cast<long long>(s.min) - 1), "out of range");
      if (std::isfinite(s.max)) out.emplace_back(std::to_string(static_cast<long long>(s.max) + 1), "out of range");
      break;
    case SettingType::Real:
      out.emplace_back("abc", "not a number");
      out.emplace_back("nan", "not a number");
      if (std::isfinite(s.min)) out.emplace_back(format_real(s.min_open ? s.min : s.min - 1), "out of range");
      if (std::isfinite(s.max)) out.emplace_back(format_real(s.max_open ? s.max : s.max + 1), "out of range");
      break;
  }
  return out;
}

std::string usage_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("every declared setting of every extractor is reachable from a stage and changes the signature",
          "[settings]") {
  std::size_t checked = 0;
  for (const auto& info : extractor_registry()) {
    const std::string name(info.name);
    const auto defaults = make_extractor(name);
    for (const auto& spec : info.setting_specs()) {
      INFO(name << "." << spec.name);
      const std::string value = other_value(spec);
      REQUIRE(value != spec.default_value);
      // What `--extractors 'NAME(key=value)'` does: parse, canonicalise, build.
      const std::string written = name + "(" + spec.name + " = " + value + ")";
      const auto stages = harness::parse_stage_list(written);
      REQUIRE(stages.size() == 1);
      const harness::ResolvedStage r = harness::resolve_stage(stages[0], {});
      CHECK(r.key == name + "(" + spec.name + "=" + value + ")");
      harness::Pipeline pipeline({{r.key}}, {});
      CHECK(pipeline.stage(r.key).name() == name);
      CHECK(pipeline.stage(r.key).signature() != defaults->signature());
      // The default written out is the bare name, and the same signature.
      const auto same = harness::resolve_stage(name + "(" + spec.name + "=" + spec.default_value + ")", {});
      CHECK(same.key == name);
      CHECK(make_extractor(name, {{spec.name, spec.default_value}})->signature() == defaults->signature());
      ++checked;
    }
  }
  CHECK(checked >= 60);  // BP 7, jusText 8+8+6, RD 2, NC 5 x 4, TDIFF 15, C45 10, ...
}

TEST_CASE("every declared setting is refused out of its type or range with a clear message", "[settings]") {
  for (const auto& info : extractor_registry()) {
    const std::string name(info.name);
    for (const auto& spec : info.setting_specs())
      for (const auto& [value, why] : bad_values(spec)) {
        INFO(name << "." << spec.name << "=" << value);
        const std::string msg = usage_error([&, &value = value] { harness::resolve_stage(name + "(" + spec.name + "=" + value + ")", {}); });
        CHECK_THAT(msg, Catch::Contains(name + ": " + spec.name + "=" + value) && Catch::Contains(why) &&
                            Catch::Contains("default " + spec.default_value));
        if (spec.type == SettingType::Int || spec.type == SettingType::Real || spec.type == SettingType::Choice)
          CHECK_THAT(msg, Catch::Contains(spec.domain()));
      }
    // An unknown setting lists the known ones with their defaults.
    const std::string msg = usage_error([&] { harness::resolve_stage(name + "(no_such_setting=1)", {}); });
    CHECK_THAT(msg, Catch::Contains("unknown setting 'no_such_setting'"));
    for (const auto& spec : info.setting_specs()) CHECK_THAT(msg, Catch::Contains(spec.name + "=" + spec.default_value));
    if (info.setting_specs().empty()) CHECK_THAT(msg, Catch::Contains("has no settings"));
  }
}

TEST_CASE("the command line refuses a bad setting with exit status 2 and names it", "[settings][cli]") {
  const std::string corpus = (testing::source_dir() / "corpora/sample").string();
  auto r = testing::run_detour("run --corpus '" + corpus + "' --extractors 'JTA(length_low=-5)' --no-progress");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("JTA: length_low=-5 is out of range: expected an integer in [0, 1000000]"));
  r = testing::run_detour("run --corpus '" + corpus + "' --chains 'BP-JTA(stopwords_lo=0.2)' --no-progress");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("did you mean 'stopwords_low'?"));
  r = testing::run_detour("run --corpus '" + corpus + "' --variant 'X=RD(retry_length=abc)' --no-progress");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("RD: retry_length=abc is not an integer"));
  r = testing::run_detour("run --corpus '" + corpus + "' --sweep 'RD.retry_length=-100,100' --no-progress");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("retry_length=-100 is out of range"));
}

TEST_CASE("stage text: parsing, canonical names and errors", "[settings]") {
  CHECK(split_top_level("JTA(a=1,b=2), BP ,,RD", ',') == std::vector<std::string>{"JTA(a=1,b=2)", "BP", "RD"});
  auto s = parse_stage_spec(" JTA( length_low = 60 , stopwords_low=0.25 ) ");
  CHECK(s.name == "JTA");
  CHECK(s.settings == RawSettings{{"length_low", "60"}, {"stopwords_low", "0.25"}});
  CHECK(parse_stage_spec("BP").settings.empty());
  for (const char* bad : {"JTA(length_low=60", "JTA)x", "(a=1)", "JTA(a)", "JTA(=1)", "JTA(a=)", "JTA(a=1)x",
                          "JTA(a=(1))", ""})
    CHECK_THROWS_AS(parse_stage_spec(bad), UsageError);
  // Canonical: declaration order, canonical values, defaults dropped.
  CHECK(harness::resolve_stage("JTA(stopwords_low=0.250,length_low=+60)", {}).key ==
        "JTA(length_low=60,stopwords_low=0.25)");
  CHECK(harness::resolve_stage("JTA(length_low=70,stopwords_low=0.30)", {}).key == "JTA");
  CHECK(harness::resolve_stage("BP(title_match=no)", {}).key == "BP(title_match=false)");
  CHECK(harness::resolve_stage("JTA(heading_variant=1.X)", {}).key == "JTA(heading_variant=1.x)");
  CHECK(harness::resolve_stage("NC(bias=-1.5)", {}).key == "NC(bias=-1.5)");
  CHECK_THROWS_AS(harness::resolve_stage("JTX(length_low=60)", {}), UsageError);
  CHECK_THAT(usage_error([] { harness::resolve_stage("JTX(length_low=60)", {}); }), Catch::Contains("did you mean 'JTA'"));
}

TEST_CASE("chains and lists with settings", "[settings]") {
  auto c = harness::parse_chain_list("BP-JTA(length_low=60,stopwords_low=0.2),BP-DEF(max_blocks_distance=2)-JTA,"
                                     "NC(bias=-1)-RD,CETD-TD");
  REQUIRE(c.size() == 4);
  CHECK(c[0] == std::vector<std::string>{"BP", "JTA(length_low=60,stopwords_low=0.2)"});
  CHECK(c[1] == std::vector<std::string>{"BP-DEF(max_blocks_distance=2)", "JTA"});
  CHECK(c[2] == std::vector<std::string>{"NC(bias=-1)", "RD"});
  CHECK(c[3] == std::vector<std::string>{"CETD-TD"});
  CHECK_THROWS_AS(harness::parse_chain_list("BP--JTA"), UsageError);
  CHECK(harness::parse_stage_list("JTA(length_low=60,stopwords_low=0.2),BP-DEF") ==
        std::vector<std::string>{"JTA(length_low=60,stopwords_low=0.2)", "BP-DEF"});
  CHECK_THROWS_AS(harness::parse_stage_list("BP-JTA"), UsageError);
  // The pipeline builds the stages with their settings.
  harness::Pipeline p({c[0], c[1]}, {});
  CHECK_THAT(p.signature(c[0]), Catch::Contains("length_low:60") && Catch::Contains("stopwords_low:0.2"));
  CHECK_THAT(p.signature(c[1]), Catch::Contains("max_blocks_distance:2"));
}

TEST_CASE("variants: named settings, usable in chains, with further settings", "[settings]") {
  PipelineConfig cfg;
  cfg.variants.push_back(harness::parse_variant("JTA60=JTA(length_low=60)"));
  CHECK(harness::resolve_stage("JTA60", cfg).key == "JTA60");
  CHECK(harness::resolve_stage("JTA60(length_low=60)", cfg).key == "JTA60");
  CHECK(harness::resolve_stage("JTA60(stopwords_low=0.2)", cfg).key == "JTA60(stopwords_low=0.2)");
  CHECK(harness::resolve_stage("JTA60(length_low=70)", cfg).key == "JTA60(length_low=70)");
  auto r = harness::resolve_stage("JTA60(stopwords_low=0.2)", cfg);
  CHECK(r.extractor == "JTA");
  CHECK(r.settings == RawSettings{{"length_low", "60"}, {"stopwords_low", "0.2"}});
  auto chains = harness::parse_chain_list("BP-JTA60", cfg);
  CHECK(chains[0] == std::vector<std::string>{"BP", "JTA60"});
  harness::Pipeline p(chains, cfg);
  CHECK_THAT(p.signature(chains[0]), Catch::Contains("length_low:60"));
  for (const char* bad : {"JTA=JTA(length_low=60)", "A-B=JTA", "X=NOPE(a=1)", "X=JTA(length_low=-1)", "=JTA", "X"})
    CHECK_THROWS_AS(harness::parse_variant(bad), UsageError);
  CHECK_THAT(usage_error([&] { harness::resolve_stage("JTA60(bogus=1)", cfg); }), Catch::Contains("unknown setting 'bogus'"));
}

TEST_CASE("sweeps: ranges, lists, grids, the default, errors", "[settings][sweep]") {
  auto groups = harness::expand_sweeps({harness::parse_sweep("JTA.length_low=50:120:10"),
                                        harness::parse_sweep("JTA.stopwords_low=0.1:0.3:0.1"),
                                        harness::parse_sweep("RD.retry_length=100,250,0:50:50")},
                                       {});
  REQUIRE(groups.size() == 2);
  const auto& jta = groups[0];
  CHECK(jta.base == "JTA");
  CHECK(jta.settings == std::vector<std::string>{"length_low", "stopwords_low"});
  REQUIRE(jta.points.size() == 24);
  CHECK(jta.points[0].system == "JTA(length_low=50,stopwords_low=0.1)");
  CHECK(jta.points[1].values == RawSettings{{"length_low", "50"}, {"stopwords_low", "0.2"}});
  CHECK(jta.points[2].values[1].second == "0.3");  // not 0.30000000000000004
  CHECK(jta.points[23].system == "JTA(length_low=120)");  // stopwords_low=0.3 is the default
  CHECK(jta.base_values == RawSettings{{"length_low", "70"}, {"stopwords_low", "0.3"}});
  auto systems = jta.systems();
  CHECK(systems.size() == 24);  // the point (70, 0.3) is the default, listed first
  CHECK(systems[0] == "JTA");
  CHECK(std::set<std::string>(systems.begin(), systems.end()).size() == systems.size());
  const auto& rd = groups[1];
  CHECK(rd.points.size() == 4);  // 100, 250 (the default), 0, 50
  CHECK(rd.systems().size() == 4);
  // A variant's sweep starts from the variant.
  PipelineConfig cfg;
  cfg.variants.push_back(harness::parse_variant("J60=JTA(length_low=60)"));
  auto v = harness::expand_sweeps({harness::parse_sweep("J60.stopwords_low=0.2,0.3")}, cfg);
  CHECK(v[0].base == "J60");
  CHECK(v[0].points[0].system == "J60(stopwords_low=0.2)");
  CHECK(v[0].systems() == std::vector<std::string>{"J60", "J60(stopwords_low=0.2)"});
  for (const char* bad : {"JTA.length_low", "JTA=1", "JTA.bogus=1,2", "JTA.length_low=120:50:10", "JTA.length_low=1:5:0",
                          "JTA.no_headings=0:1", "JTA.stopwords_low=0.1:0.3", "JTA.length_low=1.5:3", "NOPE.x=1",
                          "JTA.length_low=-10:10:10"}) {
    INFO(bad);
    CHECK_THROWS_AS(harness::expand_sweeps({harness::parse_sweep(bad)}, {}), UsageError);
  }
  CHECK_THROWS_AS(harness::expand_sweeps({harness::parse_sweep("RD.retry_length=1"), harness::parse_sweep("RD.retry_length=2")}, {}),
                  UsageError);
  CHECK_THROWS_AS(harness::expand_sweeps({harness::parse_sweep("JTA.length_low=0:1000000:1")}, {}), UsageError);
}

TEST_CASE("the settings file holds variants and sweeps", "[settings][sweep]") {
  testing::TempDir dir;
  auto file = dir.write("s.json", R"J({
    "variants": {"JTA60": "JTA(length_low=60)",
                 "RD100": {"extractor": "RD", "settings": {"retry_length": 100, "min_text_length": 20}},
                 "BPX": {"extractor": "BP", "settings": {"title_match": false}}},
    "sweeps": {"JTA": {"stopwords_low": [0.2, 0.25], "length_low": "50:60:10"}, "RD": {"retry_length": [100, "300"]}}
  })J");
  auto f = harness::read_settings_file(file);
  REQUIRE(f.variants.size() == 3);
  CHECK(f.variants[1].name == "RD100");
  PipelineConfig cfg;
  cfg.variants = f.variants;
  CHECK(harness::resolve_stage("RD100", cfg).settings == RawSettings{{"min_text_length", "20"}, {"retry_length", "100"}});
  CHECK(harness::resolve_stage("BPX", cfg).settings == RawSettings{{"title_match", "false"}});
  auto groups = harness::expand_sweeps(f.sweeps, cfg);
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].settings == std::vector<std::string>{"stopwords_low", "length_low"});  // file order kept
  CHECK(groups[0].points.size() == 4);
  CHECK(groups[1].points.size() == 2);
  for (const char* bad : {R"J([1])J", R"J({"variant": {}})J", R"J({"variants": {"X": 5}})J",
                          R"J({"variants": {"X": {"extractor": "JTA", "setings": {}}}})J",
                          R"J({"variants": {"X": "JTA(length_low=-1)"}})J", R"J({"sweeps": {"JTA": [1]}})J",
                          R"J({"sweeps": {"JTA": {"length_low": {}}}})J", "{not json"}) {
    INFO(bad);
    auto p = dir.write("bad.json", bad);
    const std::string msg = usage_error([&] { harness::read_settings_file(p); });
    CHECK_THAT(msg, Catch::Contains(p.string()));
  }
  CHECK_THROWS_AS(harness::read_settings_file(dir.path / "absent.json"), UsageError);
}
