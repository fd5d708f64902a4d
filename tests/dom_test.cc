// The DOM: parsing, the depth guards, clone, walk, serialisation.
#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <string>

#include "extractors/blocks.h"
#include "html/dom.h"
#include "extractors/extractor.h"

using namespace detour;

TEST_CASE("dom: parse, title, body, text", "[dom]") {
  auto d = dom::Document::parse("<title> T </title><p>Hello <b>world</b><script>x()</script>");
  CHECK(d.title() == " T ");
  REQUIRE(d.body());
  CHECK(dom::text_content(d.body()) == "Hello worldx()");
  auto blocks = visible_blocks(d.body());
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].text == "Hello world");
  auto c = d.clone();
  CHECK(dom::to_html(c.root()) == dom::to_html(d.root()));
}

TEST_CASE("dom: 100000 nested divs parse quickly and walks stay safe", "[dom][robust]") {
  std::string html = "<html><body>";
  for (int i = 0; i < 100000; ++i) html += "<div>";
  html += "deep text";
  for (int i = 0; i < 100000; ++i) html += "</div>";
  html += "<p>after</p></body></html>";
  auto t0 = std::chrono::steady_clock::now();
  auto d = dom::Document::parse(html);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(d.flattened_elements() > 0);
  std::string text = dom::text_content(d.body());
  CHECK(text.find("deep text") != std::string::npos);
  CHECK(text.find("after") != std::string::npos);
  // Not a timing assertion on speed, only a bound far above normal that catches the
  // quadratic parse (minutes) this guard exists for.
  CHECK(secs < 60);
  Page p = html::make_page("deep", html);
  CHECK(visible_blocks(p.dom->body()).size() >= 2);
}

TEST_CASE("dom: many unclosed paragraphs are not mistaken for deep nesting", "[dom]") {
  std::string html = "<body>";
  for (int i = 0; i < 3000; ++i) html += "<p>para " + std::to_string(i);
  auto d = dom::Document::parse(html);
  CHECK(d.flattened_elements() == 0);
  CHECK(d.body()->children.size() == 3000);
}

TEST_CASE("dom: parses on one thread reuse gumbo's arena without mixing trees", "[dom]") {
  // A big page (many arena blocks, large attribute values), then small ones: each
  // tree must be what a fresh parse gives, and documents outlive later parses.
  std::string big = "<html><body>";
  for (int i = 0; i < 20000; ++i)
    big += "<div class=\"c" + std::to_string(i) + "\"><p>para " + std::to_string(i) + " text</p></div>";
  big += "<p title=\"" + std::string(300000, 'x') + "\">long attribute</p></body></html>";
  auto first = dom::Document::parse(big);
  std::string first_html = dom::to_html(first.root());
  std::vector<dom::Document> docs;
  for (int k = 0; k < 50; ++k)
    docs.push_back(dom::Document::parse("<p>small " + std::to_string(k) + "</p><p>two <b>b</b> tail</p>"));
  for (int k = 0; k < 50; ++k) {
    REQUIRE(docs[k].body());
    CHECK(dom::text_content(docs[k].body()) == "small " + std::to_string(k) + "two b tail");
  }
  CHECK(dom::to_html(first.root()) == first_html);  // untouched by later parses
  CHECK(dom::to_html(dom::Document::parse(big).root()) == first_html);
  CHECK(first_html.find("para 19999 text") != std::string::npos);
  CHECK(first_html.find(std::string(300000, 'x')) != std::string::npos);
}

namespace {

// The texts of a tree, in document order, joined by '|'.
std::string texts(const dom::Document& d) {
  std::string out;
  dom::walk(d.root(), [&](dom::Event e, const dom::Node* n) {
    if (e == dom::Event::Text) out += (out.empty() ? "" : "|") + n->text;
    return true;
  });
  return out;
}

// The parent tag of the first text node that contains `needle`.
std::string parent_of(const dom::Document& d, std::string_view needle) {
  std::string tag;
  dom::walk(d.root(), [&](dom::Event e, const dom::Node* n) {
    if (e == dom::Event::Text && tag.empty() && n->text.find(needle) != std::string::npos) tag = n->parent->tag;
    return true;
  });
  return tag;
}

bool has_ancestor(const dom::Document& d, std::string_view needle, std::string_view tag) {
  bool found = false;
  dom::walk(d.root(), [&](dom::Event e, const dom::Node* n) {
    if (e == dom::Event::Text && !found && n->text.find(needle) != std::string::npos)
      for (const dom::Node* p = n->parent; p; p = p->parent)
        if (p->is(tag)) found = true;
    return true;
  });
  return found;
}

}  // namespace

