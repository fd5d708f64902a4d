// dom_neko: the tree Boilerpipe 1.2.0 reads, built as NekoHTML builds it (see dom.h,
// Parser::Neko).
//
// The Boilerpipe jar parses with NekoHTML 1.9 (Debian's 1.9.22 scanner, with the
// jar's own HTMLElements and HTMLTagBalancer classes in front of NekoHTML's on the
// class path), through Xerces' AbstractSAXParser with NekoHTML's default features. Its
// tree is neither an HTML5 tree nor libxml2's: it was measured against both on DANIEL
// (scripts/parse_fidelity/README.md) and differs in ways Boilerpipe's output shows
// (tag levels, link text, blocks). So this file is a parser of its own, written from
// NekoHTML's documented behaviour and from the behaviour of the jar observed page by
// page (scripts/parse_fidelity/NekoTrees.java prints the jar's tree; `parse_fidelity
// trees --parser neko --compact` prints ours in the same form):
//
// Scanner (NekoHTML's HTMLScanner with its default features):
//  - text up to '<' or '&'; CR LF and CR become LF;
//  - references: '&' then the longest run of [A-Za-z0-9._-] and '#', then an optional
//    ';'. "#N" / "#xH" is the code point N (any value: &#150; is U+0096, &#0; is NUL;
//    one above U+10FFFF is U+FFFD), a name is an HTML 4 entity (libxml2's table,
//    htmlEntityLookup: the same entities, case-sensitive); anything else stays as it
//    is ("&nbspx", "&copy2012", "&AMP;");
//  - "<!--" comments end at two or more '-' then '>' (none: at the first '>');
//    "<![CDATA[" ... "]]>" is a comment; "<!DOCTYPE" and other "<!" and "<?" markup
//    are skipped;
//  - a start tag is '<' and an ASCII letter, its name the run of letters, digits and
//    "-.:_"; attributes up to '>' (a '<' also ends the tag); "/>" makes it empty (which
//    only void and unknown elements honour); '<' not followed by a name is text;
//  - </name ...> is an end tag (up to '>'); "</" without a name is skipped up to '>';
//  - script content is raw text up to "</script" followed by '>' or a space, unless a
//    "<!--" in it has a matching "-->" further on, which hides a "</script>" between
//    them; iframe and noframes content is raw text up to their end tag; style, xmp,
//    plaintext, textarea and (when "</title>" follows in the scanner's 2048-character
//    buffer) title content is raw text up to "</name>" (textarea and title decode
//    references).
// Balancer (the jar's HTMLTagBalancer and element table, kElements below): missing
// parents are created (html, head, body), elements close the elements they close
// (a <p> its open <p>, a <li> any open <li> up to a block element when the element is
// not nestable), inline elements are closed before a block-level start and re-opened
// after it, a table closes the open inline elements, end tags close everything above
// their element (re-opening the inline ones), </head>, </body> and </html> wait for the
// end of the document, text before <html> waits for <body>, whitespace in <html> and
// <head> is dropped and text in them starts the body.
#include <libxml/HTMLparser.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/utf8.h"
#include "html/dom.h"

