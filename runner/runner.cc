#include "runner/runner.h"

#include <fmt/format.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "base/heap.h"
#include "base/thread_cache.h"
#include "base/strings.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "corpora/fingerprint.h"
#include "html/page.h"
#include "base/io.h"
#include "reports/aggregate_table.h"
#include "reports/judge.h"
#include "reports/tables.h"
#include "runner/doc_list.h"
#include "runner/page_blob.h"
#include "runner/page_work.h"
#include "runner/prepared.h"
#include "runner/resume.h"
#include "runner/run_threads.h"
#include "runner/workers.h"

namespace detour::harness {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// A failed page is scored as an empty output; an excluded page is not scored.
constexpr const char* kRunMissingPolicy = "failed-as-empty";

namespace {

// Progress: a bar with rate and ETA on a terminal, plain lines otherwise.
class Progress {
 public:
  Progress(std::size_t total, bool enabled) : total_(total), enabled_(enabled && total > 0), start_(Clock::now()) {
    tty_ = isatty(STDERR_FILENO);
    if (enabled_) thread_ = std::thread([this] { loop(); });
  }
  ~Progress() { finish(); }
  void tick() { done_.fetch_add(1, std::memory_order_relaxed); }
  void finish() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    print(true);
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> l(m_);
    while (!stop_) {
      cv_.wait_for(l, std::chrono::milliseconds(tty_ ? 250 : 5000));
      if (!stop_) print(false);
    }
  }
  void print(bool final) {
    std::size_t done = done_.load();
    double secs = std::chrono::duration<double>(Clock::now() - start_).count();
    double rate = secs > 0 ? done / secs : 0;
    double eta = rate > 0 ? (total_ - done) / rate : 0;
    if (tty_) {
      int width = 30;
      int filled = static_cast<int>(width * double(done) / double(total_));
      std::cerr << fmt::format("\r[{}{}] {}/{} pages  {:.1f} pages/s  ETA {:.0f} s   ", std::string(filled, '='),
                               std::string(width - filled, ' '), done, total_, rate, eta);
      if (final) std::cerr << "\n";
    } else {
      std::cerr << fmt::format("progress: {}/{} pages, {:.1f} pages/s, ETA {:.0f} s\n", done, total_, rate, eta);
    }
  }
  std::size_t total_;
  bool enabled_, tty_ = false, stop_ = false;
  Clock::time_point start_;
  std::atomic<std::size_t> done_{0};
  std::thread thread_;
  std::mutex m_;
  std::condition_variable cv_;
};

}  // namespace



namespace {

// The prepared state a run restores instead of preparing: --prepared FILE, else, for a
// shard run into OUT/shard-I, OUT/prepared.state when there is one (what the cluster
// scripts' preparation step writes).
std::optional<fs::path> given_prepared(const RecordSpec& cfg) {
  if (!cfg.prepared.empty()) return cfg.prepared;
  if (cfg.shard.whole() || cfg.out.empty()) return std::nullopt;
  fs::path folder = fs::absolute(cfg.out).lexically_normal();
  if (!folder.has_filename()) folder = folder.parent_path();  // written with a trailing '/'
  const fs::path beside = folder.parent_path() / PreparedFile::kName;
  std::error_code ec;
  if (fs::is_regular_file(beside, ec)) return beside;
  return std::nullopt;
}

// The largest page kept (its text): a larger one, whose trees may be far larger than
// the text says (a hostile page), is loaded again in its turn and dropped after it.
// DANIEL's largest page is 334 KB.
constexpr std::size_t kKeepLargest = std::size_t{1} << 20;

// Pages stored in more bytes than this run in a worker process with --isolation auto
// (DANIEL's largest page is 334 KB).
constexpr std::size_t kRiskyPage = std::size_t{1} << 20;

// Pages stored in more bytes than this are large: done one at a time.
constexpr std::size_t kLargePage = std::size_t{4} << 20;

}  // namespace

// ---------------------------------------------------------------------------------
// The run's phases, in the order run() calls them: open and filter the corpus, plan
// the systems and their scoring, prepare the corpus-aware extractors, run the pages
// (recording each as it lands), collect the records, judge. (Writing the tables is
// write_run's.) Each phase is given the part of RunConfig it reads.

