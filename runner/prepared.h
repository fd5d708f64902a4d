// prepared: what the corpus-aware stages (needs_corpus(): NCleaner's training, C4.5's
// trees, TDIFF's site pairing) learnt in prepare(), as one file, with what it was
// learnt on. It is the result of the preparation stage (`detour prepare`, run once
// for a sharded run: each `detour run --shard I/N --prepared FILE` then restores it
// instead of loading, parsing and learning from every page of the corpus again), and
// what a run keeps in its folder (OUT/prepared.state) so that `run --resume` does not
// prepare again.
//
// The file: a magic line, then the key -- detour's version and commit, the corpus
// fingerprint, the run's languages and seed --, the stages (each its name, its
// signature before prepare(), which holds every setting, and its bytes:
// Extractor::save_prepared), and the FNV-1a of all of it; written atomically. A state
// is used only when everything in its key equals the run's and it holds every
// corpus-aware stage of the run with the same signature (it may hold more: one
// preparation of `--extractors all` serves runs of fewer stages); mismatch() says
// what differs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "runner/pipeline.h"

namespace detour::harness {

// What a preparation was made on.
struct PreparedKey {
  std::string version, commit, fingerprint;
  std::vector<std::string> languages;
  std::uint64_t seed = 42;
};

// A prepared file that cannot be read: missing, not one, torn or corrupt.
class PreparedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class PreparedFile {
 public:
  // The name a run folder keeps its state under, and the name a shard looks for
  // beside its folder (OUT/prepared.state beside OUT/shard-I) when not given one.
  static constexpr const char* kName = "prepared.state";

  // Writes the state of every corpus-aware stage of a prepared `pipeline` to `file`
  // (atomically). `signatures`: the stages' signatures before prepare()
  // (Pipeline::stage_signatures). Stages that keep nothing (save_prepared() "") are
  // left out: a run needing them prepares again. Returns the bytes written.
  static std::size_t save(const std::filesystem::path& file, const PreparedKey& key, const Pipeline& pipeline,
                          const std::map<std::string, std::string>& signatures);

  // Reads `file`. Throws PreparedError naming the file and the reason.
  static PreparedFile read(const std::filesystem::path& file);

  // Why this state cannot prepare the unprepared `pipeline` of a run of `key` (each
  // difference named: corpus fingerprint, seed, languages, version, a stage missing
  // or prepared with other settings), or "" when it can.
  std::string mismatch(const PreparedKey& key, const Pipeline& pipeline) const;

  // Restores every corpus-aware stage of the unprepared `pipeline` (mismatch() must
  // be "") and prepares the others with `light` (languages, seed, and the pages the
  // run extracts: CorpusContext::extracts). Throws PreparedError when a stage cannot
  // read its bytes.
  void restore(Pipeline& pipeline, const CorpusContext& light) const;

  const std::filesystem::path& path() const { return path_; }
  const PreparedKey& key() const { return key_; }
  std::vector<std::string> stages() const;

 private:
  std::filesystem::path path_;
  PreparedKey key_;
  struct Stage {
    std::string signature, bytes;
  };
  std::map<std::string, Stage> stages_;
};

}  // namespace detour::harness
