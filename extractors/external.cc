#include "extractors/external.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "extractors/blocks.h"

extern char** environ;

namespace detour {

namespace fs = std::filesystem;

std::vector<std::string> split_command(const std::string& s) {
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\'') {
      auto end = s.find('\'', i + 1);
      if (end == std::string::npos) throw std::invalid_argument("unterminated ' in command: " + s);
      cur += s.substr(i + 1, end - i - 1);
      in_word = true;
      i = end;
    } else if (c == '"') {
      ++i;
      for (; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\')) ++i;
        cur += s[i];
      }
      if (i >= s.size()) throw std::invalid_argument("unterminated \" in command: " + s);
      in_word = true;
    } else if (c == '\\' && i + 1 < s.size()) {
      cur += s[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(cur));
      cur.clear();
      in_word = false;
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(cur));
  return words;
}

ExternalSpec parse_external_spec(const std::string& text, double timeout_seconds) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 >= text.size())
    throw std::invalid_argument("--external expects NAME='COMMAND', got: " + text);
  ExternalSpec spec{text.substr(0, eq), text.substr(eq + 1), timeout_seconds};
  for (char c : spec.name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'))
      throw std::invalid_argument("external extractor name '" + spec.name +
                                  "' may only hold letters, digits, '_' and '.' ('-' separates chain stages)");
  if (split_command(spec.command).empty()) throw std::invalid_argument("empty command for " + spec.name);
  return spec;
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdin_data, double timeout) {
  // A tool that exits before reading its input must not kill us with SIGPIPE.
  static const bool sigpipe_ignored = [] {
    signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)sigpipe_ignored;
  ProcessResult res;
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) || pipe2(out_pipe, O_CLOEXEC) || pipe2(err_pipe, O_CLOEXEC))
    throw ExtractError(std::string("cannot create pipes: ") + std::strerror(errno));
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&fa, err_pipe[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attr, 0);  // own process group: a timeout kills its children too
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawnp(&pid, args[0], &fa, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (rc != 0) {
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(err_pipe[0]);
    throw ExtractError("cannot start '" + argv[0] + "': " + std::strerror(rc));
  }
  fcntl(in_pipe[1], F_SETFL, O_NONBLOCK);
  std::size_t written = 0;
  int in_fd = in_pipe[1];
  if (stdin_data.empty()) {
    close(in_fd);
    in_fd = -1;
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
  bool out_open = true, err_open = true;
  char buf[65536];
  while (out_open || err_open) {
    pollfd fds[3];
    int n = 0;
    int idx_out = -1, idx_err = -1, idx_in = -1;
    if (out_open) { fds[n] = {out_pipe[0], POLLIN, 0}; idx_out = n++; }
    if (err_open) { fds[n] = {err_pipe[0], POLLIN, 0}; idx_err = n++; }
    if (in_fd >= 0) { fds[n] = {in_fd, POLLOUT, 0}; idx_in = n++; }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      res.timed_out = true;
      break;
    }
    int pr = poll(fds, n, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (pr < 0 && errno != EINTR) break;
    if (pr <= 0) continue;
    if (idx_in >= 0 && (fds[idx_in].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t w = write(in_fd, stdin_data.data() + written, stdin_data.size() - written);
      if (w > 0) written += static_cast<std::size_t>(w);
      if (w < 0 && errno != EAGAIN) written = stdin_data.size();  // reader gone (EPIPE)
      if (written >= stdin_data.size()) {
        close(in_fd);
        in_fd = -1;
      }
    }
    auto drain = [&](int idx, int fd, std::string& into, bool& open, std::size_t cap) {
      if (idx < 0 || !(fds[idx].revents & (POLLIN | POLLHUP | POLLERR))) return;
      ssize_t r = read(fd, buf, sizeof buf);
      if (r <= 0) {
        open = false;
        return;
      }
      if (into.size() < cap) into.append(buf, static_cast<std::size_t>(std::min<std::size_t>(r, cap - into.size())));
    };
    drain(idx_out, out_pipe[0], res.out, out_open, std::size_t{1} << 30);
    drain(idx_err, err_pipe[0], res.err, err_open, std::size_t{64} << 10);
  }
  if (in_fd >= 0) close(in_fd);
  close(out_pipe[0]);
  close(err_pipe[0]);
  if (res.timed_out) kill(-pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) res.exit_status = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) res.signal = WTERMSIG(status);
  return res;
}

namespace {

bool looks_like_markup(const std::string& s) {
  for (std::size_t i = 0; i + 2 < s.size(); ++i)
    if (s[i] == '<' && s[i + 2] == '>') {
      char c = static_cast<char>(s[i + 1] | 0x20);
      if (c == 'p' || c == 'h' || c == 'l') return true;
    }
  return false;
}

bool looks_like_html(const std::string& s) {
  std::size_t lim = std::min<std::size_t>(s.size(), 4096);
  std::string head = s.substr(0, lim);
  for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return head.find("<html") != std::string::npos || head.find("<body") != std::string::npos ||
         head.find("<div") != std::string::npos || head.find("</p>") != std::string::npos;
}

std::atomic<unsigned long> g_counter{0};

class ExternalExtractor final : public Extractor {
 public:
  explicit ExternalExtractor(ExternalSpec spec) : spec_(std::move(spec)), argv_(split_command(spec_.command)) {
    for (const auto& w : argv_) {
      uses_input_ = uses_input_ || w.find("{input}") != std::string::npos;
      uses_output_ = uses_output_ || w.find("{output}") != std::string::npos;
    }
  }
  std::string name() const override { return spec_.name; }
  std::string version() const override { return "external"; }
  Settings settings() const override {
    return {{"command", spec_.command}, {"timeout", std::to_string(static_cast<int>(spec_.timeout_seconds)) + "s"}};
  }
  Extraction extract(const Page& page) const override {
    fs::path dir = fs::temp_directory_path() / ("detour-ext-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::string stem = std::to_string(g_counter.fetch_add(1));
    fs::path in_path = dir / (stem + ".html"), out_path = dir / (stem + ".out");
    std::vector<std::string> argv = argv_;
    for (auto& w : argv) {
      replace_all(w, "{input}", in_path.string());
      replace_all(w, "{output}", out_path.string());
    }
    if (uses_input_) {
      std::ofstream f(in_path, std::ios::binary);
      f << page.html;
    }
    struct Cleanup {
      fs::path a, b;
      ~Cleanup() {
        std::error_code ec;
        fs::remove(a, ec);
        fs::remove(b, ec);
      }
    } cleanup{in_path, out_path};
    ProcessResult r = run_process(argv, uses_input_ ? std::string() : page.html, spec_.timeout_seconds);
    std::string err_head = r.err.substr(0, 300);
    if (r.timed_out)
      throw ExtractError(spec_.name + ": timed out after " + std::to_string(spec_.timeout_seconds) + " s");
    if (r.signal) throw ExtractError(spec_.name + ": killed by signal " + std::to_string(r.signal) + "; stderr: " + err_head);
    if (r.exit_status != 0)
      throw ExtractError(spec_.name + ": exit status " + std::to_string(r.exit_status) + "; stderr: " + err_head);
    std::string out = r.out;
    if (uses_output_) {
      std::ifstream f(out_path, std::ios::binary);
      if (!f) throw ExtractError(spec_.name + ": the tool wrote no output file " + out_path.string());
      out.assign(std::istreambuf_iterator<char>(f), {});
    }
    Extraction ex;
    ex.notes["exit_status"] = "0";
    if (!r.err.empty()) ex.notes["stderr"] = r.err.substr(0, 2000);
    if (looks_like_markup(out)) {
      ex.segments = parse_cleaneval(out);
      ex.notes["output_format"] = "cleaneval";
    } else if (looks_like_html(out)) {
      dom::Document d = dom::Document::parse(out);
      const dom::Node* body = d.body();
      ex.segments = visible_blocks(body ? body : d.root());
      ex.notes["output_format"] = "html";
    } else {
      std::size_t s = 0;
      while (s < out.size()) {
        std::size_t e = out.find('\n', s);
        if (e == std::string::npos) e = out.size();
        std::string line = collapse_whitespace(std::string_view(out).substr(s, e - s));
        if (!line.empty()) ex.segments.push_back({SegmentKind::Paragraph, std::move(line)});
        s = e + 1;
      }
      ex.notes["output_format"] = "text";
    }
    return ex;
  }

 private:
  static void replace_all(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  }
  ExternalSpec spec_;
  std::vector<std::string> argv_;
  bool uses_input_ = false, uses_output_ = false;
};

}  // namespace

std::unique_ptr<Extractor> make_external_extractor(const ExternalSpec& spec) {
  return std::make_unique<ExternalExtractor>(spec);
}

}  // namespace detour
