// `detour compare`: two systems of one run, or one system across two runs, judged
// from the stored per-document records (no rescoring).
//   detour compare RUN --systems A,B              (B - A within one run)
//   detour compare RUN_A RUN_B --system S         (S of RUN_B - S of RUN_A)
//   detour compare RUN_A RUN_B --systems A,B      (B of RUN_B - A of RUN_A)
//     [--languages LIST] [--metrics LIST] [--statistic micro-f1] [--by METRIC] [--top N]
//     [--format table|tsv|md|latex|json] [--out FILE] [--resamples N] [--trials N]
//     [--seed N] [--alpha A] [--allow-different-corpora]
// A run is a run source (results/run_source.h): a run folder (`detour run --out DIR`)
// today, a run id of a results store later. Two runs whose corpus fingerprints differ
// are refused unless --allow-different-corpora (then only the documents both scored
// are paired).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <memory>

#include "base/errors.h"
#include "base/io.h"
#include "base/strings.h"
#include "cli/cli.h"
#include "cli/judgment_options.h"
#include "reports/compare_table.h"
#include "results/run_source.h"

namespace detour::cli {

namespace {

struct CompareArgs {
  std::vector<std::string> sources;
  std::string systems, system, languages, metrics, statistic = "micro-f1", by, format = "table", out;
  std::size_t top = 10;
  bool allow_different = false;
  JudgmentArgs judgments;
  int jobs = 0;
};

const results::SystemRecords& find_system(const results::RunRecords& run, const std::string& name,
                                          const std::string& source) {
  if (const auto* s = run.find(name)) return *s;
  std::vector<std::string> known;
  for (const auto& s : run.systems) known.push_back(s.name);
  throw UsageError(source + ": " + unknown_name_message("system", name, known));
}

// The signature without its version part: scores of the same metric and settings
// made by two versions of detour are comparable.
std::string without_version(const std::string& sig) {
  std::string out;
  for (const auto& part : split_list(sig, '|'))
    if (part.rfind("version:", 0) != 0) out += (out.empty() ? "" : "|") + part;
  return out;
}

}  // namespace

reports::Document compare_runs(const results::RunRecords& ra, const std::string& source_a,
                               const results::RunRecords* b, const std::string& source_b, const std::string& first_name,
                               const std::string& second_name, bool allow_different, reports::CompareOptions o) {
  const bool two = b != nullptr;
  const results::RunRecords& rb = two ? *b : ra;
  if (two) {
    const auto& fa = ra.provenance.corpus_fingerprint;
    const auto& fb = rb.provenance.corpus_fingerprint;
    if (fa != fb) {
      const std::string why = fmt::format(
          "the corpus fingerprints differ ({}: {}, {}: {}): the runs scored different pages or gold texts, so their "
          "scores are not comparable as they stand",
          source_a, fa.empty() ? "none" : fa, source_b, fb.empty() ? "none" : fb);
      if (!allow_different)
        throw UsageError(why + "; pass --allow-different-corpora to compare the documents both scored");
      o.notes.push_back("caution: " + why + "; only the documents both scored are paired");
    }
  }
  const auto& sa = find_system(ra, first_name, source_a);
  const auto& sb = find_system(rb, second_name, two ? source_b : source_a);
  std::string la = first_name, lb = second_name;
  if (la == lb) {  // one name on both sides: A and B tell the columns apart
    la += " (A)";
    lb += " (B)";
    if (two)
      o.notes.push_back("A: " + source_a + "; B: " + source_b);
    else
      o.notes.push_back("A and B: " + first_name + " of " + source_a +
                        ", compared with itself (every delta is 0, every p-value 1)");
  }
  for (std::size_t mi = 0; mi < sa.scores.metrics.size(); ++mi)
    for (std::size_t mj = 0; mj < sb.scores.metrics.size(); ++mj)
      if (sa.scores.metrics[mi] == sb.scores.metrics[mj] &&
          without_version(results::metric_signature(sa.scores, mi)) !=
              without_version(results::metric_signature(sb.scores, mj)))
        o.notes.push_back("caution: the " + std::string(sa.scores.metrics[mi]->name) +
                          " signatures differ beyond the version: " + results::metric_signature(sa.scores, mi) +
                          " vs " + results::metric_signature(sb.scores, mj));
  return reports::compare_document({la, &ra, &sa}, {lb, &rb, &sb}, o);
}

void add_compare_command(CLI::App& app) {
  auto args = std::make_shared<CompareArgs>();
  auto* cmd = app.add_subcommand(
      "compare", "judge two systems of one run, or one system across two runs: deltas, CIs, p-values, moved pages");
  cmd->add_option("runs", args->sources, "one or two run sources (a run folder of `detour run --out`, or a store run: ID or STORE_FILE:ID)")
      ->required()
      ->expected(1, 2);
  cmd->add_option("--systems", args->systems, "FIRST,SECOND: the systems compared (SECOND - FIRST)");
  cmd->add_option("--system", args->system, "with two runs: the system compared across them");
  cmd->add_option("--languages", args->languages, "language keys to compare (default: all both have, and 'all')");
  cmd->add_option("--metrics", args->metrics, "metrics to compare (default: all both have)");
  cmd->add_option("--statistic", args->statistic, "micro-f1, micro-p, micro-r, macro-f1, macro-p, macro-r")
      ->capture_default_str();
  cmd->add_option("--by", args->by, "metric of the moved-pages table (default: the first compared)");
  cmd->add_option("--top", args->top, "pages listed in the moved-pages table (0: none)")->capture_default_str();
  cmd->add_option("--format", args->format, "output format")->capture_default_str()->check(CLI::IsMember(format_names()));
  cmd->add_option("--out", args->out, "write to FILE (atomically) instead of standard output");
  cmd->add_option("--jobs", args->jobs, "threads for the statistics (default: every core)");
  cmd->add_flag("--allow-different-corpora", args->allow_different,
                "compare runs whose corpus fingerprints differ, on the documents both scored");
  add_judgment_options(cmd, args->judgments, /*with_confidence=*/false, /*seed_alias=*/true);
  cmd->callback([args, cmd] {
    if (cmd->count("--jobs")) check_jobs(args->jobs);
    const results::JudgmentSettings settings = judgment_settings(args->judgments);
    const bool two = args->sources.size() == 2;
    std::string first_name, second_name;
    if (!args->systems.empty()) {
      auto names = split_list(args->systems);
      if (names.size() != 2) throw UsageError("--systems expects FIRST,SECOND, got: " + args->systems);
      first_name = names[0];
      second_name = names[1];
    } else if (!args->system.empty()) {
      if (!two) throw UsageError("--system needs two runs; within one run, give --systems FIRST,SECOND");
      first_name = second_name = args->system;
    } else {
      throw UsageError(two ? "--system S or --systems A,B is required" : "--systems FIRST,SECOND is required");
    }
    if (!args->systems.empty() && !args->system.empty()) throw UsageError("--system and --systems exclude each other");

    std::vector<results::RunRecords> runs;
    for (const auto& s : args->sources) runs.push_back(load_run_source(s));
    reports::CompareOptions o;
    o.languages = split_list(args->languages);
    o.metrics = split_list(args->metrics);
    try {
      o.statistic = stats::parse_statistic(args->statistic);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--statistic: ") + e.what());
    }
    o.by = args->by;
    o.top = args->top;
    o.judge = reports::JudgeOptions::from(settings, static_cast<unsigned>(args->jobs));
    const std::string text =
        reports::write(compare_runs(runs[0], args->sources[0], two ? &runs[1] : nullptr, two ? args->sources[1] : "",
                                    first_name, second_name, args->allow_different, std::move(o)),
                       args->format);
    if (args->out.empty()) std::cout << text;
    else io::write_file_atomic(args->out, text);
  });
}

}  // namespace detour::cli
