#include "reports/tables.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

namespace detour::reports {
namespace {

const metrics::Aggregate* find(const SystemScores& s, const std::string& lang, const std::string& metric) {
  for (const auto& [l, ms] : s.by_lang)
    if (l == lang)
      for (const auto& [m, a] : ms)
        if (m == metric) return &a;
  return nullptr;
}

std::vector<std::string> languages(const std::vector<SystemScores>& systems) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& s : systems)
    for (const auto& [l, ms] : s.by_lang)
      if (seen.insert(l).second) out.push_back(l);
  // "all" last.
  std::vector<std::string> sorted;
  for (const auto& l : out)
    if (l != "all") sorted.push_back(l);
  std::sort(sorted.begin(), sorted.end());
  if (seen.count("all")) sorted.push_back("all");
  return sorted;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string latex_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '_' || c == '&' || c == '%' || c == '#') o += '\\';
    o += c;
  }
  return o;
}

struct Grid {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

std::string render(const std::string& title, const Grid& g, TableFormat f) {
  std::string out;
  switch (f) {
    case TableFormat::Tsv:
      out += "# " + title + "\n";
      for (std::size_t i = 0; i < g.header.size(); ++i) out += (i ? "\t" : "") + g.header[i];
      out += "\n";
      for (const auto& r : g.rows) {
        for (std::size_t i = 0; i < r.size(); ++i) out += (i ? "\t" : "") + r[i];
        out += "\n";
      }
      break;
    case TableFormat::Markdown:
      out += "### " + title + "\n\n|";
      for (const auto& h : g.header) out += " " + h + " |";
      out += "\n|";
      for (std::size_t i = 0; i < g.header.size(); ++i) out += i ? "---:|" : "---|";
      out += "\n";
      for (const auto& r : g.rows) {
        out += "|";
        for (const auto& c : r) out += " " + c + " |";
        out += "\n";
      }
      break;
    case TableFormat::Latex:
      out += "% " + title + "\n\\begin{tabular}{l" + std::string(g.header.size() - 1, 'r') + "}\n\\hline\n";
      for (std::size_t i = 0; i < g.header.size(); ++i) out += (i ? " & " : "") + latex_escape(g.header[i]);
      out += " \\\\\n\\hline\n";
      for (const auto& r : g.rows) {
        for (std::size_t i = 0; i < r.size(); ++i) out += (i ? " & " : "") + latex_escape(r[i]);
        out += " \\\\\n";
      }
      out += "\\hline\n\\end{tabular}\n";
      break;
  }
  return out + "\n";
}

}  // namespace

std::string table2(const std::vector<SystemScores>& systems, const std::vector<std::string>& metric_names,
                   TableFormat format, const std::string& signature_note) {
  std::string out;
  for (const auto& lang : languages(systems)) {
    Grid g;
    g.header.push_back("system");
    for (const auto& m : metric_names)
      for (const char* k : {"P", "R", "F1"}) g.header.push_back(upper(m) + " " + k);
    for (const auto& s : systems) {
      std::vector<std::string> row = {s.system};
      for (const auto& m : metric_names) {
        const metrics::Aggregate* a = find(s, lang, m);
        if (!a || a->documents == 0) {  // no scored page (e.g. all were training pages)
          row.insert(row.end(), {"-", "-", "-"});
          continue;
        }
        row.push_back(fmt::format("{:.2f}", 100 * a->micro.precision));
        row.push_back(fmt::format("{:.2f}", 100 * a->micro.recall));
        row.push_back(fmt::format("{:.2f}", 100 * a->micro.f1));
      }
      g.rows.push_back(std::move(row));
    }
    out += render("Table 2 - " + lang, g, format);
  }
  if (!signature_note.empty()) out += (format == TableFormat::Latex ? "% " : "# ") + signature_note + "\n";
  return out;
}

std::string table4(const std::vector<SystemScores>& systems, const std::vector<std::string>& metric_names,
                   TableFormat format, const std::string& signature_note) {
  Grid g;
  g.header.push_back("language");
  for (const auto& m : metric_names) {
    g.header.push_back(upper(m) + " best");
    g.header.push_back(upper(m) + " F1");
  }
  for (const auto& lang : languages(systems)) {
    std::vector<std::string> row = {lang};
    for (const auto& m : metric_names) {
      const SystemScores* best = nullptr;
      double best_f = -1;
      for (const auto& s : systems) {
        const metrics::Aggregate* a = find(s, lang, m);
        if (a && a->documents > 0 && a->micro.f1 > best_f) {  // first system wins ties (stable)
          best_f = a->micro.f1;
          best = &s;
        }
      }
      row.push_back(best ? best->system : "-");
      row.push_back(best ? fmt::format("{:.2f}", 100 * best_f) : "-");
    }
    g.rows.push_back(std::move(row));
  }
  std::string out = render("Table 4 - best system per language and measure (F1)", g, format);
  if (!signature_note.empty()) out += (format == TableFormat::Latex ? "% " : "# ") + signature_note + "\n";
  return out;
}

}  // namespace detour::reports
