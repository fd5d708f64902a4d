// shard: see shard.h.
#include "runner/shard.h"

#include <algorithm>
#include <charconv>
#include <numeric>
#include <queue>
#include <system_error>

#include "base/errors.h"

namespace detour::harness {

namespace fs = std::filesystem;

ShardSpec parse_shard(std::string_view text) {
  auto bad = [&] {
    return UsageError("--shard " + std::string(text) + ": expected I/N with 1 <= I <= N (e.g. 2/4)");
  };
  std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) throw bad();
  ShardSpec s;
  auto num = [&](std::string_view part, int& out) {
    auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    if (ec != std::errc() || p != part.data() + part.size() || part.empty()) throw bad();
  };
  num(text.substr(0, slash), s.index);
  num(text.substr(slash + 1), s.count);
  if (s.count < 1 || s.index < 1 || s.index > s.count || s.count > 100000) throw bad();
  return s;
}

std::uint64_t page_weight(const corpora::CorpusDoc& doc) {
  if (doc.html_inline) return doc.html_inline->size() + kPageOverhead;
  std::error_code ec;
  auto size = fs::file_size(doc.html_path, ec);
  return (ec ? 0 : static_cast<std::uint64_t>(size)) + kPageOverhead;
}

std::string shard_key(const corpora::CorpusDoc& doc) {
  std::string k = doc.dataset;
  k += '\0';
  k += doc.lang;
  k += '\0';
  k += doc.id;
  return k;
}

std::vector<int> assign_shares(const std::vector<std::string>& keys, const std::vector<std::uint64_t>& weights,
                               int count) {
  const std::size_t n = keys.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (weights[a] != weights[b]) return weights[a] > weights[b];
    return keys[a] < keys[b];
  });
  // The lightest share first; ties to the lower share.
  using Load = std::pair<std::uint64_t, int>;
  std::priority_queue<Load, std::vector<Load>, std::greater<Load>> loads;
  for (int s = 0; s < count; ++s) loads.push({0, s});
  std::vector<int> share(n, 0);
  for (std::size_t i : order) {
    auto [load, s] = loads.top();
    loads.pop();
    share[i] = s;
    loads.push({load + weights[i], s});
  }
  return share;
}

std::vector<std::uint32_t> shard_share(const std::vector<corpora::CorpusDoc>& docs, ShardSpec spec) {
  std::vector<std::uint32_t> out;
  if (spec.whole()) {
    out.resize(docs.size());
    std::iota(out.begin(), out.end(), std::uint32_t{0});
    return out;
  }
  std::vector<std::string> keys;
  std::vector<std::uint64_t> weights;
  keys.reserve(docs.size());
  weights.reserve(docs.size());
  for (const auto& d : docs) {
    keys.push_back(shard_key(d));
    weights.push_back(page_weight(d));
  }
  std::vector<int> share = assign_shares(keys, weights, spec.count);
  for (std::size_t i = 0; i < docs.size(); ++i)
    if (share[i] == spec.index - 1) out.push_back(static_cast<std::uint32_t>(i));
  return out;
}

}  // namespace detour::harness
