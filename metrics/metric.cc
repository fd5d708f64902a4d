#include "base/cpu_time.h"
#include "base/errors.h"
#include "base/strings.h"
#include "metrics/metric.h"

#include <algorithm>
#include <atomic>
#include <ctime>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>
#include <stdexcept>

#include "metrics/bench_metrics/punkt.h"
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

// Token -> dense id, one table per thread reused by every document pair of that
// thread: a generation stamp empties it in O(1). The table starts small and doubles
// at half load, probing only a power-of-two prefix of its storage, so that pairs
// with few distinct tokens stay in cache even after a big one.
class WordInterner {
 public:
  void begin(std::size_t expected) {
    std::size_t cap = 1024;
    while (cap < 2 * std::min<std::size_t>(expected, 1 << 13)) cap <<= 1;
    use(cap);
    next_ = 0;
    owner_ = 0;
    journal_.clear();
  }
  // Checkpoint: the table now holds exactly `owner`'s tokens; later insertions are
  // journaled so that restore() can take them out again.
  void mark(std::uint64_t owner) {
    owner_ = owner;
    mark_next_ = next_;
    journal_.clear();
  }
  // Back to the state of mark(owner), if the table still has it (no other owner
  // since, no rehash since). Linear probing only ever fills empty slots, so
  // emptying the journaled slots restores every probe chain exactly.
  bool restore(std::uint64_t owner) {
    if (owner == 0 || owner != owner_) return false;
    for (std::uint32_t i : journal_) slots_[i].gen = gen_ - 1;
    journal_.clear();
    next_ = mark_next_;
    return true;
  }
  std::int32_t id_of(std::string_view key) {
    std::uint64_t h = hash(key);
    std::uint32_t h32 = static_cast<std::uint32_t>(h >> 32);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.gen != gen_) {
        s = Slot{gen_, next_, h32, static_cast<std::uint32_t>(h)};
        if (static_cast<std::size_t>(next_) >= keys_.size()) keys_.resize(keys_.size() * 2 + 1024);
        keys_[static_cast<std::size_t>(next_)] = key;
        if (owner_ != 0) journal_.push_back(static_cast<std::uint32_t>(i));
        std::int32_t id = next_++;
        if (static_cast<std::size_t>(next_) * 2 > mask_ + 1) grow();
        return id;
      }
      if (s.hash == h32 && same(keys_[static_cast<std::size_t>(s.id)], key)) return s.id;
    }
  }
  // The id of an interned key, or -1 (nothing is inserted).
  std::int32_t find(std::string_view key) const {
    std::uint64_t h = hash(key);
    std::uint32_t h32 = static_cast<std::uint32_t>(h >> 32);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.gen != gen_) return -1;
      if (s.hash == h32 && same(keys_[static_cast<std::size_t>(s.id)], key)) return s.id;
    }
  }
  std::int32_t size() const { return next_; }

 private:
  // Makes the first `cap` slots the (empty) table.
  void use(std::size_t cap) {
    if (cap > slots_.size()) {
      slots_.assign(cap, Slot{});
      gen_ = 0;
    }
    if (++gen_ == 0) {  // wrapped: clear once
      for (Slot& s : slots_) s.gen = 0;
      gen_ = 1;
    }
    mask_ = cap - 1;
  }
  void grow() {
    owner_ = 0;  // slots move: no checkpoint survives
    journal_.clear();
    std::vector<Slot> live;
    live.reserve(static_cast<std::size_t>(next_));
    for (std::size_t i = 0; i <= mask_; ++i)
      if (slots_[i].gen == gen_) live.push_back(slots_[i]);
    use(2 * (mask_ + 1));
    for (Slot s : live) {
      s.gen = gen_;
      std::size_t i = s.low & mask_;
      while (slots_[i].gen == gen_) i = (i + 1) & mask_;
      slots_[i] = s;
    }
  }
  // Token equality without a library call for the short tokens that dominate.
  static bool same(std::string_view a, std::string_view b) {
    const std::size_t n = a.size();
    if (n != b.size()) return false;
    const char* p = a.data();
    const char* q = b.data();
    if (n >= 4 && n <= 8) {
      std::uint32_t x0, x1, y0, y1;
      std::memcpy(&x0, p, 4);
      std::memcpy(&y0, q, 4);
      std::memcpy(&x1, p + n - 4, 4);
      std::memcpy(&y1, q + n - 4, 4);
      return ((x0 ^ y0) | (x1 ^ y1)) == 0;
    }
    if (n < 4) {
      for (std::size_t i = 0; i < n; ++i)
        if (p[i] != q[i]) return false;
      return true;
    }
    return std::memcmp(p, q, n) == 0;
  }
  static std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    return x ^ (x >> 29);
  }
  static std::uint64_t hash(std::string_view k) {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL * (k.size() + 1);
    const unsigned char* p = reinterpret_cast<const unsigned char*>(k.data());
    std::size_t n = k.size();
    while (n > 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      h = mix(h ^ w);
      p += 8;
      n -= 8;
    }
    // The last 1-8 bytes with at most two loads (overlapping when short).
    std::uint64_t w;
    if (n >= 4) {
      std::uint32_t lo, hi;
      std::memcpy(&lo, p, 4);
      std::memcpy(&hi, p + n - 4, 4);
      w = (static_cast<std::uint64_t>(hi) << 32) | lo;
    } else if (n > 0) {
      w = (static_cast<std::uint64_t>(p[0]) << 16) | (static_cast<std::uint64_t>(p[n >> 1]) << 8) | p[n - 1];
    } else {
      w = 0;
    }
    return mix(h ^ w);
  }
  struct Slot {  // 16 bytes; the key itself is keys_[id]
    std::uint32_t gen = 0;
    std::int32_t id = 0;
    std::uint32_t hash = 0;  // high half of the 64-bit hash
    std::uint32_t low = 0;   // low half: the home slot, kept for rehashing
  };
  std::vector<Slot> slots_;
  std::vector<std::string_view> keys_;  // by id
  std::size_t mask_ = 0;
  std::uint32_t gen_ = 0;
  std::int32_t next_ = 0;
  std::uint64_t owner_ = 0;  // 0: no checkpoint
  std::int32_t mark_next_ = 0;
  std::vector<std::uint32_t> journal_;
};

