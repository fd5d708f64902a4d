// io: reading and writing files (see io.h for the contracts).
#include "base/io.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>

namespace detour::io {
namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, const std::string& reason) {
  throw IoError(path.string() + ": " + reason);
}

}  // namespace

std::string errno_reason(int err) {
  switch (err) {
    case ENOENT: return "no such file";
    case EACCES:
    case EPERM: return "permission denied";
    case EISDIR: return "is a directory";
    case ENOTDIR: return "a parent is not a directory";
    default: return std::strerror(err);
  }
}

namespace {


}  // namespace

namespace {

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// Opens a regular file (O_NONBLOCK so that a FIFO cannot hang us) and returns its
// size; relative to the folder `at` when given (`path` still names it in errors).
std::uintmax_t open_regular_fd(const fs::path& path, Fd& f, int at = -1, const char* name = nullptr) {
  f.fd = at >= 0 ? ::openat(at, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (f.fd < 0) fail(path, errno_reason(errno));
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) fail(path, errno_reason(errno));
  if (S_ISDIR(st.st_mode)) fail(path, "is a directory");
  if (!S_ISREG(st.st_mode)) fail(path, "not a regular file");
  return static_cast<std::uintmax_t>(st.st_size);
}

// Reads until EOF or `limit` bytes; grow(n) must return storage for n bytes that
// keeps the bytes already read. Returns the count.
template <class Grow>
std::size_t read_fd(const fs::path& path, int fd, std::size_t expected, std::size_t limit, Grow grow) {
  std::size_t cap = std::min(limit, std::max<std::size_t>(expected + 1, 1 << 12));
  char* p = grow(cap);
  std::size_t got = 0;
  for (;;) {
    if (got == cap) {
      if (cap >= limit) break;
      cap = std::min(limit, cap * 2);
      p = grow(cap);
    }
    const std::size_t want = cap - got;
    ssize_t n = ::read(fd, p + got, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(path, std::string("read error: ") + std::strerror(errno));
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
    if (static_cast<std::size_t>(n) < want) break;  // a short read of a regular file is its end
  }
  return got;
}

}  // namespace

char* ReadBuffer::reserve(std::size_t n) {
  if (n > cap_) {
    std::size_t ncap = std::max(n, cap_ + cap_ / 2);
    std::unique_ptr<char[]> d(new char[ncap]);
    if (cap_ > 0) std::memcpy(d.get(), data_.get(), cap_);  // read_fd grows mid-read
    data_ = std::move(d);
    cap_ = ncap;
  }
  return data_.get();
}

Folder::Folder(fs::path path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

Folder::~Folder() {
  if (fd_ >= 0) ::close(fd_);
}

namespace {

// `where`: the file's path, or with `name` given, the folder `at` is open on (the
// full path is only built for an error message).
std::string_view read_into(const fs::path& where, int at, const char* name, ReadBuffer& buf, std::size_t max_bytes) {
  auto fail = [&](const std::string& reason) {
    io::fail(name ? where / name : where, reason);
  };
  // Optimistic path for loops over thousands of files: open, one read into the
  // buffer's capacity, close. A short non-empty read of a regular file is its end,
  // so no fstat is needed; an empty read, a full buffer or an error take the
  // checked path below (fstat: directories, devices and FIFOs are refused there; a
  // FIFO that already holds data is read like a file).
  Fd f;
  f.fd = at >= 0 ? ::openat(at, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                 : ::open(where.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (f.fd < 0) fail(errno_reason(errno));
  std::size_t got = 0;
  const std::size_t first = std::min(buf.capacity(), max_bytes + 1);
  if (first >= (std::size_t{1} << 12)) {
    ssize_t n;
    do n = ::read(f.fd, buf.reserve(first), first);
    while (n < 0 && errno == EINTR);
    if (n > 0 && static_cast<std::size_t>(n) < first) return buf.view(static_cast<std::size_t>(n));
    if (n < 0 && errno == EISDIR) fail("is a directory");
    if (n > 0) got = static_cast<std::size_t>(n);  // the buffer is full: more may follow
  }
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) fail(errno_reason(errno));
  if (S_ISDIR(st.st_mode)) fail("is a directory");
  if (!S_ISREG(st.st_mode)) fail("not a regular file");
  const auto size = static_cast<std::uintmax_t>(st.st_size);
  // An empty regular file (thousands of them among published outputs): the empty
  // first read was its end.
  if (size == 0 && got == 0 && first >= (std::size_t{1} << 12)) return buf.view(0);
  if (size > max_bytes) {
    fail("too large (" + std::to_string(size) + " bytes, limit " + std::to_string(max_bytes) + ")");
  }
  // One byte over the limit tells a file that grew while we read it.
  const std::size_t limit = max_bytes + 1;
  std::size_t cap = std::max(got, std::min(limit, std::max<std::size_t>(size + 1, 1 << 12)));
  char* p = buf.reserve(cap);
  for (;;) {
    if (got == cap) {
      if (cap >= limit) break;
      cap = std::min(limit, cap * 2);
      p = buf.reserve(cap);
    }
    const std::size_t want = cap - got;
    ssize_t n = ::read(f.fd, p + got, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(std::string("read error: ") + std::strerror(errno));
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
    if (static_cast<std::size_t>(n) < want) break;
  }
  if (got > max_bytes) fail("too large (more than " + std::to_string(max_bytes) + " bytes)");
  return buf.view(got);
}

}  // namespace

std::string_view read_file_into(const fs::path& path, ReadBuffer& buf, std::size_t max_bytes) {
  return read_into(path, -1, nullptr, buf, max_bytes);
}

std::string_view read_file_into(const Folder& folder, const std::string& name, ReadBuffer& buf,
                                std::size_t max_bytes) {
  bool plain = folder.fd() >= 0 && !name.empty() && name.find('/') == std::string::npos;
  if (plain) return read_into(folder.path(), folder.fd(), name.c_str(), buf, max_bytes);
  return read_into(folder.path() / name, -1, nullptr, buf, max_bytes);
}

std::string read_file(const fs::path& path, std::size_t max_bytes) {
  Fd f;
  std::uintmax_t size = open_regular_fd(path, f);
  if (size > max_bytes) {
    fail(path, "too large (" + std::to_string(size) + " bytes, limit " + std::to_string(max_bytes) + ")");
  }
  std::string out;
  std::size_t got = read_fd(path, f.fd, static_cast<std::size_t>(size), max_bytes + 1, [&](std::size_t n) {
    out.resize(n);
    return out.data();
  });
  if (got > max_bytes) fail(path, "too large (more than " + std::to_string(max_bytes) + " bytes)");
  out.resize(got);
  return out;
}

std::string read_file_prefix(const fs::path& path, std::size_t max_bytes) {
  Fd f;
  std::uintmax_t size = open_regular_fd(path, f);
  std::string out;
  std::size_t got = read_fd(path, f.fd, std::min<std::uintmax_t>(size, max_bytes), max_bytes, [&](std::size_t n) {
    out.resize(n);
    return out.data();
  });
  out.resize(got);
  return out;
}

// Writes all of `bytes` to `fd`: 0, or the errno of the write that failed.
static int write_all(int fd, std::string_view bytes) {
  const char* p = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return 0;
}

AtomicWriter::AtomicWriter(fs::path path, bool durable) : path_(std::move(path)), durable_(durable) {
  static std::atomic<unsigned> counter{0};
  fs::path dir = path_.has_parent_path() ? path_.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) fail(path_, "folder " + dir.string() + " does not exist");
  if (fs::is_directory(path_, ec)) fail(path_, "is a directory");
  std::string tmp_name = ".";
  tmp_name += path_.filename().string();
  tmp_name += ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
  tmp_ = dir / tmp_name;
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd_ < 0) fail(path_, "cannot create temporary file: " + errno_reason(errno));
}

AtomicWriter::~AtomicWriter() {
  if (fd_ < 0) return;
  ::close(fd_);
  ::unlink(tmp_.c_str());
}

void AtomicWriter::abandon(const std::string& what, int err) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(tmp_.c_str());
  fail(path_, what + ": " + errno_reason(err));
}

void AtomicWriter::write(std::string_view bytes) {
  if (fd_ < 0) fail(path_, "written after it was committed or abandoned");
  if (buf_.size() + bytes.size() <= kBuffer) {
    if (buf_.capacity() < kBuffer) buf_.reserve(kBuffer);
    buf_.append(bytes);
    return;
  }
  flush();
  if (bytes.size() >= kBuffer) {
    if (const int err = write_all(fd_, bytes)) abandon("write failed", err);
  } else {
    buf_.append(bytes);
  }
}

void AtomicWriter::flush() {
  if (buf_.empty()) return;
  if (const int err = write_all(fd_, buf_)) abandon("write failed", err);
  buf_.clear();
}

void AtomicWriter::commit() {
  if (fd_ < 0) fail(path_, "committed twice");
  flush();
  std::string().swap(buf_);
  if (durable_ && ::fsync(fd_) != 0) abandon("fsync failed", errno);
  const int closed = ::close(fd_);
  fd_ = -1;
  if (closed != 0) {
    const int err = errno;
    ::unlink(tmp_.c_str());
    fail(path_, "close failed: " + errno_reason(err));
  }
  if (::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp_.c_str());
    fail(path_, "rename failed: " + errno_reason(err));
  }
  // Make the rename itself durable.
  if (!durable_) return;
  int dfd = ::open(tmp_.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

void write_file_atomic(const fs::path& path, std::string_view bytes, bool durable) {
  AtomicWriter w(path, durable);
  w.write(bytes);
  w.commit();
}

void write_file_atomic(const Folder& folder, const std::string& name, std::string_view bytes, bool durable) {
  if (folder.fd() < 0 || name.empty() || name.find('/') != std::string::npos || name == "." || name == "..")
    return write_file_atomic(folder.path() / name, bytes, durable);
  static std::atomic<unsigned> counter{0};
  const fs::path path = folder.path() / name;  // for messages
  const std::string tmp = "." + name + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
  const int at = folder.fd();
  int fd = ::openat(at, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) fail(path, "cannot create temporary file: " + errno_reason(errno));
  auto abandon = [&](const std::string& what, int err) {
    if (fd >= 0) ::close(fd);
    ::unlinkat(at, tmp.c_str(), 0);
    fail(path, what + ": " + errno_reason(err));
  };
  if (const int err = write_all(fd, bytes)) abandon("write failed", err);
  if (durable && ::fsync(fd) != 0) abandon("fsync failed", errno);
  const int closed = ::close(fd);
  fd = -1;
  if (closed != 0) abandon("close failed", errno);
  if (::renameat(at, tmp.c_str(), at, name.c_str()) != 0) abandon("rename failed", errno);
  if (durable) ::fsync(at);
}

Listing list_folder(const fs::path& dir) {
  // One pass of readdir: d_type says what most entries are without a stat; symbolic
  // links (followed) and file systems that leave d_type unknown take a stat.
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) fail(dir, "no such folder");
  if (!S_ISDIR(st.st_mode)) fail(dir, "not a folder");
  DIR* d = ::opendir(dir.c_str());
  if (!d) fail(dir, "cannot list: " + errno_reason(errno));
  struct Closer {
    DIR* d;
    ~Closer() { ::closedir(d); }
  } closer{d};
  Listing out;
  for (;;) {
    errno = 0;
    const struct dirent* e = ::readdir(d);
    if (!e) {
      if (errno != 0) fail(dir, "cannot list: " + errno_reason(errno));
      break;
    }
    std::string name = e->d_name;
    if (hidden_name(name)) continue;  // also "." and ".."
    bool regular = e->d_type == DT_REG;
    if (e->d_type == DT_LNK || e->d_type == DT_UNKNOWN) {
      struct stat es {};
      regular = ::fstatat(::dirfd(d), e->d_name, &es, 0) == 0 && S_ISREG(es.st_mode);
    }
    (regular ? out.files : out.others).push_back(std::move(name));
  }
  std::sort(out.files.begin(), out.files.end());
  std::sort(out.others.begin(), out.others.end());
  return out;
}

std::vector<std::string> list_files(const fs::path& dir) { return list_folder(dir).files; }

}  // namespace detour::io

