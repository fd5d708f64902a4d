#include "runner/runner.h"

#include <fmt/format.h>
#include <tbb/global_control.h>
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

#include "base/heap.h"
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

// Everything of the provenance but the run's duration, known before the first page.
void fill_provenance(results::Provenance& p, const RunConfig& cfg, const RunResult& result,
                     const std::string& fingerprint, int threads) {
  p.threads = threads;
  p.corpus = cfg.corpus.string();
  p.corpus_fingerprint = fingerprint;
  p.languages = cfg.languages;
  p.missing_policy = kRunMissingPolicy;
  for (const auto& sys : result.systems) p.systems[sys.name] = sys.signature;
  p.judgments = cfg.judgments;
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

// The bytes a document's page is stored in (compressed, if it is), 0 if unknown.
std::size_t stored_size(const corpora::CorpusDoc& doc) {
  if (doc.html_inline) return doc.html_inline->size();
  if (doc.html_path.empty()) return 0;
  std::error_code ec;
  const auto size = fs::file_size(doc.html_path.path(), ec);
  return ec ? 0 : static_cast<std::size_t>(size);
}

// What keeping a loaded page costs in memory, as RunConfig::keep_pages counts it: its
// text, its tree (about seven times the text on DANIEL) and its gold.
std::size_t kept_page_cost(const Page& page, const std::string& gold) {
  return 8 * page.html.size() + gold.size();
}

}  // namespace