// Interns a pair, gold first. `gold_ids` caches the gold ids of `gold_serial`
// under table `kind`: when the thread's table still holds that gold's checkpoint,
// only the system tokens are hashed. With `sys_distinct` false, system tokens that
// are not in the gold are not inserted: they all get one id, size() (enough for
// matching, which only compares system tokens with gold tokens; cos needs
// distinct ids).
TokenPair intern_words(int kind, std::span<const std::string_view> sys, std::span<const std::string_view> gold,
                       std::uint64_t gold_serial, std::vector<std::int32_t>& gold_ids, bool sys_distinct) {
  thread_local WordInterner tables[3];  // cleaneval labelled, unlabelled, text-only words
  WordInterner& table = tables[kind];
  TokenPair out;
  if (!table.restore(gold_serial) || gold_ids.size() != gold.size()) {
    table.begin(sys.size() + gold.size());
    gold_ids.resize(gold.size());
    for (std::size_t i = 0; i < gold.size(); ++i) gold_ids[i] = table.id_of(gold[i]);
    table.mark(gold_serial);
  }
  out.gold = gold_ids;
  out.sys.resize(sys.size());
  if (sys_distinct) {
    for (std::size_t i = 0; i < sys.size(); ++i) out.sys[i] = table.id_of(sys[i]);
    out.alphabet = table.size();
  } else {
    const std::int32_t absent = table.size();
    for (std::size_t i = 0; i < sys.size(); ++i) {
      const std::int32_t id = table.find(sys[i]);
      out.sys[i] = id < 0 ? absent : id;
    }
    out.alphabet = absent + 1;
  }
  return out;
}

// Code point -> dense id, gold first: the gold's code points get 0, 1, 2... in
// order of first occurrence (so a MatchTarget over them maps system ids without a
// table), system-only ones the next ids. One table per thread over all code points
// plus the 256 invalid-byte symbols, storing id + 1 (0 = absent), zero-filled by
// calloc so that only the pages of code points in use are ever touched. It keeps
// the current gold's entries between pairs (owner: the gold's serial); a pair's
// system-only entries are taken out again after the pair.
class CharInterner {
 public:
  CharInterner() : table_(static_cast<std::int32_t*>(std::calloc(kSize, sizeof(std::int32_t)))) {
    if (!table_) throw std::bad_alloc();
  }
  ~CharInterner() { std::free(table_); }
  CharInterner(const CharInterner&) = delete;
  CharInterner& operator=(const CharInterner&) = delete;

