#include "solver/cli/cli_support.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "rules/core/parse_error.h"
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

void print_json_results(const nlohmann::ordered_json& results, const std::string& list_name) {
  std::cout << (results.size() == 1 ? results[0] : nlohmann::ordered_json{{list_name, results}}).dump(2) << "\n";
}

bool progress_visible(bool json) { return !json && isatty(STDERR_FILENO); }

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError({path, 1, 1}, std::string("cannot read the file: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".part";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
    out << text;
    out.close();
    if (!out) {
      std::remove(temporary.c_str());
      throw std::runtime_error("cannot write " + path);
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  }
}

std::string reports_beside(const std::string& path) {
  const std::filesystem::path p = std::filesystem::absolute(path).lexically_normal();
  for (std::filesystem::path at = p; !at.empty() && at != at.root_path(); at = at.parent_path())
    if (at.filename() == "puzzles") return (at.parent_path() / "reports").string();
  return "reports";
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
