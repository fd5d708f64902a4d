// The aligned plain-text writer ("table"): columns padded to their widest cell, two
// spaces apart, left- or right-aligned as declared; "== title" above a table.
#include <fmt/format.h>

#include <algorithm>

#include "reports/table.h"

namespace detour::reports {

// Named, not anonymous: the writers share helper names (body, line, legend), and a
// unity build (DETOUR_UNITY) compiles several writers as one translation unit.
namespace text_writer {

std::string cell_text(const Cell& c, const Table& t) {
  std::string s = plain_value(c) + interval_text(c, t.intervals);
  if (c.marks() & kBest) s += "*";
  if (c.marks() & kTied) s += "~";
  if (c.marks() & kBaseline) s += "(b)";
  return s;
}

std::string body(const Table& t) {
  std::vector<std::vector<std::string>> grid;
  std::vector<std::string> header;
  for (const auto& c : t.columns) header.push_back(c.header());
  grid.push_back(std::move(header));
  for (const Row& r : t.rows) {
    std::vector<std::string> line;
    for (const Cell& c : r) line.push_back(cell_text(c, t));
    grid.push_back(std::move(line));
  }
  std::vector<std::size_t> width(t.columns.size(), 0);
  for (const auto& line : grid)
    for (std::size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], display_width(line[i]));
  std::string out;
  if (!t.title.empty()) out += "== " + t.title + "\n\n";
  if (!t.caption.empty()) out += t.caption + "\n\n";
  for (const auto& line : grid) {
    std::string s;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const std::string pad(width[i] - display_width(line[i]), ' ');
      if (i) s += "  ";
      s += t.columns[i].align == Align::Left ? line[i] + pad : pad + line[i];
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    out += s + "\n";
  }
  return out;
}

std::string line(const std::string& text, bool) { return text + "\n"; }

std::string legend(const Table& t) { return marks_legend(t, "*", "~", "(b)"); }

}  // namespace text_writer

std::string write_text(const Document& doc) { return assemble(doc, text_writer::body, text_writer::line, text_writer::legend); }

}  // namespace detour::reports
