// `detour run`: every selected extractor and chain over a gold corpus, scored.
//   detour run --corpus ROOT [--extractors LIST|all] [--chains LIST|all|none]
//              [--metrics LIST] [--jobs N] [--out DIR] [--languages LIST]
//              [--external NAME='COMMAND']... [--serve NAME='COMMAND']... [--timeout SECONDS] [--max-output SIZE]
//              [--max-restarts N] [--seed N] [--no-progress]
//              [--variant NAME='EXTRACTOR(key=value,...)']... [--sweep EXTRACTOR.key=VALUES]... [--settings FILE]
//              [--store [FILE]] [--resume | --overwrite] [--shard I/N]
//              [--task daniel [--task-resources DIR] [--annotations FILE] [--task-param NAME=VALUE]...]
//              [--confidence[=pm|bounds]] [--resamples N] [--trials N] [--stats-seed N] [--alpha A]
//              [--baselines LIST]
// Stages take settings: --extractors 'JTA(length_low=60)', --chains 'BP-JTA(length_low=60)'.
// `--extractors today` names the adapters of today's extractors (extractors/adapters.h).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <iostream>
#include <thread>
#include <memory>
#include <optional>

#include "base/cpu_time.h"
#include "base/errors.h"
#include "base/io.h"
#include "base/strings.h"
#include "cli/bench_options.h"
#include "cli/cli.h"
#include "cli/cli_report.h"
#include "cli/judgment_options.h"
#include "cli/run_options.h"
#include "extractors/adapters.h"
#include "reports/aggregate_table.h"
#include "runner/runner.h"
#include "runner/task_run.h"
#include "runner/tune.h"
#include "store/store.h"
#include "reports/tables.h"

namespace detour::cli {

void add_run_options(CLI::App* cmd, RunArgs& a) {
  auto* args = &a;
  cmd->add_option("--corpus", args->corpus, "corpus root (ROOT/<lang>/{html,gold}/<id>)")->required();
  cmd->add_option("--extractors", args->extractors,
                  "comma-separated extractors, with settings as NAME(key=value,...), or 'all' (the built-in ones; mixable with other names, as in all,MRD); "
                  "'today' stands for every adapter of today's extractors (MRD, RDL, ...: see `detour list`)")
      ->capture_default_str();
  cmd->add_option("--chains", args->chains,
                  "chains like BP-JTA,JTA-BP; 'all' = every ordered pair of the selected extractors; 'none'")
      ->capture_default_str();
  cmd->add_option("--variant", args->variants,
                  "NAME='EXTRACTOR(key=value,...)': a named setting of an extractor, run as a system and usable "
                  "in chains");
  cmd->add_option("--sweep", args->sweeps,
                  "EXTRACTOR.key=FROM:TO:STEP or EXTRACTOR.key=V1,V2,...: every value as a system of the run "
                  "(several keys of one extractor: their grid)");
  cmd->add_option("--settings", args->settings_file, "JSON file of variants and sweeps (see docs/extractors.md)");
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
  cmd->add_option("--serve", args->serves,
                  "NAME='COMMAND' starts a tool once per worker that speaks the extractor protocol (docs/adapters.md)");
  cmd->add_option("--model", args->models, "NAME=MODEL: an NCleaner model from `detour train` as an extractor");
  cmd->add_option("--timeout", args->timeout, "seconds per page for external and served tools (and adapters)")
      ->capture_default_str();
  cmd->add_option("--max-output", args->max_output,
                  "cap on an external tool's output per page, a served tool's answer line (K, M, G units)")
      ->capture_default_str();
  cmd->add_option("--max-restarts", args->max_restarts,
                  "faults (crashes, hangs, protocol errors, failed starts) a served tool may have in a run before "
                  "it is not started again")
      ->capture_default_str();
  cmd->add_option("--max-page", args->max_page,
                  "largest page (raw bytes, after inflating a compressed one; K, M, G units): a larger one fails")
      ->capture_default_str();
  cmd->add_option("--stage-budget", args->stage_budget,
                  "CPU seconds a built-in stage (or the scoring) may take on one page; over it the stage fails "
                  "on that page (0: no budget)")
      ->capture_default_str();
  cmd->add_option("--isolation", args->isolation,
                  "process: pages run in worker processes under a watchdog that stops a stage at its budget and "
                  "bounds their memory; none: in the run's threads (budgets judged after a stage returns); auto: in "
                  "the run's threads, except every page of a run with --external and pages of more than 1 MiB, which "
                  "run in worker processes")
      ->check(CLI::IsMember({"auto", "process", "none"}))
      ->capture_default_str();
  cmd->add_option("--send-ahead", args->send_ahead,
                  "pages sent to a served tool that takes requests ahead before it has answered the one before, so "
                  "that it works while detour does its own work (docs/adapters.md, Requests ahead); auto: when each "
                  "worker's such tools can each have a core of their own (--jobs x (1 + tools) <= cores)")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  cmd->add_option("--page-memory", args->page_memory,
                  "resident memory a worker process and its external tools may hold for one page beyond what the worker "
                  "shares with the run (K, M, G units); beyond it the stage fails (docs/running.md, Memory bounds)")
      ->capture_default_str();
  cmd->add_option("--keep-pages", args->keep_pages,
                  "memory the pages loaded to train corpus-aware extractors (NC, C45, TDIFF) may keep, so that the run "
                  "does not load them again (a page counted as 8 times its text; K, M, G units; 0, the default: load them "
                  "again, so that memory does not grow with the corpus; e.g. 2G: DANIEL's pages parsed once instead of "
                  "twice, for about 1 GB more; docs/clusters.md)")
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "seed for extractors that sample (training pages, clustering)")
      ->capture_default_str();
  cmd->add_flag("--no-progress", args->no_progress, "no progress display");
  add_bench_options(cmd, args->bench, "--format,--corpus-format");
}

