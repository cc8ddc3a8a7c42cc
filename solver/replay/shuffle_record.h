#pragma once
// A long legal record for any rule set: both sides shuffle a knight out and back (Ng1-f3,
// Ng8-f6, Nf3-g1, Nf6-g8, ...). No rule text here ends a game by repetition or by a move count,
// so the record stays legal at any length: the input of the record-length benchmark.

#include <stdexcept>
#include <string>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "rules/notation/pgn.h"

namespace arbiter {

template <RuleSet G>
std::string shuffle_record(std::string_view variant_tag, int plies) {
  static constexpr const char* cycle[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  G game = G::from_fen(G::start_fen, {"<shuffle>", 1, 1});
  typename G::MoveListType legal;  // candidates
  std::string text = "[Event \"shuffle\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
                     "[Black \"?\"]\n[Result \"*\"]\n[Variant \"" + std::string(variant_tag) + "\"]\n\n";
  text.reserve(text.size() + std::size_t(plies) * 8);
  std::size_t line_start = text.size();
  auto word = [&](const std::string& w) {
    if (text.size() - line_start + w.size() + 1 > 79) {
      text += '\n';
      line_start = text.size();
    } else if (text.size() > line_start) {
      text += ' ';
    }
    text += w;
  };
  for (int ply = 0; ply < plies; ++ply) {
    // Candidates then the predicates of the one wanted: a full legal list would cost far more
    // than the replay being measured (Time Traveler's Chess checks grammar per move).
    legal.clear();
    game.generate_candidates(legal);
    // Transactional Chess spells a committed move "g1f3(C)": taken first, it keeps every
    // transaction one move long, as a real game's mostly are.
    bool played = false;
    for (const std::string& wanted : {std::string(cycle[ply % 4]) + "(C)", std::string(cycle[ply % 4])}) {
      for (const auto& move : legal) {
        if (game.move_uci(move) != wanted || game.rejecting_predicate(move)) continue;
        if (ply % 2 == 0) word(move_number_text(ply));
        word(game.move_text(move));
        game.play(move);
        // move_text copies the game; a history kept for undo would make that copy grow with
        // the record (the generator undoes nothing).
        if constexpr (ForgetsHistory<G>) game.forget_history();
        played = true;
        break;
      }
      if (played) break;
    }
    if (!played) throw std::logic_error(std::string("shuffle record: no ") + cycle[ply % 4] + " for " + std::string(G::variant_name));
  }
  word("*");
  return text + "\n";
}

}  // namespace arbiter
