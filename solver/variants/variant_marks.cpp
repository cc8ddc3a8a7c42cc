#include "solver/variants/variant_marks.h"

#include <fmt/core.h>

#include "rules/core/bitboard.h"

namespace arbiter::report {

namespace {

const char* side_name(Color c) { return c == White ? "White" : "Black"; }

std::string joined(const std::vector<std::string>& texts) {
  std::string out;
  for (const std::string& t : texts) out += (out.empty() ? "" : " ") + t;
  return out;
}

// The move one branch of a statement stands for here, if it can be played: the statement
// reduced to that branch alone ("!move"), resolved by the game as a C-move would be.
std::optional<Move> branch_move(const conditional::Game& game, const conditional::Statement& s, conditional::Branch b) {
  conditional::Statement only = s;
  only.condition = {};
  only.marked = conditional::Branch::None;
  if (b == conditional::Branch::Else) only.then_move = s.else_move;
  only.else_move = only.then_move;
  return game.resolve(only).move;
}

}  // namespace

void append_caption(std::string& caption, std::string_view text) {
  if (text.empty()) return;
  if (!caption.empty()) caption += '\n';
  caption += text;
}

void add_stage_badges(const timetravel::Game& game, DiagramSpec& spec) {
  for (const auto& [square, stage] : game.staged_men()) {
    const bool traveling = stage == timetravel::Stage::Traveling;
    spec.badges.push_back({square, traveling ? "~" : "'", traveling ? "traveling (never moves)" : "traveled",
                           std::string(traveling ? TravelingColour : TraveledColour)});
  }
}

std::string add_transaction_marks(const transactional::Referee& r, DiagramSpec& spec) {
  for (const Color c : {White, Black}) {
    if (r.pending[c] == 0) continue;
    for (Bitboard b = r.locks[c]; b;) spec.marks.push_back({pop_lsb(b), c == White ? "lock-white" : "lock-black"});
    for (const Move m : r.moves[c]) spec.arrows.push_back({m.from(), m.to(), "pending"});
    const std::string colour(c == White ? WhiteTransactionColour : BlackTransactionColour);
    for (Bitboard b = r.moved[c]; b;)
      spec.badges.push_back({pop_lsb(b), fmt::format("T{}", r.transaction[c]),
                             fmt::format("moved in {}'s pending transaction T{}, not yet committed", side_name(c),
                                         r.transaction[c]),
                             colour});
    // The pending moves only move c's own men (a capture or a promotion forces a commit), so
    // a man of c's committed view that is not on its square in c's current placement is one
    // the transaction moved: its ghost stands where the opponent still sees it.
    for (Square s = 0; s < 64; ++s) {
      const Piece p = r.committed[s];
      if (p != NoPiece && color_of(p) == c && r.current[c][s] != p)
        spec.ghosts.push_back({s, p, fmt::format("{} man where it was last committed (where {} sees it)", side_name(c),
                                                 side_name(~c))});
    }
  }
  std::string caption = r.pending[White] + r.pending[Black] == 0
                            ? "True board (potential view; nothing is pending, so every view is this one)"
                            : "True board (potential view: both sides' pending moves applied)";
  const Color us = r.side, them = ~us;
  const auto pending = [&](Color c) {
    return r.pending[c] == 0 ? std::string("nothing pending")
                             : fmt::format("pending {}", joined(r.texts[c]));
  };
  caption += fmt::format("\n{} to move, in transaction T{} ({}); {}'s T{}: {}", side_name(us), r.transaction[us],
                         pending(us), side_name(them), r.transaction[them], pending(them));
  return caption;
}

std::optional<std::string> add_conditional_statement(const conditional::Game& game, std::string_view text,
                                                     DiagramSpec& spec) {
  using namespace conditional;
  if (game.phase() != Phase::C) return std::nullopt;
  const Action a = game.parse_move(text, {"--show", 1, 1});
  if (a.kind != ActionKind::Statement) return std::nullopt;
  const Statement& s = a.statement;
  if (s.unconditional() || s.then_text() == s.else_text()) return std::nullopt;

  spec.marks.push_back({s.condition.square, "condition"});
  bool playable[2] = {false, false};
  for (const Branch b : {Branch::Then, Branch::Else}) {
    if (const auto m = branch_move(game, s, b)) {
      spec.arrows.push_back({m->from(), m->to(), b == Branch::Then ? "then" : "else"});
      playable[b == Branch::Else] = true;
    }
  }
  const Execution e = game.resolve(s);
  const Branch other = e.branch == Branch::Then ? Branch::Else : Branch::Then;
  const auto name = [](Branch b) { return b == Branch::Then ? "then" : "else"; };
  std::string line = fmt::format("{} states {}: {}? {}: the {}-move {} {}", side_name(game.side_to_move()),
                                 statement_text(s), condition_question(s.condition), e.condition ? "yes" : "no",
                                 name(e.branch), branch_text(s, e.branch),
                                 e.move ? "is played" : "cannot be played here, so it is skipped");
  if (!playable[other == Branch::Else]) {
    if (e.move) line += fmt::format(" (the {}-move {} could not have been)", name(other), branch_text(s, other));
    else line += fmt::format(" (nor could the {}-move {} have been)", name(other), branch_text(s, other));
  }
  return line;
}

std::string conditional_phase(const conditional::Game& game) {
  using namespace conditional;
  const Color mover = game.side_to_move();
  switch (game.phase()) {
    case Phase::A: return fmt::format("phase A: {}'s A-move (then he states a conditional move)", side_name(mover));
    case Phase::B: return fmt::format("phase B: {}'s B-move ({}'s stated conditional move follows)", side_name(mover),
                                      side_name(~mover));
    case Phase::C: return fmt::format("phase C: {}'s stated conditional move is executed", side_name(mover));
    case Phase::Substitute:
      return fmt::format("phase S: {} moves one of {}'s men ({}'s stated move could not be played)", side_name(mover),
                         side_name(~mover), side_name(~mover));
  }
  return "";
}

}  // namespace arbiter::report
