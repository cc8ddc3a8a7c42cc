// Option Chess (rules/option): each restriction of the text ("restrictions on double moves",
// ../shared/seeds/option-chess.txt) is a named predicate that fires on a position built for
// it; each named interpretation changes the set of legal turns; the special en passant, the
// tokens, the notation, the key and the FEN extension behave as documented in game.h.

#include <catch2/catch.hpp>

#include <algorithm>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "rules/core/parse_error.h"
#include "rules/notation/san.h"
#include "rules/option/game.h"

using namespace arbiter;
using option::Options;
using option::Turn;
using option::TurnKind;

namespace {

const SourceLocation Where{"t", 1, 1};

option::Game game_of(const std::string& fen, const Options& options = {}) {
  return option::Game::from_fen(fen, Where, options);
}

Turn dbl(Move a, Move b) { return Turn::double_move(a, b); }
Turn single(Move m) { return Turn::single(m); }
Turn special(Move m) { return Turn{m, Move(), TurnKind::SpecialCapture}; }
Turn double_special(Move a, Move b) { return Turn{a, b, TurnKind::DoubleSpecialCapture}; }

const Move WhiteShort(sq::e1, sq::g1, MoveKind::Castling);

// Large lists live on the heap (a TurnList holds 16384 turns).
std::unique_ptr<option::TurnList> legal_list(const option::Game& g) {
  auto list = std::make_unique<option::TurnList>();
  g.generate_legal(*list);
  return list;
}

bool generated(const option::Game& g, Turn t) { return legal_list(g)->contains(t); }

// The predicate that rejects `t` ("legal" when none does). Checks on the way that the game is
// left as it was and that the fast path agrees (it generates the turn iff no predicate fires).
std::string verdict(option::Game& g, Turn t) {
  const std::string before = g.fen();
  const auto p = g.rejecting_predicate(t);
  CHECK(g.fen() == before);
  const std::string v = p ? std::string(*p) : std::string("legal");
  INFO("turn " << g.move_uci(t) << " in " << g.fen() << ": " << v);
  CHECK(generated(g, t) == !p.has_value());
  return v;
}

// What parse_move makes of `text`: "legal <uci>", "illegal <predicate>", or "error <message>".
std::string parse_verdict(const option::Game& g, std::string_view text) {
  try {
    return fmt::format("legal {}", g.move_uci(g.parse_move(text, Where)));
  } catch (const IllegalMoveError& e) {
    return fmt::format("illegal {}", e.predicate().value_or("(none)"));
  } catch (const ParseError& e) {
    return fmt::format("error {}", e.message());
  }
}

std::vector<std::string> sorted_uci(const option::Game& g, const option::TurnList& list) {
  std::vector<std::string> out;
  for (const Turn& t : list) out.push_back(g.move_uci(t));
  std::sort(out.begin(), out.end());
  return out;
}

std::string tokens_field(const option::Game& g) {
  // The seventh FEN field.
  const std::string fen = g.fen();
  std::size_t pos = 0;
  for (int field = 0; field < 6; ++field) pos = fen.find(' ', pos) + 1;
  const std::size_t end = fen.find(' ', pos);
  return fen.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
}

// "" when the sorted lists are equal, else what each has that the other lacks (a few of each).
std::string difference(const std::vector<std::string>& got, const std::vector<std::string>& expected) {
  std::vector<std::string> extra, missing;
  std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(), std::back_inserter(extra));
  std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(), std::back_inserter(missing));
  if (extra.empty() && missing.empty()) return got.size() == expected.size() ? "" : "duplicates";
  std::string out = fmt::format("{} extra, {} missing:", extra.size(), missing.size());
  for (std::size_t i = 0; i < extra.size() && i < 8; ++i) out += fmt::format(" +{}", extra[i]);
  for (std::size_t i = 0; i < missing.size() && i < 8; ++i) out += fmt::format(" -{}", missing[i]);
  return out;
}

Options all_alternatives() {
  Options o;
  o.first_move_exposure = option::FirstMoveExposure::Allowed;
  o.first_move_check = option::FirstMoveCheck::DirectOnly;
  o.same_piece_from_check = option::SamePieceFromCheck::Forbidden;
  o.castling = option::CastlingInDouble::EitherHalf;
  o.en_passant_second_half = option::EnPassantSecondHalf::Forbidden;
  o.first_half_double_step = option::FirstHalfDoubleStep::Right;
  return o;
}

// The column of the ParseError that from_fen throws ("none" when it throws nothing, "other"
// for any other exception).
std::string fen_error_column(const std::string& fen) {
  try {
    (void)game_of(fen);
  } catch (const IllegalMoveError&) {
    return "illegal-move-error";
  } catch (const ParseError& e) {
    return fmt::format("{}", e.where().column);
  } catch (...) {
    return "other";
  }
  return "none";
}

std::string column_of(const std::string& fen, std::string_view part) {
  const auto at = fen.find(part);
  REQUIRE(at != std::string::npos);
  return fmt::format("{}", at + 1);
}

}  // namespace

// --- 1. every predicate fires, with its name -------------------------------------------------

TEST_CASE("option: no double move before move nine (rule 1)", "[option]") {
  auto white8 = game_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 8 1/1");
  const Turn rook_twice = dbl(Move(sq::a1, sq::a3), Move(sq::a3, sq::a5));
  CHECK(verdict(white8, rook_twice) == "no-option-before-move-nine");
  CHECK(white8.count_legal() == 15);  // 10 rook moves and 5 king moves, no double at all
  CHECK(parse_verdict(white8, "Ra3,Ra5") == "illegal no-option-before-move-nine");

  auto black8 = game_of("r3k3/8/8/8/8/8/8/4K3 b - - 0 8 1/1");
  CHECK(verdict(black8, dbl(Move(sq::a8, sq::a6), Move(sq::a6, sq::a4))) == "no-option-before-move-nine");

  auto white9 = game_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 9 1/1");
  CHECK(verdict(white9, rook_twice) == "legal");
  CHECK(white9.count_legal() > 15);
  auto black9 = game_of("r3k3/8/8/8/8/8/8/4K3 b - - 0 9 1/1");
  CHECK(verdict(black9, dbl(Move(sq::a8, sq::a6), Move(sq::a6, sq::a4))) == "legal");
}

TEST_CASE("option: a double move needs a token", "[option]") {
  const Turn rook_twice = dbl(Move(sq::a1, sq::a3), Move(sq::a3, sq::a5));
  auto none = game_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 20 0/1");
  CHECK(verdict(none, rook_twice) == "token-needed");
  CHECK(none.count_legal() == 15);
  CHECK(parse_verdict(none, "Ra3,Ra5") == "illegal token-needed");
  auto one = game_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 20 1/0");
  CHECK(verdict(one, rook_twice) == "legal");
  CHECK(parse_verdict(one, "Ra3,Ra5") == "legal a1a3,a3a5");
}

