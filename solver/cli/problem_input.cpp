#include "solver/cli/problem_input.h"

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "solver/cli/cli_support.h"
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
    p.fen = rules.normalize_fen(args.fen, p.fen_location);
    p.stipulation = parse_stipulation(args.stipulation, p.stipulation_location);
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
    problems = problem::read_problem_file(args.file, args.lines);
    for (auto& p : problems)  // the variant's own set-up tags ([Tokens] in Option Chess) join the FEN
      if (p.published) p.fen = find_variant(p.variant, p.where).setup_fen(p.fen, p.fen_location, *p.published);
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

std::string problem_heading(const problem::Problem& p) {
  std::string h = p.file == "--fen" ? std::string() : fmt::format("{} (problem {})\n", p.file, p.number);
  std::string who = p.author;
  if (!p.source.empty()) who += (who.empty() ? "" : ", ") + p.source;
  if (!p.date.empty() && p.source.find(p.date) == std::string::npos) who += (who.empty() ? "" : ", ") + p.date;
  if (!who.empty()) h += who + "\n";
  h += fmt::format("{}  {}\n", p.stipulation.text, p.fen);
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
      if (s.solutions.empty()) return fmt::format("verdict: refuted (no helpmate in {})", s.stipulation);
      return fmt::format("verdict: refuted ({}{}: too few)", count, stated);
    case prover::Verdict::Unknown: return "verdict: unknown (" + s.reason + ")";
  }
  return "verdict: unknown";
}

}  // namespace

std::string describe_verdict(const prover::Solution& s) {
  if (s.goal == prover::Goal::HelpMate) return describe_help_verdict(s);
  if (s.goal == prover::Goal::SelfMate) {
    switch (s.verdict) {
      case prover::Verdict::Proved:
        return fmt::format("verdict: proved ({}; shortest selfmate {}{})", plural(s.keys.size(), "key", "keys"), s.shortest,
                           s.shortest_exact ? "" : ", not proved minimal");
      case prover::Verdict::Refuted:
        return fmt::format("verdict: refuted (no selfmate in {} against every defence)", s.n);
      case prover::Verdict::Unknown: return "verdict: unknown (" + s.reason + ")";
    }
  }
  switch (s.verdict) {
    case prover::Verdict::Proved:
      return fmt::format("verdict: proved ({} {}; shortest mate {}{})", s.keys.size(), s.keys.size() == 1 ? "key" : "keys",
                         s.shortest, s.shortest_exact ? "" : ", not proved minimal");
    case prover::Verdict::Refuted:
      return fmt::format("verdict: refuted (no mate in {} against every defence)", s.n);
    case prover::Verdict::Unknown:
      return "verdict: unknown (" + s.reason + ")";
  }
  return "verdict: unknown";
}

}  // namespace arbiter::cli
