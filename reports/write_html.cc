// The HTML writer: a standalone page without scripts (<!DOCTYPE html>, an inline
// style), each table as <h3> title, caption paragraph and a <table> (a header row of
// column groups when there are any; text columns left-aligned, numbers right-aligned),
// then its signatures as <code> lines, notes and the legend of its marks. The best
// value of a group is bold, a tied one followed by "~", a baseline's row in italics.
// Every text is escaped: a name or note holding markup shows as text. The fragment
// form (write_html_fragment) is the same tables in a <div> whose style is confined to it.
#include <vector>

#include "base/markup.h"
#include "reports/table.h"

namespace detour::reports {

// Named, not anonymous: the writers share helper names (body, line, legend), and a
// unity build (DETOUR_UNITY) compiles several writers as one translation unit.
namespace html_writer {

std::string esc(const std::string& s) { return escape_html(s, /*attribute=*/true); }

std::string cell_html(const Cell& c, const Table& t) {
  std::string v = esc(plain_value(c));
  if (c.marks() & kBest) v = "<strong>" + v + "</strong>";
  const std::string ci = interval_text(c, t.intervals);
  if (!ci.empty()) v += "<span class=\"ci\">" + esc(ci) + "</span>";
  if (c.marks() & kTied) v += "~";
  return v;
}

bool baseline_row(const Row& r) {
  for (const Cell& c : r)
    if (c.marks() & kBaseline) return true;
  return false;
}

std::string body(const Table& t) {
  std::string out;
  if (!t.title.empty()) out += "<h3>" + esc(t.title) + "</h3>\n";
  if (!t.caption.empty()) out += "<p>" + esc(t.caption) + "</p>\n";
  out += "<table>\n<thead>\n";
  bool groups = false;
  for (const auto& c : t.columns) groups = groups || !c.group.empty();
  if (groups) {
    out += "<tr>";
    for (std::size_t i = 0; i < t.columns.size();) {
      std::size_t j = i + 1;
      while (j < t.columns.size() && t.columns[j].group == t.columns[i].group) ++j;
      out += "<th colspan=\"" + std::to_string(j - i) + "\">" + esc(t.columns[i].group) + "</th>";
      i = j;
    }
    out += "</tr>\n";
  }
  out += "<tr>";
  for (const auto& c : t.columns)
    out += std::string("<th class=\"") + (c.align == Align::Left ? "l" : "r") + "\">" + esc(groups ? c.label : c.header()) + "</th>";
  out += "</tr>\n</thead>\n<tbody>\n";
  for (const Row& r : t.rows) {
    out += baseline_row(r) ? "<tr class=\"baseline\">" : "<tr>";
    for (std::size_t i = 0; i < r.size(); ++i)
      out += std::string("<td class=\"") + (t.columns[i].align == Align::Left ? "l" : "r") + "\">" + cell_html(r[i], t) + "</td>";
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  return out;
}

std::string line(const std::string& text, bool signature) {
  return signature ? "<p class=\"sig\"><code>" + esc(text) + "</code></p>\n" : "<p class=\"note\">" + esc(text) + "</p>\n";
}

// Escaped by line(), as every line.
std::string legend(const Table& t) { return marks_legend(t, "bold", "~", "italics"); }

// The style, line by line as the page writes it, each rule (selector, declarations).
struct StyleRule {
  const char* selector;
  const char* declarations;
};
const std::vector<std::vector<StyleRule>>& style_lines() {
  static const std::vector<std::vector<StyleRule>> lines = {
      {{"body", "font: 14px/1.45 system-ui, sans-serif; margin: 16px; color: #1d232a;"}},
      {{"table", "border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 4px 0 8px;"}},
      {{"th, td", "border-bottom: 1px solid #d5dbe1; padding: 3px 8px; white-space: nowrap;"}},
      {{"th", "background: #f4f6f8;"}, {".l", "text-align: left;"}, {".r", "text-align: right;"}},
      {{"tr.baseline td", "font-style: italic; color: #5d6875;"},
       {".ci", "color: #5d6875; font-size: 11px; margin-left: 3px;"}},
      {{"p.sig code", "font-size: 12px;"}, {"p.note", "color: #5d6875; font-size: 12px;"}},
  };
  return lines;
}

// The style; with a `scope` class, every selector is confined to the element of that
// class (body's rule becomes the element's own).
std::string style(const std::string& scope = "") {
  std::string out;
  for (const auto& line : style_lines()) {
    for (std::size_t i = 0; i < line.size(); ++i) {
      std::string sel = line[i].selector;
      if (!scope.empty()) {
        if (sel == "body") {
          sel = "." + scope;
        } else {
          std::string scoped;
          std::size_t start = 0;
          for (;;) {  // "th, td" -> ".s th, .s td"
            std::size_t comma = sel.find(", ", start);
            scoped += (start ? ", ." : ".") + scope + " " + sel.substr(start, comma - start);
            if (comma == std::string::npos) break;
            start = comma + 2;
          }
          sel = scoped;
        }
      }
      out += (i ? " " : "") + sel + " { " + line[i].declarations + " }";
    }
    out += "\n";
  }
  return out;
}

}  // namespace html_writer

std::string write_html(const Document& doc) {
  std::string title = doc.tables.empty() || doc.tables[0].title.empty() ? "detour tables" : doc.tables[0].title;
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
      "<title>" + html_writer::esc(title) + "</title>\n<style>\n" + html_writer::style() + "</style>\n</head>\n<body>\n";
  out += assemble(doc, html_writer::body, html_writer::line, html_writer::legend);
  out += "</body>\n</html>\n";
  return out;
}

std::string write_html_fragment(const Document& doc) {
  return "<div class=\"detour-tables\">\n<style>\n" + html_writer::style("detour-tables") + "</style>\n" +
         assemble(doc, html_writer::body, html_writer::line, html_writer::legend) + "</div>\n";
}

}  // namespace detour::reports
