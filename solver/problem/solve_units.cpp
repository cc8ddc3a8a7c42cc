#include "solver/problem/solve_units.h"

#include <fmt/core.h>

namespace arbiter::problem {

void set_stipulation(prover::SolveOptions& options, const Stipulation& stipulation, bool set_play) {
  switch (stipulation.kind) {
    case Stipulation::DirectMate: options.goal = prover::Goal::DirectMate; break;
    case Stipulation::SelfMate: options.goal = prover::Goal::SelfMate; break;
    case Stipulation::HelpMate: options.goal = prover::Goal::HelpMate; break;
  }
  options.n = stipulation.moves;
  options.half_move = stipulation.half_move;
  options.stated_solutions = stipulation.solutions;
  options.set_play = set_play && stipulation.kind == Stipulation::HelpMate;
}

std::vector<SolveUnit> solve_units(const Problem& p) {
  if (p.twins.empty()) return {{"", "", p.fen, p.stipulation}};
  std::vector<SolveUnit> units;
  for (const auto& t : p.twins) units.push_back({t.label, t.description, t.fen, t.stipulation});
  return units;
}

std::string unit_heading(const SolveUnit& unit) {
  if (unit.label.empty()) return "";
  return fmt::format("{}) {}{}{}  {}\n", unit.label, unit.description, unit.description.empty() ? "" : "  ",
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
