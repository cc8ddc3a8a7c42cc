#pragma once
// Twins in Popeye's words, read from Popeye input ("twin move b8 a7") or from a PGN [Twins]
// tag ("move b8 a7; continued move b3 c2"), and the positions they give.
//
// A twin is a list of operations applied to the diagram, or, when it starts with "continued",
// to the twin before it:
//   move SQ SQ        the man on the first square goes to the second (a man there is removed)
//   exchange SQ SQ    the men on the two squares change places (both must be occupied)
//   remove SQS        the men on the squares ("remove e7", "remove a2b3") leave the board
//   add COLOUR MEN    men added, as in 'pieces': "add white pb4 se8 black ra6"; as in Popeye, a
//                     man already on the square is replaced (it may not be the same man)
//   rotate 90|180|270 the board turns counter-clockwise (rotate 90 takes a1 to h1, h1 to h8)
//   mirror a1<-->h1   files reversed; a1<-->a8 ranks reversed; a1<-->h8 and a8<-->h1 reflect
//                     the board in the diagonal that does not hold those two squares
//   shift SQ SQ       every man moves by the vector between the squares (none may leave the board)
//   substitute X Y    every man of type X, of either colour, becomes a Y (Popeye letters, S knight;
//                     fairy codes too, "substitute g n")
//   PolishType        every man changes colour, staying on its square
//   stipulation ST    the twin's stipulation ("stipulation h#3")
// Keywords are case-insensitive and may be abbreviated to a unique prefix, as Popeye allows; in
// Popeye input they are in the file's language (German "versetze", French "deplacement", ...).
// Each twin's castling rights are worked out again (diagram.h), its side to move is its
// stipulation's first mover, and its position is checked like the diagram's.

#include <optional>
#include <string>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/types.h"
#include "solver/problem/diagram.h"
#include "solver/problem/problem.h"
#include "solver/problem/popeye_vocabulary.h"

namespace arbiter::problem {

struct TwinWord {
  std::string text;
  SourceLocation where;
};

// Where a twin's words come from: the Popeye scanner, or one ';'-separated part of a tag.
class TwinWords {
 public:
  virtual ~TwinWords() = default;
  virtual std::optional<TwinWord> peek() = 0;
  virtual std::optional<TwinWord> next() = 0;
  virtual SourceLocation end_location() = 0;  // where "found nothing" points
  // True when `word`, which is no twinning keyword, ends the twin (Popeye input: the next
  // directive, "twin", "end", "next"); false makes it an error.
  virtual bool ends_twin(const TwinWord& word) = 0;
  // The language of the keywords (Popeye input in German or French; a PGN [Twins] tag is English).
  virtual popeye::Language language() const { return popeye::Language::English; }
};

enum class Mirror { A1H1, A1A8, A1H8, A8H1 };

struct TwinOperation {
  enum Kind { Move, Exchange, Remove, Add, Rotate, Mirror, Shift, Substitute, PolishType, NewStipulation };
  struct Target {
    Square square;
    SourceLocation where;
    Piece piece = NoPiece;  // Add: the man added, when orthodox
    std::string fairy = {}; // Add: the fairy man added, as a Diagram's fairy cell ("G" white, "g" black)
  };
  Kind kind = Move;
  TwinWord keyword;
  std::vector<Target> targets;  // Move, Exchange, Shift: from and to; Remove: the squares; Add: the men
  int degrees = 0;              // Rotate
  problem::Mirror mirror = problem::Mirror::A1H1;
  // Substitute: an orthodox type, or NoPieceType and a fairy man's code, lower case ("g")
  PieceType from_type = NoPieceType, to_type = NoPieceType;
  std::string from_code, to_code;
  Stipulation stipulation;                                   // NewStipulation
};

struct TwinText {
  SourceLocation where;  // Popeye's "twin" keyword, or the twin's text in a [Twins] tag
  bool continued = false;
  std::vector<TwinOperation> operations;
  std::string description;  // the words as written, one blank apart: "continued move b3 c2"
  // What the twin asks for that Arbiter does not play ("condition Circe", "piece grasshopper (G)",
  // "stipulation ser-#3 (series mate)"): read and named, not applied.
  std::vector<std::string> unsupported;
};

// Reads one twin's operations up to the first word that is no twinning keyword and ends the
// twin (left unread). Throws ParseError at the word: an unknown or ambiguous keyword (listing
// the twinning keywords), a missing or malformed square, piece or rotation angle. A condition,
// a structured stipulation, a stipulation Arbiter does not play or a fairy man the fairy rule
// set does not play (or one with an attribute) are read and named in `unsupported`.
TwinText read_twin(TwinWords& words, const SourceLocation& where);

struct TwinState {
  Diagram diagram;
  Stipulation stipulation;
};

// The twins of a problem: a) the diagram itself (`diagram_fen`, located at `problem_where`),
// then one per text, applied to the diagram or, continued, to the twin before it. A twin
// whose operation cannot apply (a move from an empty square, an addition on an occupied one,
// a shift off the board) or whose position is illegal is a ParseError at the operation or the
// twin. `direct_mate_side` moves first in a direct mate (a PGN FEN may give Black the move).
std::vector<Twin> derive_twins(const TwinState& diagram, const std::string& diagram_fen, const SourceLocation& problem_where,
                               const std::vector<TwinText>& texts, Color direct_mate_side = White);

// "a" for twin 0, "b" for twin 1, ..., "z" for twin 25, then "z1", "z2", ... as Popeye labels them.
std::string twin_label(std::size_t index);

// The twinning keywords as Popeye spells them, for messages and documentation.
const std::vector<std::string>& twinning_keywords();

}  // namespace arbiter::problem
