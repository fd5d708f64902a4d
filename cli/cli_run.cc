// `detour run`: every selected extractor and chain over a gold corpus, scored.
//   detour run --corpus ROOT [--extractors LIST|all] [--chains LIST|all|none]
//              [--metrics LIST] [--jobs N] [--out DIR] [--languages LIST]
//              [--external NAME='COMMAND']... [--timeout SECONDS] [--max-output SIZE] [--seed N] [--no-progress]
//              [--task daniel [--task-resources DIR] [--annotations FILE] [--task-param NAME=VALUE]...]
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <iostream>
#include <thread>
#include <memory>
#include <optional>

#include "base/errors.h"
#include "base/io.h"
#include "cli/bench_options.h"
#include "cli/cli.h"
#include "reports/aggregate_table.h"
#include "runner/runner.h"
#include "runner/task_run.h"
#include "reports/tables.h"

namespace detour::cli {

namespace {
struct RunArgs {
  std::string lang, corpus, extractors = "BP,JTA,JTS,RD,HK", chains = "none", metrics = "to,car,tm", out, languages;
  std::vector<std::string> externals, models;
  double timeout = 60;
  int jobs = 0;
  std::uint64_t seed = 42;
  bool no_progress = false;
  std::string autojunk = "yes";
  std::string max_output = "64M";
  BenchArgs bench;  // --format, --aggregate and the benchmark metrics' settings (bench_options.h)
  std::string task, task_resources, annotations;  // --task (runner/task_run.h)
  std::vector<std::string> task_params;
};

}  // namespace

void add_run_command(CLI::App& app) {
  auto args = std::make_shared<RunArgs>();
  auto* cmd = app.add_subcommand("run", "apply extractors and chains to a gold corpus and score them");
  cmd->add_option("--corpus", args->corpus, "corpus root (ROOT/<lang>/{html,gold}/<id>)")->required();
  cmd->add_option("--extractors", args->extractors, "comma-separated extractor names, or 'all'")->capture_default_str();
  cmd->add_option("--chains", args->chains,
                  "chains like BP-JTA,JTA-BP; 'all' = every ordered pair of the selected extractors; 'none'")
      ->capture_default_str();
  cmd->add_option("--metrics", args->metrics, "comma-separated metrics; 'all' (CleanEval-protocol ones), 'bench' (shingle, rougelsum, levenshtein, bow, teds), 'everything'")->capture_default_str();
  cmd->add_option("--autojunk", args->autojunk, "difflib's popular-element rule")
      ->check(CLI::IsMember({"yes", "no"}))
      ->capture_default_str();
  cmd->add_option("--jobs", args->jobs, "threads (default: every core)");
  cmd->add_option("--out", args->out, "output folder (outputs/, results.json, tables)");
  cmd->add_option("--languages", args->languages, "only these languages (comma-separated)");
  cmd->add_option("--lang", args->lang, "the language (ISO 639-1) of pages that have none (a corpus without language folders)");
  cmd->add_option("--external", args->externals,
                  "NAME='COMMAND' runs a tool per page ({input}/{output} placeholders, else stdin/stdout)");
  cmd->add_option("--model", args->models, "NAME=MODEL: an NCleaner model from `detour train` as an extractor");
  cmd->add_option("--timeout", args->timeout, "seconds per page for external tools")->capture_default_str();
  cmd->add_option("--max-output", args->max_output, "cap on an external tool's output per page (K, M, G units)")
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "seed for extractors that sample (training pages, clustering)")
      ->capture_default_str();
  cmd->add_flag("--no-progress", args->no_progress, "no progress display");
  add_bench_options(cmd, args->bench, "--format,--corpus-format");
  cmd->add_option("--task", args->task, "a downstream task (daniel) on every system and the gold texts: Table 3");
  cmd->add_option("--task-resources", args->task_resources, "with --task: folder of its resource lists");
  cmd->add_option("--annotations", args->annotations, "with --task: the annotation file");
  cmd->add_option("--task-param", args->task_params, "with --task: NAME=VALUE of a task parameter");
  cmd->callback([args, cmd] {
    if (cmd->count("--jobs")) check_jobs(args->jobs);
    harness::RunConfig cfg;
    cfg.corpus = args->corpus;
    const std::size_t max_output = parse_output_cap(args->max_output);  // both throw UsageError (exit 2)
    check_timeout(args->timeout);
    for (const auto& e : args->externals) cfg.externals.push_back(parse_external_spec(e, args->timeout, max_output));
    if (args->extractors == "all") {
      for (const auto& info : extractor_registry())
        if (info.name != "GOLD" && info.name != "NONE") cfg.extractors.emplace_back(info.name);
      cfg.extractors.push_back("GOLD");
      cfg.extractors.push_back("NONE");
    } else {
      cfg.extractors = split_list(args->extractors);
    }
    for (const auto& m : args->models) {
      auto eq = m.find('=');
      if (eq == std::string::npos || eq == 0) throw UsageError("--model expects NAME=MODEL, got: " + m);
      cfg.models.emplace_back(m.substr(0, eq), m.substr(eq + 1));
    }
    for (const auto& spec : cfg.externals)
      if (std::find(cfg.extractors.begin(), cfg.extractors.end(), spec.name) == cfg.extractors.end())
        cfg.extractors.push_back(spec.name);
    for (const auto& [name, path] : cfg.models)
      if (std::find(cfg.extractors.begin(), cfg.extractors.end(), name) == cfg.extractors.end())
        cfg.extractors.push_back(name);
    if (args->chains == "all") {
      std::vector<std::string> real;
      for (const auto& e : cfg.extractors)
        if (e != "GOLD" && e != "NONE" && e != "ALL") real.push_back(e);
      cfg.chains = harness::all_pairs(real);
    } else if (args->chains != "none") {
      std::vector<std::string> extra;
      for (const auto& spec : cfg.externals) extra.push_back(spec.name);
      for (const auto& m : cfg.models) extra.push_back(m.first);
      cfg.chains = harness::parse_chain_list(args->chains, extra);
    }
    cfg.metrics = args->metrics;
    cfg.score_options.autojunk = args->autojunk == "yes";
    apply_bench_options(args->bench, cfg.score_options);
    cfg.punkt_dir = args->bench.punkt;
    cfg.text_form_given = !args->bench.text_form.empty();
    cfg.open = open_options(args->bench);
    const metrics::AggregationOptions agg_opts = aggregation_options(args->bench);
    cfg.languages = split_list(args->languages);
    cfg.lang = args->lang;
    cfg.jobs = args->jobs;
    cfg.out = args->out;
    cfg.seed = args->seed;
    cfg.progress = !args->no_progress;
    harness::TaskConfig task;
    if (!args->task.empty()) {  // checked before any page is extracted
      task = task_config(args->task, args->task_resources, args->annotations, args->task_params, args->jobs);
      harness::check_task(task, cfg.corpus, cfg.languages);
    }
    auto result = harness::run(cfg);
    harness::write_run(cfg, result);
    std::optional<harness::TaskResults> task_results;
    if (!args->task.empty()) {
      task_results = harness::run_task_on_run(task, cfg, result);
      if (!cfg.out.empty()) harness::write_task(cfg.out, *task_results, &result);
    }
    // Summary on standard output: Table 2 for `all`, then failures.
    std::size_t failures = 0;
    for (const auto& sys : result.systems)
      for (const auto& p : sys.pages) failures += p.status == "failed";
    if (args->bench.aggregate != "micro") {
      std::vector<std::pair<std::string, const results::ScoreSet*>> named;
      for (const auto& sys : result.systems) named.emplace_back(sys.name, &sys.scores);
      std::cout << reports::render_named_aggregate(named, args->bench.aggregate, agg_opts, "md");
      if (!cfg.out.empty())  // beside the default tables: aggregate-<name>.{md,tsv,json}
        for (const char* fmt : {"md", "tsv", "json"})
          io::write_file_atomic(cfg.out / ("aggregate-" + args->bench.aggregate + "." + fmt),
                                reports::render_named_aggregate(named, args->bench.aggregate, agg_opts, fmt));
    } else {
      reports::TableOptions all_only;
      all_only.languages = {"all"};
      std::cout << reports::write(reports::table2(reports::run_systems(result), result.signature, all_only), "md");
    }
    std::cout << fmt::format("\n{} pages x {} systems in {:.1f} s ({} threads); {} failed page runs\n",
                             result.doc_ids.size(), result.systems.size(), result.seconds,
                             result.provenance.threads, failures);
    for (const auto& sys : result.systems) {
      int shown = 0;
      for (std::size_t i = 0; i < sys.pages.size(); ++i)
        if (sys.pages[i].status == "failed" && shown++ < 5)
          std::cout << fmt::format("  failed: {} {}/{}: {}\n", sys.name, result.doc_langs[i], result.doc_ids[i],
                                   sys.pages[i].reason.substr(0, 200));
    }
    if (task_results)
      std::cout << "\nTable 3 (task " << task.task << ")\n\n" << harness::table3(*task_results, true) << "\n"
                << harness::task_summary(*task_results)
                << fmt::format("task: {:.1f} s\n", task_results->seconds);
    if (!cfg.out.empty())
      std::cout << "results in " << cfg.out.string()
                << "/ (results.json, table2.*, table4.*, per_doc.tsv, pages.tsv, failures.tsv, outputs/"
                << (task_results ? "; task_per_doc.tsv, task.json, table3.*, table4_task.*, correlation.*" : "") << ")\n";
    if (std::string problem = harness::run_problem(result); !problem.empty()) throw WorkFailed(problem);
  });
}

}  // namespace detour::cli
