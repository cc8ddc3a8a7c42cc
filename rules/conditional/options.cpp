#include "rules/conditional/options.h"

#include "rules/core/interpretation_field.h"

namespace arbiter::conditional {

const std::vector<Interpretation>& interpretations() {
  static const std::vector<Interpretation> all = {
      {"conditional.a-move-check-forced", "conditional", "conditional-chess.txt",
       "If one player cannot prevent check in an A-move (and it's not checkmate), it's a draw (variant: the player "
       "loose the game).",
       "draw",
       {{"draw", "the game is drawn when every legal A-move gives check and none mates"},
        {"loss", "the player who cannot avoid giving check loses (the text's variant)"}}},
      {"conditional.illegal-c-move", "conditional", "conditional-chess.txt",
       "If a C-move is an illegal move, it is skipped. (One possible variant: in this case, the other player can move "
       "whatever enemy piece he likes (legal move, of course) Terrible!! :-) In this variant, each game is a legal "
       "FIDE game.)",
       "skip",
       {{"skip", "an illegal C-move is not played; the opponent goes on with his A-move"},
        {"opponent-moves", "the opponent first makes a legal move with one of the C-mover's men (if it has one), then "
                           "his A-move"}}},
      {"conditional.b-check-cancelled", "conditional", "conditional-chess.txt",
       "If there is a check in a B-move, the C-move is skipped (except if the check is cancelled by the C-move "
       "itself!) and the game returns to an A-move of the player in check",
       "continue",
       {{"continue", "a C-move that cancels the check is played and the cycle goes on with the opponent's A-move (the "
                     "sample game: \"Qf1+ ... Rg1, Bf2++\", an A-move check)"},
        {"return-to-a-move", "after such a C-move the player who was in check also makes an A-move"}}},
  };
  return all;
}

namespace {

// Where each interpretation's choice is held.
constexpr InterpretationField<Options> Fields[] = {
    field<&Options::forced_check>("conditional.a-move-check-forced"),
    field<&Options::illegal_c_move>("conditional.illegal-c-move"),
    field<&Options::b_check_cancelled>("conditional.b-check-cancelled"),
};

}  // namespace

bool apply_interpretation(Options& options, std::string_view id, std::string_view choice) {
  return apply_choice(interpretations(), Fields, options, id, choice);
}

std::string_view current_choice(const Options& options, std::string_view id) {
  return current_choice_of(interpretations(), Fields, options, id);
}

}  // namespace arbiter::conditional