namespace detour::io {

std::vector<std::string> list_entries(const fs::path& dir) {
  Listing l = list_folder(dir);
  std::vector<std::string> out;
  out.reserve(l.files.size() + l.others.size());
  std::merge(std::make_move_iterator(l.files.begin()), std::make_move_iterator(l.files.end()),
             std::make_move_iterator(l.others.begin()), std::make_move_iterator(l.others.end()),
             std::back_inserter(out));
  return out;
}

std::string not_a_file_reason(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISREG(st.st_mode)) return {};
    if (S_ISDIR(st.st_mode)) return "is a directory (a file was expected)";
    if (S_ISFIFO(st.st_mode)) return "is a FIFO (named pipe), not a file";
    if (S_ISSOCK(st.st_mode)) return "is a socket, not a file";
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "is a device, not a file";
    return "is not a regular file";
  }
  const int err = errno;
  struct stat lst {};
  if (::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
    if (err == ELOOP) return "is a symbolic link loop";
    std::error_code ec;
    const fs::path target = fs::read_symlink(path, ec);
    if (err == ENOENT) return "is a dangling symbolic link" + (ec ? std::string() : " (to " + target.string() + ")");
    return "is a symbolic link that cannot be followed: " + errno_reason(err);
  }
  return errno_reason(err);
}

}  // namespace detour::io
