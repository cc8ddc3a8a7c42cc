#pragma once
// The keywords of Popeye's input language in English, German and French, as data, so that a
// reader can take Popeye input written in any of them. Popeye picks the language from a file's
// first word (`language_of_begin`) and from then on reads every keyword in that language only.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/types.h"

namespace arbiter::problem::popeye {

enum class Language { English, German, French };

// One table per kind of word.
enum class Kind {
  Directive,         // what starts a part of a problem: BeginProblem, Pieces, Stipulation, EndProblem, ...
  EndOrTwin,         // what ends a twin: Twin, ZeroPosition
  TwinOperation,     // what a twin changes: Move, Exchange, Add, Remove, Rotate, Mirror, ...
  MirrorAxis,        // the axis after the twin operation Mirror: a1<-->h1, ...
  Option,            // Variations, NoThreat, SetPlay, ...
  Condition,         // the fairy conditions: Circe, Madrasi, ...
  ConditionVariant,  // the words after a condition (Circe's variants, Grid's, Sentinelles', ...), by group
  Colour,            // White, Black, Neutral, TotalInvisible
  PieceAttribute,    // Royal, Kamikaze, Chameleon, ...
  Piece,             // the piece walks by their one- or two-letter codes
};

// The separate lists Popeye looks a word up in. A kind with several groups consults them in the
// order below and stops at the first group that has a word matching (as Popeye does); the
// variant words are meaningful only in the group of the condition just read, so a reader
// looks those up by group.
enum class Group {
  InitialTwin,      // Directive: Remark ... Forsyth, the parts of a problem
  Problem,          // Directive: EndProblem, NextProblem
  Begin,            // Directive: BeginProblem
  EndTwin,          // EndOrTwin
  Twinning,         // TwinOperation
  TwinningMirror,   // MirrorAxis
  Options,          // Option
  Conditions,       // Condition
  ExtraConditions,  // Condition: Maximummer, UltraSchachZwang (read only when no condition matches)
  Vaulting,         // ConditionVariant, after VaultingKings: Transmuting
  Lettered,         // ConditionVariant, after Madrasi, Isardam, AnnanChess, NannaChess, the oscillating kings
  Numbered,         // ConditionVariant, after MagicSquares, SingleBox, RepublicanChess: Type1..Type3
  AntiCirce,        // ConditionVariant, after the AntiCirce family: Calvet, Cheylan
  Sentinelles,      // ConditionVariant
  Grid,             // ConditionVariant, after GridChess
  Kobul,            // ConditionVariant, after KobulKings: White, Black
  Koeko,            // ConditionVariant, after KoeKo, AntiKoeko: Neighbour
  Circe,            // ConditionVariant, after the Circe family (and Geneva, Phantom, ...)
  Mummer,           // ConditionVariant, after Maximummer and the one-sided mummers: exact, ultra
  Breton,           // ConditionVariant
  CAST,             // ConditionVariant, after CASTChess
  TakeMake,         // ConditionVariant, after Take&MakeChess
  Colours,          // Colour
  PieceAttributes,  // PieceAttribute
  Pieces,           // Piece
};

// One keyword and its spelling in each language.
struct Keyword {
  // The English keyword as Popeye spells it ("BeginProblem", "Circe", "Twin"; a lower-case
  // English token is capitalised as Popeye's manual writes it); for a piece, its English name
  // in Popeye's pie-engl.txt ("knight", "grashopper").
  std::string_view id;
  Group group;
  std::string_view english;
  std::string_view german;
  std::string_view french;

  constexpr std::string_view in(Language language) const {
    switch (language) {
      case Language::German:
        return german;
      case Language::French:
        return french;
      case Language::English:
        break;
    }
    return english;
  }
};

// What a word names: one keyword, or, when it abbreviates several, all of them.
struct VocabularyMatch {
  const Keyword* keyword = nullptr;         // null when the word is ambiguous
  std::vector<const Keyword*> candidates;   // when ambiguous: every keyword it abbreviates, in table order
  bool ambiguous() const { return keyword == nullptr; }
};

Kind kind_of(Group group);
std::string_view group_name(Group group);  // "Circe", "Sentinelles", "InitialTwin", ...

// A kind's table (its groups one after the other, in the order they are consulted), or one group.
std::span<const Keyword> keywords(Kind kind);
std::span<const Keyword> keywords(Group group);

// The keyword `word` names in `language`, case-insensitively, abbreviations allowed as Popeye
// allows them (the rule is in the .cpp); nothing when it names none. Piece codes are matched
// whole.
std::optional<VocabularyMatch> find_keyword(Kind kind, Language language, std::string_view word);
std::optional<VocabularyMatch> find_keyword(Group group, Language language, std::string_view word);

// The language a file's first word selects: BeginProblem in one of the languages, abbreviated
// as allowed ("beginproblem", "begin", "AnfangProblem", "anf", "DebutProbleme", "deb").
std::optional<Language> language_of_begin(std::string_view word);

// Every spelling of a kind or a group in a language, in table order (for "expected one of ...").
std::vector<std::string_view> spellings(Kind kind, Language language);
std::vector<std::string_view> spellings(Group group, Language language);

// The keywords' spellings in `language`, joined by ", " (an ambiguous word's candidates).
std::string joined_spellings(const std::vector<const Keyword*>& keywords, Language language);

// "English", "German", "French".
std::string_view language_name(Language language);

// How `language` spells the keyword of `kind` whose identifier is `id` ("White" -> "Weiss"),
// or `id` itself when there is none.
std::string_view spelling_of(Kind kind, std::string_view id, Language language);

// The orthodox piece a piece code names in `language` ("S" the knight in English and German,
// "C" in French; "B" the bishop in English, the pawn in German), NoPieceType for any other.
PieceType orthodox_piece(Language language, std::string_view code);

// The orthodox pieces' codes in `language`, for messages: "K (king), Q (queen), R (rook), ...".
std::string orthodox_piece_letters(Language language);

}  // namespace arbiter::problem::popeye
