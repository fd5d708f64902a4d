// page: one page of a corpus as every layer above sees it: its identity, its UTF-8
// text, the record of how its bytes were decoded, and (opaque here) its parsed tree;
// and the Segment, the unit of extracted text (heading, paragraph, list item).
//
// The tree type lives in html/ (above this layer): a Page built by html::make_page or
// corpora::load_page carries it; code in base/ never looks inside it. Pages are
// built once per run and shared read-only between threads.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace detour {

namespace dom {
class Document;
class TreeCache;
}

// How a page's bytes were turned into UTF-8 (filled by corpora/decode).
struct DecodeInfo {
  std::string charset;      // canonical name of the charset used, e.g. "UTF-8", "GBK"
  std::string source;       // "bom", "meta", "xml-declaration", "detected", "default", "given"
  bool lossy = false;       // some bytes could not be converted (replaced by U+FFFD)
  bool gzip = false;        // the bytes were gzip-compressed and inflated first
  std::string note;         // anything a reader of the log should know
  std::string neutralised;  // markup dropped before parsing (html/neutralise.h), or ""
  // When detection decided (source "detected"): what detected, the candidates it
  // weighed with their plausibility, and the plausibility of the one chosen (0..1;
  // -1 when no detection ran). See corpora/decode.h.
  std::string detector;     // e.g. "uchardet-0.0.7:WINDOWS-1252"
  std::string candidates;   // e.g. "Shift_JIS 1.00, GB18030 1.00, windows-1252 0.21"
  double confidence = -1;
};

// One page of a corpus, decoded and parsed once per run and shared read-only.
struct Page {
  std::string id;           // file name in the corpus (e.g. "20111215_www.bbc.co.uk_...")
  std::string lang;         // language folder, "" if none
  std::string path;         // where the raw bytes came from
  std::string url;          // original URL if known
  std::string html;         // UTF-8 text of the page
  DecodeInfo decode;
  std::shared_ptr<const dom::Document> dom;  // the HTML5 (gumbo) tree (html/page.h builds it)
  // The trees of the other parsers (libxml2, NekoHTML-style), each made from `html` on
  // first use and shared (html::tree in html/page.h).
  std::shared_ptr<dom::TreeCache> trees;
  // The page's reference (CleanEval text) while the harness scores the page against
  // it, for the GOLD baseline, which returns it; null when none is given.
  std::shared_ptr<const std::string> gold;
};

enum class SegmentKind { Heading, Paragraph, ListItem };

struct Segment {
  SegmentKind kind = SegmentKind::Paragraph;
  std::string text;  // UTF-8; may contain newlines (rendered as spaces in markup)
};

}  // namespace detour
