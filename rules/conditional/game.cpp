#include "rules/conditional/game.h"

#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/movegen.h"

namespace arbiter::conditional {

namespace {

std::string_view branch_name(Branch b) { return b == Branch::Then ? "then" : "else"; }

// The record's "++" is checkmate; SAN reading knows '#'.
std::string san_spelling(std::string_view text) {
  std::string t(text);
  if (t.ends_with("++")) t.replace(t.size() - 2, 2, "#");
  return t;
}

}  // namespace

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::A: return "A";
    case Phase::B: return "B";
    case Phase::C: return "C";
    case Phase::Substitute: return "S";
  }
  return "?";
}

Game::Game(Position pos, Phase phase, Options options) : pos_(std::move(pos)), phase_(phase), options_(options) {
  // The C-mover's statable moves, counted when he states: right after his A-move. In phase B
  // that is this very position (the C-mover is the side not to move); in phase C the B-move has
  // been made since, and they are counted in the current position (RULES.md).
  if (phase_ == Phase::B) statable_ = statable_moves(pos_, ~pos_.side_to_move());
  if (phase_ == Phase::C) statable_ = statable_moves(pos_, pos_.side_to_move());
  history_.reserve(128);
}

Game::Game(Position pos, Phase phase, int statable, Options options) : Game(std::move(pos), phase, options) {
  if (phase_ == Phase::B || phase_ == Phase::C) statable_ = statable;
}

Game Game::from_fen(std::string_view fen, const SourceLocation& where, const Options& options) {
  const auto fields = split_fen_fields(fen);
  if (fields.size() > 7)
    throw ParseError(where.advanced(fields[7].offset),
                     "unexpected field: a Conditional Chess FEN has the six FEN fields, then the phase (A, B, C or S)");
  const std::size_t orthodox_end = fields.size() > 6 ? std::size_t(fields[6].offset) : fen.size();
  Position pos = read_fen(fen.substr(0, orthodox_end), where);
  Phase phase = Phase::A;
  if (fields.size() > 6) {
    const std::string_view p = fields[6].text;
    if (p == "A") phase = Phase::A;
    else if (p == "B") phase = Phase::B;
    else if (p == "C") phase = Phase::C;
    else if (p == "S") phase = Phase::Substitute;
    else
      throw ParseError(where.advanced(fields[6].offset),
                       fmt::format("expected the phase A (A-move), B (B-move), C (C-move) or S (substitute move), found '{}'", p));
  }
  return Game(std::move(pos), phase, options);
}

std::string Game::fen() const { return fmt::format("{} {}", write_fen(pos_), phase_name(phase_)); }

Execution Game::resolve(const Statement& s) const {
  Execution e;
  e.condition = holds(pos_, pos_.side_to_move(), s.condition);
  e.branch = e.condition ? Branch::Then : Branch::Else;
  const std::string text = san_spelling(branch_text(s, e.branch));
  try {
    e.move = parse_san(pos_, text, {"<stated move>", 1, 1});
  } catch (const IllegalMoveError& error) {
    e.skipped_because = error.message();
    e.predicate = error.predicate() ? *error.predicate() : std::string("stated-move-is-legal");
  } catch (const ParseError& error) {
    e.skipped_because = error.message();  // e.g. "Ncd3" fitting two knights, or none
    e.predicate = "stated-move-names-one-legal-move";
  }
  return e;
}

