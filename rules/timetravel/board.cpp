#include "rules/timetravel/board.h"

#include <stdexcept>

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/core/zobrist.h"

namespace arbiter::timetravel {

namespace {

// Stage keys on top of the orthodox piece-square keys (an untraveled man hashes as in
// orthodox chess), plus keys for the rules' memory.
struct Keys {
  std::uint64_t stage[3][64];
  std::uint64_t lost[2];
  std::uint64_t explosion_seed;
  std::uint64_t annihilation_undo[64];
  Keys() {
    std::uint64_t state = 0x7157ee1c4e55ULL;
    auto next = [&state] {
      std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    for (int s = 0; s < 64; ++s) stage[0][s] = 0;
    for (int st = 1; st < 3; ++st)
      for (auto& k : stage[st]) k = next();
    lost[0] = next();
    lost[1] = next();
    explosion_seed = next();
    for (auto& k : annihilation_undo) k = next();
  }
};
const Keys& keys() {
  static const Keys k;
  return k;
}

std::uint64_t man_key(Square s, const Man& m) {
  return zobrist::piece_square[make_piece(m.color, m.type)][s] ^ keys().stage[int(m.stage)][s];
}

std::uint64_t explosion_key(const Explosion& e, std::size_t index) {
  std::uint64_t h = keys().explosion_seed ^ (index * 0x9E3779B97F4A7C15ULL);
  h ^= (std::uint64_t(e.side) << 1) ^ (std::uint64_t(e.type) << 3) ^ (std::uint64_t(e.square) << 7);
  for (ManId id : e.supports) h = (h ^ id) * 0x100000001B3ULL;
  return h * 0xD6E8FEB86659FD93ULL;
}

constexpr const char* ClassicalNames[8] = {"QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"};

}  // namespace

Board::Board() {
  init_bitboards();
  zobrist::init();  // keys are zero until initialised: positions would share one key
  key_ = state_key();
}

Board Board::start() {
  Board b;
  constexpr PieceType back[8] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
  for (int f = 0; f < 8; ++f) {
    b.set(make_square(f, 0), {back[f], White, Stage::Untraveled, ManId(make_square(f, 0))});
    b.set(make_square(f, 1), {Pawn, White, Stage::Untraveled, ManId(make_square(f, 1))});
    b.set(make_square(f, 6), {Pawn, Black, Stage::Untraveled, ManId(make_square(f, 6))});
    b.set(make_square(f, 7), {back[f], Black, Stage::Untraveled, ManId(make_square(f, 7))});
  }
  b.set_castling_rights(AllCastling);
  b.classical_names_ = true;
  return b;
}

std::string Board::name_of_id(ManId id) const {
  if (id >= FirstExplosionId) {
    const int k = id - FirstExplosionId;
    const char letter = k < int(explosions_.size()) ? "PNBRQK"[explosions_[k].type - 1] : '?';
    return fmt::format("{}*{}", letter, k + 1);
  }
  if (classical_names_) {
    const int r = rank_of(id), f = file_of(id);
    if (r == 0 || r == 7) return ClassicalNames[f];
    if (r == 1 || r == 6) return fmt::format("{}P", ClassicalNames[f]);
  }
  return fmt::format("@{}", square_name(id));
}

std::string Board::name_of(const Man& m) const { return name_of_id(m.id); }

void Board::set(Square s, Man m) {
  const Man& old = board_[s];
  const Bitboard bb = square_bb(s);
  if (!old.empty()) {
    by_color_[old.color] &= ~bb;
    by_type_[old.type] &= ~bb;
    by_stage_[int(old.stage)] &= ~bb;
    placement_key_ ^= man_key(s, old);
  }
  board_[s] = m;
  if (!m.empty()) {
    by_color_[m.color] |= bb;
    by_type_[m.type] |= bb;
    by_stage_[int(m.stage)] |= bb;
    placement_key_ ^= man_key(s, m);
  }
  key_ = placement_key_ ^ state_key();
}

void Board::change(Undo& u, Square s, Man m) {
  u.changes[u.change_count++] = {s, board_[s]};
  set(s, m);
}

std::uint64_t Board::state_key() const {
  std::uint64_t k = zobrist::castling[castling_] ^ explosions_key_;
  if (side_ == Black) k ^= zobrist::black_to_move;
  if (ep_ != NoSquare) k ^= zobrist::en_passant_file[file_of(ep_)];
  if (annihilation_undo_.traveling_square != NoSquare) k ^= keys().annihilation_undo[annihilation_undo_.traveling_square];
  for (Color c : {White, Black})
    if (lost_traveling_[c]) k ^= keys().lost[c];
  return k;
}

void Board::set_side_to_move(Color c) {
  side_ = c;
  key_ = placement_key_ ^ state_key();
}
void Board::set_castling_rights(int rights) {
  castling_ = rights;
  key_ = placement_key_ ^ state_key();
}
void Board::set_en_passant(Square s, AnnihilationUndo undo) {
  ep_ = s;
  annihilation_undo_ = undo;
  key_ = placement_key_ ^ state_key();
}
void Board::set_lost_traveling(Color c, bool lost) {
  lost_traveling_[c] = lost;
  key_ = placement_key_ ^ state_key();
}
void Board::add_explosion(Explosion e) {
  if (explosions_.size() >= std::size_t(MaxExplosions)) throw std::length_error("too many explosions in one game");
  explosions_key_ ^= explosion_key(e, explosions_.size());
  explosions_.push_back(std::move(e));
  key_ = placement_key_ ^ state_key();
}

void Board::capture_on(Undo& u, Square s) {
  const Man& victim = board_[s];
  // "If a player has lost a traveling chessman to enemy capture, his position automatically
  // is grammatically incorrect."
  if (!victim.empty() && victim.stage == Stage::Traveling) lost_traveling_[victim.color] = true;
  change(u, s, Man{});
}

void Board::make(const Move& m, const std::vector<ManId>& supports) {
  Undo& u = undo_.emplace_back();
  u.move = m;
  u.castling = castling_;
  u.ep = ep_;
  u.annihilation_undo = annihilation_undo_;
  u.halfmove = halfmove_;
  u.fullmove = fullmove_;
  u.lost_traveling[0] = lost_traveling_[0];
  u.lost_traveling[1] = lost_traveling_[1];
  u.key = key_;

  const Color us = side_;
  const int forward = us == White ? 8 : -8;
  Square new_ep = NoSquare;
  AnnihilationUndo new_undo;
  bool pawn_or_capture = false;

  // The man that moves from m.from (for an explosion, the new traveled man).
  Man mover;
  if (m.kind == MoveKind::Explosion) {
    const ManId id = ManId(FirstExplosionId + explosions_.size());
    change(u, m.from, Man{m.type, us, Stage::Traveling, id});
    mover = Man{m.type, us, Stage::Traveled, id};
    add_explosion(Explosion{us, m.type, m.from, supports});
    u.exploded = true;
  } else {
    mover = board_[m.from];
  }

  switch (m.kind) {
    case MoveKind::Annihilation: {
      // "both chessmen vanish; both leave the board permanently"
      change(u, m.from, Man{});
      change(u, m.to, Man{});
      pawn_or_capture = m.type == Pawn;
      if (m.type == Pawn && (m.to - m.from == 16 || m.from - m.to == 16)) {
        new_ep = (m.from + m.to) / 2;
        new_undo = {m.to, u.changes[1].before};
      }
      break;
    }
    case MoveKind::Castling: {
      const bool kingside = m.to > m.from;
      const Square rook_from = kingside ? m.from + 3 : m.from - 4;
      const Square rook_to = kingside ? m.from + 1 : m.from - 1;
      const Man rook = board_[rook_from];
      change(u, m.from, Man{});
      change(u, rook_from, Man{});
      change(u, m.to, mover);
      change(u, rook_to, rook);
      break;
    }
    case MoveKind::Normal:
    case MoveKind::Explosion: {
      if (m.kind == MoveKind::Normal) change(u, m.from, Man{});
      if (m.en_passant) {
        // The pawn that passed the en passant square is taken. After an annihilation by a
        // double step there is none on the board: the capture undoes the annihilation and
        // the traveling pawn returns.
        if (annihilation_undo_.traveling_square != NoSquare) {
          change(u, annihilation_undo_.traveling_square, annihilation_undo_.traveling);
        } else {
          capture_on(u, m.to - forward);
        }
        pawn_or_capture = true;
      } else if (!board_[m.to].empty()) {
        capture_on(u, m.to);
        pawn_or_capture = true;
      }
      Man arrived = mover;
      if (m.promotion != NoPieceType) arrived.type = m.promotion;  // keeps its stage
      change(u, m.to, arrived);
      if (mover.type == Pawn) {
        pawn_or_capture = true;
        if (m.to - m.from == 2 * forward) new_ep = m.from + forward;
      }
      break;
    }
  }

  castling_ &= ~(castling_rights_lost(m.from) | castling_rights_lost(m.to));
  if (m.kind == MoveKind::Castling) castling_ &= ~castling_rights_lost(m.from);
  ep_ = new_ep;
  annihilation_undo_ = new_undo;
  halfmove_ = pawn_or_capture ? 0 : halfmove_ + 1;
  if (us == Black) ++fullmove_;
  side_ = ~us;
  key_ = placement_key_ ^ state_key();
}

void Board::unmake() {
  const Undo u = undo_.back();
  undo_.pop_back();
  for (int i = u.change_count - 1; i >= 0; --i) set(u.changes[i].square, u.changes[i].before);
  if (u.exploded) {
    explosions_key_ ^= explosion_key(explosions_.back(), explosions_.size() - 1);
    explosions_.pop_back();
  }
  castling_ = u.castling;
  ep_ = u.ep;
  annihilation_undo_ = u.annihilation_undo;
  halfmove_ = u.halfmove;
  fullmove_ = u.fullmove;
  lost_traveling_[0] = u.lost_traveling[0];
  lost_traveling_[1] = u.lost_traveling[1];
  side_ = ~side_;
  key_ = placement_key_ ^ state_key();
}

}  // namespace arbiter::timetravel
