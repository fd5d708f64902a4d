#include "metrics/metric.h"

#include <cmath>
#include <stdexcept>

#include "metrics/cleaneval_text.h"

namespace detour::metrics {

std::string_view version() {
#ifdef DETOUR_VERSION
  return DETOUR_VERSION;
#else
  return "dev";
#endif
}

namespace {

// Open-addressing table from token to dense id (faster than std::unordered_map for
// the short-lived, write-once tables of one document pair).
template <class T>
class InternTable {
 public:
  explicit InternTable(std::size_t expected) {
    std::size_t cap = 16;
    while (cap < 2 * expected + 2) cap <<= 1;
    slots_.assign(cap, Slot{});
    mask_ = cap - 1;
  }
  std::int32_t id_of(const T& key) {
    std::uint64_t h = hash(key);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.id < 0) {
        s.key = key;
        s.hash = h;
        s.id = next_++;
        return s.id;
      }
      if (s.hash == h && s.key == key) return s.id;
    }
  }
  std::int32_t size() const { return next_; }

 private:
  static std::uint64_t hash(std::string_view k) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
    for (unsigned char c : k) h = (h ^ c) * 1099511628211ULL;
    return h ^ (h >> 29);
  }
  static std::uint64_t hash(char32_t k) {
    std::uint64_t h = static_cast<std::uint64_t>(k) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 31);
  }
  struct Slot {
    T key{};
    std::uint64_t hash = 0;
    std::int32_t id = -1;
  };
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::int32_t next_ = 0;
};

// Interns the tokens of both sides into dense ids.
template <class T>
TokenPair intern(const std::vector<T>& sys, const std::vector<T>& gold) {
  TokenPair out;
  InternTable<T> table(sys.size() + gold.size());
  out.sys.reserve(sys.size());
  out.gold.reserve(gold.size());
  for (const auto& t : sys) out.sys.push_back(table.id_of(t));
  for (const auto& t : gold) out.gold.push_back(table.id_of(t));
  out.alphabet = table.size();
  return out;
}

std::vector<Opcode> opcodes_of(const TokenPair& t, bool autojunk) {
  SequenceMatcher sm(t.sys, t.gold, autojunk);
  return sm.get_opcodes();
}

}  // namespace

struct DocPair::Cache {
  std::string norm_sys[2], norm_gold[2];  // [unlabelled]
  std::optional<Alignment> ce[2];
  std::string to_sys, to_gold;
  bool to_ready = false;
  std::vector<std::string_view> to_sys_words, to_gold_words;
  std::optional<TokenPair> to_words;
  std::optional<TokenPair> to_chars;
  std::optional<std::vector<Opcode>> to_word_ops, to_char_ops;
};

DocPair::DocPair(std::string_view system, std::string_view gold, ScoreOptions opts)
    : system_(system), gold_(gold), opts_(opts), cache_(std::make_unique<Cache>()) {}
DocPair::~DocPair() = default;

const Alignment& DocPair::cleaneval(bool unlabelled) {
  auto& slot = cache_->ce[unlabelled ? 1 : 0];
  if (!slot) {
    CleanEvalOptions o;
    o.unlabelled = unlabelled;
    std::string& ns = cache_->norm_sys[unlabelled ? 1 : 0];
    std::string& ng = cache_->norm_gold[unlabelled ? 1 : 0];
    ns = cleaneval_normalize(system_, o);
    ng = cleaneval_normalize(gold_, o);
    Alignment a;
    a.sys_tokens = cleaneval_split(ns);
    a.gold_tokens = cleaneval_split(ng);
    a.tokens = intern(a.sys_tokens, a.gold_tokens);
    a.opcodes = opcodes_of(a.tokens, opts_.autojunk);
    slot = std::move(a);
  }
  return *slot;
}

const std::vector<std::string_view>& DocPair::text_only_sys() {
  if (!cache_->to_ready) {
    cache_->to_sys = text_only_normalize(system_);
    cache_->to_gold = text_only_normalize(gold_);
    cache_->to_sys_words = split_words(cache_->to_sys);
    cache_->to_gold_words = split_words(cache_->to_gold);
    cache_->to_ready = true;
  }
  return cache_->to_sys_words;
}

const std::vector<std::string_view>& DocPair::text_only_gold() {
  text_only_sys();
  return cache_->to_gold_words;
}

const TokenPair& DocPair::text_only_words() {
  if (!cache_->to_words) cache_->to_words = intern(text_only_sys(), text_only_gold());
  return *cache_->to_words;
}

const TokenPair& DocPair::text_only_chars() {
  if (!cache_->to_chars) {
    text_only_sys();
    cache_->to_chars = intern(non_space_code_points(cache_->to_sys),
                              non_space_code_points(cache_->to_gold));
  }
  return *cache_->to_chars;
}