RunResult run(const RunConfig& cfg) {
  auto t0 = Clock::now();
  RunRecorder recorder(cfg);  // the run folder checked (and locked) before any work
  RunResult result;
  result.provenance = results::Provenance::now(results::command_line());
  corpora::Corpus corpus = corpora::open_corpus(cfg.corpus, cfg.open);
  for (const auto& w : corpus.warnings) std::cerr << "note: " << w << "\n";
  // The run's documents: the corpus listing itself, without the documents not run
  // (one copy of each: a run keeps them until their page is done), in a list of
  // their exact number (the listing's, grown by doubling, may be twice as long).
  std::vector<corpora::CorpusDoc> docs = std::move(corpus.docs);
  for (auto& d : docs)
    if (!cfg.lang.empty() && d.lang.empty()) d.lang = cfg.lang;
  std::erase_if(docs, [&](const corpora::CorpusDoc& d) {
    if (!cfg.languages.empty() &&
        std::find(cfg.languages.begin(), cfg.languages.end(), d.lang) == cfg.languages.end())
      return true;
    return !d.has_gold() || !d.has_page();  // reported in corpus warnings
  });
  docs.shrink_to_fit();
  release_free_memory();  // the listing's temporaries
  if (docs.empty()) {
    std::string what = cfg.languages.empty() ? "" : " in the languages " + join(cfg.languages, ",") +
                                                      " (corpus languages: " + join(corpus.languages, ",") + ")";
    throw corpora::CorpusError(cfg.corpus.string() + ": no (page, gold) pairs to run on" + what);
  }

  // Systems and their stages, canonical, each once.
  const PipelineConfig pipeline_config{cfg.externals, cfg.models, cfg.variants};
  std::vector<std::vector<std::string>> systems;
  std::set<std::string> system_names;
  auto add_system = [&](std::vector<std::string> sys) {
    for (auto& st : sys) st = resolve_stage(st, pipeline_config).key;
    if (system_names.insert(join(sys, "-")).second) systems.push_back(std::move(sys));
  };
  for (const auto& e : cfg.extractors) add_system({e});
  for (const auto& c : cfg.chains) add_system(c);
  Pipeline pipeline(systems, pipeline_config);
  pipeline.set_stage_budget(cfg.stage_budget);
  auto ms = metrics::parse_metric_list(cfg.metrics);
  metrics::ScoreOptions score_options = cfg.score_options;
  if (!cfg.text_form_given) {  // detour's outputs are CleanEval markup; benchmark golds plain text
    score_options.text_form_system = metrics::TextForm::kMarkup;
    score_options.text_form_gold = corpus.plain_text_gold  ? metrics::TextForm::kRaw
                                   : corpus.cleaneval_gold ? metrics::TextForm::kCleanEvalGold
                                                           : metrics::TextForm::kAuto;
  }
  metrics::prepare_metrics(ms, score_options, cfg.punkt_dir);

  int threads = cfg.jobs > 0 ? cfg.jobs : static_cast<int>(tbb::info::default_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);

  // The whole corpus is opened, fingerprinted and prepared on; the run's share of it
  // (all of it unless sharded) is run. Result slots are by position in the share.
  const std::size_t n = docs.size();
  const std::vector<std::uint32_t> share = shard_share(docs, cfg.shard);
  const std::size_t m = share.size();
  std::set<std::string> langs;
  for (const auto& d : docs) langs.insert(d.lang);
  result.shard = cfg.shard;
  result.aggregate = cfg.aggregate;
  result.aggregation = cfg.aggregation;
  const std::string fingerprint = corpora::fingerprint(docs);

  // Corpus-aware extractors (training, site grouping) learn from every page first
  // (one page at a time per thread, never the corpus whole: CorpusContext::visit),
  // unless a resumed run restores what they learnt from its folder (runner/prepared.h).
  CorpusContext ctx;
  ctx.seed = cfg.seed;
  ctx.languages.assign(langs.begin(), langs.end());
  const bool need_corpus = pipeline.needs_corpus();
  std::optional<PreparedStates> kept;
  if (need_corpus && !cfg.out.empty())
    kept.emplace(cfg.out / "prepared", PreparedStates::run_key(result.provenance.version, result.provenance.commit,
                                                               fingerprint, ctx.languages, cfg.seed));
  const bool restored = kept && cfg.resume && kept->restore(pipeline, ctx);
  if (restored)
    std::cerr << "note: what " << join(pipeline.corpus_stages(), ", ") << " learnt from the corpus is restored from "
              << (cfg.out / "prepared").string() << " (not prepared on the corpus again)\n";
  // What the learning pass loads is kept for the run's own work while it fits
  // cfg.keep_pages (KeptPages), so that the pages are not loaded twice.
  KeptPages kept_pages;
  // Large pages (more than kLargePage bytes stored) are done one at a time across the
  // run, in the learning pass as in the run's work: the trees of a hostile page can
  // take some fifty times its bytes, and two of them at once would double the peak.
  std::vector<std::size_t> stored(n);
  std::vector<char> large(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    stored[i] = stored_size(docs[i]);
    large[i] = stored[i] > kLargePage;
  }
  // Recursive: a thread waiting in a stage's parallel loop may be given another page.
  std::recursive_mutex large_m;
  if (need_corpus && !restored) {
    const auto signatures = pipeline.stage_signatures();  // before prepare(): the state's key
    ctx.entries.resize(n);
    std::vector<char> keepable(n, 0);  // in the run's share, its gold readable
    for (std::uint32_t i : share) keepable[i] = cfg.keep_pages > 0;
    if (cfg.keep_pages > 0) kept_pages.pages.resize(n);
    std::atomic<std::size_t> kept_bytes{0};
    std::mutex kept_m;  // kept_pages.pages, while the learning pass fills it
    tbb::parallel_for(std::size_t{0}, n, [&](std::size_t i) {
      CorpusEntry& e = ctx.entries[i];
      e.lang = docs[i].lang;
      e.id = docs[i].id;
      e.url = docs[i].url;
      try {
        e.gold = corpora::load_gold_bytes(docs[i]);
      } catch (const std::exception&) {
        keepable[i] = 0;  // the page fails in the run, saying why
      }
    });
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
        if (large[i]) {  // the lock held while the page lives (released by its deleter)
          large_m.lock();
          try {
            page = std::shared_ptr<Page>(new Page(corpora::load_page(docs[i], cfg.page_limits)),
                                         [&large_m](const Page* p) {
                                           delete p;
                                           large_m.unlock();
                                         });
          } catch (...) {
            large_m.unlock();
            throw;
          }
        } else {
          page = std::make_shared<Page>(corpora::load_page(docs[i], cfg.page_limits));
        }
      } catch (const std::exception&) {
        return nullptr;  // the page fails in the run, saying why
      }
      if (keepable[i] && !large[i]) {  // (a large page's deleter releases large_m)
        const std::size_t cost = kept_page_cost(*page, ctx.entries[i].gold);
        if (page->html.size() <= kKeepLargest && kept_bytes.fetch_add(cost) + cost <= cfg.keep_pages) {
          std::lock_guard<std::mutex> l(kept_m);
          kept_pages.pages[i] = page;
        }
      }
      return page;
    };
    pipeline.prepare(ctx);
    if (!kept_pages.pages.empty()) {
      kept_pages.golds.resize(n);
      for (std::size_t i = 0; i < n; ++i)
        if (kept_pages.pages[i]) kept_pages.golds[i] = std::move(ctx.entries[i].gold);
    }
    std::vector<CorpusEntry>().swap(ctx.entries);
    ctx.load = nullptr;
    if (kept) kept->save(pipeline, signatures);
  } else if (!restored) {
    pipeline.prepare(ctx);
  }

  // What a page's work needs (runner/page_work.h).
  PageJob job;
  job.pipeline = &pipeline;
  job.systems = &systems;
  job.metrics = &ms;
  job.score_options = &score_options;
  job.limits = cfg.page_limits;
  job.parsers = pipeline.page_parsers(systems);
  job.stage_budget = cfg.stage_budget;
  if (!kept_pages.pages.empty()) job.kept = &kept_pages;
  // With isolation, the worker processes are forked now, before the run's records are
  // made: what they share with the run (the documents, what the stages learnt) stays
  // shared, and what the run writes from now on is not copied into them.
  // Which pages run in a worker process: every page (--isolation process), none, or
  // (auto) the pages whose stages can stall: every page of a run with external tools,
  // and the pages the pre-checks flag (stored in more than kRiskyPage bytes); the
  // others run in the run's threads, bounded by the linear pre-checks.
  std::vector<char> in_worker(n, 0);
  bool isolated = false;  // a worker pool, and run threads that hand it pages
  for (std::uint32_t i : share) {
    in_worker[i] = cfg.isolation == RunConfig::Isolation::Process ||
                   (cfg.isolation == RunConfig::Isolation::Auto && (!cfg.externals.empty() || stored[i] > kRiskyPage));
    isolated = isolated || in_worker[i];
  }
  release_free_memory();  // what the learning pass freed, not to be inherited by the workers
  std::optional<WorkerPool> pool;
  if (isolated) {
    WorkerOptions wo;
    wo.workers = threads;
    wo.stage_budget = cfg.stage_budget;
    wo.wall_limit = cfg.stage_budget > 0 ? std::max(60.0, 10 * cfg.stage_budget) : 0;
    for (const auto& e : cfg.externals) wo.external_wall_limit = std::max(wo.external_wall_limit, e.timeout_seconds + 30);
    wo.memory_limit = cfg.page_memory;
    wo.should_stop = [] { return StopSignals::requested() != 0; };
    job.memory_budget = cfg.page_memory;
    pool.emplace(job, docs, wo);
  }

  // The pages' languages now (the outputs are written under them); their ids, output
  // names and records once the run is over (from `blobs`, below).
  result.doc_langs.reserve(m);
  result.doc_urls.reserve(m);
  bool datasets = false;  // a multi-dataset corpus: each page's dataset kept for its DocResult
  for (std::uint32_t i : share) {
    result.doc_langs.push_back(docs[i].lang);
    result.doc_urls.push_back(docs[i].url);
    datasets = datasets || !docs[i].dataset.empty();
  }
  std::vector<std::string> doc_datasets;
  if (datasets)
    for (std::uint32_t i : share) doc_datasets.push_back(docs[i].dataset);
  result.systems.resize(systems.size());
  for (std::size_t s = 0; s < systems.size(); ++s) {
    result.systems[s].name = join(systems[s], "-");
    result.systems[s].signature = pipeline.signature(systems[s]);
  }
  const std::string context = results::signature_context("corpus", fingerprint, kRunMissingPolicy);
  result.signature = metrics::run_signature(ms, score_options) + context;
  fill_provenance(result.provenance, cfg, result, fingerprint, threads);

  recorder.open(run_header(cfg, result, docs, share, ms, score_options, context, !corpus.languages.empty()));
  // The documents to do, held packed until their page's turn (runner/doc_list.h);
  // those of other shares and those done earlier are dropped. (The worker processes
  // are forked with the list, and forked again after a crash: it is left as it is
  // then.)
  std::vector<char> to_run(n, 0);
  for (std::size_t k = 0; k < m; ++k) to_run[share[k]] = !recorder.done(k);
  DocList todo(docs, to_run, /*keep_list=*/isolated);
  std::vector<char>().swap(to_run);
  // Each page's records, packed (runner/page_blob.h) until the run is over: those
  // of the pages done earlier now, the others as they land.
  std::vector<std::string> blobs(m);
  if (cfg.out.empty()) result.outputs.assign(systems.size(), std::vector<std::string>(m));
  recorder.restore(blobs);
  result.resumed = recorder.done_count();

  StopSignals stop_signals(!cfg.externals.empty());
  Progress progress(m - recorder.done_count(), cfg.progress);
  // A page's records packed, then committed (outputs written, record queued).
  auto land = [&](std::size_t k, const corpora::CorpusDoc& doc, PageResult&& page,
                  const std::vector<std::optional<std::uint64_t>>& written) {
    store::PageEntry rec;
    rec.decode_note = std::move(page.decode_note);
    rec.systems.resize(systems.size());
    std::vector<std::string> outputs(systems.size());
    for (std::size_t s = 0; s < systems.size(); ++s) {
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
    if (cfg.on_page) {
      done.statuses.reserve(systems.size());
      for (const auto& e : rec.systems) done.statuses.push_back(e.status);
    }
    recorder.commit(k, std::move(rec), result.doc_langs[k], out_name, outputs, written);
    if (cfg.on_page && !StopSignals::requested() &&
        std::none_of(written.begin(), written.end(), [](const auto& w) { return w.has_value(); })) {
      done.k = k;
      done.pages = m;
      done.doc = &doc;
      done.outputs = &outputs;
      done.spare_outputs = !cfg.out.empty();  // written, and not kept in memory
      cfg.on_page(done);
    }
    if (cfg.out.empty())
      for (std::size_t s = 0; s < systems.size(); ++s) result.outputs[s][k] = std::move(outputs[s]);
    progress.tick();
  };
  if (isolated) {
    // Pages in worker processes under a watchdog (runner/workers.h), one run thread
    // per worker taking the next page (and doing it itself when it is not in_worker).
    std::atomic<std::size_t> next{0};
    std::mutex error_m;
    std::exception_ptr error;
    std::vector<std::thread> run_threads;
    for (int slot = 0; slot < threads; ++slot)
      run_threads.emplace_back([&, slot] {
        try {
          for (std::size_t k; (k = next.fetch_add(1)) < m;) {
            if (recorder.done(k) || StopSignals::requested()) continue;
            std::unique_lock<std::recursive_mutex> one_large(large_m, std::defer_lock);
            if (large[share[k]]) one_large.lock();
            const corpora::CorpusDoc doc = todo.take(share[k]);
            if (!in_worker[share[k]]) {  // in this thread
              PageProgress quiet;
              land(k, doc, work_page(job, share[k], doc, PageForced{}, quiet), {});
              continue;
            }
            const std::string out_name = doc_output_name(doc);
            // Each output is written as it comes, not held with the page's others
            // (a hostile page's 25 outputs may each be as long as its text).
            std::vector<std::optional<std::uint64_t>> written(systems.size());
            auto on_system = [&](std::size_t s, SystemPage& sp) {
              if (sp.record.status == "excluded") return;
              written[s] = recorder.write_output(s, result.doc_langs[k], out_name, sp.output);
              std::string().swap(sp.output);
            };
            PageResult page = cfg.out.empty() ? pool->run(slot, share[k]) : pool->run(slot, share[k], on_system);
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
  } else {
    auto work = [&](std::size_t k) {
      if (recorder.done(k) || StopSignals::requested()) return;
      PageProgress quiet;
      std::unique_lock<std::recursive_mutex> one_large(large_m, std::defer_lock);
      if (large[share[k]]) one_large.lock();
      const corpora::CorpusDoc doc = todo.take(share[k]);
      land(k, doc, work_page(job, share[k], doc, PageForced{}, quiet), {});
    };
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, m, 1), [&](const auto& r) {
      for (std::size_t k = r.begin(); k != r.end(); ++k) work(k);
    });
  }
  progress.finish();
  pool.reset();  // the workers stopped and reaped
  kept_pages = {};
  todo = DocList();
  std::vector<corpora::CorpusDoc>().swap(docs);
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  result.provenance.seconds = result.seconds;
  if (int sig = StopSignals::requested(); sig && recorder.missing() > 0) recorder.interrupted(result.provenance, sig);
  recorder.finish(result.provenance);
  result.outputs_written = !cfg.out.empty();
  result.store_run = recorder.store_run();

  // The records into the results model, once the memory of the pages' work is given
  // back, each page's blob freed as it is read.
  release_free_memory();
  result.doc_ids.resize(m);
  result.doc_out_names.resize(m);
  result.decode_notes.resize(m);
  for (auto& sys : result.systems) {
    sys.pages.resize(m);
    ScoreSet& set = sys.scores;
    set.metrics = ms;
    set.options = score_options;
    set.has_languages = !corpus.languages.empty();
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
    for (std::size_t s = 0; s < systems.size(); ++s) {
      store::SystemEntry& e = u.page.systems.at(s);
      SystemResult& sys = result.systems[s];
      PageOutcome& po = sys.pages[k];
      po.status = std::move(e.status);
      po.reason = std::move(e.reason);
      po.notes = std::move(e.notes);
      po.millis = e.millis;
      if (e.scores) {  // scored (not excluded)
        DocResult r;
        r.lang = result.doc_langs[k];
        r.id = result.doc_ids[k];
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
  if (!cfg.judgments.intervals.empty()) {
    std::vector<ScoreSet*> sets;
    for (auto& sys : result.systems) sets.push_back(&sys.scores);
    reports::add_intervals(sets, reports::JudgeOptions::from(cfg.judgments, static_cast<unsigned>(threads)));
  }
  return result;
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

void write_run(const RunConfig& cfg, const RunResult& r, const std::vector<reports::SystemScores>& extra) {
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
