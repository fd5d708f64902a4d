// The JSON writer: the model itself.
//   {"tables": [{"title", "caption", "columns": [{"label", "group", "align"}],
//                "rows": [[cell, ...], ...], "signatures": [...], "notes": [...],
//                "score_signatures": [...]}],
//    "signatures": [...], "notes": [...]}
// A cell is null (empty), a string (text), an integer (count) or, for a score,
// {"value", "decimals", "signature": <index into the table's score_signatures>} with
// "lo" and "hi" when it has an interval and "marks" (["best", "tied", "baseline"])
// when it has marks. Values are unrounded; "decimals" is what the other writers show.
#include <nlohmann/json.hpp>

#include <map>

#include "reports/table.h"

namespace detour::reports {

namespace {

nlohmann::json table_json(const Table& t) {
  nlohmann::json j;
  j["title"] = t.title;
  j["caption"] = t.caption;
  nlohmann::json cols = nlohmann::json::array();
  for (const auto& c : t.columns)
    cols.push_back({{"label", c.label}, {"group", c.group}, {"align", c.align == Align::Left ? "left" : "right"}});
  j["columns"] = std::move(cols);
  std::map<std::string, std::size_t> sig_index;
  std::vector<std::string> sigs;
  nlohmann::json rows = nlohmann::json::array();
  for (const Row& r : t.rows) {
    nlohmann::json row = nlohmann::json::array();
    for (const Cell& c : r) {
      switch (c.kind()) {
        case Cell::Kind::Empty: row.push_back(nullptr); break;
        case Cell::Kind::Text: row.push_back(c.text()); break;
        case Cell::Kind::Count: row.push_back(c.count()); break;
        case Cell::Kind::Score: {
          const auto& s = c.score();
          auto [it, added] = sig_index.emplace(s.signature(), sigs.size());
          if (added) sigs.push_back(s.signature());
          nlohmann::json cj = {{"value", s.value()}, {"decimals", c.decimals()}, {"signature", it->second}};
          if (s.has_interval()) {
            cj["lo"] = s.lo();
            cj["hi"] = s.hi();
          }
          nlohmann::json marks = nlohmann::json::array();
          if (c.marks() & kBest) marks.push_back("best");
          if (c.marks() & kTied) marks.push_back("tied");
          if (c.marks() & kBaseline) marks.push_back("baseline");
          if (!marks.empty()) cj["marks"] = std::move(marks);
          row.push_back(std::move(cj));
          break;
        }
      }
    }
    rows.push_back(std::move(row));
  }
  j["rows"] = std::move(rows);
  j["signatures"] = t.signatures;
  j["notes"] = t.notes;
  j["score_signatures"] = sigs;
  j["intervals"] = t.intervals == IntervalStyle::HalfWidth ? "half-width" : "bounds";
  return j;
}

}  // namespace

std::string write_json(const Document& doc) {
  nlohmann::json j;
  j["tables"] = nlohmann::json::array();
  for (const Table& t : doc.tables) j["tables"].push_back(table_json(t));
  j["signatures"] = doc.signatures;
  j["notes"] = doc.notes;
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace detour::reports
