// The fuzz harnesses (tests/fuzz/harnesses.h) over their seed corpora and the inputs the fuzzer
// once crashed on (tests/fuzz/regressions/), so that every build checks the harnesses'
// properties, not only the fuzz build (bash tests/fuzz.sh).

#include <catch2/catch.hpp>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/harnesses.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::is_directory(dir)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().filename() != "README.md") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Runs the harness on every file; a broken property or an escaping exception fails with the file.
void run_over(const fuzz::Harness& harness, const std::vector<std::filesystem::path>& files) {
  for (const auto& path : files) {
    const std::string input = test::read_text_file(path.string());
    std::string failure;
    try {
      harness.run(input);
    } catch (const fuzz::PropertyViolation& e) {
      failure = std::string("property violated: ") + e.what();
    } catch (const std::exception& e) {
      failure = std::string("exception escaped the reader: ") + e.what();
    }
    INFO(path.string());
    CHECK(failure == "");
  }
}

const std::filesystem::path FuzzDir = std::filesystem::path(ARBITER_SOURCE_DIR) / "tests" / "fuzz";

}  // namespace

TEST_CASE("fuzz harnesses: every seed of every corpus keeps its harness's property", "[fuzz]") {
  for (const auto& harness : fuzz::harnesses()) {
    const auto files = files_in(FuzzDir / "corpus" / std::string(harness.name));
    INFO("harness " << harness.name);
    CHECK(files.size() >= 5);
    run_over(harness, files);
  }
}

TEST_CASE("fuzz harnesses: every input the fuzzer once failed on now keeps its property", "[fuzz]") {
  for (const auto& harness : fuzz::harnesses()) {
    INFO("harness " << harness.name);
    run_over(harness, files_in(FuzzDir / "regressions" / std::string(harness.name)));
  }
}

TEST_CASE("fuzz harnesses: a ParseError outside its text is caught as a broken property", "[fuzz]") {
  const std::string text = "abc\nde";
  CHECK_NOTHROW(fuzz::check_location(ParseError({"f", 2, 3}, "x"), text, "f", fuzz::Layout::Lines));
  CHECK_NOTHROW(fuzz::check_location(ParseError({"f", 1, 4}, "x"), text, "f", fuzz::Layout::Lines));
  CHECK_THROWS_AS(fuzz::check_location(ParseError({"f", 1, 5}, "x"), text, "f", fuzz::Layout::Lines), fuzz::PropertyViolation);
  CHECK_THROWS_AS(fuzz::check_location(ParseError({"f", 3, 1}, "x"), text, "f", fuzz::Layout::Lines), fuzz::PropertyViolation);
  CHECK_THROWS_AS(fuzz::check_location(ParseError({"g", 1, 1}, "x"), text, "f", fuzz::Layout::Lines), fuzz::PropertyViolation);
  CHECK_THROWS_AS(fuzz::check_location(ParseError({"f", 1, 0}, "x"), text, "f", fuzz::Layout::OneLine), fuzz::PropertyViolation);
  CHECK_NOTHROW(fuzz::check_location(ParseError({"f", 1, 7}, "x"), text, "f", fuzz::Layout::OneLine));
  CHECK_THROWS_AS(fuzz::check_location(ParseError({"f", 1, 8}, "x"), text, "f", fuzz::Layout::OneLine), fuzz::PropertyViolation);
}