namespace {

// The bytes a document's page is stored in (compressed, if it is), 0 if unknown.
std::size_t stored_size(const corpora::CorpusDoc& doc) {
  if (doc.html_inline) return doc.html_inline->size();
  if (doc.html_path.empty()) return 0;
  std::error_code ec;
  const auto size = fs::file_size(doc.html_path.path(), ec);
  return ec ? 0 : static_cast<std::size_t>(size);
}

// What keeping a loaded page costs in memory, as PageWorkSpec::keep_pages counts it:
// its text, its tree (about seven times the text on DANIEL) and its gold.
std::size_t kept_page_cost(const Page& page, std::size_t gold_size) {
  return 8 * page.html.size() + gold_size;
}

// ---- Phase "open": the corpus opened, its documents filtered.

struct RunCorpus {
  std::vector<corpora::CorpusDoc> docs;  // the documents run (the whole corpus's, whatever the shard)
  std::vector<std::string> languages;    // the corpus's languages; empty when it has none
  bool plain_text_gold = false;          // corpora::Corpus::plain_text_gold
  bool cleaneval_gold = false;           // corpora::Corpus::cleaneval_gold
};

RunCorpus open_run_corpus(const CorpusSelection& sel) {
  corpora::Corpus corpus = corpora::open_corpus(sel.corpus, sel.open);
  for (const auto& w : corpus.warnings) std::cerr << "note: " << w << "\n";
  // The run's documents: the corpus listing itself, without the documents not run
  // (one copy of each: a run keeps them until their page is done), in a list of
  // their exact number (the listing's, grown by doubling, may be twice as long).
  RunCorpus rc;
  std::vector<corpora::CorpusDoc>& docs = rc.docs;
  docs = std::move(corpus.docs);
  for (auto& d : docs)
    if (!sel.lang.empty() && d.lang.empty()) d.lang = sel.lang;
  std::erase_if(docs, [&](const corpora::CorpusDoc& d) {
    if (!sel.languages.empty() &&
        std::find(sel.languages.begin(), sel.languages.end(), d.lang) == sel.languages.end())
      return true;
    return !d.has_gold() || !d.has_page();  // reported in corpus warnings
  });
  docs.shrink_to_fit();
  release_free_memory();  // the listing's temporaries
  if (docs.empty()) {
    std::string what = sel.languages.empty() ? "" : " in the languages " + join(sel.languages, ",") +
                                                      " (corpus languages: " + join(corpus.languages, ",") + ")";
    throw corpora::CorpusError(sel.corpus.string() + ": no (page, gold) pairs to run on" + what);
  }
  rc.languages = std::move(corpus.languages);
  rc.plain_text_gold = corpus.plain_text_gold;
  rc.cleaneval_gold = corpus.cleaneval_gold;
  return rc;
}

// ---- Phase "plan": the systems and their scoring.

struct SystemsPlan {
  std::vector<std::vector<std::string>> systems;  // canonical stage names, each system once
  Pipeline pipeline;                              // their stages, not prepared yet
};

SystemsPlan plan_systems(const SystemsSpec& spec, double stage_budget) {
  std::vector<std::vector<std::string>> systems;
  std::set<std::string> system_names;
  auto add_system = [&](std::vector<std::string> sys) {
    for (auto& st : sys) st = resolve_stage(st, spec).key;
    if (system_names.insert(join(sys, "-")).second) systems.push_back(std::move(sys));
  };
  for (const auto& e : spec.extractors) add_system({e});
  for (const auto& c : spec.chains) add_system(c);
  Pipeline pipeline(systems, spec);
  pipeline.set_stage_budget(stage_budget);
  return {std::move(systems), std::move(pipeline)};
}

struct ScoringPlan {
  std::vector<const metrics::MetricInfo*> metrics;
  metrics::ScoreOptions options;
};

ScoringPlan plan_scoring(const ScoringSpec& spec, const RunCorpus& corpus) {
  ScoringPlan plan;
  plan.metrics = metrics::parse_metric_list(spec.metrics);
  plan.options = spec.score_options;
  if (!spec.text_form_given) {  // detour's outputs are CleanEval markup; benchmark golds plain text
    plan.options.text_form_system = metrics::TextForm::kMarkup;
    plan.options.text_form_gold = corpus.plain_text_gold  ? metrics::TextForm::kRaw
                                  : corpus.cleaneval_gold ? metrics::TextForm::kCleanEvalGold
                                                          : metrics::TextForm::kAuto;
  }
  metrics::prepare_metrics(plan.metrics, plan.options, spec.punkt_dir);
  return plan;
}

// The run's documents laid out: the whole corpus is opened, fingerprinted and
// prepared on; the run's share of it (all of it unless sharded) is run. Result slots
// are by position in the share.
struct RunLayout {
  RunLayout(const std::vector<corpora::CorpusDoc>& docs, const ShardSpec& shard)
      : share(shard_share(docs, shard)), stored(docs.size()), large(docs.size(), 0) {
    std::set<std::string> langs;
    for (const auto& d : docs) langs.insert(d.lang);
    languages.assign(langs.begin(), langs.end());
    fingerprint = corpora::fingerprint(docs);
    for (std::size_t i = 0; i < docs.size(); ++i) {
      stored[i] = stored_size(docs[i]);
      large[i] = stored[i] > kLargePage;
    }
  }
  std::vector<std::uint32_t> share;    // documents of the share, in order
  std::vector<std::string> languages;  // of every document, sorted, each once
  std::string fingerprint;             // of every document (corpora::fingerprint)
  // Large pages (more than kLargePage bytes stored) are done one at a time across the
  // run, in the learning pass as in the run's work: the trees of a hostile page can
  // take some fifty times its bytes, and two of them at once would double the peak.
  std::vector<std::size_t> stored;  // by document: stored_size()
  std::vector<char> large;          // by document: stored in more than kLargePage bytes
  // Held while a large page lives. Recursive: a thread waiting in a stage's parallel
  // loop may be given another page.
  std::recursive_mutex large_m;
};

// ---- Phase "prepare": the corpus-aware extractors learn from the corpus.

// The learning pass: every page's gold size read (the references themselves are read
// when a stage learns from them: CorpusContext::load_gold), then the pipeline
// prepared with a loader of pages that keeps what it loads, while it fits
// work.keep_pages, for the run's own work (KeptPages), so that the pages are not
// loaded twice.
KeptPages learn_from_corpus(Pipeline& pipeline, CorpusContext& ctx, const std::vector<corpora::CorpusDoc>& docs,
                            RunLayout& layout, const PageWorkSpec& work) {
  const std::size_t n = docs.size();
  KeptPages kept_pages;
  ctx.entries.resize(n);
  std::vector<char> keepable(n, 0);  // in the run's share, its gold readable
  for (std::uint32_t i : layout.share) keepable[i] = work.keep_pages > 0;
  if (work.keep_pages > 0) {
    kept_pages.pages.resize(n);
    kept_pages.golds.resize(n);
  }
  std::atomic<std::size_t> kept_bytes{0};
  std::mutex kept_m;  // kept_pages.pages, while the learning pass fills it
  tbb::parallel_for(std::size_t{0}, n, [&](std::size_t i) {
    CorpusEntry& e = ctx.entries[i];
    e.lang = docs[i].lang;
    e.id = docs[i].id;
    e.url = docs[i].url;
    try {  // its size only: the references are loaded again when a stage learns from them
      e.gold_size = corpora::load_gold_bytes(docs[i]).size();
    } catch (const std::exception&) {
      keepable[i] = 0;  // the page fails in the run, saying why
    }
  });
  ctx.load_gold = [&](std::size_t i) -> std::string {
    try {
      return corpora::load_gold_bytes(docs[i]);
    } catch (const std::exception&) {
      return {};  // the page fails in the run, saying why
    }
  };
  std::recursive_mutex& large_m = layout.large_m;
  ctx.load = [&](std::size_t i) -> std::shared_ptr<const Page> {
    // A page kept already (a stage's prepare() may visit pages again: TDIFF's
    // partners) is not loaded again. (The learning pass loads each page once, and
    // only its own calls of load() fill `kept_pages`, so reading it here is safe.)
    if (!kept_pages.pages.empty()) {
      std::lock_guard<std::mutex> l(kept_m);
      if (kept_pages.pages[i]) return kept_pages.pages[i];
    }
    std::shared_ptr<Page> page;
    try {
      if (layout.large[i]) {  // the lock held while the page lives (released by its deleter)
        large_m.lock();
        try {
          page = std::shared_ptr<Page>(new Page(corpora::load_page(docs[i], work.page_limits)),
                                       [&large_m](const Page* p) {
                                         delete p;
                                         large_m.unlock();
                                       });
        } catch (...) {
          large_m.unlock();
          throw;
        }
      } else {
        page = std::make_shared<Page>(corpora::load_page(docs[i], work.page_limits));
      }
    } catch (const std::exception&) {
      return nullptr;  // the page fails in the run, saying why
    }
    if (keepable[i] && !layout.large[i]) {  // (a large page's deleter releases large_m)
      const std::size_t cost = kept_page_cost(*page, ctx.entries[i].gold_size);
      if (page->html.size() <= kKeepLargest && kept_bytes.fetch_add(cost) + cost <= work.keep_pages) {
        std::string gold = ctx.load_gold(i);
        std::lock_guard<std::mutex> l(kept_m);
        kept_pages.pages[i] = page;
        kept_pages.golds[i] = std::move(gold);
      }
    }
    return page;
  };
  const std::size_t learnt = pipeline.prepare(ctx);
  std::cerr << "note: " << join(pipeline.corpus_stages(), ", ") << " learnt from " << learnt
            << " pages of the corpus\n";
  std::vector<CorpusEntry>().swap(ctx.entries);
  ctx.load = nullptr;
  ctx.load_gold = nullptr;
  return kept_pages;
}

// The state a run restores instead of learning: the given one (--prepared, or found
// beside a shard's folder: given_prepared), which must fit the run (else UsageError,
// saying what differs), or a resumed run's own (OUT/prepared.state), used when it
// fits. True when restored.
bool restore_prepared(Pipeline& pipeline, const CorpusContext& ctx, const PreparedKey& key, const RecordSpec& record) {
  const std::optional<fs::path> given = given_prepared(record);
  if (given) {
    std::optional<PreparedFile> read;
    try {
      read = PreparedFile::read(*given);
    } catch (const PreparedError& e) {
      throw UsageError(std::string("--prepared ") + e.what());
    }
    if (std::string why = read->mismatch(key, pipeline); !why.empty())
      throw UsageError(given->string() + ": this prepared state does not fit the run: " + why +
                       ". Prepare again with `detour prepare` and the run's options");
    read->restore(pipeline, ctx);
    std::cerr << "note: what " << join(pipeline.corpus_stages(), ", ") << " learnt from the corpus is restored from "
              << given->string() << " (prepared once, not on the corpus again)\n";
    return true;
  }
  if (!record.resume || record.out.empty()) return false;
  try {
    PreparedFile state = PreparedFile::read(record.out / PreparedFile::kName);
    if (!state.mismatch(key, pipeline).empty()) return false;
    state.restore(pipeline, ctx);
    std::cerr << "note: what " << join(pipeline.corpus_stages(), ", ") << " learnt from the corpus is restored from "
              << state.path().string() << " (not prepared on the corpus again)\n";
    return true;
  } catch (const PreparedError& e) {
    if (fs::exists(record.out / PreparedFile::kName))
      std::cerr << "note: " << e.what() << "; preparing on the corpus again\n";
    return false;
  }
}

// Prepares every stage: the corpus-aware ones (training, site grouping) learn from
// every page first (one page at a time per thread, never the corpus whole:
// CorpusContext::visit), unless the run restores what they learnt (restore_prepared:
// a prepared state given, or a resumed run's own); the others with the languages and
// seed only. What was learnt is kept in the run folder (OUT/prepared.state). Returns
// the pages the learning pass loaded and kept for the run's work.
KeptPages prepare_stages(Pipeline& pipeline, const std::vector<corpora::CorpusDoc>& docs, RunLayout& layout,
                         std::uint64_t seed, const PageWorkSpec& work, const RecordSpec& record,
                         const results::Provenance& provenance) {
  CorpusContext ctx;
  ctx.seed = seed;
  ctx.languages = layout.languages;
  const bool need_corpus = pipeline.needs_corpus();
  const PreparedKey key{provenance.version, provenance.commit, layout.fingerprint, ctx.languages, seed};
  if (!record.shard.whole()) {  // a shard keeps what its own pages need of a restored state
    auto keys = std::make_shared<std::unordered_set<std::string>>();
    for (std::uint32_t i : layout.share) keys->insert(docs[i].lang + "/" + docs[i].id);
    ctx.extracts = [keys](std::string_view lang, std::string_view id) {
      std::string k(lang);
      k += '/';
      k += id;
      return keys->count(k) > 0;
    };
  }
  if (!need_corpus) {
    if (!record.prepared.empty())
      std::cerr << "note: no stage of the run learns from the corpus: " << record.prepared.string()
                << " is not used\n";
    pipeline.prepare(ctx);
    return {};
  }
  if (restore_prepared(pipeline, ctx, key, record)) return {};
  const auto signatures = pipeline.stage_signatures();  // before prepare(): the state's key
  KeptPages kept_pages = learn_from_corpus(pipeline, ctx, docs, layout, work);
  if (!record.out.empty()) PreparedFile::save(record.out / PreparedFile::kName, key, pipeline, signatures);
  return kept_pages;
}

// ---- Phase "run pages": every page of the share not done earlier.

// Which pages run in a worker process (by document; none: no worker pool): every page
// (--isolation process), none, or (auto) the pages whose stages can stall: every page
// of a run with external tools, and the pages the pre-checks flag (stored in more than
// kRiskyPage bytes); the others run in the run's threads, bounded by the linear
// pre-checks.
std::vector<char> worker_pages(PageWorkSpec::Isolation isolation, bool tools, const RunLayout& layout) {
  std::vector<char> in_worker(layout.stored.size(), 0);
  for (std::uint32_t i : layout.share)
    in_worker[i] = isolation == PageWorkSpec::Isolation::Process ||
                   (isolation == PageWorkSpec::Isolation::Auto && (tools || layout.stored[i] > kRiskyPage));
  return in_worker;
}

// The first stages that pages are sent ahead to (PageJob::ahead, PageWorkSpec::send_ahead).
std::vector<const Extractor*> ahead_stages(const SystemsPlan& plan, PageWorkSpec::Ahead mode, int threads) {
  std::vector<const Extractor*> out;
  if (mode == PageWorkSpec::Ahead::Never) return out;
  std::set<std::string> seen;
  for (const auto& sys : plan.systems)
    if (!sys.empty() && seen.insert(sys.front()).second && plan.pipeline.stage(sys.front()).takes_ahead())
      out.push_back(&plan.pipeline.stage(sys.front()));
  const auto cores = static_cast<std::size_t>(std::max(1, tbb::info::default_concurrency()));
  if (mode == PageWorkSpec::Ahead::Auto && static_cast<std::size_t>(threads) * (1 + out.size()) > cores) out.clear();
  return out;
}

// What a page's work needs (runner/page_work.h).
PageJob page_job(const SystemsPlan& plan, const ScoringPlan& scoring, const PageWorkSpec& work,
                 const KeptPages& kept_pages, bool isolated, int threads) {
  PageJob job;
  job.pipeline = &plan.pipeline;
  job.systems = &plan.systems;
  job.metrics = &scoring.metrics;
  job.score_options = &scoring.options;
  job.limits = work.page_limits;
  job.parsers = plan.pipeline.page_parsers(plan.systems);
  job.stage_budget = work.stage_budget;
  if (!kept_pages.pages.empty()) job.kept = &kept_pages;
  if (isolated) job.memory_budget = work.page_memory;
  job.ahead = ahead_stages(plan, work.send_ahead, threads);
  return job;
}

WorkerOptions worker_options(const PageWorkSpec& work, const PipelineConfig& tools, bool has_tools, int threads) {
  WorkerOptions wo;
  wo.workers = threads;
  wo.stage_budget = work.stage_budget;
  wo.wall_limit = work.stage_budget > 0 ? std::max(60.0, 10 * work.stage_budget) : 0;
  for (const auto& e : tools.externals) wo.external_wall_limit = std::max(wo.external_wall_limit, e.timeout_seconds + 30);
  // A served tool's page may take a start (at least 60 s allowed: extractors/serve.cc)
  // and a request on each of two instances.
  auto served_page = [](double t) { return 2 * (std::max(t, 60.0) + t) + 30; };
  for (const auto& s : tools.serves) wo.external_wall_limit = std::max(wo.external_wall_limit, served_page(s.timeout_seconds));
  if (has_tools) wo.external_wall_limit = std::max(wo.external_wall_limit, served_page(tools.tool_timeout));
  wo.memory_limit = work.page_memory;
  wo.should_stop = [] { return StopSignals::requested() != 0; };
  return wo;
}

// Pages in flight: each page's records packed (runner/page_blob.h) into blobs[k] (k:
// its position in the share), then committed (outputs written, record queued).
struct PageRun {
  const PageJob& job;
  const std::vector<std::uint32_t>& share;
  RunLayout& layout;
  RunRecorder& recorder;
  DocList& todo;
  RunResult& result;
  std::vector<std::string>& blobs;
  Progress& progress;
  const std::function<void(const CompletedPage& page)>& on_page;
  bool folder;  // a run folder: outputs written there, not kept in result.outputs

