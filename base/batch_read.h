// Reading many small files in batches: scoring reads thousands of files of a few
// kilobytes each (15246 for the 8 published DANIEL systems), and on a virtual machine
// the three system calls per file (open, read, close) cost more than reading the bytes.
// With Linux io_uring the opens, reads and closes of a whole batch are queued at once
// and cost the thread a few system calls per batch: reading those 15246 files takes
// about 40 ms instead of 95 (bench: ScoreFloor/Read against ScoreFloor/BatchRead).
//
// A batch reader only ever speeds up what io::read_file_into would return: a file
// it cannot read cleanly (io_uring absent or refused, an error, a file of kSlotBytes
// or more, a name with a '/') is reported as not read, and the caller reads that file
// with read_file_into, which gives the error message or the long file. A file that
// reads empty is kept if the caller listed it as a regular file, or if a second
// look-up finds a regular empty file (a FIFO or a device is left to read_file_into).
//
// Without liburing at build time, on kernels without io_uring, or with
// DETOUR_NO_URING=1 in the environment, active() is false and nothing is read here.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/io.h"

namespace detour::io {

class BatchReader {
 public:
  struct Request {
    const Folder* folder;
    const std::string* name;  // a file name inside the folder
    // The name comes from list_files, which lists regular files only: an empty read
    // is then an empty file, with no second look.
    bool listed = false;
  };
  static constexpr std::size_t kMaxBatch = 64;            // files per read() call
  static constexpr std::size_t kSlotBytes = std::size_t{1} << 18;  // per file

  // `allow` false: never use io_uring (as with DETOUR_NO_URING=1).
  explicit BatchReader(bool allow = true);
  ~BatchReader();
  BatchReader(const BatchReader&) = delete;
  BatchReader& operator=(const BatchReader&) = delete;

  // Whether batches are read here at all.
  bool active() const;
  // Reads up to kMaxBatch files. Afterwards text(i) is request i's bytes (valid
  // until the next read()), or nullopt when that file is left to the caller.
  void read(std::span<const Request> requests);
  std::optional<std::string_view> text(std::size_t i) const;

 private:
  struct Ring;
  void confirm_empty(std::span<const Request> requests);
  std::unique_ptr<Ring> ring_;
  char* arena_ = nullptr;          // kMaxBatch slots of kSlotBytes, mapped once
  std::vector<long> result_;       // bytes read, or -1: not read
};

}  // namespace detour::io