namespace detour::dom {

// What a tree builder outside Document needs of it.
struct TreeAccess {
  static Node* new_node(Document& d, NodeType t) { return d.new_node(t); }
  static Node* root(Document& d) { return d.root_; }
  static void count_flattened(Document& d) { ++d.flattened_; }
};

namespace {

// ---------- the element table --------------------------------------------------------

enum : std::uint8_t { kInline = 1, kBlock = 2, kEmpty = 4, kContainer = 8, kSpecial = 16 };

// Element codes, in the table's order (the jar's codes).
enum Code : std::int16_t {
  A, ABBR, ACRONYM, ADDRESS, APPLET, AREA, B, BASE, BASEFONT, BDO, BGSOUND, BIG, BLINK, BLOCKQUOTE, BODY, BR,
  BUTTON, CAPTION, CENTER, CITE, CODE, COL, COLGROUP, COMMENT, DEL, DFN, DIR, DIV, DD, DL, DT, EM, EMBED,
  FIELDSET, FONT, FORM, FRAME, FRAMESET, H1, H2, H3, H4, H5, H6, HEAD, HR, HTML, I, IFRAME, ILAYER, IMG, INPUT,
  INS, ISINDEX, KBD, KEYGEN, LABEL, LAYER, LEGEND, LI, LINK, LISTING, MAP, MARQUEE, MENU, META, MULTICOL, NEXTID,
  NOBR, NOEMBED, NOFRAMES, NOLAYER, NOSCRIPT, OBJECT, OL, OPTION, OPTGROUP, P, PARAM, PLAINTEXT, PRE, Q, RB,
  RBC, RP, RT, RTC, RUBY, S, SAMP, SCRIPT, SELECT, SMALL, SOUND, SPACER, SPAN, STRIKE, STRONG, STYLE, SUB, SUP,
  TABLE, TBODY, TD, TEXTAREA, TFOOT, TH, THEAD, TITLE, TR, TT, U, UL, VAR, WBR, XML, XMP, UNKNOWN,
  kCodeCount
};

constexpr std::int16_t kNone = -1;

struct Element {
  Code code;
  std::string_view name;  // upper case
  std::uint8_t flags;
  std::array<std::int16_t, 3> parents;  // kNone-terminated; all kNone: no parent rule
  std::int16_t bounds;
  std::array<std::int16_t, 7> closes;   // kNone-terminated
  bool inline_() const { return flags & kInline; }
  bool block() const { return flags & kBlock; }
  bool empty() const { return flags & kEmpty; }
  bool container() const { return flags & kContainer; }
  bool special() const { return flags & kSpecial; }
  bool has_parent() const { return parents[0] != kNone; }
  bool closes_code(std::int16_t c) const {
    for (std::int16_t x : closes) {
      if (x == kNone) return false;
      if (x == c) return true;
    }
    return false;
  }
  bool nestable() const { return !closes_code(code); }  // an element that closes itself is not
  bool is_parent(std::int16_t c) const {
    for (std::int16_t x : parents) {
      if (x == kNone) return false;
      if (x == c) return true;
    }
    return false;
  }
};

constexpr std::array<std::int16_t, 3> par(std::int16_t a = kNone, std::int16_t b = kNone, std::int16_t c = kNone) {
  return {a, b, c};
}
constexpr std::array<std::int16_t, 7> cl(std::int16_t a = kNone, std::int16_t b = kNone, std::int16_t c = kNone,
                                         std::int16_t d = kNone, std::int16_t e = kNone, std::int16_t f = kNone,
                                         std::int16_t g = kNone) {
  return {a, b, c, d, e, f, g};
}

// The jar's element table (HTMLElements as Boilerpipe 1.2.0 ships it): flags, parents
// (the first is the one created when none is open), bounds, the elements each closes.
constexpr Element kElements[kCodeCount] = {
    {A, "A", kInline, par(BODY), kNone, cl(A)},
    {ABBR, "ABBR", kInline, par(BODY), kNone, cl()},
    {ACRONYM, "ACRONYM", kInline, par(BODY), kNone, cl()},
    {ADDRESS, "ADDRESS", kBlock, par(BODY), kNone, cl()},
    {APPLET, "APPLET", 0, par(BODY), kNone, cl()},
    {AREA, "AREA", kEmpty, par(MAP), kNone, cl()},
    {B, "B", kInline, par(BODY), kNone, cl()},
    {BASE, "BASE", kEmpty, par(HEAD), kNone, cl()},
    {BASEFONT, "BASEFONT", 0, par(HEAD), kNone, cl()},
    {BDO, "BDO", kInline, par(BODY), kNone, cl()},
    {BGSOUND, "BGSOUND", kEmpty, par(HEAD), kNone, cl()},
    {BIG, "BIG", kInline, par(BODY), kNone, cl()},
    {BLINK, "BLINK", kInline, par(BODY), kNone, cl()},
    {BLOCKQUOTE, "BLOCKQUOTE", kBlock, par(BODY), kNone, cl(P)},
    {BODY, "BODY", kContainer, par(HTML), kNone, cl(HEAD)},
    {BR, "BR", kEmpty, par(BODY), kNone, cl()},
    {BUTTON, "BUTTON", 0, par(BODY), kNone, cl()},
    {CAPTION, "CAPTION", kInline, par(TABLE), kNone, cl()},
    {CENTER, "CENTER", 0, par(BODY), kNone, cl()},
    {CITE, "CITE", kInline, par(BODY), kNone, cl()},
    {CODE, "CODE", kInline, par(BODY), kNone, cl()},
    {COL, "COL", kEmpty, par(TABLE), kNone, cl()},
    {COLGROUP, "COLGROUP", 0, par(TABLE), kNone, cl(COL, COLGROUP)},
    {COMMENT, "COMMENT", kSpecial, par(HTML), kNone, cl()},
    {DEL, "DEL", 0, par(BODY), kNone, cl()},
    {DFN, "DFN", kInline, par(BODY), kNone, cl()},
    {DIR, "DIR", 0, par(BODY), kNone, cl()},
    {DIV, "DIV", kBlock, par(BODY), kNone, cl(P)},
    {DD, "DD", 0, par(DL), kNone, cl(DT, DD)},
    {DL, "DL", kBlock, par(BODY), kNone, cl()},
    {DT, "DT", 0, par(DL), kNone, cl(DT, DD)},
    {EM, "EM", kInline, par(BODY), kNone, cl()},
    {EMBED, "EMBED", 0, par(BODY), kNone, cl()},
    {FIELDSET, "FIELDSET", 0, par(BODY), kNone, cl()},
    {FONT, "FONT", kContainer, par(BODY), kNone, cl()},
    {FORM, "FORM", kContainer, par(BODY, TD, DIV), kNone, cl(BUTTON, P)},
    {FRAME, "FRAME", kEmpty, par(FRAMESET), kNone, cl()},
    {FRAMESET, "FRAMESET", 0, par(HTML), kNone, cl()},
    {H1, "H1", kBlock, par(BODY, A), kNone, cl(H1, H2, H3, H4, H5, H6, P)},
    {H2, "H2", kBlock, par(BODY, A), kNone, cl(H1, H2, H3, H4, H5, H6, P)},
    {H3, "H3", kBlock, par(BODY, A), kNone, cl(H1, H2, H3, H4, H5, H6, P)},
    {H4, "H4", kBlock, par(BODY, A), kNone, cl(H1, H2, H3, H4, H5, H6, P)},
    {H5, "H5", kBlock, par(BODY, A), kNone, cl(H1, H2, H3, H4, H5, H6, P)},
    {H6, "H6", kBlock, par(BODY, A), kNone, cl(H1, H2, H3, H4, H5, H6, P)},
    {HEAD, "HEAD", 0, par(HTML), kNone, cl()},
    {HR, "HR", kEmpty, par(BODY), kNone, cl(P)},
    {HTML, "HTML", 0, par(), kNone, cl()},
    {I, "I", kInline, par(BODY), kNone, cl()},
    {IFRAME, "IFRAME", kBlock, par(BODY), kNone, cl()},
    {ILAYER, "ILAYER", kBlock, par(BODY), kNone, cl()},
    {IMG, "IMG", kEmpty, par(BODY), kNone, cl()},
    {INPUT, "INPUT", kEmpty, par(BODY), kNone, cl()},
    {INS, "INS", 0, par(BODY), kNone, cl()},
    {ISINDEX, "ISINDEX", 0, par(HEAD), kNone, cl()},
    {KBD, "KBD", kInline, par(BODY), kNone, cl()},
    {KEYGEN, "KEYGEN", 0, par(BODY), kNone, cl()},
    {LABEL, "LABEL", 0, par(BODY), kNone, cl()},
    {LAYER, "LAYER", kBlock, par(BODY), kNone, cl()},
    {LEGEND, "LEGEND", kInline, par(FIELDSET), kNone, cl()},
    {LI, "LI", 0, par(BODY, UL, OL), kNone, cl(LI)},
    {LINK, "LINK", kEmpty, par(HEAD), kNone, cl()},
    {LISTING, "LISTING", 0, par(BODY), kNone, cl()},
    {MAP, "MAP", kInline, par(BODY), kNone, cl()},
    {MARQUEE, "MARQUEE", 0, par(BODY), kNone, cl()},
    {MENU, "MENU", 0, par(BODY), kNone, cl()},
    {META, "META", kEmpty, par(HEAD), kNone, cl(STYLE, TITLE)},
    {MULTICOL, "MULTICOL", 0, par(BODY), kNone, cl()},
    {NEXTID, "NEXTID", kEmpty, par(BODY), kNone, cl()},
    {NOBR, "NOBR", kInline, par(BODY), kNone, cl()},
    {NOEMBED, "NOEMBED", 0, par(BODY), kNone, cl()},
    {NOFRAMES, "NOFRAMES", 0, par(FRAMESET), kNone, cl()},
    {NOLAYER, "NOLAYER", 0, par(BODY), kNone, cl()},
    {NOSCRIPT, "NOSCRIPT", 0, par(BODY), kNone, cl()},
    {OBJECT, "OBJECT", 0, par(BODY), kNone, cl()},
    {OL, "OL", kBlock, par(BODY), kNone, cl()},
    {OPTION, "OPTION", 0, par(SELECT), kNone, cl(OPTION)},
    {OPTGROUP, "OPTGROUP", 0, par(SELECT), kNone, cl(OPTION)},
    {P, "P", kContainer, par(BODY), kNone, cl(P)},
    {PARAM, "PARAM", kEmpty, par(OBJECT, APPLET), kNone, cl()},
    {PLAINTEXT, "PLAINTEXT", kSpecial, par(BODY), kNone, cl()},
    {PRE, "PRE", 0, par(BODY), kNone, cl()},
    {Q, "Q", kInline, par(BODY), kNone, cl()},
    {RB, "RB", kInline, par(RUBY), kNone, cl(RB)},
    {RBC, "RBC", 0, par(RUBY), kNone, cl()},
    {RP, "RP", kInline, par(RUBY), kNone, cl(RB)},
    {RT, "RT", kInline, par(RUBY), kNone, cl(RB, RP)},
    {RTC, "RTC", 0, par(RUBY), kNone, cl(RBC)},
    {RUBY, "RUBY", 0, par(BODY), kNone, cl(RUBY)},
    {S, "S", 0, par(BODY), kNone, cl()},
    {SAMP, "SAMP", kInline, par(BODY), kNone, cl()},
    {SCRIPT, "SCRIPT", kSpecial, par(HEAD, BODY), kNone, cl()},
    {SELECT, "SELECT", kContainer, par(BODY), kNone, cl(SELECT)},
    {SMALL, "SMALL", kInline, par(BODY), kNone, cl()},
    {SOUND, "SOUND", kEmpty, par(HEAD), kNone, cl()},
    {SPACER, "SPACER", kEmpty, par(BODY), kNone, cl()},
    {SPAN, "SPAN", kContainer, par(BODY), kNone, cl()},
    {STRIKE, "STRIKE", kInline, par(BODY), kNone, cl()},
    {STRONG, "STRONG", kInline, par(BODY), kNone, cl()},
    {STYLE, "STYLE", kSpecial, par(HEAD, BODY), kNone, cl(STYLE, TITLE, META)},
    {SUB, "SUB", kInline, par(BODY), kNone, cl()},
    {SUP, "SUP", kInline, par(BODY), kNone, cl()},
    {TABLE, "TABLE", kBlock | kContainer, par(BODY), kNone, cl()},
    {TBODY, "TBODY", 0, par(TABLE), kNone, cl(THEAD, TD, TH, TR, COLGROUP)},
    {TD, "TD", kContainer, par(TR), TABLE, cl(TD, TH)},
    {TEXTAREA, "TEXTAREA", kSpecial, par(BODY), kNone, cl()},
    {TFOOT, "TFOOT", 0, par(TABLE), kNone, cl(THEAD, TBODY, TD, TH, TR)},
    {TH, "TH", kContainer, par(TR), TABLE, cl(TD, TH)},
    {THEAD, "THEAD", 0, par(TABLE), kNone, cl(COLGROUP)},
    {TITLE, "TITLE", kSpecial, par(HEAD, BODY), kNone, cl()},
    {TR, "TR", kBlock, par(TBODY, THEAD, TFOOT), TABLE, cl(TD, TH, TR, COLGROUP)},
    {TT, "TT", kInline, par(BODY), kNone, cl()},
    {U, "U", kInline, par(BODY), kNone, cl()},
    {UL, "UL", kBlock, par(BODY), kNone, cl()},
    {VAR, "VAR", kInline, par(BODY), kNone, cl()},
    {WBR, "WBR", kEmpty, par(BODY), kNone, cl()},
    {XML, "XML", 0, par(BODY), kNone, cl()},
    {XMP, "XMP", kSpecial, par(BODY), kNone, cl()},
    {UNKNOWN, "", kContainer, par(BODY, HEAD), kNone, cl()},
};

char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (upper(a[i]) != upper(b[i])) return false;
  return true;
}

// The element of a name (any case): the table's elements by first letter, then the
// name compared; UNKNOWN for any other name.
const Element& element_of(std::string_view name) {
  static const std::array<std::vector<const Element*>, 26> by_letter = [] {
    std::array<std::vector<const Element*>, 26> t;
    for (const Element& e : kElements)
      if (e.code != UNKNOWN) t[static_cast<std::size_t>(e.name[0] - 'A')].push_back(&e);
    return t;
  }();
  if (name.empty()) return kElements[UNKNOWN];
  const char first = upper(name[0]);
  if (first < 'A' || first > 'Z') return kElements[UNKNOWN];
  for (const Element* e : by_letter[static_cast<std::size_t>(first - 'A')])
    if (iequals(e->name, name)) return *e;
  return kElements[UNKNOWN];
}

// Java's Character.isWhitespace on a code point.
bool java_space(char32_t c) {
  if (c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F)) return true;
  if (c < 0x1680) return false;
  if (c == 0x00A0 || c == 0x2007 || c == 0x202F) return false;
  return c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x205F ||
         c == 0x3000;
}

