#pragma once
// Men in Popeye's input language, for the "pieces" block, a twin's "add" and "forsyth":
//   pieces white royal kc8 gd4 lea2b2 black neutral pe5 ...
// A colour (White, Black, Neutral; TotalInvisible with a number) starts a group, attributes
// (Royal, Kamikaze, ...) after it apply to the group's men, and each piece word is a piece code
// followed by its squares. A code has one or two characters ("G" grasshopper, "LE" leo, "15"
// the (1,5)-leaper); the word's length tells which: an odd length leaves one character for the
// code, an even one two. Codes are the file's language's (popeye_vocabulary.h, pie-*.txt).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/problem/popeye_elements.h"
#include "solver/problem/popeye_vocabulary.h"
#include "solver/problem/twins.h"

namespace arbiter::problem::popeye {

struct MenRead {
  std::vector<PopeyeMan> men;
  std::optional<int> total_invisible;  // "TotalInvisible 2"
};

// Reads colours, attributes and piece words from `words` up to the first word that is none of
// them (left unread). Throws ParseError at a piece word whose code is unknown, a piece before
// any colour, an attribute before any colour, a TotalInvisible without its number, or, when
// nothing at all was read, at the word after `keyword` ("expected a colour ...").
MenRead read_men(TwinWords& words, Language language, const TwinWord& keyword);

// The walk a piece code names: an entry of the language's piece table, or a hunter "X/Y" of two
// codes (away from its home base it moves as X, towards it as Y), identified as "hunter".
std::optional<Keyword> walk_of(std::string_view code, Language language);
// The man of walk `walk` written `code` in `language` (its square and colour not yet set); a
// hunter's code in English too ("s/l" in German is the knight/bishop hunter "s/b").
PopeyeMan man_of(const Keyword& walk, std::string_view code, Language language);

// For a word that ends a men list but looks like a misspelt piece word ("kz9": a piece code,
// then no squares), the error to give it: "expected the square(s) of the piece after 'k'".
std::optional<ParseError> misspelt_piece_word(const TwinWord& word, Language language);

// Reads a "forsyth" word (rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR, with Popeye's
// extensions: a colour prefix + - =, '.' before a two-character code, runs of blanks of any
// length, the '/' optional). Throws ParseError into the word.
std::vector<PopeyeMan> read_forsyth(const TwinWord& word, Language language);

// The name an unsupported result gives a man's walk: "grasshopper (G)" ("grashopper" is
// Popeye's own spelling of its table entry; the result uses the English word).
std::string walk_name(const PopeyeMan& man);

// The fairy rule set's code of a man whose walk it plays (rules/fairy/piece_table.cpp, by
// Popeye's English code, lower case: "g", "le"), or nothing: an orthodox man, or a walk not there
// yet. A code without a letter (the (1,5)-leaper's "15") has no case to carry its colour in a
// FEN, so it is not played yet either.
std::optional<std::string> fairy_code(const PopeyeMan& man);

// Whether the man is royal by Popeye's attribute (a king is royal by its walk, not counted here).
bool royal_piece(const PopeyeMan& man);

// What the fairy rule set does not play of the man's attributes (Royal, HalfNeutral,
// HurdleColourChanging, Paralysing, Kamikaze and Uncapturable are played; Chameleon on a queen,
// knight, bishop or rook, Popeye's cycle), each named as an unsupported reason: "piece attribute
// Magic"; none when it plays them all.
std::vector<std::string> unplayed_attributes(const PopeyeMan& man);

// The man as a Diagram's fairy cell (diagram.h) when the fairy rule set places it: a fairy man
// by its code, upper case for White ("G", "le"), and a man with attributes by their initials and
// ':' before its code ("r:G" a royal grasshopper, "r:p" a black royal pawn, "c:Q" a chameleon
// queen, "h:R" a half-neutral rook, "p:B" a paralysing bishop, "nh:P" a neutral half-neutral pawn; a king's Royal is its walk's); nothing for a plain orthodox man, and for a fairy man not
// played yet.
std::optional<std::string> fairy_cell_of(const PopeyeMan& man);

}  // namespace arbiter::problem::popeye
