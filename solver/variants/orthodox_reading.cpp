#include "solver/variants/orthodox_reading.h"

#include "solver/reading/record_end.h"
#include "solver/reading/text_distance.h"

namespace arbiter::orthodox_reading {

void Model::steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const {
  const orthodox::Game& game = state.game;
  const std::string& printed = record_.moves[std::size_t(ply)].san;
  const std::string_view sign = reading::claim_sign(printed);
  auto add = [&](Move m, std::string text, reading::Cost cost) {
    State next{game};
    next.game.play(m);
    next.game.position().clear_history();
    const bool check = next.game.in_check();
    const bool mate = check && !next.game.has_legal_move();
    out.push_back({std::move(text), cost + reading::mark_cost(sign, check, mate), std::move(next)});
  };
  std::optional<Move> as_printed;
  try {
    as_printed = game.parse_move(printed, {"<reading>", 1, 1});
    add(*as_printed, printed, 0);
  } catch (const ParseError&) {
  }
  MoveList<> legal;
  game.generate_legal(legal);
  for (Move m : legal) {
    if (as_printed && m == *as_printed) continue;
    std::string san = game.move_text(m);
    const reading::Cost d = reading::move_distance(printed, san);
    if (d == 0 || d > 2 * reading::Edit) continue;
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    add(m, san + std::string(sign), d);
  }
}

bool Model::accepts_end(const State& s) const {
  return reading::ending_agrees(s.game.status(), s.game.side_to_move(), record_);
}

}  // namespace arbiter::orthodox_reading
