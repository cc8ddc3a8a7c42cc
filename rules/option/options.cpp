#include "rules/option/options.h"

#include "rules/core/interpretation_field.h"

namespace arbiter::option {

const std::vector<Interpretation>& interpretations() {
  static const std::vector<Interpretation> all = {
      {"option.first-move-exposes-king", "option", "option-chess.txt",
       "The same piece may be moved on both moves of a double move [...] provided [...] that the first move does not "
       "put the king in check.",
       "forbidden",
       {{"forbidden", "every first move keeps the mover's king out of check unless the turn began in check (rule 4); "
                      "the sentence for one piece restates the ordinary rule"},
        {"allowed", "only a piece moving twice is bound: with two different pieces the first move may expose the "
                    "king if the second move shields it again"}}},
      {"option.first-move-check", "option", "option-chess.txt", "The first move of a double move may not give check.",
       "any-check",
       {{"any-check", "no check of any kind after the first move, discovered checks included"},
        {"direct-only", "only the moved piece may not check; a discovered check by the first move is allowed (the "
                        "second move may not then take the king)"}}},
      {"option.same-piece-from-check", "option", "option-chess.txt",
       "The same piece may be moved on both moves of a double move [...] provided [...] that the first move does not "
       "put the king in check.",
       "allowed",
       {{"allowed", "a king already in check is not \"put\" in check: from check, a piece moving twice may leave the "
                    "check standing after its first move and end it with its second (rule 4: either move may end it)"},
        {"forbidden", "after the first move of a piece moving twice its king is never in check, even when the turn "
                      "began in check"}}},
      {"option.castling-in-double", "option", "option-chess.txt", "Castling is a single move, not a double move.",
       "single-only",
       {{"single-only", "castling is never either half of a double move"},
        {"either-half", "castling cannot be played as a double move by itself, but may be one half of one; the "
                        "rook moves too, so a rook that castled and moves again is a piece moving twice (rule 6)"}}},
      {"option.en-passant-second-half", "option", "option-chess.txt",
       "The en passant move must immediately follow the double move or the opportunity for en passant capture is lost.",
       "allowed",
       {{"allowed", "the opponent's next turn follows immediately even when it is a double move: an en passant "
                    "capture (either kind) may be its second half"},
        {"forbidden", "only a single move follows immediately: an en passant capture may not be a second half"}}},
      {"option.first-half-double-step", "option", "option-chess.txt",
       "the opponent may capture it \"en passant\" just as is done currently with Pawns making a two-square move "
       "through the capturing square of an opposing pawn.",
       "no-right",
       {{"no-right", "a pawn's two-step gives the en passant right only when it is the turn's last move; after a first "
                     "half the mover's own second move came between"},
        {"right", "a pawn's two-step as the first half (the pawn left standing) may still be taken en passant on the "
                  "opponent's next turn"}}},
  };
  return all;
}

namespace {

// The option.* fields; orthodox.* ids go to the movement rules of each half (options.orthodox).
constexpr InterpretationField<Options> Fields[] = {
    field<&Options::first_move_exposure>("option.first-move-exposes-king"),
    field<&Options::first_move_check>("option.first-move-check"),
    field<&Options::same_piece_from_check>("option.same-piece-from-check"),
    field<&Options::castling>("option.castling-in-double"),
    field<&Options::en_passant_second_half>("option.en-passant-second-half"),
    field<&Options::first_half_double_step>("option.first-half-double-step"),
};

}  // namespace

bool apply_interpretation(Options& options, std::string_view id, std::string_view choice) {
  if (id.starts_with("orthodox.")) return orthodox::apply_interpretation(options.orthodox, id, choice);
  return apply_choice(interpretations(), Fields, options, id, choice);
}

std::string_view current_choice(const Options& options, std::string_view id) {
  if (id.starts_with("orthodox.")) return orthodox::current_choice(options.orthodox, id);
  return current_choice_of(interpretations(), Fields, options, id);
}

}  // namespace arbiter::option
