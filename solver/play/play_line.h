#pragma once
// Playing a line of moves from a position, as a board does: the position after the line, its
// legal moves, and one attempted move either played or refused by the predicate that refused
// it. Generic over RuleSet; the studio's board page uses it for every rule set.

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "rules/core/fen.h"
#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "rules/notation/san.h"

namespace arbiter::play {

struct PlayedMove {
  std::string text;  // in the variant's notation, as a record writes it
  std::string uci;   // from-to squares; a variant's own extension for double moves, decisions
};

// A move a player tries: its text in the variant's notation, or, from a click, its squares.
struct Attempt {
  std::string text;
  std::string uci;
};

struct Refusal {
  std::optional<std::string> predicate;  // none: no generator of the rules proposes such a move
  std::string message;
};

struct LineState {
  std::string fen;
  Color side = White;
  GameStatus status = GameStatus::Ongoing;
  std::vector<std::string> board;  // rank_rows of the position
  std::vector<PlayedMove> played;
  std::vector<PlayedMove> legal;  // the first `max_listed` legal moves
  int legal_count = 0;
  std::optional<PlayedMove> accepted;  // the attempt, played (it is also the last of `played`)
  std::optional<Refusal> refused;
};

// The board as 8 strings of FEN piece letters ('.' empty), rank 8 first: what a page draws.
inline std::vector<std::string> rank_rows(const Position& pos) {
  std::vector<std::string> rows;
  for (int rank = 7; rank >= 0; --rank) {
    std::string row;
    for (int file = 0; file < 8; ++file) row += piece_char(pos.piece_on(make_square(file, rank)));
    rows.push_back(std::move(row));
  }
  return rows;
}

// A click names squares, not a move: the legal move with exactly those squares is played; else
// the first candidate with them (exactly, else as its first step) says which predicate refuses it.
template <RuleSet G>
std::variant<typename G::MoveType, Refusal> judge_squares(G& game, const std::string& uci) {
  typename G::MoveListType legal;
  game.generate_legal(legal);
  for (const auto& m : legal)
    if (game.move_uci(m) == uci) return m;
  typename G::MoveListType candidates;
  game.generate_candidates(candidates);
  std::optional<typename G::MoveType> nearest;
  for (const auto& m : candidates) {
    const std::string u = game.move_uci(m);
    if (u == uci) {
      nearest = m;
      break;
    }
    if (!nearest && u.compare(0, uci.size(), uci) == 0) nearest = m;
  }
  if (!nearest) {
    const std::string squares = uci.size() >= 4 ? "from " + uci.substr(0, 2) + " to " + uci.substr(2, 2) : uci;
    return Refusal{std::nullopt, "no man can go " + squares + " by the " + std::string(G::variant_name) + " rules' moves"};
  }
  if (const auto predicate = game.rejecting_predicate(*nearest))
    return Refusal{std::string(*predicate), game.move_uci(*nearest) + " is refused by the rule '" + std::string(*predicate) + "'"};
  return *nearest;  // legal after all (a move generate_legal lists under another spelling)
}

// Plays `moves` (each must be legal: a ParseError names the move's index as its line), then the
// attempt if any. `game` is left at the end of the line.
template <RuleSet G>
LineState play_line(G& game, const std::vector<std::string>& moves, const std::optional<Attempt>& attempt,
                    std::size_t max_listed) {
  LineState s;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto m = game.parse_move(moves[i], {"move", int(i) + 1, 1});
    s.played.push_back({game.move_text(m), game.move_uci(m)});
    game.play(m);
  }
  if (attempt) {
    std::optional<typename G::MoveType> chosen;
    if (!attempt->text.empty()) {
      try {
        chosen = game.parse_move(attempt->text, {"move", 1, 1});
      } catch (const IllegalMoveError& e) {
        s.refused = Refusal{e.predicate(), e.message()};
      }
    } else {
      auto judged = judge_squares(game, attempt->uci);
      if (auto* r = std::get_if<Refusal>(&judged)) s.refused = std::move(*r);
      else chosen = std::get<typename G::MoveType>(judged);
    }
    if (chosen) {
      s.accepted = PlayedMove{game.move_text(*chosen), game.move_uci(*chosen)};
      s.played.push_back(*s.accepted);
      game.play(*chosen);
    }
  }
  s.fen = game.fen();
  s.side = game.side_to_move();
  s.status = game.status();
  if constexpr (LetterRows<G>) s.board = game.rank_rows();
  else s.board = rank_rows(game.position());
  typename G::MoveListType legal;
  game.generate_legal(legal);
  s.legal_count = int(legal.size());
  for (const auto& m : legal) {
    if (s.legal.size() >= max_listed) break;
    s.legal.push_back({game.move_text(m), game.move_uci(m)});
  }
  return s;
}

}  // namespace arbiter::play
