// sweep: axes, grids and the settings file (see sweep.h).
#include "runner/sweep.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/io.h"
#include "base/strings.h"
#include "extractors/extractor.h"

namespace detour::harness {

namespace {

constexpr std::size_t kMaxValues = 100000;

bool read_double(std::string_view t, double& v) {
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  auto r = std::from_chars(t.data(), t.data() + t.size(), v);
  return !t.empty() && r.ec == std::errc() && r.ptr == t.data() + t.size() && std::isfinite(v);
}
bool read_int(std::string_view t, std::int64_t& v) {
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  auto r = std::from_chars(t.data(), t.data() + t.size(), v);
  return !t.empty() && r.ec == std::errc() && r.ptr == t.data() + t.size();
}

// The values of one range item "a:b" or "a:b:step" of a setting of type `type`.
std::vector<std::string> expand_range(const std::string& where, const std::string& item, const SettingSpec& spec) {
  const auto parts = split_list(item, ':');
  if ((parts.size() != 2 && parts.size() != 3) || std::count(item.begin(), item.end(), ':') != int(parts.size()) - 1)
    throw UsageError(where + ": range '" + item + "' is not FROM:TO or FROM:TO:STEP");
  std::vector<std::string> out;
  if (spec.type == SettingType::Int) {
    std::int64_t a = 0, b = 0, step = 1;
    if (!read_int(parts[0], a) || !read_int(parts[1], b) || (parts.size() == 3 && !read_int(parts[2], step)))
      throw UsageError(where + ": range '" + item + "' of the integer setting " + spec.name + " needs integers");
    if (step <= 0) throw UsageError(where + ": range '" + item + "': the step must be positive");
    if (a > b) throw UsageError(where + ": range '" + item + "' runs backwards");
    if ((b - a) / step >= static_cast<std::int64_t>(kMaxValues))
      throw UsageError(where + ": range '" + item + "' has more than " + std::to_string(kMaxValues) + " values");
    for (std::int64_t v = a; v <= b; v += step) out.push_back(std::to_string(v));
    return out;
  }
  if (spec.type != SettingType::Real)
    throw UsageError(where + ": " + spec.name + " is " + spec.domain() + ": ranges are for integer and real settings");
  double a = 0, b = 0, step = 0;
  if (parts.size() != 3)
    throw UsageError(where + ": range '" + item + "' of the real setting " + spec.name + " needs a step (FROM:TO:STEP)");
  if (!read_double(parts[0], a) || !read_double(parts[1], b) || !read_double(parts[2], step))
    throw UsageError(where + ": range '" + item + "' needs numbers");
  if (!(step > 0)) throw UsageError(where + ": range '" + item + "': the step must be positive");
  if (a > b) throw UsageError(where + ": range '" + item + "' runs backwards");
  // Values a + i * step up to b (with a tolerance for the rounding of (b - a) / step),
  // each rounded to 12 significant digits so that 0.1:0.3:0.1 gives 0.3, not
  // 0.30000000000000004.
  const double count = std::floor((b - a) / step + 1e-9);
  if (count >= static_cast<double>(kMaxValues))
    throw UsageError(where + ": range '" + item + "' has more than " + std::to_string(kMaxValues) + " values");
  for (std::int64_t i = 0; i <= static_cast<std::int64_t>(count); ++i) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.12g", a + static_cast<double>(i) * step);
    double v = 0;
    read_double(buf, v);
    out.push_back(format_real(v));
  }
  return out;
}

const SettingSpec& spec_of(const std::string& target, const SettingSpecs& specs, const std::string& setting) {
  for (const auto& s : specs)
    if (s.name == setting) return s;
  SettingValues::resolve(target, specs, {{setting, "?"}});  // throws the unknown-setting message
  throw UsageError(target + ": unknown setting '" + setting + "'");
}

// The canonical value of each of `names` in the resolved stage `r`.
RawSettings values_of(const ResolvedStage& r, const std::vector<std::string>& names) {
  const ExtractorInfo& info = find_extractor(r.extractor);
  const SettingValues v = SettingValues::resolve(info.name, info.setting_specs(), r.settings);
  RawSettings out;
  for (const auto& n : names) out.emplace_back(n, v.text(n));
  return out;
}

std::string json_text(const nlohmann::ordered_json& v, const std::string& where) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
  if (v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
  if (v.is_number_float()) return format_real(v.get<double>());
  throw UsageError(where + ": expected a number, a boolean or a string, got " + std::string(v.type_name()));
}

}  // namespace

SweepAxis parse_sweep(const std::string& text) {
  const std::size_t eq = text.find('=');
  const std::size_t dot = eq == std::string::npos ? std::string::npos : text.rfind('.', eq);
  if (eq == std::string::npos || dot == std::string::npos || dot == 0 || dot + 1 == eq)
    throw UsageError("--sweep expects EXTRACTOR.setting=FROM:TO:STEP or EXTRACTOR.setting=V1,V2,..., got: " + text);
  SweepAxis a;
  a.target = text.substr(0, dot);
  a.setting = text.substr(dot + 1, eq - dot - 1);
  a.values = split_top_level(text.substr(eq + 1), ',');
  if (a.target.find_first_of("()") != std::string::npos)
    throw UsageError("--sweep " + text + ": sweep a plain extractor or a variant (--variant NAME='EXTRACTOR(...)')");
  if (a.values.empty()) throw UsageError("--sweep " + text + ": no values");
  return a;
}

std::vector<std::string> SweepGroup::systems() const {
  std::vector<std::string> out{base};
  for (const auto& p : points)
    if (p.system != base) out.push_back(p.system);
  return out;
}

