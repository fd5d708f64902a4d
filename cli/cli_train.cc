// `detour train`: builds an NCleaner model from (raw page, gold) pairs of a corpus.
//   detour train --corpus ROOT --out MODEL [--languages LIST] [--pages N] [--seed S]
//                [--n 3] [--mode 1] [--q 0.6] [--bias 0]
// Pages are chosen with a seeded shuffle (the same pages for the same seed); their
// ids are written to MODEL.pages so a run can exclude them. The model is used with
// `detour run --model NAME=MODEL` or `detour extract --model MODEL`.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <random>

#include "corpora/corpus.h"
#include "extractors/ncleaner/model.h"
#include "cli/cli.h"

namespace detour::cli {

void add_train_command(CLI::App& app) {
  struct Args {
    std::string corpus, out, languages;
    std::size_t pages = 25;
    std::uint64_t seed = 42;
    ncleaner::Options opts;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("train", "train an NCleaner model on (page, gold) pairs of a corpus");
  cmd->add_option("--corpus", args->corpus, "corpus root")->required();
  cmd->add_option("--out", args->out, "model file to write")->required();
  cmd->add_option("--languages", args->languages, "only pages of these languages (comma-separated)");
  cmd->add_option("--pages", args->pages, "pairs to train on (0 = all)")->capture_default_str();
  cmd->add_option("--seed", args->seed, "seed of the page choice")->capture_default_str();
  cmd->add_option("--n", args->opts.n, "n-gram order")->capture_default_str();
  cmd->add_option("--mode", args->opts.mode, "normalisation mode 0-3")->capture_default_str();
  cmd->add_option("--q", args->opts.q, "interpolation factor")->capture_default_str();
  cmd->add_option("--bias", args->opts.bias, "bias in bits")->capture_default_str();
  cmd->callback([args] {
    ncleaner::validate(args->opts);
    corpora::Corpus corpus = corpora::open_corpus(args->corpus);
    std::vector<const corpora::CorpusDoc*> docs;
    for (const auto& d : corpus.docs) {
      if (d.html_path.empty() || d.gold_path.empty()) continue;
      if (!args->languages.empty() && ("," + args->languages + ",").find("," + d.lang + ",") == std::string::npos)
        continue;
      docs.push_back(&d);
    }
    if (docs.empty()) throw std::runtime_error(args->corpus + ": no (page, gold) pairs for these languages");
    // Seeded Fisher-Yates over raw mt19937_64 outputs (portable, unlike std::shuffle).
    std::mt19937_64 rng(args->seed);
    for (std::size_t i = docs.size(); i > 1; --i) std::swap(docs[i - 1], docs[rng() % i]);
    if (args->pages > 0 && docs.size() > args->pages) docs.resize(args->pages);
    std::vector<std::pair<std::string, std::string>> pairs;
    std::string ids;
    for (const auto* d : docs) {
      Page p = corpora::load_page(*d);
      std::string gold = corpora::load_gold_bytes(*d);
      pairs.emplace_back(std::move(p.html), std::move(gold));
      ids += d->lang + "/" + d->id + "\n";
    }
    ncleaner::Model model = ncleaner::train(pairs, args->opts);
    model.provenance = fmt::format("detour train --corpus {} --pages {} --seed {}", args->corpus, pairs.size(), args->seed);
    ncleaner::save(model, args->out);
    io::write_file_atomic(args->out + ".pages", ids);
    std::cout << fmt::format("trained on {} pairs; model in {}, page list in {}.pages\n", pairs.size(), args->out,
                             args->out);
  });
}

}  // namespace detour::cli
