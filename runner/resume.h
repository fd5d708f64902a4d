// resume: what makes a run last. A run records every page as it completes (its
// outputs written, then its record committed to the run folder's journal and/or the
// results store), so that after SIGINT, SIGTERM, SIGKILL or a crash
// `detour run ... --resume` runs the remaining pages only, and its outputs, results
// and tables are the bytes an uninterrupted run writes (timings and the
// provenance.run block aside).
//
// The run folder. A folder that holds another run's outputs (a journal, results,
// outputs/) is refused unless the run is told to --resume it (same identity:
// records.h RunHeader::identity, else refused naming what differs) or to
// --overwrite it (the run's own files are removed first; nothing else in the folder
// is touched). A folder is locked (flock) by the run writing it: a second run into
// it is refused while the first lives.
//
// Pages done earlier are trusted only with their outputs: a recorded page whose
// output file is missing or differs from the recorded hash is run again.
//
// Commit point: RunRecorder::commit(), called where a page's results come back to
// the process that owns the run (after the page's work, whatever thread or process
// did it). Records go through a writer thread, so the workers never wait for the
// disk: a batch of pages is appended to the journal (synced with fdatasync once a
// second), and the pages are written to the store in one transaction at most every
// RunRecorder::kStoreInterval and when the run stops (SIGINT and SIGTERM included).
// A SIGKILL or a crash thus leaves up to that interval of pages out of the store:
// with --out the journal holds them and --resume writes them to the store; with
// --store alone, --resume runs them again.
//
// Stopping. While pages run, the first SIGINT or SIGTERM asks the run to stop: no
// new page starts, external tools are killed, the pages that complete from then on
// are not saved (they run again on --resume), what was committed is flushed, and the
// run throws Interrupted; the command prints how far it got and the command that
// resumes it, then dies of the signal (as detour does without a run in progress:
// the external tools' staging folders are removed). A second signal stops the
// process at once. A signal ignored when the run starts (SIGINT of a background job)
// stays ignored.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "base/io.h"
#include "runner/runner.h"
#include "store/journal.h"
#include "store/records.h"
#include "store/store.h"

namespace detour::harness {

// Thrown by run() when a signal stopped it; what() says how far it got and how to
// resume. The command prints it, then dies of the signal.
class Interrupted : public std::runtime_error {
 public:
  Interrupted(const std::string& what, int signal) : std::runtime_error(what), signal_(signal) {}
  int signal() const { return signal_; }

 private:
  int signal_;
};

// SIGINT and SIGTERM as requests to stop, while alive (see above).
class StopSignals {
 public:
  // With `after_external_cleanup`, the external tools' signal handlers
  // (extractors/external.h) are installed first, so that these see a signal first.
  explicit StopSignals(bool after_external_cleanup);
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
  // The signal that asked to stop, or 0.
  static int requested();
};

// The names of the files a run writes in its folder (what --overwrite removes, with
// the aggregate-NAME.<ext> tables of --aggregate).
const std::vector<std::string>& run_file_names();

// A run folder checked and locked for writing a run: refused when it holds another
// run's outputs unless `resume` (then it must hold a journal) or `overwrite` (the run
// files are removed), and while another process writes it. Throws UsageError.
class RunFolder {
 public:
  RunFolder() = default;
  RunFolder(const std::filesystem::path& dir, bool resume, bool overwrite);
  ~RunFolder();
  RunFolder(RunFolder&& o) noexcept : lock_(o.lock_) { o.lock_ = -1; }
  RunFolder& operator=(RunFolder&& o) noexcept;

 private:
  int lock_ = -1;
};

class RunRecorder {
 public:
  // How long pages may wait for the store (see the commit point above).
  static constexpr std::chrono::milliseconds kStoreInterval{1000};

  // Checks (and locks) the run folder: refuses one holding another run's outputs
  // unless record.resume or record.overwrite, and clears it on record.overwrite.
  // Throws UsageError (exit 2) when refused. `progress`: a resumed run says how many
  // pages were done earlier.
  RunRecorder(const RecordSpec& record, bool progress);
  ~RunRecorder();
  RunRecorder(const RunRecorder&) = delete;
  RunRecorder& operator=(const RunRecorder&) = delete;

  // Starts recording the run `header` describes: in the folder's journal and/or the
  // store; with record.resume, takes what an earlier run of the same identity recorded
  // there. Throws UsageError when the earlier run is not the same run.
  void open(store::RunHeader header);
  // The run's header (its documents dropped once restore() has run: the run keeps its
  // own list).
  const store::RunHeader& header() const { return header_; }