  TokenPair intern(std::span<const char32_t> sys, std::span<const char32_t> gold, std::uint64_t gold_serial,
                   std::vector<std::int32_t>& gold_ids) {
    if (owner_ != gold_serial || gold_serial == 0 || gold_ids.size() != gold.size()) {
      for (char32_t c : gold_chars_) table_[c] = 0;
      gold_chars_.clear();
      owner_ = 0;
      gold_ids.resize(gold.size());
      std::int32_t next = 0;
      for (std::size_t i = 0; i < gold.size(); ++i) {
        std::int32_t& slot = table_[index(gold[i])];
        if (slot == 0) {
          slot = ++next;
          gold_chars_.push_back(index(gold[i]));
        }
        gold_ids[i] = slot - 1;
      }
      owner_ = gold_serial;
    }
    TokenPair out;
    out.gold = gold_ids;
    out.sys.resize(sys.size());
    std::int32_t next = static_cast<std::int32_t>(gold_chars_.size());
    added_.clear();
    for (std::size_t i = 0; i < sys.size(); ++i) {
      std::int32_t& slot = table_[index(sys[i])];
      if (slot == 0) {
        slot = ++next;
        added_.push_back(index(sys[i]));
      }
      out.sys[i] = slot - 1;
    }
    for (char32_t c : added_) table_[c] = 0;
    out.alphabet = next;
    return out;
  }

 private:
  static constexpr std::size_t kSize = 0x110000 + 256;
  static char32_t index(char32_t c) { return c < kSize ? c : static_cast<char32_t>(kSize - 1); }
  std::int32_t* table_;
  std::uint64_t owner_ = 0;
  std::vector<char32_t> gold_chars_;  // code points of the owner's entries
  std::vector<char32_t> added_;
};

TokenPair intern_chars(std::span<const char32_t> sys, std::span<const char32_t> gold, std::uint64_t gold_serial,
                       std::vector<std::int32_t>& gold_ids) {
  thread_local CharInterner table;
  return table.intern(sys, gold, gold_serial, gold_ids);
}

std::vector<Opcode> opcodes_of(const TokenPair& t, const MatchTarget& gold) {
  SequenceMatcher sm(t.sys, gold);
  return sm.get_opcodes();
}

}  // namespace

std::atomic<std::uint64_t> g_next_serial{1};
std::atomic<std::uint64_t> g_kernel_ns{0};

// Adds the CPU time of its thread during the object's lifetime to the kernel time
// (interning + matching). Thread CPU time, not wall time: steady on a busy machine.
std::atomic<bool> g_kernel_timing{false};
struct KernelTimer {
  bool on = g_kernel_timing.load(std::memory_order_relaxed);
  std::uint64_t t0 = on ? static_cast<std::uint64_t>(thread_cpu_ns()) : 0;
  ~KernelTimer() {
    if (on) g_kernel_ns.fetch_add(static_cast<std::uint64_t>(thread_cpu_ns()) - t0, std::memory_order_relaxed);
  }
};

void set_kernel_timing(bool on) { g_kernel_timing.store(on); }
double kernel_seconds() { return static_cast<double>(g_kernel_ns.load(std::memory_order_relaxed)) * 1e-9; }

struct PreparedText::Cache {
  std::string norm[2];  // two-step CleanEval normalisation, when the fused path declines
  std::optional<std::vector<std::string_view>> ce[2];
  std::optional<std::vector<std::string_view>> words;
  std::optional<std::vector<char32_t>> chars;
  std::vector<std::uint32_t> char_starts;  // with chars: each word's first code point, then the total
  std::optional<PlainText> plain;  // the plain-text view, once resolved
  std::vector<std::int32_t> ids[3];  // as gold: interned ids per word table (see intern_words)
  std::vector<std::int32_t> char_ids;  // as gold: interned code points (see intern_chars)
  // As gold: the matcher's b side per token kind (cleaneval labelled, unlabelled,
  // text-only words, text-only chars) and autojunk, over the ids above.
  std::unique_ptr<MatchTarget> targets[4][2];
};

