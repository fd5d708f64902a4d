#include "html/dom.h"

#include <gumbo.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <csetjmp>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#include "base/strings.h"
#include "base/thread_cache.h"

namespace detour::dom {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string element_name(const GumboElement& el) {
  if (el.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(el.tag);
  GumboStringPiece piece = el.original_tag;
  gumbo_tag_from_original_text(&piece);
  std::string name = lower(std::string_view(piece.data, piece.length));
  // Strip anything after the name (attributes never reach here, but "/" may).
  auto end = name.find_first_of(" \t\r\n/>");
  if (end != std::string::npos) name.resize(end);
  return name.empty() ? std::string("unknown") : name;
}

template <std::size_t N>
bool in_list(std::string_view tag, const std::array<std::string_view, N>& list) {
  return std::find(list.begin(), list.end(), tag) != list.end();
}

// Elements whose end tag may be omitted or that never nest deeply in practice; they
// are not counted by the markup depth guard (a page with 5000 unclosed <p> is fine).
bool optional_end_or_void(std::string_view name) {
  static constexpr std::array<std::string_view, 31> k = {
      "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot",
      "colgroup", "caption", "rp", "rt", "area", "base", "br", "col", "embed", "hr", "img",
      "input", "link", "meta", "param", "source", "track", "wbr", "html"};
  return in_list(name, k) || name == "head" || name == "body";
}

// The HTML5 tree builder checks element scopes by walking the stack of open elements,
// so each start tag costs O(depth): 100000 nested divs take minutes. This pre-pass
// follows the tag stream with an approximate depth count and drops start and end tags
// beyond `max_depth` (their content stays), which is what the DOM's flattening would
// do anyway. Returns true when it changed anything.

bool limit_markup_depth(std::string_view html, int max_depth, std::string& out, int& dropped) {
  auto name_at = [&](std::size_t i) {
    std::size_t j = i;
    while (j < html.size() && (std::isalnum(static_cast<unsigned char>(html[j])) || html[j] == '-' || html[j] == ':'))
      ++j;
    return lower(html.substr(i, j - i));
  };
  // First pass: is the guard needed at all?
  int depth = 0, max_seen = 0;
  auto scan = [&](bool rewrite) {
    depth = 0;
    std::size_t copied = 0;
    std::size_t n = html.size();
    for (std::size_t i = 0; i < n;) {
      std::size_t lt = html.find('<', i);
      if (lt == std::string_view::npos || lt + 1 >= n) break;
      i = lt + 1;
      char c = html[lt + 1];
      if (c == '!') {
        std::size_t end = html.compare(lt, 4, "<!--") == 0 ? html.find("-->", lt + 4) : html.find('>', lt);
        i = end == std::string_view::npos ? n : end + 1;
        continue;
      }
      bool closing = c == '/';
      std::size_t name_start = lt + (closing ? 2 : 1);
      if (name_start >= n || !std::isalpha(static_cast<unsigned char>(html[name_start]))) continue;
      std::string name = name_at(name_start);
      std::size_t gt = html.find('>', name_start);
      if (gt == std::string_view::npos) break;
      i = gt + 1;
      if (!closing && (name == "script" || name == "style" || name == "textarea" || name == "title" ||
                       name == "xmp" || name == "plaintext")) {
        std::size_t end = html.find("</" + name, i);  // case-sensitive approximation
        i = end == std::string_view::npos ? n : end;
        continue;
      }
      if (optional_end_or_void(name) || (!closing && html[gt - 1] == '/')) continue;
      bool drop;
      if (closing) {
        drop = depth > max_depth;
        if (depth > 0) --depth;
      } else {
        ++depth;
        max_seen = std::max(max_seen, depth);
        drop = depth > max_depth;
      }
      if (rewrite && drop) {
        out.append(html.substr(copied, lt - copied));
        copied = gt + 1;
        ++dropped;
      }
    }
    if (rewrite) out.append(html.substr(copied));
  };
  scan(false);
  if (max_seen <= max_depth) return false;
  out.reserve(html.size());
  scan(true);
  return true;
}

// Bump allocator for gumbo. gumbo 0.10.1 sends every allocation of a parse through
// GumboOptions::allocator and the whole output is thrown away after conversion, so a
// per-thread arena, rewound after each parse, replaces tens of thousands of
// malloc/free pairs per page (and gumbo_destroy_output's tree walk). Blocks are kept
// between parses (warm in cache) up to kKeepBytes; larger requests get their own block,
// freed at the rewind.
class GumboArena {
 public:
  GumboArena() = default;
  GumboArena(const GumboArena&) = delete;
  GumboArena& operator=(const GumboArena&) = delete;
  ~GumboArena() {
    cache.retire();
    for (void* b : blocks_) std::free(b);
    for (void* b : large_) std::free(b);
  }

