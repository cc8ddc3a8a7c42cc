#include "solver/cli/problem_input.h"

#include <algorithm>
#include <iostream>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/stipulation/stipulation_form.h"
#include "solver/variants/fairy_pieces.h"
#include "solver/variants/names.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

void add_problem_options(CLI::App* cmd, ProblemArgs& args) {
  cmd->add_option("FILE", args.file, "Problem file: PGN with [Stipulation] and [FEN] tags, or Popeye input");
  cmd->add_option("--fen", args.fen, "Instead of a file: the position (side to move is the attacker)");
  cmd->add_option("--stipulation", args.stipulation,
                  "With --fen: the stipulation, '#N', 's#N', 'h#N' or 'h#N.5' (a solution count may follow: 'h#2 2.1.1.1')");
  cmd->add_option("--variant", args.variant, "With --fen: the rules, orthodox (default) or option (FEN may add tokens 'W/B')");
  cmd->add_option("--problem", args.problem, "Only the K-th problem of the file (default: all)")->check(CLI::PositiveNumber);
  add_interpret_option(cmd, args.interpret);
}

std::vector<problem::Problem> load_problems(const ProblemArgs& args) {
  auto problems = load_problem_entries(args);
  problem::require_playable(problems);
  return problems;
}

std::vector<problem::Problem> load_problem_entries(const ProblemArgs& args) {
  if (args.file.empty() == args.fen.empty())
    throw std::runtime_error("give either a problem FILE or --fen with --stipulation");
  std::vector<problem::Problem> problems;
  if (!args.fen.empty()) {
    if (args.stipulation.empty()) throw std::runtime_error("--fen needs --stipulation '#N'");
    problem::Problem p;
    p.file = "--fen";
    p.where = p.fen_location = {"--fen", 1, 1};
    p.stipulation_location = {"--stipulation", 1, 1};
    const VariantEngines& rules = find_variant(args.variant);
    p.variant = rules.name;
    p.fen = rules.normalize_fen(args.fen, p.fen_location, interpretations_from(args.interpret));
    // A well-formed stipulation the engines do not prove is an unsupported problem (exit 4); a
    // malformed one gets parse_stipulation's message below.
    const std::string word = args.stipulation.substr(0, args.stipulation.find_first_of(" \t"));
    std::optional<StipulationForm> form;
    try {
      form = parse_stipulation_form(word, p.stipulation_location);
    } catch (const ParseError&) {
    }
    if (form && !form->playable(p.stipulation_location)) {
      p.stipulation.text = word;
      p.unsupported.push_back("stipulation " + form->named());
      return {p};
    }
    p.stipulation = parse_stipulation(args.stipulation, p.stipulation_location);
    // The other rule sets play the classic forms only (the goals' facts and the passes are
    // orthodox so far), the fairy rule set any form whose goals it judges.
    const bool fairy = rules.name == fairy_pieces_variant_names().name;
    if (!p.stipulation.classic() && rules.name != "orthodox" && !(fairy && fairy_rule_set_plays_goals(p.stipulation, p.fen))) {
      p.unsupported.push_back(fmt::format("stipulation {} in {}", form ? form->named() : p.stipulation.text, rules.name));
      return {p};
    }
    const bool black_to_move = p.fen.find(" b ") != std::string::npos;
    // A direct mate is the side to move's (Option Chess's Bonham problem is Black's #3);
    // helpmates and selfmates fix who starts.
    if (p.stipulation.kind != Stipulation::DirectMate && (p.stipulation.first_mover() == Black) != black_to_move)
      throw ParseError(p.fen_location,
                       fmt::format("{} starts with {}: the FEN must have {} to move{}", p.stipulation.text,
                                   p.stipulation.first_mover() == Black ? "Black" : "White",
                                   p.stipulation.first_mover() == Black ? "Black" : "White",
                                   p.stipulation.kind == Stipulation::HelpMate
                                       ? (black_to_move ? " (for Black first write h#N)" : " (for White first write h#N.5)")
                                       : ""));
    problems.push_back(p);
  } else {
    problems = problem::read_problem_entries(args.file, args.lines);
    for (auto& p : problems) {  // the variant's own set-up tags ([Tokens] in Option Chess) join the FEN
      if (!p.playable() || !p.published) continue;
      try {
        p.fen = find_variant(p.variant, p.where).setup_fen(p.fen, p.fen_location, *p.published);
      } catch (const ParseError& e) {
        p.malformed = e;
      }
    }
  }
  for (auto& p : problems) p.interpretations = interpretations_from(args.interpret, p.interpretations);
  if (args.problem > 0) {
    if (args.problem > int(problems.size()))
      throw std::runtime_error(fmt::format("{} holds {} problem(s); --problem {} does not exist", args.file,
                                           problems.size(), args.problem));
    problems = {problems[std::size_t(args.problem - 1)]};
  }
  return problems;
}

