// boilerpipe/text_block: the text block model of Boilerpipe 1.2.0 (Kohlschütter,
// Fankhauser & Nejdl, "Boilerplate Detection using Shallow Text Features", WSDM 2010),
// ported from the behaviour of de.l3s.boilerpipe.document.TextBlock / TextDocument.
//
// A TextDocument is the page cut into TextBlocks by the SAX-like handler
// (html_content_handler.h); filters (filters.h) label blocks, merge them and mark
// them content or boilerplate. Densities are Java floats in the original and are kept
// as C++ float here so that every comparison gives the same result.
// Not thread-safe; each extract() call builds its own TextDocument.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace detour::boilerpipe {

// Labels used by the 1.2.0 chains (de.l3s.boilerpipe.labels.DefaultLabels), as bits.
enum Label : std::uint32_t {
  kLabelTitle = 1u << 0,             // DefaultLabels.TITLE
  kLabelEndOfText = 1u << 1,         // DefaultLabels.INDICATES_END_OF_TEXT
  kLabelMightBeContent = 1u << 2,    // DefaultLabels.MIGHT_BE_CONTENT
};

struct TextBlock {
  std::string text;                 // UTF-8; Java-trimmed; merged parts joined by '\n'
  bool is_content = false;
  std::uint32_t labels = 0;
  int offset_start = 0;             // index of the first original block merged in
  int offset_end = 0;               // index of the last original block merged in
  int num_words = 0;
  int num_words_in_anchor_text = 0;
  int num_words_in_wrapped_lines = 0;
  int num_wrapped_lines = 0;
  float text_density = 0;
  float link_density = 0;
  int tag_level = 0;
  // Indices of the text events (1-based, as in the original) this block holds; used by
  // the HTML (highlighter) output form.
  std::vector<int> text_elements;
  // Our addition: every text event of the block lay inside an h1-h6 element (used only
  // to label the output Segment a Heading; never read by a filter).
  bool all_heading = false;
  // Our addition: all_heading of each original block merged into this one, in the
  // order of the '\n'-separated parts of `text` (the output has one segment per part,
  // as getContent() has one line per part).
  std::vector<bool> part_heading;

  bool has_label(Label l) const { return (labels & l) != 0; }
  void add_label(Label l) { labels |= l; }
  // Returns true when the flag changed (TextBlock.setIsContent).
  bool set_is_content(bool v) {
    if (v == is_content) return false;
    is_content = v;
    return true;
  }
  // TextBlock.initDensities: a block with no wrapped-line words counts as one line.
  void init_densities();
  // TextBlock.mergeNext: appends '\n' + other's text, sums counts, recomputes densities,
  // ORs content flags and labels, keeps the smaller tag level.
  void merge_next(const TextBlock& other);
};

// The empty neighbour used for the first and last block by the classifiers
// (TextBlock.EMPTY_START): every feature 0.
const TextBlock& empty_block();

struct TextDocument {
  std::string title;                // from <title> (outside <body>), Java-trimmed; "" if none
  bool has_title = false;
  std::vector<TextBlock> blocks;

  // TextDocument.getContent(): the text of each content block followed by '\n'.
  std::string content() const;
  // Every block, content or not (TextDocument.getText(true, true)).
  std::string all_text() const;
};

}  // namespace detour::boilerpipe