bool all_java_space(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      if (!java_space(b)) return false;
      ++i;
      continue;
    }
    const utf8::Step st = utf8::decode(s, i);
    if (!st.ok || !java_space(st.cp)) return false;
    i += st.len;
  }
  return true;
}

// ---------- the tree the SAX events build ---------------------------------------------

struct Attr {
  std::string name, value;
};

// ---------- the balancer (HTMLTagBalancer) ---------------------------------------------

class Balancer {
 public:
  // The builder: the balanced events, in order.
  struct Sink {
    virtual ~Sink() = default;
    virtual void start(std::string_view name, const std::vector<Attr>& attrs) = 0;
    virtual void end() = 0;
    virtual void text(std::string_view text) = 0;
    virtual void comment(std::string_view text) = 0;
  };

  explicit Balancer(Sink& sink) : sink_(sink) {}

  void start_element(const std::string& name, const std::vector<Attr>& attrs) { start(name, &attrs); }

  void empty_element(const std::string& name, const std::vector<Attr>& attrs) {
    start(name, &attrs);
    const Element& e = element_of(name);
    if (e.empty() || e.code == UNKNOWN) end_element(name);
  }

  void end_element(const std::string& name) {
    const bool forced_end = forced_end_;
    if (seen_root_end_) return;
    const Element& e = element_of(name);
    if (!ignore_outside_ && (e.code == BODY || e.code == HTML)) {
      end_buffer_.push_back(name);
      return;
    }
    if (e.code == HTML) {
      seen_root_end_ = true;
    } else if (e.code == FORM) {
      opened_form_ = false;
    } else if (e.code == HEAD && !forced_end) {
      end_buffer_.push_back(name);
      return;
    }
    const int depth = element_depth(e);
    if (depth == -1) {
      // An unmatched </p> is an empty paragraph (the jar tries again however the start
      // went, and recurses without end when it cannot be made: we do not).
      if (e.code == P && force_start(name, nullptr)) end_element(name);
      return;
    }
    std::vector<Info> reopen;
    const std::size_t size = stack_.size();
    if (depth > 1 && e.inline_()) {
      for (int i = 0; i < depth - 1; ++i) {
        const Info& info = stack_[size - static_cast<std::size_t>(i) - 1];
        if (info.elem->inline_() || info.elem->code == FONT) reopen.push_back(info);
      }
    }
    for (int i = 0; i < depth; ++i) pop();
    if (depth > 1) {
      // The inline stack is popped in reverse: the outermost first.
      for (auto it = reopen.rbegin(); it != reopen.rend(); ++it) force_start(it->name, &it->attrs);
    }
  }

