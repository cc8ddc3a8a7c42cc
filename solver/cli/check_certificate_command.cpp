// arbiter check-certificate FILE [--json]

#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/problem/problem.h"
#include "solver/variants.h"

namespace arbiter::cli {

namespace {

struct Args {
  std::string file;
  bool json = false;
  std::vector<std::string> interpret;
};

int run_check(const Args& args) {
  nlohmann::json doc;
  const std::string text = read_text_file(args.file);
  check_json_depth(text, args.file);
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is the 1-based offset of the character where parsing failed.
    SourceLocation where{args.file, 1, 1};
    for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
      if (text[i] == '\n') where.line++, where.column = 1;
      else where.column++;
    }
    throw ParseError(where, std::string("expected a JSON certificate: ") + e.what());
  }
  std::vector<nlohmann::json> certificates;
  if (doc.contains("certificates")) certificates.assign(doc["certificates"].begin(), doc["certificates"].end());
  else certificates.push_back(doc);
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  bool all_valid = true;
  for (const auto& c : certificates) {
    for (const char* field : {"format", "variant", "fen", "stipulation"})
      if (!c.contains(field) || !c[field].is_string())
        throw ParseError({args.file, 1, 1}, std::string("expected a certificate with a \"") + field + "\" string");
    if (c["format"] != prover::CertificateFormat)
      throw ParseError({args.file, 1, 1}, "expected \"format\": \"arbiter-certificate\"");
    const SourceLocation where{args.file, 1, 1};
    const VariantEngines& rules = find_variant(c["variant"].get<std::string>(), where);
    auto stipulation = problem::parse_stipulation(c["stipulation"].get<std::string>(), where);
    // The certificate's own interpretations (solve --interpret), then the command line's.
    InterpretationSettings recorded;
    if (c.contains("interpretations")) {
      if (!c["interpretations"].is_object())
        throw ParseError(where, "expected \"interpretations\" to be an object {id: choice}");
      for (const auto& [id, choice] : c["interpretations"].items()) {
        if (!choice.is_string()) throw ParseError(where, "expected the choice of " + id + " to be a string");
        recorded.set(id, choice.get<std::string>(), where);
      }
    }
    const InterpretationSettings interpret = interpretations_from(args.interpret, recorded);
    // The goal (and h#n.5) is the certificate's own stipulation's, which the checker reads too.
    auto check = rules.check_certificate(c["fen"].get<std::string>(), where, c, stipulation.moves, interpret);
    all_valid = all_valid && check.valid;
    const bool help = prover::goal_of(stipulation) == prover::Goal::HelpMate;
    nlohmann::ordered_json j;
    if (c.contains("twin")) j["twin"] = c["twin"];
    j.update(nlohmann::ordered_json{{"verdict", check.valid ? "valid" : "invalid"}, {"fen", c["fen"]},
                                    {"stipulation", stipulation.text}, {"keys", check.keys}, {"lines", check.lines}});
    if (help) j["solutions_replayed"] = check.solutions_replayed;
    j["certifies"] = prover::certified_by_check(check);
    j["errors"] = check.errors;
    if (!args.json) {
      if (c.contains("twin") && c["twin"].is_string()) std::cout << "twin " << c["twin"].get<std::string>() << "  ";
      std::cout << stipulation.text << "  " << c["fen"].get<std::string>() << "\n";
      if (help && check.valid)
        std::cout << "valid: " << check.solutions_replayed
                  << " solution(s) replayed; completeness not certified (found by search)\n";
      else if (help)
        std::cout << "INVALID: " << check.solutions_replayed << " of " << check.solutions << " solution(s) replayed\n";
      else
        std::cout << (check.valid ? "valid" : "INVALID") << ": " << check.keys << " key(s), " << check.lines
                  << " mating lines replayed\n";
      for (const auto& e : check.errors) std::cout << "  " << e << "\n";
    }
    out.push_back(j);
  }
  if (args.json) print_json_results(out, "certificates");
  return all_valid ? ExitOk : ExitClaimFalse;
}

}  // namespace

void add_check_certificate_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "check-certificate",
      "Replay a proof certificate (from arbiter solve --certificate) with the rules alone, no search. Direct\n"
      "mates and selfmates: every defence must be covered, every line must end in the goal within the\n"
      "stipulation (#n: the attacker mates; s#n: a defence mates the attacker). Helpmates: every solution\n"
      "is replayed, each move legal, the last one mating, none longer than the stipulation.\n"
      "It confirms that the certified keys (solutions) work; it does not show that no other exists.\n"
      "Exit status: 0 valid, 1 invalid, 2 bad input.");
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Certificate (JSON)")->required();
  add_interpret_option(cmd, args->interpret);
  cmd->add_flag("--json", args->json, "Print JSON: verdict (valid/invalid), keys, lines, solutions_replayed (helpmates), certifies, errors");
  cmd->callback([args, &status] { status = guarded("check-certificate", [&] { return run_check(*args); }); });
}

}  // namespace arbiter::cli