  std::size_t systems() const { return job.systems->size(); }

  // A page's records packed, then committed (outputs written, record queued).
  void land(std::size_t k, const corpora::CorpusDoc& doc, PageResult&& page,
            const std::vector<std::optional<std::uint64_t>>& written) {
    store::PageEntry rec;
    rec.decode_note = std::move(page.decode_note);
    rec.systems.resize(systems());
    std::vector<std::string> outputs(systems());
    for (std::size_t s = 0; s < systems(); ++s) {
      SystemPage& sp = page.systems[s];
      store::SystemEntry& e = rec.systems[s];
      e.status = std::move(sp.record.status);
      e.reason = std::move(sp.record.reason);
      e.notes = std::move(sp.record.notes);
      e.millis = sp.record.millis;
      e.scores = std::move(sp.scores);
      outputs[s] = std::move(sp.output);
    }
    const std::string out_name = doc_output_name(doc);
    blobs[k] = pack_page(rec, doc.id, out_name);
    CompletedPage done;
    if (on_page) {
      done.statuses.reserve(systems());
      for (const auto& e : rec.systems) done.statuses.push_back(e.status);
    }
    recorder.commit(k, std::move(rec), result.doc_langs[k], out_name, outputs, written);
    if (on_page && !StopSignals::requested() &&
        std::none_of(written.begin(), written.end(), [](const auto& w) { return w.has_value(); })) {
      done.k = k;
      done.pages = share.size();
      done.doc = &doc;
      done.outputs = &outputs;
      done.spare_outputs = folder;  // written, and not kept in memory
      on_page(done);
    }
    if (!folder)
      for (std::size_t s = 0; s < systems(); ++s) result.outputs[s][k] = std::move(outputs[s]);
    progress.tick();
  }

