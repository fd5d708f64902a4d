#include "harness/cli.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

#include "extractors/external.h"

namespace detour::cli {

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  for (std::size_t a = 0; a < s.size();) {
    auto c = s.find(',', a);
    if (c == std::string::npos) c = s.size();
    if (c > a) out.push_back(s.substr(a, c - a));
    a = c + 1;
  }
  return out;
}

namespace {
using AddCommand = void (*)(CLI::App&);
// The subcommand table, in help order.
constexpr AddCommand kCommands[] = {
    add_run_command,
    add_score_command,
    add_sites_command,
    add_extract_command,
    add_train_command,
    add_list_command,
};
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"detour: evaluation and benchmarking of web-page boilerplate removal"};
  app.require_subcommand(1);
  app.set_version_flag("--version", DETOUR_VERSION);
  for (AddCommand add : kCommands) add(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const UsageError& e) {  // a bad option value: exit status 2
    std::cerr << "detour: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "detour: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace detour::cli
