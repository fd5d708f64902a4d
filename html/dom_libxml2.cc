// dom_libxml2: the tree of libxml2's HTML parser, as lxml.html builds it, in our DOM
// (see dom.h, Parser::Libxml2).
//
// lxml.html parses with htmlCtxtReadMemory and its HTMLParser's default options,
// HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_COMPACT (blanks kept, the default
// doctype added); jusText and readability-lxml hand it the page already decoded, as
// UTF-8 bytes with the encoding given (readability) or as a Python str (jusText; lxml
// passes the string's buffer with its encoding), so a <meta charset> in the page is
// not looked at. We do the same with the UTF-8 text of the page, and add
// HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING (lxml collects the errors in its log
// instead of printing them; neither option changes the tree).
//
// Our tree is built from libxml2's SAX events, as libxml2's own tree builder (SAX2.c)
// would attach them, without building libxml2's tree: elements (names as the parser
// gives them, lower case, with the part before a ':' dropped as xmlSplitQName drops
// it), their attributes (as written; a boolean attribute without value gets its name,
// any other one ""), text and script/style content (adjacent runs merged), comments;
// processing instructions (`<?xml ...?>` in a page) become comments (both are
// non-element nodes that the lxml-based tools drop); the document type is left out.
// Where libxml2 would attach a node, we attach ours: an element opened after the root
// closed goes into the document's first child when that is an element, else beside
// it; text outside any element is dropped. The parser itself reads the tree it builds
// in two places (whether whitespace is ignorable, and the node stack), so a shadow of
// libxml2's nodes (elements, text and comment kinds only, from our own arena) stands
// in for it: the parser sees the same nodes and makes the same decisions. Character
// references and entities are resolved by libxml2 itself: &#128;-&#159; give the C1
// control characters, `&nbsp` without ';' stays literal, as lxml shows them. The
// parser context is kept per thread and reused (as lxml keeps its parser).
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include <algorithm>
#include <cstring>
#include <deque>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/thread_cache.h"
#include "html/dom.h"

namespace detour::dom {
namespace {

constexpr int kLxmlOptions = HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_COMPACT;
constexpr int kQuiet = HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING;
// Below libxml2's limit of 256 open elements (xmlParserMaxDepth), leaving room for the
// elements the guard does not count (those whose end tag is optional).
constexpr int kLibxml2MaxDepth = 200;

void ignore_error(void*, xmlErrorPtr) {}

void init_libxml2() {
  static std::once_flag once;
  std::call_once(once, [] { xmlInitParser(); });
}

struct DocFree {
  void operator()(xmlDocPtr d) const { xmlFreeDoc(d); }
};

const char* chars(const xmlChar* s) { return reinterpret_cast<const char*>(s); }

// libxml2's limit on one text node without XML_PARSE_HUGE (XML_MAX_TEXT_LENGTH): past
// it libxml2 stops the parse.
constexpr std::size_t kMaxTextLength = 10000000;

// A shadow of one libxml2 node: the fields the parser reads (type, name, links) and,
// for an element, where our children of it go (itself, or an ancestor when the tree
// is deeper than ParseOptions::max_depth).
struct Shadow {
  xmlNode x;
  Node* child_parent;
  int child_depth;
};

// Shadows in chunks (addresses stay put), reused from page to page by one thread.
class ShadowArena {
 public:
  Shadow* make(xmlElementType type, const xmlChar* name) {
    if (used_ == chunks_.size() * kChunk) chunks_.push_back(std::make_unique<Shadow[]>(kChunk));
    Shadow* s = &chunks_[used_ / kChunk][used_ % kChunk];
    ++used_;
    std::memset(&s->x, 0, sizeof s->x);
    s->x.type = type;
    s->x.name = name;
    s->x._private = s;
    s->child_parent = nullptr;
    s->child_depth = 0;
    return s;
  }
  void clear() { used_ = 0; }
  void release() {
    chunks_.clear();
    used_ = 0;
  }