  // Page k in this thread.
  void here(std::size_t k) {
    if (recorder.done(k) || StopSignals::requested()) return;
    PageProgress quiet;
    std::unique_lock<std::recursive_mutex> one_large(layout.large_m, std::defer_lock);
    if (layout.large[share[k]]) one_large.lock();
    const corpora::CorpusDoc doc = todo.take(share[k]);
    land(k, doc, work_page(job, share[k], doc, PageForced{}, quiet), {});
  }

  // Every page in the run's threads (TBB).
  void in_threads() {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, share.size(), 1), [&](const auto& r) {
      for (std::size_t k = r.begin(); k != r.end(); ++k) here(k);
    });
  }

  // Pages in worker processes under a watchdog (runner/workers.h), one run thread per
  // worker taking the next page (and doing it itself when it is not in_worker).
  void in_workers(WorkerPool& pool, const std::vector<char>& in_worker, int threads) {
    const std::size_t m = share.size();
    std::atomic<std::size_t> next{0};
    std::mutex error_m;
    std::exception_ptr error;
    std::vector<std::thread> run_threads;
    for (int slot = 0; slot < threads; ++slot)
      run_threads.emplace_back([&, slot] {
        try {
          // Each thread takes its next page one ahead, so that its worker can load it and
          // send it ahead to the served tools that take pages ahead (a large page is not
          // loaded ahead: large pages run one at a time).
          std::size_t k = next.fetch_add(1);
          for (std::size_t after; k < m; k = after) {
            after = next.fetch_add(1);
            std::optional<std::size_t> hint;
            if (!job.ahead.empty() && after < m && in_worker[share[after]] && !layout.large[share[after]] &&
                !recorder.done(after))
              hint = share[after];
            if (!in_worker[share[k]]) {
              here(k);
              continue;
            }
            if (recorder.done(k) || StopSignals::requested()) continue;
            std::unique_lock<std::recursive_mutex> one_large(layout.large_m, std::defer_lock);
            if (layout.large[share[k]]) one_large.lock();
            const corpora::CorpusDoc doc = todo.take(share[k]);
            const std::string out_name = doc_output_name(doc);
            // Each output is written as it comes, not held with the page's others
            // (a hostile page's 25 outputs may each be as long as its text).
            std::vector<std::optional<std::uint64_t>> written(systems());
            auto on_system = [&](std::size_t s, SystemPage& sp) {
              if (sp.record.status == "excluded") return;
              written[s] = recorder.write_output(s, result.doc_langs[k], out_name, sp.output);
              std::string().swap(sp.output);
            };
            PageResult page = folder ? pool.run(slot, share[k], on_system, hint) : pool.run(slot, share[k], {}, hint);
            land(k, doc, std::move(page), written);
          }
        } catch (...) {
          std::lock_guard<std::mutex> l(error_m);
          if (!error) error = std::current_exception();
          next.store(m);
        }
      });
    for (auto& t : run_threads) t.join();
    if (error) std::rethrow_exception(error);
  }
};

