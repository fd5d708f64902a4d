// `detour tune`: choose an extractor's settings on dev pages, judge them on test pages.
//   detour tune --corpus ROOT --sweep EXTRACTOR.key=VALUES... [--settings FILE]
//               [--split dev:test=50:50] [--split-by site|page] [--seed N]
//               [--metric M] [--statistic micro-f1|macro-f1|...] [--resamples N] [--trials N] [--alpha A]
//               [every option of `detour run`]
// One run holds every setting of every sweep (each page parsed once); the pages are
// split into dev and test (runner/split.h, by site by default); each sweep group's best
// setting on dev, per language and for `all`, is reported on test against the
// group's default with bootstrap intervals and paired tests (runner/tune.h). Output:
// the report (Markdown) on standard output; with --out DIR also tune.{md,tsv,json},
// split.tsv (each page's part), sweep_dev.{md,tsv,json} (every setting on dev), and
// everything `detour run` writes. --resamples sets the bootstrap resamples.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <memory>

#include "base/errors.h"
#include "base/io.h"
#include "base/site.h"
#include "cli/cli.h"
#include "cli/run_options.h"
#include "runner/split.h"
#include "reports/table.h"
#include "results/run_records.h"
#include "runner/tune.h"

namespace detour::cli {

void add_tune_command(CLI::App& app) {
  struct TuneArgs {
    RunArgs run;
    std::string split = "dev:test=50:50", split_by = "site", metric, statistic = "micro-f1";
    std::uint32_t trials = 10000;
    double alpha = 0.05;
  };
  auto args = std::make_shared<TuneArgs>();
  auto* cmd = app.add_subcommand("tune", "choose settings of a sweep on dev pages and judge them on test pages");
  add_run_options(cmd, args->run);
  cmd->add_option("--split", args->split, "parts and weights; tuning needs parts named dev and test")
      ->capture_default_str();
  cmd->add_option("--split-by", args->split_by, "keep each site's pages in one part (site), or split pages (page)")
      ->check(CLI::IsMember({"site", "page"}))
      ->capture_default_str();
  cmd->add_option("--metric", args->metric, "metric to tune on (default: the first of --metrics)");
  cmd->add_option("--statistic", args->statistic, "micro-f1, macro-f1, micro-p, micro-r, macro-p, macro-r")
      ->capture_default_str();
  cmd->add_option("--trials", args->trials, "approximate randomization trials (0: none)")->capture_default_str();
  cmd->add_option("--alpha", args->alpha, "significance level of the verdicts")->capture_default_str();
  cmd->callback([args, cmd] {
    harness::SplitSpec split = harness::parse_split(args->split, args->split_by, args->run.seed);
    int dev = -1, test = -1;
    for (std::size_t p = 0; p < split.parts.size(); ++p) {
      if (split.parts[p] == "dev") dev = static_cast<int>(p);
      if (split.parts[p] == "test") test = static_cast<int>(p);
    }
    if (dev < 0 || test < 0) throw UsageError("--split " + args->split + ": tuning needs parts named dev and test");
    harness::TuneOptions opts;
    try {
      opts.statistic = stats::parse_statistic(args->statistic);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--statistic: ") + e.what());
    }
    if (args->run.bench.resamples < 1) throw UsageError("--resamples must be 1 or more");
    if (!(args->alpha > 0 && args->alpha < 1)) throw UsageError("--alpha must be in (0, 1)");
    opts.bootstrap.resamples = static_cast<std::uint32_t>(args->run.bench.resamples);  // --resamples
    opts.randomization.trials = args->trials;
    opts.alpha = args->alpha;
    if (cmd->count("--jobs")) opts.threads = static_cast<unsigned>(args->run.jobs);

    RunPlan plan = make_run_plan(args->run, cmd);
    if (plan.sweeps.empty())
      throw UsageError("nothing to tune: give one or more --sweep EXTRACTOR.key=VALUES (or sweeps in --settings)");
    harness::RunConfig& cfg = plan.config;
    std::vector<std::string> metric_names = split_list(cfg.metrics);
    if (cfg.metrics == "all") {
      metric_names.clear();
      for (const auto& m : metrics::metric_registry()) metric_names.emplace_back(m.name);
    }
    const std::string metric = args->metric.empty() ? metric_names.at(0) : args->metric;
    try {
      metrics::find_metric(metric);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--metric: ") + e.what());
    }
    auto at = std::find(metric_names.begin(), metric_names.end(), metric);
    if (at == metric_names.end()) {
      metric_names.push_back(metric);
      cfg.metrics = join(metric_names, ",");
      at = metric_names.end() - 1;
    }
    opts.metric = static_cast<std::size_t>(at - metric_names.begin());

    const auto result = harness::run(cfg);
    std::vector<harness::SplitPage> pages;
    for (std::size_t i = 0; i < result.doc_ids.size(); ++i)
      pages.push_back({result.doc_langs[i], result.doc_ids[i], result.doc_urls[i]});
    const std::vector<int> part = harness::assign_split(split, pages);
    const harness::TuneReport report =
        harness::tune(result, plan.sweeps, part, dev, test, split.signature(), opts);
    const reports::Document doc = harness::tune_document(report);
    std::cout << reports::write(doc, "md");
    if (!cfg.out.empty()) {
      harness::write_run(cfg, result);
      const reports::Document dev = harness::sweep_document(report.dev_tables, "Sweep on the dev pages");
      for (const char* format : {"md", "tsv", "json"}) {
        const std::string ext(reports::find_writer(format).extension);
        io::write_file_atomic(cfg.out / ("tune." + ext), reports::write(doc, format));
        io::write_file_atomic(cfg.out / ("sweep_dev." + ext), reports::write(dev, format));
      }
      std::string split_tsv = "lang\tid\tsite\tpart\n";
      for (std::size_t i = 0; i < pages.size(); ++i)
        split_tsv += results::tsv_escape(pages[i].lang) + "\t" + results::tsv_escape(pages[i].id) + "\t" +
                     results::tsv_escape(site_of(pages[i].id, pages[i].url)) + "\t" +
                     split.parts[static_cast<std::size_t>(part[i])] + "\n";
      io::write_file_atomic(cfg.out / "split.tsv", split_tsv);
      std::cout << "\nresults in " << cfg.out.string()
                << "/ (tune.*, sweep_dev.*, split.tsv, results.json, per_doc.tsv, outputs/, ...)\n";
    }
    if (std::string problem = harness::run_problem(result); !problem.empty()) throw WorkFailed(problem);
  });
}

}  // namespace detour::cli
