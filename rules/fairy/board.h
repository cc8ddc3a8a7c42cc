#pragma once
// The fairy rule set's position: a board of up to 16 x 16 squares holding men of the variant's
// kinds (variant.h), the side to move, castling rights, the en passant square and the move
// counters, with make/unmake and an incremental Zobrist key. Squares are numbered
// rank * files + file from a1.

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/types.h"
#include "rules/fairy/options.h"
#include "rules/fairy/variant.h"

namespace arbiter::fairy {

// A man: its kind + 1 (0: empty square) and colour in one byte.
// A man: its kind and its colour, or neutral (Popeye's neutral men belong to both sides: either
// side moves them and captures them, and they observe for both, a pawn in the direction of the
// side it observes or moves for).
struct Man {
  std::uint8_t bits = 0;
  static Man of(Color c, int kind) { return Man{std::uint8_t((kind + 1) | (c == Black ? 0x80 : 0))}; }
  static Man neutral_of(int kind) { return Man{std::uint8_t((kind + 1) | 0x40)}; }
  bool empty() const { return bits == 0; }
  int kind() const { return (bits & 0x3f) - 1; }
  bool neutral() const { return (bits & 0x40) != 0; }
  Color color() const { return (bits & 0x80) ? Black : White; }  // White for a neutral man: ask neutral() first
  bool belongs_to(Color side) const { return !empty() && (neutral() || color() == side); }
  Man as(int other_kind) const { return Man{std::uint8_t((bits & 0xc0) | (other_kind + 1))}; }  // the same colour, another kind
  bool operator==(const Man&) const = default;
};

struct FairyMove {
  // Locust: the man taken stands on `victim`, passed over, not on `to` (locusts, marine pieces);
  // with EnPassant, `victim` is the square the double step passed. HurdleSwap: `victim` is the
  // hurdle of a hurdle-colour-changing hopper, whose man changes sides (a king, a neutral aside).
  enum Flag : std::uint8_t { Plain = 0, EnPassant = 1, Castling = 2, DoubleStep = 4, Locust = 8, HurdleSwap = 16 };
  std::uint8_t from = 0, to = 0;
  std::uint8_t promotion = 0;  // the kind promoted to + 1 (0: none)
  std::uint8_t flags = Plain;
  std::uint8_t victim = 0;  // Locust and HurdleSwap only
  bool operator==(const FairyMove&) const = default;
};

class Board {
 public:
  static constexpr int NoSquare = -1;

  explicit Board(std::shared_ptr<const Variant> variant, const Options& options = {});
  // Reads a FEN of the variant's letters (ranks from the last, digits for empty runs, a run may
  // take two digits on a wide board); throws ParseError at the offending character.
  static Board from_fen(std::shared_ptr<const Variant> variant, std::string_view fen, const SourceLocation& where,
                        const Options& options = {});
  std::string fen() const;

  const Variant& variant() const { return *variant_; }
  const std::shared_ptr<const Variant>& variant_ptr() const { return variant_; }
  const Options& options() const { return options_; }
  int files() const { return files_; }
  int ranks() const { return ranks_; }
  int squares() const { return files_ * ranks_; }
  int square(int file, int rank) const { return rank * files_ + file; }
  // From tables: a division by a board width known only at run time is slow in the attack test.
  int file_of(int sq) const { return file_of_[std::size_t(sq)]; }
  int rank_of(int sq) const { return rank_of_[std::size_t(sq)]; }

  Man at(int sq) const { return board_[std::size_t(sq)]; }
  // How many men of `kind` the side has on the board.
  int count(Color side, int kind) const { return counts_[side == White ? 0 : 1][std::size_t(kind)]; }
  // Whether f(square) holds for a royal man of `side`, stopping at the first: kept as the men
  // move, so that asking for check does not scan the board.
  template <class F>
  bool any_royal(Color side, F&& f) const {
    return any_in(royals_[side == White ? 0 : 1], f);
  }
  // Whether f(square) holds for a man of `side`, in square order, stopping at the first: the
  // generators and the attack test visit the men, not the empty squares.
  template <class F>
  bool any_man(Color side, F&& f) const {
    return any_in(men_[side == White ? 0 : 1], f);
  }
  // Calls f(square) for each man of `side`, in square order.
  template <class F>
  void for_each_man(Color side, F&& f) const {
    any_man(side, [&](int sq) {
      f(sq);
      return false;
    });
  }
  Color side_to_move() const { return side_; }
  int en_passant() const { return ep_; }          // the square a double step passed, or NoSquare
  int en_passant_victim() const { return ep_victim_; }
  // Castling rights: bit 0 White king side, 1 White queen side, 2 Black king side, 3 Black queen side.
  unsigned castling() const { return castling_; }
  std::uint64_t key() const { return key_; }
  int plies_played() const { return int(history_.size()); }

