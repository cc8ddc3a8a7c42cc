#include "rules/transactional/referee.h"

#include "rules/core/zobrist.h"

namespace arbiter::transactional {

namespace {

// A board with White's men from `white` and Black's from `black`.
Position view_of(const std::array<Piece, 64>& white, const std::array<Piece, 64>& black, Color side, int castling) {
  Position pos;
  for (Square s = 0; s < 64; ++s) {
    if (white[s] != NoPiece && color_of(white[s]) == White) pos.put_piece(white[s], s);
    if (black[s] != NoPiece && color_of(black[s]) == Black) pos.put_piece(black[s], s);
  }
  pos.set_side_to_move(side);
  // Castling rights only where king and rook stand on their squares in this view.
  int rights = 0;
  const auto has = [&](Square s, Piece p) { return pos.piece_on(s) == p; };
  if ((castling & WhiteKingside) && has(sq::e1, make_piece(White, King)) && has(sq::h1, make_piece(White, Rook))) rights |= WhiteKingside;
  if ((castling & WhiteQueenside) && has(sq::e1, make_piece(White, King)) && has(sq::a1, make_piece(White, Rook))) rights |= WhiteQueenside;
  if ((castling & BlackKingside) && has(sq::e8, make_piece(Black, King)) && has(sq::h8, make_piece(Black, Rook))) rights |= BlackKingside;
  if ((castling & BlackQueenside) && has(sq::e8, make_piece(Black, King)) && has(sq::a8, make_piece(Black, Rook))) rights |= BlackQueenside;
  pos.set_castling_rights(rights);
  pos.clear_history();
  return pos;  // move counters are the referee's (Referee::fullmove)
}

std::array<Piece, 64> side_only(const std::array<Piece, 64>& board, Color c) {
  std::array<Piece, 64> out{};
  for (Square s = 0; s < 64; ++s)
    if (board[s] != NoPiece && color_of(board[s]) == c) out[s] = board[s];
  return out;
}

}  // namespace

Referee Referee::from_position(const Position& pos) {
  Referee r;
  for (Square s = 0; s < 64; ++s) r.committed[s] = pos.piece_on(s);
  r.current[White] = side_only(r.committed, White);
  r.current[Black] = side_only(r.committed, Black);
  r.seen[White] = r.seen[Black] = r.committed;
  r.castling = r.committed_castling = pos.castling_rights();
  r.side = pos.side_to_move();
  r.fullmove = pos.fullmove_number();
  if (pos.en_passant_square() != NoSquare) r.en_passant = square_bb(pos.en_passant_square());
  return r;
}

Referee Referee::start() { return from_position(Position::start()); }

Position Referee::committed_view() const {
  Position v = view_of(committed, committed, side, committed_castling);
  v.set_counters(0, fullmove);
  v.clear_history();
  return v;
}

Position Referee::transactional_view(Color c) const {
  const auto& others = strict ? seen[c] : committed;
  return c == White ? view_of(current[White], others, c, castling) : view_of(others, current[Black], c, castling);
}

Position Referee::committed_view_of(Color c) const {
  if (!strict) return committed_view();
  Position v = c == White ? view_of(committed, seen[c], side, committed_castling) : view_of(seen[c], committed, side, committed_castling);
  v.set_counters(0, fullmove);
  v.clear_history();
  return v;
}

Position Referee::potential_view() const { return view_of(current[White], current[Black], side, castling); }

bool Referee::committed_check(Color c) const {
  const Position v = committed_view_of(c);
  const Square k = v.king_square(c);
  return k != NoSquare && v.attacked_by(~c, k);
}

std::uint64_t Referee::key() const {
  std::uint64_t k = 0;
  for (Square s = 0; s < 64; ++s) {
    if (committed[s] != NoPiece) k ^= zobrist::piece_square[committed[s]][s];
    for (Color c : {White, Black})
      if (current[c][s] != NoPiece) k ^= zobrist::piece_square[current[c][s]][s] * (c == White ? 3 : 5);
  }
  k ^= (locks[White] * 7) ^ (locks[Black] * 11) ^ (moved[White] * 13) ^ (moved[Black] * 17);
  k ^= std::uint64_t(pending[White]) << 1 ^ std::uint64_t(pending[Black]) << 5 ^ zobrist::castling[castling] ^
       (zobrist::castling[committed_castling] * 19) ^ (en_passant * 23) ^ (double_steps[White] * 29) ^ (double_steps[Black] * 31);
  if (side == Black) k ^= zobrist::black_to_move;
  return k;
}

ActionEffects apply_move(Referee& r, Move m) {
  const Color us = r.side, them = ~us;
  ActionEffects fx;
  auto& mine = r.current[us];
  const Piece piece = mine[m.from()];
  Square victim = NoSquare;
  if (m.kind() == MoveKind::EnPassant) victim = us == White ? m.to() - 8 : m.to() + 8;
  else if (r.committed[m.to()] != NoPiece && color_of(r.committed[m.to()]) == them) victim = m.to();
  if (victim != NoSquare) {
    // The victim stands where the committed view shows it (its square is not locked).
    r.committed[victim] = NoPiece;
    r.current[them][victim] = NoPiece;
    r.castling &= ~castling_rights_lost(victim);
    r.committed_castling &= ~castling_rights_lost(victim);
    fx.captured = true;
  }
  mine[m.from()] = NoPiece;
  Piece arrived = piece;
  if (m.kind() == MoveKind::Promotion) {
    arrived = make_piece(us, m.promotion());
    fx.promoted = true;
  }
  mine[m.to()] = arrived;
  r.locks[us] |= square_bb(m.from()) | square_bb(m.to());
  r.moved[us] = (r.moved[us] & ~square_bb(m.from())) | square_bb(m.to());
  if (m.kind() == MoveKind::Castling) {
    const bool kingside = m.to() > m.from();
    const Square rook_from = kingside ? m.from() + 3 : m.from() - 4, rook_to = kingside ? m.from() + 1 : m.from() - 1;
    mine[rook_to] = mine[rook_from];
    mine[rook_from] = NoPiece;
    r.locks[us] |= square_bb(rook_from) | square_bb(rook_to);
    r.moved[us] = (r.moved[us] & ~square_bb(rook_from)) | square_bb(rook_to);
  }
  r.castling &= ~(castling_rights_lost(m.from()) | castling_rights_lost(m.to()));
  // A pending two-square advance from the pawn's start: en passant once committed, if the
  // pawn has advanced no further by then.
  r.double_steps[us] &= ~square_bb(m.from());
  if (type_of(piece) == Pawn && relative_rank(us, m.from()) == 1 && relative_rank(us, m.to()) == 3)
    r.double_steps[us] |= square_bb(m.to());
  ++r.pending[us];
  return fx;
}

void apply_commit(Referee& r) {
  const Color us = r.side, them = ~us;
  for (Square s = 0; s < 64; ++s) {
    if (r.committed[s] != NoPiece && color_of(r.committed[s]) == us) r.committed[s] = NoPiece;
  }
  for (Square s = 0; s < 64; ++s) {
    if (r.current[us][s] == NoPiece) continue;
    // A committed piece lands where an opponent's piece stands in the committed view only by
    // capturing it, and captures are applied when made; anything else here is the opponent's
    // pending piece, which the commit cannot touch.
    r.committed[s] = r.current[us][s];
  }
  const int ours = us == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
  r.committed_castling = (r.committed_castling & ~ours) | (r.castling & ours);
  r.locks[us] = r.moved[us] = 0;
  r.pending[us] = 0;
  r.moves[us].clear();
  r.texts[us].clear();
  r.transaction[us] += 2;
  r.en_passant = 0;
  for (Bitboard d = r.double_steps[us]; d;) {
    const Square s = pop_lsb(d);
    r.en_passant |= square_bb(us == White ? s - 8 : s + 8);
  }
  r.double_steps[us] = 0;
  r.seen[us] = r.committed;  // a new transaction looks afresh
  // "If a commit places the committing player in check, the committing player is mated [...]
  // unless the other player is in check as well and could not break check by capturing the
  // committing player's King."
  const Position truth = r.potential_view();
  const Square king = truth.king_square(us);
  if (king != NoSquare && truth.attacked_by(them, king)) {
    const Position seen = r.committed_view();
    const Square their_king = seen.king_square(them);
    const bool they_in_check = their_king != NoSquare && seen.attacked_by(us, their_king);
    bool capture_breaks_check = false;
    if (they_in_check) {
      // Taking the king with any attacker: does their king stand safe afterwards (in the true board)?
      for (Bitboard a = truth.attackers_to(king) & truth.pieces(them); a && !capture_breaks_check;) {
        const Square from = pop_lsb(a);
        const Bitboard occ = (truth.occupied() & ~square_bb(from)) | square_bb(king);
        const Square their_king_after = from == their_king ? king : their_king;
        Bitboard attackers = truth.attackers_to(their_king_after, occ) & truth.pieces(us) & ~square_bb(king);
        capture_breaks_check = attackers == 0;
      }
    }
    r.mover_lost = !they_in_check || capture_breaks_check;
  }
}

void apply_rollback(Referee& r, Color us) {
  std::array<Piece, 64> back{};
  for (Square s = 0; s < 64; ++s)
    if (r.committed[s] != NoPiece && color_of(r.committed[s]) == us) back[s] = r.committed[s];
  r.current[us] = back;
  r.castling = (r.castling & (us == White ? (BlackKingside | BlackQueenside) : (WhiteKingside | WhiteQueenside))) |
               (r.committed_castling & (us == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside)));
  r.locks[us] = r.moved[us] = 0;
  r.pending[us] = 0;
  r.moves[us].clear();
  r.texts[us].clear();
  r.transaction[us] += 2;
  r.double_steps[us] = 0;
  r.seen[us] = r.committed;
}

}  // namespace arbiter::transactional