// What lxml.html shows (checked with Debian's python3-lxml 4.9 on libxml2 2.9.14).
TEST_CASE("dom: libxml2's tree as lxml shows it", "[dom][libxml2]") {
  // C1 references stay C1 controls, &#0; is dropped, "&nbsp" without ';' stays text.
  auto d = dom::Document::parse_libxml2("<p>a&#150;b &#128; c&nbsp d &amp; e</p>");
  CHECK(texts(d) == "a\xC2\x96" "b \xC2\x80 c&nbsp d & e");
  // No <tbody> is added; "<a .../>" is closed where it is.
  auto t = dom::Document::parse_libxml2("<a name=x/><table><tr><td>cell</td></tr></table><p>after</p>");
  CHECK(parent_of(t, "cell") == "td");
  CHECK_FALSE(has_ancestor(t, "cell", "tbody"));
  CHECK_FALSE(has_ancestor(t, "after", "a"));
  // Whitespace text is kept (lxml's default), tags and attributes in lower case.
  auto w = dom::Document::parse_libxml2("<DIV CLASS=x>one</DIV> <div>two</div>");
  REQUIRE(w.body());
  CHECK(w.body()->children.size() == 3);
  CHECK(w.body()->children[0]->attr_or("class") == "x");
  // An empty page is an empty tree, not an error.
  CHECK(dom::Document::parse_libxml2("").root()->children.empty());
}

namespace {

// One node a line: depth, E name "attr"="value"..., T text, C comment (the form of
// parse_fidelity trees and scripts/parse_fidelity/lxml_trees.py).
std::string dump(const dom::Document& d) {
  std::string out;
  auto q = [](const std::string& s) {
    std::string r = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') r += '\\';
      r += c;
    }
    return r + "\"";
  };
  std::function<void(const dom::Node*, int)> rec = [&](const dom::Node* n, int depth) {
    for (const dom::Node* c : n->children) {
      out += std::to_string(depth);
      out += ' ';
      if (c->is_element()) {
        out += "E ";
        out += q(c->tag);
        for (const auto& a : c->attrs) {
          out += ' ';
          out += q(a.name);
          out += '=';
          out += q(a.value);
        }
      } else {
        out += c->is_text() ? "T " : "C ";
        out += q(c->text);
      }
      out += "\n";
      rec(c, depth + 1);
    }
  };
  rec(d.root(), 0);
  return out;
}

}  // namespace

// Where libxml2's tree builder puts what comes before the root, after it closed, and
// names with a prefix: our tree, built from the parser's events, against lxml.html's
// (python3-lxml 4.9.2, libxml2 2.9.14).
TEST_CASE("dom: libxml2's placement of nodes outside the root, as lxml shows it", "[dom][libxml2]") {
  // A document type: what follows </html> goes beside the root; prefixes dropped from
  // element names (not from attribute names), boolean attributes valued by their name.
  CHECK(dump(dom::Document::parse_libxml2(
            "<!-- c1 --><?php x ?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\">\n<html><head><title>t</title>"
            "</head><body> <p>a</p> <div><o:p a:b=\"1\" checked>x</o:p><input checked disabled=\"\"><x:y:z>q</x:y:z>"
            "<xml:lang>d</xml:lang></div></body></html>\n<p>after</p> tail <!-- c2 --><div>after2</div>")) ==
        "0 C \" c1 \"\n0 C \"x ?\"\n0 E \"html\"\n1 E \"head\"\n2 E \"title\"\n3 T \"t\"\n1 E \"body\"\n2 T \" \"\n"
        "2 E \"p\"\n3 T \"a\"\n2 T \" \"\n2 E \"div\"\n3 E \"p\" \"a:b\"=\"1\" \"checked\"=\"checked\"\n4 T \"x\"\n"
        "3 E \"input\" \"checked\"=\"checked\" \"disabled\"=\"\"\n3 E \"y:z\"\n4 T \"q\"\n3 E \"lang\"\n4 T \"d\"\n"
        "0 E \"html\"\n1 E \"p\"\n2 T \"after\"\n1 E \"p\"\n2 T \" tail \"\n2 C \" c2 \"\n1 E \"div\"\n"
        "2 T \"after2\"\n");
  // No document type: what follows </html> goes into the root element.
  CHECK(dump(dom::Document::parse_libxml2("<p>no doctype</p></html><div>after html</div><!-- c -->text")) ==
        "0 E \"html\"\n1 E \"body\"\n2 E \"p\"\n3 T \"no doctype\"\n1 E \"html\"\n2 E \"div\"\n"
        "3 T \"after html\"\n2 C \" c \"\n2 E \"p\"\n3 T \"text\"\n");
  // A comment first: beside it, at document level.
  CHECK(dump(dom::Document::parse_libxml2("<!-- first -->\n<html><body><p>x</body></html><p>late</p>")) ==
        "0 C \" first \"\n0 E \"html\"\n1 E \"body\"\n2 E \"p\"\n3 T \"x\"\n0 E \"html\"\n1 E \"p\"\n"
        "2 T \"late\"\n");
  // An XML declaration (a processing instruction first), a document type after the root.
  CHECK(dump(dom::Document::parse_libxml2("<?xml version=\"1.0\"?><html><body><p>x<p>y<li>z<table><td>w</table>"
                                          "</body></html><!DOCTYPE html><p>late doctype</p>")) ==
        "0 C \"version=\\\"1.0\\\"?\"\n0 E \"html\"\n1 E \"body\"\n2 E \"p\"\n3 T \"x\"\n2 E \"p\"\n3 T \"y\"\n"
        "2 E \"li\"\n3 T \"z\"\n3 E \"table\"\n4 E \"td\"\n5 T \"w\"\n0 E \"html\"\n1 E \"p\"\n"
        "2 T \"late doctype\"\n");
  // Text alone: html, body and p implied.
  CHECK(dump(dom::Document::parse_libxml2("just text &amp; more")) ==
        "0 E \"html\"\n1 E \"body\"\n2 E \"p\"\n3 T \"just text & more\"\n");
}

