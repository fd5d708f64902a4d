// function_stage: a Python callable as an extractor (see function_stage.h).
#include "function_stage.h"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <chrono>

#include "extractors/external.h"

namespace detour::python {

namespace {

// detour.StageTimeout: raised asynchronously in a function's thread when its stage
// stopped waiting for it. A BaseException, so that `except Exception` in the function
// does not swallow it.
PyObject* g_stage_timeout = nullptr;

std::string seconds_text(double s) { return fmt::format("{:g}", s); }

}  // namespace

PyRef::~PyRef() {
  if (!Py_IsInitialized()) {  // the interpreter is gone: nothing to give back
    o_.release();
    return;
  }
  py::gil_scoped_acquire gil;
  o_ = py::object();
}

// One call of a function on one page, shared by the stage waiting for it and the
// pool thread doing it. `state` moves Pending -> Running -> Done, or to Abandoned when
// the stage stopped waiting; it changes under `m`, and from Running only with the GIL
// held too (so that the asynchronous exception is raised only in a call still running).
struct CallJob {
  enum class State { Pending, Running, Done, Abandoned };
  std::shared_ptr<PyRef> fn;
  std::string html, lang, url, id;
  std::mutex m;
  std::condition_variable cv;
  State state = State::Pending;
  unsigned long thread = 0;  // the Python thread running it
  CallPool::Answer answer;
  std::string error;  // why the page failed ("" = answered)
};

CallPool::CallPool(py::object spawn) : spawn_(std::make_shared<PyRef>(std::move(spawn))) {}

std::size_t CallPool::started() const {
  std::lock_guard<std::mutex> l(m_);
  return started_;
}

std::size_t CallPool::abandoned() const {
  std::lock_guard<std::mutex> l(m_);
  return abandoned_;
}

void CallPool::close() {
  {
    std::lock_guard<std::mutex> l(m_);
    closed_ = true;
  }
  cv_.notify_all();
}

void CallPool::serve() {
  auto keep = shared_from_this();  // alive while a thread serves
  for (;;) {
    std::shared_ptr<CallJob> job;
    {
      py::gil_scoped_release nogil;
      std::unique_lock<std::mutex> l(m_);
      ++idle_;
      cv_.wait(l, [&] { return closed_ || !queue_.empty(); });
      --idle_;
      if (queue_.empty()) return;  // closed
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    run_job(*job);
  }
}

namespace {

// The last line of the exception's traceback: "ValueError: no body".
std::string exception_line(py::error_already_set& e) {
  try {
    py::list lines = py::module_::import("traceback").attr("format_exception_only")(e.type(), e.value());
    std::string s = lines.empty() ? std::string() : py::str(lines[lines.size() - 1]).cast<std::string>();
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    if (!s.empty()) return s;
  } catch (py::error_already_set&) {
  }
  std::string s = e.what();
  return s.substr(0, s.find('\n'));
}

std::string type_name(const py::handle& o) { return py::str(py::type::handle_of(o).attr("__name__")).cast<std::string>(); }

// The function's answer as the page's output, or why it is not one.
void read_answer(const py::object& r, CallPool::Answer& answer, std::string& error) {
  auto text = [&](const py::handle& s, std::string& out) {
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(s.ptr(), &n);
    if (!p) {
      PyErr_Clear();
      error = "returned a str that is not valid Unicode (lone surrogates?): it cannot be read as UTF-8";
      return false;
    }
    out.assign(p, static_cast<std::size_t>(n));
    return true;
  };
  if (PyUnicode_Check(r.ptr())) {
    answer.format = "auto";
    text(r, answer.output);
    return;
  }
  if (PyTuple_Check(r.ptr()) && PyTuple_GET_SIZE(r.ptr()) == 2) {
    py::handle f = PyTuple_GET_ITEM(r.ptr(), 0), o = PyTuple_GET_ITEM(r.ptr(), 1);
    if (!PyUnicode_Check(f.ptr()) || !PyUnicode_Check(o.ptr())) {
      error = "returned a pair (" + type_name(f) + ", " + type_name(o) + "): expected (format, str)";
      return;
    }
    if (!text(f, answer.format) || !text(o, answer.output)) return;
    if (answer.format != "auto" && answer.format != "text" && answer.format != "html" && answer.format != "cleaneval")
      error = "returned the format '" + answer.format + "': expected text, html, cleaneval or auto";
    return;
  }
  if (r.is_none()) {
    error = "returned None instead of the page's text (a str, or a (format, str) pair)";
  } else if (PyBytes_Check(r.ptr()) || PyByteArray_Check(r.ptr())) {
    error = "returned " + type_name(r) + " instead of a str: decode the text first";
  } else {
    error = "returned " + type_name(r) + " instead of the page's text (a str, or a (format, str) pair)";
  }
}

}  // namespace

void CallPool::run_job(CallJob& job) {
  {
    std::lock_guard<std::mutex> l(job.m);
    if (job.state == CallJob::State::Abandoned) return;  // its stage stopped waiting before it started
    job.state = CallJob::State::Running;
    job.thread = PyThread_get_thread_ident();
  }
  Answer answer;
  std::string error;
  try {
    py::object html = py::reinterpret_steal<py::object>(
        PyUnicode_DecodeUTF8(job.html.data(), static_cast<Py_ssize_t>(job.html.size()), "replace"));
    if (!html) throw py::error_already_set();
    std::string().swap(job.html);
    py::object r = job.fn->get()(html, job.lang, job.url, job.id);
    read_answer(r, answer, error);
  } catch (py::error_already_set& e) {
    error = exception_line(e);
  } catch (const std::exception& e) {
    error = e.what();
  }
  std::lock_guard<std::mutex> l(job.m);
  if (job.state == CallJob::State::Abandoned) {
    // The stage stopped waiting: the answer is dropped, and the exception it asked
    // for, if not raised yet, must not reach this thread's next call.
    PyThreadState_SetAsyncExc(job.thread, nullptr);
    PyErr_Clear();
    return;
  }
  job.state = CallJob::State::Done;
  job.answer = std::move(answer);
  job.error = std::move(error);
  job.cv.notify_all();
}

CallPool::Answer CallPool::call(const std::shared_ptr<PyRef>& fn, const Page& page, double budget) {
  auto job = std::make_shared<CallJob>();
  job->fn = fn;
  job->html = page.html;
  job->lang = page.lang;
  job->url = page.url;
  job->id = page.id;
  bool spawn = false;
  {
    std::lock_guard<std::mutex> l(m_);
    if (closed_) throw ExtractError("the run's Python threads are closed");
    queue_.push_back(job);
    spawn = idle_ < queue_.size();
    if (spawn) ++started_;
  }
  if (spawn) {
    py::gil_scoped_acquire gil;
    try {
      auto self = shared_from_this();
      spawn_->get()(py::cpp_function([self] { self->serve(); }));
    } catch (py::error_already_set& e) {
      throw ExtractError("cannot start a Python thread: " + exception_line(e));
    }
  } else {
    cv_.notify_one();
  }
  std::unique_lock<std::mutex> l(job->m);
  auto done = [&] { return job->state == CallJob::State::Done; };
  if (budget > 0) {
    if (!job->cv.wait_for(l, std::chrono::duration<double>(budget), done)) {
      l.unlock();
      py::gil_scoped_acquire gil;  // (the order everywhere: the GIL, then a job's lock)
      l.lock();
      if (!done()) {
        if (job->state == CallJob::State::Running) PyThreadState_SetAsyncExc(job->thread, g_stage_timeout);
        job->state = CallJob::State::Abandoned;
        l.unlock();
        {
          std::lock_guard<std::mutex> pl(m_);
          ++abandoned_;
        }
        throw ExtractError("time budget of " + seconds_text(budget) +
                           " s exceeded (wall clock); the function was asked to stop (detour.StageTimeout)");
      }
    }
  } else {
    job->cv.wait(l, done);
  }
  if (!job->error.empty()) throw ExtractError(job->error);
  return std::move(job->answer);
}

namespace {

class FunctionStage final : public Extractor {
 public:
  FunctionStage(std::string name, std::shared_ptr<PyRef> call, std::string version, Settings settings, double budget,
                std::shared_ptr<CallPool> pool)
      : name_(std::move(name)), call_(std::move(call)), version_(std::move(version)), settings_(std::move(settings)),
        budget_(budget), pool_(std::move(pool)) {}
  std::string name() const override { return name_; }
  std::string version() const override { return version_; }
  Settings settings() const override { return settings_; }
  std::optional<dom::Parser> parser() const override { return std::nullopt; }  // the function reads the page
  Extraction extract(const Page& page) const override {
    CallPool::Answer a = pool_->call(call_, page, budget_);
    return read_tool_output(a.output, a.format);
  }

 private:
  std::string name_;
  std::shared_ptr<PyRef> call_;
  std::string version_;
  Settings settings_;
  double budget_;
  std::shared_ptr<CallPool> pool_;
};

}  // namespace

harness::StageFactory function_stage(const std::string& name, py::object call, const std::string& version,
                                     const Settings& settings, double budget, std::shared_ptr<CallPool> pool) {
  harness::StageFactory f;
  f.name = name;
  auto ref = std::make_shared<PyRef>(std::move(call));
  f.make = [name, ref, version, settings, budget, pool]() -> std::unique_ptr<Extractor> {
    return std::make_unique<FunctionStage>(name, ref, version, settings, budget, pool);
  };
  f.in_process = true;
  return f;
}

void bind_function_stage(py::module_& m) {
  g_stage_timeout = PyErr_NewExceptionWithDoc(
      "detour._detour.StageTimeout",
      "Raised in a Python extractor's thread when its stage stopped waiting for it (the stage's wall-clock budget "
      "passed). A BaseException, so that `except Exception` does not swallow it.",
      PyExc_BaseException, nullptr);
  m.add_object("StageTimeout", py::handle(g_stage_timeout));
  py::class_<CallPool, std::shared_ptr<CallPool>>(m, "CallPool",
                                                  "The Python threads that call a run's Python extractors.")
      .def(py::init<py::object>(), py::arg("spawn"))
      .def("serve", &CallPool::serve, "The loop of one pool thread (returns when the pool is closed).")
      .def("close", &CallPool::close, "Threads waiting for a call leave; a thread in a call leaves after it.")
      .def_property_readonly("started", &CallPool::started, "Threads started so far.")
      .def_property_readonly("abandoned", &CallPool::abandoned, "Calls whose stage stopped waiting (budget passed).");
  m.def(
      "read_answer",
      [](const py::object& r) {
        CallPool::Answer a;
        std::string error;
        read_answer(r, a, error);
        if (!error.empty()) throw py::type_error(error);
        if (a.format == "auto") a.format = std::string(tool_output_format(a.output));
        return std::make_pair(a.format, a.output);
      },
      py::arg("answer"),
      "What a Python extractor returned, as (format, output) with the format decided (text, html or cleaneval); "
      "TypeError with the reason the page fails for when it is not an output.");
  m.def(
      "output_format",
      [](const std::string& out) { return std::string(tool_output_format(out)); }, py::arg("output"),
      "The format an output str is read as: 'cleaneval' (<p>/<h>/<l> markers), 'html' or 'text' (the rules of "
      "--external tools).");
}

}  // namespace detour::python
