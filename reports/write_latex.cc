// The LaTeX writer: a tabular between \hline rules, headers flattened ("TO F1"),
// title, caption, signatures and notes as "% " comment lines. The best value of a
// group is \textbf; ties and baselines get a superscript.
#include "reports/table.h"

namespace detour::reports {

// Named, not anonymous: the writers share helper names (body, line, legend), and a
// unity build (DETOUR_UNITY) compiles several writers as one translation unit.
namespace latex_writer {

std::string escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '_': case '&': case '%': case '#': case '$': case '{': case '}': o += '\\'; o += c; break;
      case '\\': o += "\\textbackslash{}"; break;
      case '~': o += "\\textasciitilde{}"; break;
      case '^': o += "\\textasciicircum{}"; break;
      default: o += c;
    }
  }
  return o;
}

std::string cell_text(const Cell& c, const Table& t) {
  std::string v = escape(plain_value(c));
  if (c.marks() & kBest) v = "\\textbf{" + v + "}";
  v += interval_text(c, t.intervals, "$\\pm$");
  if (c.marks() & kTied) v += "$^{\\sim}$";
  if (c.marks() & kBaseline) v += "$^{b}$";
  return v;
}

std::string body(const Table& t) {
  std::string out;
  if (!t.title.empty()) out += "% " + t.title + "\n";
  if (!t.caption.empty()) out += "% " + t.caption + "\n";
  std::string spec;
  for (const auto& c : t.columns) spec += c.align == Align::Left ? 'l' : 'r';
  out += "\\begin{tabular}{" + spec + "}\n\\hline\n";
  for (std::size_t i = 0; i < t.columns.size(); ++i) out += (i ? " & " : "") + escape(t.columns[i].header());
  out += " \\\\\n\\hline\n";
  for (const Row& r : t.rows) {
    for (std::size_t i = 0; i < r.size(); ++i) out += (i ? " & " : "") + cell_text(r[i], t);
    out += " \\\\\n";
  }
  out += "\\hline\n\\end{tabular}\n";
  return out;
}

std::string line(const std::string& text, bool) { return "% " + text + "\n"; }

std::string legend(const Table& t) { return marks_legend(t, "\\textbf{bold}", "$^{\\sim}$", "$^{b}$"); }

}  // namespace latex_writer

std::string write_latex(const Document& doc) { return assemble(doc, latex_writer::body, latex_writer::line, latex_writer::legend); }

}  // namespace detour::reports