TEST_CASE("option: castling is a single move (rule 5)", "[option]") {
  auto g = game_of("4k3/8/8/8/8/8/P7/4K2R w K - 0 20 1/1");
  CHECK(verdict(g, dbl(WhiteShort, Move(sq::f1, sq::f5))) == "castling-is-single");
  CHECK(verdict(g, dbl(Move(sq::a2, sq::a3), WhiteShort)) == "castling-is-single");
  CHECK(verdict(g, single(WhiteShort)) == "legal");
  CHECK(parse_verdict(g, "O-O") == "legal e1g1");
}

TEST_CASE("option: a piece moving twice needs an empty intermediate square (rule 6)", "[option]") {
  auto g = game_of("4k3/8/8/8/8/8/p7/R3K3 w - - 0 20 1/1");
  CHECK(verdict(g, dbl(Move(sq::a1, sq::a2), Move(sq::a2, sq::a3))) == "same-piece-intermediate-square-empty");
  CHECK(verdict(g, dbl(Move(sq::a1, sq::d1), Move(sq::d1, sq::d5))) == "legal");
  // A knight too: its stop must be empty.
  auto knight = game_of("4k3/8/8/8/8/1p6/8/N3K3 w - - 0 20 1/1");
  CHECK(verdict(knight, dbl(Move(sq::a1, sq::b3), Move(sq::b3, sq::c5))) == "same-piece-intermediate-square-empty");
  CHECK(verdict(knight, dbl(Move(sq::a1, sq::c2), Move(sq::c2, sq::d4))) == "legal");
}

TEST_CASE("option: a piece moving twice captures on neither move (rule 6)", "[option]") {
  auto g = game_of("4k3/8/p7/8/8/8/8/R3K3 w - - 0 20 1/1");
  CHECK(verdict(g, dbl(Move(sq::a1, sq::a3), Move(sq::a3, sq::a6))) == "same-piece-no-capture");
  CHECK(parse_verdict(g, "Ra3,Rxa6") == "illegal same-piece-no-capture");
  CHECK(verdict(g, dbl(Move(sq::a1, sq::a3), Move(sq::a3, sq::a5))) == "legal");
  // Another piece may capture with the second move.
  CHECK(verdict(g, dbl(Move(sq::e1, sq::e2), Move(sq::a1, sq::a6))) == "legal");
}

TEST_CASE("option: a double move must alter the position (rule 6)", "[option]") {
  auto g = game_of("4k3/8/p7/8/8/8/8/R3K3 w - - 0 20 1/1");
  CHECK(verdict(g, dbl(Move(sq::a1, sq::a3), Move(sq::a3, sq::a1))) == "same-piece-must-alter-position");
  CHECK(parse_verdict(g, "Ra3,Ra1") == "illegal same-piece-must-alter-position");
  CHECK(verdict(g, dbl(Move(sq::a1, sq::a3), Move(sq::a3, sq::b3))) == "legal");
}

TEST_CASE("option: a king moving twice may not move through check (rule 6)", "[option]") {
  auto g = game_of("3rk3/8/8/8/8/8/8/4K3 w - - 0 20 1/1");
  CHECK(verdict(g, dbl(Move(sq::e1, sq::d1), Move(sq::d1, sq::c1))) == "same-piece-king-not-through-check");
  CHECK(verdict(g, dbl(Move(sq::e1, sq::f1), Move(sq::f1, sq::g1))) == "legal");
  CHECK(verdict(g, dbl(Move(sq::e1, sq::f2), Move(sq::f2, sq::f3))) == "legal");
  // Under either choice of option.first-move-exposes-king.
  Options allowed;
  allowed.first_move_exposure = option::FirstMoveExposure::Allowed;
  auto g2 = game_of("3rk3/8/8/8/8/8/8/4K3 w - - 0 20 1/1", allowed);
  CHECK(verdict(g2, dbl(Move(sq::e1, sq::d1), Move(sq::d1, sq::c1))) == "same-piece-king-not-through-check");
}

TEST_CASE("option: a piece moving twice may not put its king in check with its first move (rule 6)", "[option]") {
  // The bishop on e3 is pinned; it steps off the e-file to d4, then back onto it at e5.
  const std::string fen = "k3r3/8/8/8/8/4B3/8/4K3 w - - 0 20 1/1";
  const Turn off_and_on = dbl(Move(sq::e3, sq::d4), Move(sq::d4, sq::e5));
  auto g = game_of(fen);
  CHECK(verdict(g, off_and_on) == "same-piece-first-move-no-self-check");
  Options allowed;
  allowed.first_move_exposure = option::FirstMoveExposure::Allowed;  // binds two different pieces only
  auto g2 = game_of(fen, allowed);
  CHECK(verdict(g2, off_and_on) == "same-piece-first-move-no-self-check");
  // Along the pin line it may move twice.
  auto rook = game_of("k3r3/8/8/8/8/4R3/8/4K3 w - - 0 20 1/1");
  CHECK(verdict(rook, dbl(Move(sq::e3, sq::e4), Move(sq::e4, sq::e6))) == "legal");
  // Already in check, the first move does not "put" the king in check (rule 4): the bishop may
  // leave the king in check with its first move and block with its second.
  auto in_check = game_of("k3r3/8/8/8/8/8/1B6/4K3 w - - 0 20 1/1");
  CHECK(verdict(in_check, dbl(Move(sq::b2, sq::a3), Move(sq::a3, sq::e7))) == "legal");
}

TEST_CASE("option: interpretation same-piece-from-check", "[option]") {
  // White is in check from e8; the bishop goes b2-a3 (the check stands) and a3-e7 (it blocks).
  const std::string fen = "k3r3/8/8/8/8/8/1B6/4K3 w - - 0 20 1/1";
  const Turn twice = dbl(Move(sq::b2, sq::a3), Move(sq::a3, sq::e7));
  auto allowed = game_of(fen);
  CHECK(verdict(allowed, twice) == "legal");
  CHECK(parse_verdict(allowed, "Ba3,Be7") == "legal b2a3,a3e7");
  Options forbidden_options;
  forbidden_options.same_piece_from_check = option::SamePieceFromCheck::Forbidden;
  auto forbidden = game_of(fen, forbidden_options);
  CHECK(verdict(forbidden, twice) == "same-piece-first-move-no-self-check");
  CHECK(parse_verdict(forbidden, "Ba3,Be7") == "illegal same-piece-first-move-no-self-check");
  CHECK(forbidden.count_legal() < allowed.count_legal());
  // The bishop's single move to block (Be5) is legal under both.
  CHECK(parse_verdict(forbidden, "Be5") == "legal b2e5");
}

