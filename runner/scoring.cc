#include "runner/scoring.h"

#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <optional>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

#include "base/batch_read.h"
#include "base/hash.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "corpora/system_outputs.h"
#include "runner/run_threads.h"

namespace detour::harness {

namespace fs = std::filesystem;
using metrics::Aggregate;
using metrics::DocScore;
using metrics::MetricInfo;

namespace {

// The gold side a thread scored last, kept for the next item with the same gold
// (items are ordered gold-major when several systems are scored together), so a
// gold file is read and tokenised once per thread, not once per system.
struct GoldSlot {
  std::uint64_t call = 0;                      // score_items call it belongs to
  std::size_t folder = 0;                      // gold folder (Folders index) and
  std::string id;                              // file name, or
  const std::string* text = nullptr;           // in-memory gold
  io::ReadBuffer buf;
  std::string decoded;  // the file's text when its bytes needed decoding
  std::unique_ptr<metrics::PreparedText> prepared;
  std::uint64_t hash = 0;  // FNV-1a of the gold bytes, for the corpus fingerprint
};

std::atomic<std::uint64_t> g_score_calls{0};

// The folders of the items' files, opened once per score_items call (openat is
// cheaper than resolving a long path for each of thousands of files).
class Folders {
 public:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  explicit Folders(const std::vector<ScoreItem>& items) {
    std::map<std::filesystem::path, std::size_t> by_path;
    std::unordered_map<const std::filesystem::path*, std::size_t> by_ptr;
    auto add = [&](const std::shared_ptr<const std::filesystem::path>& dir) -> std::size_t {
      if (!dir) return kNone;
      if (auto it = by_ptr.find(dir.get()); it != by_ptr.end()) return it->second;
      auto [it, fresh] = by_path.emplace(*dir, folders_.size());
      if (fresh) folders_.push_back(std::make_unique<io::Folder>(*dir));
      by_ptr.emplace(dir.get(), it->second);
      return it->second;
    };
    sys_.reserve(items.size());
    gold_.reserve(items.size());
    for (const auto& it : items) {
      sys_.push_back(add(it.system_dir));
      gold_.push_back(add(it.gold_dir));
    }
  }
  std::string_view read(std::size_t folder, const std::string& name, io::ReadBuffer& buf) const {
    return io::read_file_into(*folders_[folder], name, buf);
  }
  std::size_t sys(std::size_t i) const { return sys_[i]; }
  std::size_t gold(std::size_t i) const { return gold_[i]; }
  const io::Folder& folder(std::size_t k) const { return *folders_[k]; }

