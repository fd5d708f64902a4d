// site: the site of a page (see site.h).
#include "base/site.h"

namespace detour {

std::string site_of(std::string_view id, std::string_view url) {
  if (id.size() > 10 && id[8] == '_') {
    bool digits = true;
    for (int i = 0; i < 8; ++i) digits = digits && id[i] >= '0' && id[i] <= '9';
    const auto last = id.rfind('_');
    if (digits && last != std::string_view::npos && last > 9) return std::string(id.substr(9, last - 9));
  }
  auto scheme = url.find("://");
  if (scheme == std::string_view::npos) return {};
  auto host = url.substr(scheme + 3);
  host = host.substr(0, host.find_first_of("/?#"));
  if (auto at = host.rfind('@'); at != std::string_view::npos) host = host.substr(at + 1);
  host = host.substr(0, host.find(':'));
  std::string h(host);
  for (char& c : h)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return h;
}

}  // namespace detour
