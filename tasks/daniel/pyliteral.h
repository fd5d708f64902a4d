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

#include <nlohmann/json.hpp>

namespace detour::tasks {

class PyLiteralError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses one literal (surrounding whitespace and comments allowed). Tuples become
// arrays. Throws PyLiteralError("line L, column C: <reason>") on anything else.
nlohmann::ordered_json parse_py_literal(std::string_view text);

}  // namespace detour::tasks