 private:
  std::vector<std::unique_ptr<io::Folder>> folders_;
  std::vector<std::size_t> sys_, gold_;
};

// `pre`: the gold file's bytes when a batch read them already (copied into the slot,
// which outlives the batch).
GoldSlot& gold_of(const ScoreItem& it, std::uint64_t call, const Folders& folders, std::size_t i,
                  std::optional<std::string_view> pre) {
  thread_local GoldSlot slot;
  const bool in_memory = !it.gold_dir;
  bool same = slot.prepared && slot.call == call &&
              (in_memory ? slot.text == &it.gold : slot.folder == folders.gold(i) && slot.id == it.id);
  if (!same) {
    slot.prepared.reset();
    std::string_view text;
    if (in_memory) {
      text = it.gold;
    } else if (pre) {
      char* p = slot.buf.reserve(pre->size());
      if (!pre->empty()) std::memcpy(p, pre->data(), pre->size());
      text = slot.buf.view(pre->size());
    } else {
      text = folders.read(folders.gold(i), it.id, slot.buf);
    }
    // A gold file not in UTF-8 (a byte-order mark, UTF-16, a legacy charset) is decoded
    // as gold files are (corpora/decode.h decode_text); in-memory gold is decoded already.
    if (!in_memory && corpora::text_needs_decoding(text)) {
      slot.decoded = corpora::text_of_file_bytes(std::string(text), folders.folder(folders.gold(i)).path() / it.id);
      text = slot.decoded;
    }
    slot.prepared = std::make_unique<metrics::PreparedText>(text);
    slot.hash = fnv1a(text);
    slot.call = call;
    slot.folder = in_memory ? Folders::kNone : folders.gold(i);
    slot.id = it.id;
    slot.text = &it.gold;
  }
  return slot;
}

}  // namespace

ScoreSet score_items(const std::vector<ScoreItem>& items, const std::vector<const MetricInfo*>& ms,
                     const metrics::ScoreOptions& options, int jobs) {
  ScoreSet set;
  set.metrics = ms;
  set.options = options;
  set.docs.resize(items.size());
  for (const auto& it : items) set.has_languages = set.has_languages || !it.lang.empty();
  const std::uint64_t call = ++g_score_calls;
  const Folders folders(items);
  using Pre = std::optional<std::string_view>;
  auto work = [&](std::size_t i, Pre pre_sys, Pre pre_gold) {
    const ScoreItem& it = items[i];
    thread_local io::ReadBuffer sys_buf;
    std::string_view sys_text = !it.system_dir ? std::string_view(it.system)
                                : pre_sys      ? *pre_sys
                                               : folders.read(folders.sys(i), it.id, sys_buf);
    thread_local std::string sys_decoded;  // an output file not in UTF-8, decoded
    if (it.system_dir && corpora::text_needs_decoding(sys_text)) {
      sys_decoded = corpora::text_of_file_bytes(std::string(sys_text), folders.folder(folders.sys(i)).path() / it.id);
      sys_text = sys_decoded;
    }
    metrics::PreparedText sys(sys_text);
    GoldSlot& gold = gold_of(it, call, folders, i, pre_gold);
    metrics::DocPair pair(sys, *gold.prepared, options);
    DocResult r{it.lang, it.id, {}, gold.hash, {}};
    r.dataset = it.dataset;
    r.scores.reserve(ms.size());
    for (const MetricInfo* m : ms) r.scores.push_back(m->score(pair));
    set.docs[i] = std::move(r);
  };
  int threads = jobs > 0 ? jobs : static_cast<int>(tbb::info::default_concurrency());
  const RunThreads run_threads(threads);  // the limit, and jemalloc arenas for many threads
  auto score_range = [&](std::size_t lo, std::size_t hi, auto&& pre_of) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(lo, hi, 1), [&](const auto& r) {
      for (std::size_t i = r.begin(); i != r.end(); ++i) {
        Pre s, g;
        pre_of(i, s, g);
        work(i, s, g);
      }
    });
  };
  const bool files = std::any_of(items.begin(), items.end(), [](const ScoreItem& it) {
    return it.system_dir || it.gold_dir;
  });
  // Batches only pay on one thread: with several, the threads' own reads overlap
  // one another, while a batch is read by one thread and ends in a barrier.
  io::BatchReader reader(files && threads == 1);
  if (!reader.active()) {
    score_range(0, items.size(), [](std::size_t, Pre&, Pre&) {});
    return set;
  }
  // Batched reading: the files of up to kMaxBatch items' worth are read at once (a
  // gold once per run of items sharing it), then those items are scored in parallel;
  // a file the batch left out is read by work() as usual. Item files come from
  // list_files (collect_items): regular files.
  using Request = io::BatchReader::Request;
  std::vector<Request> requests;
  requests.reserve(io::BatchReader::kMaxBatch);
  std::vector<std::ptrdiff_t> sys_req, gold_req;  // per item of the block: request index or -1
  for (std::size_t lo = 0; lo < items.size();) {
    requests.clear();
    sys_req.clear();
    gold_req.clear();
    std::ptrdiff_t last_gold = -1;
    std::size_t hi = lo;
    for (; hi < items.size() && requests.size() + 2 <= io::BatchReader::kMaxBatch; ++hi) {
      const ScoreItem& it = items[hi];
      std::ptrdiff_t s = -1, g = -1;
      if (it.system_dir) {
        s = static_cast<std::ptrdiff_t>(requests.size());
        requests.push_back({&folders.folder(folders.sys(hi)), &it.id, true});
      }
      if (it.gold_dir) {
        const Request* prev = last_gold >= 0 ? &requests[static_cast<std::size_t>(last_gold)] : nullptr;
        if (prev && prev->folder == &folders.folder(folders.gold(hi)) && *prev->name == it.id) {
          g = last_gold;
        } else {
          g = last_gold = static_cast<std::ptrdiff_t>(requests.size());
          requests.push_back({&folders.folder(folders.gold(hi)), &it.id, true});
        }
      }
      sys_req.push_back(s);
      gold_req.push_back(g);
    }
    reader.read(requests);
    score_range(lo, hi, [&](std::size_t i, Pre& pre_sys, Pre& pre_gold) {
      const std::ptrdiff_t s = sys_req[i - lo], g = gold_req[i - lo];
      if (s >= 0) pre_sys = reader.text(static_cast<std::size_t>(s));
      if (g >= 0) pre_gold = reader.text(static_cast<std::size_t>(g));
    });
    lo = hi;
  }
  return set;
}

