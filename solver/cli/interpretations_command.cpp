// arbiter interpretations [--variant V] [--json]

#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rules/registry/interpretations.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

namespace {

struct Args {
  std::string variant;  // empty: every variant
  bool json = false;
};

// Wraps `text` at `width` columns, each line indented by `indent`.
std::string wrapped(std::string_view text, std::size_t indent, std::size_t width = 96) {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += fmt::format("{:{}}{}\n", "", indent, line);
      line.clear();
    }
    line += fmt::format("{}{}", line.empty() ? "" : " ", word);
    start = end + 1;
  }
  if (!line.empty()) out += fmt::format("{:{}}{}\n", "", indent, line);
  return out;
}

int run_interpretations(const Args& args) {
  std::string wanted;
  if (!args.variant.empty()) wanted = find_variant(args.variant).name;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  std::string text;
  std::string_view heading;
  for (const auto& i : all_interpretations()) {
    if (!wanted.empty() && !variant_reads(wanted, i)) continue;
    nlohmann::ordered_json choices = nlohmann::ordered_json::array();
    for (const auto& c : i.choices) choices.push_back({{"name", c.name}, {"meaning", c.meaning}});
    list.push_back({{"id", i.id},
                    {"variant", i.variant},
                    {"source", fmt::format("../shared/seeds/{}", i.source)},
                    {"quote", i.quote},
                    {"default", i.default_choice},
                    {"alternatives", i.choices.size() - 1},
                    {"choices", choices}});
    if (i.variant != heading) {
      heading = i.variant;
      text += fmt::format("{}== {} (../shared/seeds/{})\n", text.empty() ? "" : "\n", heading, i.source);
    }
    text += fmt::format("\n{}\n", i.id);
    text += wrapped(fmt::format("\"{}\"", i.quote), 4);
    for (const auto& c : i.choices)
      text += wrapped(fmt::format("{} {}: {}", c.name == i.default_choice ? "*" : "-", c.name, c.meaning), 4);
  }
  if (args.json) {
    std::cout << nlohmann::ordered_json{{"interpretations", list}}.dump(2) << "\n";
  } else {
    std::cout << text << fmt::format("\n{} interpretations; * marks the default. Apply a choice with --interpret ID=CHOICE "
                                     "or pin it in a file with [Interpret \"ID=CHOICE; ...\"].\n",
                                     list.size());
  }
  return ExitOk;
}

// The manual beyond the options: `arbiter interpretations --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* InterpretationsHelp = R"help(The registry: rules/registry/interpretations.h, gathering each rule set's list
(rules/<variant>/options.cpp). Each sentence is quoted word for word from ../shared/seeds/ (a test
checks it). The text lists, per rule set, each id, the quoted sentence and the choices with what
each means, the default marked * and the alternatives -; rules/README.md holds this listing for
every rule set.)help";

}  // namespace

void add_interpretations_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("interpretations",
                                 "List the named interpretations of the rule texts: id, the sentence it resolves, the "
                                 "default and the alternatives.");
  cmd->footer(InterpretationsHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("--variant", args->variant,
                  "Only those this rule set reads (its own and those of the rules it builds on: option reads orthodox.*)");
  cmd->add_flag("--json", args->json,
                "Print {\"interpretations\": [{id, variant, source, quote, default, alternatives, choices: [{name, "
                "meaning}]}]}");
  cmd->callback([args, &status] { status = guarded("interpretations", [&] { return run_interpretations(*args); }); });
}

}  // namespace arbiter::cli