TEST_CASE("option: the first move of a double move may not capture (rule 3)", "[option]") {
  auto g = game_of("4k3/8/8/8/8/8/p7/R3K3 w - - 0 20 1/1");
  CHECK(verdict(g, dbl(Move(sq::a1, sq::a2), Move(sq::e1, sq::d1))) == "first-move-no-capture");
  CHECK(parse_verdict(g, "Rxa2,Kd1") == "illegal first-move-no-capture");
  CHECK(verdict(g, dbl(Move(sq::e1, sq::d1), Move(sq::a1, sq::a2))) == "legal");
  CHECK(parse_verdict(g, "Kd1,Rxa2") == "legal e1d1,a1a2");
}

TEST_CASE("option: the first move of a double move may not give check (rule 2)", "[option]") {
  auto direct = game_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 20 1/1");
  CHECK(verdict(direct, dbl(Move(sq::a1, sq::a8), Move(sq::e1, sq::d1))) == "first-move-no-check");
  CHECK(parse_verdict(direct, "Ra8+,Kd1") == "illegal first-move-no-check");
  CHECK(verdict(direct, dbl(Move(sq::e1, sq::d1), Move(sq::a1, sq::a8))) == "legal");  // the second may check
  CHECK(parse_verdict(direct, "Kd1,Ra8+") == "legal e1d1,a1a8");

  // The bishop leaving e2 discovers the rook's check.
  auto discovered = game_of("4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 20 1/1");
  CHECK(verdict(discovered, dbl(Move(sq::e2, sq::d3), Move(sq::g1, sq::h1))) == "first-move-no-check");
  CHECK(verdict(discovered, dbl(Move(sq::e2, sq::b5), Move(sq::g1, sq::h1))) == "first-move-no-check");  // double check
  CHECK(verdict(discovered, dbl(Move(sq::g1, sq::h1), Move(sq::e2, sq::d3))) == "legal");
}

TEST_CASE("option: the first move may not expose the mover's king (option.first-move-exposes-king)", "[option]") {
  // The pinned bishop steps aside; the rook would shield the king again with the second move.
  auto g = game_of("k3r3/8/8/8/8/4B3/7R/4K3 w - - 0 20 1/1");
  CHECK(verdict(g, dbl(Move(sq::e3, sq::d4), Move(sq::h2, sq::e2))) == "first-move-no-self-exposure");
  // Shield first, then the bishop is free.
  CHECK(verdict(g, dbl(Move(sq::h2, sq::e2), Move(sq::e3, sq::d4))) == "legal");
}

TEST_CASE("option: the turn may not end in check, and either move may end a check (rule 4)", "[option]") {
  auto g = game_of("4r2k/8/8/8/8/8/P7/4K3 w - - 0 20 1/1");
  REQUIRE(g.in_check());
  CHECK(verdict(g, dbl(Move(sq::a2, sq::a3), Move(sq::a3, sq::a4))) == "either-move-may-end-check");
  CHECK(parse_verdict(g, "a3,a4") == "illegal either-move-may-end-check");
  CHECK(verdict(g, dbl(Move(sq::a2, sq::a3), Move(sq::e1, sq::d1))) == "legal");  // the second ends it
  CHECK(verdict(g, dbl(Move(sq::e1, sq::d1), Move(sq::a2, sq::a3))) == "legal");  // the first ends it
  CHECK(verdict(g, single(Move(sq::a2, sq::a3))) == "king-not-left-guarded");

  // Not in check: under option.first-move-exposes-king=allowed the second move must shield.
  Options allowed;
  allowed.first_move_exposure = option::FirstMoveExposure::Allowed;
  auto exposed = game_of("k3r3/8/8/8/8/4B3/7R/4K3 w - - 0 20 1/1", allowed);
  CHECK(verdict(exposed, dbl(Move(sq::e3, sq::d4), Move(sq::h2, sq::h3))) == "either-move-may-end-check");
  CHECK(verdict(exposed, dbl(Move(sq::e3, sq::d4), Move(sq::h2, sq::e2))) == "legal");
}

TEST_CASE("option: an en passant capture as the second half (option.en-passant-second-half)", "[option]") {
  Options forbidden;
  forbidden.en_passant_second_half = option::EnPassantSecondHalf::Forbidden;
  const std::string fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 20 1/1";
  const Turn king_then_ep = dbl(Move(sq::e1, sq::d1), Move(sq::e5, sq::d6, MoveKind::EnPassant));
  auto f = game_of(fen, forbidden);
  CHECK(verdict(f, king_then_ep) == "en-passant-second-half");
  CHECK(parse_verdict(f, "Kd1,exd6") == "illegal en-passant-second-half");
  CHECK(verdict(f, single(Move(sq::e5, sq::d6, MoveKind::EnPassant))) == "legal");
  auto a = game_of(fen);
  CHECK(verdict(a, king_then_ep) == "legal");
  CHECK(parse_verdict(a, "Kd1,exd6") == "legal e1d1,e5d6");

  // The special capture as a second half.
  const std::string target = "1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2 moved-twice:h3-g2";
  const Turn king_then_special = double_special(Move(sq::a1, sq::b1), Move(sq::f2, sq::h3));
  auto ft = game_of(target, forbidden);
  CHECK(verdict(ft, king_then_special) == "en-passant-second-half");
  auto at = game_of(target);
  CHECK(verdict(at, king_then_special) == "legal");
  CHECK(parse_verdict(at, "Kb1,Nxh3 e.p.") == "legal a1b1,f2h3ep");
}

TEST_CASE("option: the special en passant needs a twice-moved piece (rule 6)", "[option]") {
  // The same board as after ...Qh3,Qg2 but with no target: the queen did not move twice.
  auto g = game_of("1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2");
  CHECK(verdict(g, special(Move(sq::f2, sq::h3))) == "special-en-passant");
  // With the target, a capture onto another square is no special capture either.
  auto t = game_of("1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2 moved-twice:h3-g2");
  CHECK(verdict(t, special(Move(sq::f2, sq::g4))) == "special-en-passant");
  CHECK(verdict(t, special(Move(sq::f2, sq::h3))) == "legal");
  // Written when no piece moved twice (and no plain move has that shape).
  auto blocked = game_of("1k6/8/8/8/8/7P/5Nq1/K7 w - - 2 31 3/2");
  CHECK(parse_verdict(blocked, "Nxh3 e.p.") == "illegal special-en-passant");
}