namespace {

bool has_subdirs(const fs::path& dir) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_directory() && e.path().filename().string()[0] != '.') return true;
  return false;
}

void add_pairs(const fs::path& gold_dir, const fs::path& sys_dir, const std::string& lang,
               MissingPolicy missing, std::vector<ScoreItem>& items, std::vector<std::string>& notes,
               GoldListings* listings) {
  // Each folder is listed once (io::list_folder: its files and its other entries);
  // a gold folder once for all the systems scored against it.
  io::Listing own;
  const io::Listing* gold_listing = &own;
  if (listings) {
    auto [it, fresh] = listings->files.try_emplace(gold_dir);
    if (fresh) it->second = io::list_folder(gold_dir);
    gold_listing = &it->second;
  } else {
    own = io::list_folder(gold_dir);
  }
  const std::vector<std::string>& gold_files = gold_listing->files;
  io::Listing sys_listing;
  std::error_code ec;
  if (fs::is_directory(sys_dir, ec)) sys_listing = io::list_folder(sys_dir);
  const std::vector<std::string>& sys_files = sys_listing.files;
  const auto gold_ptr = std::make_shared<const fs::path>(gold_dir);
  const auto sys_ptr = std::make_shared<const fs::path>(sys_dir);
  const std::string where = lang.empty() ? std::string() : " [" + lang + "]";
  // Entries that are not files (folders, FIFOs, dangling or looping links) are not
  // scored: each is a failure saying what it is (listed once per gold folder).
  for (const fs::path& dir : {gold_dir, sys_dir}) {
      if (!fs::is_directory(dir, ec) || (listings && !listings->noted.insert(dir).second)) continue;
      for (const auto& e : (dir == gold_dir ? *gold_listing : sys_listing).others)
        notes.push_back("failed (not scored): " + (dir / e).string() + ": " + io::not_a_file_reason(dir / e));
  }
  // Both lists are sorted: one merge pairs them. Notes: files without gold first,
  // then gold files without a system output.
  std::vector<std::string> no_sys;
  std::size_t s = 0;
  for (const auto& f : gold_files) {
    for (; s < sys_files.size() && sys_files[s] < f; ++s)
      notes.push_back("skipped (no gold)" + where + ": " + (sys_dir / sys_files[s]).string());
    const bool have = s < sys_files.size() && sys_files[s] == f;
    if (have) {
      ++s;
    } else {
      no_sys.push_back(std::string(missing == MissingPolicy::Skip ? "skipped" : "counted empty") +
                       " (no system output)" + where + ": " + (sys_dir / f).string());
      if (missing == MissingPolicy::Skip) continue;
    }
    ScoreItem it;
    it.lang = lang;
    it.id = f;
    it.gold_dir = gold_ptr;
    if (have) it.system_dir = sys_ptr;
    items.push_back(std::move(it));
  }
  for (; s < sys_files.size(); ++s)
    notes.push_back("skipped (no gold)" + where + ": " + (sys_dir / sys_files[s]).string());
  notes.insert(notes.end(), no_sys.begin(), no_sys.end());
}

}  // namespace

std::vector<ScoreItem> collect_items(const fs::path& gold_root, const fs::path& system_dir,
                                     bool corpus_layout, MissingPolicy missing,
                                     std::vector<std::string>& notes,
                                     const std::vector<std::string>& languages, GoldListings* listings) {
  std::error_code ec;
  if (!fs::is_directory(gold_root, ec))
    throw corpora::CorpusError(gold_root.string() + ": not a folder (gold references expected)");
  if (!fs::is_directory(system_dir, ec))
    throw corpora::CorpusError(system_dir.string() + ": not a folder (system outputs expected)");
  std::vector<ScoreItem> items;
  if (!corpus_layout) {
    add_pairs(gold_root, system_dir, "", missing, items, notes, listings);
    // A gold folder split by language (published outputs, ROOT/<lang>/gold) would
    // otherwise give a table of 0 documents.
    if (items.empty() && io::list_files(gold_root).empty()) {
      std::vector<std::string> subs;  // as has_subdirs: hidden folders do not count
      for (const auto& e : fs::directory_iterator(gold_root, ec))
        if (e.is_directory() && e.path().filename().string()[0] != '.') subs.push_back(e.path().filename().string());
      if (subs.empty()) return items;
      std::sort(subs.begin(), subs.end());
      std::string names;
      for (std::size_t i = 0; i < subs.size() && i < 6; ++i) names += (i ? ", " : "") + subs[i];
      if (subs.size() > 6) names += ", ...";
      throw corpora::CorpusError(gold_root.string() + ": no gold files, only folders (" + names +
                                 "): name one of them, or use --corpus for a ROOT/<lang>/gold/ layout");
    }
    return items;
  }
  std::vector<std::string> langs;
  for (const auto& e : fs::directory_iterator(gold_root))
    if (e.is_directory() && fs::is_directory(e.path() / "gold")) langs.push_back(e.path().filename().string());
  std::sort(langs.begin(), langs.end());
  if (langs.empty())
    throw corpora::CorpusError(gold_root.string() + ": no <lang>/gold/ folders (not a corpus root)");
  bool sys_by_lang = has_subdirs(system_dir);
  for (const auto& lang : langs) {
    if (!languages.empty() && std::find(languages.begin(), languages.end(), lang) == languages.end()) continue;
    fs::path sys = sys_by_lang ? system_dir / lang : system_dir;
    add_pairs(gold_root / lang / "gold", sys, lang, missing, items, notes, listings);
  }
  return items;
}

