// fingerprint: a content hash of a corpus, named in every score signature, so that
// results of two different corpora (or of a corpus that changed) are never taken for
// comparable. FNV-1a over, for each document in (lang, id) order: its language, id,
// and the bytes of its raw page and gold reference (each preceded by its length):
// the files as stored plus the name of the step that turns them into what is used
// (corpus.h SideFilter), or the inline bytes of JSON corpora.
// Reads every file once; files are hashed in parallel, combined in order.
#pragma once

#include <string>
#include <vector>

#include "corpora/corpus.h"

namespace detour::corpora {

// 16 hex digits. Throws CorpusError naming a file that cannot be read.
std::string fingerprint(const std::vector<CorpusDoc>& docs);

// The same over plain files (a gold folder given to `detour score`): `names[i]` is
// the name hashed for `paths[i]`.
std::string fingerprint_files(const std::vector<std::string>& names, const std::vector<std::string>& paths);

}  // namespace detour::corpora
