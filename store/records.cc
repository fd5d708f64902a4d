// records: JSON forms of run headers and page records, and records as the results
// model (see records.h).
#include "store/records.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include "base/hash.h"
#include "base/strings.h"
#include "results/score.h"
#include "store/sqlite.h"

namespace detour::store {

using nlohmann::json;

namespace {

[[noreturn]] void bad(const std::string& what) { throw StoreError("malformed record: " + what); }

const json& field(const json& j, const char* key) {
  if (!j.is_object()) bad(std::string("expected an object holding \"") + key + "\"");
  auto it = j.find(key);
  if (it == j.end()) bad(std::string("no \"") + key + "\"");
  return *it;
}

template <typename T>
T get(const json& j, const char* key) {
  try {
    return field(j, key).get<T>();
  } catch (const json::exception& e) {
    bad(std::string("\"") + key + "\": " + e.what());
  }
}

template <typename T>
T get_or(const json& j, const char* key, T fallback) {
  auto it = j.find(key);
  if (it == j.end()) return fallback;
  try {
    return it->get<T>();
  } catch (const json::exception& e) {
    bad(std::string("\"") + key + "\": " + e.what());
  }
}

std::uint64_t hex_hash(const std::string& s) {
  if (s.empty() || s.size() > 16) bad("hash \"" + s + "\"");
  std::uint64_t v = 0;
  for (char c : s) {
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) bad("hash \"" + s + "\"");
    v = v * 16 + static_cast<std::uint64_t>(d);
  }
  return v;
}

results::Provenance provenance_from_json(const json& j) {
  results::Provenance p;
  p.version = get<std::string>(j, "version");
  p.commit = get<std::string>(j, "commit");
  p.corpus = get<std::string>(j, "corpus");
  p.corpus_fingerprint = get<std::string>(j, "corpus_fingerprint");
  p.languages = get<std::vector<std::string>>(j, "languages");
  p.missing_policy = get<std::string>(j, "missing_policy");
  p.systems = get_or<std::map<std::string, std::string>>(j, "systems", {});
  if (j.contains("judgments")) p.judgments = results::JudgmentSettings::from_json(j["judgments"]);
  const json& run = field(j, "run");
  p.command = get<std::string>(run, "command");
  p.started = get<std::string>(run, "started");
  p.seconds = get<double>(run, "seconds");
  p.threads = get<int>(run, "threads");
  p.host = get<std::string>(run, "host");
  return p;
}

}  // namespace

json number_json(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

double number_from_json(const json& j) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
  }
  bad("a number: " + j.dump());
}

std::vector<std::uint32_t> RunLog::missing() const {
  std::vector<std::uint32_t> out;
  for (std::uint32_t d : header.share)
    if (!pages.count(d)) out.push_back(d);
  return out;
}

json header_fields(const RunHeader& h) {
  json j;
  j["identity"] = h.identity;
  j["provenance"] = h.provenance.to_json();
  j["corpus"] = h.corpus;
  j["signature"] = h.signature;
  j["context"] = h.context;
  j["metrics"] = h.metrics;
  j["metric_signatures"] = h.metric_signatures;
  j["has_languages"] = h.has_languages;
  j["shard"] = h.shard;
  j["shards"] = h.shards;
  if (!h.aggregate.is_null()) j["aggregate"] = h.aggregate;
  return j;
}

namespace {

json systems_json(const RunHeader& h) {
  json systems = json::array();
  for (const auto& s : h.systems) systems.push_back({s.name, s.signature});
  return systems;
}

json doc_json(const DocInfo& d) { return {d.lang, d.id, d.out_name, d.dataset}; }

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace

json header_json(const RunHeader& h) {
  json j = header_fields(h);
  json docs = json::array();
  for (const auto& d : h.docs) docs.push_back(doc_json(d));
  j["docs"] = std::move(docs);
  j["systems"] = systems_json(h);
  j["share"] = h.share;
  return j;
}

void header_text(const RunHeader& h, const json& extra, const std::function<void(std::string_view)>& out) {
  json j = header_fields(h);
  for (auto it = extra.begin(); it != extra.end(); ++it) j[it.key()] = it.value();
  j["systems"] = systems_json(h);
  // The per-document lists are written as they are made, in their places of the
  // key order (nlohmann's objects are sorted by key): null here.
  j["docs"] = nullptr;
  j["share"] = nullptr;
  constexpr std::size_t kPiece = std::size_t{1} << 16;
  std::string piece = "{";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!first) piece += ',';
    first = false;
    piece += dump(it.key());
    piece += ':';
    if (it.key() == "docs") {
      piece += '[';
      for (std::size_t i = 0; i < h.docs.size(); ++i) {
        if (i) piece += ',';
        piece += dump(doc_json(h.docs[i]));
        if (piece.size() >= kPiece) {
          out(piece);
          piece.clear();
        }
      }
      piece += ']';
    } else if (it.key() == "share") {
      piece += '[';
      for (std::size_t k = 0; k < h.share.size(); ++k) {
        if (k) piece += ',';
        piece += std::to_string(h.share[k]);
        if (piece.size() >= kPiece) {
          out(piece);
          piece.clear();
        }
      }
      piece += ']';
    } else {
      piece += dump(it.value());
    }
  }
  piece += '}';
  out(piece);
}

