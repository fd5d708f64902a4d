// dom: the document tree every extractor reads.
//
// A page is parsed into this small, owned tree, which the runner shares read-only
// between extractors and threads, once per parser kind (Parser): gumbo's HTML5 tree
// for what wants an HTML5 tree, libxml2's HTML parser for the ports of lxml-based
// tools (dom_libxml2.cc), and NekoHTML's tree for the Boilerpipe port (dom_neko.cc). Extractors that rewrite
// the tree (Readability, the cleaning passes of eatiht) take a clone() first.
// Element names are lower-case; text is UTF-8 exactly as in the page (entities
// decoded, whitespace untouched). Nodes live in the Document's arena and are valid
// as long as the Document is.
//
// Depth: trees deeper than ParseOptions::max_depth are flattened (deeper elements
// become children of the element at the limit, in document order), so that every
// recursive walk in the project is safe; the number of elements so moved is kept.
//
// Size: a parser may build far more than its markup holds. Each re-creates elements
// that markup leaves open: gumbo reconstructs the active formatting elements in every
// block ("<p><b id=1>...<b id=100>" then 10,000 "<p>x" makes a million elements from
// 58 KB), NekoHTML re-opens the open inline elements inside every <li>, <dd>, <pre>,
// ... . So a parse is bounded by the size of its markup (ParseOptions: nodes of the
// tree, and gumbo's own working memory); past the bound it stops with TreeLimitError,
// whose reason the run records as the page's failure.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/markup.h"

namespace detour::dom {

enum class NodeType : std::uint8_t { Document, Element, Text, Comment };

struct Attribute {
  std::string name;   // lower-case
  std::string value;
};

struct Node {
  NodeType type = NodeType::Element;
  std::string tag;                 // element name, lower-case; empty for non-elements
  std::vector<Attribute> attrs;    // elements only
  std::string text;                // Text and Comment content
  Node* parent = nullptr;
  std::vector<Node*> children;

  bool is_element() const { return type == NodeType::Element; }
  bool is_text() const { return type == NodeType::Text; }
  bool is(std::string_view name) const { return type == NodeType::Element && tag == name; }
  // The attribute's value, or nullptr.
  const std::string* attr(std::string_view name) const;
  std::string attr_or(std::string_view name, std::string_view fallback = {}) const;
  void set_attr(std::string_view name, std::string_view value);
  void remove_attr(std::string_view name);
  // Index of this node in its parent's children, or -1.
  int index_in_parent() const;
};

// Tag ids: a small number for each element name the parser knows (gumbo's tag table:
// the HTML elements and the SVG/MathML names it handles), kUnknownTag for any other
// name. For a known id, tag_name(id) is exactly the Node::tag of such an element.
inline constexpr std::uint8_t kUnknownTag = 255;
std::uint8_t tag_id(std::string_view name);
std::string_view tag_name(std::uint8_t id);  // "" for kUnknownTag

// One node of Document::document_order(): what a walk needs, 24 bytes.
struct OrderedNode {
  const Node* node;
  const char* text;         // Text and Comment nodes: the bytes of node->text (see
                            // document_order); else nullptr
  std::uint32_t text_size;  // Text and Comment nodes: node->text.size(); else 0
  std::uint16_t depth;      // the root 0, its children 1, ...
  NodeType type;
  std::uint8_t tag;         // elements: tag_id(node->tag); else kUnknownTag
  std::string_view text_view() const { return {text, text_size}; }
};

// Which parser builds a tree. Each extractor names the one its original used, and the
// name is part of its signature (parser_signature).
enum class Parser : std::uint8_t {
  Html5,    // gumbo 0.10.1, the HTML5 tree-construction rules
  Libxml2,  // libxml2's HTML parser with lxml.html's options (jusText, readability-lxml)
  Neko,     // NekoHTML 1.9 as Boilerpipe 1.2.0 runs it: our scanner and balancer (dom_neko.cc)
};
inline constexpr std::size_t kParserCount = 3;
// "gumbo-0.10.1", "libxml2-2.9.14" (the library loaded), "detour-nekohtml-1".
std::string parser_signature(Parser p);
// The version of the libxml2 library loaded, e.g. "2.9.14".
std::string libxml2_version();

struct ParseOptions {
  // Elements deeper than this are re-attached at this depth (see header comment).
  int max_depth = 400;
  // Before parsing, tags nested deeper than this in the markup are dropped (content
  // kept): the HTML5 tree builder is quadratic in nesting depth.
  int max_markup_depth = 1000;
  // The size bounds (see the header comment), for markup of B bytes: the tree has at
  // most max_nodes_base + B * max_nodes_per_byte nodes, and gumbo builds its own tree
  // (before ours) in at most max_parser_bytes_base + B * max_parser_bytes_per_byte
  // bytes. Markup names at most a node per 2 bytes ("<p>x" gives two nodes from 4
  // bytes); DANIEL's pages come to at most 0.06 nodes and 0.6 bytes of gumbo's memory a
  // byte (tests/memory_bound_test.cc checks every page against half the bounds). A 0
  // base turns a bound off.
  std::size_t max_nodes_base = 50000;
  double max_nodes_per_byte = 0.5;
  std::size_t max_parser_bytes_base = std::size_t{32} << 20;
  double max_parser_bytes_per_byte = 16.0;
  // The bounds for markup of `bytes` bytes (0: none).
  std::size_t node_bound(std::size_t bytes) const;
  std::size_t parser_bytes_bound(std::size_t bytes) const;
};

// A parse stopped at a size bound of ParseOptions. what() says which: "the markup
// (58.0 KiB) makes more than 108,000 nodes in gumbo-0.10.1's tree (the bound for its
// size): parse stopped".
class TreeLimitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Document {
 public:
  Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;
  Document(Document&&) noexcept = default;
  Document& operator=(Document&&) noexcept = default;

