// doc_list: the documents a run still has to do, held compactly until their page's
// turn.
//
// A run keeps the documents of the pages it has not done yet: a corpora::CorpusDoc is
// 288 bytes before its strings, and its id and two paths take about 350 more on
// DANIEL; at 17,000 pages the list was the run's largest cost in memory, more than
// the records it makes. A DocList packs each document into one string -- its fields
// joined by '\0', each path as its folder (one copy per distinct folder, shared by
// the documents) and its file name (left out when it is the document's id, as on
// folder layouts) -- about 130 bytes on DANIEL, and gives it back, unpacked, when its
// page's turn comes; the packed form is then freed.
//
// Documents that hold more than strings (bytes held inline, filters: JSON corpora,
// annotated golds) are not packed: the list of them is kept as it is, as is a list
// the run still reads whole (keep_list: worker processes are forked with it, and a
// worker is forked again after a crash).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "corpora/corpus.h"

namespace detour::harness {

class DocList {
 public:
  DocList() = default;
  // Without keep_list: takes the documents out of `docs` (left empty), those for
  // which to_run[i] is set (the others are dropped), packed unless some document
  // cannot be packed. With keep_list: reads `docs` as it is (it must outlive the
  // DocList).
  DocList(std::vector<corpora::CorpusDoc>& docs, const std::vector<char>& to_run, bool keep_list);

  // Document i, whole. Without keep_list it is taken out of the list: each document is
  // taken once. Thread-safe for different documents.
  corpora::CorpusDoc take(std::size_t i);

  bool packed() const { return !packed_.empty(); }

  // One document as packed and back (exposed for the tests). pack() returns false
  // (and leaves `out` unspecified) for a document it cannot pack.
  bool pack(const corpora::CorpusDoc& doc, std::string& out);
  corpora::CorpusDoc unpack(std::string_view packed) const;

 private:
  std::uint32_t folder_index(const std::string& folder);

  std::vector<corpora::CorpusDoc> docs_;  // not packed
  const std::vector<corpora::CorpusDoc>* kept_ = nullptr;  // keep_list: the list read
  std::vector<std::string> packed_;       // packed, by document; "" when taken or not run
  std::vector<std::string> folders_;      // the distinct folders of the paths
  std::map<std::string, std::uint32_t> folder_ids_;
};

}  // namespace detour::harness