int report_unplayable(const std::string& command, const problem::Problem& p, bool json, nlohmann::ordered_json& results) {
  const int status = p.malformed ? ExitBadInput : ExitUnsupported;
  // Bad input is named on stderr as every command names it, whatever the output's format.
  if (p.malformed) std::cerr << "arbiter " << command << ": " << p.malformed->what() << "\n";
  if (json) {
    nlohmann::ordered_json j = {{"file", p.file}, {"problem", p.number}};
    if (p.malformed) {
      const auto& at = p.malformed->where();
      j["verdict"] = "bad-input";
      j["error"] = {{"file", at.file}, {"line", at.line}, {"column", at.column}, {"message", p.malformed->message()}};
    } else {
      j["verdict"] = "unsupported";
      j["stipulation"] = p.stipulation.text;
      j["unsupported"] = p.unsupported;
    }
    results.push_back(j);
  } else if (!p.malformed) {
    std::cout << problem_heading(p) << problem::unsupported_text(p) << "\n\n";
  }
  return status;
}

int report_illegal_twin(const std::string& command, const problem::SolveUnit& unit, bool json, nlohmann::ordered_json& twins) {
  const ParseError& e = *unit.illegal;
  std::cerr << "arbiter " << command << ": " << e.what() << "\n";
  if (json) {
    const auto& at = e.where();
    twins.push_back({{"twin", unit.label}, {"description", unit.description}, {"verdict", "bad-input"},
                     {"error", {{"file", at.file}, {"line", at.line}, {"column", at.column}, {"message", e.message()}}}});
  } else {
    std::cout << problem::unit_heading(unit) << "bad input: " << e.what() << "\n\n";
  }
  return ExitBadInput;
}

int play_problem(const std::string& command, const problem::Problem& p, bool json, nlohmann::ordered_json& results,
                 const std::function<int()>& body) {
  if (!p.playable()) return report_unplayable(command, p, json, results);
  try {
    return body();
  } catch (const ParseError& e) {
    problem::Problem bad = p;
    bad.malformed = e;
    return report_unplayable(command, bad, json, results);
  }
}

void ProblemTally::add(int status) {
  ++total_;
  ++counts_[status >= 0 && status < 5 ? status : ExitBadInput];
}

std::string ProblemTally::summary() const {
  std::string out = fmt::format("{} problems:", total_);
  const std::pair<int, std::string> order[] = {{ExitOk, ok_}, {ExitClaimFalse, false_}, {ExitUnknown, "unknown"},
                                               {ExitUnsupported, "unsupported"}, {ExitBadInput, "bad input"}};
  bool first = true;
  for (const auto& [status, word] : order) {
    if (counts_[status] == 0) continue;
    out += fmt::format("{} {} {}", first ? "" : ",", counts_[status], word);
    first = false;
  }
  return out + "\n";
}

std::string problem_heading(const problem::Problem& p) {
  std::string h = p.file == "--fen" ? std::string() : fmt::format("{} (problem {})\n", p.file, p.number);
  std::string who = p.author;
  if (!p.source.empty()) who += (who.empty() ? "" : ", ") + p.source;
  if (!p.date.empty() && p.source.find(p.date) == std::string::npos) who += (who.empty() ? "" : ", ") + p.date;
  if (!who.empty()) h += who + "\n";
  h += p.fen.empty() ? p.stipulation.text + "\n" : fmt::format("{}  {}\n", p.stipulation.text, p.fen);
  return h;
}

