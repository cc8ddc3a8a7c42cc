#include "solver/correct/candidate.h"
#include "solver/correct/candidate_judge.h"

namespace arbiter::correct {

std::string_view stage_name(Stage s) {
  switch (s) {
    case Stage::Illegal: return "illegal-position";
    case Stage::EngineLine: return "engine-line";
    case Stage::StatedOutcome: return "stated-outcome";
    case Stage::SearchLimit: return "search-limit";
    case Stage::KeyRefuted: return "key-refuted";
    case Stage::LaterLine: return "later-line";
    case Stage::NoSolution: return "too-few-solutions";
    case Stage::ShortSolution: return "short-solution";
    case Stage::Cooked: return "cooked";
    case Stage::Sound: return "sound";
  }
  return "?";
}

double Candidate::fitness() const {
  double f = double(stage);
  if (stage == Stage::StatedOutcome && claims > 0) f += 0.5 * double(claims - claims_failed) / double(claims);
  return f;
}

Bitboard line_squares(const std::string& uci) {
  Bitboard b = 0;
  for (const auto& [from, to] : uci_squares(uci)) b |= square_bb(from) | between(from, to) | square_bb(to);
  return b;
}

Bitboard king_fields(const Diagram& d) {
  Bitboard b = 0;
  for (Color c : {White, Black})
    if (const Square k = d.king(c); k != NoSquare) b |= square_bb(k) | king_attacks(k);
  return b;
}

bool engine_line_legal(const std::string& fen, const PgnLine& engine_line) {
  // The engine line is orthodox play: judged on the orthodox part of the FEN (six fields).
  std::string orthodox_fen;
  int fields = 0;
  for (char ch : fen) {
    if (ch == ' ' && ++fields == 6) break;
    orthodox_fen.push_back(ch);
  }
  try {
    orthodox::Game game = orthodox::Game::from_fen(orthodox_fen, {"<engine line>", 1, 1});
    for (const PgnMove& m : engine_line) game.play(game.parse_move(m.san, m.where));
    return true;
  } catch (const ParseError&) {
    return false;
  }
}

}  // namespace arbiter::correct
