// `detour sites`: Deturck's (2015) per-site table (his Figure 5.2) for one or more
// systems side by side: for every site with at least --min-pages scored pages, the
// share of pages with cos >= 0.9 ("exactitude"), the mean cosine, and the shares of
// pages where the extracted text T equals the gold T*, lies within it, or contains it.
//   detour sites --corpus ROOT --system [NAME=]DIR [--system [NAME=]DIR ...]
//                [--min-pages 5] [--format tsv|md|table|latex|json] [--missing skip|empty]
//                [--languages LIST] [--jobs N] [--out FILE]
// A system folder is DIR/<lang>/<id> (as `detour run` writes OUT/outputs/<system>) or
// flat DIR/<id>, i.e. any folder `detour score --corpus` accepts; NAME defaults to the
// folder's name. Each document is scored with the `cos` metric through the scoring
// API (runner/scoring.h); the site of a page is base/site.h's: the registered domain
// (Public Suffix List) of the host part of a DANIEL id, else of the URL's host, so that
// news.xinhuanet.com and big5.xinhuanet.com are one site. The rule, with the list's
// digest, is in the table's signature (|sites:...).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <map>
#include <memory>

#include "corpora/corpus.h"
#include "base/errors.h"
#include "base/site.h"
#include "cli/cli.h"
#include "runner/scoring.h"
#include "reports/site_table.h"

namespace detour::cli {

void add_sites_command(CLI::App& app);

namespace {

struct SitesArgs {
  std::string corpus, format = "tsv", missing = "skip", languages, out;
  std::vector<std::string> systems;
  int min_pages = 5;
  int jobs = 0;
};

// "NAME=DIR" or "DIR" (NAME = the folder's name). A DIR that exists is never split,
// so folders whose names contain '=' still work.
std::pair<std::string, std::filesystem::path> parse_system(const std::string& spec) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto eq = spec.find('=');
  if (eq != std::string::npos && eq > 0 && !fs::exists(spec, ec))
    return {spec.substr(0, eq), fs::path(spec.substr(eq + 1))};
  fs::path p(spec);
  std::string name = p.filename().string();
  if (name.empty() || name == "." || name == "..") name = p.parent_path().filename().string();
  if (name.empty()) name = spec;
  return {name, p};
}

}  // namespace

void add_sites_command(CLI::App& app) {
  auto args = std::make_shared<SitesArgs>();
  auto* cmd = app.add_subcommand("sites", "per-site table (Deturck 2015): exactitude (cos >= 0.9), mean cos, "
                                          "T = T*, T within T*, T* within T, systems side by side");
  cmd->add_option("--corpus", args->corpus, "corpus root ROOT/<lang>/gold/<id>")->required();
  cmd->add_option("--system", args->systems,
                  "[NAME=]DIR of system outputs (DIR/<lang>/<id> as `detour run` writes OUT/outputs/<system>, "
                  "or DIR/<id>); repeat for side-by-side columns")
      ->required();
  cmd->add_option("--min-pages", args->min_pages, "only sites with at least this many scored pages")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--format", args->format, "output format")->capture_default_str()
      ->check(CLI::IsMember(format_names()));
  cmd->add_option("--missing", args->missing,
                  "gold files without a system output: skip (as `detour score`) or count as empty")
      ->capture_default_str()
      ->check(CLI::IsMember({"skip", "empty"}));
  cmd->add_option("--languages", args->languages, "only these languages (comma-separated)");
  cmd->add_option("--jobs", args->jobs, "threads (default: every core)");
  cmd->add_option("--out", args->out, "write the table to FILE (atomically) instead of standard output");
  cmd->callback([args, cmd] {
    if (cmd->count("--jobs")) check_jobs(args->jobs);
    const auto langs = split_list(args->languages);
    // URLs, for corpora whose ids are not DANIEL ids (<date>_<host>_<hash>).
    corpora::Corpus corpus = corpora::open_corpus(args->corpus);
    std::map<std::pair<std::string, std::string>, std::string> urls;
    for (const auto& d : corpus.docs)
      if (!d.url.empty()) urls[{d.lang, d.id}] = d.url;
    const std::vector<const metrics::MetricInfo*> ms = {&metrics::find_metric("cos")};
    std::vector<reports::SystemSites> tables;
    std::vector<harness::ScoreSet> sets;
    std::map<std::string, int> names;
    for (const auto& spec : args->systems) {
      auto [name, dir] = parse_system(spec);
      if (names[name]++) name += "#" + std::to_string(names[name]);  // two folders of the same name
      std::vector<std::string> notes;
      auto items = harness::collect_items(args->corpus, dir, true,
                                          args->missing == "skip" ? harness::MissingPolicy::Skip
                                                                  : harness::MissingPolicy::Empty,
                                          notes, langs);
      for (const auto& n : notes) std::cerr << "note: " << name << ": " << n << "\n";
      if (items.empty())
        throw WorkFailed(dir.string() + ": no system output matches a gold file of " + args->corpus);
      auto& set = sets.emplace_back(harness::score_items(items, ms, {}, args->jobs));
      std::vector<std::string> ids, doc_urls;
      std::vector<metrics::DocScore> cos;
      bool any_url = false;
      for (const auto& d : set.docs) {
        ids.push_back(d.id);
        auto u = urls.find({d.lang, d.id});
        doc_urls.push_back(u == urls.end() ? std::string() : u->second);
        any_url = any_url || u != urls.end();
        cos.push_back(d.scores.at(0));
      }
      if (!any_url) doc_urls.clear();
      tables.push_back({name, reports::site_table(ids, doc_urls, cos, args->min_pages)});
    }
    std::vector<const harness::ScoreSet*> set_ptrs;
    for (const auto& set : sets) set_ptrs.push_back(&set);
    const std::string context = results::signature_context("gold", results::gold_fingerprint(set_ptrs), args->missing);
    const std::string signature = metrics::metric_signature(*ms[0], {}) + context + "|sites:" + site_rule();
    std::string note = fmt::format(
        "Per-site table (Deturck 2015), sites with {}+ scored pages; values in percent: exact = share of pages "
        "with cos >= 0.9, mean_cos x100, T=T*, T_in_T* (T within T*), T*_in_T (T* within T); \"all\" = the pages "
        "of the listed sites. {}",
        args->min_pages, signature);
    std::string text = reports::write(reports::site_document(tables, signature, note), args->format);
    if (args->out.empty()) std::cout << text;
    else io::write_file_atomic(args->out, text);
  });
}

}  // namespace detour::cli
