// The Markdown writer: "### title", the caption as a paragraph, a pipe table (text
// columns left-aligned, numbers right-aligned), signatures as "- `...`" and notes as
// "- ..." list items. The best value of a group is bold.
#include "reports/table.h"

namespace detour::reports {

// Named, not anonymous: the writers share helper names (body, line, legend), and a
// unity build (DETOUR_UNITY) compiles several writers as one translation unit.
namespace markdown_writer {

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

std::string cell_text(const Cell& c, const Table& t) {
  std::string v = escape(plain_value(c));
  if (c.marks() & kBest) v = "**" + v + "**";
  v += interval_text(c, t.intervals);
  if (c.marks() & kTied) v += "~";
  if (c.marks() & kBaseline) v += " (b)";
  return v;
}

std::string body(const Table& t) {
  std::string out;
  if (!t.title.empty()) out += "### " + t.title + "\n\n";
  if (!t.caption.empty()) out += t.caption + "\n\n";
  out += "|";
  for (const auto& c : t.columns) ((out += ' ') += escape(c.header())) += " |";
  out += "\n|";
  for (const auto& c : t.columns) out += c.align == Align::Left ? "---|" : "---:|";
  out += "\n";
  for (const Row& r : t.rows) {
    out += "|";
    for (const Cell& c : r) ((out += ' ') += cell_text(c, t)) += " |";
    out += "\n";
  }
  return out;
}

std::string line(const std::string& text, bool signature) {
  return signature ? "- `" + text + "`\n" : "- " + text + "\n";
}

std::string legend(const Table& t) { return marks_legend(t, "**bold**", "~", "(b)"); }

}  // namespace markdown_writer

std::string write_markdown(const Document& doc) { return assemble(doc, markdown_writer::body, markdown_writer::line, markdown_writer::legend); }

}  // namespace detour::reports
