#pragma once
// What a Popeye problem states beyond an orthodox diagram and stipulation, as read: its men with
// their colours, attributes and walks (fairy ones included), its conditions with their
// parameters, its options, its stipulation in any form. Arbiter models all of it even where it
// cannot play it yet, so that a problem it cannot solve is named exactly (`unsupported`).

#include <string>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/types.h"
#include "solver/problem/popeye_vocabulary.h"

namespace arbiter::problem {

// A man as "pieces" (or "forsyth", or a twin's "add") places it. The words are popeye_vocabulary.h's
// identifiers, so a German or French file gives the same model as an English one.
struct PopeyeMan {
  std::string colour;                   // "White", "Black", "Neutral"
  std::vector<std::string> attributes;  // "Royal", "Kamikaze", ...
  std::string walk;                     // the piece's English name: "king", "grashopper", "leo"
  std::string code;                     // as the file's language writes it, upper case: "G", "LE"
  std::string hunter_code;              // a hunter's ("S/L" in German) in English codes, lower case: "s/b"
  PieceType orthodox = NoPieceType;     // the orthodox piece the walk is, or NoPieceType
  Square square = NoSquare;
  SourceLocation where;
};

// A condition ("Circe", "Madrasi RexInclusive", "Imitator a1b2"): its identifier and the words
// after it that belong to it, as written.
struct PopeyeCondition {
  std::string id;
  std::vector<std::string> parameters;
  SourceLocation where;
};

// An option ("Variation", "Threat 2", "NoCastling a1h1"): its identifier and its parameters.
struct PopeyeOption {
  std::string id;
  std::vector<std::string> parameters;
  SourceLocation where;
};

// The text above Popeye's diagram, line by line as the directives gave it: each remark where it
// was read, left-aligned; then author, origin, award (the last one given) and title lines, each
// centred over the board.
struct PopeyeHeading {
  std::vector<std::string> remarks, authors, origins, titles;
  std::string award;
};

struct PopeyeElements {
  popeye::Language language = popeye::Language::English;  // the file's, as its first word chose (Popeye prints in it)
  std::vector<PopeyeMan> men;
  int total_invisible = 0;  // the pseudo colour TotalInvisible N
  std::vector<PopeyeCondition> conditions;
  std::vector<PopeyeOption> options;
  std::string stipulation;             // as written: "ser-h=5", or a structured stipulation's words
  bool structured_stipulation = false; // read from "sstipulation"
  bool zero_position = false;          // the diagram is not solved; the twins are
  std::vector<PopeyeMan> target;       // a=>b: the diagram to reach (the men given after the stipulation)
  PopeyeHeading heading;
};

}  // namespace arbiter::problem
