// ncleaner/segments: how NCleaner's input is cut into the text segments it classifies.
//
// NCleaner (Evert 2008) classifies text segments and, by design, ignores HTML
// structure; its own HTML-to-text segmenter is not documented in what we could read.
// Our design (recorded in the extractor signature as "seg:visible_blocks-v1"):
//  - the page's <body> (the whole document if there is none) is cut into visible
//    blocks with detour::visible_blocks() (extractors/blocks.h): every block-level
//    element starts a new segment, invisible elements (script, style, head, form
//    controls...) are skipped, <br> stays inside the segment, whitespace is collapsed;
//  - each block is one candidate segment; its kind (h1-h6 Heading, li/dt/dd
//    ListItem, else Paragraph) is kept for the output markup only, never used by the
//    classifier;
//  - for training, the same segmentation gives the raw side of a pair, and the gold
//    CleanEval text is split into its <p>/<h>/<l> segments (parse_cleaneval()).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extractors/extractor.h"
#include "extractors/ncleaner/model.h"

namespace detour::ncleaner {

// Name of the segmentation scheme, for signatures and model files.
inline constexpr std::string_view kSegmentation = "visible_blocks-v1";

// Candidate segments of a parsed page, in document order.
std::vector<Segment> page_segments(const Page& page);

// Texts of the segments of a gold CleanEval reference.
std::vector<std::string> gold_segments(std::string_view gold);

// A training pair from a parsed page and its gold text.
TrainingPair make_training_pair(const Page& page, std::string_view gold);
// A training pair from raw page HTML (UTF-8) and gold text (parses the page).
TrainingPair make_training_pair(std::string_view raw_html, std::string_view gold);

}  // namespace detour::ncleaner
