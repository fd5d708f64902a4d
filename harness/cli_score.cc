// `detour score`: scores system outputs against gold references.
//   detour score (--gold DIR --system DIR | --corpus ROOT --system DIR)
//                [--metrics tm,tag,tmu,to,car,lcs,cos] [--autojunk yes|no] [--per-doc]
//                [--format table|tsv|md|json] [--missing skip|empty] [--jobs N] [--out FILE]
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <memory>

#include "corpora/corpus.h"
#include "harness/cli.h"
#include "harness/scoring.h"

namespace detour::cli {

namespace {
struct ScoreArgs {
  std::string gold, corpus, system, metrics = "tm,tag,to,car,lcs", autojunk = "yes", format = "table",
                                    missing = "skip", out, languages;
  bool per_doc = false;
  int jobs = 0;
};
}  // namespace

void add_score_command(CLI::App& app) {
  auto args = std::make_shared<ScoreArgs>();
  auto* cmd = app.add_subcommand("score", "score system outputs against gold references (CleanEval protocol)");
  auto* gold = cmd->add_option("--gold", args->gold, "folder of gold files (flat)");
  auto* corpus = cmd->add_option("--corpus", args->corpus, "corpus root ROOT/<lang>/gold/<id>");
  gold->excludes(corpus);
  cmd->add_option("--system", args->system, "folder of system outputs (DIR/<id> or DIR/<lang>/<id>)")->required();
  cmd->add_option("--metrics", args->metrics, "comma-separated metrics, or 'all'")->capture_default_str();
  cmd->add_option("--autojunk", args->autojunk, "difflib's popular-element rule")->capture_default_str()
      ->check(CLI::IsMember({"yes", "no"}));
  cmd->add_flag("--per-doc", args->per_doc, "also print one row per document");
  cmd->add_option("--format", args->format, "output format")->capture_default_str()
      ->check(CLI::IsMember({"table", "tsv", "md", "json"}));
  cmd->add_option("--missing", args->missing,
                  "gold files without a system output: skip (as cleaneval.py) or count as empty")->capture_default_str()
      ->check(CLI::IsMember({"skip", "empty"}));
  cmd->add_option("--languages", args->languages, "with --corpus: only these languages (comma-separated)");
  cmd->add_option("--jobs", args->jobs, "threads (0 = all cores)")->capture_default_str();
  cmd->add_option("--out", args->out, "write the result to FILE (atomically) instead of standard output");
  cmd->callback([args] {
    if (args->gold.empty() && args->corpus.empty()) throw CLI::RequiredError("--gold or --corpus");
    std::vector<std::string> langs;
    for (std::size_t s = 0; s < args->languages.size();) {
      auto c = args->languages.find(',', s);
      if (c == std::string::npos) c = args->languages.size();
      if (c > s) langs.push_back(args->languages.substr(s, c - s));
      s = c + 1;
    }
    auto ms = metrics::parse_metric_list(args->metrics);
    metrics::ScoreOptions opts;
    opts.autojunk = args->autojunk == "yes";
    std::vector<std::string> notes;
    bool corpus_layout = !args->corpus.empty();
    auto items = harness::collect_items(corpus_layout ? args->corpus : args->gold, args->system, corpus_layout,
                                        args->missing == "skip" ? harness::MissingPolicy::Skip
                                                                : harness::MissingPolicy::Empty,
                                        notes, langs);
    auto set = harness::score_items(items, ms, opts, args->jobs);
    set.notes = notes;
    if (!corpus_layout) set.has_languages = false;
    std::string text = args->format == "json" ? harness::to_json(set, args->per_doc).dump(2) + "\n"
                                              : harness::render_scores(set, args->format, args->per_doc);
    for (const auto& n : notes) std::cerr << "note: " << n << "\n";
    if (!notes.empty())
      std::cerr << fmt::format("note: {} document(s) scored, {} note(s) above\n", set.docs.size(), notes.size());
    if (args->out.empty()) std::cout << text;
    else corpora::write_file_atomic(args->out, text);
  });
}

}  // namespace detour::cli
