// settings: declared settings, their checking and stage names (see settings.h).
#include "extractors/settings.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "base/errors.h"
#include "base/strings.h"

namespace detour {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string format_bound(double v, SettingType type) {
  if (type == SettingType::Int) return std::to_string(static_cast<std::int64_t>(v));
  return format_real(v);
}

bool in_range(const SettingSpec& s, double v) {
  if (s.min_open ? !(v > s.min) : !(v >= s.min)) return false;
  if (s.max_open ? !(v < s.max) : !(v <= s.max)) return false;
  return true;
}

}  // namespace

std::string format_real(double v) {
  if (v == 0) return "0";  // also -0
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

SettingSpec SettingSpec::integer(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                                 std::string help) {
  SettingSpec s;
  s.name = std::move(name);
  s.type = SettingType::Int;
  s.default_value = std::to_string(def);
  s.min = static_cast<double>(min);
  s.max = static_cast<double>(max);
  s.help = std::move(help);
  return s;
}

SettingSpec SettingSpec::real(std::string name, double def, double min, double max, std::string help,
                              bool min_open, bool max_open) {
  SettingSpec s;
  s.name = std::move(name);
  s.type = SettingType::Real;
  s.default_value = format_real(def);
  s.min = min;
  s.max = max;
  s.min_open = min_open;
  s.max_open = max_open;
  s.help = std::move(help);
  return s;
}

SettingSpec SettingSpec::boolean(std::string name, bool def, std::string help) {
  SettingSpec s;
  s.name = std::move(name);
  s.type = SettingType::Bool;
  s.default_value = def ? "true" : "false";
  s.help = std::move(help);
  return s;
}

SettingSpec SettingSpec::choice(std::string name, std::string def, std::vector<std::string> choices,
                                std::string help) {
  SettingSpec s;
  s.name = std::move(name);
  s.type = SettingType::Choice;
  s.default_value = std::move(def);
  s.choices = std::move(choices);
  s.help = std::move(help);
  return s;
}

std::string SettingSpec::domain() const {
  switch (type) {
    case SettingType::Int:
    case SettingType::Real: {
      std::string out = type == SettingType::Int ? "integer" : "real";
      const bool lo = std::isfinite(min), hi = std::isfinite(max);
      if (lo && hi)
        return out + " in " + (min_open ? "(" : "[") + format_bound(min, type) + ", " + format_bound(max, type) +
               (max_open ? ")" : "]");
      if (lo) return out + (min_open ? " > " : " >= ") + format_bound(min, type);
      if (hi) return out + (max_open ? " < " : " <= ") + format_bound(max, type);
      return out;
    }
    case SettingType::Bool:
      return "true|false";
    case SettingType::Choice:
      return "one of " + join(choices, "|");
  }
  return {};
}

std::string describe_defaults(const SettingSpecs& specs) {
  std::vector<std::string> items;
  for (const auto& s : specs) items.push_back(s.name + "=" + s.default_value + " (" + s.domain() + ")");
  return join(items, ", ");
}

SettingValues SettingValues::resolve(std::string_view owner, const SettingSpecs& specs, const RawSettings& raw) {
  const std::string who = std::string(owner) + ": ";
  SettingValues out;
  std::vector<std::string> names;
  for (const auto& s : specs) names.push_back(s.name);
  // Unknown and repeated names first: the message lists every known setting.
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const std::string& key = raw[i].first;
    if (std::find(names.begin(), names.end(), key) == names.end()) {
      if (specs.empty())
        throw UsageError(who + "unknown setting '" + key + "': " + std::string(owner) + " has no settings");
      std::string msg = who + "unknown setting '" + key + "'";
      if (std::string near = nearest_name(key, names); !near.empty()) msg += " (did you mean '" + near + "'?)";
      throw UsageError(msg + "; its settings and defaults: " + describe_defaults(specs));
    }
    for (std::size_t j = 0; j < i; ++j)
      if (raw[j].first == key) throw UsageError(who + "setting '" + key + "' given twice");
  }
  for (const auto& spec : specs) {
    Entry e;
    e.name = spec.name;
    e.type = spec.type;
    std::string given = spec.default_value;
    bool from_user = false;
    for (const auto& [k, v] : raw)
      if (k == spec.name) {
        given = std::string(trim(v));
        from_user = true;
      }
    auto bad = [&](const std::string& why) {
      return UsageError(who + spec.name + "=" + given + " " + why + " (default " + spec.default_value + ")");
    };
    switch (spec.type) {
      case SettingType::Int: {
        std::int64_t v = 0;
        std::string_view t = given;
        if (!t.empty() && t.front() == '+') t.remove_prefix(1);
        auto r = std::from_chars(t.data(), t.data() + t.size(), v);
        if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size())
          throw bad("is not an integer: expected an " + spec.domain());
        if (!in_range(spec, static_cast<double>(v))) throw bad("is out of range: expected an " + spec.domain());
        e.number = static_cast<double>(v);
        e.text = std::to_string(v);
        break;
      }
      case SettingType::Real: {
        double v = 0;
        std::string_view t = given;
        if (!t.empty() && t.front() == '+') t.remove_prefix(1);
        auto r = std::from_chars(t.data(), t.data() + t.size(), v);
        if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size() || !std::isfinite(v))
          throw bad("is not a number: expected a " + spec.domain());
        if (!in_range(spec, v)) throw bad("is out of range: expected a " + spec.domain());
        e.number = v == 0 ? 0.0 : v;
        e.text = format_real(e.number);
        break;
      }
      case SettingType::Bool: {
        const std::string l = lower(given);
        if (l == "true" || l == "yes" || l == "on" || l == "1") e.number = 1;
        else if (l == "false" || l == "no" || l == "off" || l == "0") e.number = 0;
        else throw bad("is not a boolean: expected true or false (also yes/no, on/off, 1/0)");
        e.text = e.number ? "true" : "false";
        break;
      }
      case SettingType::Choice: {
        auto it = std::find_if(spec.choices.begin(), spec.choices.end(),
                               [&](const std::string& c) { return lower(c) == lower(given); });
        if (it == spec.choices.end()) throw bad("is not a known choice: expected " + spec.domain());
        e.text = *it;
        break;
      }
    }
    e.is_default = !from_user || e.text == spec.default_value;
    out.entries_.push_back(std::move(e));
  }
  return out;
}

