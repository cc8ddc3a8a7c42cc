// The layers of the source tree (issue #32): rules/core < rules/notation, rules/orthodox <
// rules/<variant> < rules/registry < the engines in solver/ < solver/variants (the registry) <
// the drivers that run any registered rule set by name (solver/problem, regress, report,
// bench, batch, studio) < solver/cli. An include may only point to its own layer or below; no
// engine or driver includes a rule set but orthodox chess (rules/orthodox/: the bitboard fast
// paths, opted into by rules/core/capabilities.h), and no folder of solver/ reaches back to itself
// through the others.
//
// The test fails on any edge that breaks a layer, naming the file that makes it.

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>

#include <algorithm>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/variants/registry.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;

namespace {

// "rules/core", "rules/timetravel", "solver/prover", "solver/variants" (variants.*), ...
std::string folder_of(const std::string& path) {
  const auto first = path.find('/');
  const auto second = path.find('/', first + 1);
  if (second != std::string::npos) return path.substr(0, second);
  const std::string name = path.substr(first + 1);
  return path.substr(0, first) + "/" + name.substr(0, name.find('.'));
}

const std::set<std::string> RuleSetFolders = {"rules/option", "rules/timetravel", "rules/transactional", "rules/conditional",
                                              "rules/fairy"};

const std::set<std::string> DriverFolders = {"solver/problem", "solver/regress", "solver/report",
                                             "solver/bench",   "solver/batch",   "solver/studio"};

enum Layer { Core, Base, RuleSets, RuleRegistry, Engines, Registry, Drivers, Commands };

Layer layer_of(const std::string& folder) {
  if (folder == "rules/core") return Core;
  if (folder == "rules/notation" || folder == "rules/orthodox") return Base;
  if (RuleSetFolders.count(folder)) return RuleSets;
  if (folder == "rules/registry") return RuleRegistry;
  if (folder == "solver/variants") return Registry;
  if (DriverFolders.count(folder)) return Drivers;
  if (folder == "solver/cli") return Commands;
  return Engines;  // solver/prover, solver/compose, ... and solver/'s own files
}

bool in_solver_body(const std::string& folder) { return layer_of(folder) == Engines || layer_of(folder) == Drivers; }

// An include from one folder to another that points up a layer, or brings a rule set other than
// orthodox chess into the engines or the drivers (cycles are found over the whole graph).
bool breaks_layers(const std::string& from, const std::string& to) {
  return layer_of(to) > layer_of(from) || (in_solver_body(from) && RuleSetFolders.count(to));
}

// Every include between two folders of rules/ and solver/: {from, to} -> one file that does it.
std::map<std::pair<std::string, std::string>, std::string> folder_edges() {
  const fs::path root(ARBITER_SOURCE_DIR);
  const std::regex include("^\\s*#\\s*include\\s+\"((rules|solver)/[^\"]+)\"");
  std::map<std::pair<std::string, std::string>, std::string> edges;
  for (const char* top : {"rules", "solver"})
    for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
      const auto ext = entry.path().extension();
      if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
      const std::string file = fs::relative(entry.path(), root).generic_string();
      std::ifstream in(entry.path());
      std::smatch m;
      for (std::string line; std::getline(in, line);)
        if (std::regex_search(line, m, include)) {
          const std::string from = folder_of(file), to = folder_of(m[1].str());
          if (from != to) edges.emplace(std::pair(from, to), file);
        }
    }
  return edges;
}

}  // namespace

TEST_CASE("layers: includes point down the layers, engines include no rule set, solver folders have no cycle", "[layers]") {
  const auto edges = folder_edges();
  REQUIRE(edges.size() > 50);

  // Which folders of solver/ each reaches, to find cycles among them.
  std::map<std::string, std::set<std::string>> next;
  for (const auto& [edge, file] : edges)
    if (in_solver_body(edge.first) && in_solver_body(edge.second)) next[edge.first].insert(edge.second);
  std::function<bool(const std::string&, const std::string&, std::set<std::string>&)> reaches =
      [&](const std::string& from, const std::string& to, std::set<std::string>& seen) {
        if (from == to) return true;
        if (!seen.insert(from).second) return false;
        for (const auto& n : next[from])
          if (reaches(n, to, seen)) return true;
        return false;
      };

  for (const auto& [edge, file] : edges) {
    const auto& [from, to] = edge;
    std::set<std::string> seen;
    INFO(file << " includes " << to << " from " << from);
    CHECK_FALSE(breaks_layers(from, to));
    CHECK_FALSE((in_solver_body(from) && in_solver_body(to) && reaches(to, from, seen)));
  }
}