TEST_CASE("option: a first-half two-step gives no en passant right by default (option.first-half-double-step)", "[option]") {
  const std::string fen = "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 20 1/1 first-half-step:e3-e4";
  const Turn dxe3 = special(Move(sq::d4, sq::e3));
  auto no_right = game_of(fen);
  CHECK(verdict(no_right, dxe3) == "ordinary-en-passant");
  CHECK(parse_verdict(no_right, "dxe3 e.p.") == "illegal ordinary-en-passant");
  Options right;
  right.first_half_double_step = option::FirstHalfDoubleStep::Right;
  auto with_right = game_of(fen, right);
  CHECK(verdict(with_right, dxe3) == "legal");
  CHECK(parse_verdict(with_right, "dxe3 e.p.") == "legal d4e3ep");
}

// A first half that puts a piece on the en passant square: the e.p. capture as second half
// would land on an occupied square. No orthodox rule lets a pawn capture onto its own piece.
TEST_CASE("option: an ordinary en passant second half needs its square empty", "[option]") {
  const std::string fen = "4k3/8/8/3pP3/1B6/8/8/4K3 w - d6 0 20 1/1";
  const Turn onto_d6 = dbl(Move(sq::b4, sq::d6), Move(sq::e5, sq::d6, MoveKind::EnPassant));
  CHECK_FALSE(generated(game_of(fen), onto_d6));
  {
    auto g = game_of(fen);
    CHECK(g.rejecting_predicate(onto_d6).has_value());
    CHECK(g.fen() == fen);  // judging a turn leaves the position as it was
  }
  CHECK(parse_verdict(game_of(fen), "Bd6,exd6").starts_with("illegal"));
  // The bishop's double move is fine, and so is the capture after another first half.
  auto g = game_of(fen);
  CHECK(verdict(g, dbl(Move(sq::b4, sq::c5), Move(sq::e5, sq::d6, MoveKind::EnPassant))) == "legal");
}

// Under castling-in-double=either-half, castling moves the rook too: a rook that castled and
// moves again is "the same piece ... moved on both moves" (rule 6), so its second move may not
// capture.
TEST_CASE("option: a rook that castled and moves again is the same piece moved twice (rule 6)", "[option]") {
  // White: O-O puts the rook on f1; from there it could take the knight on f5. The bishop can
  // take on g7.
  const std::string fen = "4k3/6p1/8/5n2/8/8/1B6/4K2R w K - 0 20 1/1";
  const Turn rook_takes = dbl(WhiteShort, Move(sq::f1, sq::f5));
  const Turn rook_moves = dbl(WhiteShort, Move(sq::f1, sq::f3));
  const Turn bishop_takes = dbl(WhiteShort, Move(sq::b2, sq::g7));
  Options single_only, either;
  either.castling = option::CastlingInDouble::EitherHalf;
  auto e = game_of(fen, either);
  CHECK(verdict(e, rook_takes) == "same-piece-no-capture");
  CHECK(parse_verdict(e, "O-O,Rxf5") == "illegal same-piece-no-capture");
  CHECK(verdict(e, rook_moves) == "legal");
  CHECK(parse_verdict(e, "O-O,Rf3") == "legal e1g1,f1f3");
  CHECK(e.move_text(rook_moves) == "O-O,Rf3");
  CHECK(verdict(e, bishop_takes) == "legal");  // another piece may capture after castling
  CHECK(parse_verdict(e, "O-O,Bxg7") == "legal e1g1,b2g7");
  auto s = game_of(fen, single_only);
  CHECK(verdict(s, rook_takes) == "castling-is-single");
  CHECK(verdict(s, rook_moves) == "castling-is-single");

  // Every second half the rook makes after O-O: its non-capturing moves, and Rxf5 not among them.
  std::vector<std::string> rook_seconds;
  const auto after_castling = legal_list(e);  // held: a temporary would die before the loop body
  for (const Turn& t : *after_castling)
    if (t.is_double() && t.first == WhiteShort && t.second.from() == sq::f1) rook_seconds.push_back(e.move_uci(t));
  std::sort(rook_seconds.begin(), rook_seconds.end());
  CHECK(rook_seconds == std::vector<std::string>{"e1g1,f1a1", "e1g1,f1b1", "e1g1,f1c1", "e1g1,f1d1", "e1g1,f1e1",
                                                 "e1g1,f1f2", "e1g1,f1f3", "e1g1,f1f4"});

  // The rook is the twice-moved piece: "the first square it stops on" is f1.
  e.play(rook_moves);
  CHECK(e.fen() == "4k3/6p1/8/5n2/8/5R2/1B6/6K1 b - - 2 20 0/1 moved-twice:f1-f3");

  // Black, queenside: the rook lands on d8 and may not then take the knight on d4.
  const std::string black = "r3k3/8/8/8/3N4/8/8/4K3 b q - 0 20 1/1";
  const Move black_long(sq::e8, sq::c8, MoveKind::Castling);
  auto b = game_of(black, either);
  CHECK(verdict(b, dbl(black_long, Move(sq::d8, sq::d4))) == "same-piece-no-capture");
  CHECK(parse_verdict(b, "O-O-O,Rxd4") == "illegal same-piece-no-capture");
  CHECK(verdict(b, dbl(black_long, Move(sq::d8, sq::d5))) == "legal");
  CHECK(parse_verdict(b, "O-O-O,Rd5") == "legal e8c8,d8d5");
}

TEST_CASE("option: interpretation first-move-exposes-king", "[option]") {
  const std::string fen = "k3r3/8/8/8/8/4B3/7R/4K3 w - - 0 20 1/1";
  const Turn t = dbl(Move(sq::e3, sq::d4), Move(sq::h2, sq::e2));
  Options forbidden, allowed;
  allowed.first_move_exposure = option::FirstMoveExposure::Allowed;
  auto f = game_of(fen, forbidden);
  auto a = game_of(fen, allowed);
  CHECK(verdict(f, t) == "first-move-no-self-exposure");
  CHECK(verdict(a, t) == "legal");
  CHECK(parse_verdict(f, "Bd4,Re2") == "illegal first-move-no-self-exposure");
  CHECK(parse_verdict(a, "Bd4,Re2") == "legal e3d4,h2e2");
  CHECK(f.count_legal() < a.count_legal());
}