  // Parses UTF-8 HTML (invalid bytes are replaced by U+FFFD by the parser) with gumbo.
  static Document parse(std::string_view utf8_html, const ParseOptions& opts = {});
  // The same with libxml2's HTML parser as lxml.html runs it (dom_libxml2.cc). The
  // encoding handed to libxml2 is UTF-8; nullptr lets libxml2 find it in the page
  // (its XML declaration or meta tag; UTF-8 until a byte is not), as lxml does with
  // bytes and no encoding.
  static Document parse_libxml2(std::string_view utf8_html, const ParseOptions& opts = {},
                                const char* encoding = "UTF-8");
  // The tree Boilerpipe's NekoHTML gives (dom_neko.cc).
  static Document parse_neko(std::string_view utf8_html, const ParseOptions& opts = {});
  // One of the three by kind.
  static Document parse_with(Parser parser, std::string_view utf8_html, const ParseOptions& opts = {});

  Node* root() {
    unchanged_ = false;  // the caller may edit (see unchanged())
    return root_;
  }
  const Node* root() const { return root_; }
  // The <html>, <head> and <body> elements (the parser always creates them).
  const Node* html() const;
  const Node* head() const;
  const Node* body() const;
  Node* body();
  // Text of the first <title>, whitespace as in the page.
  std::string title() const;

  // A deep copy, for extractors that modify the tree.
  Document clone() const;

  // Arena constructors; the new node has no parent until appended.
  Node* create_element(std::string_view tag);
  Node* create_text(std::string_view text);
  Node* create_comment(std::string_view text);

  // Tree edits (the node stays in the arena when detached).
  static void append_child(Node* parent, Node* child);
  static void insert_before(Node* parent, Node* child, Node* before);  // before==nullptr: append
  static void detach(Node* node);
  // Replaces `node` by its children in its parent (the tag goes, the content stays).
  static void unwrap(Node* node);

  std::size_t node_count() const { return node_count_.n; }
  // The bytes gumbo's own tree took (its arena) for a gumbo parse; 0 for the others.
  std::size_t parser_bytes() const { return parser_bytes_; }
  int flattened_elements() const { return flattened_; }

  // Every node of the tree in document order (a preorder: each node after its parent
  // and its previous siblings' subtrees), root first, as compact entries: a walk reads
  // 24 contiguous bytes a node instead of chasing `children` pointers through 128-byte
  // nodes (see boilerpipe/html_content_handler.cc). Built by parse(), whose arena
  // holds the tree in that order (checked against the tree while building); empty for
  // clones (made to be edited), once a mutable Node* has been handed out (see
  // unchanged()), and for trees deeper than 65535 or texts of 4 GiB and more. Costs
  // 24 bytes a node. Texts of up to kShortText bytes (mostly the whitespace between
  // tags) are copied side by side into one buffer that the entries point to, so that
  // reading them touches neither the nodes nor the heap.
  static constexpr std::size_t kShortText = 15;
  std::span<const OrderedNode> document_order() const {
    if (!unchanged_) return {};
    return order_;
  }
  // True until a member that hands out a mutable Node* (the non-const root() and
  // body(), create_*) is called: the tree may change after that, so document_order()
  // is dropped for good. Nodes reached through the const API must not be changed
  // through a const_cast (the view would then be stale).
  bool unchanged() const { return unchanged_; }

