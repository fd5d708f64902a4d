// journal: a run folder's own record of the run (DIR/journal.jsonl), so that a run
// killed at any point can be resumed from its folder and shard folders can be
// merged. Append-only: a header line (records.h RunHeader), then one line per page
// done (PageEntry), each line "<16 hex digits: FNV-1a of the JSON> <JSON>\n".
// Lines are written with one write() per batch: from then on they survive the death
// of the process (SIGKILL included). They are made durable against a power cut with
// fdatasync() at most once a second (and at the end): syncing every page slowed the
// file creations of the outputs written beside it threefold on ext4. A kill can cut
// at most the last line short (a power cut may lose the lines after the last sync,
// or leave garbage there): reading stops at the
// first line whose hash or JSON is wrong, and opening the journal to append again
// cuts that tail off. A page recorded twice (done again after its output went
// missing) keeps its last record.
//
// The journal also holds the timings and the provenance of the run that wrote it:
// two runs of the same command have equal outputs, results and tables, not equal
// journals.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "store/records.h"

namespace detour::store {

inline constexpr const char* kJournalName = "journal.jsonl";

// "<hash> <json>\n"
std::string journal_line(const nlohmann::json& j);

struct JournalContents {
  RunLog run;
  std::uint64_t good_bytes = 0;  // length of the valid prefix
  bool torn = false;             // something followed it (a cut line, garbage)
};

// Reads DIR/journal.jsonl. Throws StoreError when the file cannot be read or its
// header line is not valid (then the folder's run cannot be resumed or merged).
JournalContents read_journal(const std::filesystem::path& file);

class JournalWriter {
 public:
  // Creates the journal with its header line (replacing any file there), synced.
  static JournalWriter create(const std::filesystem::path& file, const RunHeader& header);
  // Opens an existing journal to append, first cutting it to `good_bytes`.
  static JournalWriter reopen(const std::filesystem::path& file, std::uint64_t good_bytes);
  JournalWriter(JournalWriter&& o) noexcept;
  JournalWriter& operator=(JournalWriter&&) = delete;
  ~JournalWriter();

  // Appends lines (journal_line() forms). Throws StoreError.
  void append(std::string_view lines);
  // Makes what was appended durable (fdatasync). Throws StoreError.
  void sync();
  const std::filesystem::path& path() const { return path_; }

 private:
  JournalWriter(std::filesystem::path path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::filesystem::path path_;
  int fd_ = -1;
};

}  // namespace detour::store
