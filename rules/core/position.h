#pragma once
// The board state shared by every rule set: piece placement (bitboards plus a mailbox),
// side to move, castling rights, en passant square, move counters and a Zobrist key.
// make()/unmake() are cheap: a small State record is pushed and popped, nothing is recomputed.

#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/bitboard.h"
#include "rules/core/move.h"
#include "rules/core/types.h"
#include "rules/core/zobrist.h"

namespace arbiter {

class Position {
 public:
  Position();  // empty board, White to move

  static Position start();

  // --- placement ---------------------------------------------------------------------------
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NoPiece; }
  Bitboard occupied() const { return by_type_[0]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
  Square king_square(Color c) const { return king_sq_[c]; }  // NoSquare when absent
  // The square the man on s stood on when the position was set up (put_piece): who is who, for
  // the goals that follow a man from the diagram (circuit, exchange, kiss). A promoted pawn stays
  // the same man. Meaningless on an empty square.
  Square origin(Square s) const { return Square(origin_[s]); }
  // A key of who stands where among the men off their set-up squares (0 when none is): the
  // Zobrist key does not tell two men of one kind apart, the goals above do.
  std::uint64_t identity_key() const;

  // --- state -------------------------------------------------------------------------------
  Color side_to_move() const { return side_; }
  int castling_rights() const { return st().castling; }
  bool can_castle(CastlingRights r) const { return st().castling & r; }
  Square en_passant_square() const { return st().en_passant; }
  int halfmove_clock() const { return st().rule50; }
  int fullmove_number() const { return fullmove_; }
  zobrist::Key key() const { return st().key; }
  int plies_played() const { return int(states_.size()) - 1; }  // since this position was set up
  Move last_move() const { return st().move; }
  Piece last_captured() const { return st().captured; }
  // Key of the position n plies ago (n <= plies_played()).
  zobrist::Key key_before(int n) const { return states_[states_.size() - 1 - n].key; }

  // --- attacks -----------------------------------------------------------------------------
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, occupied()); }
  bool attacked_by(Color attacker, Square s, Bitboard occupied) const;
  bool attacked_by(Color attacker, Square s) const { return attacked_by(attacker, s, occupied()); }
  // Pieces of the opponent giving check to the side to move's king ("guarding" its square).
  Bitboard checkers() const;
  bool in_check() const { return checkers() != 0; }

  // --- moves -------------------------------------------------------------------------------
  // Plays a move that is legal or at least pseudo-legal; no validation here (rules do that).
  void make(Move m);
  void unmake();
  // Passes the turn (used by the prover to find threats).
  void make_null();
  void unmake_null();
  // Gives the turn back to the side that has just moved, for the second half of a variant's
  // double move: the move counters do not advance, and `en_passant` becomes the en passant
  // square for the mover's second move (NoSquare for none).
  void make_pass(Square en_passant);
  void unmake_pass();
  // A capture whose victim does not stand on the destination (Option Chess's en passant
  // capture of a piece that moved twice). Undone by unmake().
  void make_remote_capture(Move m, Square victim);

  // --- set-up (FEN reader, variants, tests) ------------------------------------------------
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void set_side_to_move(Color c);
  void set_castling_rights(int rights);
  // Two castlings that cannot both still be legal (Popeye's CastlingMutuallyExclusive, a
  // problem's retro statement): playing either cancels the other's right. Only the castling
  // itself proves its right; a king or rook move cancels its own rights as always.
  void set_castlings_exclusive(CastlingRights a, CastlingRights b);
  void set_en_passant_square(Square s);
  void set_counters(int halfmove_clock, int fullmove_number);
  void clear_history();  // forget earlier states (after set-up)

  bool operator==(const Position& other) const;  // same placement and state (not history)

 private:
  struct State {
    zobrist::Key key = 0;
    std::uint8_t castling = 0;
    Square en_passant = NoSquare;
    int rule50 = 0;
    Move move;
    Piece captured = NoPiece;
    Square remote_victim = NoSquare;  // set by make_remote_capture
    std::uint8_t captured_origin = 0;  // the captured man's origin (above)
  };
  const State& st() const { return states_.back(); }
  State& st() { return states_.back(); }
  // UpdateKey=false is for unmake(), whose key comes back with the popped state.
  template <bool UpdateKey = true>
  void move_piece(Square from, Square to);
  template <bool UpdateKey = true>
  void add_piece(Piece p, Square s);
  template <bool UpdateKey = true>
  void take_piece(Square s);
  bool en_passant_hashed(Square ep, Color capturer) const;

  Bitboard by_type_[PieceTypeCount] = {};  // index 0: all pieces
  Bitboard by_color_[2] = {};
  Piece board_[64] = {};
  std::uint8_t origin_[64] = {};
  Square king_sq_[2] = {NoSquare, NoSquare};
  Color side_ = White;
  int fullmove_ = 1;
  std::uint8_t castling_mask_[64] = {};  // rights lost when a piece leaves or reaches the square
  std::uint8_t castling_exclusive_[4] = {};  // rights lost when the castling of right 1 << i is played
  // The undo stack. A copy starts a history of its own holding only the current state, so
  // copying costs the same at ply 10 and at ply 200,000 (long replays stay linear); a copy can
  // unmake only the moves made on it.
  struct History : std::vector<State> {
    History() = default;
    History(const History& other) : std::vector<State>() {
      reserve(16);  // a search from a copy goes some plies deep without growing the stack
      push_back(other.back());
    }
    History& operator=(const History& other) {
      if (this != &other) {
        const State current = other.back();
        clear();  // keeps the capacity: assigning into a scratch position allocates nothing
        push_back(current);
      }
      return *this;
    }
    History(History&&) noexcept = default;
    History& operator=(History&&) noexcept = default;
    ~History() = default;
  };
  void check_can_unmake() const;
  History states_;
};

}  // namespace arbiter
