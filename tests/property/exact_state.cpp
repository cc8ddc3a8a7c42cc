#include "tests/property/exact_state.h"

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"

namespace arbiter::test {

namespace {

// The placement, the side, castling, en passant and counters (FEN), then the key and history.
std::string position_state(const Position& pos) {
  return fmt::format("{} key={:016x} plies={} last={}", write_fen(pos), pos.key(), pos.plies_played(),
                     pos.plies_played() ? to_uci(pos.last_move()) : "-");
}

std::string board_text(const std::array<Piece, 64>& board) {
  std::string out(64, '.');
  for (Square s = 0; s < 64; ++s) out[s] = piece_char(board[s]);
  return out;
}

}  // namespace

std::string exact_state(const orthodox::Game& game) { return position_state(game.position()); }

// The FEN, the key, and what the FEN leaves out: the plies beneath and the e.p. victim.
std::string exact_state(const fairy::Game& game) {
  const fairy::Board& b = game.board();
  return fmt::format("{} | key={:016x} plies={} ep-victim={}", game.fen(), game.key(), b.plies_played(), b.en_passant_victim());
}

std::string exact_state(const option::Game& game) {
  return fmt::format("{} | key={:016x} | {}", game.fen(), game.key(), position_state(game.position()));
}

std::string exact_state(const timetravel::Game& game) {
  const timetravel::Board& b = game.board();
  std::string out = fmt::format("{} | key={:016x} plies={} |", game.fen(), game.key(), b.plies_played());
  for (Square s = 0; s < 64; ++s)
    if (!b.empty(s)) out += fmt::format(" {}:{}", square_name(s), int(b.man_on(s).id));
  out += " | explosions";
  for (const auto& e : b.explosions()) {
    out += fmt::format(" {}{}{}=", int(e.side), int(e.type), square_name(e.square));
    for (auto id : e.supports) out += fmt::format("{},", int(id));
  }
  const auto& undo = b.annihilation_undo();
  out += fmt::format(" | undo {} {}", int(undo.traveling_square), int(undo.traveling.id));
  return out;
}

// Every field of the referee's state (its FEN is made from them), the key and the announcement.
std::string exact_state(const transactional::Game& game) {
  const transactional::Referee& r = game.referee();
  std::string out = fmt::format("key={:016x} | committed {} |", game.key(), board_text(r.committed));
  for (Color c : {White, Black}) {
    out += fmt::format(" side {}: current {} seen {} locks {:x} moved {:x} pending {} T{} steps {:x} moves", int(c),
                       board_text(r.current[c]), board_text(r.seen[c]), r.locks[c], r.moved[c], r.pending[c],
                       r.transaction[c], r.double_steps[c]);
    for (std::size_t i = 0; i < r.moves[c].size(); ++i) out += fmt::format(" {}={}", to_uci(r.moves[c][i]), r.texts[c][i]);
  }
  out += fmt::format(" | castling {} {} ep {:x} side {} move {} lost {} strict {} | announced", r.castling,
                     r.committed_castling, r.en_passant, int(r.side), r.fullmove, r.mover_lost, r.strict);
  for (const auto& line : game.last_announcement()) out += " " + line;
  return out;
}

std::string exact_state(const conditional::Game& game) {
  std::string out = fmt::format("{} | key={:016x} statable={} | {}", game.fen(), game.key(), game.statable(),
                                position_state(game.position()));
  if (const auto& e = game.last_execution())
    out += fmt::format(" | last C-ply: branch {} condition {} move {} skipped '{}'", int(e->branch), e->condition,
                       e->move ? to_uci(*e->move) : "-", e->skipped_because);
  return out;
}

}  // namespace arbiter::test
