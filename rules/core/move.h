#pragma once
// A move packed into 16 bits: from (6), to (6), kind (2), promotion piece (2).
// Castling is stored as the king's move (e1g1), which is also its UCI spelling.

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "rules/core/types.h"

namespace arbiter {

enum class MoveKind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal, PieceType promo = Knight)
      : bits_(std::uint16_t(from | (to << 6) | (int(kind) << 12) | ((promo - Knight) << 14))) {}

  constexpr Square from() const { return bits_ & 63; }
  constexpr Square to() const { return (bits_ >> 6) & 63; }
  constexpr MoveKind kind() const { return MoveKind((bits_ >> 12) & 3); }
  constexpr PieceType promotion() const { return PieceType(((bits_ >> 14) & 3) + Knight); }
  constexpr bool is_promotion() const { return kind() == MoveKind::Promotion; }
  constexpr std::uint16_t raw() const { return bits_; }

  friend constexpr bool operator==(Move a, Move b) { return a.bits_ == b.bits_; }

 private:
  std::uint16_t bits_ = 0;
};

// Fixed-capacity list: generation never allocates. 256 exceeds the legal maximum (218).
// The storage is left uninitialised (a list is made at every search node; only the first
// size() entries are ever read).
template <class M = Move, int Capacity = 256>
class MoveList {
  static_assert(std::is_trivially_copyable_v<M> && std::is_trivially_destructible_v<M>);

 public:
  MoveList() {}
  MoveList(const MoveList& other) : size_(other.size_) { std::copy(other.begin(), other.end(), moves_); }
  MoveList& operator=(const MoveList& other) {
    size_ = other.size_;
    std::copy(other.begin(), other.end(), moves_);
    return *this;
  }
  static constexpr int capacity = Capacity;
  void push(M m) { moves_[size_++] = m; }
  bool full() const { return size_ == Capacity; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  const M& operator[](int i) const { return moves_[i]; }
  M& operator[](int i) { return moves_[i]; }
  const M* begin() const { return moves_; }
  const M* end() const { return moves_ + size_; }
  M* begin() { return moves_; }
  M* end() { return moves_ + size_; }
  bool contains(M m) const {
    for (int i = 0; i < size_; ++i)
      if (moves_[i] == m) return true;
    return false;
  }

 private:
  union {  // no default initialisation of the elements
    M moves_[Capacity];
  };
  int size_ = 0;
};

}  // namespace arbiter