  void characters(std::string_view text) {
    if (seen_root_end_) return;
    if (stack_.empty()) {
      // Kept from the first text that String.trim() leaves something of.
      bool blank = true;
      for (char c : text)
        if (static_cast<unsigned char>(c) > 0x20) blank = false;
      if (!lost_text_.empty() || !blank) lost_text_.emplace_back(text);
      return;
    }
    const bool whitespace = all_java_space(text);
    if (!seen_root_) {
      if (whitespace) return;
      force_start_body();
    }
    if (whitespace && (stack_.size() < 2 || end_buffer_.size() == 1)) return;
    if (!whitespace) {
      const Code top = stack_.back().elem->code;
      if (top == HEAD || top == HTML) force_start_body();
    }
    sink_.text(text);
  }

  void comment(std::string_view text) {
    consume_early_text();
    sink_.comment(text);
  }

  void processing_instruction() { consume_early_text(); }

  void end_document() {
    ignore_outside_ = true;
    consume_buffered_ends();
    if (!seen_root_) {
      seen_root_end_ = false;
      force_start_body();
      // </body></html> as events only (the stack keeps them; nothing follows).
      while (!stack_.empty()) pop();
      return;
    }
    while (!stack_.empty()) pop();
  }

 private:
  struct Info {
    const Element* elem;
    std::string name;
    std::vector<Attr> attrs;  // inline elements only (for re-opening)
  };

  void pop() {
    stack_.pop_back();
    sink_.end();
  }

  void push(const Element& e, const std::string& name, const std::vector<Attr>* attrs) {
    static const std::vector<Attr> kNoAttrs;
    stack_.push_back({&e, name, e.inline_() && attrs ? *attrs : std::vector<Attr>{}});
    sink_.start(name, attrs ? *attrs : kNoAttrs);
  }

  void consume_buffered_ends() {
    std::vector<std::string> ends = std::move(end_buffer_);
    end_buffer_.clear();
    for (const auto& n : ends) {
      forced_end_ = true;  // as the jar: set here, never reset
      end_element(n);
    }
    end_buffer_.clear();
  }

  void consume_early_text() {
    if (lost_text_.empty()) return;
    if (!seen_body_) force_start_body();
    refeed_lost_text();
  }

  void refeed_lost_text() {
    std::vector<std::string> texts = std::move(lost_text_);
    lost_text_.clear();
    for (const auto& t : texts) characters(t);
  }

  void force_start_body() { force_start("BODY", nullptr); }

