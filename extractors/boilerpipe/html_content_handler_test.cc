// Differential tests of the handler's walk over the compact document-order view
// (parse_text_document reads dom::Document::document_order when the document has it)
// against the tree walk through `children` (parse_text_document_tree_walk): every
// DANIEL page, flattened deep trees, odd markup, and edited and cloned documents (no
// view: the tree walk must be taken and see the edits). Also checks the view itself
// against the tree.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "corpora/corpus.h"
#include "extractors/boilerpipe/html_content_handler.h"
#include "html/dom.h"
#include "tests/test_util.h"

using namespace detour;
using namespace detour::boilerpipe;

namespace {

// Every field the handler fills in, block by block; empty when equal.
std::string difference(const TextDocument& a, const TextDocument& b) {
  if (a.title != b.title || a.has_title != b.has_title) return "title: '" + a.title + "' vs '" + b.title + "'";
  if (a.blocks.size() != b.blocks.size())
    return "blocks: " + std::to_string(a.blocks.size()) + " vs " + std::to_string(b.blocks.size());
  for (std::size_t i = 0; i < a.blocks.size(); ++i) {
    const TextBlock& x = a.blocks[i];
    const TextBlock& y = b.blocks[i];
    if (x.text != y.text || x.num_words != y.num_words || x.num_words_in_anchor_text != y.num_words_in_anchor_text ||
        x.num_words_in_wrapped_lines != y.num_words_in_wrapped_lines || x.num_wrapped_lines != y.num_wrapped_lines ||
        x.text_density != y.text_density || x.link_density != y.link_density || x.tag_level != y.tag_level ||
        x.offset_start != y.offset_start || x.offset_end != y.offset_end || x.text_elements != y.text_elements ||
        x.all_heading != y.all_heading || x.labels != y.labels || x.is_content != y.is_content)
      return "block " + std::to_string(i) + ": '" + x.text + "' vs '" + y.text + "'";
  }
  return {};
}

// The view must list the tree in preorder with the right depths, texts and tag ids.
std::string view_mismatch(const dom::Document& doc) {
  const auto order = doc.document_order();
  std::size_t i = 0;
  std::string bad;
  struct Item {
    const dom::Node* node;
    int depth;
  };
  std::vector<Item> stack{{doc.root(), 0}};
  while (!stack.empty() && bad.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    if (i >= order.size()) return "view too short";
    const dom::OrderedNode& e = order[i++];
    if (e.node != it.node || e.depth != it.depth || e.type != it.node->type) bad = "node " + std::to_string(i);
    if (it.node->is_element()) {
      const std::uint8_t id = dom::tag_id(it.node->tag);
      if (e.tag != id || (id != dom::kUnknownTag && dom::tag_name(id) != it.node->tag)) bad = "tag " + it.node->tag;
    } else if (e.tag != dom::kUnknownTag) {
      bad = "tag of a non-element";
    }
    if ((it.node->is_text() || it.node->type == dom::NodeType::Comment) && e.text_view() != it.node->text)
      bad = "text " + std::to_string(i);
    for (auto c = it.node->children.rbegin(); c != it.node->children.rend(); ++c)
      stack.push_back({*c, it.depth + 1});
  }
  if (bad.empty() && i != order.size()) bad = "view too long";
  return bad;
}

}  // namespace

TEST_CASE("document-order walk equals the tree walk on every DANIEL page", "[boilerpipe][slow]") {
  DETOUR_REQUIRE_SHARED(shared);
  const auto corpus = corpora::open_corpus(shared / "corpora" / "daniel");
  int pages = 0;
  for (const auto& d : corpus.docs) {
    if (d.html_path.empty()) continue;
    const Page page = corpora::load_page(d);
    REQUIRE(page.dom);
    INFO(d.html_path.string());
    // The harness's pages are parsed and never edited: the view must be there.
    REQUIRE(page.dom->document_order().size() == page.dom->node_count());
    CHECK(view_mismatch(*page.dom).empty());
    const TextDocument td = parse_text_document(*page.dom);
    CHECK(difference(td, parse_text_document_tree_walk(*page.dom)).empty());
    if (pages % 50 == 0) {  // clones have no view
      const dom::Document copy = page.dom->clone();
      REQUIRE(copy.document_order().empty());
      CHECK(difference(parse_text_document(copy), td).empty());
    }
    ++pages;
  }
  CHECK(pages > 1000);
}

