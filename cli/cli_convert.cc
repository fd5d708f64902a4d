// `detour convert`: rewrites a corpus of any readable format as plain files.
//   detour convert --corpus ROOT [--from FORMAT] --to daniel --out DIR [--lang L]
//                  [--dragnet-comments drop|keep|raw] [--l3s-classes 1,2,3]
// The corpus is opened by the reader --from names (default: detected; the formats of
// corpora/format.h), and each document is written as DIR/<lang>/html/<id> (the page
// bytes as the reader yields them: .gz pages inflated, otherwise as stored) and
// DIR/<lang>/gold/<id> (the gold text as the reader yields it, in UTF-8: inline texts,
// gold files decoded as corpora/decode.h decode_text decodes them (UTF-16,
// windows-1252...), extracted L3S-GN1 gold, Dragnet gold with the comments
// setting), which the daniel
// reader reads back as the same documents. Documents without a language go under
// --lang (default "und", ISO 639-2 "undetermined"). DIR/annotations.json keeps the
// URLs the corpus gives (the DANIEL metadata shape: {"<id>": {"path", "url"}}).
// DIR must not exist or be empty. A document that cannot be read is reported and
// skipped; nothing written at all exits 1.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "base/errors.h"
#include "base/io.h"
#include "cli/bench_options.h"
#include "cli/cli.h"
#include "corpora/corpus.h"

namespace detour::cli {

namespace {
struct ConvertArgs {
  std::string corpus, to = "daniel", out, lang = "und";
  BenchArgs bench;
};
}  // namespace

void add_convert_command(CLI::App& app) {
  auto args = std::make_shared<ConvertArgs>();
  auto* cmd = app.add_subcommand("convert", "rewrite a corpus of any readable format as plain files (DANIEL layout)");
  cmd->add_option("--corpus", args->corpus, "corpus root (a folder, or a .jsonl file)")->required();
  add_bench_options(cmd, args->bench, "--from", false);
  cmd->add_option("--to", args->to, "output layout")->check(CLI::IsMember({"daniel"}))->capture_default_str();
  cmd->add_option("--out", args->out, "output folder (must not exist or be empty)")->required();
  cmd->add_option("--lang", args->lang, "language folder of documents that have none")->capture_default_str();
  cmd->callback([args] {
    namespace fs = std::filesystem;
    if (args->lang.empty() || args->lang.find('/') != std::string::npos || args->lang == "." || args->lang == "..")
      throw UsageError("--lang " + args->lang + ": not a folder name");
    const fs::path out(args->out);
    std::error_code ec;
    if (fs::exists(out, ec) && (!fs::is_directory(out, ec) || !fs::is_empty(out, ec)))
      throw UsageError(args->out + ": exists and is not an empty folder (convert writes a new corpus)");
    corpora::Corpus corpus = corpora::open_corpus(args->corpus, open_options(args->bench));
    for (const auto& w : corpus.warnings) std::cerr << "note: " << w << "\n";
    std::set<std::pair<std::string, std::string>> seen;  // (lang, id)
    nlohmann::json annotations = nlohmann::json::object();
    std::size_t pages = 0, golds = 0, failed = 0;
    for (const auto& d : corpus.docs) {
      const std::string lang = d.lang.empty() ? args->lang : d.lang;
      if (d.id == "." || d.id == ".." || d.id.find('/') != std::string::npos || lang.find('/') != std::string::npos) {
        std::cerr << "failed: " << d.where() << ": the id cannot name a file\n";
        ++failed;
        continue;
      }
      if (!seen.emplace(lang, d.id).second) {
        std::cerr << "failed: " << d.where() << ": id already written for language " << lang
                  << " (ids of different datasets collide)\n";
        ++failed;
        continue;
      }
      try {
        // Read both sides before writing either, so that a document is whole or absent.
        std::string page, gold;
        if (d.has_page()) page = corpora::load_page_raw(d);
        if (d.has_gold()) gold = corpora::load_gold_bytes(d);
        if (d.has_page()) {
          fs::create_directories(out / lang / "html");
          io::write_file_atomic(out / lang / "html" / d.id, page, false);
          ++pages;
        }
        if (d.has_gold()) {
          fs::create_directories(out / lang / "gold");
          io::write_file_atomic(out / lang / "gold" / d.id, gold, false);
          ++golds;
        }
        if (!d.url.empty()) annotations[lang + "/" + d.id] = {{"path", d.id}, {"url", d.url}};
      } catch (const std::exception& e) {
        std::cerr << "failed: " << e.what() << "\n";
        ++failed;
      }
    }
    if (!annotations.empty())
      io::write_file_atomic(out / "annotations.json",
                            annotations.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    std::cout << fmt::format("{} ({}): {} documents, {} pages and {} gold files written to {}; {} failed\n",
                             args->corpus, corpus.format, corpus.docs.size(), pages, golds, args->out, failed);
    if (pages + golds == 0) throw WorkFailed("nothing was written");
  });
}

}  // namespace detour::cli
