// table: the one table model of detour's reports, and the writers that render it.
//
// Every table detour prints or writes (Table 2 and Table 4 of a run, `detour score`,
// `detour sites`, comparisons, gates) is built as a Document -- tables plus the
// signature and note lines that go with them -- and rendered by one writer per output
// format, looked up by name in the writer table:
//
//   name   extension  output
//   table  txt        aligned plain text (first lines "== title")
//   tsv    tsv        tab-separated; title, caption, signatures and notes as "# " lines
//   md     md         Markdown ("### title", signatures as "- `...`")
//   latex  tex        a LaTeX tabular ("% " comment lines around it)
//   json   json       the model itself, with numbers unrounded
//   html   html       a standalone page without scripts (every text escaped)
//
// A new output format is one file (reports/write_<name>.cc defining its function)
// plus one line in the writer table (reports/writers.cc).
//
// Building a table needs no knowledge of the writers. For example Table 3 of a task,
// one row per system, P/R/F1 per language:
//
//   reports::Table t;
//   t.title = "Table 3";
//   t.add_column("system", "", Align::Left);
//   for (const auto& lang : langs)
//     for (const char* k : {"P", "R", "F1"}) t.add_column(k, lang);   // group = lang
//   for (const auto& sys : systems) {
//     auto& row = t.add_row();
//     row.push_back(Cell::text(sys.name));
//     for (...) row.push_back(Cell::percent(score));  // a results::Score, 0..1, shown x100
//   }
//   t.signatures.push_back(signature_of_the_scores);
//   reports::Document doc;
//   doc.tables.push_back(std::move(t));
//   std::string text = reports::write(doc, "md");
//
// Cells. A cell is empty ("-": nothing to show, e.g. no document scored), a text (a
// label: system, language, site), a count (documents, pages) or a score. A score cell
// is built from a results::Score -- never from a bare double -- and keeps its
// signature; when the Score has a confidence interval the writers show it (as
// "F1 ± half-width" or "F1 [lo, hi]", Table::intervals). A cell can carry marks:
// Best (the best value of its column or cell group), Tied (not significantly worse
// than the best) and Baseline (a trivial baseline: GOLD, ALL, NONE).
//
// How the writers render what is not plain text:
//  - column groups: a column's header is "<group> <label>" (groups are kept as such in
//    JSON). Consecutive columns of one group form the group.
//  - intervals: "86.77 ± 1.23" / "86.77 [85.54, 88.00]" in text and Markdown ("$\pm$"
//    in LaTeX); in TSV a column with any interval is followed by "<header> lo" and
//    "<header> hi" columns, so that every TSV field stays one number; JSON gives lo/hi.
//  - marks: aligned text appends "*" (best), "~" (tied), "(b)" (baseline); Markdown
//    shows the best in bold ("~", "(b)" otherwise); LaTeX uses \textbf, $^{\sim}$ and
//    $^{b}$. A legend line is added below a table that has marks. TSV shows no marks
//    (its fields are numbers); JSON lists them.
//  - signatures and notes follow their table, one per line; a Document's own
//    signatures and notes follow all tables.
// Writers never round what they are given except to the cell's decimals; JSON keeps
// the full value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/score.h"

namespace detour::reports {

enum class Align : std::uint8_t { Left, Right };

enum Mark : std::uint8_t {
  kNoMark = 0,
  kBest = 1,      // the best of its column (or of the cells compared with it)
  kTied = 2,      // not significantly worse than the best
  kBaseline = 4,  // a trivial baseline (GOLD, ALL, NONE, or one marked so); never wins
};

// How a score cell's confidence interval is shown by the text formats.
enum class IntervalStyle : std::uint8_t {
  HalfWidth,  // 86.77 ± 1.23, the half-width (hi - lo) / 2
  Bounds,     // 86.77 [85.54, 88.00]
};

class Cell {
 public:
  enum class Kind : std::uint8_t { Empty, Text, Count, Score };

