#include "solver/cli/cli_support.h"

#include <unistd.h>

#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "rules/core/parse_error.h"
#include "rules/core/stop.h"
#include "solver/cli/commands.h"

namespace arbiter::cli {

int guarded(const std::string& name, const std::function<int()>& body) {
  try {
    return body();
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
