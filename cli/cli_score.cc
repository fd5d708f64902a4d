// `detour score`: scores system outputs against gold references.
//   detour score (--gold DIR | --corpus ROOT) --system DIR [--system DIR ...]
//                [--metrics tm,tag,tmu,to,car,lcs,cos] [--autojunk yes|no] [--per-doc]
//                [--format table|tsv|md|latex|json] [--missing skip|empty] [--jobs N] [--out FILE]
//                [--confidence[=pm|bounds]] [--resamples N (0: no intervals)] [--seed N]
// Several --system folders are scored in one pass, gold-major, so that each gold
// file is read and tokenised once; the output then has one block per system. JSON
// is always {"systems": {"<name>": {...}}}, the shape of results.json; the other
// formats render the tables of reports/score_table.h.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <tuple>
#include <memory>
#include <optional>

#include "corpora/corpus.h"
#include "base/errors.h"
#include "cli/bench_options.h"
#include "cli/cli.h"
#include "cli/judgment_options.h"
#include "reports/judge.h"
#include "reports/aggregate_table.h"
#include "reports/score_table.h"
#include "runner/scoring.h"

#include <nlohmann/json.hpp>

namespace detour::cli {

namespace {
struct ScoreArgs {
  std::string gold, corpus;
  std::vector<std::string> systems;
  std::string metrics = "tm,tag,to,car,lcs", autojunk = "yes", format = "table",
                                    missing = "skip", out, languages;
  bool per_doc = false, timings = false;
  int jobs = 0;
  BenchArgs bench;  // --corpus-format, --aggregate and the benchmark metrics' settings (bench_options.h)
  JudgmentArgs judgments;  // --confidence, --resamples, --trials, --seed, --alpha
};

// `detour score` with its options read: scores every system, prints or writes the
// table, and its notes to standard error.
void score_command(ScoreArgs& args, bool jobs_given) {
  if (jobs_given) check_jobs(args.jobs);
  if (args.gold.empty() && args.corpus.empty()) throw UsageError("--gold or --corpus is required");
  const metrics::AggregationOptions agg_opts = aggregation_options(args.bench);
  const std::vector<std::string> langs = split_list(args.languages);
  auto ms = metrics::parse_metric_list(args.metrics);
  metrics::ScoreOptions opts;
  opts.autojunk = args.autojunk == "yes";
  apply_bench_options(args.bench, opts);
  metrics::prepare_metrics(ms, opts, args.bench.punkt);
  const auto t_start = std::chrono::steady_clock::now();
  metrics::set_kernel_timing(args.timings);
  bool corpus_layout = !args.corpus.empty();
  const auto missing = args.missing == "skip" ? harness::MissingPolicy::Skip : harness::MissingPolicy::Empty;
  const std::size_t n_sys = args.systems.size();
  // Items of every system, then gold-major order (stable: each system keeps its own).
  std::vector<std::vector<std::string>> notes(n_sys);
  std::vector<harness::ScoreItem> items;
  std::vector<std::pair<std::size_t, std::size_t>> origin;  // (system, index within it)
  harness::GoldListings listings;  // the gold folders are listed once for all systems
  // Corpora other than the DANIEL layout, and outputs given as one file, go through
  // the corpus readers (corpora/format.h); the DANIEL layout keeps the batched path.
  std::optional<corpora::Corpus> corpus;
  std::vector<harness::CorpusGold> golds;
  std::size_t failures = 0;
  if (corpus_layout && use_corpus_reader(args.corpus, args.bench.format, args.systems)) {
    corpus = corpora::open_corpus(args.corpus, open_options(args.bench));
    for (const auto& w : corpus->warnings) std::cerr << "note: " << w << "\n";
    golds = harness::load_corpus_golds(*corpus, langs);
    if (args.bench.text_form.empty()) {
      using metrics::TextForm;
      opts.text_form_gold = corpus->plain_text_gold  ? TextForm::kRaw
                            : corpus->cleaneval_gold ? TextForm::kCleanEvalGold
                                                     : TextForm::kAuto;
      const bool files = std::all_of(args.systems.begin(), args.systems.end(), [](const std::string& s) {
        return !std::filesystem::is_directory(s);
      });
      opts.text_form_system = files ? TextForm::kRaw : TextForm::kAuto;
    }
  }
  for (std::size_t k = 0; k < n_sys; ++k) {
    auto part = corpus ? harness::collect_corpus_items(golds, args.systems[k], missing, notes[k], failures)
                       : harness::collect_items(corpus_layout ? args.corpus : args.gold, args.systems[k],
                                                corpus_layout, missing, notes[k], langs, &listings);
    for (std::size_t i = 0; i < part.size(); ++i) {
      items.push_back(std::move(part[i]));
      origin.emplace_back(k, i);
    }
  }
  std::vector<std::size_t> order(items.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::tie(items[a].lang, items[a].id) < std::tie(items[b].lang, items[b].id);
  });
  std::vector<harness::ScoreItem> sorted;
  sorted.reserve(items.size());
  for (std::size_t i : order) sorted.push_back(std::move(items[i]));
  auto all = harness::score_items(sorted, ms, opts, args.jobs);
  std::vector<harness::ScoreSet> sets(n_sys);
  for (std::size_t k = 0; k < n_sys; ++k) {
    sets[k].metrics = all.metrics;
    sets[k].options = all.options;
    sets[k].notes = notes[k];
    sets[k].has_languages = corpus ? !corpus->languages.empty() : corpus_layout && all.has_languages;
  }
  for (std::size_t k = 0; k < n_sys; ++k) {
    std::size_t count = 0;
    for (const auto& o : origin) count += o.first == k;
    sets[k].docs.resize(count);
  }
  for (std::size_t pos = 0; pos < order.size(); ++pos) {
    auto [k, i] = origin[order[pos]];
    sets[k].docs[i] = std::move(all.docs[pos]);
  }
  // Each system's signature names the gold texts it was scored against (the same
  // whether it is scored alone or beside others).
  for (auto& set : sets) set.context = results::signature_context("gold", results::gold_fingerprint({&set}), args.missing);
  // Confidence intervals from the per-document counts (reports/judge.h), computed
  // only when a table shows them (--confidence); --resamples 0 switches them off.
  if (args.bench.resamples == 0 && !args.judgments.confidence.empty())
    throw UsageError("--confidence needs --resamples 1 or more (--resamples 0: no intervals)");
  args.judgments.resamples = static_cast<std::uint32_t>(std::max(1, args.bench.resamples));
  const results::JudgmentSettings judgments = judgment_settings(args.judgments);
  if (!judgments.intervals.empty()) {
    std::vector<results::ScoreSet*> set_ptrs;
    for (auto& set : sets) set_ptrs.push_back(&set);
    reports::add_intervals(set_ptrs, reports::JudgeOptions::from(judgments, static_cast<unsigned>(args.jobs)));
  }
  // Display names: folder names, or the paths as given when two share a name.
  std::vector<std::string> names;
  for (const auto& dir : args.systems) {
    std::filesystem::path p(dir);
    std::string base = (p.has_filename() ? p.filename() : p.parent_path().filename()).string();
    for (std::string_view ext : {".json.gz", ".jsonl.gz", ".json", ".jsonl"})  // an outputs file: its stem
      if (base.size() > ext.size() && base.compare(base.size() - ext.size(), ext.size(), ext) == 0 &&
          !std::filesystem::is_directory(p)) {
        base.resize(base.size() - ext.size());
        break;
      }
    names.push_back(base.empty() ? dir : base);
  }
  for (std::size_t a = 0; a < n_sys; ++a)
    for (std::size_t b = a + 1; b < n_sys; ++b)
      if (names[a] == names[b]) names[a] = args.systems[a], names[b] = args.systems[b];
  std::string text;
  if (args.bench.aggregate != "micro") {
    std::vector<std::pair<std::string, const results::ScoreSet*>> named;
    for (std::size_t k = 0; k < n_sys; ++k) named.emplace_back(names[k], &sets[k]);
    text = reports::render_named_aggregate(named, args.bench.aggregate, agg_opts, args.format);
  } else if (args.format == "json") {  // one shape whatever the number of systems, as results.json
    nlohmann::json j;
    for (std::size_t k = 0; k < n_sys; ++k) j["systems"][names[k]] = results::to_json(sets[k], args.per_doc);
    text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  } else {
    std::vector<reports::SystemScores> systems;
    for (std::size_t k = 0; k < n_sys; ++k) systems.push_back({names[k], &sets[k]});
    text = reports::write(reports::score_document(systems, reports::score_layout(args.format), args.per_doc,
                                                  judgments.intervals == "bounds" ? reports::IntervalStyle::Bounds
                                                                                  : reports::IntervalStyle::HalfWidth),
                          args.format);
  }
  std::size_t n_notes = 0, n_docs = 0;
  for (std::size_t k = 0; k < n_sys; ++k) {
    for (const auto& n : notes[k]) std::cerr << "note: " << (n_sys > 1 ? names[k] + ": " : "") << n << "\n";
    n_notes += notes[k].size();
    n_docs += sets[k].docs.size();
  }
  if (n_notes > 0) std::cerr << fmt::format("note: {} document(s) scored, {} note(s) above\n", n_docs, n_notes);
  if (args.out.empty()) std::cout << text;
  else io::write_file_atomic(args.out, text);
  if (n_docs == 0) throw WorkFailed("no document was scored (no system file has a gold counterpart)");
  if (failures > 0) std::cerr << fmt::format("note: {} document(s) failed (unusable gold or output), not scored\n", failures);
  if (args.timings) {
    double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
    double kernel = metrics::kernel_seconds();
    std::cerr << fmt::format("total_seconds\t{:.6f}\nkernel_seconds\t{:.6f}\n", total, kernel);
  }
}

}  // namespace