RunHeader header_from_json(const json& j) {
  RunHeader h;
  h.identity = field(j, "identity");
  h.provenance = provenance_from_json(field(j, "provenance"));
  h.corpus = get<std::string>(j, "corpus");
  h.signature = get<std::string>(j, "signature");
  h.context = get<std::string>(j, "context");
  h.metrics = get<std::vector<std::string>>(j, "metrics");
  h.metric_signatures = get<std::vector<std::string>>(j, "metric_signatures");
  if (h.metric_signatures.size() != h.metrics.size()) bad("one signature per metric");
  h.has_languages = get<bool>(j, "has_languages");
  for (const auto& d : field(j, "docs")) {
    if (!d.is_array() || d.size() != 4) bad("a document entry: " + d.dump());
    h.docs.push_back({d[0].get<std::string>(), d[1].get<std::string>(), d[2].get<std::string>(),
                      d[3].get<std::string>()});
  }
  for (const auto& s : field(j, "systems")) {
    if (!s.is_array() || s.size() != 2) bad("a system entry: " + s.dump());
    h.systems.push_back({s[0].get<std::string>(), s[1].get<std::string>()});
  }
  h.shard = get<int>(j, "shard");
  h.shards = get<int>(j, "shards");
  h.share = get<std::vector<std::uint32_t>>(j, "share");
  if (auto a = j.find("aggregate"); a != j.end() && !a->is_null()) {
    if (!a->is_object() || !a->contains("name")) bad("aggregate: " + a->dump());
    h.aggregate = *a;
  }
  if (h.shards < 1 || h.shard < 1 || h.shard > h.shards) bad("shard " + std::to_string(h.shard) + "/" + std::to_string(h.shards));
  for (std::size_t k = 0; k < h.share.size(); ++k)
    if (h.share[k] >= h.docs.size() || (k > 0 && h.share[k] <= h.share[k - 1])) bad("share out of order or range");
  return h;
}

json page_json(const PageEntry& p) {
  json j;
  j["doc"] = p.doc;
  j["decode"] = p.decode_note;
  json systems = json::array();
  for (const auto& s : p.systems) {
    json sj;
    sj["status"] = s.status;
    if (!s.reason.empty()) sj["reason"] = s.reason;
    if (!s.notes.empty()) sj["notes"] = s.notes;
    sj["millis"] = s.millis;
    if (s.scores) {
      json scores = json::array();
      for (const auto& d : *s.scores) {
        json values = json::array();
        for (double v : d.values) values.push_back(number_json(v));
        scores.push_back({d.tp, d.fp, d.fn, std::move(values)});
      }
      sj["scores"] = std::move(scores);
      sj["out"] = hash_hex(s.output_hash);
    }
    if (s.gold_hash) sj["gold"] = hash_hex(s.gold_hash);
    systems.push_back(std::move(sj));
  }
  j["systems"] = std::move(systems);
  return j;
}

PageEntry page_from_json(const json& j, const RunHeader& h) {
  PageEntry p;
  p.doc = get<std::uint32_t>(j, "doc");
  if (p.doc >= h.docs.size()) bad("page " + std::to_string(p.doc) + " beyond the " + std::to_string(h.docs.size()) + " documents");
  p.decode_note = get<std::string>(j, "decode");
  const json& systems = field(j, "systems");
  if (!systems.is_array() || systems.size() != h.systems.size())
    bad("page " + std::to_string(p.doc) + ": " + std::to_string(systems.size()) + " systems, the run has " +
        std::to_string(h.systems.size()));
  for (const auto& sj : systems) {
    SystemEntry s;
    s.status = get<std::string>(sj, "status");
    if (s.status != "ok" && s.status != "failed" && s.status != "excluded") bad("status \"" + s.status + "\"");
    s.reason = get_or<std::string>(sj, "reason", "");
    s.notes = get_or<std::map<std::string, std::string>>(sj, "notes", {});
    s.millis = get<double>(sj, "millis");
    if (auto it = sj.find("scores"); it != sj.end()) {
      if (!it->is_array() || it->size() != h.metrics.size()) bad("page " + std::to_string(p.doc) + ": scores of another metric list");
      std::vector<metrics::DocScore> scores;
      for (const auto& d : *it) {
        if (!d.is_array() || d.size() != 4 || !d[3].is_array()) bad("a score: " + d.dump());
        metrics::DocScore ds;
        ds.tp = d[0].get<std::int64_t>();
        ds.fp = d[1].get<std::int64_t>();
        ds.fn = d[2].get<std::int64_t>();
        for (const auto& v : d[3]) ds.values.push_back(number_from_json(v));
        scores.push_back(std::move(ds));
      }
      s.scores = std::move(scores);
      s.output_hash = hex_hash(get<std::string>(sj, "out"));
    } else if (s.status != "excluded") {
      bad("page " + std::to_string(p.doc) + ": a scored system without scores");
    }
    if (auto it = sj.find("gold"); it != sj.end()) s.gold_hash = hex_hash(it->get<std::string>());
    p.systems.push_back(std::move(s));
  }
  return p;
}