  // "-": nothing to show.
  static Cell empty() { return Cell(); }
  static Cell text(std::string s);
  static Cell count(std::int64_t n);
  // A score shown with `decimals` decimals, its value (and interval) as given.
  static Cell number(const results::Score& s, int decimals = 2);
  // A score whose value is a fraction (0..1) shown as a percentage (x100, 2 decimals
  // by default).
  static Cell percent(const results::Score& s, int decimals = 2);

  Kind kind() const { return kind_; }
  const std::string& text() const { return text_; }  // Text
  std::int64_t count() const { return count_; }      // Count
  const results::Score& score() const { return *score_; }  // Score
  int decimals() const { return decimals_; }
  std::uint8_t marks() const { return marks_; }
  Cell& mark(Mark m) {
    marks_ |= m;
    return *this;
  }

 private:
  Kind kind_ = Kind::Empty;
  std::string text_;
  std::int64_t count_ = 0;
  std::optional<results::Score> score_;
  int decimals_ = 2;
  std::uint8_t marks_ = kNoMark;
};

struct Column {
  std::string label;  // "F1"
  std::string group;  // "TO" (may be empty): the header shows "TO F1"
  Align align = Align::Right;
  // "TO F1": the header a flat writer shows.
  std::string header() const { return group.empty() ? label : group + " " + label; }
};

using Row = std::vector<Cell>;

struct Table {
  std::string title;    // may be empty
  std::string caption;  // a paragraph above the table (may be empty)
  std::vector<Column> columns;
  std::vector<Row> rows;  // each with columns.size() cells
  std::vector<std::string> signatures;  // lines below the table
  std::vector<std::string> notes;       // lines below the signatures
  IntervalStyle intervals = IntervalStyle::HalfWidth;

  Table& add_column(std::string label, std::string group = "", Align align = Align::Right);
  Row& add_row();  // an empty row to push columns.size() cells into
};

// What one writer call renders: tables in order, then lines that concern them all.
struct Document {
  std::vector<Table> tables;
  std::vector<std::string> signatures;
  std::vector<std::string> notes;
};

struct Writer {
  std::string_view name;         // --format value
  std::string_view extension;    // file name extension, no dot
  std::string_view description;
  std::string (*write)(const Document&);
};

// The writer table (reports/writers.cc), in display order.
const std::vector<Writer>& writer_registry();
// Throws UsageError naming the known formats (with a suggestion).
const Writer& find_writer(std::string_view name);
// find_writer(format).write(doc). Throws std::invalid_argument when a row's length
// differs from the number of columns.
std::string write(const Document& doc, std::string_view format);
// The html writer's tables without the page around them: a <div class="detour-tables">
// with its style confined to it, for embedding (a notebook's output cell).
std::string write_html_fragment(const Document& doc);
// The model back from the json writer's text (a table file of a run folder). Throws
// std::invalid_argument naming what is wrong.
Document read_json_document(std::string_view text);

// --- for writers --------------------------------------------------------------
// Throws std::invalid_argument naming the table when a row has the wrong length.
void check_shape(const Table& t);
// The value of a Count or Score cell with its decimals ("86.77"), the text of a Text
// cell, "-" for an empty one. No interval, no marks.
std::string plain_value(const Cell& c);
// The interval part of a score cell in a text format: " ± 1.23" or " [85.54, 88.00]";
// "" without an interval. `pm` is the plus-minus sign of the format.
std::string interval_text(const Cell& c, IntervalStyle style, std::string_view pm = "±");
// The legend line of the marks used in a table ("" when none), with the format's
// symbols for best, tied and baseline.
std::string marks_legend(const Table& t, std::string_view best, std::string_view tied, std::string_view baseline);
// Display width of UTF-8 text (code points), for aligned output.
std::size_t display_width(std::string_view s);
// The layout every text writer shares: each table's `body`, then after a blank line
// its signature, note and legend lines (`line(text, is_signature)`); tables separated
// by a blank line; then, after a blank line, the document's signature and note lines.
std::string assemble(const Document& doc, std::string (*body)(const Table&),
                     std::string (*line)(const std::string& text, bool signature),
                     std::string (*legend)(const Table&));

}  // namespace detour::reports
