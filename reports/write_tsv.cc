// The TSV writer: a header line and one line per row, fields separated by tabs
// (backslash, tab, newline and carriage return escaped as \\, \t, \n, \r); title,
// caption, signatures and notes as "# " lines. Every field of a score column is one
// number: a column with confidence intervals is followed by "<header> lo" and
// "<header> hi" columns; marks are not shown.
#include <fmt/format.h>

#include "reports/table.h"
#include "results/run_records.h"

namespace detour::reports {

// Named, not anonymous: the writers share helper names (body, line, legend), and a
// unity build (DETOUR_UNITY) compiles several writers as one translation unit.
namespace tsv_writer {

std::string body(const Table& t) {
  std::vector<bool> has_interval(t.columns.size(), false);
  for (const Row& r : t.rows)
    for (std::size_t i = 0; i < r.size(); ++i)
      if (r[i].kind() == Cell::Kind::Score && r[i].score().has_interval()) has_interval[i] = true;
  std::string out;
  if (!t.title.empty()) out += "# " + t.title + "\n";
  if (!t.caption.empty()) out += "# " + t.caption + "\n";
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const std::string h = results::tsv_escape(t.columns[i].header());
    out += (i ? "\t" : "") + h;
    if (has_interval[i]) out += "\t" + h + " lo\t" + h + " hi";
  }
  out += "\n";
  for (const Row& r : t.rows) {
    for (std::size_t i = 0; i < r.size(); ++i) {
      if (i) out += '\t';
      out += results::tsv_escape(plain_value(r[i]));
      if (!has_interval[i]) continue;
      if (r[i].kind() == Cell::Kind::Score && r[i].score().has_interval()) {
        const auto& s = r[i].score();
        out += fmt::format("\t{:.{}f}\t{:.{}f}", s.lo(), r[i].decimals(), s.hi(), r[i].decimals());
      } else {
        out += "\t-\t-";
      }
    }
    out += "\n";
  }
  return out;
}

std::string line(const std::string& text, bool) { return "# " + text + "\n"; }

std::string legend(const Table&) { return ""; }

}  // namespace tsv_writer

std::string write_tsv(const Document& doc) { return assemble(doc, tsv_writer::body, tsv_writer::line, tsv_writer::legend); }

}  // namespace detour::reports