  // Starts an element the balancer needs; true when it is then the open element.
  bool force_start(const std::string& name, const std::vector<Attr>* attrs) {
    forced_start_ = true;
    const std::size_t before = pushes_;
    start(name, attrs);
    return pushes_ != before && !stack_.empty() && stack_.back().name == name && last_push_ == stack_.size();
  }

  int element_depth(const Element& e) const {
    const bool container = e.container();
    for (std::size_t k = stack_.size(); k-- > 0;) {
      const Element& x = *stack_[k].elem;
      if (x.code == e.code) return static_cast<int>(stack_.size() - k);
      if (!container && e.nestable() && x.block()) break;
    }
    return -1;
  }

  int parent_depth(const Element& e) const {
    for (std::size_t k = stack_.size(); k-- > 0;) {
      const Element& x = *stack_[k].elem;
      if (x.code == e.bounds) break;
      if (e.is_parent(x.code)) return static_cast<int>(stack_.size() - k);
    }
    return -1;
  }

  void start(const std::string& name, const std::vector<Attr>* attrs) {
    const bool forced = forced_start_;
    forced_start_ = false;
    if (seen_root_end_) return;
    const Element& e = element_of(name);
    const Code code = e.code;
    if (forced && (code == TABLE || code == SELECT)) return;  // these are never created
    if (seen_root_ && code == HTML) return;
    if (code == HEAD) {
      if (seen_head_) return;
      seen_head_ = true;
    } else if (code == FRAMESET) {
      consume_buffered_ends();
    } else if (code == BODY) {
      if (!seen_head_) {
        force_start("HEAD", nullptr);
        end_element("HEAD");
      }
      consume_buffered_ends();
      if (seen_body_) return;
      seen_body_ = true;
    } else if (code == FORM) {
      if (opened_form_) return;
      opened_form_ = true;
    } else if (code == UNKNOWN) {
      consume_buffered_ends();
    }
    if (e.has_parent()) {
      const Element& preferred = kElements[e.parents[0]];
      if (!seen_root_) {
        if (!force_start(std::string(preferred.name), nullptr)) return;
      } else if (preferred.code != HEAD || !seen_body_) {
        if (parent_depth(e) == -1) {
          if (!force_start(std::string(preferred.name), nullptr)) return;
        }
      }
    }
    // A plain element (no flags) closes the inline elements open above it and re-opens
    // them inside itself.
    std::vector<Info> reopen;
    if (e.flags == 0) {
      while (!stack_.empty() && stack_.back().elem->inline_()) {
        reopen.push_back(stack_.back());
        end_element(stack_.back().name);
      }
    }
    // Every element closes an open <script>; in <head> no element has children.
    if ((stack_.size() > 1 && stack_.back().elem->code == SCRIPT) ||
        (stack_.size() > 2 && stack_[stack_.size() - 2].elem->code == HEAD))
      pop();
    if (e.closes[0] != kNone) {
      std::size_t length = stack_.size();
      for (std::size_t k = length; k-- > 0;) {
        const Element& x = *stack_[k].elem;
        if (e.closes_code(x.code)) {
          for (std::size_t j = length; j-- > k;) pop();
          length = k;
          continue;
        }
        if (e.nestable() && (x.block() || e.is_parent(x.code))) break;
      }
    } else if (code == TABLE) {
      while (!stack_.empty() && stack_.back().elem->inline_()) end_element(stack_.back().name);
    }
    seen_root_ = true;
    if (e.empty()) {
      static const std::vector<Attr> kNoAttrs;
      sink_.start(name, attrs ? *attrs : kNoAttrs);
      sink_.end();
    } else {
      push(e, name, attrs);
      ++pushes_;
      last_push_ = stack_.size();
    }
    for (auto it = reopen.rbegin(); it != reopen.rend(); ++it) force_start(it->name, &it->attrs);
    if (code == BODY) refeed_lost_text();
  }

  Sink& sink_;
  std::vector<Info> stack_;
  std::vector<std::string> end_buffer_;
  std::vector<std::string> lost_text_;
  std::size_t pushes_ = 0, last_push_ = 0;
  bool seen_root_ = false, seen_root_end_ = false, seen_head_ = false, seen_body_ = false;
  bool opened_form_ = false, ignore_outside_ = false;
  bool forced_start_ = false, forced_end_ = false;
};

// ---------- the scanner (HTMLScanner) ---------------------------------------------------

bool name_char(char32_t c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
      c == ':' || c == '_')
    return true;
  if (c < 0x80) return false;
  return c != 0xFFFD && !java_space(c);  // approximately Java's isLetterOrDigit beyond ASCII
}

bool entity_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '#';
}

class Scanner {
 public:
  Scanner(std::string_view s, Balancer& b) : s_(s), b_(b) {}

