#include "solver/problem/solve_units.h"

#include <algorithm>
#include <sstream>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "solver/variants/names.h"

namespace arbiter::problem {

void set_stipulation(prover::SolveOptions& options, const Stipulation& stipulation, bool set_play, Square set_play_en_passant) {
  switch (stipulation.kind) {
    case Stipulation::DirectMate: options.goal = prover::Goal::DirectMate; break;
    case Stipulation::SelfMate: options.goal = prover::Goal::SelfMate; break;
    case Stipulation::HelpMate: options.goal = prover::Goal::HelpMate; break;
    case Stipulation::ReflexMate: options.goal = prover::Goal::ReflexMate; break;
    case Stipulation::SemiReflexMate: options.goal = prover::Goal::SemiReflexMate; break;
  }
  options.structured = stipulation.structured;
  options.structured_text = stipulation.structured ? stipulation.text : std::string();
  options.n = stipulation.moves;
  options.target = stipulation.target;
  options.series = stipulation.series;
  options.help_end = stipulation.help_end;
  options.reci_target = stipulation.reci_target;
  options.half_move = stipulation.half_move;
  options.stated_solutions = stipulation.solutions;
  // Help play and help series (ser-h: the set play is the other side's move from the diagram);
  // a direct series has none (Popeye: "SetPlay not applicable").
  options.set_play = set_play && stipulation.kind == Stipulation::HelpMate;
  options.set_play_en_passant = options.set_play ? set_play_en_passant : NoSquare;
  if (stipulation.kind != Stipulation::HelpMate) options.battle = stipulation.battle;
  else {  // the options of help play
    options.battle.null_moves = stipulation.battle.null_moves;
    options.battle.stop_on_short = stipulation.battle.stop_on_short;
  }
}

std::string with_other_side_to_move(const std::string& fen) {
  std::istringstream in(fen);
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() < 2) return fen;  // not a FEN the engines read: they name the error
  const bool white = fields[1] == "w";
  std::string out = fields[0];
  out += white ? " b" : " w";
  for (std::size_t i = 2; i < fields.size(); ++i) {
    out += ' ';
    out += i == 3 ? std::string_view("-") : std::string_view(fields[i]);  // an e.p. capture belonged to the side that was to move
  }
  return out;
}

std::vector<SolveUnit> solve_units(const Problem& p) {
  std::vector<SolveUnit> twins;
  if (p.twins.empty()) twins.push_back({"", "", p.fen, p.stipulation});
  for (std::size_t i = 0; i < p.twins.size(); ++i) {
    const auto& t = p.twins[i];
    twins.push_back({t.label, t.description, t.fen, t.stipulation, i, false, t.illegal});
  }
  if (p.duplex == Duplex::No) return twins;
  std::vector<SolveUnit> units;
  for (const auto& t : twins) {
    if (p.duplex == Duplex::Also) units.push_back(t);
    SolveUnit exchanged = t;
    exchanged.fen = with_other_side_to_move(t.fen);
    exchanged.colours_exchanged = true;
    // With the roles exchanged the side that now waits may be in check: an illegal position,
    // bad input for this unit alone (Popeye: "the side to play can capture the king").
    if (!exchanged.illegal && p.variant == default_variant_names().name) {
      FenOptions rules;
      rules.kings_optional = p.interpretations.choice("orthodox.king-count") == "at-most-one";
      try {
        (void)read_fen(exchanged.fen, p.fen_location, rules);
      } catch (const ParseError& e) {
        exchanged.illegal = ParseError(e.where(), "with the colours exchanged (Duplex): " + e.message());
      }
    }
    units.push_back(std::move(exchanged));
  }
  return units;
}

bool single_unit(const Problem& p) { return p.twins.empty() && p.duplex == Duplex::No; }

std::string unit_prefix(const SolveUnit& unit) {
  return fmt::format("{}{}{}", unit.label, unit.label.empty() ? "" : ") ", unit.colours_exchanged ? "colours exchanged: " : "");
}

std::string unit_heading(const SolveUnit& unit) {
  if (unit.label.empty() && !unit.colours_exchanged) return "";
  const std::string what = fmt::format("{}{}{}", unit.description, unit.colours_exchanged && !unit.description.empty() ? ", " : "",
                                       unit.colours_exchanged ? "colours exchanged" : "");
  return fmt::format("{}{}{}{}{}  {}\n", unit.label, unit.label.empty() ? "" : ") ", what, what.empty() ? "" : "  ",
                     unit.stipulation.text, unit.fen);
}

PgnLine published_for_twin(const PgnLine& published, const std::string& label) {
  if (published.empty()) return {};
  // The alternatives at the root: the main line, and each variation of its first move.
  std::vector<PgnLine> roots;
  PgnLine main = published;
  main.front().variations.clear();
  roots.push_back(main);
  for (const auto& v : published.front().variations) roots.push_back(v);
  PgnLine out;
  for (auto& line : roots) {
    const std::string l = twin_label_of(line);
    if (l != label && !(l.empty() && label == "a")) continue;  // unlabelled lines belong to a)
    if (out.empty()) out = line;
    else out.front().variations.push_back(line);
  }
  return out;
}

}  // namespace arbiter::problem