// ---- Phase "record": the run's records, begun before the first page and collected
// after the last.

// Everything of the provenance but the run's duration, known before the first page.
void fill_provenance(results::Provenance& p, const CorpusSelection& sel, const JudgeSpec& judge,
                     const RunResult& result, const std::string& fingerprint, int threads) {
  p.threads = threads;
  p.corpus = sel.corpus.string();
  p.corpus_fingerprint = fingerprint;
  p.languages = sel.languages;
  p.missing_policy = kRunMissingPolicy;
  for (const auto& sys : result.systems) p.systems[sys.name] = sys.signature;
  p.judgments = judge.judgments;
}

// The result before the first page: the pages' languages and URLs (the outputs are
// written under them; their ids, output names and records come once the run is over,
// from the pages' blobs), the systems and their signatures, the provenance. Returns
// each page's dataset, or nothing unless the corpus has several datasets.
std::vector<std::string> begin_result(RunResult& result, const std::vector<corpora::CorpusDoc>& docs,
                                      const RunLayout& layout, const SystemsPlan& plan, const ScoringPlan& scoring,
                                      const std::string& context) {
  result.doc_langs.reserve(layout.share.size());
  result.doc_urls.reserve(layout.share.size());
  bool datasets = false;  // a multi-dataset corpus: each page's dataset kept for its DocResult
  for (std::uint32_t i : layout.share) {
    result.doc_langs.push_back(docs[i].lang);
    result.doc_urls.push_back(docs[i].url);
    datasets = datasets || !docs[i].dataset.empty();
  }
  std::vector<std::string> doc_datasets;
  if (datasets)
    for (std::uint32_t i : layout.share) doc_datasets.push_back(docs[i].dataset);
  result.systems.resize(plan.systems.size());
  for (std::size_t s = 0; s < plan.systems.size(); ++s) {
    result.systems[s].name = join(plan.systems[s], "-");
    result.systems[s].signature = plan.pipeline.signature(plan.systems[s]);
  }
  result.signature = metrics::run_signature(scoring.metrics, scoring.options) + context;
  return doc_datasets;
}