 private:
  static constexpr std::size_t kChunk = 512;
  std::vector<std::unique_ptr<Shadow[]>> chunks_;
  std::size_t used_ = 0;
};

// libxml2's xmlAddChild for a node known to be new: `c` becomes the last child of `p`.
void link_last(xmlNode* p, xmlNode* c) {
  c->parent = p;
  c->prev = p->last;
  if (p->last) p->last->next = c;
  else p->children = c;
  p->last = c;
}

// The state of one parse (ctxt->_private).
struct Build {
  Document* doc = nullptr;
  Node* (*new_node)(Document&, NodeType) = nullptr;
  Node* root = nullptr;
  int max_depth = 0;
  int flattened = 0;
  ShadowArena* shadows = nullptr;
  Shadow* top_first = nullptr;   // the first node at document level (the DTD aside)
  std::size_t text_run = 0;      // length of the text node last added to
  std::deque<std::string>* pi_targets = nullptr;  // names of the PI shadows (stay put)
  std::exception_ptr error;      // thrown by our side: the parse is stopped
};

Build& build_of(void* ctx) {
  return *static_cast<Build*>(static_cast<xmlParserCtxtPtr>(ctx)->_private);
}

// The first child of libxml2's document: the DTD when there is one (libxml2 puts it
// first in an HTML document), else the first node we placed at document level.
xmlNode* document_first(xmlParserCtxtPtr ctxt, const Build& b) {
  if (ctxt->myDoc && ctxt->myDoc->children) return ctxt->myDoc->children;
  return b.top_first ? &b.top_first->x : nullptr;
}

// Where our children of the current node go: (parent, its depth).
std::pair<Node*, int> target(xmlParserCtxtPtr ctxt, const Build& b) {
  if (ctxt->node) {
    const auto* s = static_cast<const Shadow*>(ctxt->node->_private);
    return {s->child_parent, s->child_depth};
  }
  return {b.root, 1};
}

void attach(Node* parent, Node* n) {
  n->parent = parent;
  parent->children.push_back(n);
}

// Runs a callback body; an exception stops the parse and is rethrown after it.
template <class F>
void guarded(void* ctx, F f) {
  auto* ctxt = static_cast<xmlParserCtxtPtr>(ctx);
  Build& b = build_of(ctx);
  if (b.error) return;
  try {
    f(ctxt, b);
  } catch (...) {
    b.error = std::current_exception();
    xmlStopParser(ctxt);
  }
}

// xmlSAX2StartElement for an HTML document.
void on_start_element(void* ctx, const xmlChar* fullname, const xmlChar** atts) {
  guarded(ctx, [&](xmlParserCtxtPtr ctxt, Build& b) {
    if (!fullname || !ctxt->myDoc) return;
    Node* n = b.new_node(*b.doc, NodeType::Element);
    if (std::strchr(chars(fullname), ':')) {
      xmlChar* prefix = nullptr;
      xmlChar* local = xmlSplitQName(ctxt, fullname, &prefix);
      n->tag = local ? chars(local) : chars(fullname);
      xmlFree(local);
      xmlFree(prefix);
    } else {
      n->tag = chars(fullname);
    }
    Shadow* s = b.shadows->make(XML_ELEMENT_NODE, reinterpret_cast<const xmlChar*>(n->tag.c_str()));
    xmlNode* parent = ctxt->node;
    const bool first_of_document = document_first(ctxt, b) == nullptr;
    if (!first_of_document && !parent) parent = document_first(ctxt, b);
    if (nodePush(ctxt, &s->x) < 0) return;  // too deep: libxml2 drops it and stops
    Node* ours = b.root;
    int depth = 1;
    if (first_of_document) {
      b.top_first = s;
    } else if (parent->type == XML_ELEMENT_NODE) {
      link_last(parent, &s->x);
      const auto* ps = static_cast<const Shadow*>(parent->_private);
      ours = ps->child_parent;
      depth = ps->child_depth;
    }  // else beside the DTD or a comment at document level: a top-level node
    attach(ours, n);
    if (depth + 1 > b.max_depth) {
      s->child_parent = ours;
      s->child_depth = depth;
      ++b.flattened;
    } else {
      s->child_parent = n;
      s->child_depth = depth + 1;
    }
    if (atts) {
      for (std::size_t i = 0; atts[i]; i += 2) {
        Attribute a;
        a.name = chars(atts[i]);
        if (atts[i + 1]) a.value = chars(atts[i + 1]);
        else if (htmlIsBooleanAttr(atts[i])) a.value = a.name;
        n->attrs.push_back(std::move(a));
      }
    }
  });
}

void on_end_element(void* ctx, const xmlChar*) {
  guarded(ctx, [](xmlParserCtxtPtr ctxt, Build&) { nodePop(ctxt); });
}

// xmlSAX2Text: text (or script/style content, CDATA for libxml2) goes to the current
// node, joined to the text before it; outside any element it is dropped.
void add_text(void* ctx, const xmlChar* ch, int len, xmlElementType type) {
  guarded(ctx, [&](xmlParserCtxtPtr ctxt, Build& b) {
    if (!ctxt->node || len < 0) return;
    const xmlNode* last = ctxt->node->last;
    const auto n = static_cast<std::size_t>(len);
    if (last && last->type == type) {
      if (b.text_run + n > kMaxTextLength) {
        xmlStopParser(ctxt);
        return;
      }
      b.text_run += n;
    } else {
      link_last(ctxt->node, &b.shadows->make(type, type == XML_TEXT_NODE ? xmlStringText : nullptr)->x);
      b.text_run = n;
    }
    auto [parent, depth] = target(ctxt, b);
    (void)depth;
    if (!parent->children.empty() && parent->children.back()->type == NodeType::Text) {
      parent->children.back()->text.append(chars(ch), n);
      return;
    }
    Node* t = b.new_node(*b.doc, NodeType::Text);
    t->text.assign(chars(ch), n);
    attach(parent, t);
  });
}

void on_characters(void* ctx, const xmlChar* ch, int len) { add_text(ctx, ch, len, XML_TEXT_NODE); }
void on_cdata(void* ctx, const xmlChar* ch, int len) { add_text(ctx, ch, len, XML_CDATA_SECTION_NODE); }

// xmlSAX2Comment / xmlSAX2ProcessingInstruction: a child of the current node, or a
// node at document level.
void add_comment(void* ctx, xmlElementType type, const xmlChar* name, const xmlChar* content) {
  guarded(ctx, [&](xmlParserCtxtPtr ctxt, Build& b) {
    Shadow* s = b.shadows->make(type, name);
    Node* n = b.new_node(*b.doc, NodeType::Comment);
    if (content) n->text = chars(content);
    if (ctxt->node) {
      link_last(ctxt->node, &s->x);
      attach(target(ctxt, b).first, n);
    } else {
      if (!document_first(ctxt, b)) b.top_first = s;
      attach(b.root, n);
    }
  });
}

void on_comment(void* ctx, const xmlChar* value) { add_comment(ctx, XML_COMMENT_NODE, xmlStringComment, value); }

void on_pi(void* ctx, const xmlChar* target_name, const xmlChar* data) {
  Build& b = build_of(ctx);
  b.pi_targets->emplace_back(target_name ? chars(target_name) : "");
  add_comment(ctx, XML_PI_NODE, reinterpret_cast<const xmlChar*>(b.pi_targets->back().c_str()), data);
}

// Parser contexts are reused (each thread holds one while it lives), with our SAX
// handler (document start, the document type and the end stay libxml2's: they build
// only the document node and its DTD, which the parser reads). A thread that ends
// hands its context to a pool for the next thread; the pool is never destroyed and
// never calls libxml2 at exit, because libxml2 cleans itself up when the process
// ends, possibly before a worker thread's thread_local destructors run.
struct ContextPool {
  std::mutex mutex;
  std::vector<htmlParserCtxtPtr> idle;
};

ContextPool& context_pool() {
  static auto* pool = new ContextPool;  // intentionally never destroyed (see above)
  return *pool;
}

// A context holding names of many pages is replaced (its dictionary only grows).
constexpr std::size_t kMaxDictNames = 200000;

htmlParserCtxtPtr new_context() {
  htmlParserCtxtPtr c = htmlNewParserCtxt();
  if (!c || !c->sax) {
    if (c) htmlFreeParserCtxt(c);
    throw std::bad_alloc();
  }
  xmlSAXHandler* h = c->sax;
  h->serror = &ignore_error;
  h->startElement = &on_start_element;
  h->endElement = &on_end_element;
  h->characters = &on_characters;
  h->cdataBlock = &on_cdata;
  h->comment = &on_comment;
  h->processingInstruction = &on_pi;
  return c;
}

struct ThreadParser {
  htmlParserCtxtPtr ctxt = nullptr;
  ShadowArena shadows;
  std::deque<std::string> pi_targets;

