#include "rules/notation/san.h"

#include <algorithm>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/orthodox/movegen.h"

namespace arbiter {

namespace {

char piece_letter(PieceType t) { return " PNBRQK"[t]; }

PieceType piece_type_of_letter(char upper) {
  switch (upper) {
    case 'P': return Pawn;
    case 'N': return Knight;
    case 'B': return Bishop;
    case 'R': return Rook;
    case 'Q': return Queen;
    case 'K': return King;
    default: return NoPieceType;
  }
}

std::string_view piece_word(PieceType t) {
  constexpr std::string_view words[] = {"piece", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return words[t];
}

std::string_view color_word(Color c) { return c == White ? "white" : "black"; }

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }
bool is_action(char c) { return c == '-' || c == 'x' || c == ':'; }

bool is_capture(const Position& pos, Move m) {
  return m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && !pos.empty(m.to()));
}

// Playing the move on a copy keeps the interface const; SAN is written for people, not for
// inner loops, so the copy's cost does not matter.
std::string_view check_mark(const Position& pos, Move m, const orthodox::Options& options) {
  Position after = pos;
  after.make(m);
  if (!after.in_check()) return "";
  return orthodox::count_legal(after, options) == 0 ? "#" : "+";
}

// Minimal disambiguation among the other pieces of the same type that can reach the square.
std::string disambiguation(const Position& pos, Move m, const MoveList<>& rivals) {
  const PieceType type = type_of(pos.piece_on(m.from()));
  bool rival = false, same_file = false, same_rank = false;
  for (Move other : rivals) {
    if (other.to() != m.to() || other.from() == m.from() || other.kind() == MoveKind::Castling) continue;
    if (type_of(pos.piece_on(other.from())) != type) continue;
    rival = true;
    same_file |= file_of(other.from()) == file_of(m.from());
    same_rank |= rank_of(other.from()) == rank_of(m.from());
  }
  if (!rival) return "";
  if (!same_file) return std::string(1, char('a' + file_of(m.from())));
  if (!same_rank) return std::string(1, char('1' + rank_of(m.from())));
  return square_name(m.from());
}

// Reads the shape of one written move: errors name the column and what was expected there.
class ShapeReader {
 public:
  ShapeReader(std::string_view text, const SourceLocation& where) : text_(text), where_(where) {}

  SanShape read() {
    trim_and_strip_suffixes();
    if (core_.empty()) fail(begin_, "expected a move, found nothing");
    SanShape shape;
    if (looks_like_castling()) {
      std::string normal(core_);
      for (char& c : normal)
        if (c == '0' || c == 'o') c = 'O';
      if (normal != "O-O" && normal != "O-O-O")
        fail(begin_, fmt::format("expected castling O-O or O-O-O (or 0-0, 0-0-0), found '{}'", core_));
      shape.castling = true;
      shape.queenside = normal == "O-O-O";
    } else {
      shape = read_shape();
    }
    shape.en_passant_mark = en_passant_mark_;
    shape.written = written_;
    shape.begin = begin_;
    return shape;
  }

 private:
  [[noreturn]] void fail(int offset, const std::string& message) const {
    throw ParseError(where_.advanced(offset), message);
  }
  std::string found(int offset) const {
    if (offset >= int(text_.size())) return "the end of the move";
    return fmt::format("'{}'", text_[offset]);
  }

