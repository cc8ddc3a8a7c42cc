#include "rules/fairy/options.h"

#include "rules/core/interpretation_field.h"

namespace arbiter::fairy {

const std::vector<Interpretation>& interpretations() {
  static const std::vector<Interpretation> all = {
      {"fairy.castling-passage", "fairy", "chess-rules-referee.txt",
       "Provided that the spaces between the king and the rook in question are empty, and that none of the spaces, "
       "including the king's and the rook's current locations, are guarded by enemy pieces",
       "king-moved",
       {{"king-moved", "the square the king crosses is judged with the king standing on it, as Popeye plays the king's "
                       "intermediate step: a hopper or lion may not use the king on its start square as its hurdle there"},
        {"king-at-home", "the square the king crosses is judged in the position before the move, the king still on its "
                         "start square (where it may be a hopper's hurdle or a lion's screen)"}}},
      {"fairy.promotion", "fairy", "chess-rules-referee.txt",
       "The player may choose any piece other than a pawn or a king to replace the pawn.",
       "present-kinds",
       {{"present-kinds", "a pawn promotes to queen, rook, bishop, knight and every fairy piece of the problem (Popeye's "
                          "promotee sequence over the walks the diagram holds)"},
        {"orthodox-four", "a pawn promotes to queen, rook, bishop or knight only, fairy pieces on the board or not"}}},
      {"fairy.orphan-as-pawn", "fairy", "chess-rules-referee.txt",
       "If a pawn lands on the opponent's home rank, it is promoted.",
       "double-step",
       {{"double-step", "an orphan moving as a pawn (observed by an enemy pawn) steps and captures as one, makes the "
                        "double step from its own second rank, and does not promote: it is no pawn (Popeye's behaviour)"},
        {"steps-only", "an orphan moving as a pawn makes the pawn's single steps and captures only: neither the double "
                       "step nor promotion, rights of a pawn"}}},
      {"fairy.paralysed-guard", "fairy", "chess-rules-referee.txt",
       "Since it is not permitted to have one's king on a guarded square, the other player must respond by securing its "
       "king on its next ply",
       "none",
       {{"none", "a man observed by an enemy paralysing man observes nothing: it gives no check and guards no square "
                 "(Popeye's paralysing.c)"},
        {"walk", "a paralysed man cannot move, but its walk still guards the squares it would capture on: it gives "
                 "check and a king may not step where it guards"}}},
      {"fairy.suffocation", "fairy", "chess-rules-referee.txt",
       "If there are no legal plies available that accomplish this, the player has lost, and the situation is called "
       "`checkmate'.",
       "stalemate",
       {{"stalemate", "a side whose king is attacked but whose only moves, were no man paralysed, are paralysed men's is "
                      "suffocated: stalemated, not mated (Popeye's special stalemate, BEISPIEL/paralys.inp 6)"},
        {"mate", "a side whose king is attacked and which has no legal move is mated, paralysed men or not, as the "
                 "definition of checkmate reads"}}},
  };
  return all;
}

namespace {

constexpr InterpretationField<Options> Fields[] = {
    field<&Options::castling_passage>("fairy.castling-passage"),
    field<&Options::promotion>("fairy.promotion"),
    field<&Options::orphan_as_pawn>("fairy.orphan-as-pawn"),
    field<&Options::paralysed_guard>("fairy.paralysed-guard"),
    field<&Options::suffocation>("fairy.suffocation"),
};

}  // namespace

bool apply_interpretation(Options& options, std::string_view id, std::string_view choice) {
  return apply_choice(interpretations(), Fields, options, id, choice);
}

std::string_view current_choice(const Options& options, std::string_view id) {
  return current_choice_of(interpretations(), Fields, options, id);
}

}  // namespace arbiter::fairy
