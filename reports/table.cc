// table: the model's helpers and the functions writers share (see table.h).
#include "reports/table.h"

#include <fmt/format.h>

#include <stdexcept>

#include "base/errors.h"
#include "base/strings.h"

namespace detour::reports {

Cell Cell::text(std::string s) {
  Cell c;
  c.kind_ = Kind::Text;
  c.text_ = std::move(s);
  return c;
}

Cell Cell::count(std::int64_t n) {
  Cell c;
  c.kind_ = Kind::Count;
  c.count_ = n;
  return c;
}

Cell Cell::number(const results::Score& s, int decimals) {
  Cell c;
  c.kind_ = Kind::Score;
  c.score_ = s;
  c.decimals_ = decimals;
  return c;
}

Cell Cell::percent(const results::Score& s, int decimals) { return number(s.scaled(100), decimals); }

Table& Table::add_column(std::string label, std::string group, Align align) {
  columns.push_back({std::move(label), std::move(group), align});
  return *this;
}

Row& Table::add_row() {
  rows.emplace_back();
  rows.back().reserve(columns.size());
  return rows.back();
}

std::string write(const Document& doc, std::string_view format) {
  for (const Table& t : doc.tables) check_shape(t);
  return find_writer(format).write(doc);
}

const Writer& find_writer(std::string_view name) {
  std::vector<std::string> known;
  for (const Writer& w : writer_registry()) {
    if (w.name == name) return w;
    known.emplace_back(w.name);
  }
  throw UsageError(unknown_name_message("output format", name, known));
}

void check_shape(const Table& t) {
  for (std::size_t r = 0; r < t.rows.size(); ++r)
    if (t.rows[r].size() != t.columns.size())
      throw std::invalid_argument(fmt::format("table '{}': row {} has {} cells for {} columns", t.title, r,
                                              t.rows[r].size(), t.columns.size()));
}

std::string plain_value(const Cell& c) {
  switch (c.kind()) {
    case Cell::Kind::Empty: return "-";
    case Cell::Kind::Text: return c.text();
    case Cell::Kind::Count: return std::to_string(c.count());
    case Cell::Kind::Score: return fmt::format("{:.{}f}", c.score().value(), c.decimals());
  }
  return "-";
}

std::string interval_text(const Cell& c, IntervalStyle style, std::string_view pm) {
  if (c.kind() != Cell::Kind::Score || !c.score().has_interval()) return "";
  const auto& s = c.score();
  if (style == IntervalStyle::HalfWidth) return fmt::format(" {} {:.{}f}", pm, (s.hi() - s.lo()) / 2, c.decimals());
  return fmt::format(" [{:.{}f}, {:.{}f}]", s.lo(), c.decimals(), s.hi(), c.decimals());
}

std::string marks_legend(const Table& t, std::string_view best, std::string_view tied, std::string_view baseline) {
  std::uint8_t used = 0;
  for (const Row& r : t.rows)
    for (const Cell& c : r) used |= c.marks();
  std::string out;
  auto add = [&](Mark m, std::string_view sym, std::string_view what) {
    if (!(used & m)) return;
    out += fmt::format("{}{} {}", out.empty() ? "marks: " : "; ", sym, what);
  };
  add(kBest, best, "best");
  add(kTied, tied, "tied with the best (not significantly worse)");
  add(kBaseline, baseline, "baseline (never ranked)");
  return out;
}

std::size_t display_width(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
  return n;
}

}  // namespace detour::reports

namespace detour::reports {

std::string assemble(const Document& doc, std::string (*body)(const Table&),
                     std::string (*line)(const std::string& text, bool signature),
                     std::string (*legend)(const Table&)) {
  std::string out;
  for (std::size_t i = 0; i < doc.tables.size(); ++i) {
    const Table& t = doc.tables[i];
    if (i) out += "\n";
    out += body(t);
    std::string lines;
    for (const auto& s : t.signatures) lines += line(s, true);
    for (const auto& n : t.notes) lines += line(n, false);
    if (std::string l = legend(t); !l.empty()) lines += line(l, false);
    if (!lines.empty()) out += "\n" + lines;
  }
  std::string lines;
  for (const auto& s : doc.signatures) lines += line(s, true);
  for (const auto& n : doc.notes) lines += line(n, false);
  if (!lines.empty()) out += (doc.tables.empty() ? "" : "\n") + lines;
  return out;
}

}  // namespace detour::reports