  // Called from gumbo's C code: out of memory ends the process with std::bad_alloc
  // (std::terminate), where gumbo's default malloc would crash on a null pointer.
  static void* allocate(void* self, std::size_t n) { return static_cast<GumboArena*>(self)->alloc(n); }
  static void deallocate(void*, void*) {}  // everything goes at rewind()

  // While a parse runs: the bytes it may take (0: no bound) and where to go when it
  // would take more (parse_in_arena).
  std::size_t budget = 0;
  std::jmp_buf* escape = nullptr;
  std::size_t used() const { return used_; }

  void* alloc(std::size_t n) {
    n = (std::max<std::size_t>(n, 1) + kAlign - 1) & ~(kAlign - 1);
    if (budget != 0 && used_ + n > budget && escape) {
      used_ += n;  // (for the reason)
      std::longjmp(*escape, 1);
    }
    used_ += n;
    if (n > left_) {
      if (n > kBlock / 4) return alloc_large(n);
      if (next_ == blocks_.size()) {
        void* b = std::malloc(kBlock);
        if (!b) throw std::bad_alloc();
        blocks_.push_back(b);
      }
      cur_ = static_cast<char*>(blocks_[next_++]);
      left_ = kBlock;
    }
    void* p = cur_;
    cur_ += n;
    left_ -= n;
    return p;
  }

  // Frees every block (between parses: release_thread_caches, base/thread_cache.h).
  void release() {
    rewind();
    for (void* b : blocks_) std::free(b);
    blocks_.clear();
  }
  // Forgets every allocation; keeps at most kKeepBytes of blocks for the next parse.
  void rewind() {
    used_ = 0;
    budget = 0;
    escape = nullptr;
    for (void* b : large_) std::free(b);
    large_.clear();
    const std::size_t keep = kKeepBytes / kBlock;
    while (blocks_.size() > keep) {
      std::free(blocks_.back());
      blocks_.pop_back();
    }
    next_ = 0;
    cur_ = nullptr;
    left_ = 0;
  }

 private:
  static constexpr std::size_t kAlign = alignof(std::max_align_t);
  static constexpr std::size_t kBlock = std::size_t{256} << 10;
  static constexpr std::size_t kKeepBytes = std::size_t{32} << 20;

  void* alloc_large(std::size_t n) {
    void* b = std::malloc(n);
    if (!b) throw std::bad_alloc();
    large_.push_back(b);
    return b;
  }

  std::vector<void*> blocks_;
  std::vector<void*> large_;
  std::size_t used_ = 0;  // bytes handed out since the last rewind
  std::size_t next_ = 0;
  char* cur_ = nullptr;
  std::size_t left_ = 0;

 public:
  // Held while a parse uses the arena, so that release() never runs in one (declared
  // last: retired before the members go).
  ThreadCache cache{[this] { release(); }};
};

// Rewinds the thread's arena when a parse ends, however it ends.
struct ArenaRewind {
  GumboArena& arena;
  ~ArenaRewind() { arena.rewind(); }
};

// gumbo's parse in the arena, or nullptr when it reached the arena's budget: the
// allocator then jumps back here. Nothing is lost by leaving gumbo that way: gumbo
// keeps every byte of its state in the arena (rewound after the parse) and has no
// global state, and the frames left are gumbo's C code and the allocator's, which hold
// no C++ object.
GumboOutput* parse_in_arena(const GumboOptions& options, std::string_view html, GumboArena& arena) {
  std::jmp_buf escape;
  if (setjmp(escape) != 0) return nullptr;
  arena.escape = &escape;
  GumboOutput* out = gumbo_parse_with_options(&options, html.data(), html.size());
  arena.escape = nullptr;
  return out;
}

std::string group_digits(std::size_t n) {
  std::string d = std::to_string(n), out;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i > 0 && (d.size() - i) % 3 == 0) out += ',';
    out += d[i];
  }
  return out;
}

}  // namespace

