// doc_list: see doc_list.h.
#include "runner/doc_list.h"

#include <charconv>
#include <string_view>

namespace detour::harness {

namespace {

constexpr char kSep = '\0';

bool plain(std::string_view field) { return field.find(kSep) == std::string_view::npos; }

// Frees what a document holds. (Assigning it an empty one would not: a string
// assigned an empty string keeps its buffer.)
void drop(corpora::CorpusDoc& doc) { corpora::CorpusDoc gone = std::move(doc); }

}  // namespace

std::uint32_t DocList::folder_index(const std::string& folder) {
  auto [it, fresh] = folder_ids_.emplace(folder, static_cast<std::uint32_t>(folders_.size()));
  if (fresh) folders_.push_back(folder);
  return it->second;
}

bool DocList::pack(const corpora::CorpusDoc& d, std::string& out) {
  if (d.html_inline || d.gold_inline || d.html_filter || d.gold_filter) return false;
  for (const std::string* f : {&d.lang, &d.id, &d.url, &d.given_charset, &d.dataset})
    if (!plain(*f)) return false;
  out.clear();
  out += d.lang;
  out += kSep;
  out += d.id;
  // A path: "" when there is none, else "<folder index>/<file name>", the name left
  // out when it is the id.
  for (const corpora::DocPath* p : {&d.html_path, &d.gold_path}) {
    out += kSep;
    const std::string& s = p->string();
    if (s.empty()) continue;
    const std::size_t slash = s.rfind('/');
    if (slash == std::string::npos || slash + 1 == s.size() || !plain(s)) return false;
    out += std::to_string(folder_index(s.substr(0, slash)));
    out += '/';
    const std::string_view name = std::string_view(s).substr(slash + 1);
    if (name != d.id) out += name;
  }
  for (const std::string* f : {&d.url, &d.given_charset, &d.dataset}) {
    out += kSep;
    out += *f;
  }
  return true;
}

corpora::CorpusDoc DocList::unpack(std::string_view packed) const {
  std::string_view fields[7];
  for (std::size_t k = 0; k < 7; ++k) {
    const std::size_t end = k == 6 ? packed.size() : packed.find(kSep);
    fields[k] = packed.substr(0, end);
    if (k < 6) packed.remove_prefix(end + 1);
  }
  corpora::CorpusDoc d;
  d.lang = fields[0];
  d.id = fields[1];
  auto path = [&](std::string_view f) -> std::string {
    if (f.empty()) return {};
    const std::size_t slash = f.find('/');
    std::uint32_t folder = 0;
    std::from_chars(f.data(), f.data() + slash, folder);
    const std::string_view name = f.substr(slash + 1);
    std::string s = folders_[folder];
    s += '/';
    s += name.empty() ? std::string_view(d.id) : name;
    return s;
  };
  d.html_path = path(fields[2]);
  d.gold_path = path(fields[3]);
  d.url = fields[4];
  d.given_charset = fields[5];
  d.dataset = fields[6];
  return d;
}

DocList::DocList(std::vector<corpora::CorpusDoc>& docs, const std::vector<char>& to_run, bool keep_list) {
  if (keep_list) {
    kept_ = &docs;
    return;
  }
  bool packable = true;
  std::string scratch;
  for (std::size_t i = 0; i < docs.size() && packable; ++i) packable = !to_run[i] || pack(docs[i], scratch);
  if (!packable) {
    for (std::size_t i = 0; i < docs.size(); ++i)
      if (!to_run[i]) drop(docs[i]);
    docs_ = std::move(docs);
    docs.clear();
    return;
  }
  // Each document packed and dropped in turn: the two forms of the list are never
  // held whole at once.
  packed_.resize(docs.size());
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (to_run[i] && pack(docs[i], scratch)) packed_[i] = scratch;  // allocated to its size
    drop(docs[i]);
  }
  std::vector<corpora::CorpusDoc>().swap(docs);
}

corpora::CorpusDoc DocList::take(std::size_t i) {
  if (kept_) return (*kept_)[i];
  if (!packed_.empty()) {
    std::string p;
    p.swap(packed_[i]);
    return unpack(p);
  }
  return std::move(docs_[i]);
}

}  // namespace detour::harness
