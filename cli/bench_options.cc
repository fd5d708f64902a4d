// bench_options: see bench_options.h.
#include "cli/bench_options.h"

#include <CLI/CLI.hpp>

#include <filesystem>

#include "base/errors.h"
#include "corpora/format.h"

namespace detour::cli {

void add_bench_options(CLI::App* cmd, BenchArgs& a, const std::string& format_flag, bool scoring) {
  std::string names;
  for (const auto& f : corpora::corpus_formats()) names += (names.empty() ? "" : ", ") + std::string(f.name);
  cmd->add_option(format_flag, a.format, "corpus format (" + names + "); default: detected from the layout");
  cmd->add_option("--dragnet-comments", a.dragnet_comments,
                  "Dragnet gold: drop the comments (default), keep them, or raw (as stored, as WCEB)")
      ->check(CLI::IsMember({"drop", "keep", "raw"}))
      ->capture_default_str();
  cmd->add_option("--l3s-classes", a.l3s_classes, "L3S-GN1 gold: the x-nc-sel classes taken (WCEB: 1,2,3)")
      ->capture_default_str();
  if (!scoring) return;
  cmd->add_option("--rouge", a.rouge,
                  "rougelsum setting: wceb (Punkt sentences, whitespace tokens), lines-ws, default (rouge-score's)")
      ->check(CLI::IsMember({"wceb", "lines-ws", "default"}))
      ->capture_default_str();
  cmd->add_option("--punkt", a.punkt,
                  "NLTK's Punkt English model for --rouge wceb: a punkt_tab folder or a JSON file ($DETOUR_PUNKT; "
                  "default: Debian's golang-gopkg-neurosnap-sentences.v1-dev data/english.json)");
  cmd->add_option("--text-form", a.text_form,
                  "what the benchmark metrics score of both sides: raw, markup (converted to text), cleaneval-gold "
                  "(a CleanEval gold file read as WCEB reads it), auto (cleaneval-gold when a text starts with "
                  "'URL:', markup when with '<'); default: raw for plain-text benchmark golds and outputs files, "
                  "cleaneval-gold for CleanEval 2007 and CleanPortalEval gold, markup for detour's outputs, else auto")
      ->check(CLI::IsMember({"auto", "raw", "markup", "cleaneval-gold"}));
  cmd->add_option("--aggregate", a.aggregate,
                  "micro (default tables), f1-of-means (Scrapinghub), mean-median (WCEB)")
      ->capture_default_str();
  cmd->add_option("--resamples", a.resamples, "bootstrap resamples (confidence intervals, --aggregate f1-of-means)")->capture_default_str();
  cmd->add_option("--resample-seed", a.resample_seed, "seed of those resamples (Python's random.seed)")
      ->capture_default_str();
}

corpora::OpenOptions open_options(const BenchArgs& a) {
  corpora::OpenOptions o;
  o.format = a.format;
  o.dragnet_comments = a.dragnet_comments;
  o.l3s_classes = a.l3s_classes;
  if (!o.format.empty()) corpora::find_corpus_format(o.format);  // UsageError on an unknown name
  return o;
}

void apply_bench_options(const BenchArgs& a, metrics::ScoreOptions& opts) {
  opts.rouge = metrics::parse_rouge_setting(a.rouge);
  if (!a.text_form.empty()) opts.text_form_gold = opts.text_form_system = metrics::parse_text_form(a.text_form);
}

metrics::AggregationOptions aggregation_options(const BenchArgs& a) {
  metrics::find_aggregation(a.aggregate);
  if (a.resamples < 0 || a.resamples > 1000000)
    throw UsageError("--resamples " + std::to_string(a.resamples) + ": expected 0 to 1000000");
  return {a.resamples, a.resample_seed};
}

bool use_corpus_reader(const std::string& root, const std::string& format, const std::vector<std::string>& systems) {
  for (const auto& s : systems) {
    std::error_code ec;
    if (std::filesystem::exists(s, ec) && !std::filesystem::is_directory(s, ec)) return true;
  }
  if (!format.empty()) {
    corpora::find_corpus_format(format);
    return format != "daniel";
  }
  const corpora::CorpusFormat* f = corpora::detect_corpus_format(root);
  return f && f->name != "daniel";
}

}  // namespace detour::cli
