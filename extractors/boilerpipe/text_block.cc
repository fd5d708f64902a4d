// Boilerpipe 1.2.0 text block model (see text_block.h).
#include "extractors/boilerpipe/text_block.h"

#include <algorithm>

namespace detour::boilerpipe {

void TextBlock::init_densities() {
  if (num_words_in_wrapped_lines == 0) {
    num_words_in_wrapped_lines = num_words;
    num_wrapped_lines = 1;
  }
  // Java: int / (float) int, in float arithmetic.
  text_density = static_cast<float>(num_words_in_wrapped_lines) / static_cast<float>(num_wrapped_lines);
  link_density = num_words == 0 ? 0.0f
                                : static_cast<float>(num_words_in_anchor_text) / static_cast<float>(num_words);
}

void TextBlock::merge_next(const TextBlock& other) {
  text += '\n';
  text += other.text;
  num_words += other.num_words;
  num_words_in_anchor_text += other.num_words_in_anchor_text;
  num_words_in_wrapped_lines += other.num_words_in_wrapped_lines;
  num_wrapped_lines += other.num_wrapped_lines;
  offset_start = std::min(offset_start, other.offset_start);
  offset_end = std::max(offset_end, other.offset_end);
  init_densities();
  is_content = is_content || other.is_content;
  text_elements.insert(text_elements.end(), other.text_elements.begin(), other.text_elements.end());
  labels |= other.labels;
  tag_level = std::min(tag_level, other.tag_level);
  all_heading = all_heading && other.all_heading;
  part_heading.insert(part_heading.end(), other.part_heading.begin(), other.part_heading.end());
}

const TextBlock& empty_block() {
  static const TextBlock empty = [] {
    TextBlock b;
    b.offset_start = b.offset_end = -1;
    b.init_densities();  // 0 words: textDensity 0/1 = 0, linkDensity 0
    return b;
  }();
  return empty;
}

std::string TextDocument::content() const {
  std::string out;
  for (const auto& b : blocks) {
    if (!b.is_content) continue;
    out += b.text;
    out += '\n';
  }
  return out;
}

std::string TextDocument::all_text() const {
  std::string out;
  for (const auto& b : blocks) {
    out += b.text;
    out += '\n';
  }
  return out;
}

}  // namespace detour::boilerpipe