  void run() {
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '<') {
        ++i_;
        markup();
      } else if (c == '&') {
        std::string out;
        reference(out);
        b_.characters(out);
      } else {
        characters();
      }
    }
    b_.end_document();
  }

 private:
  bool at_end() const { return i_ >= s_.size(); }
  char peek(std::size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }

  bool starts_ci(std::string_view what) const {
    if (i_ + what.size() > s_.size()) return false;
    for (std::size_t k = 0; k < what.size(); ++k)
      if (upper(s_[i_ + k]) != upper(what[k])) return false;
    return true;
  }

  // Appends s_[from, to) to `out` with CR LF and lone CR as LF.
  static void append_newlines(std::string& out, std::string_view s) {
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (s[k] == '\r') {
        out += '\n';
        if (k + 1 < s.size() && s[k + 1] == '\n') ++k;
      } else {
        out += s[k];
      }
    }
  }

  void characters() {
    const std::size_t start = i_;
    while (i_ < s_.size() && s_[i_] != '<' && s_[i_] != '&') ++i_;
    std::string out;
    append_newlines(out, s_.substr(start, i_ - start));
    if (!out.empty()) b_.characters(out);
  }

  // A reference at '&' (content): appends what it stands for, or the text itself.
  void reference(std::string& out) {
    const std::size_t start = i_;
    ++i_;  // '&'
    while (i_ < s_.size() && entity_char(s_[i_])) ++i_;
    const std::string_view name = s_.substr(start + 1, i_ - start - 1);
    bool semicolon = false;
    if (i_ < s_.size() && s_[i_] == ';') {
      semicolon = true;
      ++i_;
    }
    const std::string_view whole = s_.substr(start, i_ - start);
    if (name.empty()) {
      out.append(whole);
      return;
    }
    (void)semicolon;
    if (name[0] == '#') {
      // Integer.parseInt of the digits (decimal, or hex after x/X); a sign is allowed.
      std::string_view digits = name.substr(1);
      int base = 10;
      if (!digits.empty() && (digits[0] == 'x' || digits[0] == 'X')) {
        base = 16;
        digits.remove_prefix(1);
      }
      bool negative = false;
      if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) {
        negative = digits[0] == '-';
        digits.remove_prefix(1);
      }
      long long v = 0;
      bool ok = !digits.empty();
      for (char d : digits) {
        int x;
        if (d >= '0' && d <= '9') x = d - '0';
        else if (base == 16 && d >= 'a' && d <= 'f') x = d - 'a' + 10;
        else if (base == 16 && d >= 'A' && d <= 'F') x = d - 'A' + 10;
        else {
          ok = false;
          break;
        }
        v = v * base + x;
        if (v > 0x7FFFFFFFLL) {
          ok = false;
          break;
        }
      }
      if (!ok) {
        out.append(whole);
        return;
      }
      if (negative) v = -v;
      if (v < 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) utf8::append(out, 0xFFFD);
      else utf8::append(out, static_cast<char32_t>(v));
      return;
    }
    const std::string n(name);
    const htmlEntityDesc* e = htmlEntityLookup(reinterpret_cast<const xmlChar*>(n.c_str()));
    if (!e) {
      out.append(whole);
      return;
    }
    utf8::append(out, e->value);
  }

  // After '<'.
  void markup() {
    if (at_end()) {
      b_.characters("<");
      return;
    }
    const char c = s_[i_];
    if (c == '!') {
      ++i_;
      if (starts_ci("--")) {
        i_ += 2;
        comment_content('-', "");
      } else if (starts_ci("[CDATA[")) {
        i_ += 7;
        comment_content(']', "[CDATA[");
      } else if (starts_ci("DOCTYPE")) {
        i_ += 7;
        doctype();
      } else {
        skip_markup(true);
      }
      return;
    }
    if (c == '?') {
      ++i_;
      processing_instruction();
      return;
    }
    if (c == '/') {
      ++i_;
      const std::string name = scan_name();
      skip_markup(false);
      if (!name.empty()) b_.end_element(upper_name(name));
      return;
    }
    start_tag();
  }

  static std::string upper_name(std::string_view n) {
    std::string out(n);
    for (char& ch : out) ch = upper(ch);
    return out;
  }

  // The run of name characters at i_ (strict names: letters, digits, "-.:_").
  std::string scan_name() {
    const std::size_t start = i_;
    while (i_ < s_.size()) {
      const auto b = static_cast<unsigned char>(s_[i_]);
      if (b < 0x80) {
        if (!name_char(b)) break;
        ++i_;
        continue;
      }
      const utf8::Step st = utf8::decode(s_, i_);
      if (!st.ok || !name_char(st.cp)) break;
      i_ += st.len;
    }
    return std::string(s_.substr(start, i_ - start));
  }

  void skip_spaces() {
    while (i_ < s_.size()) {
      const auto b = static_cast<unsigned char>(s_[i_]);
      if (b < 0x80) {
        if (!java_space(b)) return;
        ++i_;
        continue;
      }
      const utf8::Step st = utf8::decode(s_, i_);
      if (!st.ok || !java_space(st.cp)) return;
      i_ += st.len;
    }
  }

  // Skips to the '>' that closes the markup (counting nested '<' when balancing);
  // true when it ended with "/>".
  bool skip_markup(bool balance) {
    int depth = 1;
    bool slash_gt = false;
    while (i_ < s_.size()) {
      const char c = s_[i_++];
      if (balance && c == '<') {
        ++depth;
      } else if (c == '>') {
        if (--depth == 0) return slash_gt;
      } else if (c == '/') {
        if (i_ >= s_.size()) return slash_gt;
        if (s_[i_] == '>') {
          ++i_;
          slash_gt = true;
          if (--depth == 0) return slash_gt;
        }
      }
    }
    return slash_gt;
  }

  // A comment's content up to `end` repeated twice or more then '>'; without one, the
  // content up to the first '>' (or the end).
  void comment_content(char end, std::string_view prefix) {
    const std::size_t start = i_;
    std::string text(prefix);
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == end) {
        std::size_t k = i_;
        while (k < s_.size() && s_[k] == end) ++k;
        const std::size_t count = k - i_;
        if (k < s_.size() && count >= 2 && s_[k] == '>') {
          text.append(count - 2, end);
          i_ = k + 1;
          if (end == ']') text += "]]";
          b_.comment(text);
          return;
        }
        text.append(count, end);
        i_ = k;
        continue;
      }
      text += c;
      ++i_;
    }
    // No end: from the start again, up to the first '>'.
    i_ = start;
    const std::size_t gt = s_.find('>', i_);
    const std::size_t stop = gt == std::string_view::npos ? s_.size() : gt;
    std::string fallback;
    append_newlines(fallback, s_.substr(i_, stop - i_));
    i_ = gt == std::string_view::npos ? s_.size() : gt + 1;
    b_.comment(fallback);
  }

  void doctype() {
    // Up to a '<' (left for the next token), a '>', or a '[' (then balanced markup).
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '<') return;
      ++i_;
      if (c == '>') return;
      if (c == '[') {
        skip_markup(true);
        return;
      }
      if (c == '"' || c == '\'') {  // a literal, up to its quote or a '<'
        while (i_ < s_.size() && s_[i_] != c && s_[i_] != '<') ++i_;
        if (i_ < s_.size() && s_[i_] == c) ++i_;
      }
    }
  }

  void processing_instruction() {
    const std::string target = scan_name();
    if (iequals(target, "xml")) {
      char quote = 0;
      while (i_ < s_.size()) {
        const char c = s_[i_++];
        if (quote) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '>') {
          break;
        }
      }
    } else {
      while (i_ < s_.size()) {
        const char c = s_[i_++];
        if ((c == '?' || c == '/') && i_ < s_.size() && s_[i_] == '>') {
          ++i_;
          break;
        }
      }
    }
    b_.processing_instruction();
  }

  // An attribute value's references decoded (NekoHTML decodes a name above U+00FF
  // without ';' in an attribute as text).
  void attr_reference(std::string& out) {
    const std::size_t start = i_;
    std::string decoded;
    reference(decoded);
    const std::string_view whole = s_.substr(start, i_ - start);
    if (decoded != whole && whole.back() != ';' && whole[1] != '#') {
      const utf8::Step st = utf8::decode(decoded, 0);
      if (st.ok && st.cp > 256) decoded.assign(whole);
    }
    out += decoded;
  }

  // Attributes up to '>' (or '<', which ends the tag unconsumed); true when "/>".
  bool attributes(std::vector<Attr>& attrs, bool& eof) {
    while (true) {
      skip_spaces();
      if (at_end()) return false;
      const char c = s_[i_];
      if (c == '>') {
        ++i_;
        return false;
      }
      if (c == '<') return false;
      // The name: anything up to a space, '=', '/' or '>'.
      const std::size_t start = i_;
      while (i_ < s_.size()) {
        const char x = s_[i_];
        if (x == '=' || x == '/' || x == '>') break;
        const auto b = static_cast<unsigned char>(x);
        if (b < 0x80) {
          if (java_space(b)) break;
          ++i_;
          continue;
        }
        const utf8::Step st = utf8::decode(s_, i_);
        if (st.ok && java_space(st.cp)) break;
        i_ += st.len;
      }
      if (i_ == start) return skip_markup(false);
      Attr a;
      a.name.assign(s_.substr(start, i_ - start));
      for (char& ch : a.name) ch = lower(ch);
      skip_spaces();
      if (at_end()) {
        eof = true;
        return false;
      }
      const char d = s_[i_];
      if (d == '/' || d == '>') {
        attrs.push_back(std::move(a));
        if (d == '>') {
          ++i_;
          return false;
        }
        return skip_markup(false);
      }
      if (d != '=') {
        attrs.push_back(std::move(a));
        continue;
      }
      ++i_;
      skip_spaces();
      if (at_end()) {
        eof = true;
        return false;
      }
      const char q = s_[i_];
      if (q == '>') {
        ++i_;
        attrs.push_back(std::move(a));
        return false;
      }
      if (q == '"' || q == '\'') {
        ++i_;
        while (i_ < s_.size() && s_[i_] != q) {
          if (s_[i_] == '&') attr_reference(a.value);
          else a.value += s_[i_++];
        }
        if (i_ < s_.size()) ++i_;
      } else {
        while (true) {
          if (at_end()) {
            eof = true;
            return false;
          }
          const char x = s_[i_];
          if (x == '>' || java_space(static_cast<unsigned char>(x))) break;
          if (x == '&') attr_reference(a.value);
          else a.value += s_[i_++];
        }
      }
      attrs.push_back(std::move(a));
    }
  }

  // Is "</title>" ahead in the scanner's current buffer (2048 UTF-16 units read at a
  // time from the start of the text)?
  bool title_ended() {
    while (units_at_ < i_) {
      const auto b = static_cast<unsigned char>(s_[units_at_]);
      if (b < 0x80 || b >= 0xC0) units_ += (b >= 0xF0) ? 2 : 1;
      ++units_at_;
    }
    const std::size_t window_end_units = (units_ / 2048 + 1) * 2048;
    std::size_t k = i_;
    std::size_t u = units_;
    while (k < s_.size() && u < window_end_units) {
      const auto b = static_cast<unsigned char>(s_[k]);
      if (b < 0x80 || b >= 0xC0) u += (b >= 0xF0) ? 2 : 1;
      ++k;
    }
    const std::string_view window = s_.substr(i_, k - i_);
    for (std::size_t p = 0; p + 8 <= window.size(); ++p)
      if (window[p] == '<' && window[p + 1] == '/' && iequals(window.substr(p + 2, 5), "title") && window[p + 7] == '>')
        return true;
    return false;
  }

  void start_tag() {
    const std::size_t lt = i_ - 1;
    const std::string raw = scan_name();
    if (raw.empty() || !((raw[0] >= 'a' && raw[0] <= 'z') || (raw[0] >= 'A' && raw[0] <= 'Z'))) {
      b_.characters("<" + raw);
      return;
    }
    (void)lt;
    const std::string name = upper_name(raw);
    std::vector<Attr> attrs;
    bool eof = false;
    const bool empty = attributes(attrs, eof);
    if (eof) {  // the tag never ends: NekoHTML drops it
      i_ = s_.size();
      return;
    }
    if (empty) b_.empty_element(name, attrs);
    else b_.start_element(name, attrs);
    if (iequals(raw, "script")) {
      script_content();
    } else if (iequals(raw, "iframe") || iequals(raw, "noframes")) {
      raw_until_end_tag(raw);
    } else if (!empty) {
      const Element& e = element_of(name);
      if (e.special() && (e.code != TITLE || title_ended())) special_content(e.code, raw);
    }
  }

  // Raw text up to "</name" followed by '>' or a space (not consumed).
  void raw_until_end_tag(std::string_view tag) {
    const std::size_t start = i_;
    while (i_ < s_.size()) {
      if (s_[i_] == '<' && i_ + 1 < s_.size() && s_[i_ + 1] == '/' && i_ + 2 + tag.size() <= s_.size() &&
          iequals(s_.substr(i_ + 2, tag.size()), tag)) {
        const std::size_t after = i_ + 2 + tag.size();
        if (after >= s_.size() || s_[after] == '>' || java_space(static_cast<unsigned char>(s_[after]))) break;
      }
      ++i_;
    }
    std::string out;
    append_newlines(out, s_.substr(start, i_ - start));
    if (!out.empty()) b_.characters(out);
  }

  // Is there a '>' after two or more '-' ahead (the end of a comment)?
  bool end_comment_ahead(std::size_t from) const {
    int dashes = 0;
    for (std::size_t k = from; k < s_.size(); ++k) {
      const char c = s_[k];
      if (c == '>' && dashes >= 2) return true;
      dashes = c == '-' ? dashes + 1 : 0;
    }
    return false;
  }

  void script_content() {
    const std::size_t start = i_;
    bool wait_for_comment_end = false;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '-' && i_ >= start + 3 && s_.substr(i_ - 3, 3) == "<!-") {
        wait_for_comment_end = end_comment_ahead(i_ + 1);
      } else if (!wait_for_comment_end && c == '<') {
        if (i_ + 8 <= s_.size() && s_[i_ + 1] == '/' && iequals(s_.substr(i_ + 2, 6), "script") &&
            (s_[i_ + 8] == '>' || java_space(static_cast<unsigned char>(s_[i_ + 8]))))
          break;
      } else if (c == '>' && i_ >= start + 2 && s_.substr(i_ - 2, 2) == "--") {
        wait_for_comment_end = false;
      }
      ++i_;
    }
    std::string out;
    append_newlines(out, s_.substr(start, i_ - start));
    if (!out.empty()) b_.characters(out);
  }

  // Style, xmp, plaintext, textarea, title: text up to "</name>" (textarea and title
  // decode references).
  void special_content(Code code, std::string_view tag) {
    const bool decode = code == TEXTAREA || code == TITLE;
    std::string out;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '<' && i_ + 1 < s_.size() && s_[i_ + 1] == '/') {
        const std::size_t at = i_;
        i_ += 2;
        const std::string name = scan_name();
        if (!name.empty() && iequals(name, tag) && i_ < s_.size() && s_[i_] == '>') {
          ++i_;
          if (!out.empty()) b_.characters(out);
          b_.end_element(upper_name(name));
          return;
        }
        out.append(s_.substr(at, i_ - at));
        continue;
      }
      if (c == '&' && decode) {
        reference(out);
        continue;
      }
      if (c == '\r') {
        out += '\n';
        ++i_;
        if (i_ < s_.size() && s_[i_] == '\n') ++i_;
        continue;
      }
      out += c;
      ++i_;
    }
    if (!out.empty()) b_.characters(out);
  }

  std::string_view s_;
  Balancer& b_;
  std::size_t i_ = 0;
  std::size_t units_ = 0, units_at_ = 0;  // UTF-16 units before s_[units_at_] (title_ended)
};