std::string page_note(const std::string& status, const std::string& lang, const std::string& id,
                      const std::string& reason) {
  if (status == "failed") return "failed, scored as empty output: " + lang + "/" + id + ": " + reason;
  if (status == "excluded") return "excluded: " + lang + "/" + id + ": " + reason;
  return {};
}

results::RunRecords to_records(const RunLog& run) {
  const RunHeader& h = run.header;
  if (auto missing = run.missing(); !missing.empty())
    throw StoreError("the run is not complete: " + std::to_string(missing.size()) + " of its " +
                     std::to_string(h.share.size()) + " pages are not recorded (the first: " +
                     h.docs[missing[0]].lang + "/" + h.docs[missing[0]].id + ")");
  results::RunRecords r;
  r.provenance = h.provenance;
  r.signature = h.signature;
  r.seconds = h.provenance.seconds;
  for (std::uint32_t d : h.share) {
    r.doc_ids.push_back(h.docs[d].id);
    r.doc_langs.push_back(h.docs[d].lang);
    r.doc_out_names.push_back(h.docs[d].out_name);
    r.decode_notes.push_back(run.pages.at(d).decode_note);
  }
  std::vector<const metrics::MetricInfo*> ms;
  for (const auto& name : h.metrics) ms.push_back(&metrics::find_metric(name));
  r.systems.resize(h.systems.size());
  for (std::size_t s = 0; s < h.systems.size(); ++s) {
    results::SystemRecords& sys = r.systems[s];
    sys.name = h.systems[s].name;
    sys.signature = h.systems[s].signature;
    results::ScoreSet& set = sys.scores;
    set.metrics = ms;
    set.has_languages = h.has_languages;
    set.context = h.context;
    set.written_signature = h.signature;
    set.written_metric_signatures = h.metric_signatures;
    for (std::uint32_t d : h.share) {
      const SystemEntry& e = run.pages.at(d).systems.at(s);
      const DocInfo& doc = h.docs[d];
      sys.pages.push_back({e.status, e.reason, e.notes, e.millis});
      if (e.scores) {
        results::DocResult dr;
        dr.lang = doc.lang;
        dr.id = doc.id;
        dr.scores = *e.scores;
        dr.gold_hash = e.gold_hash;
        dr.dataset = doc.dataset;
        set.docs.push_back(std::move(dr));
      }
      if (std::string note = page_note(e.status, doc.lang, doc.id, e.reason); !note.empty())
        set.notes.push_back(std::move(note));
    }
  }
  return r;
}

namespace {

std::string short_json(const json& v) {
  std::string s = v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, json::error_handler_t::replace);
  return s.size() > 100 ? s.substr(0, 97) + "..." : s;
}

// A list of systems as identities keep them: [[name, signature], ...].
bool is_system_list(const json& v) {
  if (!v.is_array()) return false;
  for (const auto& e : v)
    if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_string()) return false;
  return true;
}

