// extractor: signatures and creation by name (see extractor.h).
#include "extractors/extractor.h"

namespace detour {

std::string Extractor::signature() const {
  std::string sig = name() + "|v:" + version();
  for (const auto& [k, v] : settings()) sig += "|" + k + ":" + v;
  return sig;
}


std::unique_ptr<Extractor> make_extractor(std::string_view name) {
  for (const auto& info : extractor_registry())
    if (info.name == name) return info.make();
  std::string known;
  for (const auto& info : extractor_registry()) known += (known.empty() ? "" : ", ") + std::string(info.name);
  throw std::invalid_argument("unknown extractor '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace detour
