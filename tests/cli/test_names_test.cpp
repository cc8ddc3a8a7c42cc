// ctest runs each Catch2 test by its name (catch_discover_tests), and CMake reads a ';' in a name
// as a list separator: such a test is registered as two names that match nothing, and ctest
// reports them passed without running anything. No test name of any test program may hold one,
// and no two programs may share a name (ctest would keep one of them).

#include <cstdio>
#include <filesystem>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "tests/support/test_support.h"

namespace {

std::string names_of(const std::string& program) {
  std::string out;
  FILE* pipe = popen((arbiter::test::shell_quote(program) + " --list-test-names-only").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  pclose(pipe);
  return out;
}

}  // namespace

TEST_CASE("test names: none holds a semicolon, which ctest would split into names that run nothing", "[meta]") {
  const std::filesystem::path dir = std::filesystem::path(ARBITER_BINARY).parent_path().parent_path() / "tests";
  std::set<std::string> seen;
  int programs = 0;
  for (const char* subject : {"rules", "engines", "property", "fuzz", "drivers", "cli", "corpus"}) {
    const auto program = dir / (std::string("arbiter_tests_") + subject);
    INFO(program.string());
    REQUIRE(std::filesystem::exists(program));
    ++programs;
    const std::string names = names_of(program.string());
    std::size_t count = 0;
    for (const auto& name : arbiter::test::split(names, '\n')) {
      if (name.empty()) continue;
      ++count;
      INFO(name);
      CHECK(name.find(';') == std::string::npos);
      CHECK(seen.insert(name).second);
    }
    CHECK(count > 0);
  }
  CHECK(programs == 7);
  CHECK(seen.size() > 400);
}