  ThreadParser() = default;
  ThreadParser(const ThreadParser&) = delete;
  ThreadParser& operator=(const ThreadParser&) = delete;
  ~ThreadParser() {
    cache.retire();
    if (!ctxt) return;
    ContextPool& pool = context_pool();
    std::lock_guard lock(pool.mutex);
    pool.idle.push_back(ctxt);
  }
  htmlParserCtxtPtr context() {
    if (ctxt) return ctxt;
    {
      ContextPool& pool = context_pool();
      std::lock_guard lock(pool.mutex);
      if (!pool.idle.empty()) {
        ctxt = pool.idle.back();
        pool.idle.pop_back();
        return ctxt;
      }
    }
    ctxt = new_context();
    return ctxt;
  }
  void discard() {
    if (ctxt) htmlFreeParserCtxt(ctxt);
    ctxt = nullptr;
  }
  // Between parses (release_thread_caches): the context with its dictionary, the shadows.
  void release() {
    discard();
    shadows.release();
    std::deque<std::string>().swap(pi_targets);
  }
  // Held while a parse uses the parser (declared last: retired before the members go).
  ThreadCache cache{[this] { release(); }};
};

}  // namespace

std::string libxml2_version() {
  // xmlParserVersion is "20914" for 2.9.14 (the library loaded, not the headers).
  const std::string v = xmlParserVersion ? xmlParserVersion : "";
  if (v.size() < 5) return v;
  const std::size_t n = v.size();
  auto num = [](const std::string& s) { return std::to_string(std::stoi(s)); };
  return num(v.substr(0, n - 4)) + "." + num(v.substr(n - 4, 2)) + "." + num(v.substr(n - 2));
}

Document Document::parse_libxml2(std::string_view html, const ParseOptions& opts, const char* encoding) {
  init_libxml2();
  if (html.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw std::length_error("page of " + std::to_string(html.size()) + " bytes: too large for libxml2");
  Document doc;
  std::string limited;
  // libxml2 without HTML_PARSE_HUGE (as lxml runs it) stops at 256 open elements and
  // the rest of the page is lost; the guard flattens deeper tags first, so the content
  // stays (pages nested that deep: none of DANIEL's, where lxml's trees and ours agree).
  ParseOptions guarded_opts = opts;
  guarded_opts.max_markup_depth = std::min(opts.max_markup_depth, kLibxml2MaxDepth);
  html = doc.guard_markup_depth(html, guarded_opts, limited);
  // An empty buffer is no document for libxml2: an empty page gives an empty tree.
  if (html.empty()) {
    doc.build_document_order();
    return doc;
  }
  thread_local ThreadParser tp;
  const auto in_use = tp.cache.use();
  htmlParserCtxtPtr ctxt = tp.context();
  tp.shadows.clear();
  tp.pi_targets.clear();
  Build b;
  b.doc = &doc;
  b.new_node = +[](Document& d, NodeType t) { return d.new_node(t); };
  b.root = doc.root_;
  b.max_depth = opts.max_depth;
  b.shadows = &tp.shadows;
  b.pi_targets = &tp.pi_targets;
  ctxt->_private = &b;
  doc.set_node_limit(opts, Parser::Libxml2, html.size());  // over it: the parse stops (guarded)
  std::unique_ptr<xmlDoc, DocFree> xdoc(htmlCtxtReadMemory(ctxt, html.data(), static_cast<int>(html.size()), nullptr,
                                                           encoding, kLxmlOptions | kQuiet));
  ctxt->_private = nullptr;
  // The node stack holds our shadows, the input a copy of the page: the context keeps
  // neither until the next page.
  while (ctxt->nodeNr > 0) nodePop(ctxt);
  htmlCtxtReset(ctxt);
  if (b.error || !ctxt->dict || static_cast<std::size_t>(xmlDictSize(ctxt->dict)) > kMaxDictNames) tp.discard();
  if (b.error) std::rethrow_exception(b.error);
  doc.node_limit_ = 0;
  doc.flattened_ += b.flattened;
  doc.build_document_order();
  return doc;
}

}  // namespace detour::dom
