// provenance: see provenance.h.
#include "results/provenance.h"

#include "base/strings.h"
#include "base/version.h"

namespace detour::results {

namespace {
std::vector<std::string>& argv_store() {
  static std::vector<std::string> v;
  return v;
}
}  // namespace

void set_command_line(int argc, char** argv) {
  argv_store().assign(argv, argv + argc);
}

const std::vector<std::string>& command_line() { return argv_store(); }

Provenance Provenance::now(const std::vector<std::string>& argv) {
  Provenance p;
  p.command = join(argv, " ");
  p.version = std::string(detour_version());
  p.commit = std::string(detour_commit());
  p.started = utc_now_iso();
  p.host = host_name();
  return p;
}

Provenance Provenance::now(int argc, char** argv) { return now(std::vector<std::string>(argv, argv + argc)); }

nlohmann::json Provenance::to_json() const {
  nlohmann::json j;
  j["version"] = version;
  j["commit"] = commit;
  j["corpus"] = corpus;
  j["corpus_fingerprint"] = corpus_fingerprint;
  j["languages"] = languages;
  j["missing_policy"] = missing_policy;
  if (!systems.empty()) j["systems"] = systems;
  // What differs from one execution of the same command to the next.
  j["run"] = {{"command", command}, {"started", started}, {"seconds", seconds}, {"threads", threads}, {"host", host}};
  return j;
}

}  // namespace detour::results
