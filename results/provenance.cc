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
  if (!systems.empty()) {
    j["systems"] = systems;
    j["judgments"] = judgments.to_json();
  }
  // What differs from one execution of the same command to the next.
  j["run"] = {{"command", command}, {"started", started}, {"seconds", seconds}, {"threads", threads}, {"host", host}};
  if (!memory_bound.empty()) j["run"]["memory_bound"] = memory_bound;
  return j;
}

nlohmann::json JudgmentSettings::to_json() const {
  return {{"intervals", intervals}, {"resamples", resamples}, {"trials", trials},
          {"seed", seed},           {"alpha", alpha},         {"baselines", baselines}};
}

JudgmentSettings JudgmentSettings::from_json(const nlohmann::json& j) {
  JudgmentSettings s;
  if (j.contains("intervals")) s.intervals = j["intervals"].get<std::string>();
  if (j.contains("resamples")) s.resamples = j["resamples"].get<std::uint32_t>();
  if (j.contains("trials")) s.trials = j["trials"].get<std::uint32_t>();
  if (j.contains("seed")) s.seed = j["seed"].get<std::uint64_t>();
  if (j.contains("alpha")) s.alpha = j["alpha"].get<double>();
  if (j.contains("baselines")) s.baselines = j["baselines"].get<std::vector<std::string>>();
  return s;
}

Provenance Provenance::from_json(const nlohmann::json& j) {
  Provenance p;
  auto str = [&](const nlohmann::json& o, const char* key, std::string& out) {
    if (o.contains(key) && !o[key].is_null()) out = o[key].get<std::string>();
  };
  str(j, "version", p.version);
  str(j, "commit", p.commit);
  str(j, "corpus", p.corpus);
  str(j, "corpus_fingerprint", p.corpus_fingerprint);
  str(j, "missing_policy", p.missing_policy);
  if (j.contains("languages")) p.languages = j["languages"].get<std::vector<std::string>>();
  if (j.contains("systems")) p.systems = j["systems"].get<std::map<std::string, std::string>>();
  if (j.contains("judgments")) p.judgments = JudgmentSettings::from_json(j["judgments"]);
  if (j.contains("run")) {
    const auto& r = j["run"];
    str(r, "command", p.command);
    str(r, "started", p.started);
    str(r, "host", p.host);
    str(r, "memory_bound", p.memory_bound);
    if (r.contains("seconds")) p.seconds = r["seconds"].get<double>();
    if (r.contains("threads")) p.threads = r["threads"].get<int>();
  }
  return p;
}

}  // namespace detour::results
