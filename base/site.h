// site: the site a page belongs to, the one rule every part of detour uses (template
// diffing groups by it, C4.5 folds by it, per-site tables and by-site splits).
//  - A DANIEL id, <8 digits>_<host>_<hash>: the host part.
//  - Else the host of the page's URL (lower-cased, without user info or port).
//  - Else "": the page has no known site.
#pragma once

#include <string>
#include <string_view>

namespace detour {

std::string site_of(std::string_view id, std::string_view url = {});

}  // namespace detour
