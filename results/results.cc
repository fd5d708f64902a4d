// results: aggregation and the JSON shape of scores (see results.h).
#include "results/results.h"

#include <algorithm>
#include <set>

#include "base/hash.h"

namespace detour::results {

using metrics::Aggregate;
using metrics::DocScore;
using metrics::MetricInfo;

int metric_index(const ScoreSet& set, const metrics::MetricInfo* m) {
  for (std::size_t i = 0; i < set.metrics.size(); ++i)
    if (set.metrics[i] == m) return static_cast<int>(i);
  return -1;
}

int metric_index(const ScoreSet& set, std::string_view name) {
  for (std::size_t i = 0; i < set.metrics.size(); ++i)
    if (set.metrics[i]->name == name) return static_cast<int>(i);
  return -1;
}

std::vector<std::string> language_keys(const ScoreSet& set) {
  std::set<std::string> langs;
  if (set.has_languages)
    for (const auto& d : set.docs) langs.insert(d.lang);
  std::vector<std::string> keys(langs.begin(), langs.end());
  keys.push_back("all");
  return keys;
}

Aggregate aggregate_metric(const ScoreSet& set, std::size_t mi, const std::string& lang) {
  std::vector<const DocScore*> docs;
  for (const auto& d : set.docs)
    if (lang == "all" || d.lang == lang) docs.push_back(&d.scores[mi]);
  return metrics::aggregate(*set.metrics[mi], docs);
}

namespace {

nlohmann::json metric_json(const MetricInfo& m, const Aggregate& a, const std::string& signature) {
  nlohmann::json j;
  j["tp"] = a.tp;
  j["fp"] = a.fp;
  j["fn"] = a.fn;
  j["precision"] = 100 * a.micro.precision;
  j["recall"] = 100 * a.micro.recall;
  j["f1"] = 100 * a.micro.f1;
  j["macro"] = {{"precision", 100 * a.macro.precision},
                {"recall", 100 * a.macro.recall},
                {"f1", 100 * a.macro.f1},
                {"sd_precision", 100 * a.sd_precision},
                {"sd_recall", 100 * a.sd_recall},
                {"sd_f1", 100 * a.sd_f1}};
  for (std::size_t k = 0; k < m.value_names.size(); ++k)
    j["mean_" + std::string(m.value_names[k])] =
        k == 0 ? a.value_means[k] : 100 * a.value_means[k];  // indicators as percentages
  j["signature"] = signature;
  return j;
}

nlohmann::json bounds(const std::pair<double, double>& b) { return nlohmann::json::array({b.first, b.second}); }

}  // namespace

nlohmann::json intervals_json(const CellIntervals& c) {
  return {{"method", c.method},
          {"precision", bounds(c.bounds[0])},
          {"recall", bounds(c.bounds[1])},
          {"f1", bounds(c.bounds[2])},
          {"macro", {{"precision", bounds(c.bounds[3])}, {"recall", bounds(c.bounds[4])}, {"f1", bounds(c.bounds[5])}}}};
}

CellIntervals intervals_from_json(const nlohmann::json& j) {
  CellIntervals c;
  c.method = j.at("method").get<std::string>();
  auto get = [](const nlohmann::json& a) { return std::make_pair(a.at(0).get<double>(), a.at(1).get<double>()); };
  c.bounds[0] = get(j.at("precision"));
  c.bounds[1] = get(j.at("recall"));
  c.bounds[2] = get(j.at("f1"));
  c.bounds[3] = get(j.at("macro").at("precision"));
  c.bounds[4] = get(j.at("macro").at("recall"));
  c.bounds[5] = get(j.at("macro").at("f1"));
  return c;
}

nlohmann::json to_json(const ScoreSet& set, bool per_doc) {
  nlohmann::json j;
  j["signature"] = set_signature(set);
  nlohmann::json langs = nlohmann::json::object();
  for (const auto& key : language_keys(set)) {
    nlohmann::json l;
    std::size_t n = 0;
    for (const auto& d : set.docs) n += key == "all" || d.lang == key;
    l["documents"] = n;
    for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) {
      nlohmann::json mj = metric_json(*set.metrics[mi], aggregate_metric(set, mi, key), metric_signature(set, mi));
      if (auto it = set.intervals.find({key, mi}); it != set.intervals.end()) mj["intervals"] = intervals_json(it->second);
      l[std::string(set.metrics[mi]->name)] = std::move(mj);
    }
    langs[key] = std::move(l);
  }
  j["languages"] = std::move(langs);
  j["notes"] = set.notes;
  if (per_doc) {
    nlohmann::json docs = nlohmann::json::array();
    for (const auto& d : set.docs) {
      nlohmann::json dj;
      dj["lang"] = d.lang;
      dj["id"] = d.id;
      for (std::size_t mi = 0; mi < set.metrics.size(); ++mi) {
        const MetricInfo& m = *set.metrics[mi];
        const DocScore& s = d.scores[mi];
        auto v = metrics::doc_prf(m, s);
        nlohmann::json mj = {{"tp", s.tp}, {"fp", s.fp}, {"fn", s.fn}, {"precision", 100 * v.precision},
                             {"recall", 100 * v.recall}, {"f1", 100 * v.f1}};
        for (std::size_t k = 0; k < m.value_names.size() && k < s.values.size(); ++k)
          mj[std::string(m.value_names[k])] = s.values[k];
        dj[std::string(m.name)] = std::move(mj);
      }
      docs.push_back(std::move(dj));
    }
    j["documents"] = std::move(docs);
  }
  return j;
}

std::string signature_context(const std::string& kind, const std::string& fingerprint,
                              const std::string& missing_policy) {
  return "|" + kind + ":" + fingerprint + "|missing:" + missing_policy;
}

std::string set_signature(const ScoreSet& set) {
  if (!set.written_signature.empty()) return set.written_signature;
  return metrics::run_signature(set.metrics, set.options) + set.context;
}

std::string metric_signature(const ScoreSet& set, std::size_t mi) {
  if (mi < set.written_metric_signatures.size()) return set.written_metric_signatures[mi];
  return metrics::metric_signature(*set.metrics[mi], set.options) + set.context;
}

std::string gold_fingerprint(const std::vector<const ScoreSet*>& sets) {
  // The documents sorted by (lang, id), the first of equal keys kept (stable sort:
  // set order, then document order); no string is built per document.
  std::vector<const DocResult*> golds;
  for (const ScoreSet* s : sets)
    for (const auto& d : s->docs) golds.push_back(&d);
  auto key_less = [](const DocResult* a, const DocResult* b) {
    if (const int c = a->lang.compare(b->lang); c != 0) return c < 0;
    return a->id < b->id;
  };
  std::stable_sort(golds.begin(), golds.end(), key_less);
  std::uint64_t h = kFnvOffset;
  static constexpr char kHex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < golds.size(); ++i) {
    const DocResult& d = *golds[i];
    if (i > 0 && !key_less(golds[i - 1], golds[i])) continue;  // a repeated key: its first document counts
    // fnv1a(lang + "/" + id + "\0" + 16 hex digits of the gold's hash), in pieces.
    h = fnv1a(d.lang, h);
    h = fnv1a("/", h);
    h = fnv1a(d.id, h);
    h = fnv1a(std::string_view("\0", 1), h);
    char hex[16];
    for (int k = 15, v = 0; k >= 0; --k, ++v) hex[k] = kHex[(d.gold_hash >> (4 * v)) & 15];
    h = fnv1a(std::string_view(hex, 16), h);
  }
  return hash_hex(h);
}

}  // namespace detour::results
