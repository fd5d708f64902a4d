#include "harness/cli.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <exception>
#include <iostream>

#include "extractors/extractor.h"

namespace detour::cli {

int main(int argc, char** argv) {
  CLI::App app{"detour: evaluation and benchmarking of web-page boilerplate removal"};
  app.require_subcommand(1);
  auto* list = app.add_subcommand("list", "list extractors and metrics with their settings");
  list->callback([] {
    for (const auto& info : extractor_registry()) {
      auto ex = info.make();
      fmt::print("{:<10} {}\n           {}\n", info.name, info.description, ex->signature());
    }
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "detour: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace detour::cli