// The records into the results model (once the memory of the pages' work is given
// back), each page's blob freed as it is read.
void collect_records(RunResult& result, std::vector<std::string>& blobs, const ScoringPlan& scoring,
                     bool has_languages, const std::string& context, const std::vector<std::string>& doc_datasets) {
  const std::size_t m = blobs.size();
  result.doc_ids.resize(m);
  result.doc_out_names.resize(m);
  result.decode_notes.resize(m);
  for (auto& sys : result.systems) {
    sys.pages.resize(m);
    ScoreSet& set = sys.scores;
    set.metrics = scoring.metrics;
    set.options = scoring.options;
    set.has_languages = has_languages;
    set.context = context;
    set.docs.reserve(m);
  }
  for (std::size_t k = 0; k < m; ++k) {
    if (blobs[k].empty()) throw std::logic_error("run: page " + std::to_string(k) + " of the share was not recorded");
    UnpackedPage u = unpack_page(blobs[k]);
    std::string().swap(blobs[k]);
    result.doc_ids[k] = std::move(u.id);
    result.doc_out_names[k] = std::move(u.out_name);
    result.decode_notes[k] = std::move(u.page.decode_note);
    const SharedString lang(result.doc_langs[k]), id(result.doc_ids[k]);  // one text for every system's record
    for (std::size_t s = 0; s < result.systems.size(); ++s) {
      store::SystemEntry& e = u.page.systems.at(s);
      SystemResult& sys = result.systems[s];
      PageOutcome& po = sys.pages[k];
      po.status = std::move(e.status);
      po.reason = std::move(e.reason);
      po.notes = std::move(e.notes);
      po.millis = e.millis;
      if (e.scores) {  // scored (not excluded)
        DocResult r;
        r.lang = lang;
        r.id = id;
        r.scores = std::move(*e.scores);
        r.gold_hash = e.gold_hash;
        if (!doc_datasets.empty()) r.dataset = doc_datasets[k];
        sys.scores.docs.push_back(std::move(r));
      }
      if (std::string note = store::page_note(po.status, result.doc_langs[k], result.doc_ids[k], po.reason);
          !note.empty())
        sys.scores.notes.push_back(std::move(note));
    }
  }
  std::vector<std::string>().swap(blobs);
}

// ---- Phase "judge": confidence intervals, when asked for.