  // Drops surrounding blanks and the qualifiers that do not change which move is meant:
  // + # ! ? and an "e.p." or "ep" after an en passant capture.
  void trim_and_strip_suffixes() {
    int begin = 0, end = int(text_.size());
    while (begin < end && (text_[begin] == ' ' || text_[begin] == '\t')) ++begin;
    while (end > begin && (text_[end - 1] == ' ' || text_[end - 1] == '\t')) --end;
    written_ = text_.substr(begin, end - begin);
    for (bool stripped = true; stripped && end > begin;) {
      std::string_view rest = text_.substr(begin, end - begin);
      stripped = true;
      if (rest.ends_with("e.p.")) {
        end -= 4;
        en_passant_mark_ = true;
      } else if (rest.size() >= 3 && rest.ends_with("ep") && is_rank(rest[rest.size() - 3])) {
        end -= 2;
        en_passant_mark_ = true;
      }
      else if (std::string_view("+#!? \t").find(rest.back()) != std::string_view::npos) end -= 1;
      else stripped = false;
    }
    begin_ = begin;
    core_ = text_.substr(begin, end - begin);
  }

  bool looks_like_castling() const { return core_[0] == 'O' || core_[0] == '0' || core_[0] == 'o'; }

  // piece? (file? rank?) action? file rank ('='? promotion)?
  SanShape read_shape() {
    SanShape w;
    const int size = int(core_.size());
    int i = 0;
    if (PieceType t = piece_type_of_letter(core_[0]); t != NoPieceType) {
      w.piece = t;
      ++i;
    } else if (!is_file(core_[0])) {
      fail(begin_, fmt::format("expected a piece letter (K, Q, R, B, N) or a pawn's file (a-h), found '{}'", core_[0]));
    }

    // Coordinates and the action sign, in writing order.
    struct Mark {
      char c;
      int offset;
    };
    Mark marks[6];
    int count = 0;
    for (; i < size; ++i) {
      const char c = core_[i];
      if (!is_file(c) && !is_rank(c) && !is_action(c)) break;
      // "e8b": a lowercase b right after a complete square, at the end, can only be a promotion.
      if (c == 'b' && i + 1 == size && count >= 2 && is_rank(marks[count - 1].c) && is_file(marks[count - 2].c)) break;
      if (count == 6) fail(begin_ + i, fmt::format("unexpected '{}': a move names at most two squares", c));
      marks[count++] = {c, begin_ + i};
    }
    const int after_marks = begin_ + i;

    int action = -1;
    for (int k = 0; k < count; ++k) {
      if (!is_action(marks[k].c)) continue;
      if (action >= 0) fail(marks[k].offset, fmt::format("unexpected '{}': only one of '-', 'x' or ':' may separate the squares", marks[k].c));
      action = k;
    }
    // Destination: the two marks after the action sign, or else the last two.
    const int dest = action >= 0 ? action + 1 : std::max(count - 2, 0);
    const int dest_count = count - dest;
    if (dest_count != 2 || !is_file(marks[dest].c) || !is_rank(marks[dest + 1].c)) {
      int bad = after_marks;  // where the square goes wrong
      if (dest_count >= 1 && !is_file(marks[dest].c)) bad = marks[dest].offset;
      else if (dest_count >= 2 && !is_rank(marks[dest + 1].c)) bad = marks[dest + 1].offset;
      else if (dest_count > 2) bad = marks[dest + 2].offset;
      fail(bad, fmt::format("expected a destination square (file a-h then rank 1-8), found {}", found(bad)));
    }
    w.to = make_square(marks[dest].c - 'a', marks[dest + 1].c - '1');
    w.capture_mark = action >= 0 && marks[action].c != '-';
    w.destination_end = marks[dest + 1].offset + 1;

    // Origin: file?, rank? (over-disambiguation such as "Ke1-d1" is accepted).
    const int origin_count = action >= 0 ? action : count - 2;
    int k = 0;
    if (k < origin_count && is_file(marks[k].c)) w.from_file = marks[k++].c - 'a';
    if (k < origin_count && is_rank(marks[k].c)) w.from_rank = marks[k++].c - '1';
    if (k < origin_count)
      fail(marks[k].offset, fmt::format("unexpected '{}': the origin is a file, a rank or a square before the destination", marks[k].c));

    // Promotion: "=Q", "Q", or lowercase "q".
    bool equals = false;
    if (i < size && core_[i] == '=') {
      equals = true;
      ++i;
    }
    if (i < size) {
      const char upper = char(core_[i] >= 'a' && core_[i] <= 'z' ? core_[i] - 'a' + 'A' : core_[i]);
      const PieceType t = piece_type_of_letter(upper);
      if (t == Knight || t == Bishop || t == Rook || t == Queen) {
        w.promotion = t;
        ++i;
      } else if (equals || t == King || t == Pawn) {
        fail(begin_ + i, fmt::format("expected a promotion piece (Q, R, B or N), found '{}'", core_[i]));
      }
    } else if (equals) {
      fail(begin_ + i, "expected a promotion piece (Q, R, B or N) after '='");
    }
    if (i < size)
      fail(begin_ + i, fmt::format("unexpected '{}' after the destination square; expected a promotion, '+', '#', '!' or '?'",
                                   core_[i]));
    return w;
  }