// The differences of two values at `where` ("systems", "settings.languages"), each
// naming what differs: a system and its setting, a list's item, a signature's part.
void differences(const std::string& where, const json& a, const json& b, std::vector<std::string>& out) {
  if (a == b) return;
  const std::string at = where.empty() ? "" : where + ": ";
  if (a.is_object() && b.is_object()) {
    std::map<std::string, std::pair<const json*, const json*>> keys;
    for (auto it = a.begin(); it != a.end(); ++it) keys[it.key()].first = &it.value();
    for (auto it = b.begin(); it != b.end(); ++it) keys[it.key()].second = &it.value();
    for (const auto& [k, v] : keys) {
      const std::string name = where.empty() ? k : where + "." + k;
      if (v.first && v.second) differences(name, *v.first, *v.second, out);
      else out.push_back(name + ": " + (v.first ? short_json(*v.first) : "(none)") + " vs " +
                         (v.second ? short_json(*v.second) : "(none)"));
    }
    return;
  }
  if (is_system_list(a) && is_system_list(b)) {
    std::vector<std::string> names_a, names_b;
    for (const auto& e : a) names_a.push_back(e[0].get<std::string>());
    for (const auto& e : b) names_b.push_back(e[0].get<std::string>());
    auto sig = [](const json& list, std::size_t i) -> const std::string& { return list[i][1].get_ref<const std::string&>(); };
    // The extractor a signature names ("JTA|v:2|..." -> "JTA"; a chain's first stage).
    auto base = [](const std::string& s) { return s.substr(0, s.find_first_of("| >")); };
    std::vector<std::size_t> only_a, only_b;
    for (std::size_t i = 0; i < a.size(); ++i) {
      auto it = std::find(names_b.begin(), names_b.end(), names_a[i]);
      if (it == names_b.end()) {
        only_a.push_back(i);
        continue;
      }
      const std::string& sa = sig(a, i);
      const std::string& sb = sig(b, static_cast<std::size_t>(it - names_b.begin()));
      if (sa != sb) out.push_back("system " + names_a[i] + ": " + results::signature_difference(sa, sb));
    }
    for (std::size_t j = 0; j < b.size(); ++j)
      if (std::find(names_a.begin(), names_a.end(), names_b[j]) == names_a.end()) only_b.push_back(j);
    // A system named by its settings ("JTA(length_low=100)") on one side and the same
    // extractor under another name on the other, alone of its kind: the settings that differ.
    for (auto ia = only_a.begin(); ia != only_a.end();) {
      const std::string ba = base(sig(a, *ia));
      auto same_a = std::count_if(only_a.begin(), only_a.end(), [&](std::size_t k) { return base(sig(a, k)) == ba; });
      auto same_b = std::count_if(only_b.begin(), only_b.end(), [&](std::size_t k) { return base(sig(b, k)) == ba; });
      auto ib = std::find_if(only_b.begin(), only_b.end(), [&](std::size_t k) { return base(sig(b, k)) == ba; });
      if (same_a == 1 && same_b == 1) {
        out.push_back("system " + names_a[*ia] + " vs " + names_b[*ib] + ": " +
                      results::signature_difference(sig(a, *ia), sig(b, *ib)));
        only_b.erase(ib);
        ia = only_a.erase(ia);
      } else {
        ++ia;
      }
    }
    for (std::size_t i : only_a) out.push_back("system " + names_a[i] + ": only on the first side");
    for (std::size_t j : only_b) out.push_back("system " + names_b[j] + ": only on the second side");
    std::vector<std::string> common_a, common_b;
    for (const auto& n : names_a)
      if (std::find(names_b.begin(), names_b.end(), n) != names_b.end()) common_a.push_back(n);
    for (const auto& n : names_b)
      if (std::find(names_a.begin(), names_a.end(), n) != names_a.end()) common_b.push_back(n);
    if (common_a != common_b) out.push_back("systems in another order: " + join(names_a, ",") + " vs " + join(names_b, ","));
    return;
  }
  if (a.is_array() && b.is_array()) {
    const std::string sa = short_json(a), sb = short_json(b);
    if (sa.size() < 100 && sb.size() < 100) {
      out.push_back(at + sa + " vs " + sb);
      return;
    }
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    if (i < a.size() && i < b.size()) differences(where + "[" + std::to_string(i) + "]", a[i], b[i], out);
    else out.push_back(at + std::to_string(a.size()) + " items vs " + std::to_string(b.size()));
    return;
  }
  if (a.is_string() && b.is_string()) {
    const std::string& sa = a.get_ref<const std::string&>();
    const std::string& sb = b.get_ref<const std::string&>();
    if (sa.find('|') != std::string::npos && sb.find('|') != std::string::npos) {  // signatures: the parts
      out.push_back(at + results::signature_difference(sa, sb));
      return;
    }
  }
  out.push_back(at + short_json(a) + " vs " + short_json(b));
}

}  // namespace

std::string identity_difference(const json& a, const json& b) {
  std::vector<std::string> diffs;
  differences("", a, b, diffs);
  std::string out;
  for (std::size_t i = 0; i < diffs.size() && i < 4; ++i) out += (i ? "; " : "") + diffs[i];
  if (diffs.size() > 4) out += "; and " + std::to_string(diffs.size() - 4) + " more";
  return out;
}

}  // namespace detour::store
