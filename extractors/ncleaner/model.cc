// ncleaner/model: n-gram tables, scoring and diff training (see model.h).
#include "extractors/ncleaner/model.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#include "extractors/ncleaner/segments.h"

namespace detour::ncleaner {

namespace {

constexpr int kMaxN = 7;

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

std::uint64_t byte_mask(int k) { return k >= 8 ? ~0ULL : ((1ULL << (8 * k)) - 1); }

// Interpolation weights w[m][k] for history-limited order m (1..n) and k-gram length k.
struct Weights {
  std::array<std::array<double, kMaxN + 1>, kMaxN + 1> w{};
  Weights(int n, double q) {
    for (int m = 1; m <= n; ++m) {
      double norm = 0, f = 1;
      for (int i = 0; i < m; ++i, f *= q) norm += f;
      f = 1;
      for (int k = m; k >= 1; --k, f *= q) w[m][k] = f / norm;
    }
  }
};

}  // namespace

void validate(const Options& o) {
  if (o.n < 1 || o.n > kMaxN)
    throw std::invalid_argument("ncleaner: n must be in 1.." + std::to_string(kMaxN) + ", got " +
                                std::to_string(o.n));
  if (o.mode < 0 || o.mode > 3)
    throw std::invalid_argument("ncleaner: normalisation mode must be 0..3, got " + std::to_string(o.mode));
  if (!(o.q > 0 && o.q < 1))
    throw std::invalid_argument("ncleaner: q must be in (0,1), got " + std::to_string(o.q));
  if (!std::isfinite(o.bias)) throw std::invalid_argument("ncleaner: bias must be finite");
}

std::string normalize(std::string_view text, int mode) {
  std::string out;
  out.reserve(text.size());
  bool space = false;
  for (unsigned char c : text) {
    if (c <= 0x20 || c == 0x7F) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    char o = static_cast<char>(c);
    if (mode >= 1 && c >= 0x80) {
      o = '~';
    } else if (mode >= 2) {
      bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z';
      if (upper || lower) {
        if (mode == 3) {
          o = 'a';
        } else {
          char l = static_cast<char>(lower ? c : c + 32);
          o = (l == 'a' || l == 'e' || l == 'i' || l == 'o' || l == 'u') ? 'a' : 't';
        }
      } else if (c >= '0' && c <= '9') {
        o = '0';
      }
    }
    out += o;
  }
  return out;
}

std::uint64_t NGramModel::ngram_key(std::string_view bytes) {
  std::uint64_t key = 0;
  for (unsigned char c : bytes) key = (key << 8) | c;
  return key | (static_cast<std::uint64_t>(bytes.size()) << 56);
}

void count_ngrams(std::string_view s, int n, std::int64_t weight,
                  std::unordered_map<std::uint64_t, std::int64_t>& counts) {
  std::uint64_t window = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    window = ((window << 8) | static_cast<unsigned char>(s[i])) & byte_mask(n);
    int m = static_cast<int>(std::min<std::size_t>(n, i + 1));
    for (int k = 1; k <= m; ++k)
      counts[(window & byte_mask(k)) | (static_cast<std::uint64_t>(k) << 56)] += weight;
  }
}

NGramModel::NGramModel(int n, const std::unordered_map<std::uint64_t, std::int64_t>& counts,
                       int vocab)
    : n_(n), vocab_(std::max(1, vocab)) {
  // Context totals: for every k-gram (k >= 2), its count goes to its (k-1)-byte history.
  std::unordered_map<std::uint64_t, std::int64_t> context;
  std::size_t higher = 0;
  for (const auto& [key, c] : counts) {
    if (c <= 0) continue;
    counts_.emplace_back(key, c);
    int k = static_cast<int>(key >> 56);
    if (k == 1) {
      total1_ += c;
    } else {
      higher += k >= 3;  // 2-grams go to the dense table
      std::uint64_t hist = ((key & byte_mask(k)) >> 8) | (static_cast<std::uint64_t>(k - 1) << 56);
      context[hist] += c;
    }
  }
  std::sort(counts_.begin(), counts_.end());
  const double V = vocab_;
  for (double& cp : unigram_cp_) cp = 1.0 / (static_cast<double>(total1_) + V);
  if (n_ >= 2) bigram_cp_.assign(1 << 16, 0.0);
  std::size_t cap = std::bit_ceil(std::max<std::size_t>(16, higher * 2));
  table_.assign(cap, Slot{});
  mask_ = cap - 1;
  for (const auto& [key, c] : counts_) {
    int k = static_cast<int>(key >> 56);
    if (k == 1) {
      unigram_cp_[key & 0xFF] = (static_cast<double>(c) + 1.0) / (static_cast<double>(total1_) + V);
      continue;
    }
    std::uint64_t hist = ((key & byte_mask(k)) >> 8) | (static_cast<std::uint64_t>(k - 1) << 56);
    double cp = (static_cast<double>(c) + 1.0) / (static_cast<double>(context[hist]) + V);
    if (k == 2) {
      bigram_cp_[key & 0xFFFF] = cp;
      continue;
    }
    std::uint64_t i = mix(key) & mask_;
    while (table_[i].key != 0) i = (i + 1) & mask_;
    table_[i] = {key, cp};
  }
}