TEST_CASE("option: interpretation first-move-check", "[option]") {
  const std::string fen = "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 20 1/1";
  const Turn discovered = dbl(Move(sq::e2, sq::d3), Move(sq::g1, sq::h1));
  const Turn double_check = dbl(Move(sq::e2, sq::b5), Move(sq::g1, sq::h1));
  Options any, direct_only;
  direct_only.first_move_check = option::FirstMoveCheck::DirectOnly;
  auto a = game_of(fen, any);
  auto d = game_of(fen, direct_only);
  CHECK(verdict(a, discovered) == "first-move-no-check");
  CHECK(verdict(d, discovered) == "legal");
  CHECK(verdict(d, double_check) == "first-move-no-check");  // the bishop itself checks
  CHECK(parse_verdict(d, "Bd3+,Kh1") == "legal e2d3,g1h1");
  CHECK(a.count_legal() < d.count_legal());
  // After a discovered first half the second move may not take the king.
  d.play(discovered);
  CHECK(d.status() == GameStatus::Check);
  CHECK(d.fen() == "4k3/8/8/8/8/3B4/8/4R2K b - - 2 20 0/1");
}

TEST_CASE("option: interpretation castling-in-double", "[option]") {
  const std::string fen = "4k3/8/8/8/8/8/P7/4K2R w K - 0 20 1/1";
  const Turn castle_king = dbl(WhiteShort, Move(sq::g1, sq::h1));
  const Turn pawn_castle = dbl(Move(sq::a2, sq::a3), WhiteShort);
  Options single_only, either;
  either.castling = option::CastlingInDouble::EitherHalf;
  auto s = game_of(fen, single_only);
  auto e = game_of(fen, either);
  CHECK(verdict(s, castle_king) == "castling-is-single");
  CHECK(verdict(s, pawn_castle) == "castling-is-single");
  CHECK(verdict(e, castle_king) == "legal");
  CHECK(verdict(e, pawn_castle) == "legal");
  CHECK(parse_verdict(e, "O-O,Kh1") == "legal e1g1,g1h1");
  CHECK(parse_verdict(e, "a3,O-O") == "legal a2a3,e1g1");
  CHECK(parse_verdict(s, "O-O,Kh1") == "illegal castling-is-single");
  CHECK(e.move_text(castle_king) == "O-O,Kh1");
  CHECK(s.count_legal() < e.count_legal());

  // Castling through a guarded square is illegal alone, legal after a first half that blocks.
  const std::string blocked = "4kr2/8/8/8/8/8/6B1/4K2R w K - 0 20 1/1";
  const Turn block_then_castle = dbl(Move(sq::g2, sq::f3), WhiteShort);
  auto bs = game_of(blocked, single_only);
  auto be = game_of(blocked, either);
  CHECK(verdict(be, single(WhiteShort)) == "castling-squares-unguarded");
  CHECK(verdict(be, block_then_castle) == "legal");
  CHECK(verdict(bs, block_then_castle) == "castling-is-single");
  // Castling as the first half is itself checked by the orthodox rules.
  CHECK(verdict(be, dbl(WhiteShort, Move(sq::g2, sq::f3))) == "castling-squares-unguarded");
}

TEST_CASE("option: interpretation en-passant-second-half", "[option]") {
  const std::string fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 20 1/1";
  const Turn t = dbl(Move(sq::e1, sq::f1), Move(sq::e5, sq::d6, MoveKind::EnPassant));
  Options allowed, forbidden;
  forbidden.en_passant_second_half = option::EnPassantSecondHalf::Forbidden;
  auto a = game_of(fen, allowed);
  auto f = game_of(fen, forbidden);
  CHECK(verdict(a, t) == "legal");
  CHECK(verdict(f, t) == "en-passant-second-half");
  CHECK(a.count_legal() > f.count_legal());
  // Every turn that differs is one whose second half is the e.p. capture.
  const auto al = sorted_uci(a, *legal_list(a));
  const auto fl = sorted_uci(f, *legal_list(f));
  std::vector<std::string> only_allowed;
  std::set_difference(al.begin(), al.end(), fl.begin(), fl.end(), std::back_inserter(only_allowed));
  REQUIRE(!only_allowed.empty());
  for (const auto& u : only_allowed) CHECK(u.ends_with(",e5d6"));
  CHECK(std::includes(al.begin(), al.end(), fl.begin(), fl.end()));
}

TEST_CASE("option: interpretation first-half-double-step", "[option]") {
  const std::string fen = "4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 20 1/1";
  const Turn two_step_then_knight = dbl(Move(sq::e2, sq::e4), Move(sq::g1, sq::f3));
  const Turn dxe3 = special(Move(sq::d4, sq::e3));
  Options no_right, right;
  right.first_half_double_step = option::FirstHalfDoubleStep::Right;
  for (const Options& o : {no_right, right}) {
    auto g = game_of(fen, o);
    REQUIRE(verdict(g, two_step_then_knight) == "legal");
    CHECK(g.move_text(two_step_then_knight) == "e4,Nf3");
    g.play(two_step_then_knight);
    CHECK(g.fen() == "4k3/8/8/8/3pP3/5N2/8/4K3 b - - 1 20 0/1 first-half-step:e3-e4");
    const bool has_right = o.first_half_double_step == option::FirstHalfDoubleStep::Right;
    CHECK(verdict(g, dxe3) == (has_right ? "legal" : "ordinary-en-passant"));
    if (has_right) {
      CHECK(g.move_text(dxe3) == "dxe3 e.p.");
      g.play(dxe3);
      CHECK(g.fen() == "4k3/8/8/8/8/4pN2/8/4K3 w - - 0 21 0/1");
      g.undo();
      CHECK(g.fen() == "4k3/8/8/8/3pP3/5N2/8/4K3 b - - 1 20 0/1 first-half-step:e3-e4");
    }
  }
  auto n = game_of("4k3/8/8/8/3pP3/5N2/8/4K3 b - - 1 20 0/1 first-half-step:e3-e4", no_right);
  auto r = game_of("4k3/8/8/8/3pP3/5N2/8/4K3 b - - 1 20 0/1 first-half-step:e3-e4", right);
  CHECK(r.count_legal() > n.count_legal());
  // The ordinary rule is untouched: a two-step as the last move gives the right either way.
  auto last = game_of("4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 20 1/1", no_right);
  last.play(dbl(Move(sq::g1, sq::f3), Move(sq::e2, sq::e4)));
  CHECK(last.fen() == "4k3/8/8/8/3pP3/5N2/8/4K3 b - e3 0 20 0/1");
  CHECK(verdict(last, single(Move(sq::d4, sq::e3, MoveKind::EnPassant))) == "legal");
}

// --- 3. the special en passant ------------------------------------------------------------

