#pragma once
// Quality (quality.h) read off a proved solution: the key's flights, the variations, and each
// line played to its end to look at the mate (model, pin). Generic over the rules; the mate
// pictures are those of the board the rule set keeps (position()).

#include <array>
#include <set>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "solver/compose/key_flights.h"
#include "solver/compose/mate_quality.h"
#include "solver/compose/quality.h"

namespace arbiter::compose {

namespace detail {

// Mates are told apart as problemists tell mate pictures apart: by the mating move and the
// square of the mated king, not by where an uninvolved defender happens to stand (else one
// mate after ten different bishop moves would count ten times).
template <RuleSet G>
void walk_lines(G& game, const prover::AttackerNode& a, Quality& q, std::set<std::string>& mates) {
  game.play(game.parse_move(a.san, {"<solution>", 1, 1}));
  if (a.defences.empty() && game.status() == GameStatus::Checkmate &&
      mates.insert(a.uci + "@" + std::to_string(game.position().king_square(game.side_to_move()))).second) {
    ++q.mates;
    const MateFeatures f = mate_features(game.position());
    q.model_mates += f.model;
    q.pin_mates += f.pin;
  }
  for (const auto& d : a.defences) {
    if (d.answers.size() > 1) ++q.duals;
    if (d.answers.empty()) continue;
    game.play(game.parse_move(d.san, {"<solution>", 1, 1}));
    walk_lines(game, d.answers.front(), q, mates);
    game.undo();
  }
  game.undo();
}

// Two helpmate solutions that are nearly one by their moves: the same moves in another order,
// or of the same length with all moves but one the same. (The composer also counts two
// solutions ending on the same board as nearly one: the same mate by another road.)
inline bool nearly_identical(const prover::HelpLine& a, const prover::HelpLine& b) {
  std::multiset<std::string> ma, mb;
  for (const auto& m : a.moves) ma.insert(m.uci);
  for (const auto& m : b.moves) mb.insert(m.uci);
  if (ma == mb) return true;
  if (a.moves.size() != b.moves.size()) return false;
  int different = 0;
  for (std::size_t i = 0; i < a.moves.size(); ++i) different += a.moves[i].uci != b.moves[i].uci;
  return different <= 1;
}

}  // namespace detail

// `game` is the problem's position, `proof` a complete solution with exactly one key and its
// tree (tries requested). The game is left as it was. every_unit_needed is the composer's to set.
template <RuleSet G>
Quality analyse_solution(G& game, const prover::Solution& proof) {
  Quality q;
  q.units = popcount(game.position().occupied());
  q.tries = int(proof.tries.size());
  const prover::AttackerNode& key = proof.keys.front();
  q.variations = count_variations(key);
  q.flights_given = popcount(key_flights(game, game.parse_move(key.san, {"<solution>", 1, 1})).given());
  std::set<std::string> mates;
  detail::walk_lines(game, key, q, mates);
  return q;
}

// The squares a move (UCI, a double move's halves joined by ',', an "ep" suffix for Option
// Chess's special capture) moves units from and to, in order: {from, to, from, to}.
inline std::vector<Square> uci_squares(const std::string& uci) {
  std::vector<Square> out;
  std::size_t at = 0;
  while (at + 4 <= uci.size()) {
    for (int k = 0; k < 2; ++k) out.push_back(make_square(uci[at + 2 * k] - 'a', uci[at + 2 * k + 1] - '1'));
    const std::size_t comma = uci.find(',', at);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

// A helpmate's quality (quality.h HelpQuality) from its complete solution: every solution line
// played to its end, the units that move told apart by where they stood in the diagram, each
// final mate looked at (model, pure, which mate). `game` is the problem's position, left as it
// was. every_unit_needed is the composer's to set.
template <RuleSet G>
HelpQuality analyse_help_solution(G& game, const prover::Solution& proof) {
  HelpQuality q;
  const Position start = game.position();  // a copy: the game moves on
  q.units = popcount(start.occupied());
  q.solutions = int(proof.solutions.size());
  std::array<bool, 64> moved{};
  std::set<std::string> mates;
  std::vector<std::string> finals;  // each solution's final board
  for (const auto& line : proof.solutions) {
    std::array<int, 64> origin;  // the diagram square of the unit on each square (-1: none)
    for (Square s = 0; s < 64; ++s) origin[s] = start.piece_on(s) == NoPiece ? -1 : s;
    // Series play: the other side passes after each series move but the last.
    const std::size_t series_moves =
        proof.series ? line.moves.size() - (proof.goal == prover::Goal::HelpMate ? 1 : 0) : 0;
    std::vector<bool> passed;
    for (std::size_t i = 0; i < line.moves.size(); ++i) {
      const auto m = game.parse_move(line.moves[i].san, {"<solution>", 1, 1});
      q.captures += game.is_capture(m);
      const std::string uci = game.move_uci(m);
      q.double_moves += uci.find(',') != std::string::npos;
      const std::vector<Square> squares = uci_squares(uci);
      for (std::size_t k = 0; k + 1 < squares.size(); k += 2) {
        const Square from = squares[k], to = squares[k + 1];
        if (origin[from] >= 0) moved[origin[from]] = true;
        origin[to] = origin[from];
        origin[from] = -1;
      }
      game.play(m);
      passed.push_back(false);
      if constexpr (NullMove<G>) {
        if (i + 1 < series_moves) {
          game.play_null();
          passed.back() = true;
        }
      }
      const bool last = i + 1 == line.moves.size();
      if (!last) q.checks += game.in_check();
      if (last && game.status() == GameStatus::Checkmate) {
        // A mate picture: the mating unit on its square against the king on its square.
        const Position& pos = game.position();
        const Square to = squares.empty() ? NoSquare : squares.back();
        const std::string picture = std::string(1, to == NoSquare ? '?' : piece_char(pos.piece_on(to))) +
                                    std::to_string(to) + "@" + std::to_string(pos.king_square(game.side_to_move()));
        if (mates.insert(picture).second) ++q.distinct_mates;
        const MateFeatures f = mate_features(pos);
        if (f.model) ++q.model_mates;
        else if (f.pure) ++q.pure_mates;
      }
      if (last) {
        const std::string fen = write_fen(game.position());
        finals.push_back(fen.substr(0, fen.find(' ')));
      }
    }
    for (std::size_t i = passed.size(); i-- > 0;) {
      if constexpr (NullMove<G>)
        if (passed[i]) game.undo_null();
      game.undo();
    }
  }
  for (std::size_t i = 0; i < proof.solutions.size(); ++i)
    for (std::size_t j = i + 1; j < proof.solutions.size(); ++j)
      q.similar_pairs += detail::nearly_identical(proof.solutions[i], proof.solutions[j]) || finals[i] == finals[j];
  for (Square s = 0; s < 64; ++s) {
    const Piece p = start.piece_on(s);
    if (p == NoPiece) continue;
    if (type_of(p) == King) {
      (color_of(p) == White ? q.white_king_moves : q.black_king_moves) = moved[s];
      continue;
    }
    if (color_of(p) == White) {
      ++q.white_units;
      q.white_moving += moved[s];
    } else {
      ++q.black_units;
      q.black_moving += moved[s];
    }
  }
  return q;
}

}  // namespace arbiter::compose
