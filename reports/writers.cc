// The writer table: one line per output format, in display order. Each writer is
// defined in its own file (write_*.cc).
#include "reports/table.h"

namespace detour::reports {

std::string write_text(const Document&);
std::string write_tsv(const Document&);
std::string write_markdown(const Document&);
std::string write_latex(const Document&);
std::string write_json(const Document&);

const std::vector<Writer>& writer_registry() {
  static const std::vector<Writer> table = {
      {"table", "txt", "aligned plain text", write_text},
      {"tsv", "tsv", "tab-separated values, '# ' comment lines", write_tsv},
      {"md", "md", "Markdown", write_markdown},
      {"latex", "tex", "LaTeX tabular", write_latex},
      {"json", "json", "JSON (the table model, values unrounded)", write_json},
  };
  return table;
}

}  // namespace detour::reports