const std::string* Node::attr(std::string_view name) const {
  for (const auto& a : attrs)
    if (a.name == name) return &a.value;
  return nullptr;
}

std::string Node::attr_or(std::string_view name, std::string_view fallback) const {
  const std::string* v = attr(name);
  return v ? *v : std::string(fallback);
}

void Node::set_attr(std::string_view name, std::string_view value) {
  for (auto& a : attrs)
    if (a.name == name) {
      a.value = value;
      return;
    }
  attrs.push_back({std::string(name), std::string(value)});
}

void Node::remove_attr(std::string_view name) {
  std::erase_if(attrs, [&](const Attribute& a) { return a.name == name; });
}

int Node::index_in_parent() const {
  if (!parent) return -1;
  auto it = std::find(parent->children.begin(), parent->children.end(), this);
  return it == parent->children.end() ? -1 : static_cast<int>(it - parent->children.begin());
}

Document::Document() { root_ = new_node(NodeType::Document); }

std::size_t ParseOptions::node_bound(std::size_t bytes) const {
  if (max_nodes_base == 0) return 0;
  return max_nodes_base + static_cast<std::size_t>(static_cast<double>(bytes) * max_nodes_per_byte);
}

std::size_t ParseOptions::parser_bytes_bound(std::size_t bytes) const {
  if (max_parser_bytes_base == 0) return 0;
  return max_parser_bytes_base + static_cast<std::size_t>(static_cast<double>(bytes) * max_parser_bytes_per_byte);
}

void Document::set_node_limit(const ParseOptions& opts, Parser parser, std::size_t markup_bytes) {
  node_limit_ = opts.node_bound(markup_bytes);
  limit_parser_ = parser;
  limit_markup_ = markup_bytes;
}

void Document::over_node_limit() const {
  throw TreeLimitError("the markup (" + approx_bytes(limit_markup_) + ") makes more than " +
                       group_digits(node_limit_) + " nodes in " + parser_signature(limit_parser_) +
                       "'s tree (the bound for its size): parse stopped");
}

Node* Document::new_node(NodeType t) {
  if (node_limit_ != 0 && node_count_.n >= node_limit_) over_node_limit();
  const std::size_t used = node_count_.n;
  const std::size_t slot = used % kArenaChunk;
  if (slot == 0 && used / kArenaChunk == arena_.size())
    arena_.push_back(std::make_unique<Node[]>(kArenaChunk));
  Node* n = &arena_[used / kArenaChunk][slot];
  ++node_count_.n;
  n->type = t;
  return n;
}

Node* Document::create_element(std::string_view tag) {
  unchanged_ = false;
  Node* n = new_node(NodeType::Element);
  n->tag = lower(tag);
  return n;
}
Node* Document::create_text(std::string_view text) {
  unchanged_ = false;
  Node* n = new_node(NodeType::Text);
  n->text = text;
  return n;
}
Node* Document::create_comment(std::string_view text) {
  unchanged_ = false;
  Node* n = new_node(NodeType::Comment);
  n->text = text;
  return n;
}

std::uint8_t tag_id(std::string_view name) {
  static_assert(GUMBO_TAG_UNKNOWN < kUnknownTag);
  if (name.empty() || name.size() > 64) return kUnknownTag;
  const GumboTag t = gumbo_tagn_enum(name.data(), static_cast<unsigned>(name.size()));
  if (t == GUMBO_TAG_UNKNOWN || t == GUMBO_TAG_LAST || gumbo_normalized_tagname(t) != name) return kUnknownTag;
  return static_cast<std::uint8_t>(t);
}

