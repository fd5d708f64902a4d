// pyliteral: a lenient reader of the Python literals DAnIEL keeps its resource lists
// in (the files are read with Python's eval): dicts, lists, tuples, strings in single
// or double quotes (prefixes u/r/b, triple quotes, implicit concatenation, every
// escape of Python 3 but \N{...}), numbers, True/False/None, '#' comments and
// trailing commas. JSON's true/false/null are accepted too. A dict keeps its keys in
// first-insertion order and a repeated key takes the last value, as a Python dict
// display does.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace detour::tasks {

class PyLiteralError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses one literal (surrounding whitespace and comments allowed). Tuples become
// arrays. Throws PyLiteralError("line L, column C: <reason>") on anything else.
// `python2`: string literals without a u prefix as Python 2 reads them (bytes: \u, \U
// and \N are no escapes and stay as written; \x and octal escapes are bytes), as
// DAnIEL's original eval reads its resource files.
nlohmann::ordered_json parse_py_literal(std::string_view text, bool python2 = false);

// The order in which CPython 2.7 iterates a dict built from a display of these str keys
// (their bytes, in display order, all distinct): BUILD_MAP presizes the table for the
// number of items, each key goes to the slot its hash (string_hash, no randomisation)
// and the perturbed probe give, and the table grows (to 4 x used) when two thirds
// full; iteration walks the slots. Returns the display indices in iteration order.
// DAnIEL's original (Python 2) joins its resource names in this order.
std::vector<std::size_t> python2_dict_order(const std::vector<std::string>& keys);

}  // namespace detour::tasks
