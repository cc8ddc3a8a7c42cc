#include "rules/fairy/board.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>

namespace arbiter::fairy {

namespace {

// Zobrist numbers: one per square and man (kind and colour), per castling state, per en passant
// square, and for Black to move; a fixed seed, so keys are the same in every run.
struct Zobrist {
  std::array<std::array<std::uint64_t, 64>, 256> man{};
  std::array<std::uint64_t, 16> castling{};
  std::array<std::uint64_t, 257> ep{};
  std::uint64_t black = 0;
  Zobrist() {
    std::uint64_t s = 0x9e3779b97f4a7c15ull;
    auto next = [&] {  // splitmix64
      std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      return z ^ (z >> 31);
    };
    for (auto& sq : man)
      for (auto& v : sq) v = next();
    for (auto& v : castling) v = next();
    for (auto& v : ep) v = next();
    black = next();
  }
};

const Zobrist& zobrist() {
  static const Zobrist z;
  return z;
}

std::uint64_t man_key(int sq, Man m) {
  return zobrist().man[std::size_t(sq)][std::size_t(m.kind() * 3 + (m.neutral() ? 2 : m.color() == Black ? 1 : 0))];
}
std::uint64_t ep_key(int ep) { return zobrist().ep[std::size_t(ep + 1)]; }

}  // namespace

Board::Board(std::shared_ptr<const Variant> variant, const Options& options)
    : variant_(std::move(variant)), options_(options), files_(variant_->files), ranks_(variant_->ranks) {
  if (squares() > 256 || files() < 1 || ranks() < 2) throw std::invalid_argument("a fairy board has 2 to 16 ranks and at most 256 squares");
  for (int sq = 0; sq < squares(); ++sq) {
    file_of_[std::size_t(sq)] = std::uint8_t(sq % files_);
    rank_of_[std::size_t(sq)] = std::uint8_t(sq / files_);
  }
  if (variant_->kinds.size() > royal_kind_.size()) throw std::invalid_argument("a fairy variant has at most 32 piece kinds");
  for (std::size_t k = 0; k < variant_->kinds.size(); ++k) {
    royal_kind_[k] = variant_->kinds[k].royal;
    observation_by_squares_ = observation_by_squares_ && !variant_->kinds[k].orphan && !variant_->kinds[k].paralysing;
  }
  key_ = ep_key(NoSquare) ^ zobrist().castling[0];
  history_.reserve(512);
}

void Board::place(int sq, Man m) {
  const Man old = board_[std::size_t(sq)];
  const std::uint64_t bit = std::uint64_t(1) << (sq % 64);
  // A neutral man is in both sides' sets.
  for (int side = 0; side < 2; ++side) {
    if (old.belongs_to(side == 0 ? White : Black)) {
      men_[side][std::size_t(sq / 64)] &= ~bit;
      --counts_[side][std::size_t(old.kind())];
      if (royal_kind_[std::size_t(old.kind())]) royals_[side][std::size_t(sq / 64)] &= ~bit;
    }
    if (m.belongs_to(side == 0 ? White : Black)) {
      men_[side][std::size_t(sq / 64)] |= bit;
      ++counts_[side][std::size_t(m.kind())];
      if (royal_kind_[std::size_t(m.kind())]) royals_[side][std::size_t(sq / 64)] |= bit;
    }
  }
  board_[std::size_t(sq)] = m;
}

void Board::put(int sq, Man m) {
  const Man old = board_[std::size_t(sq)];
  if (!old.empty()) key_ ^= man_key(sq, old);
  if (!m.empty()) key_ ^= man_key(sq, m);
  place(sq, m);
}

void Board::set_castling(unsigned c) {
  key_ ^= zobrist().castling[castling_] ^ zobrist().castling[c];
  castling_ = c;
}

void Board::set_ep(int ep, int victim) {
  key_ ^= ep_key(ep_) ^ ep_key(ep);
  ep_ = ep;
  ep_victim_ = victim;
}

void Board::make(const FairyMove& m) {
  const Man mover = at(m.from);
  // Written in place: an Undo built on the stack and copied in stalls on store forwarding.
  Undo& u = history_.emplace_back();
  u.move = m;
  u.mover = mover;
  u.captured = Man{};
  u.captured_square = std::int16_t(NoSquare);
  u.recoloured_square = std::int16_t(NoSquare);
  u.ep = std::int16_t(ep_);
  u.ep_victim = std::int16_t(ep_victim_);
  u.castling = std::uint8_t(castling_);
  u.halfmove = halfmove_;
  u.key = key_;
  u.null = false;
  if (m.flags & FairyMove::EnPassant) {
    u.captured_square = std::int16_t(ep_victim_);
    u.captured = at(ep_victim_);
    put(ep_victim_, Man{});
  } else if (m.flags & FairyMove::Locust) {
    u.captured_square = m.victim;
    u.captured = at(m.victim);
    put(m.victim, Man{});
  } else if (!at(m.to).empty()) {
    u.captured_square = m.to;
    u.captured = at(m.to);
  }
  put(m.from, Man{});
  // kind_after(m), from the mover read above (calling it here, before the from square is
  // emptied, measured 30 % slower on the fairy benchmarks).
  const int becomes = variant_->kinds[std::size_t(mover.kind())].becomes;  // a chameleon's next kind
  Man moved = m.promotion ? mover.as(m.promotion - 1) : becomes >= 0 ? mover.as(becomes) : mover;  // a neutral pawn's promotee is neutral
  if (variant_->kinds[std::size_t(moved.kind())].half_neutral)  // neutral after its move, or the mover's again
    moved = moved.neutral() ? Man::of(side_, moved.kind()) : Man::neutral_of(moved.kind());
  const bool kamikaze = !u.captured.empty() && variant_->kinds[std::size_t(mover.kind())].kamikaze;  // it vanishes with its victim
  put(m.to, kamikaze ? Man{} : moved);
  if (m.flags & FairyMove::HurdleSwap) {  // Popeye: a king (its walk) and a neutral man keep their side
    const Man hurdle = at(m.victim);
    const PieceKind& k = variant_->kinds[std::size_t(hurdle.kind())];
    if (!hurdle.empty() && !hurdle.neutral() && !(k.royal && k.base < 0 && k.code.empty())) {
      u.recoloured = hurdle;
      u.recoloured_square = m.victim;
      put(m.victim, Man::of(~hurdle.color(), hurdle.kind()));
    }
  }
  if (m.flags & FairyMove::Castling) {
    const int rank = rank_of(m.from);
    const bool king_side = file_of(m.to) > file_of(m.from);
    const int rook_from = square(king_side ? files() - 1 : 0, rank), rook_to = king_side ? m.to - 1 : m.to + 1;
    const Man rook = at(rook_from);
    put(rook_from, Man{});
    put(rook_to, rook);
  }
  // Castling rights: lost when the king moves, or when a man leaves or lands on a rook's corner.
  unsigned c = castling_;
  if (c) {
    if (variant_->plain_of(mover.kind()) == variant_->castling_king) c &= side_ == White ? ~3u : ~12u;
    const int corners[4] = {square(files() - 1, 0), square(0, 0), square(files() - 1, ranks() - 1), square(0, ranks() - 1)};
    for (int i = 0; i < 4; ++i)
      if (m.from == corners[i] || m.to == corners[i] || ((m.flags & FairyMove::Locust) && m.victim == corners[i])) c &= ~(1u << i);
  }
  set_castling(c);
  if (m.flags & FairyMove::DoubleStep) set_ep((m.from + m.to) / 2, m.to);
  else set_ep(NoSquare, NoSquare);
  const bool pawn_move = variant_->kinds[std::size_t(mover.kind())].pawn;
  halfmove_ = pawn_move || !u.captured.empty() ? 0 : halfmove_ + 1;
  if (side_ == Black) ++fullmove_;
  side_ = ~side_;
  key_ ^= zobrist().black;
}

void Board::unmake() {
  const Undo& u = history_.back();
  side_ = ~side_;
  if (side_ == Black) --fullmove_;
  const FairyMove& m = u.move;
  if (u.recoloured_square != NoSquare) place(u.recoloured_square, u.recoloured);
  place(m.to, Man{});
  place(m.from, u.mover);
  if (m.flags & FairyMove::Castling) {
    const int rank = rank_of(m.from);
    const bool king_side = file_of(m.to) > file_of(m.from);
    const int rook_from = square(king_side ? files() - 1 : 0, rank), rook_to = king_side ? m.to - 1 : m.to + 1;
    place(rook_from, at(rook_to));
    place(rook_to, Man{});
  }
  if (u.captured_square != NoSquare) place(u.captured_square, u.captured);
  castling_ = u.castling;
  ep_ = u.ep;
  ep_victim_ = u.ep_victim;
  halfmove_ = u.halfmove;
  key_ = u.key;
  history_.pop_back();
}

void Board::make_null() {
  history_.push_back(Undo{FairyMove{}, Man{}, Man{}, std::int16_t(NoSquare), Man{}, std::int16_t(NoSquare), std::int16_t(ep_),
                          std::int16_t(ep_victim_), std::uint8_t(castling_), halfmove_, key_, true});
  set_ep(NoSquare, NoSquare);
  side_ = ~side_;
  key_ ^= zobrist().black;
}

void Board::unmake_null() {
  const Undo u = history_.back();
  history_.pop_back();
  side_ = ~side_;
  ep_ = u.ep;
  ep_victim_ = u.ep_victim;
  key_ = u.key;
}

Board Board::from_fen(std::shared_ptr<const Variant> variant, std::string_view fen, const SourceLocation& where,
                      const Options& options) {
  Board b(std::move(variant), options);
  std::size_t i = 0;
  auto fail = [&](const std::string& what) -> void { throw ParseError(where.advanced(int(i)), what + " in FEN '" + std::string(fen) + "'"); };
  int rank = b.ranks() - 1, file = 0;
  while (i < fen.size() && fen[i] != ' ') {
    const char c = fen[i];
    if (c == '/') {
      if (file != b.files()) fail("expected " + std::to_string(b.files()) + " squares in the rank before '/'");
      if (--rank < 0) fail("expected " + std::to_string(b.ranks()) + " ranks");
      file = 0;
      ++i;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = c - '0';
      if (i + 1 < fen.size() && std::isdigit(static_cast<unsigned char>(fen[i + 1]))) n = n * 10 + (fen[++i] - '0');
      if (n == 0) fail("expected a run of 1 or more empty squares");
      file += n;
    } else if (c == '(') {  // a fairy man by Popeye's code: "(G)" White, "(g)" Black; "(r:G)" with attributes
      const std::size_t close = fen.find(')', i);
      std::string_view code = close == std::string_view::npos ? std::string_view() : fen.substr(i + 1, close - i - 1);
      const std::size_t colon = code.find(':');
      const std::string_view written = colon == std::string_view::npos ? std::string_view() : code.substr(0, colon);
      if (colon != std::string_view::npos) code.remove_prefix(colon + 1);
      if (colon != std::string_view::npos && (written.empty() || written.find_first_not_of("rcnhspkuwb") != std::string_view::npos))
        fail("expected attribute initials r (royal), c (chameleon), n (neutral), h (half-neutral), s (hurdle colour changing), p "
             "(paralysing), k (kamikaze), u (uncapturable), or a colour w or b for a code of digits, before ':' in '(...)', such as "
             "(r:G), (n:P) or (b:16)");
      const bool neutral = written.find('n') != std::string_view::npos;
      std::string attributes(written);
      std::erase(attributes, 'n');
      const auto letter = std::find_if(code.begin(), code.end(), [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)); });
      // A code of digits (Popeye's 1:6-leaper "16") has no case: w or b before ':' is its colour.
      const int colours = int(std::erase(attributes, 'w') + std::erase(attributes, 'b'));
      if (code.empty()) fail("expected a fairy piece's code in '(...)', such as (G), (gi), (r:G) or (w:16)");
      if (letter == code.end() ? colours + int(neutral) != 1 : colours != 0)
        fail(letter == code.end() ? "expected one colour, w, b or n, before ':' for a code of digits, such as (w:16) or (b:16)"
                                  : "expected a colour mark w or b only for a code of digits: a lettered code's case is its colour");
      const Color colour = letter == code.end() ? (written.find('w') != std::string_view::npos ? White : Black)
                                                : std::isupper(static_cast<unsigned char>(*letter)) ? White : Black;
      int kind = written.empty() ? b.variant().kind_of_code(code) : b.variant().kind_of_popeye_code(code);
      if (kind >= 0 && !attributes.empty()) kind = b.variant().attributed_kind_of(kind, attributes);
      if (kind < 0) fail("expected a fairy piece code this variant has, found '(" + std::string(fen.substr(i + 1, close - i - 1)) + ")'");
      if (file >= b.files()) fail("expected " + std::to_string(b.files()) + " squares in the rank");
      b.put(b.square(file, rank), neutral ? Man::neutral_of(kind) : Man::of(colour, kind));
      ++file;
      i = close;
    } else {
      const int kind = b.variant().kind_of(c);
      if (kind < 0) fail(std::string("expected a piece letter of the variant, found '") + c + "'");
      if (file >= b.files()) fail("expected " + std::to_string(b.files()) + " squares in the rank");
      b.put(b.square(file, rank), Man::of(std::isupper(static_cast<unsigned char>(c)) ? White : Black, kind));
      ++file;
    }
    if (file > b.files()) fail("expected " + std::to_string(b.files()) + " squares in the rank");
    ++i;
  }
  if (rank != 0 || file != b.files()) fail("expected " + std::to_string(b.ranks()) + " full ranks");
  auto field = [&]() -> std::string_view {
    while (i < fen.size() && fen[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    return fen.substr(start, i - start);
  };
  const std::string_view side = field();
  if (side == "b") {
    b.side_ = Black;
    b.key_ ^= zobrist().black;
  } else if (side != "w") {
    i -= side.size();
    fail("expected the side to move, 'w' or 'b'");
  }
  const std::string_view castling = field();
  unsigned c = 0;
  if (castling != "-" && !castling.empty())
    for (char ch : castling) {
      const std::size_t bit = std::string_view("KQkq").find(ch);
      if (bit == std::string_view::npos) {
        i -= castling.size();
        fail("expected castling rights: '-' or letters of KQkq");
      }
      c |= 1u << bit;
    }
  b.set_castling(c);
  const std::string_view ep = field();
  if (!ep.empty() && ep != "-") {
    const int f = ep[0] - 'a';
    const int r = ep.size() >= 2 ? std::atoi(std::string(ep.substr(1)).c_str()) - 1 : -1;
    if (f < 0 || f >= b.files() || r < 0 || r >= b.ranks()) {
      i -= ep.size();
      fail("expected an en passant square or '-'");
    }
    const int sq = b.square(f, r);
    b.set_ep(sq, b.side_ == White ? sq - b.files() : sq + b.files());
  }
  const std::string_view half = field(), full = field();
  if (!half.empty()) b.halfmove_ = std::atoi(std::string(half).c_str());
  if (!full.empty()) b.fullmove_ = std::max(1, std::atoi(std::string(full).c_str()));
  return b;
}

std::string Board::fen() const {
  std::string out;
  for (int r = ranks() - 1; r >= 0; --r) {
    int run = 0;
    for (int f = 0; f < files(); ++f) {
      const Man m = at(square(f, r));
      if (m.empty()) {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += variant_->symbol(m.kind(), m.color(), m.neutral());
    }
    if (run) out += std::to_string(run);
    if (r) out += '/';
  }
  out += side_ == White ? " w " : " b ";
  std::string c;
  for (int bit = 0; bit < 4; ++bit)
    if (castling_ & (1u << bit)) c += "KQkq"[bit];
  out += c.empty() ? "-" : c;
  out += ' ';
  if (ep_ == NoSquare) {
    out += '-';
  } else {
    out += char('a' + file_of(ep_));
    out += std::to_string(rank_of(ep_) + 1);
  }
  out += ' ' + std::to_string(halfmove_) + ' ' + std::to_string(fullmove_);
  return out;
}

}  // namespace arbiter::fairy
