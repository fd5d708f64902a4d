// provenance: everything that produced a set of results, written beside them
// (results.json "provenance"): so that two result files that differ in anything but
// timing can be told apart, and a result can be traced to its command and corpus.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace detour::results {

// How the tables of a run are judged (reports/judge.h): confidence intervals on
// request, the bootstrap and randomization settings, and which systems are
// baselines. Written in results.json's provenance ("judgments") so that a run read
// back gives the same tables.
struct JudgmentSettings {
  std::string intervals;            // "" (none), "pm" (F1 ± half-width) or "bounds" ([lo, hi])
  std::uint32_t resamples = 1000;   // bootstrap resamples
  std::uint32_t trials = 10000;     // approximate randomization trials
  std::uint64_t seed = 12345;       // of both (sacrebleu's default)
  double alpha = 0.05;              // 1 - confidence level; significance level of ties
  std::vector<std::string> baselines;  // systems marked baseline besides GOLD, ALL, NONE
  nlohmann::json to_json() const;
  static JudgmentSettings from_json(const nlohmann::json& j);  // absent fields: defaults
};

struct Provenance {
  std::string command;             // the command line, words joined by spaces
  std::string version, commit;     // of detour
  std::string started;             // UTC, ISO 8601
  double seconds = 0;              // wall time
  int threads = 0;
  std::string host;
  std::string corpus;              // the corpus root (or gold folder) as given
  std::string corpus_fingerprint;  // content hash over the file list and contents
  std::vector<std::string> languages;  // the language subset asked for; empty = all
  std::string missing_policy;      // how a missing or failed output is scored
  std::map<std::string, std::string> systems;  // system -> extractor signature (runs)
  JudgmentSettings judgments;      // (runs)
  // How the memory of a page done in a worker process was bounded on this machine
  // (runner/memory_bound.h), "" when no page ran in one (runs; in "run").
  std::string memory_bound;

  // Fills command, version, commit, started, host.
  static Provenance now(int argc, char** argv);
  static Provenance now(const std::vector<std::string>& argv);
  // {"version", "commit", "corpus", "corpus_fingerprint", "languages",
  //  "missing_policy", "systems", "run": {"command", "started", "seconds", "threads",
  //  "host"}}: everything but "run" is the same for the same input and settings.
  nlohmann::json to_json() const;
  // The inverse of to_json (absent fields stay empty). Throws nlohmann::json errors on
  // fields of the wrong type.
  static Provenance from_json(const nlohmann::json& j);
};

// The command line of this process, for Provenance (set once by the CLI's main).
void set_command_line(int argc, char** argv);
const std::vector<std::string>& command_line();

}  // namespace detour::results
