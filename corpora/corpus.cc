// corpus: reading files and corpora (see corpus.h for the layouts and the contracts).
#include "corpora/corpus.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "corpora/cleaneval2007.h"
#include "corpora/decode.h"

namespace detour::corpora {
namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, const std::string& reason) {
  throw CorpusError(path.string() + ": " + reason);
}

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

bool hidden(const std::string& name) { return !name.empty() && name[0] == '.'; }

// The name without a trailing .html, .htm or .txt (case-insensitive).
std::string stem_of(const std::string& name) {
  for (std::string_view ext : {".html", ".htm", ".txt"}) {
    if (name.size() > ext.size()) {
      bool same = true;
      for (std::size_t i = 0; i < ext.size(); ++i) {
        char c = name[name.size() - ext.size() + i];
        if (static_cast<char>(c | 0x20) != ext[i] && c != ext[i]) same = false;
      }
      if (same) return name.substr(0, name.size() - ext.size());
    }
  }
  return name;
}

// Pairs pages and gold files of one language folder (exact name, then stem).
void pair_language(const fs::path& html_dir, const fs::path& gold_dir, const std::string& lang,
                   Corpus& corpus) {
  std::vector<std::string> pages, golds;
  if (!html_dir.empty() && fs::is_directory(html_dir)) pages = list_files(html_dir);
  if (!gold_dir.empty() && fs::is_directory(gold_dir)) golds = list_files(gold_dir);
  std::set<std::string> gold_set(golds.begin(), golds.end());
  std::map<std::string, std::string> gold_by_stem;
  for (const auto& g : golds) gold_by_stem.emplace(stem_of(g), g);
  std::set<std::string> used;
  const std::string where = lang.empty() ? std::string() : lang + "/";
  for (const auto& p : pages) {
    CorpusDoc d;
    d.lang = lang;
    d.id = p;
    d.html_path = html_dir / p;
    std::string match;
    if (gold_set.count(p)) {
      match = p;
    } else if (auto it = gold_by_stem.find(stem_of(p)); it != gold_by_stem.end() && !used.count(it->second) &&
                                                        !std::binary_search(pages.begin(), pages.end(), it->second)) {
      match = it->second;
      corpus.warnings.push_back(where + p + ": paired with gold file " + match + " by name without extension");
    }
    if (!match.empty()) {
      used.insert(match);
      d.gold_path = gold_dir / match;
    } else {
      corpus.warnings.push_back(where + p + ": page without gold");
    }
    corpus.docs.push_back(std::move(d));
  }
  for (const auto& g : golds) {
    if (used.count(g)) continue;
    CorpusDoc d;
    d.lang = lang;
    d.id = g;
    d.gold_path = gold_dir / g;
    corpus.warnings.push_back(where + g + ": gold without page");
    corpus.docs.push_back(std::move(d));
  }
}

// id -> url from DANIEL's annotations.json; warnings on a malformed file.
std::map<std::string, std::string> load_urls(const fs::path& file, std::vector<std::string>& warnings) {
  std::map<std::string, std::string> urls;
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return urls;
  try {
    nlohmann::json j = nlohmann::json::parse(read_file(file));
    if (!j.is_object()) {
      warnings.push_back(file.string() + ": not a JSON object; URLs not loaded");
      return urls;
    }
    for (const auto& [key, entry] : j.items()) {
      if (!entry.is_object()) continue;
      auto p = entry.find("path");
      auto u = entry.find("url");
      if (p != entry.end() && u != entry.end() && p->is_string() && u->is_string()) {
        urls[p->get<std::string>()] = u->get<std::string>();
      }
    }
  } catch (const nlohmann::json::exception& e) {
    warnings.push_back(file.string() + ": invalid JSON (" + e.what() + "); URLs not loaded");
  }
  return urls;
}

void sort_docs(Corpus& c) {
  std::sort(c.docs.begin(), c.docs.end(), [](const CorpusDoc& a, const CorpusDoc& b) {
    return std::tie(a.lang, a.id) < std::tie(b.lang, b.id);
  });
}

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
    corpora::fail(name ? where / name : where, reason);
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

void write_file_atomic(const fs::path& path, std::string_view bytes, bool durable) {
  static std::atomic<unsigned> counter{0};
  fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) fail(path, "folder " + dir.string() + " does not exist");
  if (fs::is_directory(path, ec)) fail(path, "is a directory");
  fs::path tmp = dir / ("." + path.filename().string() + ".tmp." + std::to_string(::getpid()) + "." +
                        std::to_string(counter++));
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) fail(path, "cannot create temporary file: " + errno_reason(errno));
  auto abandon = [&](const std::string& what) {
    int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    fail(path, what + ": " + errno_reason(err));
  };
  const char* p = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      abandon("write failed");
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (durable && ::fsync(fd) != 0) abandon("fsync failed");
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    fail(path, "close failed: " + errno_reason(err));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    fail(path, "rename failed: " + errno_reason(err));
  }
  // Make the rename itself durable.
  if (!durable) return;
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