  // Pages (positions in the share) done by an earlier run, and their records, as
  // page_blob.h packs them, into blobs[k] (with their ids and output names).
  bool done(std::size_t k) const { return !done_.empty() && done_[k]; }
  std::size_t done_count() const { return done_count_; }
  void restore(std::vector<std::string>& blobs);

  // Page k of the share is complete: its record (`page`, its doc and output hashes
  // filled here) and its outputs (by system) in `outputs`, to be written in the run
  // folder under outputs/<system>/<lang>/<out_name>. Writes the outputs and queues
  // the record. Systems whose `written` entry is set had their output written
  // already (write_output; the entry is its fnv1a hash, its text in `outputs` is not
  // read). Thread-safe. Rethrows what the writer thread met (a full disk).
  void commit(std::size_t k, store::PageEntry page, const std::string& lang, const std::string& out_name,
              const std::vector<std::string>& outputs,
              const std::vector<std::optional<std::uint64_t>>& written = {});
  // Writes system s's output of a page now, before the page is committed (with a run
  // folder), so that a page's outputs need not all be held at once. Returns its fnv1a
  // hash, for commit(). Thread-safe.
  std::uint64_t write_output(std::size_t s, const std::string& lang, const std::string& out_name,
                             const std::string& text);

  // Pages of the share neither done earlier nor committed yet.
  std::size_t missing() const;

  // Waits for every queued page to be committed and marks the run complete, or
  // interrupted (stopped by `signal`; then throws Interrupted with the message).
  void finish(const results::Provenance& p);
  [[noreturn]] void interrupted(const results::Provenance& p, int signal);

  // Where the run is recorded: "out/journal.jsonl", "store runs.sqlite (run 7)".
  std::string where() const;
  std::int64_t store_run() const { return store_run_; }

 private:
  struct Queued {
    store::PageEntry record;
    std::string line;
  };
  void writer_loop();
  void flush();
  void write_outputs(const store::PageEntry& page, const std::string& lang, const std::string& out_name,
                     const std::vector<std::string>& outputs,
                     const std::vector<std::optional<std::uint64_t>>& written);
  void check_outputs(store::RunLog& run);
  static constexpr std::uint32_t kNotInShare = ~std::uint32_t{0};


  const RecordSpec& cfg_;
  bool progress_ = false;
  store::RunHeader header_;
  RunFolder folder_;
  std::optional<store::JournalWriter> journal_;
  std::unique_ptr<store::Store> store_;
  std::int64_t store_run_ = 0;
  std::map<std::uint32_t, store::PageEntry> earlier_;  // records of pages done before, by document
  std::vector<char> done_;
  std::size_t done_count_ = 0;
  std::atomic<std::size_t> committed_{0};
  bool finished_ = false;
  std::vector<std::uint32_t> position_;  // share position of each document (or -1)

  std::mutex m_;
  std::condition_variable cv_;
  std::deque<Queued> queue_;
  bool stop_ = false;
  std::exception_ptr error_;
  std::thread writer_;
  // The output folders made, each kept open: outputs are written relative to it
  // (no path lookup, no stat per file).
  std::mutex dirs_m_;
  std::map<std::filesystem::path, std::unique_ptr<io::Folder>> dirs_;
  // The folder of system s's outputs in language `lang`, made and opened once.
  const io::Folder& out_folder(std::size_t s, const std::string& lang);
};

// The command line that resumes this run: the same words, with --resume (and
// without --overwrite), quoted for a POSIX shell.
std::string resume_command();

// The file name of a document's outputs (outputs/<system>/<lang>/<name>): its gold
// file's name, so that `detour score` pairs them by name, else its id.
std::string doc_output_name(const corpora::CorpusDoc& doc);

// The header of a run (runner.cc): what records.h RunHeader says, from the run's
// configuration (the corpus selection, the stages' seed and the page limits; the
// shard, aggregation and judgment settings as `result` holds them) and its result
// before the first page.
store::RunHeader run_header(const CorpusSelection& selection, std::uint64_t seed,
                            const corpora::PageLimits& page_limits, const RunResult& result,
                            const std::vector<corpora::CorpusDoc>& docs,
                            const std::vector<std::uint32_t>& share,
                            const std::vector<const metrics::MetricInfo*>& metrics,
                            const metrics::ScoreOptions& options, const std::string& context, bool has_languages);

// A RunResult (no output texts: outputs_written) from a complete log, for merge and
// `runs export`.
RunResult run_result(const store::RunLog& run);

}  // namespace detour::harness
