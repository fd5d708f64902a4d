#include "runner/runner.h"

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unordered_map>

#include "base/strings.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "corpora/fingerprint.h"
#include "html/page.h"
#include "base/io.h"
#include "reports/judge.h"
#include "reports/tables.h"
#include "runner/resume.h"

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

}  // namespace

RunResult run(const RunConfig& cfg) {
  auto t0 = Clock::now();
  RunRecorder recorder(cfg);  // the run folder checked (and locked) before any work
  RunResult result;
  result.provenance = results::Provenance::now(results::command_line());
  corpora::Corpus corpus = corpora::open_corpus(cfg.corpus, cfg.open);
  for (const auto& w : corpus.warnings) std::cerr << "note: " << w << "\n";
  std::vector<corpora::CorpusDoc> docs;
  if (!cfg.lang.empty())
    for (auto& d : corpus.docs)
      if (d.lang.empty()) d.lang = cfg.lang;
  for (const auto& d : corpus.docs) {
    if (!cfg.languages.empty() &&
        std::find(cfg.languages.begin(), cfg.languages.end(), d.lang) == cfg.languages.end())
      continue;
    if (!d.has_gold() || !d.has_page()) continue;  // reported in corpus warnings
    docs.push_back(d);
  }
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
  auto ms = metrics::parse_metric_list(cfg.metrics);
  metrics::ScoreOptions score_options = cfg.score_options;
  if (!cfg.text_form_given) {  // detour's outputs are CleanEval markup; benchmark golds plain text
    score_options.text_form_system = metrics::TextForm::kMarkup;
    score_options.text_form_gold = corpus.plain_text_gold ? metrics::TextForm::kRaw : metrics::TextForm::kAuto;
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
  std::vector<std::string> out_names;
  for (const auto& d : docs) {
    out_names.push_back(d.gold_path.empty() || d.gold_filter ? d.id : d.gold_path.filename().string());
    langs.insert(d.lang);
  }
  for (std::uint32_t i : share) {
    result.doc_ids.push_back(docs[i].id);
    result.doc_langs.push_back(docs[i].lang);
    result.doc_urls.push_back(docs[i].url);
    result.doc_out_names.push_back(out_names[i]);
  }
  result.decode_notes.resize(m);
  result.shard = cfg.shard;
  const std::string fingerprint = corpora::fingerprint(docs);

  // Corpus-aware extractors (training, site grouping) see every page first.
  const bool need_corpus = pipeline.needs_corpus();
  const std::vector<dom::Parser> page_parsers = pipeline.page_parsers(systems);
  std::vector<std::optional<Page>> preloaded(n);
  std::vector<std::string> gold(n);
  std::vector<std::string> load_error(n), load_note(n);
  auto load = [&](std::size_t i) {
    try {
      gold[i] = corpora::load_gold_bytes(docs[i]);
      preloaded[i] = corpora::load_page(docs[i]);
      // Each tree kind the systems read, once. With the whole corpus loaded, the other
      // parsers' trees are made when the page's turn comes (work below) and dropped
      // after it, so that they are never all in memory at once.
      if (!need_corpus) html::parse_trees(*preloaded[i], page_parsers);
      const DecodeInfo& di = preloaded[i]->decode;
      load_note[i] = corpora::describe_decoding(di);
    } catch (const std::exception& e) {
      load_error[i] = e.what();
      load_note[i] = "unreadable";
    }
  };
  CorpusContext ctx;
  ctx.seed = cfg.seed;
  ctx.languages.assign(langs.begin(), langs.end());
  if (need_corpus) {
    tbb::parallel_for(std::size_t{0}, n, load);
    for (std::size_t i = 0; i < n; ++i)
      if (preloaded[i]) ctx.entries.push_back({&*preloaded[i], gold[i]});
  }
  pipeline.prepare(ctx);

  result.systems.resize(systems.size());
  result.outputs.assign(systems.size(), std::vector<std::string>(m));
  ScoredPages scored(systems.size(), std::vector<std::optional<DocResult>>(m));
  for (std::size_t s = 0; s < systems.size(); ++s) {
    result.systems[s].name = join(systems[s], "-");
    result.systems[s].signature = pipeline.signature(systems[s]);
    result.systems[s].pages.resize(m);
  }
  const std::string context = results::signature_context("corpus", fingerprint, kRunMissingPolicy);
  result.signature = metrics::run_signature(ms, score_options) + context;
  fill_provenance(result.provenance, cfg, result, fingerprint, threads);

  recorder.open(run_header(cfg, result, docs, out_names, share, ms, score_options, context,
                           !corpus.languages.empty()));
  recorder.restore(result, scored);
  result.resumed = recorder.done_count();

  StopSignals stop_signals(!cfg.externals.empty());
  Progress progress(m - recorder.done_count(), cfg.progress);
  auto work = [&](std::size_t k) {
    if (recorder.done(k) || StopSignals::requested()) return;
    const std::size_t i = share[k];
    if (!need_corpus)
      load(i);
    else if (preloaded[i])
      html::parse_trees(*preloaded[i], page_parsers);
    PageCache cache;
    metrics::PreparedText gold_text(gold[i]);  // tokenised once for all systems
    std::unordered_map<std::string_view, std::size_t> scored_output;  // output -> a system that scored it
    for (std::size_t s = 0; s < systems.size(); ++s) {
      PageOutcome& out = result.systems[s].pages[k];
      std::string& output = result.outputs[s][k];
      if (!load_error[i].empty()) {
        out.status = "failed";
        out.reason = load_error[i];
      } else {
        const StageOutput& so = pipeline.run(systems[s], *preloaded[i], cache);
        out.millis = so.millis;
        out.notes = so.extraction.notes;
        switch (so.status) {
          case StageOutput::Status::Failed:
            out.status = "failed";
            out.reason = so.reason;
            break;
          case StageOutput::Status::Excluded:
            out.status = "excluded";
            out.reason = so.reason;
            break;
          case StageOutput::Status::Ok:
            output = cleaneval_form(so.extraction);
            break;
        }
      }
      if (out.status != "excluded") {
        // Scores are a function of the two texts: an output scored already is not rescored.
        if (auto same = scored_output.find(output); same != scored_output.end()) {
          scored[s][k] = scored[same->second][k];
          continue;
        }
        scored_output.emplace(output, s);
        metrics::PreparedText sys_text(output);
        metrics::DocPair pair(sys_text, gold_text, score_options);
        DocResult r{docs[i].lang, docs[i].id, {}};
        r.dataset = docs[i].dataset;
        for (const auto* m : ms) r.scores.push_back(m->score(pair));
        scored[s][k] = std::move(r);
      }
    }
    result.decode_notes[k] = load_note[i];
    if (!need_corpus) {  // streaming: free the page and its gold
      preloaded[i].reset();
      std::string().swap(gold[i]);
    } else if (preloaded[i]) {
      // The page stays for the corpus-aware extractors (their neighbours read its HTML5
      // tree, page.dom); the other parsers' trees go.
      html::reset_trees(*preloaded[i]);
    }
    recorder.commit(result, scored, k);
    progress.tick();
  };
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, m, 1), [&](const auto& r) {
    for (std::size_t k = r.begin(); k != r.end(); ++k) work(k);
  });
  progress.finish();
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  result.provenance.seconds = result.seconds;
  if (int sig = StopSignals::requested(); sig && recorder.missing() > 0) recorder.interrupted(result.provenance, sig);
  recorder.finish(result.provenance);
  result.outputs_written = !cfg.out.empty();
  result.store_run = recorder.store_run();

  for (std::size_t s = 0; s < systems.size(); ++s) {
    ScoreSet& set = result.systems[s].scores;
    set.metrics = ms;
    set.options = score_options;
    set.has_languages = !corpus.languages.empty();
    set.context = context;
    for (std::size_t k = 0; k < m; ++k) {
      if (scored[s][k]) set.docs.push_back(std::move(*scored[s][k]));
      const PageOutcome& po = result.systems[s].pages[k];
      if (std::string note = store::page_note(po.status, result.doc_langs[k], result.doc_ids[k], po.reason);
          !note.empty())
        set.notes.push_back(std::move(note));
    }
  }
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
