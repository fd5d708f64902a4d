// tables: texts from Python and tables for Python (see common.h).
#include <pybind11/stl.h>

#include "base/errors.h"
#include "common.h"

namespace detour::python {

std::string text_arg(const py::handle& o, const char* what) {
  if (PyUnicode_Check(o.ptr())) {
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(o.ptr(), &n);
    if (!p) {
      PyErr_Clear();
      throw UsageError(std::string(what) + ": a str that cannot be encoded as UTF-8 (lone surrogates)");
    }
    return std::string(p, static_cast<std::size_t>(n));
  }
  if (PyBytes_Check(o.ptr())) {
    char* p = nullptr;
    Py_ssize_t n = 0;
    PyBytes_AsStringAndSize(o.ptr(), &p, &n);
    return std::string(p, static_cast<std::size_t>(n));
  }
  throw UsageError(std::string(what) + ": expected str or bytes, got " +
                   py::str(py::type::handle_of(o).attr("__name__")).cast<std::string>());
}

std::vector<std::string> text_list(const py::sequence& items, const char* what) {
  std::vector<std::string> out;
  out.reserve(items.size());
  for (const auto& item : items) out.push_back(text_arg(item, what));
  return out;
}

std::string Tables::render(const std::string& format) const { return reports::write(doc, format); }

std::string Tables::html_fragment() const { return reports::write_html_fragment(doc); }

void bind_tables(py::module_& m) {
  py::class_<Tables>(m, "Tables", "Tables rendered by the project's writers.")
      .def("render", &Tables::render, py::arg("format"),
           "The tables in a writer's format: table, tsv, md, latex, json or html.")
      .def("html_fragment", &Tables::html_fragment, "The HTML writer's tables in a <div> with a confined style.")
      .def_property_readonly("titles", [](const Tables& t) {
        std::vector<std::string> out;
        for (const auto& table : t.doc.tables) out.push_back(table.title);
        return out;
      });
  m.def("formats", [] {
    std::vector<std::string> out;
    for (const auto& w : reports::writer_registry()) out.emplace_back(w.name);
    return out;
  }, "The names of the table writers.");
}

}  // namespace detour::python