const MatchTarget& PreparedText::match_target(int kind, bool autojunk, std::span<const std::int32_t> ids) {
  std::unique_ptr<MatchTarget>& t = cache_->targets[kind][autojunk ? 1 : 0];
  if (!t || t->size() != ids.size()) t = std::make_unique<MatchTarget>(ids, autojunk);
  return *t;
}

PreparedText::PreparedText(std::string_view text)
    : text_(text), serial_(g_next_serial.fetch_add(1, std::memory_order_relaxed)), cache_(std::make_unique<Cache>()) {}
PreparedText::~PreparedText() = default;

const std::vector<std::string_view>& PreparedText::cleaneval_tokens(bool unlabelled) {
  auto& slot = cache_->ce[unlabelled ? 1 : 0];
  if (!slot) {
    CleanEvalOptions o;
    o.unlabelled = unlabelled;
    std::vector<std::string_view> out;
    out.reserve(text_.size() / 6 + 2);
    if (!metrics::cleaneval_tokens(text_, o, out)) {  // the two-step path
      std::string& norm = cache_->norm[unlabelled ? 1 : 0];
      norm = cleaneval_normalize(text_, o);
      out = cleaneval_split(norm);
    }
    slot = std::move(out);
  }
  return *slot;
}

const PlainText& PreparedText::plain(TextForm form) {
  if (!cache_->plain) {
    if (form == TextForm::kAuto)
      form = looks_like_cleaneval_gold(text_) ? TextForm::kCleanEvalGold
             : looks_like_markup(text_)       ? TextForm::kMarkup
                                              : TextForm::kRaw;
    if (form == TextForm::kMarkup)
      cache_->plain = markup_to_text(text_);
    else if (form == TextForm::kCleanEvalGold)
      cache_->plain = cleaneval_gold_to_text(text_);
    else
      cache_->plain = PlainText{std::string(text_), {}};
  }
  return *cache_->plain;
}

const std::vector<std::string_view>& PreparedText::text_only_words() {
  if (!cache_->words) {
    std::vector<std::string_view> out;
    out.reserve(text_.size() / 6 + 1);
    metrics::text_only_words(text_, out);
    cache_->words = std::move(out);
  }
  return *cache_->words;
}

const std::vector<char32_t>& PreparedText::text_only_chars() {
  if (!cache_->chars) {
    // The code points of the text-only form, word by word (see cleaneval_text.h).
    std::vector<char32_t> out;
    out.reserve(text_.size());
    const std::vector<std::string_view>& words = text_only_words();
    std::vector<std::uint32_t> starts;
    starts.reserve(words.size() + 1);
    for (std::string_view w : words) {
      starts.push_back(static_cast<std::uint32_t>(out.size()));
      append_non_space_code_points(w, out);
    }
    starts.push_back(static_cast<std::uint32_t>(out.size()));
    cache_->chars = std::move(out);
    cache_->char_starts = std::move(starts);
  }
  return *cache_->chars;
}

const std::vector<std::uint32_t>& PreparedText::text_only_word_char_starts() {
  text_only_chars();
  return cache_->char_starts;
}

struct DocPair::Cache {
  std::optional<Alignment> ce[2];
  std::optional<TokenPair> to_words;
  std::optional<TokenPair> to_chars;
  std::optional<std::vector<Opcode>> to_word_ops, to_char_ops;
};

DocPair::DocPair(std::string_view system, std::string_view gold, ScoreOptions opts)
    : own_sys_(std::make_unique<PreparedText>(system)),
      own_gold_(std::make_unique<PreparedText>(gold)),
      sys_(own_sys_.get()),
      gold_(own_gold_.get()),
      opts_(opts),
      cache_(std::make_unique<Cache>()) {}
DocPair::DocPair(PreparedText& system, PreparedText& gold, ScoreOptions opts)
    : sys_(&system), gold_(&gold), opts_(opts), cache_(std::make_unique<Cache>()) {}
DocPair::~DocPair() = default;

const Alignment& DocPair::cleaneval(bool unlabelled) {
  auto& slot = cache_->ce[unlabelled ? 1 : 0];
  if (!slot) {
    int k = unlabelled ? 1 : 0;
    Alignment a;
    a.sys_tokens = sys_->cleaneval_tokens(unlabelled);
    a.gold_tokens = gold_->cleaneval_tokens(unlabelled);
    KernelTimer timer;
    a.tokens = intern_words(k, a.sys_tokens, a.gold_tokens, gold_->serial_, gold_->cache_->ids[k], false);
    a.opcodes = opcodes_of(a.tokens, gold_->match_target(k, opts_.autojunk, a.tokens.gold));
    slot = std::move(a);
  }
  return *slot;
}

