#pragma once
// The position of Time Traveler's Chess: men with stages and identities on bitboards, the
// orthodox state (castling, en passant, counters), and what the rules remember beyond the
// board: every explosion with the men that supported it, and whether a player has lost a
// traveling man to capture. make()/unmake() log each square they change and restore it.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/bitboard.h"
#include "rules/timetravel/man.h"
#include "rules/timetravel/move.h"

namespace arbiter::timetravel {

// One explosion of the game: "there must be at least one way to pair past explosions with
// associated explosion supports".
struct Explosion {
  Color side = White;
  PieceType type = NoPieceType;
  Square square = NoSquare;          // the explosion square
  std::vector<ManId> supports;       // the untraveled men that justified it
};

// What an annihilation by a pawn's double step leaves for an en passant capture to undo.
struct AnnihilationUndo {
  Square traveling_square = NoSquare;  // where the traveling pawn stood
  Man traveling;                       // the traveling pawn, restored by the capture
};

class Board {
 public:
  Board();  // empty board, White to move
  static Board start();

  // --- placement ---------------------------------------------------------------------------
  const Man& man_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s].empty(); }
  Bitboard occupied() const { return by_color_[White] | by_color_[Black]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Bitboard stage(Color c, Stage s) const { return by_color_[c] & by_stage_[int(s)]; }
  Bitboard traveling(Color c) const { return stage(c, Stage::Traveling); }
  Bitboard untraveled(Color c) const { return stage(c, Stage::Untraveled); }
  // Men that can move: "Traveling chessmen may not move".
  Bitboard movable(Color c) const { return by_color_[c] & ~by_stage_[int(Stage::Traveling)]; }
  // "A player with one or more traveling chessmen is said to have an unresolved position."
  bool resolved(Color c) const { return traveling(c) == 0; }

  // --- state -------------------------------------------------------------------------------
  Color side_to_move() const { return side_; }
  int castling_rights() const { return castling_; }
  Square en_passant_square() const { return ep_; }
  const AnnihilationUndo& annihilation_undo() const { return annihilation_undo_; }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  bool lost_traveling(Color c) const { return lost_traveling_[c]; }
  const std::vector<Explosion>& explosions() const { return explosions_; }
  int plies_played() const { return int(undo_.size()); }
  std::uint64_t key() const { return key_; }

  // --- moves -------------------------------------------------------------------------------
  // Plays a move the rules have accepted; `supports` are the men that justify an explosion
  // (ignored otherwise). No validation here.
  void make(const Move& m, const std::vector<ManId>& supports = {});
  void unmake();

  // --- set-up (FEN reader, tests) -------------------------------------------------------------
  void put(Square s, Man m) { set(s, m); }
  void set_side_to_move(Color c);
  void set_castling_rights(int rights);
  void set_en_passant(Square s, AnnihilationUndo undo = {});
  void set_counters(int halfmove, int fullmove) { halfmove_ = halfmove; fullmove_ = fullmove; }
  void set_lost_traveling(Color c, bool lost);
  void add_explosion(Explosion e);
  void clear_history() { undo_.clear(); }
  // Identities: the men of the set-up are named by their squares then (classical names such as
  // "QN" or "KBP" when the set-up is the start position); exploded men by type and number.
  void set_classical_names(bool on) { classical_names_ = on; }
  bool classical_names() const { return classical_names_; }
  std::string name_of(const Man& m) const;
  std::string name_of_id(ManId id) const;

 private:
  struct Change {
    Square square;
    Man before;
  };
  struct Undo {
    Move move;
    std::array<Change, 4> changes;
    int change_count = 0;
    int castling = 0;
    Square ep = NoSquare;
    AnnihilationUndo annihilation_undo;
    int halfmove = 0;
    int fullmove = 1;
    bool lost_traveling[2] = {false, false};
    bool exploded = false;
    std::uint64_t key = 0;
  };
  void set(Square s, Man m);                 // updates bitboards and key
  void change(Undo& u, Square s, Man m);     // set() and remember the old man
  std::uint64_t state_key() const;
  void capture_on(Undo& u, Square s);        // notes a lost traveling man

  std::array<Man, 64> board_{};
  Bitboard by_color_[2] = {};
  Bitboard by_type_[PieceTypeCount] = {};
  Bitboard by_stage_[3] = {};
  Color side_ = White;
  int castling_ = 0;
  Square ep_ = NoSquare;
  AnnihilationUndo annihilation_undo_;
  int halfmove_ = 0;
  int fullmove_ = 1;
  bool lost_traveling_[2] = {false, false};
  std::vector<Explosion> explosions_;
  std::uint64_t placement_key_ = 0;  // men only
  std::uint64_t explosions_key_ = 0;
  std::uint64_t key_ = 0;            // placement, state and history
  std::vector<Undo> undo_;
  bool classical_names_ = false;
};


}  // namespace arbiter::timetravel
