// `detour extract --extractor NAME|CHAIN [--lang L] [--format cleaneval|html|text] FILE|-`:
// one page through one extractor or chain, with the same pipeline, page decoding and
// page formats as `detour run` (charset detection, the CleanEval 2007 <text> wrapper).
#include <CLI/CLI.hpp>

#include <iostream>
#include <iterator>
#include <memory>

#include "base/errors.h"
#include "base/io.h"
#include "cli/cli.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "html/dom.h"
#include "runner/pipeline.h"

namespace detour::cli {

namespace {
// The primary language subtag of <html lang="en-GB">, lower-cased ("en"), or "".
std::string html_lang(const dom::Document& doc) {
  for (const dom::Node* n : doc.root()->children) {
    if (!n->is("html")) continue;
    std::string lang = n->attr_or("lang");
    if (lang.empty()) lang = n->attr_or("xml:lang");
    lang = lang.substr(0, lang.find_first_of("-_"));
    for (char& c : lang)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return lang;
  }
  return {};
}
}  // namespace

void add_extract_command(CLI::App& app) {
  struct Args {
    std::string extractor = "BP", format = "cleaneval", file, charset, lang;
    std::vector<std::string> models;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("extract", "run one extractor (or chain A-B) on one page");
  cmd->add_option("--extractor", args->extractor, "extractor name or chain, with settings (BP, JTA, BP-JTA, 'JTA(length_low=60)', ...)")->capture_default_str();
  cmd->add_option("--lang", args->lang,
                  "the page's language (ISO 639-1), for extractors that need one; default: <html lang>");
  cmd->add_option("--format", args->format, "output form")
      ->check(CLI::IsMember({"cleaneval", "html", "text"}))
      ->capture_default_str();
  cmd->add_option("--charset", args->charset, "charset of the page, when known");
  cmd->add_option("--model", args->models, "NAME=MODEL: an NCleaner model from `detour train` as an extractor");
  cmd->add_option("file", args->file, "page file, or - for standard input")->required();
  cmd->callback([args] {
    harness::PipelineConfig config;
    for (const auto& m : args->models) {
      auto eq = m.find('=');
      if (eq == std::string::npos || eq == 0) throw UsageError("--model expects NAME=MODEL, got: " + m);
      config.models.emplace_back(m.substr(0, eq), m.substr(eq + 1));
    }
    auto chains = harness::parse_chain_list(args->extractor, config);
    if (chains.size() != 1) throw UsageError("--extractor takes one extractor or chain");
    harness::Pipeline pipeline(chains, config);
    if (pipeline.needs_corpus())
      throw UsageError(args->extractor + " needs a corpus (training or site grouping): use `detour run`");

    corpora::CorpusDoc doc;
    doc.id = args->file;
    doc.given_charset = args->charset;
    std::string bytes;
    if (args->file == "-") bytes.assign(std::istreambuf_iterator<char>(std::cin), {});
    Page page = args->file == "-" ? corpora::load_page_bytes(doc, bytes) : (doc.html_path = args->file,
                                                                           corpora::load_page(doc));
    page.lang = args->lang.empty() ? html_lang(*page.dom) : args->lang;

    CorpusContext ctx;
    ctx.languages = {page.lang};
    pipeline.prepare(ctx);
    harness::PageCache cache;
    const harness::StageOutput& out = pipeline.run(chains[0], page, cache);
    if (out.status == harness::StageOutput::Status::Failed) throw WorkFailed(out.reason);
    if (out.status == harness::StageOutput::Status::Excluded) throw WorkFailed("excluded: " + out.reason);
    if (args->format == "cleaneval") std::cout << harness::cleaneval_form(out.extraction);
    else if (args->format == "html") std::cout << harness::html_form(out.extraction, page.dom->title());
    else std::cout << render_text(out.extraction.segments);
  });
}

}  // namespace detour::cli
