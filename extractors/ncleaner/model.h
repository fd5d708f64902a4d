// ncleaner/model: the character n-gram models of NCleaner (Evert 2008, "A lightweight
// and efficient tool for cleaning Web pages", LREC 2008; Text::NCleaner 1.0).
//
// A Model is two byte-level n-gram models of the same order, CLEAN and DIRTY. A text
// segment is normalised (see Options::mode), scored by both, and kept iff
//     H_dirty(segment) - (H_clean(segment) + bias) >= 0
// where H is the per-byte cross-entropy in bits.
//
// Probability of byte c after history h (the up-to n-1 previous bytes of the same
// segment; shorter at the start of a segment, no padding), following the structure of
// NCleaner's C kernel (NGramC conditional_probability):
//     P(c | h) = sum_{k=1..m} w_k * cp_k,   m = min(n, position + 1)
//     w_k = q^(m-k) / (1 + q + ... + q^(m-1))      (full history weighted most)
//     cp_k = (count(h_k c) + 1) / (context(h_k) + V) for a k-gram h_k c seen in training,
//            0 for an unseen k-gram of length k >= 2,
//     cp_1 = (count(c) + 1) / (N + V) for every byte (add-one smoothing),
// where h_k is the last k-1 bytes of h, context(h_k) is the number of training k-grams
// starting with h_k, N the number of training bytes and V the vocabulary size (distinct
// normalised bytes in all training text of the Model, plus one for unseen bytes). The
// original computes these tables in Perl code we could not read; the formula above is
// our reading of its documentation ("geometric interpolation for the history and
// add-one smoothing") and of the C kernel, which sums stored estimates and gives 0
// for unseen k-grams.
//
// Training ("diff" training of train-ncleaner --diff): CLEAN counts k-grams
// (k = 1..n) of the clean text; DIRTY counts = counts(raw text) - counts(clean text),
// floored at 0. Counting runs segment by segment (no k-gram crosses a segment
// boundary), exactly like scoring.
//
// Models are immutable after construction and safe to share between threads.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace detour::ncleaner {

struct Options {
  // Order of the n-gram models (history of n-1 bytes). 1..7. Default 3; larger n
  // needs more training text and makes models larger, smaller n loses context.
  int n = 3;
  // Normalisation mode (NCleaner's -m), each including the previous one:
  //  0: whitespace and control bytes -> one space, runs collapsed, trimmed;
  //  1 (default): also every non-ASCII byte -> '~' (UTF-8 multi-byte characters give
  //     one '~' per byte, as the original, which read bytes);
  //  2: also ASCII vowels -> 'a', other ASCII letters -> 't', digits -> '0';
  //  3 ("non-lexical", NCNL): ASCII letters -> 'a', digits -> '0'.
  int mode = 1;
  // Interpolation factor in (0,1). Default 0.6 (NCleaner's $DEFAULT_Q); values near 1
  // weight all history lengths alike, values near 0 use the full history only.
  double q = 0.6;
  // Bias in bits added to the clean cross-entropy. Default 0; positive raises
  // precision at the cost of recall.
  double bias = 0.0;
};

// Throws std::invalid_argument naming the bad option.
void validate(const Options& opts);

// Normalises one segment's bytes according to `mode` (see Options::mode).
std::string normalize(std::string_view text, int mode);

// One training pair: the candidate segments of a raw page and the clean (gold)
// segments, as UTF-8 text (not yet normalised).
struct TrainingPair {
  std::vector<std::string> raw_segments;
  std::vector<std::string> clean_segments;
};

class NGramModel {
 public:
  NGramModel() = default;
  // Builds the probability tables from k-gram counts. `counts` holds (key, count)
  // with key = ngram_key(); counts <= 0 are ignored. `vocab` is V (>= 1).
  NGramModel(int n, const std::unordered_map<std::uint64_t, std::int64_t>& counts, int vocab);

  // log2 P(segment) of an already normalised segment, under interpolation factor q.
  double log2_prob(std::string_view normalised, double q) const;
  // Per-byte cross-entropy in bits (0 for an empty segment).
  double cross_entropy(std::string_view normalised, double q) const;

  int n() const { return n_; }
  int vocab() const { return vocab_; }
  std::int64_t total_unigrams() const { return total1_; }
  // The counts this model was built from, sorted by key (for saving).
  const std::vector<std::pair<std::uint64_t, std::int64_t>>& counts() const { return counts_; }

  // Key of the k-gram made of bytes[0..k): the bytes packed most recent lowest
  // (bytes[k-1] in bits 0-7) with k in the top byte. k in 1..7.
  static std::uint64_t ngram_key(std::string_view bytes);

 private:
  struct Slot {
    std::uint64_t key = 0;  // 0 = empty (a real key always has k >= 1 in the top byte)
    double cp = 0;
  };
  double lookup(std::uint64_t key) const;

  int n_ = 0;
  int vocab_ = 1;
  std::int64_t total1_ = 0;
  double unigram_cp_[256] = {};
  std::vector<double> bigram_cp_;  // n >= 2: cp of every 2-gram by its two bytes (0 unseen)
  std::vector<Slot> table_;  // open addressing, linear probing, power-of-two size
  std::uint64_t mask_ = 0;
  std::vector<std::pair<std::uint64_t, std::int64_t>> counts_;
};

struct Model {
  Options options;
  NGramModel clean;
  NGramModel dirty;
  // What it was trained on (free text recorded in the file and in signatures),
  // e.g. "DANIEL en 60 pages seed 42 ids#1a2b3c4d".
  std::string provenance;
  std::size_t training_pairs = 0;

  // (is_clean, H_dirty - (H_clean + bias)) of one UTF-8 segment (normalised here).
  // An empty normalised segment is not clean.
  std::pair<bool, double> check(std::string_view segment) const;
};

// Counts k-grams (k = 1..n) of one normalised segment; `weight` is added per occurrence.
void count_ngrams(std::string_view normalised, int n, std::int64_t weight,
                  std::unordered_map<std::uint64_t, std::int64_t>& counts);

// Diff training on segmented pairs (see header comment). Throws std::invalid_argument
// for bad options.
Model train_segments(const std::vector<TrainingPair>& pairs, Options opts);

// Diff training on (raw page HTML as UTF-8, gold CleanEval text) pairs: the page is
// parsed and segmented with ncleaner::page_segments(), the gold with
// ncleaner::gold_segments() (extractors/ncleaner/segments.h).
Model train(const std::vector<std::pair<std::string, std::string>>& raw_gold_pairs, Options opts);

class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Model file: UTF-8 text, version 1.
//   detour-ncleaner-model 1
//   n <n>\nmode <m>\nq <q>\nbias <b>\nvocab <V>\npairs <count>\nprovenance <text>
//   clean <number of lines>\n then "<k> <hex bytes> <count>" lines
//   dirty <number of lines>\n then the same
//   end
// save() writes atomically-enough (temp file + rename); both throw ModelError naming
// the file and the reason.
void save(const Model& model, const std::filesystem::path& path);
Model load(const std::filesystem::path& path);
// The same form to and from a stream (`name` names the source in errors).
void write_model(std::ostream& out, const Model& model);
Model read_model(std::istream& in, const std::string& name);

}  // namespace detour::ncleaner