RunPlan make_run_plan(const RunArgs& a, const CLI::App* cmd, std::vector<harness::StageFactory> factories) {
  const RunArgs* args = &a;
  if (cmd->count("--jobs")) check_jobs(args->jobs);
  RunPlan plan;
  harness::RunConfig& cfg = plan.config;
  cfg.corpus = args->corpus;
  const std::size_t max_output = parse_output_cap(args->max_output);  // both throw UsageError (exit 2)
  if (auto cap = parse_byte_size(args->max_page)) cfg.page_limits.max_bytes = *cap;
  else
    throw UsageError("--max-page expects a size such as 32M, 1G or 65536 (bytes; units K, M, G of 1024), from 1 byte "
                     "to 64 GiB, got '" + args->max_page + "'");
  if (!(args->stage_budget >= 0 && args->stage_budget <= 86400))
    throw UsageError("--stage-budget expects seconds from 0 (no budget) to 86400, got " +
                     std::to_string(args->stage_budget));
  cfg.stage_budget = args->stage_budget;
  cfg.isolation = args->isolation == "none"      ? harness::RunConfig::Isolation::None
                  : args->isolation == "process" ? harness::RunConfig::Isolation::Process
                                                 : harness::RunConfig::Isolation::Auto;
  cfg.send_ahead = args->send_ahead == "always"  ? harness::RunConfig::Ahead::Always
                   : args->send_ahead == "never" ? harness::RunConfig::Ahead::Never
                                                 : harness::RunConfig::Ahead::Auto;
  if (auto mem = parse_byte_size(args->page_memory)) cfg.page_memory = *mem;
  else
    throw UsageError("--page-memory expects a size such as 1G or 512M (units K, M, G of 1024), from 1 byte to 64 GiB, "
                     "got '" + args->page_memory + "'");
  if (args->keep_pages == "0") cfg.keep_pages = 0;
  else if (auto keep = parse_byte_size(args->keep_pages)) cfg.keep_pages = *keep;
  else
    throw UsageError("--keep-pages expects a size such as 2G or 512M (units K, M, G of 1024), or 0, got '" +
                     args->keep_pages + "'");
  check_timeout(args->timeout);
  for (const auto& e : args->externals) cfg.externals.push_back(parse_external_spec(e, args->timeout, max_output));
  cfg.max_restarts = check_max_restarts(args->max_restarts);
  cfg.tool_timeout = args->timeout;
  cfg.tool_max_output = max_output;
  for (const auto& e : args->serves)
    cfg.serves.push_back(parse_serve_spec(e, args->timeout, max_output, cfg.max_restarts));
  for (const auto& m : args->models) {
    auto eq = m.find('=');
    if (eq == std::string::npos || eq == 0) throw UsageError("--model expects NAME=MODEL, got: " + m);
    cfg.models.emplace_back(m.substr(0, eq), m.substr(eq + 1));
  }
  std::vector<harness::SweepAxis> axes;
  if (!args->settings_file.empty()) {
    harness::SettingsFile file = harness::read_settings_file(args->settings_file);
    cfg.variants = std::move(file.variants);
    axes = std::move(file.sweeps);
  }
  for (const auto& v : args->variants) cfg.variants.push_back(harness::parse_variant(v));
  for (std::size_t i = 0; i < cfg.variants.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (cfg.variants[i].name == cfg.variants[j].name)
        throw UsageError("--variant " + cfg.variants[i].name + ": defined twice");
  for (const auto& s : args->sweeps) axes.push_back(harness::parse_sweep(s));
  cfg.factories = std::move(factories);
  const harness::PipelineConfig& pipeline_config = cfg;  // RunConfig is a SystemsSpec, a PipelineConfig
  plan.sweeps = harness::expand_sweeps(axes, pipeline_config);
  if (args->extractors == "all" || plan.sweeps.empty() || cmd->count("--extractors")) {
    // 'all' stands for every built-in extractor (GOLD and NONE last), a preset among the
    // names ('today') for its systems; each can be mixed with other names ('all,MRD').
    std::vector<std::string> names;
    bool all = false;
    for (auto& item : split_top_level(args->extractors, ',')) {
      if (item == "all") {
        all = true;
        for (const auto& info : extractor_registry())
          if (info.name != "GOLD" && info.name != "NONE") names.emplace_back(info.name);
      } else if (const Preset* p = find_preset(item)) {
        names.insert(names.end(), p->systems.begin(), p->systems.end());
      } else {
        names.push_back(item);
      }
    }
    if (all) names.insert(names.end(), {"GOLD", "NONE"});
    std::vector<std::string> once;  // a name given twice ('all,BP') runs once
    for (auto& n : names)
      if (std::find(once.begin(), once.end(), n) == once.end()) once.push_back(std::move(n));
    cfg.extractors = harness::parse_stage_list(join(once, ","), pipeline_config);
  }
  auto add = [&](const std::string& name) {
    if (std::find(cfg.extractors.begin(), cfg.extractors.end(), name) == cfg.extractors.end())
      cfg.extractors.push_back(name);
  };
  for (const auto& spec : cfg.externals) add(spec.name);
  for (const auto& spec : cfg.serves) {  // unless listed with settings
    bool listed = false;
    for (const auto& e : cfg.extractors) listed = listed || parse_stage_spec(e).name == spec.name;
    if (!listed) add(spec.name);
  }
  for (const auto& m : cfg.models) add(m.first);
  for (const auto& v : cfg.variants) add(v.name);
  for (const auto& f : cfg.factories) add(f.name);
  for (const auto& g : plan.sweeps)
    for (const auto& sys : g.systems()) add(sys);
  if (args->chains == "all") {
    std::vector<std::string> real;
    for (const auto& e : cfg.extractors)
      if (e != "GOLD" && e != "NONE" && e != "ALL") real.push_back(e);
    cfg.chains = harness::all_pairs(real);
  } else if (args->chains != "none") {
    cfg.chains = harness::parse_chain_list(args->chains, pipeline_config);
  }
  cfg.metrics = args->metrics;
  cfg.score_options.autojunk = args->autojunk == "yes";
  apply_bench_options(args->bench, cfg.score_options);
  cfg.punkt_dir = args->bench.punkt;
  cfg.text_form_given = !args->bench.text_form.empty();
  cfg.open = open_options(args->bench);
  cfg.languages = split_list(args->languages);
  cfg.lang = args->lang;
  cfg.jobs = args->jobs;
  cfg.out = args->out;
  cfg.seed = args->seed;
  cfg.progress = !args->no_progress;
  return plan;
}

void add_run_extras(CLI::App* cmd, RunExtras& extras) {
  cmd->add_flag("--report", extras.report, "also write the HTML report of the run to OUT/report (see detour report)");
  cmd->add_option("--store", extras.store,
                  "record the run in this results store (alone: the default store, " +
                      store::default_store_path().string() + ")")
      ->expected(0, 1)
      ->default_str(store::default_store_path().string());
  cmd->add_flag("--resume", extras.resume, "finish the run recorded in --out (or --store): only the pages not done");
  cmd->add_flag("--overwrite", extras.overwrite, "replace the run whose outputs --out holds");
  cmd->add_option("--shard", extras.shard, "run share I of N of the pages (merge the shares with `detour merge`)")
      ->capture_default_str();
  cmd->add_option("--prepared", extras.prepared,
                  "what the corpus-aware stages learnt, from `detour prepare` with the same options: restored instead "
                  "of learning from the corpus (refused when it does not fit the run); a shard run into OUT/shard-I "
                  "uses OUT/prepared.state when there is one");
  cmd->add_option("--task", extras.task, "a downstream task (daniel) on every system and the gold texts: Table 3");
  cmd->add_option("--task-resources", extras.task_resources, "with --task: folder of its resource lists");
  cmd->add_option("--annotations", extras.annotations, "with --task: the annotation file");
  cmd->add_option("--task-param", extras.task_params, "with --task: NAME=VALUE of a task parameter");
}

RunOutcome execute_run(RunPlan& plan, const RunArgs& args, JudgmentArgs& judgments, const RunExtras& extras) {
  harness::RunConfig& cfg = plan.config;
  judgments.resamples = static_cast<std::uint32_t>(std::max(0, args.bench.resamples));
  cfg.judgments = judgment_settings(judgments);
  cfg.store = extras.store;
  cfg.resume = extras.resume;
  cfg.overwrite = extras.overwrite;
  cfg.shard = harness::parse_shard(extras.shard);
  cfg.prepared = extras.prepared;
  cfg.aggregate = args.bench.aggregate;
  cfg.aggregation = aggregation_options(args.bench);
  harness::TaskConfig task;
  if (!extras.task.empty()) {  // checked before any page is extracted
    task = task_config(extras.task, extras.task_resources, extras.annotations, extras.task_params, args.jobs);
    harness::check_task(task, cfg.corpus, cfg.languages);
  }
  // The task decides each page's texts as the run completes the page.
  std::unique_ptr<harness::TaskDuringRun> during;
  if (!extras.task.empty()) {
    task.judgments = cfg.judgments;
    during = std::make_unique<harness::TaskDuringRun>(task, cfg, cfg.out);
    cfg.on_page = [d = during.get()](const harness::CompletedPage& page) { d->page(page); };
  }
  RunOutcome outcome;
  outcome.result = harness::run(cfg);
  cfg.on_page = nullptr;  // (`during` goes with this call)
  const harness::RunResult& result = outcome.result;
  // The task's rows first (decided during the run; the pages it did not decide, done by
  // an earlier run or in a worker process, from the output folder): Table 4 then has its
  // column group.
  if (during) {
    outcome.task = harness::run_task_on_run(task, cfg, cfg.out, result, during.get());
    const double cpu0 = process_cpu_seconds();
    outcome.table3 = harness::table3(*outcome.task);
    outcome.task_sets = harness::task_score_sets(*outcome.task);
    outcome.task_tables_cpu += process_cpu_seconds() - cpu0;
  }
  harness::write_run(cfg, result,
                     outcome.task ? harness::table4_task_systems(*outcome.task, outcome.task_sets)
                                  : std::vector<reports::SystemScores>{});
  if (!plan.sweeps.empty() && !cfg.out.empty()) harness::write_sweep_tables(cfg.out, result, plan.sweeps, {});
  if (outcome.task && !cfg.out.empty()) {
    const double cpu0 = process_cpu_seconds();
    harness::write_task(cfg.out, *outcome.task, &result, *outcome.table3);
    outcome.task_tables_cpu += process_cpu_seconds() - cpu0;
  }
  return outcome;
}

void add_run_command(CLI::App& app) {
  auto args = std::make_shared<RunArgs>();
  auto judgments = std::make_shared<JudgmentArgs>();  // run only: tune has its own statistics options
  auto* cmd = app.add_subcommand("run", "apply extractors and chains to a gold corpus and score them");
  add_run_options(cmd, *args);
  add_judgment_options(cmd, *judgments, /*with_confidence=*/true, /*seed_alias=*/false);
  auto lasting = std::make_shared<RunExtras>();  // run only: the results store, resuming, shards; the task
  add_run_extras(cmd, *lasting);
  cmd->callback([args, judgments, lasting, cmd] {
    if (lasting->report && args->out.empty()) throw UsageError("--report needs --out (the report goes to OUT/report)");
    RunPlan plan = make_run_plan(*args, cmd);
    RunOutcome outcome = execute_run(plan, *args, *judgments, *lasting);
    const harness::RunConfig& cfg = plan.config;
    const metrics::AggregationOptions agg_opts = aggregation_options(args->bench);
    const harness::RunResult& result = outcome.result;
    const std::optional<harness::TaskResults>& task_results = outcome.task;
    const std::optional<harness::Table3>& task_table3 = outcome.table3;
    const double task_tables_cpu = outcome.task_tables_cpu;
    // Summary on standard output: Table 2 for `all`, then failures.
    std::size_t failures = 0;
    for (const auto& sys : result.systems)
      for (const auto& p : sys.pages) failures += p.status == "failed";
    if (args->bench.aggregate != "micro") {
      std::vector<std::pair<std::string, const results::ScoreSet*>> named;
      for (const auto& sys : result.systems) named.emplace_back(sys.name, &sys.scores);
      // (write_run wrote aggregate-<name>.{md,tsv,json} beside the default tables)
      std::cout << reports::render_named_aggregate(named, args->bench.aggregate, agg_opts, "md");
    } else {
      reports::TableOptions all_only = reports::run_table_options(result);
      all_only.languages = {"all"};
      std::cout << reports::write(reports::table2(reports::run_systems(result), result.signature, all_only), "md");
    }
    std::cout << fmt::format("\n{} pages x {} systems in {:.1f} s ({} threads); {} failed page runs\n",
                             result.doc_ids.size(), result.systems.size(), result.seconds,
                             result.provenance.threads, failures);
    if (!result.shard.whole())
      std::cout << fmt::format("shard {} of the corpus: merge the shards with `detour merge`\n", result.shard.str());
    if (result.resumed)
      std::cout << fmt::format("{} of the pages were done by an earlier run (--resume)\n", result.resumed);
    if (result.store_run)
      std::cout << fmt::format("recorded in {} as run {}\n", cfg.store.string(), result.store_run);
    for (const auto& sys : result.systems) {
      int shown = 0;
      for (std::size_t i = 0; i < sys.pages.size(); ++i)
        if (sys.pages[i].status == "failed" && shown++ < 5)
          std::cout << fmt::format("  failed: {} {}/{}: {}\n", sys.name, result.doc_langs[i], result.doc_ids[i],
                                   sys.pages[i].reason.substr(0, 200));
    }
    if (task_results)
      std::cout << "\n" << reports::write(task_table3->table, "md") << "\n"
                << harness::task_summary(*task_results)
                << fmt::format("task: {:.1f} s ({} texts decided)\n", task_results->seconds, task_results->decided)
                << fmt::format("task CPU: {:.2f} s setting up, taking and deciding the texts, {:.2f} s for its "
                               "tables and files; the rest of the run {:.2f} s\n",
                               task_results->cpu_seconds, task_tables_cpu,
                               process_cpu_seconds() - task_results->cpu_seconds - task_tables_cpu);
    if (!cfg.out.empty())
      std::cout << "results in " << cfg.out.string()
                << "/ (results.json, table2.*, table4.*, per_doc.tsv, pages.tsv, failures.tsv, outputs/"
                << (plan.sweeps.empty() ? "" : ", sweep.{md,tsv,json}")
                << (task_results ? "; task_per_doc.tsv, task.json, table3.*, table3_tests.*, table4_task.*, correlation.*; "
                                 "table4.* with the task's column group"
                              : "")
                << ")\n";
    if (lasting->report) {
      ReportArgs ra;
      ra.resamples = static_cast<int>(judgments->resamples);  // the run's --resamples and --stats-seed
      ra.seed = judgments->seed;
      ra.corpus = args->corpus;
      ra.open = cfg.open;
      ra.jobs = args->jobs;
      write_report({cfg.out.string()}, (cfg.out / "report").string(), ra);
    }
    if (std::string problem = harness::run_problem(result); !problem.empty()) throw WorkFailed(problem);
  });
}

}  // namespace detour::cli
