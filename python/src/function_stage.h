// function_stage: a Python callable as an extractor of a run (detour.run(extractors=
// [("MINE", fn)])), called in this process with each page.
//
// The stage hands the page to a pool of Python threads (CallPool) and waits for the
// answer at most its budget, wall clock. A function cannot be stopped safely at any
// instant, so a stage that waits longer fails the page ("time budget of 10 s (wall
// clock) exceeded") and asks the function to stop with an asynchronous exception
// (detour.StageTimeout, a BaseException, raised in its thread at its next Python
// instruction: a loop stops there; a call into C, time.sleep included, stops when it
// returns); the pool starts another thread meanwhile, and the late answer is dropped.
// Pages of a run with a Python stage are done in the run's own threads, never in
// forked worker processes (runner/pipeline.h: StageFactory::in_process): an
// interpreter does not survive a fork of a threaded process.
//
// What the function returns becomes the page's output: a str, read as an external
// tool's output is (extractors/external.h: CleanEval markup, HTML or text); a pair
// (format, str) with format "text", "html", "cleaneval" or "auto". An exception fails
// the page with the last line of its traceback ("ValueError: no body"); None, bytes
// and any other type fail it with a reason naming the type.
#pragma once

#include <pybind11/pybind11.h>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>

#include "extractors/extractor.h"
#include "runner/pipeline.h"

namespace detour::python {

namespace py = pybind11;

// A Python object held from C++ threads: copied and destroyed without the GIL (the
// reference is dropped with the GIL taken).
class PyRef {
 public:
  explicit PyRef(py::object o) : o_(std::move(o)) {}
  ~PyRef();
  PyRef(const PyRef&) = delete;
  PyRef& operator=(const PyRef&) = delete;
  const py::object& get() const { return o_; }

 private:
  py::object o_;
};

struct CallJob;

// Python threads that call the stages' functions. Made by the Python layer for a run
// (detour/_run.py), with `spawn`: a callable that starts a daemon thread running its
// argument (threading.Thread(target=..., daemon=True).start()).
class CallPool : public std::enable_shared_from_this<CallPool> {
 public:
  explicit CallPool(py::object spawn);

  struct Answer {
    std::string output, format;  // the page's output and its format (auto, text, html, cleaneval)
  };
  // Calls fn(html, lang, url, id) in a pool thread and waits for it at most `budget`
  // seconds (0: no limit). Throws ExtractError with the reason when the function
  // raised, returned something else than text, or took longer. Called without the
  // GIL (from the run's threads).
  Answer call(const std::shared_ptr<PyRef>& fn, const Page& page, double budget);

  // The loop of a pool thread: called in it (by the thread `spawn` starts), with the
  // GIL; returns when the pool is closed.
  void serve();
  // Threads waiting for a call leave; a thread in a call leaves after it.
  void close();
  // Threads started so far, and threads in a call whose stage stopped waiting.
  std::size_t started() const;
  std::size_t abandoned() const;

 private:
  void run_job(CallJob& job);  // with the GIL
  std::shared_ptr<PyRef> spawn_;
  mutable std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::shared_ptr<CallJob>> queue_;
  std::size_t idle_ = 0, started_ = 0, abandoned_ = 0;
  bool closed_ = false;
};

// The stage factory of a Python function: `call` is the function wrapped by the
// Python layer (called as call(html, lang, url, id)); `version` and `settings` go into
// the extractor signature (NAME|v:VERSION|key:value...); `budget` is the wall-clock
// seconds a page may take (0: none).
harness::StageFactory function_stage(const std::string& name, py::object call, const std::string& version,
                                     const Settings& settings, double budget, std::shared_ptr<CallPool> pool);

// Registers CallPool and StageTimeout in the module.
void bind_function_stage(py::module_& m);

}  // namespace detour::python
