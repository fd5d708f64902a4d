// resume: see resume.h.
#include "runner/resume.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iostream>

#include <tbb/info.h>

#include "base/errors.h"
#include "base/hash.h"
#include "base/io.h"
#include "base/strings.h"
#include "extractors/external.h"
#include "reports/judge.h"
#include "reports/table.h"
#include "runner/page_blob.h"

namespace detour::harness {

namespace fs = std::filesystem;
using nlohmann::json;

// ---------------------------------------------------------------------------------
// Signals.

namespace {

std::atomic<int> g_stop_signal{0};
struct sigaction g_previous[2];
constexpr int kStopSignals[] = {SIGINT, SIGTERM};

bool g_installed[2] = {false, false};

void on_stop_signal(int sig) {
  int expected = 0;
  if (g_stop_signal.compare_exchange_strong(expected, sig)) {
    static const char msg[] =
        "\ndetour: stopping: the pages done so far are saved (signal again to stop at once)\n";
    ssize_t ignored = ::write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    stop_external_tools();  // their pages are not saved: they run again on --resume
    return;
  }
  // A second signal: what it did before this run (external tools' cleanup, death).
  for (int i = 0; i < 2; ++i)
    if (kStopSignals[i] == sig) sigaction(sig, &g_previous[i], nullptr);
  raise(sig);
}

}  // namespace

StopSignals::StopSignals(bool after_external_cleanup) {
  // The external tools' handlers go first, so that this one sees a signal before them.
  if (after_external_cleanup) install_external_cleanup();
  g_stop_signal.store(0);
  for (int i = 0; i < 2; ++i) {
    g_installed[i] = false;
    if (sigaction(kStopSignals[i], nullptr, &g_previous[i]) != 0) continue;
    // Not over an ignored signal (SIGINT of a background job, nohup).
    if (!(g_previous[i].sa_flags & SA_SIGINFO) && g_previous[i].sa_handler == SIG_IGN) continue;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    g_installed[i] = sigaction(kStopSignals[i], &sa, nullptr) == 0;
  }
}

StopSignals::~StopSignals() {
  for (int i = 0; i < 2; ++i)
    if (g_installed[i]) sigaction(kStopSignals[i], &g_previous[i], nullptr);
}

int StopSignals::requested() { return g_stop_signal.load(std::memory_order_relaxed); }

// ---------------------------------------------------------------------------------
// The run folder.

const std::vector<std::string>& run_file_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v = {store::kJournalName, "results.json", "per_doc.tsv", "pages.tsv",
                                  "failures.tsv",      "timings.tsv",  "outputs",     "prepared"};
    for (const reports::Writer& w : reports::writer_registry())
      for (const char* table : {"table2.", "table4."}) v.push_back(table + std::string(w.extension));
    return v;
  }();
  return names;
}

namespace {

bool holds_run(const fs::path& dir) {
  std::error_code ec;
  for (const char* f : {store::kJournalName, "results.json", "per_doc.tsv", "outputs"})
    if (fs::exists(dir / f, ec)) return true;
  return false;
}

// What the folder holds, for messages: "a run of CORPUS started T, 395 of 1694 pages
// done", or "the outputs of a run".
std::string describe_folder(const fs::path& dir) {
  std::error_code ec;
  if (fs::exists(dir / store::kJournalName, ec)) {
    try {
      auto j = store::read_journal(dir / store::kJournalName);
      const store::RunHeader& h = j.run.header;
      std::string shard = h.shards > 1 ? ", shard " + std::to_string(h.shard) + "/" + std::to_string(h.shards) : "";
      return "a run of " + h.corpus + shard + " started " + h.provenance.started + " (" +
             std::to_string(h.share.size() - j.run.missing().size()) + " of " + std::to_string(h.share.size()) +
             " pages done)";
    } catch (const std::exception&) {
    }
  }
  return "the outputs of a run";
}

// Files "." NAME ".tmp." PID "." N left by io::write_file_atomic when killed.
bool stale_temporary(const std::string& name) {
  if (name.size() < 8 || name[0] != '.') return false;
  std::size_t t = name.rfind(".tmp.");
  if (t == std::string::npos || t == 0) return false;
  std::string_view tail = std::string_view(name).substr(t + 5);
  std::size_t dot = tail.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == tail.size()) return false;
  auto digits = [](std::string_view s) { return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }); };
  return digits(tail.substr(0, dot)) && digits(tail.substr(dot + 1));
}

void remove_stale_temporaries(const fs::path& dir) {
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && stale_temporary(it->path().filename().string())) fs::remove(it->path(), ec);
  }
}

