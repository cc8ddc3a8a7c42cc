#include "solver/prover/verify.h"

namespace arbiter::prover {

bool VerifyReport::confirmed() const {
  if (solution.verdict != Verdict::Proved) return false;
  if (has_published && !published_key_is_key) return false;
  for (const auto& f : findings)
    if (f.kind == "illegal-move" || f.kind == "line-fails" || f.kind == "not-mate" || f.kind == "threat-fails" ||
        f.kind == "line-too-long" || f.kind == "not-a-key" || f.kind == "legal-move" || f.kind == "not-check" ||
        f.kind == "try-wins" || f.kind == "refutation-fails" || f.kind == "not-a-solution" || f.kind == "too-few-solutions")
      return false;
  return true;
}

std::string VerifyReport::verdict() const {
  if (solution.verdict == Verdict::Unknown) return "unknown";
  if (!confirmed()) return "refuted";
  return sound() ? "confirmed" : "unsound";
}

namespace {

// Exactly the stated solutions, none short; a root whose parts print keys and lines: proved, and
// each part that holds sound.
bool sound_solution(const Solution& solution) {
  if (!solution.parts.empty()) {
    if (solution.verdict != Verdict::Proved) return false;
    for (const auto& part : solution.parts)
      if (part.verdict == Verdict::Proved && !sound_solution(part)) return false;
    return true;
  }
  if (has_lines(solution)) {
    // As many solutions as stated (one when none is stated), all found, none short.
    const std::size_t stated = std::size_t(solution.stated_solutions > 0 ? solution.stated_solutions : 1);
    if (solution.keyed_lines)  // parry series: one key, its lines its variations
      return solution.verdict == Verdict::Proved && counted_first_moves(solution).size() == stated;
    if (solution.verdict != Verdict::Proved || !solution.complete || solution.solutions.size() != stated) return false;
    for (const auto& l : solution.solutions)
      if (short_line(solution, l)) return false;
    return true;
  }
  return solution.verdict == Verdict::Proved && solution.keys.size() == 1 && solution.shortest == solution.n;
}

}  // namespace

bool VerifyReport::sound() const { return sound_solution(solution); }

}  // namespace arbiter::prover