Action Game::parse_move(std::string_view text, const SourceLocation& where) const {
  if (phase_ == Phase::C) {
    const Statement s = read_statement(text, where);
    if (s.marked == Branch::None) return Action::stated(s);
    const Execution e = resolve(s);
    if (!s.unconditional() && s.then_text() != s.else_text() && s.marked != e.branch)
      throw IllegalMoveError(where,
                             fmt::format("the record marks the {}-move {} as played, but the condition ({}?) is {}: the "
                                         "{}-move {} is the one played",
                                         branch_name(s.marked), branch_text(s, s.marked), condition_question(s.condition),
                                         e.condition ? "true" : "false", branch_name(e.branch), branch_text(s, e.branch)),
                             "marked-branch-is-selected");
    if (!e.move)
      throw IllegalMoveError(where,
                             fmt::format("the record marks {} as played, but it is illegal now ({}): the C-move is skipped",
                                         branch_text(s, e.branch), e.skipped_because),
                             "marked-move-is-legal");
    return Action::stated(s);
  }
  if (text.find('?') != std::string_view::npos || text.starts_with('!'))
    throw IllegalMoveError(where,
                           fmt::format("a conditional move ({}) where the cycle has {}'s {}-move (a normal move)", text,
                                       side_to_move() == White ? "White" : "Black", phase_name(phase_)),
                           "conditional-only-in-c-ply");
  const Move m = parse_san(pos_, san_spelling(text), where);
  if (phase_ == Phase::A && checks_without_mate(pos_, m))
    throw IllegalMoveError(where,
                           fmt::format("{} gives check in an A-move and is not checkmate (\"The only allowed check in "
                                       "A-moves is when there is checkmate!\")",
                                       text),
                           "a-move-checks-only-with-mate");
  return Action::normal(m);
}

std::string Game::move_text(const Action& a) const {
  switch (a.kind) {
    case ActionKind::Move: return to_san(pos_, a.move);
    // A record gives a C-ply as a statement: the outcome "this move is executed" is spelled as
    // the unconditional statement that has it ("!Ng1"), which parse_move reads back.
    case ActionKind::Execute: {
      std::string text = "!";
      return text += to_san(pos_, a.move);
    }
    case ActionKind::Statement: {
      const Execution e = resolve(a.statement);
      return statement_text(a.statement, e.move ? e.branch : Branch::None);
    }
    case ActionKind::Skip: return "(skipped)";
    case ActionKind::Unread: return "(unread)";
  }
  return "?";
}

std::string Game::move_uci(const Action& a) const {
  switch (a.kind) {
    case ActionKind::Move:
    case ActionKind::Execute: return to_uci(a.move);
    case ActionKind::Statement: {
      const Execution e = resolve(a.statement);
      return e.move ? to_uci(*e.move) : "0000";
    }
    case ActionKind::Skip:
    case ActionKind::Unread: return "0000";
  }
  return "0000";
}

void Game::play(const Action& a) {
  history_.push_back({a, phase_, statable_, last_execution_});
  Undo& u = history_.back();
  if (a.kind == ActionKind::Unread && phase_ != Phase::C) {  // the turn passes, the cycle goes on
    pos_.make_null();
    u.null = true;
    if (phase_ == Phase::A) statable_ = statable_moves(pos_, ~pos_.side_to_move());
    phase_ = phase_ == Phase::A ? Phase::B : phase_ == Phase::B ? Phase::C : Phase::A;
    return;
  }
  switch (phase_) {
    case Phase::A:
      pos_.make(a.move);
      u.made = true;
      statable_ = statable_moves(pos_, ~pos_.side_to_move());  // the statement follows the A-move
      phase_ = Phase::B;
      return;
    case Phase::B:
      pos_.make(a.move);
      u.made = true;
      phase_ = Phase::C;
      return;
    case Phase::Substitute:
      pos_.make(a.move);
      u.made = true;
      phase_ = Phase::A;
      return;
    case Phase::C: break;
  }
  const bool was_in_check = pos_.in_check();
  Execution e;
  if (a.kind == ActionKind::Statement) e = resolve(a.statement);
  else if (a.kind == ActionKind::Execute) e.move = a.move;
  else if (a.kind == ActionKind::Unread) e.skipped_because = "the record's C-move is unread";
  else e.skipped_because = "the stated move is illegal";
  if (e.move) {
    pos_.make(*e.move);
    u.made = true;
  }
  last_execution_ = e;
  after_c_ply(e.move.has_value(), was_in_check, u);
}