 private:
  // The arena: nodes in fixed-size chunks (pointers stay valid; one allocation per
  // kArenaChunk nodes instead of std::deque's one per three).
  static constexpr std::size_t kArenaChunk = 128;
  std::vector<std::unique_ptr<Node[]>> arena_;
  // Nodes used in arena_; a move leaves it at zero, as it leaves the arena empty.
  struct NodeCount {
    std::size_t n = 0;
    NodeCount() = default;
    NodeCount(NodeCount&& o) noexcept : n(o.n) { o.n = 0; }
    NodeCount& operator=(NodeCount&& o) noexcept {
      n = o.n;
      o.n = 0;
      return *this;
    }
  };
  NodeCount node_count_;
  // While a parse runs: the node bound (0: none) and what its reason names.
  std::size_t node_limit_ = 0;
  std::size_t parser_bytes_ = 0;
  std::size_t limit_markup_ = 0;
  Parser limit_parser_ = Parser::Html5;
  void set_node_limit(const ParseOptions& opts, Parser parser, std::size_t markup_bytes);
  [[noreturn]] void over_node_limit() const;
  Node* root_ = nullptr;
  int flattened_ = 0;
  bool unchanged_ = true;           // see unchanged()
  std::vector<OrderedNode> order_;  // see document_order(); valid while unchanged_
  std::vector<char> short_texts_;   // the short texts order_ points to (a vector: its
                                    // buffer stays put when the Document moves)
  // Fills order_ from the arena when it holds the tree in document order (else leaves
  // it empty).
  void build_document_order();
  // The markup-depth guard of every parser (ParseOptions::max_markup_depth): `html`
  // without the tags nested deeper than the limit (their content kept; the copy, when
  // one is needed, goes to `storage`), the dropped tags counted as flattened.
  std::string_view guard_markup_depth(std::string_view html, const ParseOptions& opts, std::string& storage);
  friend struct TreeAccess;  // the builders of dom_neko.cc
  Node* new_node(NodeType t);
};

// Concatenated text of all Text descendants, in document order. Script, style and
// other raw-text elements are included (callers skip them if they want).
std::string text_content(const Node* node);

// Events of a depth-first walk, in document order: enter/leave for elements (and the
// document), text and comment nodes once. Iterative: safe on any depth.
enum class Event : std::uint8_t { Enter, Leave, Text, Comment };
// The callback returns false on Enter to skip the element's children (Leave still fires).
// A template, so that the callback (called for every node) is inlined.
template <typename Callback>
void walk(const Node* node, Callback&& callback) {
  if (!node) return;
  // Stack of (node, next child index); index -1 means "not entered yet".
  std::vector<std::pair<const Node*, int>> stack;
  stack.reserve(32);
  stack.push_back({node, -1});
  while (!stack.empty()) {
    auto& [n, idx] = stack.back();
    if (n->type == NodeType::Text || n->type == NodeType::Comment) {
      callback(n->type == NodeType::Text ? Event::Text : Event::Comment, n);
      stack.pop_back();
      continue;
    }
    if (idx == -1) {
      if (!callback(Event::Enter, n)) {
        callback(Event::Leave, n);
        stack.pop_back();
        continue;
      }
      idx = 0;
    }
    if (idx < static_cast<int>(n->children.size())) {
      const Node* child = n->children[idx++];
      stack.push_back({child, -1});
    } else {
      callback(Event::Leave, n);
      stack.pop_back();
    }
  }
}

// Serialises a subtree back to HTML (used by chains and the HTML output forms).
std::string to_html(const Node* node);

// Elements whose content is not text a reader sees (script, style, noscript, template...).
bool is_raw_text_element(std::string_view tag);
// HTML void elements (br, img, meta...).
bool is_void_element(std::string_view tag);
// Elements that break the flow of text into blocks in a browser (p, div, li, h1..h6...).
bool is_block_element(std::string_view tag);

// Minimal HTML escaping of text and attribute values.
using ::detour::escape_html;  // base/markup.h

}  // namespace detour::dom
