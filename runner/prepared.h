// prepared: what the corpus-aware stages (needs_corpus(): NCleaner's training, C4.5's
// trees, TDIFF's site pairing, GOLD's references) learnt in prepare(), kept in the
// run folder, so that `run --resume` restores it instead of loading, decoding,
// parsing and learning from every page of the corpus again (which cost a resumed
// DANIEL run about half of a whole run's time).
//
// One file per stage, OUT/prepared/<FNV-1a of the stage name>.state, written
// atomically after prepare() and before the first page: a magic line, the key (what
// the state was prepared on: detour version and commit, corpus fingerprint, the
// run's languages and seed, the stage and its signature before prepare()), the
// extractor's bytes (Extractor::save_prepared), and the FNV-1a of all of it. A file
// whose key differs (another corpus, build, seed or setting), that is torn, or that
// the extractor cannot read is ignored: the run then prepares on the corpus again,
// so a resumed run's results never depend on whether the state was kept.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "runner/pipeline.h"

namespace detour::harness {

class PreparedStates {
 public:
  // `dir`: the run folder's prepared/ folder; `key`: what the run prepares on
  // (run_key()).
  PreparedStates(std::filesystem::path dir, std::string key);

  // The run's key: version, commit, corpus fingerprint, languages, seed.
  static std::string run_key(const std::string& version, const std::string& commit, const std::string& fingerprint,
                             const std::vector<std::string>& languages, std::uint64_t seed);

  // Restores every corpus-aware stage of an unprepared `pipeline` from its file, and
  // prepares the others with `light`; false when a stage has no usable state (then
  // the caller prepares the whole pipeline on the corpus, which resets every stage).
  bool restore(Pipeline& pipeline, const CorpusContext& light) const;
  // Writes the state of every corpus-aware stage of a prepared `pipeline`.
  // `signatures` are the stages' signatures before prepare() (Pipeline::stage_signatures).
  void save(const Pipeline& pipeline, const std::map<std::string, std::string>& signatures) const;

  std::filesystem::path file(const std::string& stage) const;

 private:
  std::string stage_key(const std::string& stage, const std::string& signature) const;
  std::filesystem::path dir_;
  std::string key_;
};

}  // namespace detour::harness
