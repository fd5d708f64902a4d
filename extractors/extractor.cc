// extractor: signatures and creation by name (see extractor.h).
#include "extractors/extractor.h"

#include "base/strings.h"

namespace detour {

std::string Extractor::signature() const {
  std::string sig = name() + "|v:" + version();
  for (const auto& [k, v] : settings()) sig += "|" + k + ":" + v;
  return sig;
}


const ExtractorInfo& find_extractor(std::string_view name) {
  for (const auto& info : extractor_registry())
    if (info.name == name) return info;
  std::vector<std::string> known;
  for (const auto& info : extractor_registry()) known.emplace_back(info.name);
  throw UsageError(unknown_name_message("extractor", name, known));
}

std::unique_ptr<Extractor> make_extractor(std::string_view name, const RawSettings& settings) {
  const ExtractorInfo& info = find_extractor(name);
  return info.make(SettingValues::resolve(info.name, info.setting_specs(), settings));
}

}  // namespace detour
