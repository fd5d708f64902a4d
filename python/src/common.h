// common: what the module's parts share: texts from Python (str or bytes), a
// document of tables (reports/table.h) as a Python object, and the module's errors.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "reports/table.h"

namespace detour::python {

namespace py = pybind11;

// A text given as str (taken as UTF-8) or bytes (as they are).
std::string text_arg(const py::handle& o, const char* what);
std::vector<std::string> text_list(const py::sequence& items, const char* what);

// Tables (a reports::Document) rendered by the project's writers.
struct Tables {
  reports::Document doc;
  // The writer's rendering ("table", "tsv", "md", "latex", "json", "html").
  std::string render(const std::string& format) const;
  // The HTML writer's tables without the page around them, with a style scoped to a
  // <div class="detour-tables"> (for Jupyter).
  std::string html_fragment() const;
};

void bind_tables(py::module_& m);
void bind_scoring(py::module_& m);
void bind_records(py::module_& m);
void bind_run(py::module_& m);

}  // namespace detour::python
