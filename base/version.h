// version: what binary this is, for the provenance of every results file.
#pragma once

#include <string>
#include <string_view>

namespace detour {

std::string_view detour_version();  // "0.1.0"
std::string_view detour_commit();   // short git commit the binary was built from, or ""
std::string host_name();            // this machine's name, or ""
std::string utc_now_iso();          // "2026-11-23T22:10:05Z"

}  // namespace detour
