// journal: see journal.h.
#include "store/journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "base/hash.h"
#include "base/io.h"
#include "store/sqlite.h"

namespace detour::store {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr int kJournalFormat = 1;

[[noreturn]] void fail(const fs::path& p, const std::string& what) { throw StoreError(p.string() + ": " + what); }

void write_all(int fd, std::string_view bytes, const fs::path& p) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(p, "cannot append: " + io::errno_reason(errno));
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

void sync_fd(int fd, const fs::path& p) {
  if (::fdatasync(fd) != 0) fail(p, "cannot sync: " + io::errno_reason(errno));
}

// The JSON of one line, or null when the line is not intact.
json parse_line(std::string_view line) {
  if (line.size() < 18 || line[16] != ' ') return nullptr;
  std::string_view body = line.substr(17);
  if (hash_hex(fnv1a(body)) != line.substr(0, 16)) return nullptr;
  json j = json::parse(body, nullptr, false);
  return j.is_discarded() ? json(nullptr) : j;
}

}  // namespace

std::string journal_line(const json& j) {
  std::string body = j.dump(-1, ' ', false, json::error_handler_t::replace);
  return hash_hex(fnv1a(body)) + " " + body + "\n";
}

JournalContents read_journal(const fs::path& file) {
  std::string bytes;
  try {
    bytes = io::read_file(file, std::size_t{16} << 30);
  } catch (const io::IoError& e) {
    throw StoreError(e.what());
  }
  JournalContents out;
  std::size_t pos = 0;
  bool have_header = false;
  while (pos < bytes.size()) {
    std::size_t nl = bytes.find('\n', pos);
    if (nl == std::string::npos) break;  // a line cut short
    json j = parse_line(std::string_view(bytes).substr(pos, nl - pos));
    if (j.is_null()) break;
    try {
      if (!have_header) {
        if (j.value("journal", 0) != kJournalFormat) fail(file, "not a detour run journal (format " + j.value("journal", json()).dump() + ")");
        out.run.header = header_from_json(j);
        have_header = true;
      } else {
        PageEntry p = page_from_json(j, out.run.header);
        std::uint32_t d = p.doc;
        out.run.pages.insert_or_assign(d, std::move(p));
      }
    } catch (const StoreError& e) {
      if (!have_header) fail(file, e.what());
      break;  // an intact line we cannot read: treat as the end
    }
    pos = nl + 1;
    out.good_bytes = pos;
  }
  if (!have_header) fail(file, "no intact header line (the run was killed before it started?)");
  out.torn = out.good_bytes < bytes.size();
  return out;
}

JournalWriter JournalWriter::create(const fs::path& file, const RunHeader& header) {
  // Written under a temporary name and renamed: a journal exists only with its
  // header. The line is made twice, piece by piece (its hash, then its text), never
  // held whole: it lists every document of the corpus.
  const json extra = {{"journal", kJournalFormat}};
  std::uint64_t hash = kFnvOffset;
  header_text(header, extra, [&](std::string_view piece) { hash = fnv1a(piece, hash); });
  try {
    io::AtomicWriter w(file, /*durable=*/true);
    w.write(hash_hex(hash) + " ");
    header_text(header, extra, [&](std::string_view piece) { w.write(piece); });
    w.write("\n");
    w.commit();
  } catch (const io::IoError& e) {
    throw StoreError(e.what());
  }
  int fd = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) fail(file, "cannot open: " + io::errno_reason(errno));
  return JournalWriter(file, fd);
}

JournalWriter JournalWriter::reopen(const fs::path& file, std::uint64_t good_bytes) {
  int fd = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) fail(file, "cannot open: " + io::errno_reason(errno));
  struct stat st {};
  if (::fstat(fd, &st) == 0 && static_cast<std::uint64_t>(st.st_size) > good_bytes) {
    if (::ftruncate(fd, static_cast<off_t>(good_bytes)) != 0) {
      int e = errno;
      ::close(fd);
      fail(file, "cannot cut the torn tail: " + io::errno_reason(e));
    }
    sync_fd(fd, file);
  }
  return JournalWriter(file, fd);
}

JournalWriter::JournalWriter(JournalWriter&& o) noexcept : path_(std::move(o.path_)), fd_(o.fd_) { o.fd_ = -1; }

JournalWriter::~JournalWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void JournalWriter::append(std::string_view lines) { write_all(fd_, lines, path_); }

void JournalWriter::sync() { sync_fd(fd_, path_); }

}  // namespace detour::store
