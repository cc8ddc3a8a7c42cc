#include "solver/problem/popeye_problem_output.h"

#include <algorithm>

#include <fmt/format.h>

#include "rules/core/stop.h"
#include "solver/problem/diagram.h"
#include "solver/problem/popeye_board.h"
#include "solver/problem/popeye_layout.h"
#include "solver/problem/popeye_position_solver.h"
#include "solver/problem/popeye_reader.h"
#include "solver/problem/popeye_twin_label.h"
#include "solver/problem/solve_units.h"
#include "solver/prover/limits.h"
#include "solver/variants/registry.h"

namespace arbiter::problem::popeye {

namespace {

prover::Verdict worse(prover::Verdict a, prover::Verdict b) {
  auto rank = [](prover::Verdict v) { return v == prover::Verdict::Unknown ? 2 : v == prover::Verdict::Refuted ? 1 : 0; };
  return rank(b) > rank(a) ? b : a;
}

// One twin (or Duplex half), solved and written; false when a limit cut it.
bool solve_and_write(const RunLimits& limits, const Problem& p, const SolveUnit& unit, const VariantEngines& rules,
                     const LayoutOptions& layout, ProblemWritten& result, std::ostream& out) {
  prover::SolveOptions options;
  set_stipulation(options, unit.stipulation, p.set_play, p.set_play_en_passant);
  options.tries = layout.tries;
  options.limits = {limits.max_nodes, limits.max_seconds, limits.hash_mb};
  options.threads = limits.threads;
  // The unit's limit covers its solve and the layout's own searches (threats, tries' trees).
  const stop::Deadline deadline(limits.max_seconds);
  prover::Solution s = rules.solve(unit.fen, p.fen_location, options, p.interpretations);
  result.worst = worse(result.worst, s.verdict);
  const auto solver = engine_position_solver(rules, p.interpretations, {limits.max_nodes, 0, limits.hash_mb}, options.battle);
  try {
    out << format_popeye_solution(s, layout, solver);
  } catch (const prover::LimitReached&) {  // the tree could not be completed: the keys alone
    s.tree_complete = false;
    out << format_popeye_solution(s, layout, solver);
    result.worst = prover::Verdict::Unknown;
    return false;
  }
  // Not complete either: StopOnShortSolutions stopped a helpmate at its short solutions.
  return s.verdict != prover::Verdict::Unknown && s.tree_complete && (s.complete || s.goal != prover::Goal::HelpMate);
}

// Whether the problem's input gives the option (its vocabulary id, "NoWk").
bool states_option(const Problem& p, std::string_view option) {
  return std::any_of(p.popeye.options.begin(), p.popeye.options.end(), [&](const PopeyeOption& o) { return o.id == option; });
}

// Popeye's warning before solving a position with a side without a king that neither NoWk nor
// NoBk allows (it solves it all the same), with the line break that ends it.
std::string missing_king_warning(const Problem& p, const std::string& fen, Language language) {
  const bool warn = (!fen_has_king(fen, White) && !states_option(p, "NoWk")) || (!fen_has_king(fen, Black) && !states_option(p, "NoBk"));
  return warn ? fmt::format("{}\n", popeye_output_words(language).missing_king) : std::string();
}

// Popeye's line where it cannot apply option Threat to the stipulation and solves without it.
std::string threat_message(const Stipulation& s, Language language) {
  return s.battle.threat_ignored >= 0 ? fmt::format("{}\n", popeye_output_words(language).threat_not_applicable) : std::string();
}

// Popeye's line before a twin in help play when option PostKeyPlay was given (it ignores it).
std::string post_key_message(const Problem& p, const Stipulation& s, Language language) {
  return states_option(p, "PostKeyPlay") && s.kind == Stipulation::HelpMate ? fmt::format("{}\n", popeye_output_words(language).post_key_not_applicable)
                                                     : std::string();
}

}  // namespace

ProblemWritten write_popeye_problem(const Problem& p, const RunLimits& limits, std::ostream& out) {
  const VariantEngines& rules = find_variant(p.variant, p.where);
  const Language language = p.popeye.language;
  const auto options = p.tags.find("PopeyeOptions");
  const LayoutOptions layout = layout_options(options == p.tags.end() ? "" : options->second, language);
  // With a zero position the diagram shown is it, not twin a).
  const std::string& diagram = p.zero_position_fen.empty() ? p.fen : p.zero_position_fen;
  // Said before the first twin is solved, so before the heading.
  out << post_key_message(p, p.twins.empty() ? p.stipulation : p.twins.front().stipulation, language);
  if (layout.no_board) {  // the remarks alone: Popeye prints them as it reads them
    for (const auto& line : p.popeye.heading.remarks) out << line << "\n";
  } else {
    out << popeye_heading(p) << popeye_board(diagram, language)
        << popeye_stipulation_line(popeye_stipulation_text(p.stipulation, p.popeye.language), diagram) << popeye_play_lines(p);
  }
  if (p.twins.empty()) out << missing_king_warning(p, p.fen, language) << threat_message(p.stipulation, language);
  if (layout.tries && p.stipulation.battle.post_key) out << popeye_output_words(language).try_not_applicable;
  // Popeye's own words (the suite has them in English only): series play has no set play.
  if (p.set_play && p.stipulation.series && p.stipulation.kind != Stipulation::HelpMate)
    out << "SetPlay not applicable - ignored\n";
  // Popeye's warning where its intelligent mode does not apply (it solves on without it).
  if (layout.intelligent && p.stipulation.target.kind != Target::Mate && p.stipulation.target.kind != Target::Stalemate)
    out << "Intelligent Mode only with h#/=, ser-#/= and ser-h#/=, with a limited set of fairy conditions and without fairy "
           "pieces.\n";
  out << "\n";
  if (!p.zero_position_fen.empty()) out << popeye_output_words(language).zero_position << "\n\n\n";
  out << std::flush;
  ProblemWritten result;
  const auto units = solve_units(p);
  for (std::size_t i = 0; i < units.size(); ++i) {
    // Duplex: the roles exchanged follow the twin's own play after a blank line, unlabelled.
    const bool twin_starts = i == 0 || units[i].twin != units[i - 1].twin;
    if (!p.twins.empty() && twin_starts && units[i].twin > 0) out << post_key_message(p, p.twins[units[i].twin].stipulation, language);
    if (!p.twins.empty() && twin_starts)
      out << popeye_twin_label(p.twins, units[i].twin, language, p.zero_position_fen) << "\n"
          << missing_king_warning(p, p.twins[units[i].twin].fen, language)
          << threat_message(p.twins[units[i].twin].stipulation, language) << "\n";
    if (units[i].illegal) {
      result.illegal_twins.push_back(*units[i].illegal);
      // Duplex, the roles exchanged leaving the waiting side in check: Popeye says so.
      if (units[i].colours_exchanged) out << popeye_output_words(language).king_capturable << "\n";
    } else {
      result.complete = solve_and_write(limits, p, units[i], rules, layout, result, out) && result.complete;
    }
    out << "\n" << std::flush;
  }
  out << popeye_closing_line(result.complete, language) << "\n\n\n";
  return result;
}

}  // namespace arbiter::problem::popeye
