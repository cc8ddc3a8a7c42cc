#pragma once
// Statements of fact in a game's annotations, made checkable. A comment may hold any number
// of "[%claim KIND]" or "[%claim KIND=ARG]" commands (the PGN command-comment convention);
// each is judged on the position after the move it follows (the move itself where it says
// so). The kinds:
//   legal                       the move is legal (the replay has accepted it)
//   supports=b1[,..]            the explosion's supports are exactly the men on these squares
//   not-support=g1              the man on g1 does not support the explosion
//   spares                      the explosion's traveled man captures no traveling man or resonator
//   check | not-check | checkmate   of the side now to move
//   kingless=white|black        the player has no king in the text's sense
//   unresolved=white|black      the player has traveling men
//   can-resolve-in-one=C | cannot-resolve-in-one=C   C could (not) be resolved after one move
//   grammatically-incorrect=C | grammatically-correct=C
//   attacks-traveling=N         the mover's men attack N enemy traveling men
//   traveling-attackers=N       ... with N different men
//   men-to=c4:Q,QB,QN,QBP       the chessmen the side to move can place on c4, by identity
//   escapes-only-to=c4          every move out of check puts a man on c4
//   immune=c4,b5                no explosion of the side to move can capture on these squares
//   mate-in=N:C                 C forces checkmate within N of its own moves from here, whatever
//                               the other side plays (C to move: "#N"; else after any reply).
//                               Proved, refuted or unknown (a node limit reached) by the prover
//                               the replay installs (mate_claim.h); a win by grammar is no mate.
//   wins-in=N:C                 the same for a win by checkmate or by the opponent's grammatical
//                               incorrectness ("A player wins by checkmate or by forcing ...").

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/timetravel/game.h"

namespace arbiter::timetravel {

struct ClaimOutcome {
  std::string claim;               // as written, without "[%claim "
  bool verified = false;
  std::string reason;              // why it holds or fails: rule, ply, interpretations
  std::vector<std::string> details;  // supporting facts (e.g. the moves to c4 under each interpretation)
};

// The claim commands in a comment, in order.
std::vector<std::string> claims_in(std::string_view comment);

// Judges one claim on `game`, which has just played `move` (ply `ply` of the record).
// Throws ParseError at `where` for a claim of unknown kind or malformed argument.
ClaimOutcome check_claim(Game& game, const Move& move, int ply, std::string_view claim, const SourceLocation& where);

}  // namespace arbiter::timetravel