TEST_CASE("option: the special en passant capture of a twice-moved piece", "[option]") {
  const std::string start = "1k6/3q4/8/8/8/8/5N1P/K7 b - - 0 30 3/3";
  auto g = game_of(start);
  const Turn queen_twice = dbl(Move(sq::d7, sq::h3), Move(sq::h3, sq::g2));
  REQUIRE(verdict(g, queen_twice) == "legal");
  CHECK(g.move_text(queen_twice) == "Qh3,Qg2");
  g.play(queen_twice);
  const std::string after_double = "1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2 moved-twice:h3-g2";
  CHECK(g.fen() == after_double);

  const Turn nxh3 = special(Move(sq::f2, sq::h3));
  CHECK(verdict(g, nxh3) == "legal");
  CHECK(g.move_text(nxh3) == "Nxh3 e.p.");
  CHECK(g.move_uci(nxh3) == "f2h3ep");
  CHECK(parse_verdict(g, "Nxh3 e.p.") == "legal f2h3ep");
  CHECK(parse_verdict(g, "Nxh3e.p.") == "legal f2h3ep");
  CHECK(g.is_capture(nxh3));

  g.play(nxh3);
  // The queen disappears from g2, where it stood; the knight stands on h3.
  CHECK(g.fen() == "1k6/8/8/8/8/7N/7P/K7 b - - 0 31 3/2");
  g.undo();
  CHECK(g.fen() == after_double);
  g.undo();
  CHECK(g.fen() == game_of(start).fen());

  // One turn later the right is gone.
  g.play(queen_twice);
  g.play(single(Move(sq::a1, sq::b1)));
  CHECK(g.state().target.kind == option::EnPassantTarget::None);
  g.play(single(Move(sq::b8, sq::c8)));
  CHECK(g.fen() == "2k5/8/8/8/8/8/5NqP/1K6 w - - 4 32 3/2");
  CHECK(verdict(g, nxh3) == "special-en-passant");
  const auto later = legal_list(g);
  for (const Turn& t : *later) CHECK_FALSE(t.is_special_capture());
  CHECK(game_of("2k5/8/8/8/8/8/5NqP/1K6 w - - 4 32 3/2").count_legal() == g.count_legal());
}

TEST_CASE("option: the special en passant text is not read for a plain move", "[option]") {
  // After the right is gone, "Nxh3 e.p." names no capture at all.
  auto g = game_of("2k5/8/8/8/8/8/5NqP/1K6 w - - 4 32 3/2");
  CHECK(parse_verdict(g, "Nxh3 e.p.") == "illegal special-en-passant");
}

TEST_CASE("option: with the special capture available, the plain move to that square is still readable", "[option]") {
  auto g = game_of("1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2 moved-twice:h3-g2");
  const Turn plain = single(Move(sq::f2, sq::h3));
  REQUIRE(verdict(g, plain) == "legal");
  CHECK(g.move_text(plain) == "Nh3");
  CHECK(parse_verdict(g, "Nh3") == "legal f2h3");
  const Turn plain_second = dbl(Move(sq::a1, sq::b1), Move(sq::f2, sq::h3));
  REQUIRE(verdict(g, plain_second) == "legal");
  CHECK(g.move_text(plain_second) == "Kb1,Nh3");
  CHECK(parse_verdict(g, "Kb1,Nh3") == "legal a1b1,f2h3");
  // The capture itself reads back (the "e.p." decides).
  CHECK(parse_verdict(g, "Nxh3 e.p.") == "legal f2h3ep");
  CHECK(parse_verdict(g, "Kb1,Nxh3 e.p.") == "legal a1b1,f2h3ep");
}

TEST_CASE("option: the FEN target field round-trips", "[option]") {
  for (const std::string fen : {"1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2 moved-twice:h3-g2",
                                "4k3/8/8/8/3pP3/5N2/8/4K3 b - - 1 20 0/1 first-half-step:e3-e4",
                                "3r3k/P7/8/8/8/8/8/K7 w - - 0 30 2/2 moved-twice:b8-d8"}) {
    auto g = game_of(fen);
    CHECK(g.fen() == fen);
    CHECK(game_of(g.fen()).key() == g.key());
  }
  auto g = game_of("1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2 moved-twice:h3-g2");
  CHECK(g.state().target == option::EnPassantTarget{option::EnPassantTarget::TwiceMoved, sq::h3, sq::g2});
  // "-" is no target, written as nothing.
  CHECK(game_of("1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2 -").fen() == "1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2");
  // A pawn taking a twice-moved piece on the last rank promotes.
  auto promo = game_of("3r3k/P7/8/8/8/8/8/K7 w - - 0 30 2/2 moved-twice:b8-d8");
  const Turn axb8 = special(Move(sq::a7, sq::b8, MoveKind::Promotion, Queen));
  CHECK(verdict(promo, axb8) == "legal");
  const std::string text = promo.move_text(axb8);
  CHECK(text.starts_with("axb8=Q"));
  CHECK(text.find("e.p.") != std::string::npos);
  CHECK(text.find('+') != std::string::npos);  // the new queen checks along the emptied rank
  CHECK(parse_verdict(promo, text) == "legal a7b8qep");
  promo.play(axb8);
  CHECK(promo.fen() == "1Q5k/8/8/8/8/8/8/K7 b - - 0 30 2/2");
}

TEST_CASE("option: a king is never taken by the special en passant", "[option]") {
  // A king that moved twice cannot have stopped on a guarded square (rule 6: "which is illegal
  // if one is double-moving the king"); a FEN claiming so is refused or gives no capture.
  const std::string fen = "1k6/8/8/8/8/8/5N1P/K1R5 w - - 2 31 3/2 moved-twice:c7-b8";
  const std::string column = fen_error_column(fen);
  if (column == "none") {
    auto g = game_of(fen);
    const auto legal = legal_list(g);
    std::string king_takers;
    for (const Turn& t : *legal)
      if (t.is_special_capture()) king_takers += fmt::format("{} ", g.move_uci(t));
    CHECK(king_takers == "");
  } else {
    CHECK(column == column_of(fen, "moved-twice"));
  }
}

// --- 4. tokens ----------------------------------------------------------------------------

