// version: build and machine facts (see version.h).
#include "base/version.h"

#include <unistd.h>

#include <ctime>

namespace detour {

std::string_view detour_version() { return DETOUR_VERSION; }

extern const char kGitCommit[];  // generated at build time (cmake/git_commit.cmake)

std::string_view detour_commit() { return kGitCommit; }

std::string host_name() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return {};
  return buf;
}

std::string utc_now_iso() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace detour
