// shard_merge: `detour merge`: the shards of one run (run folders, or runs of the
// results store) put back together into the run an unsharded `detour run` makes: its
// outputs, record files and tables are the same bytes (timings and the
// provenance.run block aside), because every shard prepared on the whole corpus and
// recorded its pages exactly (runner/shard.h, store/records.h).
//
// Refused, with every problem named at once: sources of different runs (another
// corpus, settings, systems, version or number of shards: what differs is named),
// a shard given twice, missing shards, shards not complete (with how many pages
// they lack), shares that overlap or leave pages out.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "runner/runner.h"
#include "store/records.h"

namespace detour::harness {

struct MergeSource {
  std::string name;               // how messages name it: the folder, or "run 7 of FILE"
  std::filesystem::path folder;   // its run folder (outputs/), or "" for a store run
  store::RunLog log;
};

// Reads a shard's run folder (its journal). Throws StoreError naming the folder.
MergeSource folder_source(const std::filesystem::path& dir);

// What keeps the sources from merging (empty when they merge).
struct MergeProblem {
  std::string text;
  bool unfinished = false;  // missing or incomplete shards (work not done), not wrong sources
};
std::vector<MergeProblem> merge_problems(const std::vector<MergeSource>& sources);

// The merged log: the whole corpus, every page, shard 1/1, the provenance of the
// first shard with the merge's command and the shards' total time. Call after
// merge_problems() found none. The sources' page records are moved into it (their
// headers stay, for write_merged()).
store::RunLog merge_logs(std::vector<MergeSource>& sources, const results::Provenance& merge);

// Writes the merged run into `out` (`sources` as merge_logs() left them; checked and
// locked as a run folder: refused when it holds a run, unless `overwrite`): outputs
// copied from the shard folders (checked against their recorded hashes), the journal,
// the record files and the tables.
// Sources without a folder (store runs) have no outputs to copy: `outputs_missing`
// is set and outputs/ holds the folder sources' only.
void write_merged(const std::filesystem::path& out, bool overwrite, const std::vector<MergeSource>& sources,
                  const store::RunLog& merged, bool* outputs_missing = nullptr);

}  // namespace detour::harness