  // The kind of the man that makes `m` once it is made: a promotee, a chameleon's next kind, or its own.
  int kind_after(const FairyMove& m) const {
    const int kind = at(m.from).kind();
    return m.promotion ? m.promotion - 1 : variant_->kinds[std::size_t(kind)].becomes >= 0 ? variant_->kinds[std::size_t(kind)].becomes : kind;
  }

  // How many royal men `side` has on the board.
  int royal_men(Color side) const {
    int n = 0;
    for (const std::uint64_t w : royals_[side == White ? 0 : 1]) n += std::popcount(w);
    return n;
  }
  // No kind observes by what the whole board holds: none paralyses (who is paralysed follows
  // every observation) and none is an orphan (its walks follow the chains of observation).
  bool observation_by_squares() const { return observation_by_squares_; }
  // The man on `from` moved to `to` in the squares, the men's sets and counts alone (not the
  // key, the side to move, the rights or the history), the man taken from `to` given back;
  // step_back(from, to, taken) undoes it. movegen.cpp's royal_step_attacked asks the attack test
  // about a step so, without the cost of make().
  Man step_alone(int from, int to) {
    const Man taken = at(to);
    place(to, at(from));
    place(from, Man{});
    return taken;
  }
  void step_back(int from, int to, Man taken) {
    place(from, at(to));
    place(to, taken);
  }

  void make(const FairyMove& m);
  void unmake();
  void make_null();
  void unmake_null();

  // The squares of castling: the king's start file and the rooks' corner files.
  int king_file() const { return files() / 2; }

 private:
  struct Undo {
    FairyMove move;
    Man mover;  // as it stood before the move (a promoted pawn's kind)
    Man captured;
    std::int16_t captured_square;
    Man recoloured;  // a hurdle's man before it changed sides (HurdleSwap), at recoloured_square
    std::int16_t recoloured_square;
    std::int16_t ep, ep_victim;
    std::uint8_t castling;
    int halfmove;
    std::uint64_t key;
    bool null;
  };
  void put(int sq, Man m);    // with the key
  void place(int sq, Man m);  // the square and the royal sets only (unmake restores the key)
  void set_castling(unsigned c);
  void set_ep(int ep, int victim);

  std::shared_ptr<const Variant> variant_;
  Options options_;
  int files_ = 8, ranks_ = 8;
  std::array<std::uint8_t, 256> file_of_{}, rank_of_{};
  std::array<bool, 32> royal_kind_{};
  bool observation_by_squares_ = true;
  std::array<Man, 256> board_{};
  using SquareSet = std::array<std::uint64_t, 4>;  // a bit per square
  template <class F>
  static bool any_in(const SquareSet& set, F& f) {
    for (std::size_t w = 0; w < set.size(); ++w)
      for (std::uint64_t bits = set[w]; bits; bits &= bits - 1)
        if (f(int(w * 64 + std::size_t(std::countr_zero(bits))))) return true;
    return false;
  }
  std::array<SquareSet, 2> royals_{};  // per side
  std::array<SquareSet, 2> men_{};     // per side
  std::array<std::array<std::uint8_t, 32>, 2> counts_{};   // per side, men per kind
  Color side_ = White;
  unsigned castling_ = 0;
  int ep_ = NoSquare, ep_victim_ = NoSquare;
  int halfmove_ = 0, fullmove_ = 1;
  std::uint64_t key_ = 0;
  std::vector<Undo> history_;
};

}  // namespace arbiter::fairy