const std::vector<std::string_view>& DocPair::text_only_sys() { return sys_->text_only_words(); }
const std::vector<std::string_view>& DocPair::text_only_gold() { return gold_->text_only_words(); }

const TokenPair& DocPair::text_only_words() {
  if (!cache_->to_words) {
    const auto& sys = text_only_sys();
    const auto& gold = text_only_gold();
    KernelTimer timer;
    cache_->to_words = intern_words(2, sys, gold, gold_->serial_, gold_->cache_->ids[2], true);
  }
  return *cache_->to_words;
}

const TokenPair& DocPair::text_only_chars() {
  if (!cache_->to_chars) {
    const auto& sys = sys_->text_only_chars();
    const auto& gold = gold_->text_only_chars();
    KernelTimer timer;
    cache_->to_chars = intern_chars(sys, gold, gold_->serial_, gold_->cache_->char_ids);
  }
  return *cache_->to_chars;
}

const std::vector<Opcode>& DocPair::text_only_word_opcodes() {
  if (!cache_->to_word_ops) {
    const TokenPair& t = text_only_words();
    KernelTimer timer;
    cache_->to_word_ops = opcodes_of(t, gold_->match_target(2, opts_.autojunk, t.gold));
  }
  return *cache_->to_word_ops;
}

const std::vector<Opcode>& DocPair::text_only_char_opcodes() {
  if (!cache_->to_char_ops) {
    const TokenPair& t = text_only_chars();
    KernelTimer timer;
    cache_->to_char_ops = opcodes_of(t, gold_->match_target(3, opts_.autojunk, t.gold));
  }
  return *cache_->to_char_ops;
}

const MetricInfo& find_metric(std::string_view name) {
  for (const auto& m : metric_registry())
    if (m.name == name) return m;
  std::vector<std::string> known;
  for (const auto& m : metric_registry()) known.emplace_back(m.name);
  throw UsageError(unknown_name_message("metric", name, known));
}

std::vector<const MetricInfo*> parse_metric_list(std::string_view list) {
  std::vector<const MetricInfo*> out;
  auto add = [&](const MetricInfo* m) {
    if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  };
  for (const auto& item : split_list(list)) {
    if (item == "all" || item == "bench" || item == "everything") {
      for (const auto& m : metric_registry())
        if (item == "everything" || m.family == (item == "all" ? "cleaneval" : "bench")) add(&m);
      continue;
    }
    add(&find_metric(item));
  }
  if (out.empty()) throw UsageError("no metric given");
  return out;
}

std::string metric_signature(const MetricInfo& m, const ScoreOptions& opts) {
  std::string s = "metric:" + std::string(m.name);
  s += "|tok:" + std::string(m.tokenisation);
  s += "|norm:" + std::string(m.normalisation);
  if (m.settings) (s += '|') += m.settings(opts);
  if (m.per_doc == PerDoc::kCounts) s += std::string("|autojunk:") + (opts.autojunk ? "yes" : "no");
  s += m.per_doc == PerDoc::kSimilarity ? "|avg:mean" : "|avg:micro+macro";
  s += std::string("|zero:") + (m.per_doc != PerDoc::kCounts        ? "as-original"
                                : m.zero_rule == ZeroRule::CleanEval ? "cleaneval"
                                                                     : "empty-is-perfect");
  s += "|version:" + std::string(version());
  return s;
}

std::string run_signature(const std::vector<const MetricInfo*>& metrics, const ScoreOptions& opts) {
  std::string names, settings;
  for (auto* m : metrics) {
    if (!names.empty()) names += ',';
    names += m->name;
    if (m->settings) ((((settings += '|') += m->name) += '[') += m->settings(opts)) += ']';
  }
  return "detour-score|metrics:" + names + settings + std::string("|autojunk:") + (opts.autojunk ? "yes" : "no") +
         "|avg:micro+macro|version:" + std::string(version());
}

std::string text_forms_signature(const ScoreOptions& o) {
  return "text:gold=" + std::string(text_form_name(o.text_form_gold)) +
         ",system=" + std::string(text_form_name(o.text_form_system));
}