  std::string_view text_;
  const SourceLocation& where_;
  int begin_ = 0;
  bool en_passant_mark_ = false;
  std::string_view written_;  // the move as written, without surrounding blanks
  std::string_view core_;     // without the qualifiers
};

class SanReader {
 public:
  SanReader(const Position& pos, std::string_view text, const SourceLocation& where, const orthodox::Options& options)
      : pos_(pos), text_(text), where_(where), options_(options) {}

  Move read() {
    const SanShape shape = ShapeReader(text_, where_).read();
    begin_ = shape.begin;
    written_ = shape.written;
    if (shape.castling) return read_castling(shape.queenside);
    return find_move(shape);
  }

 private:
  [[noreturn]] void fail(int offset, const std::string& message) const {
    throw ParseError(where_.advanced(offset), message);
  }
  [[noreturn]] void illegal(const std::string& why, std::optional<std::string> predicate = {}) const {
    throw IllegalMoveError(where_.advanced(begin_), fmt::format("illegal move {}: {}", written_, why), std::move(predicate));
  }

  Move read_castling(bool queenside) {
    const Color us = pos_.side_to_move();
    const Move castle(relative_square(us, sq::e1), relative_square(us, queenside ? sq::c1 : sq::g1), MoveKind::Castling);
    MoveList<> legal;
    orthodox::generate_legal(pos_, legal, options_);
    if (legal.contains(castle)) return castle;
    explain_rejection(castle);
    illegal(fmt::format("{} cannot castle {} here", us == White ? "White" : "Black", queenside ? "queenside" : "kingside"));
  }

  bool fits(const SanShape& w, Move m) const { return san_shape_fits(w, type_of(pos_.piece_on(m.from())), m, false); }
  static bool promotion_fits(const SanShape& w, Move m) { return !m.is_promotion() || m.promotion() == w.promotion; }

