// shard: one run cut into N shares that separate processes or cluster nodes run
// (`detour run --shard I/N`) and `detour merge` puts back together (shard_merge.h).
//
// The share of a page depends only on the set of pages (their keys: dataset,
// language, id) and their sizes: never on the order a file system lists them, the
// machine, or --jobs. Pages are dealt largest first, each to the share with the
// least total weight so far (ties: the lower share; equal weights: the smaller
// key), where a page weighs its bytes plus a fixed kPageOverhead (the cost of a page
// grows with its size; the overhead stands for what every page costs). Greedy
// largest-first keeps the heaviest share within one page of the lightest.
//
// A shard runs only its share, but it opens, fingerprints and (for extractors that
// learn from the corpus: NCleaner training, C4.5 folds, TDIFF site groups) prepares
// on the whole corpus, so each of its outputs equals the unsharded run's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "corpora/corpus.h"

namespace detour::harness {

struct ShardSpec {
  int index = 1;  // 1-based
  int count = 1;
  bool whole() const { return count == 1; }
  std::string str() const { return std::to_string(index) + "/" + std::to_string(count); }
};

// Parses "I/N" (1 <= I <= N <= 100000). Throws UsageError.
ShardSpec parse_shard(std::string_view text);

inline constexpr std::uint64_t kPageOverhead = 4096;

// The weight of a page: its size in bytes (the file's, or the inline page's) plus
// kPageOverhead. A file that cannot be read weighs the overhead alone.
std::uint64_t page_weight(const corpora::CorpusDoc& doc);

// The share (0-based) of each document, for `count` shares, from their keys and
// weights (parallel vectors; keys must be distinct).
std::vector<int> assign_shares(const std::vector<std::string>& keys, const std::vector<std::uint64_t>& weights,
                               int count);

// The documents (indices into `docs`, ascending) of share `spec`.
std::vector<std::uint32_t> shard_share(const std::vector<corpora::CorpusDoc>& docs, ShardSpec spec);

// A document's key for the assignment: dataset, language and id.
std::string shard_key(const corpora::CorpusDoc& doc);

}  // namespace detour::harness