// The tree of the balanced events (see the header comment). Elements deeper than
// max_depth join the element at the limit, their content following them there.
class TreeBuilder final : public Balancer::Sink {
 public:
  TreeBuilder(Document& doc, int max_depth) : doc_(doc), max_depth_(max_depth) {
    open_.push_back(TreeAccess::root(doc));
  }

  void start(std::string_view name, const std::vector<Attr>& attrs) override {
    Node* n = TreeAccess::new_node(doc_, NodeType::Element);
    n->tag.assign(name);
    for (char& c : n->tag) c = lower(c);
    n->attrs.reserve(attrs.size());
    for (const Attr& a : attrs) n->attrs.push_back({a.name, a.value});
    Node* parent = open_.back();
    n->parent = parent;
    parent->children.push_back(n);
    const bool deep = static_cast<int>(open_.size()) > max_depth_;
    if (deep) TreeAccess::count_flattened(doc_);
    else open_.push_back(n);
    pushed_.push_back(!deep);
  }

  void end() override {
    if (pushed_.empty()) return;
    if (pushed_.back()) open_.pop_back();
    pushed_.pop_back();
  }

  void text(std::string_view t) override {
    Node* parent = open_.back();
    if (!parent->children.empty() && parent->children.back()->type == NodeType::Text) {
      parent->children.back()->text.append(t);
      return;
    }
    Node* n = TreeAccess::new_node(doc_, NodeType::Text);
    n->text.assign(t);
    n->parent = parent;
    parent->children.push_back(n);
  }

  void comment(std::string_view t) override {
    Node* parent = open_.back();
    Node* n = TreeAccess::new_node(doc_, NodeType::Comment);
    n->text.assign(t);
    n->parent = parent;
    parent->children.push_back(n);
  }

 private:
  Document& doc_;
  int max_depth_;
  std::vector<Node*> open_;   // the document and the open elements up to max_depth
  std::vector<bool> pushed_;  // per open element: whether it is in open_
};

}  // namespace

Document Document::parse_neko(std::string_view html, const ParseOptions& opts) {
  Document doc;
  std::string limited;
  html = doc.guard_markup_depth(html, opts, limited);
  doc.set_node_limit(opts, Parser::Neko, html.size());  // (the balancer re-opens inline elements)
  TreeBuilder builder(doc, opts.max_depth);
  Balancer balancer(builder);
  Scanner scanner(html, balancer);
  scanner.run();
  doc.node_limit_ = 0;
  doc.build_document_order();
  return doc;
}

}  // namespace detour::dom
