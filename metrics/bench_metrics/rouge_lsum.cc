#include "metrics/bench_metrics/rouge_lsum.h"

#include <stdexcept>
#include <string>

#include "metrics/bench_metrics/flat_table.h"
#include "metrics/bench_metrics/punkt.h"
#include "metrics/bench_metrics/tokens.h"

namespace detour::bench_metrics {

namespace {

using Interner = StringInterner;

inline double fmeasure(double p, double r) {
  // scoring.fmeasure, same operation order: 2 * p * r / (p + r).
  return p + r > 0 ? 2 * p * r / (p + r) : 0.0;
}

// Whitespace-tokenises the sentences of `text` into `out` (views into `text`).
void whitespace_sentences(std::string_view text, const RougeLsumOptions& opts, Interner& interner,
                          SentenceTokens& out) {
  for (std::string_view s : rouge_sentences(text, opts)) {
    for (std::string_view t : whitespace_tokens(s)) out.ids.push_back(interner.id(t));
    out.offsets.push_back(static_cast<std::uint32_t>(out.ids.size()));
  }
}

}  // namespace

std::vector<std::string_view> rouge_sentences(std::string_view text, const RougeLsumOptions& opts) {
  std::vector<std::string_view> out;
  if (opts.split == SentenceSplit::kPunkt) {
    if (!opts.punkt) throw std::invalid_argument("rougelsum: Punkt sentence splitting needs a Punkt model");
    for (std::string_view s : opts.punkt->sentences(text)) {
      if (!s.empty()) out.push_back(s);
    }
    return out;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    if (nl > start) out.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return out;
}

RougeLsumScore summary_level_lcs(const SentenceTokens& gold, const SentenceTokens& output, TokenId alphabet) {
  RougeLsumScore s;
  s.gold_tokens = gold.ids.size();
  s.output_tokens = output.ids.size();
  if (gold.ids.empty() || output.ids.empty()) return s;

  std::vector<std::uint32_t> cnt_gold(static_cast<std::size_t>(alphabet), 0), cnt_out(cnt_gold);
  for (TokenId t : gold.ids) ++cnt_gold[static_cast<std::size_t>(t)];
  for (TokenId t : output.ids) ++cnt_out[static_cast<std::size_t>(t)];

  // in_union[p]: gold token p (flat index) is in its sentence's union LCS.
  std::vector<std::uint8_t> in_union(gold.ids.size(), 0);
  std::vector<std::uint32_t> marked(gold.size(), 0);  // union size per gold sentence
  LcsBacktracker bt(alphabet);
  std::vector<std::uint32_t> pos;
  for (std::size_t c = 0; c < output.size(); ++c) {
    const auto can = output.sentence(c);
    if (can.empty()) continue;
    bt.set_candidate(can);
    for (std::size_t r = 0; r < gold.size(); ++r) {
      const auto ref = gold.sentence(r);
      // A sentence whose every token is already in its union gains nothing more.
      if (ref.empty() || marked[r] == ref.size()) continue;
      pos.clear();
      bt.ref_positions(ref, pos);
      const std::size_t base = gold.offsets[r];
      for (std::uint32_t p : pos) {
        auto& flag = in_union[base + p];
        if (!flag) {
          flag = 1;
          ++marked[r];
        }
      }
    }
  }

  std::uint64_t hits = 0;
  for (std::size_t p = 0; p < gold.ids.size(); ++p) {
    if (!in_union[p]) continue;
    const auto t = static_cast<std::size_t>(gold.ids[p]);
    if (cnt_out[t] > 0 && cnt_gold[t] > 0) {
      ++hits;
      --cnt_out[t];
      --cnt_gold[t];
    }
  }
  s.hits = hits;
  s.recall = static_cast<double>(hits) / static_cast<double>(s.gold_tokens);
  s.precision = static_cast<double>(hits) / static_cast<double>(s.output_tokens);
  s.f1 = fmeasure(s.precision, s.recall);
  return s;
}

RougeLsumScore rouge_lsum(std::string_view gold, std::string_view output, const RougeLsumOptions& opts) {
  Interner interner;
  std::vector<std::string> store_gold, store_out;
  SentenceTokens g, o;
  if (opts.tokenizer == RougeTokenizer::kWhitespace) {
    whitespace_sentences(gold, opts, interner, g);
    whitespace_sentences(output, opts, interner, o);
  } else {
    // Owned tokens: collect all first (the store must not reallocate under the
    // interner's views), then intern.
    auto collect = [&](std::string_view text, std::vector<std::string>& store, SentenceTokens& st) {
      std::vector<std::uint32_t> counts;
      for (std::string_view s : rouge_sentences(text, opts)) {
        std::vector<std::string> toks = rouge_default_tokens(s);
        counts.push_back(static_cast<std::uint32_t>(toks.size()));
        for (auto& t : toks) store.push_back(std::move(t));
      }
      std::size_t k = 0;
      for (std::uint32_t c : counts) {
        for (std::uint32_t i = 0; i < c; ++i) st.ids.push_back(interner.id(store[k++]));
        st.offsets.push_back(static_cast<std::uint32_t>(st.ids.size()));
      }
    };
    collect(gold, store_gold, g);
    collect(output, store_out, o);
  }
  RougeLsumScore s = summary_level_lcs(g, o, interner.size());
  if (opts.wceb_blank_rule && is_blank(gold)) {
    s.recall = 1.0;
    if (is_blank(output)) {
      s.precision = 1.0;
      s.f1 = 1.0;
    }
  }
  return s;
}

std::string rouge_lsum_signature(const RougeLsumOptions& opts) {
  std::string s = "rougelsum|ref=rouge-score-0.1.2|split=";
  if (opts.split == SentenceSplit::kPunkt) {
    s += "punkt(nltk-3.8,model=" + (opts.punkt ? opts.punkt->fingerprint() : std::string("none")) + ")";
  } else {
    s += "lines";
  }
  s += opts.tokenizer == RougeTokenizer::kWhitespace ? "|tok=whitespace" : "|tok=rouge-default";
  s += opts.wceb_blank_rule ? "|blank=wceb" : "|blank=none";
  return s;
}

std::string levenshtein_signature() { return "levenshtein|ref=wceb-Levenshtein-0.20.9-ratio|tok=whitespace"; }

LevenshteinScore wceb_levenshtein(std::string_view gold, std::string_view output) {
  Interner interner;
  std::vector<TokenId> a, b;
  for (std::string_view t : whitespace_tokens(gold)) a.push_back(interner.id(t));
  for (std::string_view t : whitespace_tokens(output)) b.push_back(interner.id(t));
  LevenshteinScore r;
  r.gold_tokens = a.size();
  r.output_tokens = b.size();
  const std::size_t lensum = a.size() + b.size();
  if (lensum == 0) return r;
  r.lcs = lcs_length(a, b, interner.size());
  // rapidfuzz Indel: normalized distance dist / lensum, similarity 1 - that.
  const double norm_dist = static_cast<double>(lensum - 2 * r.lcs) / static_cast<double>(lensum);
  r.ratio = 1.0 - norm_dist;
  return r;
}

double wceb_levenshtein_ratio(std::string_view gold, std::string_view output) {
  return wceb_levenshtein(gold, output).ratio;
}

}  // namespace detour::bench_metrics