TEST_CASE("option: tokens are spent and awarded", "[option]") {
  auto g = game_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 20 3/3");
  g.play(dbl(Move(sq::a1, sq::a3), Move(sq::a3, sq::a5)));
  CHECK(tokens_field(g) == "2/3");
  CHECK(g.tokens(White) == 2);
  g.play(dbl(Move(sq::e8, sq::d8), Move(sq::d8, sq::c8)));
  CHECK(tokens_field(g) == "2/2");
  g.play(single(Move(sq::a5, sq::a6)));
  CHECK(tokens_field(g) == "2/2");
  g.undo();
  g.undo();
  g.undo();
  CHECK(g.fen() == "4k3/8/8/8/8/8/8/R3K3 w - - 0 20 3/3");

  // Twelve each after Black's 8th move, not before.
  auto w8 = game_of("r3k3/8/8/8/8/8/8/4K3 w - - 0 8 0/0");
  w8.play(single(Move(sq::e1, sq::d1)));
  CHECK(w8.fen() == "r3k3/8/8/8/8/8/8/3K4 b - - 1 8 0/0");
  w8.play(single(Move(sq::e8, sq::e7)));
  CHECK(w8.fen() == "r7/4k3/8/8/8/8/8/3K4 w - - 2 9 12/12");
  w8.undo();
  CHECK(tokens_field(w8) == "0/0");

  auto b7 = game_of("r3k3/8/8/8/8/8/8/4K3 b - - 0 7 0/0");
  b7.play(single(Move(sq::e8, sq::e7)));
  CHECK(tokens_field(b7) == "0/0");

  // Four more each after Black's 48th move, added to what is left.
  auto b48 = game_of("r3k3/8/8/8/8/8/8/4K3 b - - 0 48 2/5");
  b48.play(single(Move(sq::e8, sq::e7)));
  CHECK(b48.fen() == "r7/4k3/8/8/8/8/8/4K3 w - - 1 49 6/9");
  b48.undo();
  b48.play(dbl(Move(sq::a8, sq::a6), Move(sq::a6, sq::a4)));
  CHECK(tokens_field(b48) == "6/8");
  auto w48 = game_of("r3k3/8/8/8/8/8/8/4K3 w - - 0 48 2/5");
  w48.play(single(Move(sq::e1, sq::d1)));
  CHECK(tokens_field(w48) == "2/5");
  for (int move : {47, 49}) {
    auto other = game_of(fmt::format("r3k3/8/8/8/8/8/8/4K3 b - - 0 {} 2/5", move));
    other.play(single(Move(sq::e8, sq::e7)));
    CHECK(tokens_field(other) == "2/5");
  }
}

TEST_CASE("option: default tokens when the FEN has no tokens field", "[option]") {
  const std::string board = "4k3/8/8/8/8/8/8/R3K3";
  const struct {
    const char* side;
    int move;
    const char* tokens;
  } cases[] = {{"w", 5, "0/0"},   {"w", 8, "0/0"},   {"b", 8, "0/0"},   {"w", 9, "12/12"}, {"w", 20, "12/12"},
               {"b", 48, "12/12"}, {"w", 49, "16/16"}, {"w", 60, "16/16"}};
  for (const auto& c : cases) {
    auto g = game_of(fmt::format("{} {} - - 0 {}", board, c.side, c.move));
    INFO(c.side << " " << c.move);
    CHECK(tokens_field(g) == c.tokens);
    CHECK(g.fen() == fmt::format("{} {} - - 0 {} {}", board, c.side, c.move, c.tokens));
  }
}

// --- 5. the fast path equals candidates + predicates ---------------------------------------

// Positions with castling rights, en passant, checks, promotions, pins and targets.
const std::vector<std::string>& varied_fens() {
  static const std::vector<std::string> fens = {
      "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 12 2/2",  // castling rights
      "r3k3/8/8/2PpP3/8/8/8/R3K3 w Qq d6 0 20 1/1",                           // en passant, two takers
      "k3r3/8/8/8/8/4B3/7R/4K3 w - - 0 20 1/1",                               // a pin
      "k3r3/8/8/8/8/8/P1B5/4K2R w K - 0 20 1/1",                              // in check, with a castling right
      "8/1P4k1/8/8/8/8/6p1/K6R b - - 0 30 2/2",                               // promotions, Black
      "r3k3/1P6/8/8/8/8/6p1/4K2R w Kq - 0 30 2/2",                            // promotions, White
      "1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2 moved-twice:h3-g2",               // a twice-moved target
      "3r3k/P7/8/8/8/8/8/K7 w - - 0 30 2/2 moved-twice:b8-d8",                // target taken with promotion
      "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 20 1/1 first-half-step:e3-e4",          // a first-half step target
      "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 20 1/1",                               // discovered checks
      "4kr2/8/8/8/8/8/6B1/4K2R w K - 0 20 1/1",                               // castling after a block
      "2r5/1k1q2P1/2p2Q2/8/7b/P2RnN2/3RrN1P/7K b - - 0 30 3/3",               // Bonham's problem
      "4k3/8/8/8/8/8/8/R3K3 w - - 0 8 1/1",                                   // no option yet
  };
  return fens;
}

std::string options_name(const Options& o) {
  return o.castling == option::CastlingInDouble::EitherHalf ? " (alternatives)" : " (defaults)";
}

TEST_CASE("option: generate_legal equals the candidates no predicate rejects", "[option]") {
  int compared = 0, rejected = 0;
  for (const Options& options : {Options{}, all_alternatives()}) {
    for (const auto& fen : varied_fens()) {
      INFO(fen << options_name(options));
      auto g = game_of(fen, options);
      const std::string before = g.fen();
      const auto fast = sorted_uci(g, *legal_list(g));
      CHECK(std::adjacent_find(fast.begin(), fast.end()) == fast.end());  // no turn twice
      auto candidates = std::make_unique<option::TurnList>();
      g.generate_candidates(*candidates);
      std::vector<std::string> accepted;
      for (const Turn& t : *candidates) {
        if (g.rejecting_predicate(t)) ++rejected;
        else accepted.push_back(g.move_uci(t));
      }
      std::sort(accepted.begin(), accepted.end());
      CHECK(difference(fast, accepted) == "");
      CHECK(g.count_legal() == int(fast.size()));
      CHECK(g.has_legal_move() == !fast.empty());
      // The staged generation (singles, then doubles) is the same set.
      auto staged = std::make_unique<option::TurnList>();
      g.generate_stage(0, false, *staged);
      g.generate_stage(1, false, *staged);
      CHECK(difference(sorted_uci(g, *staged), fast) == "");
      CHECK(g.fen() == before);
      ++compared;
    }
  }
  CHECK(compared == 26);
  CHECK(rejected > 1000);
}

// The checking turns (for the prover's attacker moves) are the legal turns after which the
// opponent is in check, and the generator's check flags say so too.
TEST_CASE("option: generate_checks is the legal turns that leave the opponent in check", "[option]") {
  for (const Options& options : {Options{}, all_alternatives()}) {
    for (const auto& fen : varied_fens()) {
      INFO(fen << options_name(options));
      auto g = game_of(fen, options);
      const auto legal = legal_list(g);
      std::vector<std::string> checking;
      int wrong_flags = 0;
      for (const Turn& t : *legal) {
        g.play(t);
        const bool check = g.in_check();
        g.undo();
        if (check) checking.push_back(g.move_uci(t));
        if (t.check != option::CheckFlag::Unknown && (t.check == option::CheckFlag::Yes) != check) ++wrong_flags;
      }
      std::sort(checking.begin(), checking.end());
      auto checks = std::make_unique<option::TurnList>();
      g.generate_checks(*checks);
      CHECK(difference(sorted_uci(g, *checks), checking) == "");
      auto staged = std::make_unique<option::TurnList>();
      g.generate_stage(0, true, *staged);
      g.generate_stage(1, true, *staged);
      CHECK(difference(sorted_uci(g, *staged), checking) == "");
      CHECK(wrong_flags == 0);
    }
  }
}

