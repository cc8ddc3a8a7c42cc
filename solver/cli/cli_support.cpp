#include "solver/cli/cli_support.h"

#include <fcntl.h>
#include <cstdlib>
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "rules/core/parse_error.h"
#include "rules/core/stop.h"
#include "solver/cli/commands.h"
#include "solver/problem/problem.h"

namespace arbiter::cli {

int worse_status(int a, int b) {
  const auto rank = [](int status) {
    switch (status) {
      case ExitOk: return 0;
      case ExitClaimFalse: return 1;
      case ExitUnknown: return 2;
      case ExitUnsupported: return 3;
      default: return 4;  // bad input
    }
  };
  return rank(b) > rank(a) ? b : a;
}

int guarded(const std::string& name, const std::function<int()>& body) {
  try {
    return body();
  } catch (const problem::UnsupportedProblem& e) {
    std::cerr << "arbiter " << name << ": " << e.what() << "\n";
    return ExitUnsupported;
  } catch (const ParseError& e) {
    std::cerr << "arbiter " << name << ": " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "arbiter " << name << ": " << e.what() << "\n";
  }
  return ExitBadInput;
}

int guarded_search(const std::string& name, const std::function<int()>& body) {
  stop::catch_interrupt();
  const int status = guarded(name, body);
  return stop::requested() ? ExitUnknown : status;
}

std::string partial_line(const std::string& reason) {
  return fmt::format("partial: the search stopped ({}); only what is listed as found so far is claimed\n", reason);
}

void print_json_results(const nlohmann::ordered_json& results, const std::string& list_name) {
  std::cout << (results.size() == 1 ? results[0] : nlohmann::ordered_json{{list_name, results}}).dump(2) << "\n";
}

bool progress_visible(bool json) { return !json && isatty(STDERR_FILENO); }

namespace {
int progress_fd() {
  static const int fd = [] {
    const char* text = std::getenv("ARBITER_PROGRESS_FD");
    if (!text) return -1;
    char* end = nullptr;
    const long n = std::strtol(text, &end, 10);
    return end != text && *end == '\0' && n > 2 && fcntl(int(n), F_GETFD) != -1 ? int(n) : -1;
  }();
  return fd;
}
}  // namespace

bool progress_wanted() { return progress_fd() >= 0; }

void report_progress(long long done, long long total, const std::string& what) {
  const int fd = progress_fd();
  if (fd < 0) return;
  const std::string line = nlohmann::json{{"done", done}, {"total", total}, {"what", what}}.dump(
                               -1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  // One write of a short line to a pipe is atomic; a reader that has gone away costs nothing.
  [[maybe_unused]] const ssize_t n = ::write(fd, line.data(), line.size());
}



std::string reports_beside(const std::string& path) {
  const std::filesystem::path p = std::filesystem::absolute(path).lexically_normal();
  for (std::filesystem::path at = p; !at.empty() && at != at.root_path(); at = at.parent_path())
    if (at.filename() == "puzzles") return (at.parent_path() / "reports").string();
  return "reports";
}

regress::Matrix run_matrix_with_progress(const std::vector<std::string>& files, const InterpretationSettings& base,
                                         const regress::RunOptions& options, bool with_alternatives, bool json) {
  const bool shown = progress_visible(json);
  regress::Matrix m = regress::run_matrix(files, base, options, with_alternatives, [&](int done, int total, const std::string& what) {
    if (shown) std::cerr << fmt::format("\r\033[K[{}/{}] {}", done, total, what) << std::flush;
    report_progress(done, total, what);
  });
  if (shown) std::cerr << "\r\033[K";
  return m;
}

void add_interpret_option(CLI::App* cmd, std::vector<std::string>& values) {
  cmd->add_option("--interpret", values,
                  "Apply a named interpretation of an ambiguous rule, ID=CHOICE (repeatable; over a file's [Interpret] "
                  "tag; `arbiter interpretations` lists them)")
      ->allow_extra_args(false);
}

nlohmann::ordered_json interpretations_json(const InterpretationSettings& settings) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& e : settings.entries()) out[e.id] = e.choice;
  return out;
}

}  // namespace arbiter::cli
