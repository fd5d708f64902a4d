// site: the site of a page (see site.h).
#include "base/site.h"

#include <libpsl.h>

#include <memory>

#include "base/errors.h"
#include "base/hash.h"
#include "base/io.h"

namespace detour {

namespace {

constexpr const char* kListFile = "/usr/share/publicsuffix/public_suffix_list.dat";

struct PslList {
  psl_ctx_t* ctx = nullptr;
  std::string rule;
  std::string error;  // why the list could not be loaded ("" when it was)
  PslList() {
    std::string bytes;
    try {
      bytes = io::read_file(kListFile);
    } catch (const std::exception& e) {
      error = std::string(e.what()) +
              " (the Public Suffix List that decides a page's site: install Debian's publicsuffix package, "
              "scripts/install-deps.sh)";
      return;
    }
    ctx = psl_load_file(kListFile);
    if (!ctx) {
      error = std::string(kListFile) + ": libpsl cannot read it as a Public Suffix List";
      return;
    }
    rule = "registered-domain(psl:" + hash_hex(fnv1a(bytes)) + ")";
  }
  ~PslList() {
    if (ctx) psl_free(ctx);
  }
};

const PslList& list() {
  static const PslList l;
  if (!l.ctx) throw ResourceError(l.error);
  return l;
}

bool ip_literal(std::string_view h) {
  if (h.empty()) return false;
  if (h.front() == '[' || h.find(':') != std::string_view::npos) return true;  // IPv6
  for (char c : h)
    if (!((c >= '0' && c <= '9') || c == '.')) return false;
  return true;  // dotted digits: IPv4
}

}  // namespace

std::string host_of(std::string_view id, std::string_view url) {
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
  if (!host.empty() && host.front() == '[') {  // [IPv6]:port
    host = host.substr(0, host.find(']') == std::string_view::npos ? host.size() : host.find(']') + 1);
  } else {
    host = host.substr(0, host.find(':'));
  }
  std::string h(host);
  for (char& c : h)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return h;
}

std::string registered_domain(std::string_view host) {
  if (host.empty()) return {};
  std::string h(host);
  for (char& c : h)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  while (!h.empty() && h.back() == '.') h.pop_back();  // a fully qualified name's root dot
  if (h.empty() || ip_literal(h)) return h;
  const char* d = psl_registrable_domain(list().ctx, h.c_str());
  return d ? std::string(d) : h;
}

std::string site_of(std::string_view id, std::string_view url) { return registered_domain(host_of(id, url)); }

const std::string& site_rule() { return list().rule; }

}  // namespace detour