// --- 6. notation ---------------------------------------------------------------------------

TEST_CASE("option: every legal turn's text reads back as the same turn", "[option]") {
  for (const std::string fen : {"r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 20 2/2",
                                "2r5/1k1q2P1/2p2Q2/8/7b/P2RnN2/3RrN1P/7K b - - 0 30 3/3",
                                "3r3k/P7/8/8/8/8/8/K7 w - - 0 30 2/2 moved-twice:b8-d8"}) {
    auto g = game_of(fen);
    auto legal = legal_list(g);
    REQUIRE(legal->size() > 20);
    int failures = 0;
    for (const Turn& t : *legal) {
      const std::string text = g.move_text(t);
      const std::string back = parse_verdict(g, text);
      if (back != fmt::format("legal {}", g.move_uci(t)) && ++failures <= 5) {
        INFO(fen << ": " << g.move_uci(t) << " written " << text);
        CHECK(back == fmt::format("legal {}", g.move_uci(t)));
      }
    }
    INFO(fen);
    CHECK(failures == 0);
  }
}

TEST_CASE("option: a double move that mates is written with '#'", "[option]") {
  const Turn t = dbl(Move(sq::a1, sq::b2), Move(sq::e1, sq::e8));
  auto no_token = game_of("7k/6pp/8/8/8/8/8/K3R3 w - - 0 20 1/0");
  CHECK(no_token.move_text(t) == "Kb2,Re8#");
  CHECK(no_token.move_text(single(Move(sq::e1, sq::e8))) == "Re8#");
  no_token.play(t);
  CHECK(no_token.status() == GameStatus::Checkmate);
  // With a token Black escapes by a double move (...h6,Kh7: rule 4), so it is only check.
  auto token = game_of("7k/6pp/8/8/8/8/8/K3R3 w - - 0 20 1/1");
  CHECK(token.move_text(t) == "Kb2,Re8+");
  token.play(t);
  CHECK(token.status() == GameStatus::Check);
  CHECK(parse_verdict(token, "h6,Kh7") == "legal h7h6,h8h7");
  CHECK(token.count_legal() == 4);  // h6,Kh7 h5,Kh7 g6,Kg7 g5,Kg7
}

// The mark is decided in the position the turn leaves, tokens included: after Black's 8th move
// White has twelve options and escapes this check by a double move (...h3,Kh2: rule 4).
TEST_CASE("option: the check mark counts the tokens the turn awards", "[option]") {
  auto g = game_of("k3r3/8/8/8/8/8/6PP/7K b - - 0 8 0/0");
  const Turn re1 = single(Move(sq::e8, sq::e1));
  CHECK(g.move_text(re1) == "Re1+");
  g.play(re1);
  CHECK(g.fen() == "k7/8/8/8/8/8/6PP/4r2K w - - 1 9 12/12");
  CHECK(g.status() == GameStatus::Check);
  CHECK(g.count_legal() == 4);  // h3,Kh2 h4,Kh2 g3,Kg2 g4,Kg2
  // A move earlier White has no option yet at its next move: mate.
  auto early = game_of("k3r3/8/8/8/8/8/6PP/7K b - - 0 7 0/0");
  CHECK(early.move_text(re1) == "Re1#");
  early.play(re1);
  CHECK(early.status() == GameStatus::Checkmate);
}

// --- 7. the key ----------------------------------------------------------------------------

TEST_CASE("option: the key covers tokens, target and move number", "[option]") {
  const std::string board = "1k6/8/8/8/8/8/5NqP/K7 w - - 2";
  auto key = [&](const std::string& rest) { return game_of(fmt::format("{} {}", board, rest)).key(); };
  const auto base = key("31 3/2");
  CHECK(key("31 3/2") == base);
  CHECK(key("31 2/3") != base);
  CHECK(key("31 3/3") != base);
  CHECK(key("31 2/2") != base);
  CHECK(key("31 3/2 moved-twice:h3-g2") != base);
  CHECK(key("32 3/2") != base);
  CHECK(key("31 12/12") == key("31"));  // the default tokens are the same state
  // Reached by play and by FEN: the same key.
  auto g = game_of("1k6/3q4/8/8/8/8/5N1P/K7 b - - 0 30 3/3");
  g.play(dbl(Move(sq::d7, sq::h3), Move(sq::h3, sq::g2)));
  CHECK(g.key() == key("31 3/2 moved-twice:h3-g2"));
  g.undo();
  CHECK(g.key() == game_of("1k6/3q4/8/8/8/8/5N1P/K7 b - - 0 30 3/3").key());
}

// --- 8. bad input --------------------------------------------------------------------------

TEST_CASE("option: bad FEN extensions are reported at their field", "[option]") {
  const std::string board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 20";
  for (const std::string tokens : {"3-3", "x/3", "3/x", "3/", "/3", "100/3", "-1/3"}) {
    const std::string fen = fmt::format("{} {}", board, tokens);
    INFO(fen);
    const std::string expected = tokens == "3/x"  ? column_of(fen, "x")
                                 : tokens == "3/" ? fmt::format("{}", fen.size() + 1)
                                                  : column_of(fen, tokens);
    CHECK(fen_error_column(fen) == expected);
  }
  {
    const std::string fen = fmt::format("{} 3/3 - extra", board);
    CHECK(fen_error_column(fen) == column_of(fen, "extra"));
  }
  const std::string target_board = "1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2";
  for (const std::string target : {"sideways", "moved-twice:h9-g2", "moved-twice:h3g2", "first-half-step:e3"}) {
    const std::string fen = fmt::format("{} {}", target_board, target);
    INFO(fen);
    const auto colon = target.find(':');
    const std::string expected = colon == std::string::npos
                                     ? column_of(fen, target)
                                     : fmt::format("{}", fen.find(target) + colon + 2);
    CHECK(fen_error_column(fen) == expected);
  }
  // Well-formed targets that do not fit the board: reported at the target field.
  for (const std::string target : {"moved-twice:h3-h2", "moved-twice:f2-g2", "moved-twice:h3-a1", "moved-twice:h3-e4",
                                   "first-half-step:g3-g2"}) {
    const std::string fen = fmt::format("{} {}", target_board, target);
    INFO(fen);
    CHECK(fen_error_column(fen) == column_of(fen, target));
  }
  CHECK(fen_error_column(fmt::format("{} moved-twice:h3-g2", target_board)) == "none");
}
