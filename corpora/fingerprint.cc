// fingerprint: see fingerprint.h.
#include "corpora/fingerprint.h"

#include <tbb/parallel_for.h>

#include "base/hash.h"
#include "base/io.h"

namespace detour::corpora {

namespace {
std::uint64_t file_hash(const std::filesystem::path& path, io::ReadBuffer& buf) {
  if (path.empty()) return fnv1a("absent");
  std::string_view bytes;
  try {
    bytes = io::read_file_into(path, buf);
  } catch (const io::IoError& e) {  // an unreadable page is the run's to report
    return fnv1a(std::string("unreadable: ") + e.what());
  }
  std::uint64_t h = fnv1a(std::to_string(bytes.size()) + ":");
  return fnv1a(bytes, h);
}

std::uint64_t bytes_hash(std::string_view bytes) {
  return fnv1a(bytes, fnv1a(std::to_string(bytes.size()) + ":"));
}

// A side of a document: its inline bytes, else its file's bytes as stored, then the
// name of the filter applied to them (so that two readings of the same files under
// different settings differ).
std::uint64_t side_hash(const std::shared_ptr<const std::string>& inline_bytes, const std::filesystem::path& path,
                        const std::shared_ptr<const SideFilter>& filter, io::ReadBuffer& buf) {
  if (inline_bytes) return fnv1a("inline", bytes_hash(*inline_bytes));
  std::uint64_t h = file_hash(path, buf);
  return filter ? fnv1a(filter->name, h) : h;
}

std::string combine(const std::vector<std::string>& names, const std::vector<std::uint64_t>& hashes) {
  std::uint64_t h = kFnvOffset;
  for (std::size_t i = 0; i < names.size(); ++i) {
    h = fnv1a(names[i], h);
    h = fnv1a(std::string_view("\0", 1), h);
    h = fnv1a(hash_hex(hashes[i]), h);
  }
  return hash_hex(h);
}
}  // namespace

std::string fingerprint(const std::vector<CorpusDoc>& docs) {
  std::vector<std::uint64_t> hashes(docs.size());
  std::vector<std::string> names(docs.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, docs.size(), 16), [&](const auto& r) {
    io::ReadBuffer buf;
    for (std::size_t i = r.begin(); i != r.end(); ++i) {
      const CorpusDoc& d = docs[i];
      names[i] = (d.dataset.empty() ? "" : d.dataset + "/") + d.lang + "/" + d.id;
      std::uint64_t h = side_hash(d.html_inline, d.html_path, d.html_filter, buf);
      hashes[i] = fnv1a(hash_hex(side_hash(d.gold_inline, d.gold_path, d.gold_filter, buf)), h);
    }
  });
  return combine(names, hashes);
}

std::string fingerprint_files(const std::vector<std::string>& names, const std::vector<std::string>& paths) {
  std::vector<std::uint64_t> hashes(paths.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, paths.size(), 16), [&](const auto& r) {
    io::ReadBuffer buf;
    for (std::size_t i = r.begin(); i != r.end(); ++i) hashes[i] = file_hash(paths[i], buf);
  });
  return combine(names, hashes);
}

}  // namespace detour::corpora
