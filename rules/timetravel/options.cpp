#include "rules/timetravel/options.h"

#include "rules/core/interpretation_field.h"

namespace arbiter::timetravel {

const std::vector<Interpretation>& interpretations() {
  static const std::vector<Interpretation> all = {
      {"timetravel.resonator", "timetravel", "time-travelers-chess.txt",
       "A resonator is any untraveled chessman which could possibly annihilate with an existing traveling chessman.",
       "theoretical",
       {{"theoretical", "an untraveled man for which the grammar model finds reaching the traveling man of its type "
                        "theoretically possible (bishops keep their colour, pawns move forward and need captures), "
                        "pawns promoting to the type included"},
        {"theoretical-no-promotion", "the same, but a pawn resonates only with a traveling pawn"},
        {"three-moves", "an untraveled man that could reach the traveling man's square in three moves of its side, "
                        "as an explosion support reaches its square"},
        {"one-move", "only an untraveled man one move away, able to annihilate now"}}},
      {"timetravel.grammar-scope", "timetravel", "time-travelers-chess.txt",
       "his position is grammatically correct if and only if there is a theoretical possibility that each of his "
       "traveling chessmen on the board can be annihilated.",
       "joint",
       {{"joint", "one assignment of distinct resonators to all traveling men, sharing the pawns' captures"},
        {"per-piece", "each traveling man on its own has some resonator that could annihilate it"}}},
      {"timetravel.grammar-enemy-blocker", "timetravel", "time-travelers-chess.txt",
       "A traveling chessmen, despite its weirdness is a real piece. No piece of either color can move through it as if "
       "it were not there.",
       "one-capture",
       {{"one-capture", "an enemy traveling man on a pawn resonator's straight path must be taken first: it costs one "
                        "enemy man of the capture budget"},
        {"free", "it costs nothing: the enemy may annihilate it"},
        {"permanent", "it blocks the straight path for good: taking it would end the game, so no grammar counts on it"}}},
      {"timetravel.grammar-budget", "timetravel", "time-travelers-chess.txt",
       "his position is grammatically correct if and only if there is a theoretical possibility that each of his "
       "traveling chessmen on the board can be annihilated.",
       "enemy-men-now",
       {{"enemy-men-now", "the pawn resonators' captures together cannot exceed the enemy men on the board"},
        {"unbounded", "no bound: enemy explosions may bring new men to capture"}}},
      {"timetravel.per-piece-annihilation-order", "timetravel", "time-travelers-chess.txt",
       "his position is grammatically correct if and only if there is a theoretical possibility that each of his "
       "traveling chessmen on the board can be annihilated.",
       "kept",
       {{"kept", "under per-piece grammar scope, a traveling man whose resonator must pass another own traveling man "
                 "(\"No piece of either color can move through it\") needs that man annihilated first, so men whose "
                 "paths block each other in a cycle make the position incorrect"},
        {"ignored", "under per-piece grammar scope, each traveling man is judged as if the side's other traveling men "
                    "were not on the board: they block no path"}}},
      {"timetravel.support-set", "timetravel", "time-travelers-chess.txt",
       "after each explosion a player causes, there must be at least one way to pair past explosions with associated "
       "explosion supports such that no two explosions are paired with the same explosion support.",
       "fixed-at-explosion",
       {{"fixed-at-explosion", "an explosion keeps the supports it had when it was made, even those since captured"},
        {"live", "when a later explosion is matched, supports no longer on the board as untraveled men are dropped"}}},
      {"timetravel.support-choice", "timetravel", "time-travelers-chess.txt",
       "Further, at least one of these explosion supports must not have been required to justify an earlier explosion.",
       "any",
       {{"any", "every man that qualifies supports the explosion; the matching chooses among them"},
        {"nearest", "only the men needing the fewest moves support it"}}},
      {"timetravel.support-moves", "timetravel", "time-travelers-chess.txt",
       "(These hypothetical moves could include captures of enemy chessmen. Some of the moves also could be of "
       "friendly chessmen other than the rook, in order to free lines for the rook.)",
       "plain",
       {{"plain", "normal moves, capturing any enemy man (traveling men included), en passant as the first move when "
                  "the real position allows it; no annihilation or castling"},
        {"no-traveling-capture", "normal moves that never capture an enemy traveling man"},
        {"all", "normal moves plus annihilations (which free lines) and castling"}}},
      {"timetravel.support-check", "timetravel", "time-travelers-chess.txt",
       "in the hypothetical circumstance that the player were allowed to make moves in succession, could reach the "
       "given square, as untraveled rook, in no more than three total moves.",
       "ignored",
       {{"ignored", "the hypothetical moves may leave the player in check: the opponent never moves in the hypothesis "
                    "(game 2's 2...d4/d3 and 3...Qe6/c4 are explosions made in a check no normal move parries)"},
        {"each-move", "every hypothetical move must leave the player out of check (the text's check), as a move of the "
                      "game must under timetravel.self-check=illegal"}}},
      {"timetravel.pawn-annihilation", "timetravel", "time-travelers-chess.txt",
       "A resonator one move away from an traveling chessman of the same piece-type may move onto the square occupied "
       "by the traveling chessman.",
       "straight-and-double",
       {{"straight-and-double", "a pawn is one move away straight ahead, or two squares ahead from its second rank "
                                "(game 4's d2//d4)"},
        {"straight-only", "only the single straight step"},
        {"with-diagonal", "also a diagonal step, as if capturing"}}},
      {"timetravel.check-resolution", "timetravel", "time-travelers-chess.txt",
       "A player to move is in check if and only if he is under one-move threat of having no king [...] at the same "
       "time that his opponent has a resolved position.",
       "after-threat",
       {{"after-threat", "the opponent is resolved after the threatening move (game 2: \"now threatens to resolve in "
                         "one move\")"},
        {"now", "the opponent must be resolved already"}}},
      {"timetravel.kingless-check", "timetravel", "time-travelers-chess.txt",
       "Thus, a player might lose his king without ever being placed in check! And he can play on, kingless, so long "
       "as he can prevent resolution by his opponent!",
       "threat-of-resolution",
       {{"threat-of-resolution", "a kingless player is in check when the opponent can be resolved after one move"},
        {"never", "a kingless player has no king to be threatened and is never in check"}}},
      {"timetravel.self-check", "timetravel", "time-travelers-chess.txt",
       "the game is drawn by stalemate if the player to move [...] can make no move without placing himself in check "
       "(as defined above).",
       "illegal",
       {{"illegal", "a move that leaves the mover in check is illegal, as in orthodox chess"},
        {"legal", "only grammar restricts moves; check matters for mate and stalemate"}}},
      {"timetravel.winning-move", "timetravel", "time-travelers-chess.txt",
       "Otherwise it is legal - and very desirable - for the player to force his opponent's position into grammatical "
       "incorrectness.",
       "exempt",
       {{"exempt", "a move that leaves the opponent grammatically incorrect wins at once and is legal even if it "
                   "leaves the mover in check (games 1 and 4 end so)"},
        {"not-exempt", "the winning move must not leave the mover in check either"}}},
      {"timetravel.traveled-pawn-first-move", "timetravel", "time-travelers-chess.txt",
       "making a legal move with the traveled chessman without capturing a traveling chessman or a resonator.",
       "any-pawn-move",
       {{"any-pawn-move", "the traveled pawn's move out of the explosion is any pawn move: a step, a capture, en "
                          "passant, a promotion (a double step never arises: no pawn explosion square lies on the "
                          "second rank)"},
        {"single-step-only", "a step or an ordinary capture (with promotion), no en passant"}}},
      {"timetravel.en-passant-annihilation", "timetravel", "time-travelers-chess.txt",
       "Since an annihilation is always initiated by a move of an untraveled chessman, an en passant capture can on "
       "occasion \"undo\" an annihilation.",
       "undoes",
       {{"undoes", "after an annihilation by a double step, an enemy pawn may take en passant: the annihilating pawn "
                   "is captured on the square it passed and the traveling pawn returns"},
        {"no-right", "an annihilating double step gives no en passant right"}}},
      {"timetravel.castling-check", "timetravel", "time-travelers-chess.txt",
       "Castling is legal in time traveler's chess as in standard chess and under the same strictures, but with check "
       "being defined as above.",
       "text-check",
       {{"text-check", "the king may not castle out of, through or into check in the text's sense"},
        {"attacked", "the king may not castle from, through or onto an attacked square, resolved or not"}}},
  };
  return all;
}

namespace {

// Where each interpretation's choice is held.
constexpr InterpretationField<Options> Fields[] = {
    field<&Options::resonator>("timetravel.resonator"),
    field<&Options::grammar_scope>("timetravel.grammar-scope"),
    field<&Options::grammar_enemy_blocker>("timetravel.grammar-enemy-blocker"),
    field<&Options::grammar_budget>("timetravel.grammar-budget"),
    field<&Options::per_piece_annihilation_order>("timetravel.per-piece-annihilation-order"),
    field<&Options::support_set>("timetravel.support-set"),
    field<&Options::support_choice>("timetravel.support-choice"),
    field<&Options::support_moves>("timetravel.support-moves"),
    field<&Options::support_check>("timetravel.support-check"),
    field<&Options::pawn_annihilation>("timetravel.pawn-annihilation"),
    field<&Options::check_resolution>("timetravel.check-resolution"),
    field<&Options::kingless_check>("timetravel.kingless-check"),
    field<&Options::self_check>("timetravel.self-check"),
    field<&Options::winning_move>("timetravel.winning-move"),
    field<&Options::traveled_pawn_first_move>("timetravel.traveled-pawn-first-move"),
    field<&Options::en_passant_annihilation>("timetravel.en-passant-annihilation"),
    field<&Options::castling_check>("timetravel.castling-check"),
};

}  // namespace

bool apply_interpretation(Options& options, std::string_view id, std::string_view choice) {
  return apply_choice(interpretations(), Fields, options, id, choice);
}

std::string_view current_choice(const Options& options, std::string_view id) {
  return current_choice_of(interpretations(), Fields, options, id);
}

}  // namespace arbiter::timetravel
