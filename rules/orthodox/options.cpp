#include "rules/orthodox/options.h"

#include "rules/core/interpretation_field.h"

namespace arbiter::orthodox {

namespace {

constexpr std::string_view CastlingQuote =
    "If the king has not moved from its home space, and one of the rooks has not moved from its home square, castling "
    "on that side may be possible.";

Interpretation castling_pair(std::string_view id, std::string_view exclusive) {
  return {id, "orthodox", "chess-rules-referee.txt", CastlingQuote, "independent",
          {{"independent", "each castling right stands alone, as the diagram (its FEN) states it"}, {"exclusive", exclusive}}};
}

}  // namespace

const std::vector<Interpretation>& interpretations() {
  static const std::vector<Interpretation> all = {
      {"orthodox.castling-guarded-squares", "orthodox", "chess-rules-referee.txt",
       "Provided that the spaces between the king and the rook in question are empty, and that none of the spaces, "
       "including the king's and the rook's current locations, are guarded by enemy pieces, th king is permitted to "
       "move two spaces in the direction of the rook",
       "king-path",
       {{"king-path", "only the king's square and the squares it crosses and lands on must be unguarded (FIDE)"},
        {"referee-text", "every square from the king to the rook inclusive must be unguarded, as the text says"}}},
      {"orthodox.queenside-castling-distance", "orthodox", "chess-rules-referee.txt",
       "[queen * 3] if home and home[queens_rook] and clear[king, queens_rook];",
       "two-squares",
       {{"two-squares", "the king moves two squares towards the rook on either side, as the prose says (\"th king "
                        "is permitted to move two spaces in the direction of the rook\"); [queen * 3] is read as a slip"}}},
      {"orthodox.pawn-double-step-guard", "orthodox", "chess-rules-referee.txt",
       "[ahead * 2]     if empty and clear and home;",
       "unoccupied-only",
       {{"unoccupied-only", "the double step needs both squares unoccupied, as the prose says (\"provided that both "
                            "of the squares in question are unoccupied\"); 'clear' (unguarded) is not required"}}},
      {"orthodox.king-count", "orthodox", "chess-rules-referee.txt", "One king, designated by the letter `k'.", "one-each",
       {{"one-each", "each side has exactly one king"},
        {"at-most-one", "a side may have no king (Popeye's options NoWk and NoBk): it is never in check, so it is never "
                        "mated, and no move of it is refused for leaving a king guarded"}}},
      castling_pair("orthodox.castling-exclusive-a1a8",
                    "White's castling with the rook on a1 and Black's with the rook on a8 are mutually exclusive (Popeye's "
                    "CastlingMutuallyExclusive a1a8): playing either cancels the other's right"),
      castling_pair("orthodox.castling-exclusive-a1h8",
                    "White's castling with the rook on a1 and Black's with the rook on h8 are mutually exclusive (Popeye's "
                    "CastlingMutuallyExclusive a1h8): playing either cancels the other's right"),
      castling_pair("orthodox.castling-exclusive-h1a8",
                    "White's castling with the rook on h1 and Black's with the rook on a8 are mutually exclusive (Popeye's "
                    "CastlingMutuallyExclusive h1a8): playing either cancels the other's right"),
      castling_pair("orthodox.castling-exclusive-h1h8",
                    "White's castling with the rook on h1 and Black's with the rook on h8 are mutually exclusive (Popeye's "
                    "CastlingMutuallyExclusive h1h8): playing either cancels the other's right"),
  };
  return all;
}

namespace {

// The decisions with one choice have no field.
constexpr InterpretationField<Options> Fields[] = {
    field<&Options::castling_guard>("orthodox.castling-guarded-squares"),
    field<&Options::king_count>("orthodox.king-count"),
    field<&Options::exclusive_a1a8>("orthodox.castling-exclusive-a1a8"),
    field<&Options::exclusive_a1h8>("orthodox.castling-exclusive-a1h8"),
    field<&Options::exclusive_h1a8>("orthodox.castling-exclusive-h1a8"),
    field<&Options::exclusive_h1h8>("orthodox.castling-exclusive-h1h8"),
};

}  // namespace

bool apply_interpretation(Options& options, std::string_view id, std::string_view choice) {
  return apply_choice(interpretations(), Fields, options, id, choice);
}

std::string_view current_choice(const Options& options, std::string_view id) {
  return current_choice_of(interpretations(), Fields, options, id);
}

void set_castling_pairs(Position& pos, const Options& options) {
  const auto pair = [&](CastlingPair p, CastlingRights white, CastlingRights black) {
    if (p == CastlingPair::Exclusive) pos.set_castlings_exclusive(white, black);
  };
  pair(options.exclusive_a1a8, WhiteQueenside, BlackQueenside);
  pair(options.exclusive_a1h8, WhiteQueenside, BlackKingside);
  pair(options.exclusive_h1a8, WhiteKingside, BlackQueenside);
  pair(options.exclusive_h1h8, WhiteKingside, BlackKingside);
}

}  // namespace arbiter::orthodox
