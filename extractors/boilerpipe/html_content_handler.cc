// Boilerpipe 1.2.0 BoilerpipeHTMLContentHandler over our DOM (see html_content_handler.h).
#include "extractors/boilerpipe/html_content_handler.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/utf8.h"
#include "extractors/boilerpipe/java_text.h"
#include "extractors/boilerpipe/tokenizer.h"

namespace detour::boilerpipe {
namespace {

enum class TagAction { Block, Ignorable, Anchor, Body, InlineNoWhitespace, InlineWhitespace };

TagAction tag_action(std::string_view t) {
  switch (t.size()) {
    case 1:
      if (t == "a") return TagAction::Anchor;
      if (t == "b" || t == "i" || t == "u") return TagAction::InlineNoWhitespace;
      break;
    case 2:
      if (t == "em" || t == "tt") return TagAction::InlineNoWhitespace;
      break;
    case 3:
      if (t == "sup" || t == "sub" || t == "var") return TagAction::InlineNoWhitespace;
      break;
    case 4:
      if (t == "body") return TagAction::Body;
      if (t == "link") return TagAction::Ignorable;
      if (t == "span" || t == "code" || t == "font") return TagAction::InlineNoWhitespace;
      if (t == "abbr") return TagAction::InlineWhitespace;
      break;
    case 5:
      if (t == "style" || t == "embed") return TagAction::Ignorable;
      break;
    case 6:
      if (t == "script" || t == "option" || t == "object" || t == "applet") return TagAction::Ignorable;
      if (t == "strike" || t == "strong") return TagAction::InlineNoWhitespace;
      break;
    case 7:
      if (t == "acronym") return TagAction::InlineWhitespace;
      break;
    case 8:
      if (t == "noscript") return TagAction::Ignorable;
      break;
    default:
      break;
  }
  return TagAction::Block;
}

// How characters() steps over a byte (as the original's UTF-8 walk): kPlain bytes
// (ASCII other than the whitespace chars that become ' ', continuation bytes) are kept
// one by one; kSpaceByte becomes ' '; kLead2/3/4 start a sequence of that length.
enum : unsigned char { kPlain, kSpaceByte, kLead2, kLead3, kLead4 };
constexpr std::array<unsigned char, 256> make_byte_kinds() {
  std::array<unsigned char, 256> t{};
  for (int c = 0; c < 256; ++c) {
    if ((c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F)) t[c] = kSpaceByte;
    else if (c >= 0xF0) t[c] = kLead4;
    else if (c >= 0xE0) t[c] = kLead3;
    else if (c >= 0xC0) t[c] = kLead2;
    else t[c] = kPlain;
  }
  return t;
}
constexpr std::array<unsigned char, 256> kByteKind = make_byte_kinds();

bool is_heading_tag(std::string_view t) {
  return t.size() == 2 && t[0] == 'h' && t[1] >= '1' && t[1] <= '6';
}

// What the handler needs to know of an element's tag; worked out once per element and
// kept for its end event.
struct TagInfo {
  TagAction action = TagAction::Block;
  bool heading = false;  // h1-h6
  bool title = false;    // <title>
};

TagInfo tag_info(std::string_view tag) {
  return {tag_action(tag), is_heading_tag(tag), tag == "title"};
}

// Buffers reused from page to page (one set per thread), so that a page costs no
// allocations for them once they have grown.
struct Scratch {
  std::string token_buffer, text_buffer, norm;
  std::vector<TokenInfo> tokens;
  std::u32string u32;
  std::vector<int> contained;
};

class Handler {
 public:
  explicit Handler(Scratch& s)
      : token_buffer_(s.token_buffer), text_buffer_(s.text_buffer), norm_(s.norm), contained_(s.contained),
        tokens_(s.tokens), scratch_(s.u32) {
    token_buffer_.clear();
    text_buffer_.clear();
    contained_.clear();
    tokens_.clear();
  }

  TextDocument finish() {
    flush_block();  // endDocument
    flush_block();  // toTextDocument: "just to be sure"
    doc_.has_title = !title_.empty();
    doc_.title = std::move(title_);
    return std::move(doc_);
  }

  void start_element(const TagInfo& tag) {
    TagAction ta = tag.action;
    switch (ta) {
      case TagAction::Block:
        ++tag_level_;
        flush_ = true;
        break;
      case TagAction::Ignorable:
        ++tag_level_;
        ++in_ignorable_;
        flush_ = true;
        break;
      case TagAction::Anchor:
        ++tag_level_;
        anchor_start();
        break;
      case TagAction::Body:
        ++tag_level_;
        flush_block();
        ++in_body_;
        break;
      case TagAction::InlineNoWhitespace:
        break;
      case TagAction::InlineWhitespace:
        add_whitespace_if_necessary();
        break;
    }
    if (tag.heading) ++in_heading_;
    last_start_tag_is_title_ = tag.title;
  }

