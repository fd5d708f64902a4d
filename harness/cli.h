// cli: the `detour` command and its subcommands (score, run, extract, list, train...).
// Each subcommand registers itself in cli.cc's table: a name, a setup function that
// declares its options on a CLI11 App, and a run function.
#pragma once

namespace detour::cli {
int main(int argc, char** argv);
}
