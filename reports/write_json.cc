// The JSON writer: the model itself.
//   {"tables": [{"title", "caption", "columns": [{"label", "group", "align"}],
//                "rows": [[cell, ...], ...], "signatures": [...], "notes": [...],
//                "score_signatures": [...]}],
//    "signatures": [...], "notes": [...]}
// A cell is null (empty), a string (text), an integer (count) or, for a score,
// {"value", "decimals", "signature": <index into the table's score_signatures>} with
// "lo" and "hi" when it has an interval and "marks" (["best", "tied", "baseline"])
// when it has marks. Values are unrounded; "decimals" is what the other writers show.
// read_json_document() reads it back into the model.
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

Document read_json_document(std::string_view text) {
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    Document doc;
    for (const auto& tj : j.at("tables")) {
      Table t;
      t.title = tj.at("title").get<std::string>();
      t.caption = tj.at("caption").get<std::string>();
      for (const auto& c : tj.at("columns"))
        t.add_column(c.at("label").get<std::string>(), c.at("group").get<std::string>(),
                     c.at("align").get<std::string>() == "left" ? Align::Left : Align::Right);
      const auto sigs = tj.at("score_signatures").get<std::vector<std::string>>();
      for (const auto& rj : tj.at("rows")) {
        Row& row = t.add_row();
        for (const auto& cj : rj) {
          if (cj.is_null()) {
            row.push_back(Cell::empty());
          } else if (cj.is_string()) {
            row.push_back(Cell::text(cj.get<std::string>()));
          } else if (cj.is_number_integer()) {
            row.push_back(Cell::count(cj.get<std::int64_t>()));
          } else {
            const std::string& sig = sigs.at(cj.at("signature").get<std::size_t>());
            results::Score score(cj.at("value").get<double>(), sig);
            // The written signature ends with the interval's method ("...|bs:1000|..."):
            // split at its last '|' so that with_interval() gives it back unchanged.
            const std::size_t bar = sig.rfind('|');
            if (cj.contains("lo") && bar != std::string::npos && bar > 0)
              score = results::Score(score.value(), sig.substr(0, bar))
                          .with_interval(cj.at("lo").get<double>(), cj.at("hi").get<double>(), sig.substr(bar + 1));
            Cell c = Cell::number(score, cj.at("decimals").get<int>());
            for (const auto& mark : cj.value("marks", nlohmann::json::array())) {
              const std::string m = mark.get<std::string>();
              c.mark(m == "best" ? kBest : m == "tied" ? kTied : m == "baseline" ? kBaseline : kNoMark);
            }
            row.push_back(std::move(c));
          }
        }
        if (row.size() != t.columns.size()) throw std::invalid_argument("a row's length differs from the columns'");
      }
      t.signatures = tj.at("signatures").get<std::vector<std::string>>();
      t.notes = tj.at("notes").get<std::vector<std::string>>();
      t.intervals = tj.value("intervals", "half-width") == "bounds" ? IntervalStyle::Bounds : IntervalStyle::HalfWidth;
      doc.tables.push_back(std::move(t));
    }
    doc.signatures = j.at("signatures").get<std::vector<std::string>>();
    doc.notes = j.at("notes").get<std::vector<std::string>>();
    return doc;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("not a table written by the json writer: ") + e.what());
  }
}

}  // namespace detour::reports
