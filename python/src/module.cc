// The extension module detour._detour: the project's libraries as the Python package
// `detour` sees them (python/detour/ is the layer users call). Errors come out as the
// package's exceptions: UsageError (a ValueError: an unknown name, a bad setting),
// ResourceError (a stoplist, model or task resource missing), InputError (a corpus,
// run folder, store or baseline that cannot be read); a run stopped by a signal as
// KeyboardInterrupt.
#include <pybind11/pybind11.h>

#include "base/errors.h"
#include "base/io.h"
#include "base/version.h"
#include "common.h"
#include "corpora/corpus.h"
#include "function_stage.h"
#include "reports/gate.h"
#include "results/run_records.h"
#include "runner/resume.h"
#include "store/sqlite.h"

namespace py = pybind11;
using namespace detour;

PYBIND11_MODULE(_detour, m) {
  m.doc() = "detour's libraries for the Python package `detour` (use the package, not this module).";
  static py::exception<UsageError> usage(m, "UsageError", PyExc_ValueError);
  static py::exception<ResourceError> resource(m, "ResourceError", PyExc_RuntimeError);
  static py::exception<std::runtime_error> input(m, "InputError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const UsageError& e) {
      usage(e.what());
    } catch (const ResourceError& e) {
      resource(e.what());
    } catch (const harness::Interrupted& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const results::RecordsError& e) {
      input(e.what());
    } catch (const reports::BaselineError& e) {
      input(e.what());
    } catch (const io::IoError& e) {  // (corpora::CorpusError too)
      input(e.what());
    } catch (const store::StoreError& e) {
      input(e.what());
    }
  });
  m.attr("version") = std::string(detour_version());
  m.attr("commit") = std::string(detour_commit());
  python::bind_tables(m);
  python::bind_scoring(m);
  python::bind_records(m);
  python::bind_function_stage(m);
  python::bind_run(m);
}