std::string signal_name(int sig) {
  switch (sig) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    default: return "signal " + std::to_string(sig);
  }
}

std::string shell_quote(const std::string& w) {
  if (!w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("-_./=,:+@%", c);
      }))
    return w;
  std::string q = "'";
  for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

std::string resume_command() {
  std::vector<std::string> words;
  bool has_resume = false;
  for (const auto& w : results::command_line()) {
    if (w == "--overwrite") continue;
    has_resume = has_resume || w == "--resume";
    words.push_back(shell_quote(w));
  }
  if (!has_resume) words.push_back("--resume");
  return join(words, " ");
}

RunFolder::RunFolder(const fs::path& dir, bool resume, bool overwrite) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw io::IoError(dir.string() + ": cannot create the folder: " + ec.message());
  lock_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (lock_ < 0) throw io::IoError(dir.string() + ": cannot open: " + io::errno_reason(errno));
  if (::flock(lock_, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock_);
    lock_ = -1;
    throw UsageError(dir.string() + ": another detour process is writing this folder");
  }
  if (!holds_run(dir)) return;
  if (overwrite) {
    std::vector<fs::path> files;
    for (const auto& f : run_file_names()) files.push_back(dir / f);
    // The tables of `detour run --aggregate NAME` (aggregate-NAME.<ext>).
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (e.path().filename().string().rfind("aggregate-", 0) == 0) files.push_back(e.path());
    for (const auto& f : files) {
      fs::remove_all(f, ec);
      if (ec) throw io::IoError(f.string() + ": cannot remove: " + ec.message());
    }
    return;
  }
  if (!resume)
    throw UsageError(dir.string() + " holds " + describe_folder(dir) +
                     ": give --resume to finish that run or --overwrite to replace it");
  if (!fs::exists(dir / store::kJournalName, ec))
    throw UsageError(dir.string() + " holds the outputs of a run without its journal (" + store::kJournalName +
                     "): it cannot be resumed; give --overwrite to replace it");
}

RunFolder::~RunFolder() {
  if (lock_ >= 0) ::close(lock_);
}

RunFolder& RunFolder::operator=(RunFolder&& o) noexcept {
  if (this != &o) {
    if (lock_ >= 0) ::close(lock_);
    lock_ = o.lock_;
    o.lock_ = -1;
  }
  return *this;
}

RunRecorder::RunRecorder(const RecordSpec& cfg, bool progress) : cfg_(cfg), progress_(progress) {
  if (cfg.resume && cfg.overwrite) throw UsageError("--resume and --overwrite: choose one");
  if (cfg.out.empty()) {
    if (cfg.resume && cfg.store.empty()) throw UsageError("--resume needs the run's --out folder or --store");
    if (cfg.overwrite) throw UsageError("--overwrite needs --out");
    return;
  }
  folder_ = RunFolder(cfg.out, cfg.resume, cfg.overwrite);
}

RunRecorder::~RunRecorder() {
  if (writer_.joinable()) {
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    writer_.join();  // what was queued is written first
  }
  if (store_ && store_run_ && !finished_) {
    try {
      store_->finish_run(store_run_, "interrupted", 0, 0);
    } catch (const std::exception&) {
    }
  }
}