const SettingValues::Entry& SettingValues::entry(std::string_view name, SettingType want) const {
  for (const auto& e : entries_)
    if (e.name == name) {
      if (e.type != want) throw std::logic_error("setting '" + e.name + "' read as another type");
      return e;
    }
  throw std::logic_error("setting '" + std::string(name) + "' was not declared");
}

std::int64_t SettingValues::integer(std::string_view name) const {
  return static_cast<std::int64_t>(entry(name, SettingType::Int).number);
}
double SettingValues::real(std::string_view name) const { return entry(name, SettingType::Real).number; }
bool SettingValues::boolean(std::string_view name) const { return entry(name, SettingType::Bool).number != 0; }
const std::string& SettingValues::text(std::string_view name) const {
  for (const auto& e : entries_)
    if (e.name == name) return e.text;
  throw std::logic_error("setting '" + std::string(name) + "' was not declared");
}

RawSettings SettingValues::changed() const {
  RawSettings out;
  for (const auto& e : entries_)
    if (!e.is_default) out.emplace_back(e.name, e.text);
  return out;
}

RawSettings SettingValues::all() const {
  RawSettings out;
  for (const auto& e : entries_) out.emplace_back(e.name, e.text);
  return out;
}

std::vector<std::string> split_top_level(std::string_view s, char sep, bool keep_empty) {
  std::vector<std::string> out;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size()) {
      if (s[i] == '(') ++depth;
      else if (s[i] == ')') --depth;
      if (s[i] != sep || depth > 0) continue;
    }
    std::string_view item = trim(s.substr(start, i - start));
    if (keep_empty || !item.empty()) out.emplace_back(item);
    start = i + 1;
  }
  return out;
}

StageSpec parse_stage_spec(std::string_view text) {
  const std::string whole(text);
  text = trim(text);
  StageSpec out;
  const std::size_t open = text.find('(');
  if (open == std::string_view::npos) {
    if (text.find(')') != std::string_view::npos)
      throw UsageError("'" + whole + "': a ')' without '('");
    out.name = std::string(text);
    if (out.name.empty()) throw UsageError("empty extractor name");
    return out;
  }
  out.name = std::string(trim(text.substr(0, open)));
  if (out.name.empty()) throw UsageError("'" + whole + "': no extractor name before '('");
  const std::size_t close = text.rfind(')');
  if (close == std::string_view::npos || close < open)
    throw UsageError("'" + whole + "': '(' without its closing ')'");
  if (close + 1 != text.size())
    throw UsageError("'" + whole + "': text after the closing ')' (write settings as NAME(key=value,...))");
  std::string_view inner = text.substr(open + 1, close - open - 1);
  if (inner.find_first_of("()") != std::string_view::npos)
    throw UsageError("'" + whole + "': nested parentheses in settings");
  for (const auto& item : split_top_level(inner, ',')) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw UsageError("'" + whole + "': setting '" + item + "' has no '=' (write key=value)");
    std::string key(trim(std::string_view(item).substr(0, eq)));
    std::string value(trim(std::string_view(item).substr(eq + 1)));
    if (key.empty()) throw UsageError("'" + whole + "': a setting without a name");
    if (value.empty()) throw UsageError("'" + whole + "': setting '" + key + "' has no value");
    out.settings.emplace_back(std::move(key), std::move(value));
  }
  return out;
}

std::string stage_text(std::string_view name, const RawSettings& settings) {
  std::string out(name);
  if (settings.empty()) return out;
  out += '(';
  for (std::size_t i = 0; i < settings.size(); ++i)
    out += (i ? "," : "") + settings[i].first + "=" + settings[i].second;
  return out + ')';
}

}  // namespace detour