const std::vector<Opcode>& DocPair::text_only_word_opcodes() {
  if (!cache_->to_word_ops) cache_->to_word_ops = opcodes_of(text_only_words(), opts_.autojunk);
  return *cache_->to_word_ops;
}

const std::vector<Opcode>& DocPair::text_only_char_opcodes() {
  if (!cache_->to_char_ops) cache_->to_char_ops = opcodes_of(text_only_chars(), opts_.autojunk);
  return *cache_->to_char_ops;
}

PRFValues prf(std::int64_t tp, std::int64_t fp, std::int64_t fn, ZeroRule rule) {
  PRFValues v;
  if (rule == ZeroRule::CleanEval) {
    double n_text = tp + fp > 0 ? double(tp + fp) : 1.0;
    double n_gold = tp + fn > 0 ? double(tp + fn) : 1.0;
    v.precision = tp / n_text;
    v.recall = tp / n_gold;
  } else {
    v.precision = tp + fp > 0 ? double(tp) / double(tp + fp) : 1.0;
    v.recall = tp + fn > 0 ? double(tp) / double(tp + fn) : 1.0;
  }
  double s = v.precision + v.recall;
  v.f1 = 2 * v.precision * v.recall / (s > 0 ? s : 1.0);
  return v;
}

const MetricInfo& find_metric(std::string_view name) {
  for (const auto& m : metric_registry())
    if (m.name == name) return m;
  std::string known;
  for (const auto& m : metric_registry()) known += (known.empty() ? "" : ", ") + std::string(m.name);
  throw std::invalid_argument("unknown metric '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<const MetricInfo*> parse_metric_list(std::string_view list) {
  std::vector<const MetricInfo*> out;
  if (list == "all") {
    for (const auto& m : metric_registry()) out.push_back(&m);
    return out;
  }
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    if (comma == std::string_view::npos) comma = list.size();
    std::string_view item = list.substr(start, comma - start);
    if (!item.empty()) {
      const MetricInfo* m = &find_metric(item);
      bool dup = false;
      for (auto* x : out) dup = dup || x == m;
      if (!dup) out.push_back(m);
    }
    start = comma + 1;
  }
  if (out.empty()) throw std::invalid_argument("no metric given");
  return out;
}

std::string metric_signature(const MetricInfo& m, const ScoreOptions& opts) {
  std::string s = "metric:" + std::string(m.name);
  s += "|tok:" + std::string(m.tokenisation);
  s += "|norm:" + std::string(m.normalisation);
  s += std::string("|autojunk:") + (opts.autojunk ? "yes" : "no");
  s += "|avg:micro+macro";
  s += std::string("|zero:") + (m.zero_rule == ZeroRule::CleanEval ? "cleaneval" : "empty-is-perfect");
  s += "|version:" + std::string(version());
  return s;
}

std::string run_signature(const std::vector<const MetricInfo*>& metrics, const ScoreOptions& opts) {
  std::string names;
  for (auto* m : metrics) names += (names.empty() ? "" : ",") + std::string(m->name);
  return "detour-score|metrics:" + names + std::string("|autojunk:") + (opts.autojunk ? "yes" : "no") +
         "|avg:micro+macro|version:" + std::string(version());
}

Aggregate aggregate(const MetricInfo& m, const std::vector<const DocScore*>& docs) {
  Aggregate a;
  a.documents = docs.size();
  a.value_means.assign(m.value_names.size(), 0.0);
  double sp = 0, sr = 0, sf = 0, ssp = 0, ssr = 0, ssf = 0;
  for (const DocScore* d : docs) {
    a.tp += d->tp;
    a.fp += d->fp;
    a.fn += d->fn;
    PRFValues v = prf(d->tp, d->fp, d->fn, m.zero_rule);
    sp += v.precision;
    sr += v.recall;
    sf += v.f1;
    ssp += v.precision * v.precision;
    ssr += v.recall * v.recall;
    ssf += v.f1 * v.f1;
    for (std::size_t k = 0; k < a.value_means.size() && k < d->values.size(); ++k)
      a.value_means[k] += d->values[k];
  }
  a.micro = prf(a.tp, a.fp, a.fn, m.zero_rule);
  double n = static_cast<double>(docs.size());
  if (n > 0) {
    a.macro = {sp / n, sr / n, sf / n};
    for (double& v : a.value_means) v /= n;
  }
  auto sd = [&](double ss, double mean) {
    if (n < 2) return 0.0;
    double var = (ss - n * mean * mean) / (n - 1);
    return var > 0 ? std::sqrt(var) : 0.0;
  };
  a.sd_precision = sd(ssp, a.macro.precision);
  a.sd_recall = sd(ssr, a.macro.recall);
  a.sd_f1 = sd(ssf, a.macro.f1);
  return a;
}

}  // namespace detour::metrics