void judge_run(RunResult& result, const JudgeSpec& judge, int threads) {
  if (judge.judgments.intervals.empty()) return;
  std::vector<ScoreSet*> sets;
  for (auto& sys : result.systems) sets.push_back(&sys.scores);
  reports::add_intervals(sets, reports::JudgeOptions::from(judge.judgments, static_cast<unsigned>(threads)));
}

}  // namespace

RunResult run(const RunConfig& cfg) {
  // The parts of the configuration the phases read.
  const CorpusSelection& selection = cfg;
  const SystemsSpec& systems_spec = cfg;
  const ScoringSpec& scoring_spec = cfg;
  const PageWorkSpec& work = cfg;
  const RecordSpec& record = cfg;
  const JudgeSpec& judge = cfg;

  auto t0 = Clock::now();
  RunRecorder recorder(record, work.progress);  // the run folder checked (and locked) before any work
  RunResult result;
  result.provenance = results::Provenance::now(results::command_line());

  // Open, plan.
  RunCorpus corpus = open_run_corpus(selection);
  SystemsPlan plan = plan_systems(systems_spec, work.stage_budget);
  // A stage that must run in this process (StageFactory::in_process: a Python
  // function) keeps every page in the run's threads; --isolation process is refused.
  const std::set<std::string>& own_stages = plan.pipeline.in_process_stages();
  if (!own_stages.empty() && work.isolation == PageWorkSpec::Isolation::Process)
    throw UsageError("--isolation process: " + join(std::vector<std::string>(own_stages.begin(), own_stages.end()), ", ") +
                     " must run in this process (not in a forked worker); use --isolation auto or none");
  const ScoringPlan scoring = plan_scoring(scoring_spec, corpus);
  const int threads = work.jobs > 0 ? work.jobs : static_cast<int>(tbb::info::default_concurrency());
  const RunThreads run_threads(threads);  // the limit, and jemalloc arenas for many threads
  RunLayout layout(corpus.docs, record.shard);
  const std::size_t m = layout.share.size();
  result.shard = record.shard;
  result.aggregate = judge.aggregate;
  result.aggregation = judge.aggregation;

  // Prepare.
  KeptPages kept_pages = prepare_stages(plan.pipeline, corpus.docs, layout, systems_spec.seed,
                                        work, record, result.provenance);

  // Run the pages. With isolation, the worker processes are forked first, before the
  // run's records are made: what they share with the run (the documents, what the
  // stages learnt) stays shared, and what the run writes from now on is not copied
  // into them.
  const std::vector<char> in_worker = worker_pages(own_stages.empty() ? work.isolation : PageWorkSpec::Isolation::None,
                                                   plan.pipeline.has_tools(), layout);
  const bool isolated = std::find(in_worker.begin(), in_worker.end(), 1) != in_worker.end();
  const PageJob job = page_job(plan, scoring, work, kept_pages, isolated, threads);
  release_free_memory();  // what the learning pass freed, not to be inherited by the workers
  std::optional<WorkerPool> pool;
  if (isolated) pool.emplace(job, corpus.docs, worker_options(work, systems_spec, plan.pipeline.has_tools(), threads));
  // The run's records begun.
  const std::string context = results::signature_context("corpus", layout.fingerprint, kRunMissingPolicy);
  const std::vector<std::string> doc_datasets = begin_result(result, corpus.docs, layout, plan, scoring, context);
  fill_provenance(result.provenance, selection, judge, result, layout.fingerprint, threads);
  if (pool) result.provenance.memory_bound = pool->memory_bound();
  recorder.open(run_header(selection, systems_spec.seed, work.page_limits, result, corpus.docs, layout.share,
                           scoring.metrics, scoring.options, context, !corpus.languages.empty()));
  // The documents to do, held packed until their page's turn (runner/doc_list.h);
  // those of other shares and those done earlier are dropped. (The worker processes
  // are forked with the list, and forked again after a crash: it is left as it is
  // then.)
  std::vector<char> to_run(corpus.docs.size(), 0);
  for (std::size_t k = 0; k < m; ++k) to_run[layout.share[k]] = !recorder.done(k);
  DocList todo(corpus.docs, to_run, /*keep_list=*/isolated);
  std::vector<char>().swap(to_run);
  // Each page's records, packed (runner/page_blob.h) until the run is over: those
  // of the pages done earlier now, the others as they land.
  std::vector<std::string> blobs(m);
  if (record.out.empty()) result.outputs.assign(plan.systems.size(), std::vector<std::string>(m));
  recorder.restore(blobs);
  result.resumed = recorder.done_count();
  StopSignals stop_signals(plan.pipeline.has_tools());
  Progress progress(m - recorder.done_count(), work.progress);
  PageRun pages{job, layout.share, layout, recorder, todo, result, blobs, progress, cfg.on_page, !record.out.empty()};
  if (isolated)
    pages.in_workers(*pool, in_worker, threads);
  else
    pages.in_threads();
  progress.finish();
  pool.reset();  // the workers stopped and reaped
  release_thread_caches();  // what the threads kept from page to page (parse arenas, parser contexts)
  plan.pipeline.drop_stages();  // what the stages learnt (models, TDIFF's partners), not needed by the records
  kept_pages = {};
  todo = DocList();
  std::vector<corpora::CorpusDoc>().swap(corpus.docs);
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  result.provenance.seconds = result.seconds;
  if (int sig = StopSignals::requested(); sig && recorder.missing() > 0) recorder.interrupted(result.provenance, sig);
  recorder.finish(result.provenance);
  result.outputs_written = !record.out.empty();
  result.store_run = recorder.store_run();

  // Collect the records, judge.
  release_free_memory();
  collect_records(result, blobs, scoring, !corpus.languages.empty(), context, doc_datasets);
  judge_run(result, judge, threads);
  return result;
}

