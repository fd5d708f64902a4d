// adapters: the table of served tools that ship with detour -- today's extractors put
// behind the extractor protocol (extractors/serve.h, docs/adapters.md) by one small
// script each in extractors/adapters/ -- so that `--extractors MRD` works like a
// built-in name once its tool is installed.
//
// Each line: the name, a one-line description, the command (words; "{adapters}" is
// the adapters folder), what must be installed for it to run, and the command that
// installs it. Requirements, separated by spaces:
//   program:NAME     NAME is an executable in PATH (or an absolute path)
//   file:PATH        PATH exists ("{adapters}" substituted)
//   built:OUT<SRC    OUT exists and is not older than SRC (a file compiled at install)
//   python:MODULE    MODULE is importable by the command's first word (its Python)
// An adapter whose requirements are not met is listed as unavailable (`detour list`)
// with the install command, and a run that names it stops before its first page
// (ResourceError, naming what is missing and the install command).
//
// The adapters folder: $DETOUR_ADAPTERS when set, else the first `extractors/adapters`
// found beside the folder of the running program or one or two levels up (build/detour
// finds the project's).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "extractors/serve.h"

namespace detour {

struct AdapterInfo {
  std::string_view name;
  std::string_view description;
  std::string_view command;  // words; {adapters} = the adapters folder
  std::string_view needs;    // requirements, as above
  std::string_view install;  // the command that installs what it needs
};

// The table (extractors/adapters.cc), in display order.
const std::vector<AdapterInfo>& adapter_registry();
// The line of `name`, or nullptr.
const AdapterInfo* find_adapter(std::string_view name);

// The adapters folder, or nullopt when none is found.
std::optional<std::filesystem::path> adapters_dir();

// What is missing for `info` to run, as one line ("" when nothing is). Runs the
// adapter's Python to check modules (a few tens of milliseconds each).
std::string adapter_missing(const AdapterInfo& info);

// The served tool of an adapter with the run's timeout, cap and restart bound and the
// stage's settings. Throws ResourceError when its tool is not installed (what is
// missing and the install command).
ServeSpec adapter_spec(const AdapterInfo& info, double timeout_seconds, std::size_t max_output_bytes,
                       int max_restarts, const RawSettings& settings = {});

// A preset: a name that stands for a list of systems in `--extractors` (`today`: today's
// extractors, every adapter of the table).
struct Preset {
  std::string_view name;
  std::string_view description;
  std::vector<std::string_view> systems;
};
// The presets (extractors/adapters.cc), and the one named `name` (nullptr if none).
const std::vector<Preset>& preset_registry();
const Preset* find_preset(std::string_view name);

}  // namespace detour
