#pragma once
// A problem's diagram as a problem file states it: men on squares, plus the castling and en
// passant facts Popeye's options add; and the position it gives under a stipulation. Popeye
// input and twins (which change the men and work the rest out again) build positions here.

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/position.h"
#include "rules/core/types.h"
#include "solver/problem/problem.h"

namespace arbiter::problem {

struct Diagram {
  std::array<Piece, 64> board{};  // NoPiece where empty, and where a fairy man stands
  // A fairy man by Popeye's code as the fairy rule set's FEN writes it, upper case for White
  // ("G" a white grasshopper, "le" a black leo); empty where none stands.
  std::array<std::string, 64> fairy{};
  // Popeye's castling rule: a king and a rook on their home squares keep their right, unless
  // NoCastling names one of their squares or, bare, removes every right.
  bool no_castling_all = false;
  std::vector<Square> no_castling;
  // Popeye's option EnPassant: the square a pawn of the side not to move has just passed over
  // in a double step; NoSquare without one.
  Square en_passant = NoSquare;
  // A side may have no king (Popeye's NoWk/NoBk, or a diagram without one, which Popeye solves
  // after a warning): the problem is played under orthodox.king-count=at-most-one.
  bool kings_optional = false;
};

// The castling rights Popeye's rule gives the diagram.
int home_square_castling_rights(const Diagram& diagram);

// A PGN problem's diagram: the men and e.p. square of `pos`, and, as NoCastling squares, the
// rook squares whose right the FEN denies although king and rook stand at home (so a twin keeps
// a right the composer denied denied, and gets the rights its own king and rooks give it).
Diagram diagram_of(const Position& pos);

// True when the diagram's e.p. square still fits with `side` to move: the pawn of the other
// side stands just beyond it, and it and the square behind it are empty.
bool en_passant_fits(const Diagram& diagram, Color side);

// The position with `side` to move, castling rights by home_square_castling_rights() and the
// e.p. square when it fits (a twin may have moved the pawn). No legality check.
Position position_of(const Diagram& diagram, Color side);

bool has_fairy_men(const Diagram& diagram);

// A fairy cell read: "r:G" is a royal white grasshopper (code "g"), "le" a black leo, "c:q" a
// black chameleon queen.
struct FairyCell {
  std::string attributes;  // the initials (rules/fairy/variant.h): "r" royal, "c" chameleon, "n" neutral, "h" half-neutral, "s" hurdle colour changing
  bool royal() const { return attributes.find('r') != std::string::npos; }
  bool neutral() const { return attributes.find('n') != std::string::npos; }  // then `colour` means nothing
  std::string code;  // lower case
  Color colour = White;
};
FairyCell fairy_cell(const std::string& cell);
std::string fairy_cell_text(const FairyCell& cell);

// The diagram of a fairy FEN (the fairy rule set's, "(G)" a grasshopper): its men, its e.p.
// square, and as NoCastling squares the rook corners whose right it denies though king and rook
// stand at home (as diagram_of() does for an orthodox position). Throws ParseError at `where`
// for a placement that does not read as 8 x 8 squares.
Diagram fairy_diagram_of(std::string_view fen, const SourceLocation& where);

// The FEN of position_of(diagram, side) with the fairy men set in by code ("(G)", "(le)").
std::string fairy_fen(const Diagram& diagram, Color side);

// fairy_fen() after the fairy rule set's checks (no pawn on the first or last rank, the side not
// to move not in check with the fairy men's walks). Throws ParseError at `board_at`, in the words
// of legal_problem_fen().
std::string legal_fairy_problem_fen(const Diagram& diagram, Color side, const Stipulation& stipulation,
                                    const SourceLocation& board_at, const std::string& what = {});

// Whether the board field of `fen` holds a king of colour `c` (a side without one is played
// under orthodox.king-count=at-most-one).
bool fen_has_king(std::string_view fen, Color c);

// The FEN of a problem's position after the orthodox legality checks every reader applies
// (one king a side, or at most one with `kings_optional`; no pawn on the first or last rank, the side not to move not in check, ...).
// Throws ParseError: at `side_at` (where the side to move is decided: the stipulation) when the
// side not to move is in check, else at `board_at`. `what` names the position in the message
// ("twin b) (move b8 a7)"), empty for the diagram itself.
std::string legal_problem_fen(const Position& pos, const Stipulation& stipulation, const SourceLocation& side_at,
                              const SourceLocation& board_at, const std::string& what = {}, bool kings_optional = false);

}  // namespace arbiter::problem
