// site: the site a page belongs to, the one rule of by-site splits, the per-site
// table and the report's sites; and a page's host, by which template diffing (TDIFF)
// groups pages and C4.5 makes its folds, as those were defined and scored.
//
// A page's host:
//  - a DANIEL id, <8 digits>_<host>_<hash>: the host part;
//  - else the host of the page's URL (lower-cased, without user info or port);
//  - else "": the page has no known host.
// Its site is the host's registered domain: the longest public suffix of the host by
// the Public Suffix List, plus one label (news.xinhuanet.com and big5.xinhuanet.com
// are both xinhuanet.com; www.bbc.co.uk is bbc.co.uk; a blog at foo.blogspot.com,
// a public suffix, is foo.blogspot.com). A host that has no registered domain (an IP
// address, "localhost", a public suffix itself) is its own site. Sub-domains of one
// organisation share templates and editors, so a split that separated them
// would score a site's template on pages it was tuned on.
//
// The list is Debian's `publicsuffix` package (/usr/share/publicsuffix/
// public_suffix_list.dat), read once with libpsl; site_rule() names it by a digest
// of its content, for the signatures of what sites decide. A missing list is a
// ResourceError naming the file and the package. Thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace detour {

// The host of a page (see above), or "".
std::string host_of(std::string_view id, std::string_view url = {});
// The site of a page: its host's registered domain (see above), or "".
std::string site_of(std::string_view id, std::string_view url = {});
// The registered domain of a lower-case host name ("" stays "").
std::string registered_domain(std::string_view host);
// "registered-domain(psl:<16 hex digits of the list's FNV-1a>)": what site_of applies.
const std::string& site_rule();

}  // namespace detour