void RunRecorder::open(store::RunHeader header) {
  header_ = std::move(header);
  const std::size_t m = header_.share.size();
  position_.assign(header_.docs.size(), kNotInShare);
  for (std::size_t k = 0; k < m; ++k) position_[header_.share[k]] = static_cast<std::uint32_t>(k);

  auto check_same = [&](const store::RunHeader& old, const std::string& where) {
    std::string diff = store::identity_difference(old.identity, header_.identity);
    if (diff.empty() && old.shard != header_.shard)
      diff = "shard " + std::to_string(old.shard) + "/" + std::to_string(old.shards) + " vs " +
             std::to_string(header_.shard) + "/" + std::to_string(header_.shards);
    if (diff.empty() && old.share != header_.share) diff = "the share of the corpus differs";
    if (!diff.empty())
      throw UsageError("cannot resume " + where + ": it holds a run with other settings (" + diff +
                       "); give --overwrite to replace it");
  };

  if (!cfg_.out.empty()) {
    const fs::path file = cfg_.out / store::kJournalName;
    std::error_code ec;
    if (cfg_.resume && fs::exists(file, ec)) {
      store::JournalContents j = store::read_journal(file);
      check_same(j.run.header, cfg_.out.string());
      remove_stale_temporaries(cfg_.out);
      check_outputs(j.run);
      earlier_ = std::move(j.run.pages);
      journal_.emplace(store::JournalWriter::reopen(file, j.good_bytes));
    } else {
      journal_.emplace(store::JournalWriter::create(file, header_));
    }
  }
  if (!cfg_.store.empty()) {
    store_ = std::make_unique<store::Store>(cfg_.store);
    const std::string out_key = cfg_.out.empty() ? std::string() : fs::absolute(cfg_.out).lexically_normal().string();
    std::optional<std::int64_t> earlier_run;
    if (cfg_.resume)
      for (const auto& r : store_->unfinished(header_.identity, header_.shard, out_key))
        if (!store::run_alive(r)) {
          earlier_run = r.id;
          break;
        }
    if (earlier_run) {
      store_run_ = *earlier_run;
      store_->reclaim(store_run_);
      if (cfg_.out.empty()) {
        store::RunLog rec = store_->load(store_run_);
        check_same(rec.header, "run " + std::to_string(store_run_) + " of " + cfg_.store.string());
        earlier_ = std::move(rec.pages);
      }
    } else {
      if (cfg_.resume && cfg_.out.empty())
        std::cerr << "note: " << cfg_.store.string()
                  << " holds no unfinished run of these settings to resume; starting one\n";
      store_run_ = store_->begin_run(header_, out_key);
    }
    // Pages the journal holds and the store may not (a kill between the two writes).
    std::vector<const store::PageEntry*> pages;
    for (const auto& [d, p] : earlier_) pages.push_back(&p);
    store_->add_pages(store_run_, pages);
  }
  done_.assign(m, 0);
  for (const auto& [d, p] : earlier_)
    if (position_[d] != kNotInShare) {
      done_[position_[d]] = 1;
      ++done_count_;
    }
  if (cfg_.resume && progress_)
    std::cerr << "resuming: " << done_count_ << " of " << m << " pages done earlier, " << (m - done_count_)
              << " to run\n";
  if (journal_ || store_) writer_ = std::thread([this] { writer_loop(); });
}

void RunRecorder::check_outputs(store::RunLog& run) {
  // A page is trusted only with all its outputs: present and as recorded.
  io::ReadBuffer buf;
  std::vector<std::uint32_t> bad;
  for (const auto& [d, p] : run.pages) {
    const store::DocInfo& doc = run.header.docs[d];
    for (std::size_t s = 0; s < p.systems.size(); ++s) {
      const store::SystemEntry& sp = p.systems[s];
      if (!sp.scores) continue;
      fs::path f = results::output_file(cfg_.out, run.header.systems[s].name, doc.lang, doc.out_name);
      bool ok = false;
      try {
        ok = fnv1a(io::read_file_into(f, buf)) == sp.output_hash;
      } catch (const io::IoError&) {
      }
      if (!ok) {
        bad.push_back(d);
        break;
      }
    }
  }
  if (!bad.empty())
    std::cerr << "note: " << bad.size() << " recorded page(s) have a missing or changed output; they are run again\n";
  for (std::uint32_t d : bad) run.pages.erase(d);
}

void RunRecorder::restore(std::vector<std::string>& blobs) {
  for (auto& [d, rec] : earlier_) {
    if (position_[d] == kNotInShare) continue;
    const store::DocInfo& doc = header_.docs[d];
    blobs[position_[d]] = pack_page(rec, doc.id, doc.out_name);
  }
  earlier_.clear();
  std::vector<store::DocInfo>().swap(header_.docs);  // written; the run has its own copy
}

const io::Folder& RunRecorder::out_folder(std::size_t s, const std::string& lang) {
  fs::path dir = cfg_.out / "outputs" / header_.systems[s].name / lang;
  std::lock_guard<std::mutex> l(dirs_m_);
  auto& folder = dirs_[dir];
  if (!folder) {
    fs::create_directories(dir);
    folder = std::make_unique<io::Folder>(dir);
  }
  return *folder;
}

void RunRecorder::write_outputs(const store::PageEntry& page, const std::string& lang, const std::string& out_name,
                                const std::vector<std::string>& outputs,
                                const std::vector<std::optional<std::uint64_t>>& written) {
  for (std::size_t s = 0; s < page.systems.size(); ++s) {
    if (page.systems[s].status == "excluded" || (!written.empty() && written[s])) continue;
    io::write_file_atomic(out_folder(s, lang), out_name, outputs[s], /*durable=*/false);
  }
}