TEST_CASE("document-order walk on a flattened deep tree and odd markup", "[boilerpipe]") {
  std::string html = "<html><head><title> T </title></head><body>";
  for (int i = 0; i < 12; ++i) html += "<div>d" + std::to_string(i) + " <a href=x>link</a> <b>b</b>";
  for (int i = 0; i < 12; ++i) html += "</div>tail" + std::to_string(i);
  html += "<p>last words here</p></body></html>";
  dom::ParseOptions opts;
  opts.max_depth = 4;
  const dom::Document doc = dom::Document::parse(html, opts);
  REQUIRE(doc.flattened_elements() > 0);
  REQUIRE(!doc.document_order().empty());
  CHECK(view_mismatch(doc).empty());
  const TextDocument td = parse_text_document(doc);
  CHECK(difference(td, parse_text_document_tree_walk(doc)).empty());
  CHECK(td.title == "T");
  CHECK(td.blocks.size() > 10);
  // Unknown and custom elements, foreign content, comments, text merged by the parser,
  // stray text after </body> and nested anchors.
  const dom::Document odd = dom::Document::parse(
      "<!-- c --><title>a|b</title><body><my-el>x<x-y>y</x-y></my-el><svg><title>s</title>"
      "<foreignObject><p>f</p></foreignObject></svg><math><mi>m</mi></math>"
      "<table>t<tr><td>c</td></tr></table><a href=1>one <a href=2>two</a></a>"
      "<acronym>ac</acronym><blink>bl</blink><font>fo</font>&amp; <!-- d --> z</body>after");
  REQUIRE(!odd.document_order().empty());
  CHECK(view_mismatch(odd).empty());
  CHECK(difference(parse_text_document(odd), parse_text_document_tree_walk(odd)).empty());
  CHECK(dom::tag_id("my-el") == dom::kUnknownTag);
  CHECK(dom::tag_name(dom::tag_id("noscript")) == "noscript");
  CHECK(dom::tag_id("NOSCRIPT") == dom::kUnknownTag);  // names are lower-case
}

TEST_CASE("edited documents take the tree walk and see the edits", "[boilerpipe]") {
  dom::Document doc = dom::Document::parse("<html><body><p>first para</p><p>second para</p></body></html>");
  REQUIRE(!doc.document_order().empty());
  dom::Node* body = doc.body();
  CHECK(doc.document_order().empty());  // a mutable node was handed out
  CHECK_FALSE(doc.unchanged());
  REQUIRE(body);
  REQUIRE(body->children.size() == 2);
  // Swap the paragraphs and put a new one first: arena order is now wrong three ways.
  dom::Node* second = body->children[1];
  dom::Document::insert_before(body, second, body->children[0]);
  dom::Node* p = doc.create_element("p");
  dom::Document::append_child(p, doc.create_text("new para"));
  dom::Document::insert_before(body, p, body->children[0]);
  const dom::Document& cdoc = doc;
  const TextDocument td = parse_text_document(cdoc);
  CHECK(difference(td, parse_text_document_tree_walk(cdoc)).empty());
  REQUIRE(td.blocks.size() == 3);
  CHECK(td.blocks[0].text == "new para");
  CHECK(td.blocks[1].text == "second para");
  CHECK(td.blocks[2].text == "first para");
  // A clone of the edited tree has no view either, and the same blocks.
  const dom::Document copy = cdoc.clone();
  CHECK(copy.document_order().empty());
  CHECK(difference(parse_text_document(copy), td).empty());
}

TEST_CASE("create_* and the mutable accessors drop the document-order view", "[boilerpipe]") {
  dom::Document a = dom::Document::parse("<p>x</p>");
  REQUIRE(a.document_order().size() == a.node_count());
  a.create_text("detached");  // an unused node in the arena
  CHECK(a.document_order().empty());
  dom::Document b = dom::Document::parse("<p>x</p>");
  b.root();
  CHECK(b.document_order().empty());
  const dom::Document c = dom::Document::parse("<p>x</p>");
  c.root();
  c.body();
  CHECK(c.document_order().size() == c.node_count());  // the const accessors keep it
  CHECK(c.unchanged());
  // A moved document keeps its view (the nodes stay where they are).
  dom::Document d = dom::Document::parse("<p>y</p>");
  const dom::Document e = std::move(d);
  CHECK(view_mismatch(e).empty());
  CHECK(difference(parse_text_document(e), parse_text_document_tree_walk(e)).empty());
}