PrepareOutcome prepare_run(const RunConfig& cfg, const fs::path& file) {
  const CorpusSelection& selection = cfg;
  const SystemsSpec& systems_spec = cfg;
  const auto t0 = Clock::now();
  const results::Provenance provenance = results::Provenance::now(results::command_line());
  RunCorpus corpus = open_run_corpus(selection);
  SystemsPlan plan = plan_systems(systems_spec, cfg.stage_budget);
  PrepareOutcome out;
  out.stages = plan.pipeline.corpus_stages();
  if (!plan.pipeline.needs_corpus()) return out;  // nothing to prepare: no file (stages empty)
  const int threads = cfg.jobs > 0 ? cfg.jobs : static_cast<int>(tbb::info::default_concurrency());
  const RunThreads run_threads(threads);  // the limit, and jemalloc arenas for many threads
  RunLayout layout(corpus.docs, ShardSpec{});  // the whole corpus, whatever the shard
  const PreparedKey key{provenance.version, provenance.commit, layout.fingerprint, layout.languages, cfg.seed};
  std::error_code ec;
  if (fs::exists(file, ec)) {
    try {
      PreparedFile there = PreparedFile::read(file);
      if (there.mismatch(key, plan.pipeline).empty()) {
        out.kept = true;
        out.bytes = static_cast<std::size_t>(fs::file_size(file, ec));
        out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        return out;
      }
    } catch (const PreparedError& e) {
      std::cerr << "note: " << e.what() << "; prepared again\n";
    }
  }
  CorpusContext ctx;
  ctx.seed = cfg.seed;
  ctx.languages = layout.languages;
  PageWorkSpec learning = cfg;
  learning.keep_pages = 0;  // no page is run here
  const auto signatures = plan.pipeline.stage_signatures();  // before prepare(): the state's key
  learn_from_corpus(plan.pipeline, ctx, corpus.docs, layout, learning);
  out.bytes = PreparedFile::save(file, key, plan.pipeline, signatures);
  out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return out;
}

std::string run_problem(const RunResult& r) {
  if (r.doc_ids.empty() && !r.shard.whole()) return {};  // an empty share of a small corpus
  std::size_t scored = 0;
  std::vector<std::string> all_failed;
  for (const auto& sys : r.systems) {
    scored += sys.scores.docs.size();
    std::size_t failed = 0;
    for (const auto& p : sys.pages) failed += p.status == "failed";
    if (!sys.pages.empty() && failed == sys.pages.size()) all_failed.push_back(sys.name);
  }
  if (scored == 0) return "no document was scored";
  if (!all_failed.empty()) return "every page failed for " + join(all_failed, ", ") + " (see failures.tsv)";
  return {};
}

void write_run(const RecordSpec& cfg, const RunResult& r, const std::vector<reports::SystemScores>& extra) {
  if (cfg.out.empty()) return;
  const fs::path& dir = cfg.out;
  for (std::size_t s = 0; s < r.systems.size() && !r.outputs_written; ++s) {
    const SystemResult& sys = r.systems[s];
    for (std::size_t i = 0; i < sys.pages.size(); ++i) {
      if (sys.pages[i].status == "excluded") continue;
      fs::path out_path = results::output_file(dir, sys.name, r.doc_langs[i], r.doc_out_names[i]);
      fs::create_directories(out_path.parent_path());
      io::write_file_atomic(out_path, r.outputs[s][i], /*durable=*/false);
    }
  }
  results::write_records(dir, r);
  write_tables(dir, r, extra);
  write_aggregate_tables(dir, r);
}

void write_aggregate_tables(const fs::path& dir, const RunResult& r) {
  if (r.aggregate.empty() || r.aggregate == "micro") return;
  std::vector<std::pair<std::string, const results::ScoreSet*>> named;
  for (const auto& sys : r.systems) named.emplace_back(sys.name, &sys.scores);
  for (const char* fmt : {"md", "tsv", "json"})
    io::write_file_atomic(dir / ("aggregate-" + r.aggregate + "." + fmt),
                          reports::render_named_aggregate(named, r.aggregate, r.aggregation, fmt));
}

void write_tables(const fs::path& dir, const results::RunRecords& records,
                  const std::vector<reports::SystemScores>& extra) {
  reports::RunTables tables = reports::run_tables(records, 0, extra);
  for (const reports::Writer& w : reports::writer_registry()) {
    io::write_file_atomic(dir / ("table2." + std::string(w.extension)), w.write(tables.table2));
    io::write_file_atomic(dir / ("table4." + std::string(w.extension)), w.write(tables.table4));
  }
}

}  // namespace detour::harness