std::uint64_t RunRecorder::write_output(std::size_t s, const std::string& lang, const std::string& out_name,
                                        const std::string& text) {
  if (!cfg_.out.empty()) io::write_file_atomic(out_folder(s, lang), out_name, text, /*durable=*/false);
  return fnv1a(text);
}

void RunRecorder::commit(std::size_t k, store::PageEntry rec, const std::string& lang, const std::string& out_name,
                         const std::vector<std::string>& outputs,
                         const std::vector<std::optional<std::uint64_t>>& written) {
  {
    std::lock_guard<std::mutex> l(m_);
    if (error_) std::rethrow_exception(error_);
  }
  // A page that completes after a stop was asked for may have had its external tools
  // killed: it is not saved, and runs again on --resume.
  if (StopSignals::requested()) return;
  rec.doc = header_.share[k];
  for (std::size_t s = 0; s < rec.systems.size(); ++s) {
    store::SystemEntry& sp = rec.systems[s];
    if (sp.scores) sp.output_hash = !written.empty() && written[s] ? *written[s] : fnv1a(outputs[s]);
  }
  if (!cfg_.out.empty()) write_outputs(rec, lang, out_name, outputs, written);
  if (!writer_.joinable()) {
    committed_.fetch_add(1);
    return;
  }
  Queued q;
  if (journal_) q.line = store::journal_line(store::page_json(rec));
  q.record = std::move(rec);
  {
    std::lock_guard<std::mutex> l(m_);
    queue_.push_back(std::move(q));
  }
  cv_.notify_one();
}

void RunRecorder::writer_loop() {
  using Clock = std::chrono::steady_clock;
  auto last_sync = Clock::now(), last_store = Clock::now();
  // Pages written to the journal and not yet to the store: the store takes them in one
  // transaction at most every kStoreInterval (and when the writer stops), not one per
  // page: a transaction rewrites every B-tree page it touches (each system's rows of
  // a page lie in a different part of the tables), and one per page cost a full
  // DANIEL run about 8% of its CPU.
  std::vector<store::PageEntry> pending;
  auto store_pending = [&] {
    std::vector<const store::PageEntry*> pages;
    pages.reserve(pending.size());
    for (const auto& p : pending) pages.push_back(&p);
    store_->add_pages(store_run_, pages);
    pending.clear();
    last_store = Clock::now();
  };
  auto fail = [&] {
    std::lock_guard<std::mutex> g(m_);
    if (!error_) error_ = std::current_exception();
  };
  std::unique_lock<std::mutex> l(m_);
  for (;;) {
    auto ready = [&] { return stop_ || !queue_.empty(); };
    if (pending.empty()) cv_.wait(l, ready);
    else cv_.wait_until(l, last_store + kStoreInterval, ready);
    if (queue_.empty()) {
      // The interval is over, or the run stops with everything queued written: the
      // pages waiting go to the store (and, stopping, the journal is synced).
      const bool stopping = stop_;
      if (!error_) {
        l.unlock();
        try {
          if (!pending.empty()) store_pending();
          if (stopping && journal_) journal_->sync();
        } catch (...) {
          fail();
        }
        l.lock();
      }
      if (error_) pending.clear();  // not to be written (nor waited for) any more
      if (stopping) break;
      continue;
    }
    std::deque<Queued> batch;
    batch.swap(queue_);
    const bool failed = error_ != nullptr;
    l.unlock();
    if (!failed) {
      try {
        if (journal_) {
          std::string lines;
          for (const auto& q : batch) lines += q.line;
          journal_->append(lines);
          // Durable against a power cut once a second (journal.h); the last sync is
          // made when the writer stops.
          auto now = Clock::now();
          if (now - last_sync >= std::chrono::seconds(1)) {
            journal_->sync();
            last_sync = now;
          }
        }
        if (store_) {
          for (auto& q : batch) pending.push_back(std::move(q.record));
          if (Clock::now() - last_store >= kStoreInterval) store_pending();
        }
      } catch (...) {
        fail();
      }
    }
    l.lock();
    if (!error_) committed_.fetch_add(batch.size());
  }
}

void RunRecorder::flush() {
  if (writer_.joinable()) {
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    writer_.join();
  }
  std::lock_guard<std::mutex> l(m_);
  if (error_) std::rethrow_exception(error_);
}

std::size_t RunRecorder::missing() const {
  return header_.share.size() - done_count_ - committed_.load();
}

void RunRecorder::finish(const results::Provenance& p) {
  flush();
  if (store_) store_->finish_run(store_run_, "complete", p.seconds, p.threads);
  finished_ = true;
}