std::string_view tag_name(std::uint8_t id) {
  if (id >= GUMBO_TAG_UNKNOWN) return {};
  return gumbo_normalized_tagname(static_cast<GumboTag>(id));
}

void Document::build_document_order() {
  order_.clear();
  const std::size_t total = node_count_.n;
  if (total == 0 || arena_.empty() || &arena_[0][0] != root_) return;
  order_.reserve(total);
  // The open elements (and the root) with the number of their children not seen yet.
  struct Open {
    const Node* node;
    std::size_t children_left;
  };
  std::vector<Open> open;
  open.reserve(64);
  bool ok = true;
  for (std::size_t i = 0; i < total && ok; ++i) {
    const Node& x = arena_[i / kArenaChunk][i % kArenaChunk];
    if (i == 0) {
      if (x.type != NodeType::Document || x.parent) break;
      open.push_back({&x, x.children.size()});
      order_.push_back({&x, nullptr, 0, 0, x.type, kUnknownTag});
      continue;
    }
    // x must be the next child of an open element; those it closes must be complete.
    while (!open.empty() && open.back().node != x.parent) {
      if (open.back().children_left != 0) ok = false;
      open.pop_back();
    }
    if (!ok || open.empty() || open.back().children_left == 0 || open.size() > 0xFFFF) {
      ok = false;
      break;
    }
    --open.back().children_left;
    OrderedNode e{&x, nullptr, 0, static_cast<std::uint16_t>(open.size()), x.type, kUnknownTag};
    if (x.type == NodeType::Element) {
      e.tag = tag_id(x.tag);
      open.push_back({&x, x.children.size()});
    } else {
      if (!x.children.empty() || x.text.size() > 0xFFFFFFFFu) ok = false;  // walks skip children of non-elements
      if (x.type == NodeType::Text || x.type == NodeType::Comment) {
        e.text = x.text.data();
        e.text_size = static_cast<std::uint32_t>(x.text.size());
      }
    }
    order_.push_back(e);
  }
  for (const Open& o : open)
    if (o.children_left != 0) ok = false;
  if (!ok) {
    order_.clear();
    order_.shrink_to_fit();
    return;
  }
  // Short texts side by side (sized first: the buffer must not move once pointed to).
  std::size_t short_bytes = 0;
  for (const OrderedNode& e : order_)
    if (e.text && e.text_size > 0 && e.text_size <= kShortText) short_bytes += e.text_size;
  short_texts_.resize(short_bytes);
  char* at = short_texts_.data();
  for (OrderedNode& e : order_)
    if (e.text && e.text_size > 0 && e.text_size <= kShortText) {
      std::memcpy(at, e.text, e.text_size);
      e.text = at;
      at += e.text_size;
    }
}

void Document::append_child(Node* parent, Node* child) { insert_before(parent, child, nullptr); }

void Document::insert_before(Node* parent, Node* child, Node* before) {
  detach(child);
  child->parent = parent;
  auto& ch = parent->children;
  auto it = before ? std::find(ch.begin(), ch.end(), before) : ch.end();
  ch.insert(it, child);
}

void Document::detach(Node* node) {
  if (!node->parent) return;
  auto& ch = node->parent->children;
  ch.erase(std::remove(ch.begin(), ch.end(), node), ch.end());
  node->parent = nullptr;
}

void Document::unwrap(Node* node) {
  Node* parent = node->parent;
  if (!parent) return;
  auto& ch = parent->children;
  auto it = std::find(ch.begin(), ch.end(), node);
  std::vector<Node*> kids = std::move(node->children);
  node->children.clear();
  for (Node* k : kids) k->parent = parent;
  it = ch.erase(it);
  ch.insert(it, kids.begin(), kids.end());
  node->parent = nullptr;
}

std::string_view Document::guard_markup_depth(std::string_view html, const ParseOptions& opts, std::string& storage) {
  int dropped_tags = 0;
  if (!limit_markup_depth(html, opts.max_markup_depth, storage, dropped_tags)) return html;
  flattened_ += dropped_tags;
  return storage;
}

