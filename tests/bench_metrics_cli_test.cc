// The benchmark metrics through the command line: the committed (gold, output) pairs
// of tests/fixtures/bench_metrics/ (with the originals' own values, computed by
// scripts/bench_metrics/make_fixture.sh outside this repository) scored by
// `detour score` as a JSONL corpus against a JSON-lines outputs file; every per-page
// value must equal the original's.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "base/io.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using detour::testing::run_detour;
using detour::testing::TempDir;

namespace {

const fs::path kFix = detour::testing::source_dir() / "tests/fixtures/bench_metrics";

// id -> the values of a reference TSV (id, then numbers).
std::map<std::string, std::vector<double>> reference(const std::string& name) {
  std::map<std::string, std::vector<double>> out;
  std::istringstream in(detour::io::read_file(kFix / name));
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string id, v;
    std::getline(f, id, '\t');
    while (std::getline(f, v, '\t')) out[id].push_back(std::stod(v));
  }
  return out;
}

struct Pairs {
  TempDir dir;
  std::vector<std::string> ids;  // pair id of the k-th record ("p<k>")
  Pairs() {
    std::istringstream in(detour::io::read_file(kFix / "pairs.jsonl"));
    std::string line, corpus, outputs;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      auto j = nlohmann::json::parse(line);
      std::string key = "p";
      key += std::to_string(ids.size());
      ids.push_back(j["id"]);
      corpus += nlohmann::json{{"id", key}, {"html", "<p>x"}, {"gold", j["gold"]}}.dump() + "\n";
      outputs += nlohmann::json{{"id", key}, {"text", j["output"]}}.dump() + "\n";
    }
    dir.write("corpus.jsonl", corpus);
    dir.write("outputs.jsonl", outputs);
  }
  // Per-document JSON of one metric under the given options: pair id -> record.
  std::map<std::string, nlohmann::json> score(const std::string& metric, const std::string& extra) const {
    const fs::path out = dir.path / "scores.json";
    auto r = run_detour("score --corpus '" + (dir.path / "corpus.jsonl").string() + "' --system '" +
                        (dir.path / "outputs.jsonl").string() + "' --metrics " + metric + " " + extra +
                        " --per-doc --format json --out '" + out.string() + "'");
    REQUIRE(r.status == 0);
    auto j = nlohmann::json::parse(detour::io::read_file(out));
    std::map<std::string, nlohmann::json> by;
    for (const auto& d : j["systems"]["outputs"]["documents"]) {
      const std::string key = d["id"];
      by[ids.at(std::stoul(key.substr(1)))] = d[metric];
    }
    return by;
  }
};

}  // namespace

TEST_CASE("rougelsum through detour score equals rouge-score on the committed pairs", "[bench_metrics][cli]") {
  Pairs p;
  REQUIRE(p.ids.size() == 62);
  const std::vector<std::pair<std::string, std::string>> settings = {
      {"rouge_default.tsv", "--rouge default"},
      {"rouge_lines_ws.tsv", "--rouge lines-ws"},
      {"rouge_wceb_tiny.tsv", "--rouge wceb --punkt '" + (kFix / "punkt_tiny").string() + "'"}};
  for (const auto& [file, opts] : settings) {
    INFO(file);
    auto ref = reference(file);
    auto ours = p.score("rougelsum", opts);
    REQUIRE(ours.size() == ref.size());
    for (const auto& [id, v] : ref) {
      INFO(id);
      CHECK(ours[id]["page_precision"].get<double>() == v[0]);
      CHECK(ours[id]["page_recall"].get<double>() == v[1]);
      CHECK(ours[id]["page_f1"].get<double>() == v[2]);
    }
  }
}

TEST_CASE("levenshtein, bow and shingle through detour score equal the originals", "[bench_metrics][cli]") {
  Pairs p;
  auto lev = p.score("levenshtein", "");
  for (const auto& [id, v] : reference("levenshtein.tsv")) {
    INFO(id);
    CHECK(lev[id]["ratio"].get<double>() == Approx(v[0]).epsilon(1e-15));
  }
  auto bow = p.score("bow", "");
  for (const auto& [id, v] : reference("bow.tsv")) {
    INFO(id);
    CHECK(bow[id]["page_precision"].get<double>() == v[0]);
    CHECK(bow[id]["page_recall"].get<double>() == v[1]);
    CHECK(bow[id]["page_f1"].get<double>() == Approx(v[2]).epsilon(1e-15));
  }
  auto sh = p.score("shingle", "");
  for (const auto& [id, v] : reference("shingle_pages.tsv")) {
    INFO(id);
    // tp fp fn (normalised), precision, recall, accuracy as evaluate.py computes them.
    CHECK(sh[id]["page_precision"].get<double>() == v[3]);
    CHECK(sh[id]["page_recall"].get<double>() == v[4]);
    CHECK(sh[id]["accuracy"].get<double>() == v[5]);
  }
}
