// io: the one seam through which detour reads and writes files. Whole-file reads
// with a size limit, reads into reused buffers (thousands of small files when
// scoring), reads relative to an open folder, atomic writes, folder listings.
// Batched reading through io_uring is in base/batch_read.h.
//
// Every error is an IoError whose message names the file and the reason; nothing
// here aborts the process.
#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace detour::io {

class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads a whole file as bytes. Throws IoError("<path>: <reason>") when the file
// is missing, unreadable, a directory, or larger than max_bytes.
std::string read_file(const std::filesystem::path& path,
                      std::size_t max_bytes = std::size_t{256} << 20);

// A reusable read buffer: grows, never shrinks, never zero-fills (see read_file_into).
class ReadBuffer {
 public:
  char* reserve(std::size_t n);  // capacity >= n; the bytes held are kept
  std::size_t capacity() const { return cap_; }
  std::string_view view(std::size_t n) const { return {data_.get(), n}; }

 private:
  std::unique_ptr<char[]> data_;
  std::size_t cap_ = 0;
};

// read_file into a reused buffer: the bytes stay valid until the buffer's next use.
// Same errors as read_file. For loops that read thousands of files (scoring).
std::string_view read_file_into(const std::filesystem::path& path, ReadBuffer& buf,
                                std::size_t max_bytes = std::size_t{256} << 20);

// An open folder, to read many files in it without resolving the folder's path for
// each (openat). A folder that cannot be opened gives fd() == -1, and reads through
// it fall back to the full path (so the error names the file as read_file does).
class Folder {
 public:
  explicit Folder(std::filesystem::path path);
  ~Folder();
  Folder(const Folder&) = delete;
  Folder& operator=(const Folder&) = delete;
  int fd() const { return fd_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

// read_file_into for the file `name` of an open folder.
std::string_view read_file_into(const Folder& folder, const std::string& name, ReadBuffer& buf,
                                std::size_t max_bytes = std::size_t{256} << 20);

// Reads at most the first max_bytes of a file (same errors as read_file, except size).
std::string read_file_prefix(const std::filesystem::path& path, std::size_t max_bytes);

// Writes bytes atomically (temporary file in the same folder, fsync, rename). With
// durable = false the fsyncs are skipped: readers still see the old or the new file,
// never a torn one, but a power cut may lose it (used for the thousands of per-page
// outputs of a run; results and tables stay durable).
void write_file_atomic(const std::filesystem::path& path, std::string_view bytes, bool durable = true);
// A file written in pieces and put in place atomically, for files too large to be
// built in memory first (a run's per-document records): the pieces go (buffered) to
// a temporary file in the same folder, which commit() syncs (when durable) and
// renames over `path`, as write_file_atomic does. Destroyed without commit() (an
// error, an exception on the way), the temporary file is removed and `path` is left
// as it was. Errors throw IoError naming `path`.
class AtomicWriter {
 public:
  explicit AtomicWriter(std::filesystem::path path, bool durable = true);
  ~AtomicWriter();
  AtomicWriter(const AtomicWriter&) = delete;
  AtomicWriter& operator=(const AtomicWriter&) = delete;
  void write(std::string_view bytes);
  AtomicWriter& operator<<(std::string_view bytes) {
    write(bytes);
    return *this;
  }
  void commit();

 private:
  static constexpr std::size_t kBuffer = std::size_t{1} << 16;
  void flush();
  [[noreturn]] void abandon(const std::string& what, int err);
  std::filesystem::path path_, tmp_;
  bool durable_;
  int fd_ = -1;
  std::string buf_;
};

// The same for the file `name` of an open folder (openat and renameat: the folder's
// path is not resolved again for each of thousands of files). A folder that could
// not be opened, or a name with a '/', falls back to the path-based write.
void write_file_atomic(const Folder& folder, const std::string& name, std::string_view bytes, bool durable = true);

// Lists the regular files of a folder, sorted by name (hidden files skipped).
std::vector<std::string> list_files(const std::filesystem::path& dir);

// A folder's entries in one listing, hidden ones skipped, each list sorted by name:
// the regular files (or links to one) and every other entry (folders, FIFOs,
// sockets, devices, links dangling or looping). list_files gives `files`,
// list_entries both.
struct Listing {
  std::vector<std::string> files, others;
};
Listing list_folder(const std::filesystem::path& dir);

// Lists every entry of a folder whatever its kind (files, folders, FIFOs, sockets,
// devices, symbolic links dangling or looping), sorted by name, hidden ones skipped:
// for corpus folders, where an entry that is not a readable file is a document
// that fails with what it is (not_a_file_reason), rather than one silently missing.
std::vector<std::string> list_entries(const std::filesystem::path& dir);

// "" when `path` is (or links to) a regular file; otherwise what it is: "is a
// directory", "is a FIFO (named pipe)", "is a socket", "is a device", "is a dangling
// symbolic link (to <target>)", "is a symbolic link loop", "does not exist", ...
std::string not_a_file_reason(const std::filesystem::path& path);

// A short reason for an errno value ("no such file", "permission denied", ...).
std::string errno_reason(int err);

// True for names that listings skip (starting with '.').
inline bool hidden_name(const std::string& name) { return !name.empty() && name[0] == '.'; }

}  // namespace detour::io