std::vector<std::string> list_files(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) fail(dir, "no such folder");
  if (!fs::is_directory(dir, ec)) fail(dir, "not a folder");
  std::vector<std::string> out;
  fs::directory_iterator it(dir, ec);
  if (ec) fail(dir, "cannot list: " + errno_reason(ec.value()));
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) fail(dir, "cannot list: " + errno_reason(ec.value()));
    std::string name = it->path().filename().string();
    if (hidden(name)) continue;
    std::error_code ec2;
    if (it->is_regular_file(ec2)) out.push_back(std::move(name));  // d_type: no stat unless a symlink
  }
  std::sort(out.begin(), out.end());
  return out;
}

Corpus open_corpus(const fs::path& root) {
  std::error_code ec;
  if (!fs::exists(root, ec)) fail(root, "no such folder");
  if (!fs::is_directory(root, ec)) fail(root, "not a folder (a corpus root was expected)");
  if (cleaneval2007::looks_like(root)) return cleaneval2007::open(root);

  Corpus c;
  c.root = root;
  // DANIEL / detour layout: ROOT/<lang>/{html,gold}.
  std::vector<std::string> langs;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (hidden(name) || !it->is_directory()) continue;
    if (fs::is_directory(it->path() / "html") || fs::is_directory(it->path() / "gold")) langs.push_back(name);
  }
  if (ec) fail(root, "cannot list: " + errno_reason(ec.value()));
  std::sort(langs.begin(), langs.end());
  if (!langs.empty()) {
    c.format = "daniel";
    c.languages = langs;
    for (const auto& lang : langs) {
      fs::path ldir = root / lang;
      if (!fs::is_directory(ldir / "html")) c.warnings.push_back(lang + ": no html/ folder");
      if (!fs::is_directory(ldir / "gold")) c.warnings.push_back(lang + ": no gold/ folder");
      pair_language(ldir / "html", ldir / "gold", lang, c);
    }
    auto urls = load_urls(root / "annotations.json", c.warnings);
    if (!urls.empty()) {
      for (auto& d : c.docs) {
        auto it = urls.find(d.id);
        if (it == urls.end()) it = urls.find(stem_of(d.id));
        if (it != urls.end()) d.url = it->second;
      }
    }
    sort_docs(c);
    return c;
  }
  // Flat layouts: ROOT/{html,gold}/<id>, or pages directly in ROOT.
  if (fs::is_directory(root / "html") || fs::is_directory(root / "gold")) {
    c.format = "flat";
    pair_language(root / "html", root / "gold", "", c);
    sort_docs(c);
    return c;
  }
  std::vector<std::string> files = list_files(root);
  if (files.empty()) {
    fail(root, "not a corpus: no <lang>/html or <lang>/gold folders, no CleanEval 2007 folders, no pages");
  }
  c.format = "flat";
  for (const auto& f : files) {
    CorpusDoc d;
    d.id = f;
    d.html_path = root / f;
    c.docs.push_back(std::move(d));
  }
  c.warnings.push_back(root.string() + ": flat folder of pages; no gold references");
  sort_docs(c);
  return c;
}

Page load_page(const CorpusDoc& doc) {
  if (doc.html_path.empty()) {
    throw CorpusError((doc.lang.empty() ? "" : doc.lang + "/") + doc.id + ": no raw page in the corpus");
  }
  std::string bytes = read_file(doc.html_path);
  std::string given = doc.given_charset;
  std::string_view body = bytes;
  if (auto w = cleaneval2007::parse_text_wrapper(bytes)) {
    body = std::string_view(bytes).substr(w->body_begin, w->body_end - w->body_begin);
    if (given.empty()) given = w->encoding;
  }
  Decoded dec;
  try {
    dec = decode_page(body, given);
  } catch (const std::exception& e) {
    throw CorpusError(doc.html_path.string() + ": cannot decode: " + e.what());
  }
  Page p;
  p.id = doc.id;
  p.lang = doc.lang;
  p.path = doc.html_path.string();
  p.url = doc.url;
  p.html = std::move(dec.utf8);
  p.decode = std::move(dec.info);
  p.dom = std::make_shared<const dom::Document>(dom::Document::parse(p.html));
  return p;
}

std::string load_gold_bytes(const CorpusDoc& doc) {
  if (doc.gold_path.empty()) {
    throw CorpusError((doc.lang.empty() ? "" : doc.lang + "/") + doc.id + ": no gold reference in the corpus");
  }
  return read_file(doc.gold_path);
}

}  // namespace detour::corpora
