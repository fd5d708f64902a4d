// cleaneval2007: reader "cleaneval2007" for the CleanEval 2007 distribution (Baroni, Chantree,
// Kilgarriff & Sharoff 2008, "CleanEval: a competition for cleaning web pages").
//
// The distribution pairs numbered raw pages with numbered gold files:
//  - raw pages N.html, each wrapped as
//      <text id="N" title="..." encoding="windows-1252"> ...page... </text>
//    (the encoding attribute names the page's charset as the organisers found it);
//  - gold files N.txt (or N-<suffix>.txt, e.g. an annotator's name), whose first line
//    is "URL: http://..." followed by the cleaned text in <p>/<h>/<l> markup.
// Folder pairs accepted under the corpus root (html folder, gold folder, language):
//    en_original / en_cleaned   zh_original / zh_cleaned    (development set; the
//    en-original / en-cleaned   zh-original / zh-cleaned     hyphenated names are
//                                                             those of the .tgz files)
// and the final test set, language "": the first page folder present among input/,
// finalrun-input/, orig/ with the first gold folder present among gold_std/,
// GoldStandard/, goldstandard/, gold-standard/, clean/. That covers the distribution
// (input + gold_std), the archive (finalrun-input + GoldStandard), the widely
// mirrored input + GoldStandard, and WCEB's raw copy (orig + clean). orig/ and clean/
// count only together.
// Language: the development folders give en or zh; the final set has none (""):
// `--lang` gives it one.
// Document ids are the numbers N (file names without extension or suffix), sorted
// numerically within a language, so system outputs named N, N.txt or N.html match by
// stem.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "corpora/corpus.h"

namespace detour::corpora::cleaneval2007 {

// The <text ...> wrapper of a raw page.
struct TextWrapper {
  std::string id;
  std::string title;
  std::string encoding;   // "" when the attribute is absent
  std::size_t body_begin = 0;  // the page proper is bytes[body_begin, body_end)
  std::size_t body_end = 0;
};

// Parses the wrapper when `bytes` (after optional whitespace or a UTF-8 BOM) begins
// with "<text " and the tag closes; a missing "</text>" at the end is tolerated.
// nullopt when the bytes are not wrapped.
std::optional<TextWrapper> parse_text_wrapper(std::string_view bytes);

// The page inside the wrapper, or the bytes unchanged when there is no wrapper.
std::string_view strip_text_wrapper(std::string_view bytes);

// The value of a leading "URL: ..." line of a gold text (blank lines before it are
// skipped), or "".
std::string gold_url(std::string_view gold_text);
// The same from the first bytes of a gold file, decoded as gold files are (decode.h
// decode_text: a UTF-16 or windows-1252 gold file has its URL too); "" when the file
// cannot be read.
std::string gold_file_url(const std::filesystem::path& gold_file);

// True when `root` holds at least one of the folder pairs above.
bool looks_like(const std::filesystem::path& root);

// Opens the distribution (format "cleaneval2007"). Reads the first bytes of every page
// for its wrapper encoding and of every gold file for its URL. Throws CorpusError when
// no folder pair is present.
Corpus open(const std::filesystem::path& root, const OpenOptions& opts = {});

}  // namespace detour::corpora::cleaneval2007