TEST_CASE("layers: the table says which includes break it", "[layers]") {
  CHECK(breaks_layers("solver/prover", "solver/variants"));       // an engine over the registry
  CHECK(breaks_layers("solver/prover", "rules/option"));          // a rule set in an engine
  CHECK(breaks_layers("solver/report", "rules/transactional"));   // ... or in a driver
  CHECK(breaks_layers("solver/variants", "solver/regress"));      // the registry over a driver
  CHECK(breaks_layers("rules/core", "rules/orthodox"));
  CHECK(breaks_layers("solver/regress", "solver/cli"));
  CHECK_FALSE(breaks_layers("solver/variants", "rules/option"));  // the registry's own place
  CHECK_FALSE(breaks_layers("solver/report", "solver/variants")); // a driver over the registry
  CHECK_FALSE(breaks_layers("solver/prover", "rules/orthodox"));  // the fast paths
  CHECK_FALSE(breaks_layers("solver/cli", "rules/conditional"));
}

namespace {

// The string literals of a C++ source, with the line each starts on; comments and #include lines
// skipped.
std::vector<std::pair<int, std::string>> string_literals(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::pair<int, std::string>> out;
  int line_number = 0;
  bool block_comment = false;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find("#include") != std::string::npos) continue;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (block_comment) {
        if (line.compare(i, 2, "*/") == 0) block_comment = false, ++i;
        continue;
      }
      if (line.compare(i, 2, "//") == 0) break;
      if (line.compare(i, 2, "/*") == 0) {
        block_comment = true;
        continue;
      }
      if (line[i] == '\'' && i + 2 < line.size()) {  // a character literal: '"' is no string
        i += line[i + 1] == '\\' ? 3 : 2;
        continue;
      }
      if (line[i] != '"') continue;
      std::string text;
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size()) ++i;
        text += line[i];
      }
      out.emplace_back(line_number, text);
    }
  }
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

TEST_CASE("layers: nothing in solver/ outside variants and cli includes a rule set or spells its name", "[layers]") {
  // A literal that is a rule set's name, alias or PGN tag (compared as the registry compares
  // them), or holds its display name: the registry entry is the one place for them.
  std::set<std::string> names;
  std::vector<std::string> displays;
  for (const auto& v : arbiter::variants()) {
    names.insert(lower(v.name));
    names.insert(lower(v.pgn_tag));
    for (const auto& a : v.aliases) names.insert(lower(a));
    displays.push_back(v.display);
  }
  REQUIRE(names.count("option") == 1);
  REQUIRE(std::find(displays.begin(), displays.end(), "Time Traveler's Chess") != displays.end());
  // Literals that happen to equal a name and mean something else.
  const std::set<std::pair<std::string, std::string>> not_names = {
      {"solver/problem/popeye_input.cpp", "option"},       // Popeye's keyword "option" (its options line)
      {"solver/problem/popeye_vocabulary.cpp", "option"},  // the same keyword in Popeye's three languages
  };

  const fs::path root(ARBITER_SOURCE_DIR);
  std::vector<std::string> found;
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root / "solver")) {
    const auto ext = entry.path().extension();
    if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
    const std::string file = fs::relative(entry.path(), root).generic_string();
    if (file.rfind("solver/variants/", 0) == 0 || file.rfind("solver/cli/", 0) == 0) continue;
    ++files;
    std::ifstream in(entry.path());
    const std::regex include("^\\s*#\\s*include\\s+\"rules/(option|timetravel|transactional|conditional|fairy)/");
    int n = 0;
    for (std::string line; std::getline(in, line);)
      if (++n, std::regex_search(line, include)) found.push_back(fmt::format("{}:{}: includes {}", file, n, line));
    for (const auto& [at, text] : string_literals(entry.path())) {
      const bool name = names.count(lower(text)) && !not_names.count({file, lower(text)});
      const bool display = std::any_of(displays.begin(), displays.end(),
                                       [&](const std::string& d) { return text.find(d) != std::string::npos; });
      if (name || display) found.push_back(fmt::format("{}:{}: \"{}\"", file, at, text));
    }
  }
  CHECK(files > 150);
  INFO(fmt::format("{}", fmt::join(found, "\n")));
  CHECK(found.empty());
}

TEST_CASE("layers: the literal scanner finds names in code and skips comments", "[layers]") {
  const fs::path file = fs::temp_directory_path() / "arbiter-layers-scan.cpp";
  {
    std::ofstream out(file);
    out << "#include \"rules/option/game.h\"\n"
           "// \"orthodox\" in a comment\n"
           "const char q = '\"'; auto v = \"orthodox\";  // \"not this\"\n"
           "/* \"nor\n this\" */ f(\"a\\\"b\");\n";
  }
  const auto found = string_literals(file);
  fs::remove(file);
  REQUIRE(found.size() == 2);
  CHECK(found[0] == std::pair<int, std::string>(3, "orthodox"));
  CHECK(found[1] == std::pair<int, std::string>(5, "a\"b"));  // after the comment's line break
}