std::vector<CorpusGold> load_corpus_golds(const corpora::Corpus& corpus, const std::vector<std::string>& languages) {
  std::vector<CorpusGold> out;
  for (const auto& d : corpus.docs) {
    if (!d.has_gold()) continue;
    if (!languages.empty() && std::find(languages.begin(), languages.end(), d.lang) == languages.end()) continue;
    out.push_back({&d, {}, {}});
  }
  tbb::parallel_for(std::size_t{0}, out.size(), [&](std::size_t i) {
    try {
      out[i].text = corpora::load_gold_bytes(*out[i].doc);
    } catch (const std::exception& e) {
      out[i].error = e.what();
    }
  });
  return out;
}

std::vector<ScoreItem> collect_corpus_items(const std::vector<CorpusGold>& golds, const fs::path& system,
                                            MissingPolicy missing, std::vector<std::string>& notes,
                                            std::size_t& failures) {
  std::error_code ec;
  if (!fs::exists(system, ec)) throw corpora::CorpusError(system.string() + ": no such file or folder (system outputs expected)");
  const bool file = !fs::is_directory(system, ec);
  corpora::SystemOutputs outputs;
  if (file) outputs = corpora::read_system_outputs(system);
  std::set<std::string> used;  // output ids (file) or paths (folder) paired with a gold
  std::vector<ScoreItem> items;
  std::vector<std::string> no_sys;
  for (const auto& g : golds) {
    const corpora::CorpusDoc& d = *g.doc;
    if (!g.error.empty()) {
      notes.push_back("failed (gold unusable, not scored): " + g.error);
      ++failures;
      continue;
    }
    ScoreItem it;
    it.lang = d.lang;
    it.id = d.id;
    it.dataset = d.dataset;
    it.gold = g.text;
    bool have = false;
    if (file) {
      if (auto o = outputs.by_id.find(d.id); o != outputs.by_id.end()) {
        it.system = o->second;
        used.insert(d.id);
        have = true;
      }
    } else {
      std::vector<fs::path> candidates;
      for (const std::string& sub : {d.dataset, d.lang, std::string("")}) {
        if (!sub.empty() && !fs::is_directory(system / sub, ec)) continue;
        const fs::path dir = sub.empty() ? system : system / sub;
        candidates.push_back(dir / d.id);
        if (!d.gold_path.empty() && d.gold_path.filename() != d.id) candidates.push_back(dir / d.gold_path.filename());
      }
      bool failed = false;
      for (const auto& c : candidates) {
        if (!fs::exists(c, ec) && !fs::is_symlink(c, ec)) continue;
        used.insert(c.lexically_normal().string());
        try {
          it.system = corpora::text_of_file_bytes(corpora::read_doc_file(c), c);
          have = true;
        } catch (const std::exception& e) {
          notes.push_back(std::string("failed (system output unusable, not scored): ") + e.what());
          ++failures;
          failed = true;
        }
        break;
      }
      if (failed) continue;
    }
    if (!have) {
      no_sys.push_back(std::string(missing == MissingPolicy::Skip ? "skipped" : "counted empty") +
                       " (no system output): " + d.where());
      if (missing == MissingPolicy::Skip) continue;
    }
    items.push_back(std::move(it));
  }
  if (file) {
    for (const auto& [id, text] : outputs.by_id)
      if (!used.count(id)) notes.push_back("skipped (no gold): " + system.string() + ": " + id);
  }
  notes.insert(notes.end(), no_sys.begin(), no_sys.end());
  return items;
}

}  // namespace detour::harness
