#include "rules/option/game.h"

#include <charconv>

#include <fmt/core.h>

#include "rules/option/notation.h"

namespace arbiter::option {

namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

int default_tokens(const Position& pos) {
  const int move = pos.fullmove_number();
  if (move < FirstOptionMove) return 0;
  return move > LateAwardAfterMove ? TokensAtStart + LateAward : TokensAtStart;
}

int read_count(std::string_view text, const SourceLocation& where, std::string_view what) {
  int value = -1;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0 || value > 99)
    throw ParseError(where, fmt::format("expected {} as a number of tokens 0..99, found '{}'", what, text));
  return value;
}

// "W/B"
std::pair<int, int> read_tokens(std::string_view text, const SourceLocation& where) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos)
    throw ParseError(where, fmt::format("expected the tokens as White/Black, e.g. 3/3, found '{}'", text));
  return {read_count(text.substr(0, slash), where, "White's"),
          read_count(text.substr(slash + 1), where.advanced(int(slash + 1)), "Black's")};
}

EnPassantTarget read_target(std::string_view text, const SourceLocation& where) {
  if (text == "-") return {};
  EnPassantTarget t;
  std::string_view rest;
  if (text.starts_with("moved-twice:")) {
    t.kind = EnPassantTarget::TwiceMoved;
    rest = text.substr(12);
  } else if (text.starts_with("first-half-step:")) {
    t.kind = EnPassantTarget::FirstHalfStep;
    rest = text.substr(16);
  } else {
    throw ParseError(where, fmt::format("expected the en passant target '-', 'moved-twice:h3-g2' or 'first-half-step:e3-e4', found '{}'", text));
  }
  const int at = int(text.size() - rest.size());
  if (rest.size() != 5 || rest[2] != '-' || parse_square(rest.substr(0, 2)) == NoSquare || parse_square(rest.substr(3)) == NoSquare)
    throw ParseError(where.advanced(at), fmt::format("expected two squares as 'h3-g2', found '{}'", rest));
  t.square = parse_square(rest.substr(0, 2));
  t.victim = parse_square(rest.substr(3));
  return t;
}

std::string target_text(const EnPassantTarget& t) {
  switch (t.kind) {
    case EnPassantTarget::None: return "-";
    case EnPassantTarget::TwiceMoved: return fmt::format("moved-twice:{}-{}", square_name(t.square), square_name(t.victim));
    case EnPassantTarget::FirstHalfStep: return fmt::format("first-half-step:{}-{}", square_name(t.square), square_name(t.victim));
  }
  return "-";
}

}  // namespace

Game::Game(Position pos, OptionState state, Options options)
    : pos_(std::move(pos)), state_(state), options_(options) {
  history_.reserve(256);
}

Game Game::from_fen(std::string_view fen, const SourceLocation& where, const Options& options) {
  const auto fields = split_fen_fields(fen);
  if (fields.size() > 8)
    throw ParseError(where.advanced(fields[8].offset),
                     "unexpected field: an Option Chess FEN has the six FEN fields, then tokens (W/B) and an en passant target");
  const std::size_t orthodox_end = fields.size() > 6 ? std::size_t(fields[6].offset) : fen.size();
  Position pos = read_fen(fen.substr(0, orthodox_end), where);
  OptionState state;
  state.tokens[White] = state.tokens[Black] = default_tokens(pos);
  if (fields.size() > 6) {
    auto [w, b] = read_tokens(fields[6].text, where.advanced(fields[6].offset));
    state.tokens[White] = w;
    state.tokens[Black] = b;
  }
  if (fields.size() > 7) {
    const SourceLocation at = where.advanced(fields[7].offset);
    state.target = read_target(fields[7].text, at);
    const EnPassantTarget& t = state.target;
    if (t.kind != EnPassantTarget::None) {
      const Piece victim = pos.piece_on(t.victim);
      const Color mover = pos.side_to_move();
      if (victim == NoPiece || color_of(victim) == mover || type_of(victim) == King || !pos.empty(t.square))
        throw ParseError(at, fmt::format("the en passant target needs an empty {} and a {} piece on {}", square_name(t.square),
                                         mover == White ? "black" : "white", square_name(t.victim)));
      if (t.kind == EnPassantTarget::FirstHalfStep &&
          (type_of(victim) != Pawn || t.victim != t.square + (mover == White ? -8 : 8) ||
           relative_rank(~mover, t.victim) != 3))
        throw ParseError(at, "a first-half step target names the square a pawn passed and the pawn's square on its fourth rank");
    }
  }
  return Game(std::move(pos), state, options);
}