  void end_element(const TagInfo& tag) {
    TagAction ta = tag.action;
    switch (ta) {
      case TagAction::Block:
        flush_ = true;
        --tag_level_;
        break;
      case TagAction::Ignorable:
        --in_ignorable_;
        flush_ = true;
        --tag_level_;
        break;
      case TagAction::Anchor:
        anchor_end();
        --tag_level_;
        break;
      case TagAction::Body:
        flush_block();
        --in_body_;
        --tag_level_;
        break;
      case TagAction::InlineNoWhitespace:
        break;
      case TagAction::InlineWhitespace:
        add_whitespace_if_necessary();
        break;
    }
    if (flush_) flush_block();  // note: flush_ stays set until the next text event
    if (tag.heading) --in_heading_;
  }

  void characters(std::string_view text) {
    ++text_element_idx_;
    if (flush_) {
      flush_block();
      flush_ = false;
    }
    if (in_ignorable_ != 0 || text.empty()) return;

    // Java whitespace becomes ' '; then leading/trailing spaces are cut off and
    // remembered; inner runs stay as they are.
    // `norm` is the text with every Java whitespace char as ' '; it is `text` itself
    // unless some other whitespace char had to be replaced (then a copy in norm_).
    std::string_view norm = text;
    norm_.clear();
    bool replaced = false;
    bool any_non_space = false;
    bool start_ws = false, end_ws = false;
    {
      // Copies runs of bytes that stay as they are in one append; only ASCII
      // whitespace other than ' ' and sequences led by 0xE0-0xFF (the only ones that
      // can reach the Java whitespace range U+1680-U+3000) are decoded one by one.
      const auto* p = reinterpret_cast<const unsigned char*>(text.data());
      const std::size_t n = text.size();
      std::size_t run = 0, i = 0;
      while (i < n) {
        const unsigned char c = p[i];
        const unsigned char kind = kByteKind[c];
        if (kind == kPlain) {
          ++i;
          if (c < 0x80) {
            // Then 8 bytes at a time while they are all printable ASCII (0x20-0x7F):
            // b - 0x20 sets a byte's top bit exactly when b < 0x20 (for the lowest
            // such byte, which is what matters), x itself when b >= 0x80.
            while (i + 8 <= n) {
              std::uint64_t x;
              std::memcpy(&x, p + i, 8);
              if (((x - 0x2020202020202020ULL) | x) & 0x8080808080808080ULL) break;
              i += 8;
            }
          }
          continue;
        }
        if (kind == kSpaceByte) {
          norm_.append(text.data() + run, i - run);
          norm_.push_back(' ');
          run = i + 1;
          replaced = true;
          ++i;
          continue;
        }
        // The walk steps over the sequence's length whatever its bytes are.
        const std::size_t len = std::min<std::size_t>(kind == kLead2 ? 2 : kind == kLead3 ? 3 : 4, n - i);
        if (kind != kLead2) {  // U+0080-U+07FF holds no Java whitespace
          const utf8::Step st = utf8::decode(text, i);
          if (st.ok && st.cp >= 0x1680 && java_is_whitespace(st.cp)) {
            norm_.append(text.data() + run, i - run);
            norm_.push_back(' ');
            run = i + len;
            replaced = true;
          }
        }
        i += len;
      }
      if (replaced) {
        norm_.append(text.data() + run, n - run);
        norm = norm_;
      }
    }
    std::size_t b = 0, e = norm.size();
    while (b < e && norm[b] == ' ') { start_ws = true; ++b; }
    while (e > b && norm[e - 1] == ' ') { end_ws = true; --e; }
    any_non_space = e > b;
    if (!any_non_space) {
      if (start_ws || end_ws) {
        if (!sb_last_was_whitespace_) {
          text_buffer_.push_back(' ');
          token_space();
        }
        sb_last_was_whitespace_ = true;
      } else {
        sb_last_was_whitespace_ = false;
      }
      return;
    }
    if (start_ws && !sb_last_was_whitespace_) {
      text_buffer_.push_back(' ');
      token_space();
    }
    if (block_tag_level_ == -1) block_tag_level_ = tag_level_;
    std::string_view body(norm.data() + b, e - b);
    text_buffer_.append(body);
    token_append(body);
    if (end_ws) {
      text_buffer_.push_back(' ');
      token_space();
    }
    sb_last_was_whitespace_ = end_ws;
    contained_.push_back(text_element_idx_);
    if (in_heading_ == 0) block_has_non_heading_ = true;
  }

