// boilerpipe/html_content_handler: turns our DOM into Boilerpipe text blocks, following
// de.l3s.boilerpipe.sax.BoilerpipeHTMLContentHandler (1.2.0) with its default tag
// action map. The DOM is walked in document order and each node becomes the SAX event
// NekoHTML would send: element enter = startElement, leave = endElement, text node =
// characters (comments send nothing).
//
// Tag classes: STYLE SCRIPT OPTION OBJECT EMBED APPLET LINK NOSCRIPT are ignorable
// (content dropped); A brackets its words with anchor markers; BODY starts/ends the
// extractable part; STRIKE U B I EM STRONG SPAN SUP CODE TT SUB VAR FONT are inline;
// ABBR ACRONYM inline adding a space; every other element ends the current block.
//
// Known parser differences (gumbo HTML5 tree vs NekoHTML): gumbo moves stray text out
// of tables (foster parenting) and re-opens formatting elements (<a>, <b>) across
// blocks, closes an open <a> when another starts (Neko nests them, which sends
// Boilerpipe's anchor counter off by one for the rest of the page), and puts content
// after </body> inside <body>.
#pragma once

#include "extractors/boilerpipe/text_block.h"
#include "html/dom.h"

namespace detour::boilerpipe {

// Builds the TextDocument (title and blocks, nothing classified yet) of a parsed page.
// Reads the document's compact document-order view when it has one (see
// dom::Document::document_order), else walks the tree.
TextDocument parse_text_document(const dom::Document& doc);
// The same result, always from the tree walk (through each node's `children`): the
// reference parse_text_document is tested against.
TextDocument parse_text_document_tree_walk(const dom::Document& doc);

}  // namespace detour::boilerpipe
