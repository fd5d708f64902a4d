// settings: the settings a user may change on an extractor, how each extractor
// declares them, and how a written stage ("JTA(length_low=60,stopwords_low=0.25)") is
// read, checked and named.
//
// Each extractor of the registry declares its settings as SettingSpecs (name, type,
// range or choices, default, one line of help) beside its factory; the factory
// receives SettingValues that were checked against that declaration, so an
// extractor never sees an unknown name, a value of the wrong type or a value out of
// range. What the user writes is RawSettings (name -> text, as typed); resolving them
// gives every declared setting its value (the default when not given), in canonical
// text: integers in decimal, reals in the shortest form that reads back the same
// double, booleans `true`/`false`, choices as declared.
//
// A stage with settings is named by its extractor and the settings that differ from
// the defaults, in declaration order: `JTA(length_low=60,stopwords_low=0.25)`; a stage
// whose every setting is the default is the bare name (`JTA(length_low=70)` is `JTA`).
// The name is therefore a function of what the extractor computes with, and two
// systems with the same name are the same system.
//
// Everything here is pure; errors are UsageError (base/errors.h) with a message that
// names the extractor, the setting and, for an unknown setting, every known one with
// its default.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace detour {

enum class SettingType { Int, Real, Bool, Choice };

struct SettingSpec {
  std::string name;
  SettingType type = SettingType::Int;
  std::string default_value;  // canonical text
  // Int and Real: the allowed range, bounds included unless open.
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool min_open = false, max_open = false;
  std::vector<std::string> choices;  // Choice
  std::string help;

  static SettingSpec integer(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                             std::string help);
  // A real in [min, max]; min_open / max_open exclude a bound.
  static SettingSpec real(std::string name, double def, double min, double max, std::string help,
                          bool min_open = false, bool max_open = false);
  static SettingSpec boolean(std::string name, bool def, std::string help);
  static SettingSpec choice(std::string name, std::string def, std::vector<std::string> choices, std::string help);

  // "integer in [0, 100000]", "real in (0, 1)", "true|false", "one of pivot|ted3".
  std::string domain() const;
};
using SettingSpecs = std::vector<SettingSpec>;

// Settings as written: (name, text) in the order given.
using RawSettings = std::vector<std::pair<std::string, std::string>>;

// Canonical text of a real: the shortest decimal that reads back as the same double.
std::string format_real(double v);

// Every declared setting of one extractor with its checked value.
class SettingValues {
 public:
  SettingValues() = default;
  // Checks `raw` against `specs` for the extractor `owner` (named in messages):
  // unknown names (with the nearest one and the list of known settings and their
  // defaults), a name given twice, text that is not of the setting's type, values
  // out of range. Throws UsageError.
  static SettingValues resolve(std::string_view owner, const SettingSpecs& specs, const RawSettings& raw);
  // Every setting at its default.
  static SettingValues defaults(const SettingSpecs& specs) { return resolve("", specs, {}); }

  // Typed access to a declared setting; a name that was not declared is a
  // programming error (std::logic_error).
  std::int64_t integer(std::string_view name) const;
  double real(std::string_view name) const;
  bool boolean(std::string_view name) const;
  const std::string& text(std::string_view name) const;  // canonical text (any type)

  // The settings whose value differs from the default, in declaration order.
  RawSettings changed() const;
  // Every setting, in declaration order.
  RawSettings all() const;
  bool empty() const { return entries_.empty(); }

 private:
  struct Entry {
    std::string name;
    SettingType type;
    std::string text;
    double number = 0;  // Int, Real, Bool (0/1)
    bool is_default = true;
  };
  const Entry& entry(std::string_view name, SettingType want) const;
  std::vector<Entry> entries_;
};

// "name=default, ..." of every declared setting, for messages and `detour list`.
std::string describe_defaults(const SettingSpecs& specs);

// A stage as written: an extractor (or variant) name and its settings, if any.
struct StageSpec {
  std::string name;
  RawSettings settings;
};
// Reads "NAME" or "NAME(key=value, key=value)" (spaces around names and values are
// ignored). Throws UsageError on bad syntax (unbalanced parentheses, an item without
// '=', an empty name or key, text after the closing parenthesis).
StageSpec parse_stage_spec(std::string_view text);
// Splits at `sep` outside parentheses ("JTA(a=1,b=2),BP" -> {"JTA(a=1,b=2)", "BP"});
// items are trimmed; empty items are dropped unless `keep_empty`.
std::vector<std::string> split_top_level(std::string_view s, char sep, bool keep_empty = false);
// "NAME(k=v,...)" of the given settings; the bare name when there are none.
std::string stage_text(std::string_view name, const RawSettings& settings);

}  // namespace detour