 private:
  // Appends to the token buffer, tokenizing as it goes (see TokenStream): the block's
  // tokens so far are in tokens_, so flush_block need not scan the buffer again.
  void token_append(std::string_view s) {
    token_buffer_.append(s);
    stream_.feed(s, tokens_);
  }
  void token_space() {
    token_buffer_.push_back(' ');
    stream_.feed_space(tokens_);
  }

  void add_whitespace_if_necessary() {
    if (!sb_last_was_whitespace_) {
      token_space();
      text_buffer_.push_back(' ');
      sb_last_was_whitespace_ = true;
    }
  }

  void anchor_start() {
    if (in_anchor_++ > 0) {
      // Nested <a> (NekoHTML bug #2909310 in the original): close the outer one first.
      anchor_end();
    }
    if (in_ignorable_ == 0) {
      add_whitespace_if_necessary();
      token_append(kAnchorStart);
      token_space();
      sb_last_was_whitespace_ = true;
    }
  }

  void anchor_end() {
    if (--in_anchor_ == 0) {
      if (in_ignorable_ == 0) {
        add_whitespace_if_necessary();
        token_append(kAnchorEnd);
        token_space();
        sb_last_was_whitespace_ = true;
      }
    }
  }

  void clear_buffers() {
    text_buffer_.clear();
    token_buffer_.clear();
    tokens_.clear();
    stream_.reset();
    block_has_non_heading_ = false;  // the text it was about is gone (e.g. the title's)
  }

  void flush_block() {
    if (in_body_ == 0) {
      if (last_start_tag_is_title_) {
        std::string_view t = java_trim(token_buffer_);
        if (!t.empty()) title_.assign(t);
      }
      clear_buffers();
      return;
    }
    const std::size_t length = utf16_length_capped(token_buffer_);
    if (length == 0) return;
    if (length == 1 && sb_last_was_whitespace_) {
      clear_buffers();
      return;
    }
    // The buffer's tokens: those of the stream plus its last one, or, when the stream
    // gave up, the reference tokenizer's over the whole buffer.
    const TokenStream stream_before = stream_;
    const std::size_t tokens_before = tokens_.size();
    if (stream_.ok()) stream_.finish(tokens_);
    else classify_tokens_reference(token_buffer_, tokens_, scratch_);

    int num_words = 0, num_linked = 0, num_wrapped_lines = 0, num_tokens = 0;
    int current_line_length = -1;  // the first word has no leading space
    const int max_line_length = 80;
    int num_words_current_line = 0;
    for (const TokenInfo& t : tokens_) {
      switch (t.kind) {
        case TokenInfo::AnchorStart:
          in_anchor_text_ = true;
          break;
        case TokenInfo::AnchorEnd:
          in_anchor_text_ = false;
          break;
        case TokenInfo::Word:
          ++num_tokens;
          ++num_words;
          ++num_words_current_line;
          if (in_anchor_text_) ++num_linked;
          current_line_length += t.utf16_length + 1;
          if (current_line_length > max_line_length) {
            ++num_wrapped_lines;
            current_line_length = t.utf16_length;
            num_words_current_line = 1;
          }
          break;
        case TokenInfo::NonWord:
          ++num_tokens;
          break;
      }
    }
    if (num_tokens == 0) {  // only anchor markers: keep the buffer for the next block
      stream_ = stream_before;
      if (stream_.ok()) tokens_.resize(tokens_before);
      return;
    }
    int num_words_in_wrapped_lines;
    if (num_wrapped_lines == 0) {
      num_words_in_wrapped_lines = num_words;
      num_wrapped_lines = 1;
    } else {
      num_words_in_wrapped_lines = num_words - num_words_current_line;
    }
    TextBlock tb;
    tb.text.assign(java_trim(text_buffer_));
    tb.text_elements.assign(contained_.begin(), contained_.end());  // one allocation; contained_ keeps its capacity
    contained_.clear();
    tb.num_words = num_words;
    tb.num_words_in_anchor_text = num_linked;
    tb.num_words_in_wrapped_lines = num_words_in_wrapped_lines;
    tb.num_wrapped_lines = num_wrapped_lines;
    tb.offset_start = tb.offset_end = offset_blocks_++;
    tb.init_densities();
    tb.tag_level = block_tag_level_;
    tb.all_heading = !block_has_non_heading_;
    tb.part_heading.assign(1, tb.all_heading);
    clear_buffers();
    block_tag_level_ = -1;
    doc_.blocks.push_back(std::move(tb));
  }

  // The buffer's length in UTF-16 units, but only 0, 1 or 2 (= more) matter.
  static std::size_t utf16_length_capped(const std::string& s) {
    if (s.empty()) return 0;
    std::size_t n = utf16_length(std::string_view(s).substr(0, std::min<std::size_t>(s.size(), 8)));
    return n >= 2 ? 2 : n;
  }