namespace {

std::string plural(std::size_t n, const char* one, const char* many) { return fmt::format("{} {}", n, n == 1 ? one : many); }

std::string describe_help_verdict(const prover::Solution& s) {
  const std::string stated = s.stated_solutions > 0 ? fmt::format(", {} stated", s.stated_solutions) : "";
  const std::string count = plural(s.solutions.size(), "solution", "solutions") + (s.complete ? "" : " at least");
  switch (s.verdict) {
    case prover::Verdict::Proved: {
      const bool cooked = s.stated_solutions > 0 ? int(s.solutions.size()) > s.stated_solutions : false;
      return fmt::format("verdict: proved ({}{}{})", count, stated, cooked ? ": cooked" : "");
    }
    case prover::Verdict::Refuted:
      if (!s.forced_goal_moves.empty())  // help-reflex play: the first mover reaches the goal at once, and must
        return fmt::format("verdict: refuted (no solution of {}: the first mover can reach the goal at once and must, 1.{})",
                           s.stipulation, s.forced_goal_moves[0].san);
      if (s.solutions.empty()) return fmt::format("verdict: refuted (no solution of {})", s.stipulation);
      return fmt::format("verdict: refuted ({}{}: too few)", count, stated);
    case prover::Verdict::Unknown: return "verdict: unknown (" + s.reason + ")";
  }
  return "verdict: unknown";
}

}  // namespace

int exit_for(prover::Verdict v) {
  switch (v) {
    case prover::Verdict::Proved: return ExitOk;
    case prover::Verdict::Refuted: return ExitClaimFalse;
    case prover::Verdict::Unknown: return ExitUnknown;
  }
  return ExitUnknown;
}

std::string describe_verdict(const prover::Solution& s) {
  if (!s.parts.empty() && s.verdict != prover::Verdict::Unknown) {  // a root of '&' or '|': its parts' verdicts
    std::size_t proved = 0;
    for (const auto& part : s.parts) proved += part.verdict == prover::Verdict::Proved ? 1 : 0;
    return fmt::format("verdict: {} ({} of {} parts proved)", s.verdict == prover::Verdict::Proved ? "proved" : "refuted", proved,
                       s.parts.size());
  }
  if (s.goal == prover::Goal::HelpMate || s.series) return describe_help_verdict(s);
  // What the play aims at: "mate", "selfmate", "reflexmate", "stalemate", "self-stalemate", ...
  const std::string play = s.goal == prover::Goal::SelfMate         ? "self"
                           : s.goal == prover::Goal::ReflexMate     ? "reflex"
                           : s.goal == prover::Goal::SemiReflexMate ? "semi-reflex"
                                                                    : "";
  const std::string goal = s.target.kind == Target::Mate ? play + "mate" : (play.empty() ? "" : play + "-") + s.target.name();
  if (s.battle.post_key && s.verdict != prover::Verdict::Unknown) {  // Popeye's PostKeyPlay: no key to name
    return s.verdict == prover::Verdict::Proved
               ? fmt::format("verdict: proved (the play after the key: every defence allows {} in {} more)", goal, s.n - 1)
               : fmt::format("verdict: refuted (the play after the key: a defence escapes {} in {} more)", goal, s.n - 1);
  }
  if (!s.forced_goal_moves.empty())  // reflex play: the attacker reaches the goal at once, and must
    return fmt::format("verdict: refuted (the attacker can reach the goal at once and must: 1.{})", s.forced_goal_moves[0].san);
  switch (s.verdict) {
    case prover::Verdict::Proved:
      if (s.structured) return fmt::format("verdict: proved ({})", plural(s.keys.size(), "key", "keys"));  // its goals are in its tree
      return fmt::format("verdict: proved ({}; shortest {} {}{})", plural(s.keys.size(), "key", "keys"), goal, s.shortest,
                         s.shortest_exact ? "" : ", not proved minimal");
    case prover::Verdict::Refuted:
      return fmt::format("verdict: refuted (no {} in {} against every defence)", goal, s.n);
    case prover::Verdict::Unknown:
      return "verdict: unknown (" + s.reason + ")";
  }
  return "verdict: unknown";
}

}  // namespace arbiter::cli