// Who moves after a C-ply. A B-move's check that the C-move did not cancel returns play to
// the checked player's A-move; otherwise the opponent's A-move follows (after a substitute
// move under conditional.illegal-c-move=opponent-moves).
void Game::after_c_ply(bool executed, bool was_in_check, Undo& u) {
  phase_ = Phase::A;
  if (executed) {
    if (was_in_check && options_.b_check_cancelled == BCheckCancelled::ReturnToAMove) {
      pos_.make_null();
      u.null = true;
    }
    return;
  }
  if (was_in_check) return;  // the C-mover is still to move: his A-move
  if (options_.illegal_c_move == IllegalCMove::OpponentMoves && orthodox::has_legal_move(pos_)) {
    phase_ = Phase::Substitute;
    return;
  }
  pos_.make_null();
  u.null = true;
}

void Game::undo() {
  const Undo& u = history_.back();
  if (u.null) pos_.unmake_null();
  if (u.made) pos_.unmake();
  phase_ = u.phase;
  statable_ = u.statable;
  last_execution_ = u.execution;
  history_.pop_back();
}

GameStatus Game::status() const {
  const bool check = pos_.in_check();
  switch (phase_) {
    case Phase::A: {
      if (!orthodox::has_legal_move(pos_)) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
      if (!has_legal_action(pos_, Phase::A))
        return options_.forced_check == ForcedCheck::Draw ? GameStatus::Drawn : GameStatus::Lost;
      break;
    }
    case Phase::B:
      if (!orthodox::has_legal_move(pos_)) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
      break;
    case Phase::C:  // the C-mover need not move: only a B-move's mate ends the game here
      if (check && !orthodox::has_legal_move(pos_)) return GameStatus::Checkmate;
      break;
    case Phase::Substitute: return GameStatus::Ongoing;
  }
  return check ? GameStatus::Check : GameStatus::Ongoing;
}

std::pair<unsigned __int128, unsigned __int128> Game::statement_weights(const ActionList& outcomes) const {
  if (phase_ != Phase::C) return {1, 1};
  // Statements executing a given move m: m in the then-branch with a true condition and any
  // other else-move, m in the else-branch with a false one and any other then-move, or "!m":
  // C x (M - 1) + 1 whatever the position. A skip: that many per statable move illegal now.
  const unsigned __int128 per_move = (unsigned __int128)ConditionCount * unsigned(std::max(statable_ - 1, 0)) + 1;
  const bool has_skip = !outcomes.empty() && outcomes[outcomes.size() - 1].kind == ActionKind::Skip;
  const int illegal = statable_ - (outcomes.size() - (has_skip ? 1 : 0));
  return {per_move, per_move * unsigned(std::max(illegal, 0))};
}

unsigned __int128 Game::perft_weighted(int depth) {
  if (depth == 0) return 1;
  ActionList list;
  generate_legal(list);
  const auto [per_move, per_skip] = statement_weights(list);
  unsigned __int128 total = 0;
  for (const Action& a : list) {
    const unsigned __int128 weight = a.kind == ActionKind::Skip ? per_skip : per_move;
    if (depth == 1) {
      total += weight;
      continue;
    }
    play(a);
    total += weight * perft_weighted(depth - 1);
    undo();
    // Refused as soon as it is known, not after walking a tree that size.
    if (total > std::numeric_limits<std::uint64_t>::max())
      throw std::overflow_error(fmt::format("the count exceeds 2^64 (statements are counted one by one)"));
  }
  return total;
}

namespace {
std::uint64_t checked_count(unsigned __int128 n, int depth) {
  if (n > std::numeric_limits<std::uint64_t>::max())
    throw std::overflow_error(fmt::format("the count at depth {} exceeds 2^64 (statements are counted one by one)", depth));
  return std::uint64_t(n);
}
}  // namespace

std::uint64_t Game::perft_statements(int depth) { return checked_count(perft_weighted(depth), depth); }

std::vector<std::pair<std::string, std::uint64_t>> Game::perft_statements_divide(int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (depth == 0) return out;
  ActionList list;
  generate_legal(list);
  const auto [per_move, per_skip] = statement_weights(list);
  for (const Action& a : list) {
    play(a);
    const unsigned __int128 below = perft_weighted(depth - 1);
    undo();
    const unsigned __int128 weight = a.kind == ActionKind::Skip ? per_skip : per_move;
    out.emplace_back(a.kind == ActionKind::Skip ? "skip" : move_uci(a), checked_count(weight * below, depth));
  }
  return out;
}

}  // namespace arbiter::conditional
