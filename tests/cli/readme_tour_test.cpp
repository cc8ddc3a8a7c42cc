// The README's five-minute tour shows real output: each `$ build/solver/arbiter ...` block of it
// is run from the checkout and must print what the README shows, where a line "..." stands for
// lines cut out and a "N nodes, T s" line for whatever count and time this run takes. The
// composer's and the studio's blocks are not run here: one writes outside the checkout and
// prints its own timings, the other serves until stopped.

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

constexpr std::string_view Prompt = "$ build/solver/arbiter ";

struct TourRun {
  std::string command;             // what follows the prompt
  std::vector<std::string> shown;  // the lines the README shows after it
};

// Every command of the README's text blocks that starts with the prompt, with the lines shown
// after it (up to the next prompt or the block's end).
std::vector<TourRun> tour_runs(const std::string& readme) {
  std::vector<TourRun> runs;
  std::istringstream in(readme);
  bool in_block = false, in_run = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("```")) {
      in_block = !in_block;
      in_run = false;
    } else if (in_block && line.starts_with(Prompt)) {
      runs.push_back({line.substr(Prompt.size()), {}});
      in_run = true;
    } else if (in_run) {
      runs.back().shown.push_back(line);
    }
  }
  return runs;
}

// The command with each argument that names a file of the checkout made absolute (the test does
// not run in the checkout).
std::string from_checkout(const std::string& command) {
  std::istringstream words(command);
  std::string out;
  for (std::string word; words >> word;) {
    const std::filesystem::path in_checkout = std::filesystem::path(ARBITER_SOURCE_DIR) / word;
    if (!out.empty()) out += ' ';
    out += !word.starts_with("-") && std::filesystem::exists(in_checkout) ? test::shell_quote(in_checkout.string()) : word;
  }
  return out;
}

std::vector<std::string> printed_lines(std::string text) {
  const std::string checkout = std::string(ARBITER_SOURCE_DIR) + "/";
  for (std::size_t at; (at = text.find(checkout)) != std::string::npos;) text.erase(at, checkout.size());
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

bool same_line(const std::string& shown, const std::string& printed) {
  static const std::regex effort("^[0-9]+ nodes, [0-9]+\\.[0-9]+ s$");
  return shown == printed || (std::regex_match(shown, effort) && std::regex_match(printed, effort));
}

// Whether `printed` from line j on is what `shown` from line i on shows ("..." stands for one or
// more lines).
bool shows(const std::vector<std::string>& shown, std::size_t i, const std::vector<std::string>& printed, std::size_t j) {
  if (i == shown.size()) return j == printed.size();
  if (shown[i] == "...") {
    for (std::size_t k = j + 1; k <= printed.size(); ++k)
      if (shows(shown, i + 1, printed, k)) return true;
    return false;
  }
  return j < printed.size() && same_line(shown[i], printed[j]) && shows(shown, i + 1, printed, j + 1);
}

}  // namespace

TEST_CASE("the README's tour shows what the program prints", "[cli][docs]") {
  const auto runs = tour_runs(test::read_text_file(std::string(ARBITER_SOURCE_DIR) + "/README.md"));
  int checked = 0;
  for (const auto& run : runs) {
    if (run.command.starts_with("compose ") || run.command.starts_with("serve")) continue;
    INFO("README.md's tour: $ build/solver/arbiter " << run.command);
    INFO("the README must show what the program prints (lines cut out as \"...\"): run it in the checkout and "
         "update the block");
    test::ScratchDir dir;
    const test::CliRun result = test::run_arbiter_command(from_checkout(run.command), dir);
    const std::vector<std::string> printed = printed_lines(result.out);
    std::string text;
    for (const auto& line : printed) text += line + "\n";
    INFO("the program prints:\n" << text);
    CHECK(shows(run.shown, 0, printed, 0));
    ++checked;
  }
  CHECK(checked >= 4);  // solve, verify twice, replay
}