double NGramModel::lookup(std::uint64_t key) const {
  std::uint64_t i = mix(key) & mask_;
  while (true) {
    const Slot& s = table_[i];
    if (s.key == key) return s.cp;
    if (s.key == 0) return 0.0;
    i = (i + 1) & mask_;
  }
}

double NGramModel::log2_prob(std::string_view s, double q) const {
  if (n_ == 0 || table_.empty()) return -std::numeric_limits<double>::infinity();
  const Weights weights(n_, q);
  // Probabilities are multiplied and the logarithm taken only when the product gets
  // small (every factor is >= w_1 / (N + V) > 0, so no underflow to 0 is possible
  // between two flushes): one log2 per few hundred bytes instead of one per byte.
  double logp = 0, prod = 1;
  std::uint64_t window = 0;
  const std::uint64_t nmask = byte_mask(n_);
  for (std::size_t i = 0; i < s.size(); ++i) {
    window = ((window << 8) | static_cast<unsigned char>(s[i])) & nmask;
    int m = static_cast<int>(std::min<std::size_t>(n_, i + 1));
    const auto& w = weights.w[m];
    double p = w[1] * unigram_cp_[window & 0xFF];
    if (m >= 2) p += w[2] * bigram_cp_[window & 0xFFFF];
    for (int k = 3; k <= m; ++k)
      p += w[k] * lookup((window & byte_mask(k)) | (static_cast<std::uint64_t>(k) << 56));
    prod *= p;
    if (prod < 1e-200) {
      logp += std::log2(prod);
      prod = 1;
    }
  }
  return logp + std::log2(prod);
}

double NGramModel::cross_entropy(std::string_view s, double q) const {
  if (s.empty()) return 0.0;
  return -log2_prob(s, q) / static_cast<double>(s.size());
}

std::pair<bool, double> Model::check(std::string_view segment) const {
  std::string norm = normalize(segment, options.mode);
  if (norm.empty()) return {false, 0.0};
  double hd = dirty.cross_entropy(norm, options.q);
  double hc = clean.cross_entropy(norm, options.q);
  double diff = hd - (hc + options.bias);
  return {diff >= 0, diff};
}

Model train_segments(const std::vector<TrainingPair>& pairs, Options opts) {
  validate(opts);
  std::unordered_map<std::uint64_t, std::int64_t> clean, dirty;
  bool seen[256] = {};
  int vocab = 1;  // one for bytes never seen in training
  auto note_bytes = [&](const std::string& s) {
    for (unsigned char c : s)
      if (!seen[c]) {
        seen[c] = true;
        ++vocab;
      }
  };
  for (const auto& p : pairs) {
    for (const auto& seg : p.clean_segments) {
      std::string s = normalize(seg, opts.mode);
      note_bytes(s);
      count_ngrams(s, opts.n, 1, clean);
      count_ngrams(s, opts.n, -1, dirty);
    }
    for (const auto& seg : p.raw_segments) {
      std::string s = normalize(seg, opts.mode);
      note_bytes(s);
      count_ngrams(s, opts.n, 1, dirty);
    }
  }
  // Counts floored at 0: the NGramModel constructor ignores counts <= 0.
  Model m;
  m.options = opts;
  m.clean = NGramModel(opts.n, clean, vocab);
  m.dirty = NGramModel(opts.n, dirty, vocab);
  m.training_pairs = pairs.size();
  return m;
}

Model train(const std::vector<std::pair<std::string, std::string>>& raw_gold_pairs, Options opts) {
  std::vector<TrainingPair> pairs;
  pairs.reserve(raw_gold_pairs.size());
  for (const auto& [raw, gold] : raw_gold_pairs) pairs.push_back(make_training_pair(raw, gold));
  return train_segments(pairs, opts);
}

}  // namespace detour::ncleaner
