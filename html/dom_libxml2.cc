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
// The libxml2 tree is then copied into our arena in document order: elements (names
// as libxml2 gives them: lower case), their attributes (value = the text of the
// attribute's children; "" for an attribute without a value), text (adjacent text
// nodes merged), comments; processing instructions (`<?xml ...?>` in a page) become
// comments (both are non-element nodes that the lxml-based tools drop); the document
// type node is left out. Character references and entities are resolved by libxml2
// itself: &#128;-&#159; give the C1 control characters, `&nbsp` without ';' stays
// literal, as lxml shows them.
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

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

struct CtxtFree {
  void operator()(htmlParserCtxtPtr c) const { htmlFreeParserCtxt(c); }
};
struct DocFree {
  void operator()(xmlDocPtr d) const { xmlFreeDoc(d); }
};

const char* chars(const xmlChar* s) { return reinterpret_cast<const char*>(s); }

void append_content(std::string& out, const xmlNode* n) {
  if (n->content) out += chars(n->content);
}

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
  ParseOptions guarded = opts;
  guarded.max_markup_depth = std::min(opts.max_markup_depth, kLibxml2MaxDepth);
  html = doc.guard_markup_depth(html, guarded, limited);
  std::unique_ptr<htmlParserCtxt, CtxtFree> ctxt(htmlNewParserCtxt());
  if (!ctxt) throw std::bad_alloc();
  if (ctxt->sax) ctxt->sax->serror = &ignore_error;
  // An empty buffer is no document for libxml2: an empty page gives an empty tree.
  std::unique_ptr<xmlDoc, DocFree> xdoc;
  if (!html.empty())
    xdoc.reset(htmlCtxtReadMemory(ctxt.get(), html.data(), static_cast<int>(html.size()), nullptr, encoding,
                                  kLxmlOptions | kQuiet));
  if (!xdoc) {
    doc.build_document_order();
    return doc;
  }
  // Iterative preorder copy: (libxml2 node, our parent, depth).
  struct Item {
    const xmlNode* x;
    Node* parent;
    int depth;
  };
  std::vector<Item> stack;
  {
    std::vector<const xmlNode*> top;
    for (const xmlNode* c = xdoc->children; c; c = c->next) top.push_back(c);
    for (std::size_t i = top.size(); i-- > 0;) stack.push_back({top[i], doc.root_, 1});
  }
  std::vector<const xmlNode*> kids;
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    const xmlNode* x = it.x;
    Node* n = nullptr;
    switch (x->type) {
      case XML_ELEMENT_NODE: {
        n = doc.new_node(NodeType::Element);
        n->tag = x->name ? chars(x->name) : "unknown";
        for (const xmlAttr* a = x->properties; a; a = a->next) {
          Attribute attr;
          attr.name = a->name ? chars(a->name) : "";
          for (const xmlNode* v = a->children; v; v = v->next) append_content(attr.value, v);
          n->attrs.push_back(std::move(attr));
        }
        break;
      }
      case XML_TEXT_NODE:
      case XML_CDATA_SECTION_NODE: {
        auto& siblings = it.parent->children;
        if (!siblings.empty() && siblings.back()->type == NodeType::Text) {
          append_content(siblings.back()->text, x);
          continue;
        }
        n = doc.new_node(NodeType::Text);
        append_content(n->text, x);
        break;
      }
      case XML_COMMENT_NODE:
      case XML_PI_NODE:
        n = doc.new_node(NodeType::Comment);
        append_content(n->text, x);
        break;
      default:
        continue;  // the document type, entity declarations
    }
    Node* parent = it.parent;
    n->parent = parent;
    parent->children.push_back(n);
    if (n->type == NodeType::Element) {
      int child_depth = it.depth + 1;
      Node* child_parent = n;
      if (child_depth > opts.max_depth) {
        child_parent = parent;
        child_depth = it.depth;
        doc.flattened_ += 1;
      }
      kids.clear();
      for (const xmlNode* c = x->children; c; c = c->next) kids.push_back(c);
      for (std::size_t i = kids.size(); i-- > 0;) stack.push_back({kids[i], child_parent, child_depth});
    }
  }
  doc.build_document_order();
  return doc;
}

}  // namespace detour::dom