void RunRecorder::interrupted(const results::Provenance& p, int signal) {
  flush();
  if (store_) store_->finish_run(store_run_, "interrupted", p.seconds, p.threads);
  finished_ = true;
  const std::size_t m = header_.share.size();
  const std::size_t done = m - missing();
  std::string msg = "interrupted by " + signal_name(signal) + " after " + std::to_string(done) + " of " +
                    std::to_string(m) + " pages";
  if (done_count_) msg += " (" + std::to_string(done_count_) + " of them done by an earlier run)";
  msg += "; " + std::string(journal_ || store_ ? "they are saved in " + where() : "nothing is saved (no --out or --store)");
  if (journal_ || store_) msg += "\nresume with:\n  " + resume_command();
  throw Interrupted(msg, signal);
}

std::string RunRecorder::where() const {
  std::vector<std::string> w;
  if (journal_) w.push_back((cfg_.out / store::kJournalName).string());
  if (store_) w.push_back(cfg_.store.string() + " (run " + std::to_string(store_run_) + ")");
  return join(w, " and ");
}

// ---------------------------------------------------------------------------------
// Headers and results from records.

std::string doc_output_name(const corpora::CorpusDoc& d) {
  return d.gold_path.empty() || d.gold_filter ? d.id : d.gold_path.filename().string();
}

store::RunHeader run_header(const CorpusSelection& cfg, std::uint64_t seed, const corpora::PageLimits& page_limits,
                            const RunResult& result, const std::vector<corpora::CorpusDoc>& docs,
                            const std::vector<std::uint32_t>& share,
                            const std::vector<const metrics::MetricInfo*>& metrics,
                            const metrics::ScoreOptions& options, const std::string& context, bool has_languages) {
  store::RunHeader h;
  h.provenance = result.provenance;
  h.corpus = cfg.corpus.string();
  h.signature = result.signature;
  h.context = context;
  for (const auto* m : metrics) {
    h.metrics.emplace_back(m->name);
    h.metric_signatures.push_back(metrics::metric_signature(*m, options) + context);
  }
  h.has_languages = has_languages;
  h.docs.reserve(docs.size());
  for (const auto& d : docs) h.docs.push_back({d.lang, d.id, doc_output_name(d), d.dataset});
  json systems = json::array();
  for (const auto& s : result.systems) {
    h.systems.push_back({s.name, s.signature});
    systems.push_back({s.name, s.signature});
  }
  h.shard = result.shard.index;
  h.shards = result.shard.count;
  h.share = share;
  if (!result.aggregate.empty() && result.aggregate != "micro")
    h.aggregate = {{"name", result.aggregate},
                   {"resamples", result.aggregation.resamples},
                   {"seed", result.aggregation.seed}};
  const results::Provenance& p = result.provenance;
  h.identity = {{"version", p.version},
                {"commit", p.commit},
                {"corpus_fingerprint", p.corpus_fingerprint},
                {"documents", docs.size()},
                {"systems", std::move(systems)},
                {"signature", result.signature},
                {"settings",
                 {{"languages", cfg.languages},
                  {"lang", cfg.lang},
                  {"seed", seed},
                  {"format", cfg.open.format},
                  {"dragnet_comments", cfg.open.dragnet_comments},
                  {"l3s_classes", cfg.open.l3s_classes},
                  {"judgments", p.judgments.to_json()},
                  {"page_limits",
                   {{"max_bytes", page_limits.max_bytes},
                    {"max_attributes", page_limits.markup.max_attributes},
                    {"max_open_formatting", page_limits.markup.max_open_formatting}}}}},
                {"shards", result.shard.count}};
  return h;
}

RunResult run_result(const store::RunLog& run) {
  RunResult r;
  static_cast<results::RunRecords&>(r) = store::to_records(run);
  r.shard = ShardSpec{run.header.shard, run.header.shards};
  r.outputs_written = true;  // the outputs are files of run folders, not records
  if (const auto& a = run.header.aggregate; a.is_object()) {
    r.aggregate = a.value("name", std::string("micro"));
    r.aggregation.resamples = a.value("resamples", r.aggregation.resamples);
    r.aggregation.seed = a.value("seed", r.aggregation.seed);
  }
  // The confidence intervals the run computed after its pages (runner.cc).
  if (const auto& j = r.provenance.judgments; !j.intervals.empty()) {
    std::vector<results::ScoreSet*> sets;
    for (auto& sys : r.systems) sets.push_back(&sys.scores);
    reports::add_intervals(sets, reports::JudgeOptions::from(j, static_cast<unsigned>(tbb::info::default_concurrency())));
  }
  return r;
}

}  // namespace detour::harness
