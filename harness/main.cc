// detour command-line entry point; subcommands live in harness/cli_*.cc.
#include "harness/cli.h"

int main(int argc, char** argv) { return detour::cli::main(argc, argv); }
