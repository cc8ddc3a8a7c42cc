#include "rules/core/position.h"

#include <bit>
#include <cstring>
#include <stdexcept>

namespace arbiter {

Position::Position() {
  init_bitboards();
  zobrist::init();
  states_.reserve(512);
  states_.emplace_back();
  castling_mask_[sq::e1] = WhiteKingside | WhiteQueenside;
  castling_mask_[sq::h1] = WhiteKingside;
  castling_mask_[sq::a1] = WhiteQueenside;
  castling_mask_[sq::e8] = BlackKingside | BlackQueenside;
  castling_mask_[sq::h8] = BlackKingside;
  castling_mask_[sq::a8] = BlackQueenside;
}

Position Position::start() {
  Position p;
  const PieceType back[8] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
  for (int f = 0; f < 8; ++f) {
    p.put_piece(make_piece(White, back[f]), make_square(f, 0));
    p.put_piece(make_piece(White, Pawn), make_square(f, 1));
    p.put_piece(make_piece(Black, Pawn), make_square(f, 6));
    p.put_piece(make_piece(Black, back[f]), make_square(f, 7));
  }
  p.set_castling_rights(AllCastling);
  return p;
}

void Position::put_piece(Piece p, Square s) {
  add_piece<true>(p, s);
  origin_[s] = std::uint8_t(s);
}

std::uint64_t Position::identity_key() const {
  std::uint64_t k = 0;
  for (Bitboard b = occupied(); b;) {
    const Square s = pop_lsb(b);
    if (origin_[s] == s) continue;
    k ^= zobrist::mix((std::uint64_t(origin_[s]) << 8 | s) + 0x9E3779B97F4A7C15ULL);  // (origin, square)
  }
  return k;
}

void Position::remove_piece(Square s) { take_piece<true>(s); }

template <bool UpdateKey>
void Position::add_piece(Piece p, Square s) {
  board_[s] = p;
  Bitboard b = square_bb(s);
  by_type_[0] |= b;
  by_type_[type_of(p)] |= b;
  by_color_[color_of(p)] |= b;
  if (type_of(p) == King) king_sq_[color_of(p)] = s;
  if constexpr (UpdateKey) st().key ^= zobrist::piece_square[p][s];
}

template <bool UpdateKey>
void Position::take_piece(Square s) {
  Piece p = board_[s];
  Bitboard b = square_bb(s);
  by_type_[0] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  board_[s] = NoPiece;
  if (type_of(p) == King) {  // variants may capture kings or (in set-up) have none
    Bitboard kings = pieces(color_of(p), King);
    king_sq_[color_of(p)] = kings ? lsb(kings) : NoSquare;
  }
  if constexpr (UpdateKey) st().key ^= zobrist::piece_square[p][s];
}

template <bool UpdateKey>
void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard fromto = square_bb(from) | square_bb(to);
  by_type_[0] ^= fromto;
  by_type_[type_of(p)] ^= fromto;
  by_color_[color_of(p)] ^= fromto;
  board_[from] = NoPiece;
  board_[to] = p;
  origin_[to] = origin_[from];
  if (type_of(p) == King) king_sq_[color_of(p)] = to;
  if constexpr (UpdateKey) st().key ^= zobrist::piece_square[p][from] ^ zobrist::piece_square[p][to];
}

void Position::set_side_to_move(Color c) {
  if (c != side_) st().key ^= zobrist::black_to_move;
  side_ = c;
}

void Position::set_castlings_exclusive(CastlingRights a, CastlingRights b) {
  castling_exclusive_[std::countr_zero(unsigned(a))] |= b;
  castling_exclusive_[std::countr_zero(unsigned(b))] |= a;
}

void Position::set_castling_rights(int rights) {
  st().key ^= zobrist::castling[st().castling] ^ zobrist::castling[rights];
  st().castling = std::uint8_t(rights);
}