void add_score_command(CLI::App& app) {
  auto args = std::make_shared<ScoreArgs>();
  auto* cmd = app.add_subcommand("score", "score system outputs against gold references (CleanEval protocol)");
  auto* gold = cmd->add_option("--gold", args->gold, "folder of gold files (flat)");
  auto* corpus = cmd->add_option("--corpus", args->corpus, "corpus root ROOT/<lang>/gold/<id>");
  gold->excludes(corpus);
  cmd->add_option("--system", args->systems,
                  "folder of system outputs (DIR/<id> or DIR/<lang>/<id>); repeat to score several")
      ->required();
  cmd->add_option("--metrics", args->metrics, "comma-separated metrics; 'all' (CleanEval-protocol ones), 'bench' (shingle, rougelsum, levenshtein, bow, teds), 'everything'")->capture_default_str();
  cmd->add_option("--autojunk", args->autojunk, "difflib's popular-element rule")->capture_default_str()
      ->check(CLI::IsMember({"yes", "no"}));
  cmd->add_flag("--per-doc", args->per_doc, "also print one row per document");
  cmd->add_option("--format", args->format, "output format")->capture_default_str()
      ->check(CLI::IsMember(format_names()));
  cmd->add_option("--missing", args->missing,
                  "gold files without a system output: skip (as cleaneval.py) or count as empty")->capture_default_str()
      ->check(CLI::IsMember({"skip", "empty"}));
  cmd->add_option("--languages", args->languages, "with --corpus: only these languages (comma-separated)");
  cmd->add_option("--jobs", args->jobs, "threads (default: every core)");
  cmd->add_option("--out", args->out, "write the result to FILE (atomically) instead of standard output");
  add_bench_options(cmd, args->bench, "--corpus-format");
  add_judgment_options(cmd, args->judgments, /*with_confidence=*/true, /*seed_alias=*/true);
  cmd->add_flag("--timings", args->timings,
                "print to standard error the seconds spent reading+tokenising, in the kernel (interning and "
                "matching) and in all");
  cmd->callback([args, cmd] { score_command(*args, cmd->count("--jobs") > 0); });
}

}  // namespace detour::cli