  Move find_move(const SanShape& w) {
    MoveList<> legal;
    orthodox::generate_legal(pos_, legal, options_);
    MoveList<> matches;
    for (Move m : legal)
      if (fits(w, m)) matches.push(m);

    if (!matches.empty()) {
      if (matches[0].is_promotion() && w.promotion == NoPieceType)
        fail(w.destination_end, fmt::format("a pawn reaching the last rank must promote: expected =Q, =R, =B or =N after {}",
                                            square_name(w.to)));
      if (!matches[0].is_promotion() && w.promotion != NoPieceType)
        illegal("only a pawn reaching the last rank promotes");
      MoveList<> exact;
      for (Move m : matches)
        if (promotion_fits(w, m)) exact.push(m);
      if (exact.size() == 1) return exact[0];
      std::string options_text;
      for (int k = 0; k < exact.size(); ++k)
        options_text += (k == 0 ? "" : k + 1 == exact.size() ? " or " : ", ") + to_san(pos_, exact[k], options_);
      fail(begin_, fmt::format("ambiguous move {}: could be {}", written_, options_text));
    }

    // Not legal: if some piece can get there by its movement rules, name the predicate that
    // forbids it; otherwise no piece of that kind reaches the square at all.
    MoveList<> candidates;
    orthodox::generate_candidates(pos_, candidates);
    for (Move m : candidates)
      if (fits(w, m) && (w.promotion == NoPieceType || promotion_fits(w, m))) explain_rejection(m);

    const Color us = pos_.side_to_move();
    if (!pos_.pieces(us, w.piece)) illegal(fmt::format("{} has no {}", us == White ? "White" : "Black", piece_word(w.piece)));
    std::string origin;
    if (w.from_file >= 0 && w.from_rank >= 0) origin = " on " + square_name(make_square(w.from_file, w.from_rank));
    else if (w.from_file >= 0) origin = fmt::format(" on the {}-file", char('a' + w.from_file));
    else if (w.from_rank >= 0) origin = fmt::format(" on rank {}", w.from_rank + 1);
    const bool capture = w.capture_mark || (w.piece == Pawn && w.from_file >= 0 && w.from_file != file_of(w.to));
    illegal(fmt::format("no {} {}{} can {} {}", color_word(us), piece_word(w.piece), origin, capture ? "capture on" : "move to",
                        square_name(w.to)));
  }

  // Throws naming the first predicate that rejects the candidate; returns if none does.
  void explain_rejection(Move candidate) const {
    Position scratch = pos_;
    if (auto p = orthodox::first_failed_predicate(scratch, candidate, options_))
      illegal(fmt::format("{} (predicate {})", orthodox::predicate_rule(*p), orthodox::predicate_name(*p)),
              std::string(orthodox::predicate_name(*p)));
  }

  const Position& pos_;
  std::string_view text_;
  const SourceLocation& where_;
  const orthodox::Options& options_;
  int begin_ = 0;
  std::string_view written_;  // the move as written, without surrounding blanks
};

}  // namespace

SanShape read_san_shape(std::string_view text, const SourceLocation& where) { return ShapeReader(text, where).read(); }

bool san_shape_fits(const SanShape& shape, PieceType mover, Move m, bool check_promotion) {
  if (shape.castling) return m.kind() == MoveKind::Castling && (file_of(m.to()) < file_of(m.from())) == shape.queenside;
  return m.kind() != MoveKind::Castling && m.to() == shape.to && mover == shape.piece &&
         (shape.from_file < 0 || file_of(m.from()) == shape.from_file) &&
         (shape.from_rank < 0 || rank_of(m.from()) == shape.from_rank) &&
         (!check_promotion || (m.is_promotion() ? m.promotion() == shape.promotion : shape.promotion == NoPieceType));
}

std::string to_san(const Position& pos, Move m, const orthodox::Options& options) {
  return san_body(pos, m, options) + std::string(check_mark(pos, m, options));
}

std::string san_body(const Position& pos, Move m, const orthodox::Options& options) {
  MoveList<> legal;
  orthodox::generate_legal(pos, legal, options);
  return san_body_among(pos, m, legal);
}

std::string san_body_among(const Position& pos, Move m, const MoveList<>& rivals, bool forced_capture) {
  std::string san;
  if (m.kind() == MoveKind::Castling) {
    san = file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
  } else {
    const PieceType type = type_of(pos.piece_on(m.from()));
    const bool capture = forced_capture || is_capture(pos, m);
    if (type == Pawn) {
      if (capture) san += char('a' + file_of(m.from()));
    } else {
      san += piece_letter(type);
      san += disambiguation(pos, m, rivals);
    }
    if (capture) san += 'x';
    san += square_name(m.to());
    if (m.is_promotion()) {
      san += '=';
      san += piece_letter(m.promotion());
    }
  }
  return san;
}

Move parse_san(const Position& pos, std::string_view text, const SourceLocation& where, const orthodox::Options& options) {
  return SanReader(pos, text, where, options).read();
}

}  // namespace arbiter