std::vector<SweepGroup> expand_sweeps(const std::vector<SweepAxis>& axes, const PipelineConfig& config) {
  std::vector<std::string> targets;
  for (const auto& a : axes)
    if (std::find(targets.begin(), targets.end(), a.target) == targets.end()) targets.push_back(a.target);
  std::vector<SweepGroup> groups;
  for (const auto& target : targets) {
    const ResolvedStage base = resolve_stage(target, config);
    if (base.kind != ResolvedStage::Kind::Registry && base.kind != ResolvedStage::Kind::Variant)
      throw UsageError("--sweep " + target + ": only extractors and variants have settings to sweep");
    const SettingSpecs specs = find_extractor(base.extractor).setting_specs();
    SweepGroup g;
    g.target = target;
    g.base = base.key;
    std::vector<std::vector<std::string>> values;
    for (const auto& a : axes) {
      if (a.target != target) continue;
      const std::string where = "--sweep " + target + "." + a.setting;
      if (std::find(g.settings.begin(), g.settings.end(), a.setting) != g.settings.end())
        throw UsageError(where + ": the setting is swept twice");
      const SettingSpec& spec = spec_of(target, specs, a.setting);
      std::vector<std::string> vs;
      for (const auto& item : a.values) {
        if (item.find(':') != std::string::npos) {
          for (auto& v : expand_range(where, item, spec)) vs.push_back(std::move(v));
        } else {
          vs.push_back(item);
        }
        if (vs.size() > kMaxValues) throw UsageError(where + ": more than " + std::to_string(kMaxValues) + " values");
      }
      g.settings.push_back(a.setting);
      values.push_back(std::move(vs));
    }
    g.base_values = values_of(base, g.settings);
    double total = 1;
    for (const auto& vs : values) total *= static_cast<double>(vs.size());
    if (total > static_cast<double>(kMaxValues))
      throw UsageError("--sweep " + target + ": the grid has more than " + std::to_string(kMaxValues) + " points");
    std::vector<std::size_t> at(values.size(), 0);
    std::set<std::string> seen;
    for (std::size_t n = 0; n < static_cast<std::size_t>(total); ++n) {
      RawSettings point;
      for (std::size_t k = 0; k < values.size(); ++k) point.emplace_back(g.settings[k], values[k][at[k]]);
      const ResolvedStage r = resolve_stage(stage_text(target, point), config);
      if (seen.insert(r.key).second) g.points.push_back({r.key, values_of(r, g.settings)});
      for (std::size_t k = values.size(); k-- > 0;) {  // odometer, last axis fastest
        if (++at[k] < values[k].size()) break;
        at[k] = 0;
      }
    }
    groups.push_back(std::move(g));
  }
  return groups;
}

SettingsFile read_settings_file(const std::filesystem::path& path) {
  const std::string where = path.string();
  std::string bytes;
  try {
    bytes = io::read_file(path);
  } catch (const std::exception& e) {
    throw UsageError("--settings " + where + ": cannot read it: " + e.what());
  }
  nlohmann::ordered_json j;
  try {
    j = nlohmann::ordered_json::parse(bytes);
  } catch (const std::exception& e) {
    throw UsageError(where + ": not valid JSON: " + e.what());
  }
  if (!j.is_object()) throw UsageError(where + ": expected a JSON object with \"variants\" and/or \"sweeps\"");
  SettingsFile out;
  for (const auto& [key, value] : j.items()) {
    if (key == "variants") {
      if (!value.is_object()) throw UsageError(where + ": \"variants\" must be an object NAME -> variant");
      for (const auto& [name, v] : value.items()) {
        const std::string at = where + ": variant " + name;
        std::string stage;
        if (v.is_string()) {
          stage = v.get<std::string>();
        } else if (v.is_object()) {
          if (!v.contains("extractor") || !v["extractor"].is_string())
            throw UsageError(at + ": needs \"extractor\": NAME");
          RawSettings settings;
          for (const auto& [k, sv] : v.items()) {
            if (k == "extractor") continue;
            if (k != "settings") throw UsageError(at + ": unknown key \"" + k + "\" (known: extractor, settings)");
            if (!sv.is_object()) throw UsageError(at + ": \"settings\" must be an object key -> value");
            for (const auto& [sk, sval] : sv.items()) settings.emplace_back(sk, json_text(sval, at + "." + sk));
          }
          stage = stage_text(v["extractor"].get<std::string>(), settings);
        } else {
          throw UsageError(at + ": expected \"EXTRACTOR(key=value,...)\" or {\"extractor\": ..., \"settings\": {...}}");
        }
        try {
          out.variants.push_back(parse_variant(name + "=" + stage));
        } catch (const UsageError& e) {
          throw UsageError(where + ": " + e.what());
        }
      }
    } else if (key == "sweeps") {
      if (!value.is_object()) throw UsageError(where + ": \"sweeps\" must be an object EXTRACTOR -> {setting: values}");
      for (const auto& [target, axes] : value.items()) {
        if (!axes.is_object()) throw UsageError(where + ": sweeps." + target + " must be an object setting -> values");
        for (const auto& [setting, vals] : axes.items()) {
          const std::string at = where + ": sweeps." + target + "." + setting;
          SweepAxis a;
          a.target = target;
          a.setting = setting;
          if (vals.is_array()) {
            for (const auto& v : vals) a.values.push_back(json_text(v, at));
          } else {
            a.values = split_top_level(json_text(vals, at), ',');
          }
          if (a.values.empty()) throw UsageError(at + ": no values");
          out.sweeps.push_back(std::move(a));
        }
      }
    } else {
      throw UsageError(where + ": unknown key \"" + key + "\" (known: variants, sweeps)");
    }
  }
  return out;
}

}  // namespace detour::harness