Document Document::parse(std::string_view html, const ParseOptions& opts) {
  Document doc;
  std::string limited;
  html = doc.guard_markup_depth(html, opts, limited);
  GumboOptions gopts = kGumboDefaultOptions;
  gopts.max_errors = 0;  // we do not use the error list; keeps memory flat on bad pages
  thread_local GumboArena arena;
  const auto in_use = arena.cache.use();
  ArenaRewind rewind_at_end{arena};
  gopts.allocator = &GumboArena::allocate;
  gopts.deallocator = &GumboArena::deallocate;
  gopts.userdata = &arena;
  arena.budget = opts.parser_bytes_bound(html.size());
  GumboOutput* out = parse_in_arena(gopts, html, arena);
  if (!out)
    throw TreeLimitError("the markup (" + approx_bytes(html.size()) + ") takes gumbo-0.10.1 more than " +
                         approx_bytes(arena.budget) + " to parse (the bound for its size): parse stopped");
  doc.parser_bytes_ = arena.used();
  doc.set_node_limit(opts, Parser::Html5, html.size());
  // Iterative conversion: (gumbo node, our parent, depth).
  struct Item {
    const GumboNode* g;
    Node* parent;
    int depth;
  };
  std::vector<Item> stack;
  const GumboVector& top = out->document->v.document.children;
  for (unsigned i = top.length; i-- > 0;)
    stack.push_back({static_cast<const GumboNode*>(top.data[i]), doc.root_, 1});
  while (!stack.empty()) {
    Item it = stack.back();
    stack.pop_back();
    const GumboNode* g = it.g;
    Node* n = nullptr;
    switch (g->type) {
      case GUMBO_NODE_ELEMENT:
      case GUMBO_NODE_TEMPLATE: {
        n = doc.new_node(NodeType::Element);
        n->tag = element_name(g->v.element);
        const GumboVector& attrs = g->v.element.attributes;
        n->attrs.reserve(attrs.length);
        for (unsigned i = 0; i < attrs.length; ++i) {
          auto* a = static_cast<const GumboAttribute*>(attrs.data[i]);
          n->attrs.push_back({lower(a->name), a->value});
        }
        break;
      }
      case GUMBO_NODE_TEXT:
      case GUMBO_NODE_CDATA:
      case GUMBO_NODE_WHITESPACE: {
        // Merge adjacent text nodes (gumbo splits whitespace and text).
        auto& siblings = it.parent->children;
        if (!siblings.empty() && siblings.back()->type == NodeType::Text) {
          siblings.back()->text += g->v.text.text;
          continue;
        }
        n = doc.new_node(NodeType::Text);
        n->text = g->v.text.text;
        break;
      }
      case GUMBO_NODE_COMMENT:
        n = doc.new_node(NodeType::Comment);
        n->text = g->v.text.text;
        break;
      default:
        continue;
    }
    Node* parent = it.parent;
    n->parent = parent;
    parent->children.push_back(n);
    if (n->type == NodeType::Element) {
      const GumboVector& kids = g->v.element.children;
      int child_depth = it.depth + 1;
      Node* child_parent = n;
      if (child_depth > opts.max_depth) {
        // Flatten: children go to n's parent, after n; count the moved elements.
        child_parent = parent;
        child_depth = it.depth;
        doc.flattened_ += 1;
      } else {
        n->children.reserve(kids.length);  // an upper bound (adjacent texts merge)
      }
      for (unsigned i = kids.length; i-- > 0;)
        stack.push_back({static_cast<const GumboNode*>(kids.data[i]), child_parent, child_depth});
    }
  }
  // No gumbo_destroy_output: every byte of the output is in the arena, rewound here.
  doc.node_limit_ = 0;
  doc.build_document_order();
  return doc;
}

namespace {
const Node* find_child(const Node* n, std::string_view tag) {
  if (!n) return nullptr;
  for (const Node* c : n->children)
    if (c->is(tag)) return c;
  return nullptr;
}
}  // namespace

const Node* Document::html() const { return find_child(root_, "html"); }
const Node* Document::head() const { return find_child(html(), "head"); }
const Node* Document::body() const { return find_child(html(), "body"); }
Node* Document::body() {
  unchanged_ = false;  // the caller may edit (see unchanged())
  return const_cast<Node*>(std::as_const(*this).body());
}

