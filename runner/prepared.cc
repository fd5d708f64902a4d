// prepared: see prepared.h.
#include "runner/prepared.h"

#include <cstdio>
#include <iostream>

#include "base/bytes.h"
#include "base/hash.h"
#include "base/io.h"
#include "base/strings.h"

namespace detour::harness {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMagic = "detour-prepared 1\n";

std::string hex16(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace

PreparedStates::PreparedStates(fs::path dir, std::string key) : dir_(std::move(dir)), key_(std::move(key)) {}

std::string PreparedStates::run_key(const std::string& version, const std::string& commit,
                                    const std::string& fingerprint, const std::vector<std::string>& languages,
                                    std::uint64_t seed) {
  return "version=" + version + "\ncommit=" + commit + "\ncorpus=" + fingerprint + "\nlanguages=" + join(languages, ",") +
         "\nseed=" + std::to_string(seed) + "\n";
}

fs::path PreparedStates::file(const std::string& stage) const {
  return dir_ / (hex16(fnv1a(stage)) + ".state");
}

std::string PreparedStates::stage_key(const std::string& stage, const std::string& signature) const {
  return key_ + "stage=" + stage + "\nsignature=" + signature + "\n";
}

bool PreparedStates::restore(Pipeline& pipeline, const CorpusContext& light) const {
  const auto signatures = pipeline.stage_signatures();  // unprepared: as the run that saved them saw them
  const std::vector<std::string> stages = pipeline.corpus_stages();
  std::vector<std::string> states;
  for (const auto& stage : stages) {
    std::string bytes;
    try {
      bytes = io::read_file(file(stage), std::size_t{1} << 40);
    } catch (const io::IoError&) {
      return false;  // not kept (a run killed before it was written, or an older run)
    }
    try {
      if (bytes.size() < kMagic.size() + 8 || bytes.compare(0, kMagic.size(), kMagic) != 0) return false;
      const std::string_view body(bytes.data(), bytes.size() - 8);
      ByteReader tail(std::string_view(bytes).substr(bytes.size() - 8));
      if (tail.u64() != fnv1a(body)) return false;
      ByteReader r(body.substr(kMagic.size()));
      if (r.str() != stage_key(stage, signatures.at(stage))) return false;
      states.push_back(r.str());
    } catch (const ByteError&) {
      return false;
    }
  }
  for (std::size_t i = 0; i < stages.size(); ++i) {
    try {
      pipeline.mutable_stage(stages[i]).restore_prepared(states[i], light);
    } catch (const std::exception& e) {
      std::cerr << "note: " << file(stages[i]).string() << ": the prepared state of " << stages[i]
                << " cannot be restored (" << e.what() << "); preparing on the corpus again\n";
      return false;
    }
  }
  pipeline.prepare_light(light);
  return true;
}

void PreparedStates::save(const Pipeline& pipeline, const std::map<std::string, std::string>& signatures) const {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec) throw io::IoError(dir_.string() + ": cannot create the folder: " + ec.message());
  for (const auto& stage : pipeline.corpus_stages()) {
    std::string state = pipeline.stage(stage).save_prepared();
    if (state.empty()) continue;  // nothing kept: a resumed run prepares again
    ByteWriter w;
    w.raw(kMagic);
    w.str(stage_key(stage, signatures.at(stage)));
    w.str(state);
    std::string().swap(state);
    const std::uint64_t h = fnv1a(w.bytes());
    w.u64(h);
    io::write_file_atomic(file(stage), w.bytes());
  }
}

}  // namespace detour::harness