bool Position::en_passant_hashed(Square ep, Color capturer) const {
  // Only an en passant square that a pawn could actually use changes the key, so that
  // transpositions with and without a useless ep square are recognised as the same position.
  return ep != NoSquare && (pawn_attacks(~capturer, ep) & pieces(capturer, Pawn));
}

void Position::set_en_passant_square(Square s) {
  if (en_passant_hashed(st().en_passant, side_)) st().key ^= zobrist::en_passant_file[file_of(st().en_passant)];
  st().en_passant = s;
  if (en_passant_hashed(s, side_)) st().key ^= zobrist::en_passant_file[file_of(s)];
}

void Position::set_counters(int halfmove_clock, int fullmove_number) {
  st().rule50 = halfmove_clock;
  fullmove_ = fullmove_number;
}

void Position::clear_history() {
  State current = st();
  current.move = Move();
  current.captured = NoPiece;
  states_.clear();
  states_.push_back(current);
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  return (pawn_attacks(White, s) & pieces(Black, Pawn)) | (pawn_attacks(Black, s) & pieces(White, Pawn)) |
         (knight_attacks(s) & pieces(Knight)) | (king_attacks(s) & pieces(King)) |
         (rook_attacks(s, occ) & pieces(Rook, Queen)) | (bishop_attacks(s, occ) & pieces(Bishop, Queen));
}

bool Position::attacked_by(Color c, Square s, Bitboard occ) const {
  return (pawn_attacks(~c, s) & pieces(c, Pawn)) || (knight_attacks(s) & pieces(c, Knight)) ||
         (king_attacks(s) & pieces(c, King)) || (rook_attacks(s, occ) & pieces(c, Rook, Queen)) ||
         (bishop_attacks(s, occ) & pieces(c, Bishop, Queen));
}

Bitboard Position::checkers() const {
  Square k = king_sq_[side_];
  return k == NoSquare ? 0 : attackers_to(k) & pieces(~side_);
}

void Position::make(Move m) {
  State next = st();
  next.move = m;
  next.captured = NoPiece;
  next.remote_victim = NoSquare;
  ++next.rule50;
  states_.push_back(next);
  State& s = st();

  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece moved = board_[from];

  s.key ^= zobrist::black_to_move;
  if (en_passant_hashed(s.en_passant, us)) s.key ^= zobrist::en_passant_file[file_of(s.en_passant)];
  s.en_passant = NoSquare;

  int lost = castling_mask_[from] | castling_mask_[to];
  if (m.kind() == MoveKind::Castling) {
    const bool kingside = to > from;
    const Square rook_from = kingside ? from + 3 : from - 4;
    const Square rook_to = kingside ? from + 1 : from - 1;
    move_piece(from, to);
    move_piece(rook_from, rook_to);
    lost |= castling_exclusive_[2 * us + (kingside ? 0 : 1)];  // WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside
  } else {
    Square capture_sq = m.kind() == MoveKind::EnPassant ? (us == White ? to - 8 : to + 8) : to;
    if (board_[capture_sq] != NoPiece) {
      s.captured = board_[capture_sq];
      s.captured_origin = origin_[capture_sq];
      remove_piece(capture_sq);
      s.rule50 = 0;
    }
    move_piece(from, to);
    if (type_of(moved) == Pawn) {
      s.rule50 = 0;
      if (m.kind() == MoveKind::Promotion) {
        remove_piece(to);
        add_piece<true>(make_piece(us, m.promotion()), to);  // the same man: its origin stays
      } else if ((from ^ to) == 16) {
        s.en_passant = (from + to) / 2;
      }
    }
  }

  if (s.castling & lost) {
    s.key ^= zobrist::castling[s.castling];
    s.castling &= std::uint8_t(~lost);
    s.key ^= zobrist::castling[s.castling];
  }
  if (us == Black) ++fullmove_;
  side_ = them;
  if (en_passant_hashed(s.en_passant, them)) s.key ^= zobrist::en_passant_file[file_of(s.en_passant)];
}