  TextDocument doc_;
  std::string title_;
  std::string& token_buffer_;
  std::string& text_buffer_;
  std::string& norm_;
  int in_body_ = 0, in_anchor_ = 0, in_ignorable_ = 0, in_heading_ = 0;
  int tag_level_ = 0, block_tag_level_ = -1;
  bool sb_last_was_whitespace_ = false;
  int text_element_idx_ = 0;
  int offset_blocks_ = 0;
  std::vector<int>& contained_;
  bool flush_ = false;
  bool in_anchor_text_ = false;
  bool last_start_tag_is_title_ = false;
  bool block_has_non_heading_ = false;
  std::vector<TokenInfo>& tokens_;  // the token buffer's tokens so far
  TokenStream stream_;
  std::u32string& scratch_;
};

// The handler's events from an iterative depth-first walk over the tree (the same
// events as dom::walk, without a std::function call per node): element enter =
// startElement, leave = endElement, text = characters.
void tree_walk(const dom::Document& doc, Handler& h) {
  struct Frame {
    const dom::Node* node;
    std::size_t next_child;
    TagInfo tag;  // of an element node
  };
  std::vector<Frame> stack;
  stack.reserve(64);
  stack.push_back({doc.root(), 0, {}});
  while (!stack.empty()) {
    Frame& f = stack.back();
    const auto& children = f.node->children;
    if (f.next_child < children.size()) {
      const dom::Node* c = children[f.next_child++];
      switch (c->type) {
        case dom::NodeType::Element: {
          const TagInfo tag = tag_info(c->tag);
          h.start_element(tag);
          stack.push_back({c, 0, tag});
          break;
        }
        case dom::NodeType::Text:
          h.characters(c->text);
          break;
        default:
          break;
      }
      continue;
    }
    if (f.node->type == dom::NodeType::Element) h.end_element(f.tag);
    stack.pop_back();
  }
}

// TagInfo of every dom tag id, worked out once.
const std::array<TagInfo, 256>& tag_infos() {
  static const std::array<TagInfo, 256> table = [] {
    std::array<TagInfo, 256> t{};
    for (int id = 0; id < 256; ++id) t[id] = tag_info(dom::tag_name(static_cast<std::uint8_t>(id)));
    return t;
  }();
  return table;
}

// The same events as tree_walk, from the document's compact document-order view
// (dom::Document::document_order: 24 contiguous bytes a node, no pointer chasing): an
// entry at depth d first closes the open elements at depth >= d.
// Measured on DANIEL (Pipeline/Extract/BP): 4 to 32 all help, 16 to 32 the most.
constexpr std::size_t kTextPrefetchDistance = 16;

void ordered_walk(std::span<const dom::OrderedNode> order, Handler& h) {
  const std::array<TagInfo, 256>& infos = tag_infos();
  thread_local std::vector<TagInfo> open;  // open[k] is the element at depth k + 1
  open.clear();
  const std::size_t n = order.size();
  for (std::size_t i = 1; i < n; ++i) {  // order[0] is the root
    const dom::OrderedNode& x = order[i];
    // Long texts live in the heap, away from the view: ask for the one a few entries
    // ahead now, so that characters() does not wait for it (short ones sit together in
    // the document's buffer).
    if (i + kTextPrefetchDistance < n) {
      const dom::OrderedNode& ahead = order[i + kTextPrefetchDistance];
      if (ahead.type == dom::NodeType::Text && ahead.text_size > dom::Document::kShortText)
        __builtin_prefetch(ahead.text);
    }
    while (open.size() >= x.depth) {
      h.end_element(open.back());
      open.pop_back();
    }
    switch (x.type) {
      case dom::NodeType::Element: {
        const TagInfo& tag = x.tag == dom::kUnknownTag ? tag_info(x.node->tag) : infos[x.tag];
        h.start_element(tag);
        open.push_back(tag);
        break;
      }
      case dom::NodeType::Text:
        h.characters(x.text_view());
        break;
      default:
        break;
    }
  }
  while (!open.empty()) {
    h.end_element(open.back());
    open.pop_back();
  }
}

}  // namespace

TextDocument parse_text_document(const dom::Document& doc) {
  thread_local Scratch scratch;
  Handler h(scratch);
  const std::span<const dom::OrderedNode> order = doc.document_order();
  if (order.empty()) tree_walk(doc, h);
  else ordered_walk(order, h);
  return h.finish();
}

TextDocument parse_text_document_tree_walk(const dom::Document& doc) {
  thread_local Scratch scratch;
  Handler h(scratch);
  tree_walk(doc, h);
  return h.finish();
}

}  // namespace detour::boilerpipe