PRFValues doc_prf(const MetricInfo& m, const DocScore& d) {
  switch (m.per_doc) {
    case PerDoc::kValues:
      if (d.values.size() >= 3) return {d.values[0], d.values[1], d.values[2]};
      break;
    case PerDoc::kSimilarity:
      if (!d.values.empty()) return {d.values[0], d.values[0], d.values[0]};
      break;
    case PerDoc::kCounts:
      break;
  }
  return prf(d.tp, d.fp, d.fn, m.zero_rule);
}

std::string_view rouge_setting_name(RougeSetting s) {
  switch (s) {
    case RougeSetting::kWceb: return "wceb";
    case RougeSetting::kLinesWs: return "lines-ws";
    case RougeSetting::kDefault: return "default";
  }
  return "wceb";
}

RougeSetting parse_rouge_setting(std::string_view name) {
  if (name == "wceb") return RougeSetting::kWceb;
  if (name == "lines-ws") return RougeSetting::kLinesWs;
  if (name == "default") return RougeSetting::kDefault;
  throw UsageError("--rouge " + std::string(name) + ": expected wceb, lines-ws or default");
}

void prepare_metrics(const std::vector<const MetricInfo*>& ms, ScoreOptions& opts, const std::string& punkt_dir) {
  bool rouge = false;
  for (auto* m : ms) rouge = rouge || m->name == "rougelsum";
  if (!rouge || opts.rouge != RougeSetting::kWceb || opts.punkt) return;
  std::string dir = punkt_dir;
  if (dir.empty())
    if (const char* env = std::getenv("DETOUR_PUNKT")) dir = env;
  std::error_code ec;
  if (dir.empty() && std::filesystem::exists(bench_metrics::kDebianEnglishModel, ec))
    dir = bench_metrics::kDebianEnglishModel;
  if (dir.empty())
    throw ResourceError(
        std::string("rougelsum in WCEB's setting (--rouge wceb, the default) splits sentences with NLTK's Punkt "
                    "English model, found by default in Debian's golang-gopkg-neurosnap-sentences.v1-dev (") +
        bench_metrics::kDebianEnglishModel +
        ", absent: scripts/install-deps.sh installs it); or give it with --punkt PATH or $DETOUR_PUNKT (a punkt_tab "
        "folder, or a JSON file of that package's shape), or choose --rouge lines-ws (WCEB's tokens, newline "
        "sentences) or --rouge default (rouge-score's defaults)");
  try {
    opts.punkt = std::make_shared<const bench_metrics::PunktModel>(bench_metrics::PunktModel::load(dir));
  } catch (const std::exception& e) {
    throw ResourceError(std::string("the Punkt model for rougelsum: ") + e.what());
  }
}

Aggregate aggregate(const MetricInfo& m, const std::vector<const DocScore*>& docs) {
  Aggregate a;
  a.value_means.assign(m.value_names.size(), 0.0);
  std::vector<std::size_t> value_counts(m.value_names.size(), 0);
  double sp = 0, sr = 0, sf = 0, ssp = 0, ssr = 0, ssf = 0;
  std::size_t n_docs = 0;
  for (const DocScore* d : docs) {
    for (std::size_t k = 0; k < a.value_means.size() && k < d->values.size(); ++k)
      if (!std::isnan(d->values[k])) {
        a.value_means[k] += d->values[k];
        ++value_counts[k];
      }
    a.tp += d->tp;
    a.fp += d->fp;
    a.fn += d->fn;
    PRFValues v = doc_prf(m, *d);
    if (m.per_doc == PerDoc::kSimilarity && std::isnan(v.f1)) continue;
    ++n_docs;
    sp += v.precision;
    sr += v.recall;
    sf += v.f1;
    ssp += v.precision * v.precision;
    ssr += v.recall * v.recall;
    ssf += v.f1 * v.f1;
  }
  a.documents = docs.size();
  a.micro = prf(a.tp, a.fp, a.fn, m.zero_rule);
  double n = static_cast<double>(n_docs);
  if (n > 0) a.macro = {sp / n, sr / n, sf / n};
  if (m.per_doc == PerDoc::kSimilarity) a.micro = a.macro;  // no counts to pool
  for (std::size_t k = 0; k < a.value_means.size(); ++k)
    a.value_means[k] = value_counts[k] ? a.value_means[k] / static_cast<double>(value_counts[k]) : 0.0;
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