void Position::check_can_unmake() const {
  if (states_.size() < 2) throw std::logic_error("unmake past the start of this position's history (a copy keeps none)");
}

void Position::unmake() {
  check_can_unmake();
  const Move m = st().move;
  const Piece captured = st().captured;
  side_ = ~side_;
  const Color us = side_;
  if (us == Black) --fullmove_;
  const Square from = m.from(), to = m.to();
  // The key comes back with the popped state, so the pieces move without touching it.
  if (m.kind() == MoveKind::Castling) {
    const bool kingside = to > from;
    move_piece<false>(to, from);
    move_piece<false>(kingside ? from + 1 : from - 1, kingside ? from + 3 : from - 4);
  } else {
    if (m.kind() == MoveKind::Promotion) {
      take_piece<false>(to);
      add_piece<false>(make_piece(us, Pawn), to);
    }
    move_piece<false>(to, from);
    if (captured != NoPiece) {
      const Square victim = st().remote_victim != NoSquare ? st().remote_victim
                            : m.kind() == MoveKind::EnPassant ? (us == White ? to - 8 : to + 8)
                                                               : to;
      add_piece<false>(captured, victim);
      origin_[victim] = st().captured_origin;
    }
  }
  states_.pop_back();
}

void Position::make_remote_capture(Move m, Square victim) {
  make(m);
  State& s = st();
  s.captured = board_[victim];
  s.captured_origin = origin_[victim];
  s.remote_victim = victim;
  s.rule50 = 0;
  take_piece(victim);
  if (int lost = castling_mask_[victim]; s.castling & lost) {  // a rook taken on its home square
    s.key ^= zobrist::castling[s.castling];
    s.castling &= std::uint8_t(~lost);
    s.key ^= zobrist::castling[s.castling];
  }
}

void Position::make_pass(Square en_passant) {
  State next = st();
  next.move = Move();
  next.captured = NoPiece;
  next.remote_victim = NoSquare;
  states_.push_back(next);
  State& s = st();
  s.key ^= zobrist::black_to_move;
  if (en_passant_hashed(s.en_passant, side_)) s.key ^= zobrist::en_passant_file[file_of(s.en_passant)];
  side_ = ~side_;
  if (side_ == Black) --fullmove_;  // Black's first half advanced it; the turn is still Black's
  if (en_passant != NoSquare && !empty(en_passant)) en_passant = NoSquare;  // the first half filled it
  s.en_passant = en_passant;
  if (en_passant_hashed(en_passant, side_)) s.key ^= zobrist::en_passant_file[file_of(en_passant)];
}

void Position::unmake_pass() {
  check_can_unmake();
  if (side_ == Black) ++fullmove_;
  side_ = ~side_;
  states_.pop_back();
}

void Position::make_null() {
  State next = st();
  next.move = Move();
  next.captured = NoPiece;
  next.remote_victim = NoSquare;
  ++next.rule50;
  states_.push_back(next);
  State& s = st();
  s.key ^= zobrist::black_to_move;
  if (en_passant_hashed(s.en_passant, side_)) s.key ^= zobrist::en_passant_file[file_of(s.en_passant)];
  s.en_passant = NoSquare;
  if (side_ == Black) ++fullmove_;
  side_ = ~side_;
}

void Position::unmake_null() {
  check_can_unmake();
  side_ = ~side_;
  if (side_ == Black) --fullmove_;
  states_.pop_back();
}

bool Position::operator==(const Position& o) const {
  return std::memcmp(board_, o.board_, sizeof board_) == 0 && side_ == o.side_ && castling_rights() == o.castling_rights() &&
         en_passant_square() == o.en_passant_square() && halfmove_clock() == o.halfmove_clock() &&
         fullmove_ == o.fullmove_;
}

}  // namespace arbiter
