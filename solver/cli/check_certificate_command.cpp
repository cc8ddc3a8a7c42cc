// arbiter check-certificate FILE [--json]

#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/prover/certificate.h"
#include "solver/problem/problem.h"
#include "solver/prover/certificate_reader.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

namespace {

struct Args {
  std::string file;
  bool json = false;
  std::vector<std::string> interpret;
};

int run_check(const Args& args) {
  const auto entries = prover::read_certificates(read_text_file(args.file), args.file);
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  bool all_valid = true;
  for (const auto& entry : entries) {
    const nlohmann::json& c = entry.certificate;
    const SourceLocation where{args.file, 1, 1};
    const VariantEngines& rules = find_variant(entry.variant, where);
    try {
      (void)rules.normalize_fen(entry.fen, where, interpretations_from(args.interpret, entry.interpretations));
    } catch (const ParseError& e) {
      throw prover::string_field_error(e, "fen", args.file);
    }
    const Stipulation& stipulation = entry.stipulation;
    // The certificate's own interpretations (solve --interpret), then the command line's.
    const InterpretationSettings interpret = interpretations_from(args.interpret, entry.interpretations);
    // The goal (and h#n.5) is the certificate's own stipulation's, which the checker reads too.
    auto check = rules.check_certificate(entry.fen, where, c, stipulation.moves, interpret);
    all_valid = all_valid && check.valid;
    const bool help = check.stated.lines();  // help and series play: solutions replayed
    nlohmann::ordered_json j;
    if (c.contains("twin")) j["twin"] = c["twin"];
    j.update(nlohmann::ordered_json{{"verdict", check.valid ? "valid" : "invalid"}, {"fen", c["fen"]},
                                    {"stipulation", stipulation.text}, {"keys", check.keys}, {"lines", check.lines}});
    if (help) j["solutions_replayed"] = check.solutions_replayed;
    j["certifies"] = prover::certified_by_check(check);
    j["errors"] = check.errors;
    if (!args.json) {
      if (c.contains("twin") && c["twin"].is_string()) std::cout << "twin " << c["twin"].get<std::string>() << "  ";
      std::cout << stipulation.text << "  " << entry.fen << "\n";
      if (help && check.valid)
        std::cout << "valid: " << check.solutions_replayed
                  << " solution(s) replayed; completeness not certified (found by search)\n";
      else if (help)
        std::cout << "INVALID: " << check.solutions_replayed << " of " << check.solutions << " solution(s) replayed\n";
      else
        std::cout << (check.valid ? "valid" : "INVALID") << ": " << check.keys << " key(s), " << check.lines
                  << (check.stated.mate() ? " mating lines replayed\n" : " lines to the goal replayed\n");
      for (const auto& e : check.errors) std::cout << "  " << e << "\n";
    }
    out.push_back(j);
  }
  if (args.json) print_json_results(out, "certificates");
  return all_valid ? ExitOk : ExitClaimFalse;
}

// The manual beyond the options: `arbiter check-certificate --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* CheckCertificateHelp = R"help(Each error names the line of moves. Selfmates: a defence that mates the attacker is a leaf
({"mates": true}; {"goal": true} for another goal), and after the attacker's last move every defence
must mate. Reflex play (r#N, semi-r#N): a defender that can reach the goal must, and in r#N the
attacker may never stand where it could. Helpmates: the certificate lists the solutions; each is
replayed (legal moves, the sides alternating, only the last move mates, within the length); in
hs#N the line ends with the reply of a side every move of which reaches the goal, in hr#N the reflex
rule holds throughout. Series play (ser-#N, ser-h=N, ...): each line is the series side's moves, the
other side passing between them (none may check but the last), then in help series the other side's
final move. Structured stipulations (sstipulation "white 3a[#]d" in the certificate's stipulation,
and ser-s#N, ser-r#N, pser-#N, exact-..., N->...): one proof per key or line, replayed claim by
claim: a side's chosen move where the definition lets it choose, every legal move with its proof
where it asks for each, every goal, fork and constraint judged on the board (a proof listed twice
is an error). That no other solution exists was found by search and is not
certified by a replay: every certificate says what it certifies in its "certifies" field. The
interpretations a proof was made under travel in its certificate and are applied here.)help";

}  // namespace

void add_check_certificate_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "check-certificate",
      "Replay a proof certificate (from arbiter solve --certificate) with the rules alone, no search. Battle\n"
      "play (#n, s#n, r#n, =n, ...): every defence must be covered, every line must end in the goal within\n"
      "the stipulation (#n: the attacker mates; s#n: a defence mates the attacker). Help and series play\n"
      "(h#n, h=n, hs#n, ser-h#n, ...): every solution is replayed, each move legal, the last one reaching\n"
      "the goal, none longer than the stipulation.\n"
      "It confirms that the certified keys (solutions) work; it does not show that no other exists.\n"
      "Exit status: 0 valid, 1 invalid, 2 bad input.");
  cmd->footer(CheckCertificateHelp);
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Certificate (JSON)")->required();
  add_interpret_option(cmd, args->interpret);
  cmd->add_flag("--json", args->json, "Print JSON: verdict (valid/invalid), keys, lines, solutions_replayed (helpmates), certifies, errors");
  cmd->callback([args, &status] { status = guarded("check-certificate", [&] { return run_check(*args); }); });
}

}  // namespace arbiter::cli
