#include "solver/variants/transactional_referee.h"

#include <fmt/format.h>

#include "solver/play/play_line.h"

namespace arbiter::transactional_referee {

using transactional::Action;
using transactional::Decision;
using transactional::Referee;

namespace {

const char* player_name(Color c) { return c == White ? "White" : "Black"; }

bool ended(GameStatus s) { return s == GameStatus::Checkmate || s == GameStatus::Stalemate || s == GameStatus::MoverLost; }

// A lock met is told to the player who met it, and to no one else, in the rules' own words.
Turn refused(std::optional<std::string> predicate, std::string message) {
  Turn t;
  t.met_lock = predicate == "destination-not-locked";
  if (t.met_lock) message = "that square is locked: try another move";
  t.predicate = std::move(predicate);
  t.refusal = std::move(message);
  return t;
}

Referee known_state(const Referee& r, Color player) {
  const Color them = ~player;
  Referee k = r;
  for (Square s = 0; s < 64; ++s) {
    const Piece p = r.committed[s];
    k.current[them][s] = p != NoPiece && color_of(p) == them ? p : NoPiece;
  }
  k.locks[them] = 0;
  k.moved[them] = 0;
  k.pending[them] = 0;
  k.moves[them].clear();
  k.texts[them].clear();
  k.double_steps[them] = 0;
  const int theirs = them == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  k.castling = (r.castling & ~theirs) | (r.committed_castling & theirs);
  return k;
}

}  // namespace

Session::Session(const std::string& fen, const SourceLocation& where, const InterpretationSettings& interpret)
    : start_fen_(fen.empty() ? std::string(transactional::Game::start_fen) : fen),
      game_(transactional::Game::from_fen(start_fen_, where, options_with<transactional::Options>(interpret))) {
  game_.forget_history();
}

bool Session::over() const { return ended(game_.status()); }

std::string Session::with_transaction(const std::string& text, int transaction) {
  return !text.empty() && text[0] == 'T' ? text : fmt::format("T{}: {}", transaction, text);
}

Turn Session::play_text(const std::string& text, const SourceLocation& where) {
  Action action;
  try {
    action = game_.parse_move(with_transaction(text, game_.referee().transaction[to_move()]), where);
  } catch (const IllegalMoveError& e) {
    return refused(e.predicate(), e.message());
  }
  return play(action);
}

Turn Session::play_squares(const std::string& uci, const std::string& decision) {
  if (!decision.empty() && decision != "commit" && decision != "rollback" && decision != "continue")
    throw ParseError({"decision", 1, 1}, fmt::format("expected continue, commit or rollback, not '{}'", decision));
  const char* mark = decision == "commit" ? "(C)" : decision == "rollback" ? "(R)" : "";
  auto judged = play::judge_squares(game_, uci + mark);
  if (auto* refusal = std::get_if<play::Refusal>(&judged)) return refused(refusal->predicate, refusal->message);
  return play(std::get<Action>(judged));
}

Turn Session::play(const Action& action) {
  const Color us = to_move();
  Turn t;
  t.played = true;
  t.decision = action.decision;
  t.text = game_.move_text(action);
  game_.play(action);
  game_.forget_history();  // a referee never takes a move back
  if (action.decision == Decision::Commit) {
    const auto& lines = game_.last_announcement();
    for (std::size_t i = 0; i < lines.size(); ++i)
      t.announcement.push_back(i == 0 ? fmt::format("{} has committed: {}", player_name(us), lines[i]) : lines[i]);
  }
  const GameStatus status = game_.status();
  if (ended(status)) {
    const std::string why = status == GameStatus::MoverLost ? fmt::format("{} committed into check", player_name(us))
                            : status == GameStatus::Checkmate ? fmt::format("{} is checkmated", player_name(~us))
                                                              : std::string("stalemate");
    t.game_over = fmt::format("game over: {} ({})", why, result_of(status, game_.side_to_move()));
  }
  return t;
}

transactional::Game Session::known_to(Color player) const {
  return transactional::Game(known_state(game_.referee(), player), game_.options());
}

std::vector<Action> Session::offered(Color player) const {
  if (to_move() != player || over()) return {};
  const transactional::Game known = known_to(player);
  transactional::ActionList list;
  known.generate_legal(list);
  return {list.begin(), list.end()};
}

std::string Session::prompt() const {
  const Referee& r = game_.referee();
  const Color c = r.side;
  return fmt::format("your move, T{} ({} pending){}", r.transaction[c], r.pending[c],
                     r.committed_check(c) ? "; you are in check (committed view): you must commit" : "");
}

}  // namespace arbiter::transactional_referee
