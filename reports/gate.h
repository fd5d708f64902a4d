// gate: a regression gate for CI over a run's per-document records, against a
// baseline file that a project commits.
//
// The baseline (JSON, written by `detour gate --update`) holds, per system, language
// key and metric, the micro F1 (percent) and its floor (the value minus a margin,
// --max-drop at update time), with the corpus fingerprint, the metric signatures, the
// detour version, and per system the failed-page count and the time per page. A floor
// is never lowered by an update unless asked (--allow-regression).
//
// Checks, each passed or failed with its numbers (one JUnit test case each):
//   corpus       the run's corpus fingerprint is the baseline's
//   signature    each metric's signature is the baseline's (the version part aside;
//                a different version is a note, not a failure)
//   scored       the run scored at least one document
//   system       every system of the baseline is in the run
//   extractor    each such system's extractor signature is the baseline's (another
//                version or other settings under the same name fail, unless
//                GateOptions::allow_extractor_change, --allow-extractor-change)
//   language     every language of a baseline system is scored in the run
//   floor        every cell's F1 is at least its floor
//   drop         (--max-drop D) every cell's F1 is at most D points below the baseline's
//   fail-under   (--fail-under RULE) absolute floors: [SYSTEM[/LANG]:]METRIC.MEASURE=VALUE
//                (MEASURE p, r or f1; SYSTEM and LANG may be '*'; no SYSTEM: every
//                system that is not a baseline; no LANG: "all")
//   failures     each system's failed pages: at most the baseline's count, or the bound
//                of --max-failed N or N%
//   speed        (--max-slowdown F) each system's ms/page at most (1 + F) x the baseline's
// With --significant, a floor or drop check fails only when the drop is significant:
// the paired randomization test against --baseline-run's records (Holm over the
// gate's cells, adjusted p < alpha), or without a baseline run, the baseline's value
// lies above the run's (1 - alpha) bootstrap interval of the cell.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "reports/judge.h"
#include "results/run_records.h"

namespace detour::reports {

// A baseline file that cannot be used; the message names the file and the reason.
class BaselineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GateCell {
  double value = 0;  // micro F1, percent, exactly as the run gave it
  double floor = 0;  // value - margin, percent
};

struct GateSystem {
  std::string extractor_signature;
  std::size_t pages = 0, failed = 0, excluded = 0;
  double ms_per_page = 0;
  // language key -> metric -> cell
  std::map<std::string, std::map<std::string, GateCell>> cells;
};

struct GateBaseline {
  std::string version, commit, corpus, corpus_fingerprint, missing_policy, signature;
  double margin = 0.5;  // floor = value - margin at update time
  std::map<std::string, std::string> metric_signatures;  // metric -> signature
  std::map<std::string, GateSystem> systems;
};

// The baseline of a run: every system (or only `systems`), every language key, every
// metric; floors at value - margin.
GateBaseline baseline_from_run(const results::RunRecords& run, double margin,
                               const std::vector<std::string>& systems = {});
std::string baseline_json(const GateBaseline& b);
GateBaseline read_baseline(const std::filesystem::path& path);  // throws BaselineError
// "BP/all/to: floor 86.2700 -> 85.1000" for every cell whose floor `next` lowers.
std::vector<std::string> lowered_floors(const GateBaseline& old, const GateBaseline& next);

struct FloorRule {
  std::string system, lang = "all", metric, measure;  // system "" = every non-baseline system
  double value = 0;                                    // percent
  std::string text;                                    // as given
};
// Throws UsageError on a malformed rule.
FloorRule parse_fail_under(const std::string& rule);

struct FailedBound {
  double value = 0;
  bool percent = false;
};
// "3" or "2.5%"; throws UsageError.
FailedBound parse_failed_bound(const std::string& text);

struct GateOptions {
  std::optional<double> max_drop;
  bool significant = false;
  const results::RunRecords* baseline_run = nullptr;  // for --significant's paired tests
  std::vector<FloorRule> fail_under;
  std::optional<FailedBound> max_failed;
  std::optional<double> max_slowdown;
  std::vector<std::string> baselines;  // systems treated as baselines besides GOLD, ALL, NONE
  bool allow_extractor_change = false;  // a changed extractor signature passes its check
  JudgeOptions judge;
};

struct Check {
  std::string kind;     // corpus, signature, scored, system, extractor, language, floor, drop, fail-under, failures, speed
  std::string subject;  // "BP/all/to", "BP", "to", ...
  bool passed = true;
  std::string message;  // the numbers, one line
};

struct GateResult {
  std::vector<Check> checks;
  std::vector<std::string> notes;
  std::size_t failures() const;
};

GateResult run_gate(const results::RunRecords& run, const GateBaseline& baseline, const GateOptions& options);

// Renderings: a readable summary (failing checks first, one line each, then a count
// line), JSON ({"passed", "checks": [...], "notes"}), JUnit XML (one testsuite per
// kind of check, one testcase per check, <failure> with the numbers).
std::string gate_summary(const GateResult& r, bool verbose);
std::string gate_json(const GateResult& r);
std::string gate_junit(const GateResult& r, const std::string& suite_name);

}  // namespace detour::reports
