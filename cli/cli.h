// cli: the `detour` command. Each subcommand lives in its own cli/cli_*.cc file,
// which defines an add_*_command(CLI::App&) function; the table in cli.cc lists them.
// Subcommands report expected failures by throwing; main prints "detour: <message>"
// and exits with status 1 (2 for usage errors).
#pragma once

namespace CLI {
class App;
}

#include <string>
#include <vector>

#include "base/strings.h"

namespace detour::cli {

int main(int argc, char** argv);

void add_score_command(CLI::App& app);
void add_list_command(CLI::App& app);
void add_run_command(CLI::App& app);
void add_extract_command(CLI::App& app);
void add_train_command(CLI::App& app);
void add_sites_command(CLI::App& app);

}  // namespace detour::cli