std::string Document::title() const {
  std::string result;
  bool found = false;
  walk(root_, [&](Event e, const Node* n) {
    if (found) return false;
    if (e == Event::Enter && n->is("title")) {
      result = text_content(n);
      found = true;
      return false;
    }
    // Do not look for a title inside svg.
    return !(e == Event::Enter && n->is("svg"));
  });
  return result;
}

Document Document::clone() const {
  Document copy;
  copy.flattened_ = flattened_;
  std::vector<std::pair<const Node*, Node*>> stack;
  for (auto it = root_->children.rbegin(); it != root_->children.rend(); ++it)
    stack.push_back({*it, copy.root_});
  while (!stack.empty()) {
    auto [src, parent] = stack.back();
    stack.pop_back();
    Node* n = copy.new_node(src->type);
    n->tag = src->tag;
    n->attrs = src->attrs;
    n->text = src->text;
    n->parent = parent;
    parent->children.push_back(n);
    for (auto it = src->children.rbegin(); it != src->children.rend(); ++it)
      stack.push_back({*it, n});
  }
  return copy;
}

std::string text_content(const Node* node) {
  std::string out;
  walk(node, [&](Event e, const Node* n) {
    if (e == Event::Text) out += n->text;
    return true;
  });
  return out;
}

bool is_raw_text_element(std::string_view tag) {
  static constexpr std::array<std::string_view, 10> k = {
      "script", "style", "noscript", "template", "iframe", "object", "embed", "applet",
      "noembed", "noframes"};
  return in_list(tag, k);
}

bool is_void_element(std::string_view tag) {
  static constexpr std::array<std::string_view, 16> k = {
      "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
      "source", "track", "wbr", "keygen", "basefont"};
  return in_list(tag, k);
}

bool is_block_element(std::string_view tag) {
  static constexpr std::array<std::string_view, 44> k = {
      "address", "article", "aside", "blockquote", "body", "br", "caption", "center", "dd",
      "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
      "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html", "li",
      "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody",
      "td", "th", "tr", "ul"};
  return in_list(tag, k) || tag == "title" || tag == "option" || tag == "tfoot" ||
         tag == "thead" || tag == "legend" || tag == "select" || tag == "textarea";
}

std::string to_html(const Node* node) {
  std::string out;
  walk(node, [&](Event e, const Node* n) {
    switch (e) {
      case Event::Enter:
        if (n->type == NodeType::Document) return true;
        out += '<';
        out += n->tag;
        for (const auto& a : n->attrs) {
          out += ' ';
          out += a.name;
          out += "=\"";
          out += escape_html(a.value, true);
          out += '"';
        }
        out += '>';
        return true;
      case Event::Leave:
        if (n->type == NodeType::Document || is_void_element(n->tag)) return true;
        out += "</";
        out += n->tag;
        out += '>';
        return true;
      case Event::Text:
        if (n->parent && n->parent->is_element() &&
            (n->parent->tag == "script" || n->parent->tag == "style"))
          out += n->text;
        else
          out += escape_html(n->text);
        return true;
      case Event::Comment:
        out += "<!--";
        out += n->text;
        out += "-->";
        return true;
    }
    return true;
  });
  return out;
}

}  // namespace detour::dom

namespace detour::dom {

std::string parser_signature(Parser p) {
  switch (p) {
    case Parser::Html5:
      return "gumbo-0.10.1";
    case Parser::Libxml2:
      return "libxml2-" + libxml2_version();
    case Parser::Neko:
      return "detour-nekohtml-1";  // dom_neko.cc: NekoHTML 1.9 as Boilerpipe 1.2.0 runs it
  }
  return "?";
}

Document Document::parse_with(Parser parser, std::string_view html, const ParseOptions& opts) {
  switch (parser) {
    case Parser::Libxml2:
      return parse_libxml2(html, opts);
    case Parser::Neko:
      return parse_neko(html, opts);
    case Parser::Html5:
      break;
  }
  return parse(html, opts);
}

}  // namespace detour::dom