std::string Game::fen_with_tags(std::string_view fen, const SourceLocation& where, const PgnGame& record) {
  const auto tag = record.tag("Tokens");
  if (!tag) return std::string(fen);
  const std::string_view tokens_tag = *tag;
  read_tokens(tokens_tag, *record.tag_value_location("Tokens"));  // validates
  auto fields = split_fen_fields(fen);
  if (fields.size() > 6)
    throw ParseError(where.advanced(fields[6].offset),
                     "the tokens are given twice: in the FEN and in the [Tokens] tag; give them once");
  if (fields.size() < 6)
    throw ParseError(where, "with a [Tokens] tag the FEN needs all six fields (the move number decides when options may be used)");
  return fmt::format("{} {}", fen, tokens_tag);
}

std::string Game::fen() const {
  if (state_.target.kind == EnPassantTarget::None)
    return fmt::format("{} {}/{}", write_fen(pos_), state_.tokens[White], state_.tokens[Black]);
  return fmt::format("{} {}/{} {}", write_fen(pos_), state_.tokens[White], state_.tokens[Black], target_text(state_.target));
}

Turn Game::parse_move(std::string_view text, const SourceLocation& where) const {
  return parse_turn(pos_, state_, options_, text, where);
}

std::string Game::move_text(Turn t) const { return turn_text(pos_, state_, options_, t); }

void Game::play(Turn t) {
  history_.push_back({t, state_});
  const OptionState next = state_after(pos_, state_, t);
  make_turn(pos_, state_.target, t);
  state_ = next;
}

void Game::undo() {
  const Undo& u = history_.back();
  unmake_turn(pos_, u.turn);
  state_ = u.state;
  history_.pop_back();
}

void Game::play_null() {
  history_.push_back({Turn{}, state_});
  const Color us = pos_.side_to_move();
  const int move_number = pos_.fullmove_number();
  pos_.make_null();
  state_.target = {};
  option::award_tokens(state_, us, move_number);
}

void Game::undo_null() {
  pos_.unmake_null();
  state_ = history_.back().state;
  history_.pop_back();
}

bool Game::is_capture(Turn t) const {
  if (t.is_special_capture()) return true;
  const Move m = t.last();
  if (m.kind() == MoveKind::EnPassant) return true;
  if (m.kind() == MoveKind::Castling) return false;
  // A first half captures nothing, so an enemy piece on the last destination is still there.
  const Piece p = pos_.piece_on(m.to());
  return p != NoPiece && color_of(p) != pos_.side_to_move();
}

bool Game::gives_check(Turn t) {
  if (t.check != CheckFlag::Unknown) return t.check == CheckFlag::Yes;
  play(t);
  const bool check = pos_.in_check();
  undo();
  return check;
}

GameStatus Game::status() const {
  const bool check = pos_.in_check();
  if (!has_legal_move()) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
  return check ? GameStatus::Check : GameStatus::Ongoing;
}

std::uint64_t Game::state_key() const {
  const EnPassantTarget& t = state_.target;
  return mix(std::uint64_t(state_.tokens[White]) | std::uint64_t(state_.tokens[Black]) << 8 | std::uint64_t(t.kind) << 16 |
             std::uint64_t(t.square) << 24 | std::uint64_t(t.victim) << 32 | std::uint64_t(pos_.fullmove_number()) << 40);
}

}  // namespace arbiter::option