// What the Boilerpipe jar's NekoHTML does (checked with scripts/parse_fidelity/NekoTrees.java).
TEST_CASE("dom: NekoHTML's tree as Boilerpipe reads it", "[dom][neko]") {
  // References: C1 and NUL kept; HTML 4 names with or without ';'; the whole name run.
  auto r = dom::Document::parse_neko("<p>a&#150;b &#0; &hellip c &nbspx &copy2012 &AMP; &lang;</p>");
  CHECK(texts(r) == std::string("a\xC2\x96" "b ") + '\0' + " \xE2\x80\xA6 c &nbspx &copy2012 &AMP; \xE2\x8C\xA9");
  // "<a/>" stays open, but a table closes it.
  auto a = dom::Document::parse_neko("<a name=top/><p>one</p><p>two</p>");
  CHECK(has_ancestor(a, "one", "a"));
  auto at = dom::Document::parse_neko("<a name=top/><table><tr><td>x</td></tr></table><p>after</p>");
  CHECK_FALSE(has_ancestor(at, "after", "a"));
  // A <li> closes the open <li> wherever it is; a <tr> closes the <div> around a table.
  auto li = dom::Document::parse_neko("<ul><li>outer<div><ul><li>inner</ul></div></ul>");
  CHECK_FALSE(has_ancestor(li, "inner", "div"));
  auto tr = dom::Document::parse_neko(
      "<table><tr><td><div><table><tr><td>X</td></tr></table></div></td></tr></table>");
  CHECK_FALSE(has_ancestor(tr, "X", "div"));
  // A title ends at the first tag when "</title>" does not follow.
  auto ti = dom::Document::parse_neko("<title>T <b>bold</b></titlex> tail</head><body><p>x</p>");
  CHECK(ti.title() == "T ");
  CHECK(has_ancestor(ti, "tail", "body"));
  // Text after </html> is kept in the body.
  auto after = dom::Document::parse_neko("<html><body><p>a</p></body></html><p>after html</p>");
  CHECK(has_ancestor(after, "after html", "body"));
}

TEST_CASE("dom: the libxml2 and NekoHTML trees survive 100000 nested divs", "[dom][robust]") {
  std::string html = "<html><body>";
  for (int i = 0; i < 100000; ++i) html += "<div>";
  html += "deep text";
  for (int i = 0; i < 100000; ++i) html += "</div>";
  html += "<p>after</p></body></html>";
  for (auto parser : {dom::Parser::Libxml2, dom::Parser::Neko}) {
    auto d = dom::Document::parse_with(parser, html);
    INFO(dom::parser_signature(parser));
    CHECK(d.flattened_elements() > 0);
    const std::string text = texts(d);
    CHECK(text.find("deep text") != std::string::npos);
    CHECK(text.find("after") != std::string::npos);
  }
}

TEST_CASE("dom: a page's trees are parsed once per parser kind and shared", "[dom]") {
  Page p = html::make_page("p", "<p>one <a href=x>two</a></p>");
  auto a = html::tree(p, dom::Parser::Libxml2);
  auto b = html::tree(p, dom::Parser::Libxml2);
  CHECK(a.get() == b.get());
  CHECK(html::tree(p, dom::Parser::Html5).get() == p.dom.get());
  Page copy = p;  // copies share the cache
  CHECK(html::tree(copy, dom::Parser::Neko).get() == html::tree(p, dom::Parser::Neko).get());
  Page bare;  // no cache: parsed on each call
  bare.html = "<p>x</p>";
  CHECK(html::tree(bare, dom::Parser::Libxml2).get() != html::tree(bare, dom::Parser::Libxml2).get());
}
