// sweep: grids of extractor settings run as systems of one run, and the settings
// file that holds larger sets of variants and sweeps.
//
// A sweep axis is one setting of one stage and its values:
//     JTA.length_low=50:120:10          a range, both ends included (integers, reals)
//     JTA.stopwords_low=0.2,0.25,0.3    a list (any type; items may be ranges)
// The stage is a registry extractor or a variant (runner/pipeline.h). The axes of one
// stage form a grid (their product, the first axis outermost); the axes of different
// stages are separate groups. Every grid point is a system named by its canonical stage
// ("JTA(length_low=50,stopwords_low=0.2)"); the stage itself with its own settings is
// the group's default and always runs too. Points that canonicalise to the same stage
// (0.3 and 0.30, or a point equal to the default) run once. Because the systems of a
// sweep are systems of one run, each page is read, decoded and parsed once for all of
// them, the gold is tokenised once, and identical outputs are scored once
// (runner/runner.h).
//
// The settings file (`--settings FILE`, JSON) holds variants and sweeps:
//     {
//       "variants": {"JTA60": "JTA(length_low=60)",
//                    "RD100": {"extractor": "RD", "settings": {"retry_length": 100}}},
//       "sweeps":   {"JTA": {"length_low": "50:120:10", "stopwords_low": [0.2, 0.25, 0.3]},
//                    "RD":  {"retry_length": [100, 250, 500]}}
//     }
// Values are JSON numbers, booleans or strings (a string in "sweeps" is read as on the
// command line: a range or a comma list). Keys keep their order. Anything else is a
// UsageError naming the file and what is wrong.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "extractors/settings.h"
#include "runner/pipeline.h"

namespace detour::harness {

struct SweepAxis {
  std::string target;               // stage name (registry extractor or variant)
  std::string setting;
  std::vector<std::string> values;  // items as written (ranges still "a:b:step")
};
// Reads "TARGET.setting=VALUES". Throws UsageError.
SweepAxis parse_sweep(const std::string& text);

struct SweepPoint {
  std::string system;  // canonical stage, the system's name
  RawSettings values;  // the value of each axis (canonical), in axis order
};
struct SweepGroup {
  std::string target;                 // as written
  std::string base;                   // canonical stage of the target: the default
  RawSettings base_values;            // the default's value of each axis
  std::vector<std::string> settings;  // axis names, in order
  std::vector<SweepPoint> points;     // grid order, duplicates dropped
  // Every system of the group, default first: base, then the points other than it.
  std::vector<std::string> systems() const;
};
// Expands the axes into groups, in the order their targets first appear. Checks the
// setting names against the stage's declaration and every value (UsageError), expands
// ranges (at most 100000 values per axis, 100000 points per group).
std::vector<SweepGroup> expand_sweeps(const std::vector<SweepAxis>& axes, const PipelineConfig& config);

struct SettingsFile {
  std::vector<Variant> variants;
  std::vector<SweepAxis> sweeps;
};
// Reads a settings file (format above). Throws UsageError naming the file.
SettingsFile read_settings_file(const std::filesystem::path& path);

}  // namespace detour::harness
