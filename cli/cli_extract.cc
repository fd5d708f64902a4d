// `detour extract --extractor NAME [--format cleaneval|html|text] FILE|-`: one page.
#include <CLI/CLI.hpp>

#include <iostream>
#include <iterator>
#include <memory>

#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "cli/cli.h"
#include "runner/runner.h"

namespace detour::cli {

void add_extract_command(CLI::App& app) {
  struct Args {
    std::string extractor = "BP", format = "cleaneval", file, charset;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("extract", "run one extractor (or chain A-B) on one page");
  cmd->add_option("--extractor", args->extractor, "extractor name or chain (BP, JTA, BP-JTA, ...)")->capture_default_str();
  cmd->add_option("--format", args->format, "output form")
      ->check(CLI::IsMember({"cleaneval", "html", "text"}))
      ->capture_default_str();
  cmd->add_option("--charset", args->charset, "charset of the page, when known");
  cmd->add_option("file", args->file, "page file, or - for standard input")->required();
  cmd->callback([args] {
    std::string bytes;
    if (args->file == "-") bytes.assign(std::istreambuf_iterator<char>(std::cin), {});
    else bytes = io::read_file(args->file);
    corpora::Decoded d = corpora::decode_page(bytes, args->charset);
    Page page = html::make_page(args->file, std::move(d.utf8));
    page.decode = d.info;
    page.path = args->file;
    auto chains = harness::parse_chain_list(args->extractor);
    if (chains.size() != 1) throw std::invalid_argument("--extractor takes one extractor or chain");
    Extraction ex;
    std::string title = page.dom->title();
    for (std::size_t k = 0; k < chains[0].size(); ++k) {
      auto extractor = make_extractor(chains[0][k]);
      if (extractor->needs_corpus())
        throw std::invalid_argument(chains[0][k] + " needs a corpus (training or site grouping): use `detour run`");
      extractor->prepare(CorpusContext{});
      if (k > 0) {
        std::string html = ex.html.empty() ? render_html(ex.segments, title) : ex.html;
        page = html::make_page(args->file, std::move(html));
      }
      ex = extractor->extract(page);
    }
    if (args->format == "cleaneval") std::cout << (ex.cleaneval.empty() ? render_cleaneval(ex.segments) : ex.cleaneval);
    else if (args->format == "html") std::cout << (ex.html.empty() ? render_html(ex.segments, title) : ex.html);
    else std::cout << render_text(ex.segments);
  });
}

}  // namespace detour::cli
