// results: aggregation and the JSON shape of scores (see results.h).
#include "results/results.h"

#include <set>

#include "base/hash.h"

namespace detour::results {

using metrics::Aggregate;
using metrics::DocScore;
using metrics::MetricInfo;

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

}  // namespace

nlohmann::json to_json(const ScoreSet& set, bool per_doc) {
  nlohmann::json j;
  j["signature"] = set_signature(set);
  nlohmann::json langs = nlohmann::json::object();
  for (const auto& key : language_keys(set)) {
    nlohmann::json l;
    std::size_t n = 0;
    for (const auto& d : set.docs) n += key == "all" || d.lang == key;
    l["documents"] = n;
    for (std::size_t mi = 0; mi < set.metrics.size(); ++mi)
      l[std::string(set.metrics[mi]->name)] = metric_json(*set.metrics[mi], aggregate_metric(set, mi, key), metric_signature(set, mi));
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
  std::map<std::pair<std::string, std::string>, std::uint64_t> golds;
  for (const ScoreSet* s : sets)
    for (const auto& d : s->docs) golds.emplace(std::make_pair(d.lang, d.id), d.gold_hash);
  std::uint64_t h = kFnvOffset;
  for (const auto& [key, gh] : golds) {
    h = fnv1a(key.first + "/" + key.second, h);
    h = fnv1a(std::string_view("\0", 1), h);
    h = fnv1a(hash_hex(gh), h);
  }
  return hash_hex(h);
}

}  // namespace detour::results
