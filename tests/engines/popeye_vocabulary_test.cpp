// Popeye's keyword vocabulary in English, German and French (solver/problem/popeye_vocabulary.h):
// the tables hold as many words as Popeye 4.104's enums, every spelling finds its own keyword,
// and lookups follow Popeye's abbreviation rule, its order of lists and its choice of language.

#include <catch2/catch.hpp>

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "solver/problem/popeye_vocabulary.h"

using namespace arbiter::problem::popeye;

namespace {

const Language AllLanguages[] = {Language::English, Language::German, Language::French};

const Kind AllKinds[] = {Kind::Directive,        Kind::EndOrTwin, Kind::TwinOperation,  Kind::MirrorAxis, Kind::Option,
                         Kind::Condition,        Kind::Colour,    Kind::PieceAttribute, Kind::Piece,
                         Kind::ConditionVariant};

// The groups of a kind, in table order.
std::vector<Group> groups_of(Kind kind) {
  std::vector<Group> out;
  for (const Keyword& entry : keywords(kind))
    if (out.empty() || out.back() != entry.group) out.push_back(entry.group);
  return out;
}

// The id a word names, "" for none and "?" when ambiguous.
std::string id_of(const std::optional<VocabularyMatch>& match) {
  if (!match) return "";
  if (match->ambiguous()) return "?";
  return std::string(match->keyword->id);
}

std::string id_of(Kind kind, Language language, std::string_view word) {
  return id_of(find_keyword(kind, language, word));
}

std::string id_of(Group group, Language language, std::string_view word) {
  return id_of(find_keyword(group, language, word));
}

std::vector<std::string> candidate_ids(const std::optional<VocabularyMatch>& match) {
  std::vector<std::string> out;
  if (match)
    for (const Keyword* candidate : match->candidates) out.emplace_back(candidate->id);
  return out;
}

std::string code(std::string_view id, Language language) {
  for (const Keyword& piece : keywords(Kind::Piece))
    if (piece.id == id) return std::string(piece.in(language));
  return "";
}

}  // namespace

TEST_CASE("popeye vocabulary: every table holds as many words as Popeye's enum", "[popeye-vocabulary]") {
  // Popeye 4.104: output/plaintext/language_dependant.h (InitialTwinToken 16 less its separator
  // "\n", ProblemToken 2, GlobalToken 1, EndTwinToken 2, the Sentinelles, Grid, Kobul, Circe,
  // Breton, CAST and Take&Make variant enums), input/plaintext/twin.h (TwinningType 13,
  // TwinningMirrorType 4), options/options.h (Opt 39), conditions/conditions.h (Cond 241,
  // ExtraCond 2, the lettered 4 and numbered 3 variant types), conditions/circe/circe.h
  // (anticirce_type_type 2), conditions/mummer.h (4 less the two without a word),
  // position/color.enum.h (Colour 4), pieces/pieces.h (piece_flag_type 22 less the 2 colours;
  // piece_walk_type King..Scarabeus 162); the vaulting and Koeko variants are one word each.
  CHECK(keywords(Group::InitialTwin).size() == 15);
  CHECK(keywords(Group::Problem).size() == 2);
  CHECK(keywords(Group::Begin).size() == 1);
  CHECK(keywords(Kind::Directive).size() == 18);
  CHECK(keywords(Kind::EndOrTwin).size() == 2);
  CHECK(keywords(Kind::TwinOperation).size() == 13);
  CHECK(keywords(Kind::MirrorAxis).size() == 4);
  CHECK(keywords(Kind::Option).size() == 39);
  CHECK(keywords(Group::Conditions).size() == 241);
  CHECK(keywords(Group::ExtraConditions).size() == 2);
  CHECK(keywords(Kind::Condition).size() == 243);
  CHECK(keywords(Group::Vaulting).size() == 1);
  CHECK(keywords(Group::Lettered).size() == 4);
  CHECK(keywords(Group::Numbered).size() == 3);
  CHECK(keywords(Group::AntiCirce).size() == 2);
  CHECK(keywords(Group::Sentinelles).size() == 8);
  CHECK(keywords(Group::Grid).size() == 6);
  CHECK(keywords(Group::Kobul).size() == 2);
  CHECK(keywords(Group::Koeko).size() == 1);
  CHECK(keywords(Group::Circe).size() == 37);
  CHECK(keywords(Group::Mummer).size() == 2);
  CHECK(keywords(Group::Breton).size() == 3);
  CHECK(keywords(Group::CAST).size() == 1);
  CHECK(keywords(Group::TakeMake).size() == 1);
  CHECK(keywords(Kind::ConditionVariant).size() == 71);
  CHECK(keywords(Kind::Colour).size() == 4);
  CHECK(keywords(Kind::PieceAttribute).size() == 20);
  CHECK(keywords(Kind::Piece).size() == 162);

  // Each group lies in one piece of its kind's table, and its ids are its own.
  std::set<Group> seen;
  for (const Kind kind : AllKinds)
    for (const Group group : groups_of(kind)) {
      INFO(group_name(group));
      CHECK(kind_of(group) == kind);
      CHECK(seen.insert(group).second);
      std::set<std::string_view> ids;
      for (const Keyword& entry : keywords(group)) CHECK(ids.insert(entry.id).second);
    }
  CHECK(seen.size() == 25);
}

TEST_CASE("popeye vocabulary: German keywords", "[popeye-vocabulary]") {
  const auto de = Language::German;
  CHECK(id_of(Kind::Directive, de, "AnfangProblem") == "BeginProblem");
  CHECK(id_of(Kind::Directive, de, "anfang") == "BeginProblem");
  CHECK(id_of(Kind::Directive, de, "Ende") == "EndProblem");
  CHECK(id_of(Kind::Directive, de, "WeiteresProblem") == "NextProblem");
  CHECK(id_of(Kind::Directive, de, "Steine") == "Pieces");
  CHECK(id_of(Kind::Directive, de, "sTeInE") == "Pieces");
  CHECK(id_of(Kind::Directive, de, "Forderung") == "Stipulation");
  CHECK(id_of(Kind::Directive, de, "sForderung") == "SStipulation");
  CHECK(id_of(Kind::Directive, de, "Bedingung") == "Condition");
  CHECK(id_of(Kind::Directive, de, "Autor") == "Author");
  CHECK(id_of(Kind::Directive, de, "Quelle") == "Origin");
  CHECK(id_of(Kind::EndOrTwin, de, "Zwilling") == "Twin");
  CHECK(id_of(Kind::EndOrTwin, de, "Null") == "ZeroPosition");
  CHECK(id_of(Kind::TwinOperation, de, "versetze") == "Move");
  CHECK(id_of(Kind::TwinOperation, de, "Farbwechsel") == "PolishType");
  CHECK(id_of(Kind::Option, de, "Satzspiel") == "SetPlay");
  CHECK(id_of(Kind::Option, de, "Varianten") == "Variations");
  CHECK(id_of(Kind::Condition, de, "SpiegelCirce") == "MirrorCirce");
  CHECK(id_of(Kind::Colour, de, "Weiss") == "White");
  CHECK(id_of(Kind::Colour, de, "schwarz") == "Black");
  CHECK(id_of(Kind::PieceAttribute, de, "Koeniglich") == "Royal");
  // The English words are not German.
  CHECK(id_of(Kind::Directive, de, "pieces") == "");
  CHECK(id_of(Kind::Directive, de, "stipulation") == "");
}

TEST_CASE("popeye vocabulary: French keywords", "[popeye-vocabulary]") {
  const auto fr = Language::French;
  CHECK(id_of(Kind::Directive, fr, "DebutProbleme") == "BeginProblem");
  CHECK(id_of(Kind::Directive, fr, "FinProbleme") == "EndProblem");
  CHECK(id_of(Kind::Directive, fr, "asuivre") == "NextProblem");
  CHECK(id_of(Kind::Directive, fr, "pieces") == "Pieces");  // before PiecesLaTeX, which it begins
  CHECK(id_of(Kind::Directive, fr, "PiecesL") == "LaTeXPieces");
  CHECK(id_of(Kind::Directive, fr, "enonce") == "Stipulation");
  CHECK(id_of(Kind::Directive, fr, "senonce") == "SStipulation");
  CHECK(id_of(Kind::Directive, fr, "auteur") == "Author");
  CHECK(id_of(Kind::Directive, fr, "titre") == "Title");
  CHECK(id_of(Kind::EndOrTwin, fr, "jumeau") == "Twin");
  CHECK(id_of(Kind::TwinOperation, fr, "ote") == "Remove");
  CHECK(id_of(Kind::TwinOperation, fr, "enplus") == "Continued");
  CHECK(id_of(Kind::Option, fr, "Menace") == "Threat");
  CHECK(id_of(Kind::Condition, fr, "CirceMalefique") == "MirrorCirce");
  CHECK(id_of(Kind::Colour, fr, "Blanc") == "White");
  CHECK(id_of(Kind::PieceAttribute, fr, "Cameleon") == "Chameleon");
  // A word the parts of a problem match decides there, before the ends of a problem are tried
  // (as in Popeye): "a" is auteur, "as" is asuivre; "f" is Forsyth, "fin" FinProbleme.
  CHECK(id_of(Kind::Directive, fr, "a") == "Author");
  CHECK(id_of(Kind::Directive, fr, "as") == "NextProblem");
  CHECK(id_of(Kind::Directive, fr, "f") == "Forsyth");
  CHECK(id_of(Kind::Directive, fr, "fin") == "EndProblem");
}

TEST_CASE("popeye vocabulary: the language is the one whose BeginProblem the first word abbreviates",
          "[popeye-vocabulary]") {
  CHECK(language_of_begin("beginproblem") == Language::English);
  CHECK(language_of_begin("BeginProblem") == Language::English);
  CHECK(language_of_begin("BEGIN") == Language::English);
  CHECK(language_of_begin("b") == Language::English);
  CHECK(language_of_begin("AnfangProblem") == Language::German);
  CHECK(language_of_begin("anf") == Language::German);
  CHECK(language_of_begin("DebutProbleme") == Language::French);
  CHECK(language_of_begin("deb") == Language::French);
  CHECK_FALSE(language_of_begin("beginproblems"));
  CHECK_FALSE(language_of_begin("Problem"));
  CHECK_FALSE(language_of_begin("EndeProblem"));
  CHECK_FALSE(language_of_begin("pieces"));
  CHECK_FALSE(language_of_begin(""));
}

TEST_CASE("popeye vocabulary: an abbreviation of several keywords is ambiguous and names them", "[popeye-vocabulary]") {
  const auto en = Language::English;
  const auto pieces_or_protocol = find_keyword(Kind::Directive, en, "p");
  REQUIRE(pieces_or_protocol);
  CHECK(pieces_or_protocol->ambiguous());
  CHECK(candidate_ids(pieces_or_protocol) == std::vector<std::string>{"Pieces", "Protocol"});

  CHECK(candidate_ids(find_keyword(Kind::Option, en, "no")) ==
        std::vector<std::string>{"NoWk", "NoBk", "NoThreat", "NoSymmetry", "NonTrivial", "NoBoard",
                                 "NoShortVariations", "NoCastling"});
  CHECK(candidate_ids(find_keyword(Kind::Option, en, "Max")) ==
        std::vector<std::string>{"MaxSolutions", "MaxFlightsquares", "MaxTime"});
  CHECK(candidate_ids(find_keyword(Kind::Condition, en, "circ")) ==
        std::vector<std::string>{"Circe", "CirceClone", "CirceAssassin", "CirceTurncoats", "CirceDoubleAgents",
                                 "CirceTake&Make"});
  CHECK(candidate_ids(find_keyword(Kind::PieceAttribute, en, "Ali")) == std::vector<std::string>{"AliceA", "AliceB"});
  CHECK(candidate_ids(find_keyword(Kind::Colour, Language::French, "N")) ==
        std::vector<std::string>{"Black", "Neutral"});
  // German "a": Autor and Auszeichnung, in the parts of a problem, which are consulted before
  // AnfangProblem (Popeye reports it ambiguous inside a problem too).
  CHECK(candidate_ids(find_keyword(Kind::Directive, Language::German, "a")) ==
        std::vector<std::string>{"Author", "Award"});

  // One more letter settles it; a unique abbreviation has no candidates.
  const auto pieces = find_keyword(Kind::Directive, en, "pi");
  REQUIRE(pieces);
  CHECK_FALSE(pieces->ambiguous());
  CHECK(pieces->keyword->id == "Pieces");
  CHECK(pieces->candidates.empty());
  CHECK(id_of(Kind::Option, en, "NoT") == "NoThreat");
  CHECK(id_of(Kind::Option, en, "var") == "Variations");
  CHECK(id_of(Kind::Option, en, "Variationsx") == "");
  CHECK(id_of(Kind::Option, en, "") == "");
}

TEST_CASE("popeye vocabulary: a keyword spelled in full beats the longer ones it begins", "[popeye-vocabulary]") {
  const auto en = Language::English;
  CHECK(id_of(Kind::Condition, en, "Circe") == "Circe");  // not CirceClone, CirceAssassin, ...
  CHECK(id_of(Kind::Condition, en, "circe") == "Circe");
  CHECK(id_of(Kind::Condition, en, "CirceC") == "CirceClone");
  CHECK(id_of(Kind::Condition, en, "Anda") == "Anda");  // not AndaInverse
  CHECK(id_of(Kind::Condition, en, "Bolero") == "Bolero");
  CHECK(id_of(Kind::Condition, en, "Masand") == "Masand");
  CHECK(id_of(Kind::Condition, Language::French, "Immun") == "ImmunChess");  // 9 French conditions begin with it
  CHECK(id_of(Kind::Option, Language::French, "Apparent") == "SetPlay");      // not ApparentSeul
  CHECK(id_of(Kind::Option, Language::French, "ApparentS") == "WhiteToPlay");
  CHECK(id_of(Kind::Directive, en, "LaTeX") == "LaTeX");  // not LaTeXPieces
  CHECK(id_of(Kind::PieceAttribute, en, "Anda") == "Anda");
  CHECK(id_of(Group::Circe, Language::French, "Malefique") == "Mirror");  // not MalefiqueVerticale

  // French spells AnnanChess and NannaChess alike; as in Popeye, the first one wins, and the
  // common beginning is ambiguous.
  CHECK(id_of(Kind::Condition, Language::French, "AnnanEchecs") == "AnnanChess");
  CHECK(candidate_ids(find_keyword(Kind::Condition, Language::French, "Annan")) ==
        std::vector<std::string>{"AnnanChess", "NannaChess"});
}

TEST_CASE("popeye vocabulary: Maximummer and UltraSchachZwang only when no condition matches", "[popeye-vocabulary]") {
  const auto en = Language::English;
  const auto maximummer = find_keyword(Kind::Condition, en, "Maximummer");
  REQUIRE(maximummer);
  REQUIRE_FALSE(maximummer->ambiguous());
  CHECK(maximummer->keyword->group == Group::ExtraConditions);
  CHECK(id_of(Kind::Condition, en, "UltraS") == "UltraSchachZwang");
  CHECK(id_of(Kind::Condition, en, "UltraP") == "UltraPatrol");
  CHECK(candidate_ids(find_keyword(Kind::Condition, en, "Ultra")) ==
        std::vector<std::string>{"UltraPatrol", "UltramarineChess"});  // UltraSchachZwang is not consulted
  CHECK(id_of(Kind::Condition, Language::German, "Laengst") == "Maximummer");
  CHECK(id_of(Kind::Condition, Language::French, "Maximum") == "Maximummer");
}

TEST_CASE("popeye vocabulary: condition variants are read in their condition's group", "[popeye-vocabulary]") {
  const auto en = Language::English;
  const auto calvet = find_keyword(Group::Circe, en, "Calvet");
  REQUIRE(calvet);
  REQUIRE_FALSE(calvet->ambiguous());
  CHECK(calvet->keyword->group == Group::Circe);
  // Across the whole kind the first group with the word decides: AntiCirce's Calvet.
  CHECK(find_keyword(Kind::ConditionVariant, en, "Calvet")->keyword->group == Group::AntiCirce);
  CHECK(id_of(Group::Circe, en, "PWC") == "PWC");
  CHECK(id_of(Group::Circe, Language::German, "Platzwechsel") == "PWC");
  CHECK(id_of(Group::Circe, en, "rexi") == "RexInclusive");
  CHECK(id_of(Group::Circe, en, "rex") == "?");
  CHECK(id_of(Group::Sentinelles, Language::German, "MaximumSchwarz") == "MaximumBlack");
  CHECK(id_of(Group::Grid, Language::French, "LigneGrille") == "GridLine");
  CHECK(id_of(Group::Kobul, Language::French, "Noirs") == "Black");
  CHECK(id_of(Group::Lettered, Language::German, "TypB") == "TypeB");
  CHECK(id_of(Group::Lettered, en, "TypeB") == "TypeB");
  CHECK(id_of(Group::Lettered, en, "Type1") == "");
  CHECK(id_of(Group::Numbered, en, "Type1") == "Type1");
  CHECK(id_of(Group::Mummer, Language::German, "exakt") == "Exact");
  CHECK(id_of(Group::Koeko, en, "Neighbour") == "Neighbour");
  CHECK(id_of(Group::Vaulting, Language::French, "Transmute") == "Transmuting");
  CHECK(id_of(Group::CAST, Language::French, "Invverse") == "Inverse");  // Popeye's spelling
  CHECK(id_of(Group::TakeMake, Language::German, "Absolut") == "Absolute");
  CHECK(id_of(Group::Breton, en, "PY") == "PY");
  CHECK(id_of(Kind::MirrorAxis, Language::German, "a1<-->h8") == "a1<-->h8");
}

TEST_CASE("popeye vocabulary: piece codes in the three languages, matched whole", "[popeye-vocabulary]") {
  const auto en = Language::English, de = Language::German, fr = Language::French;
  struct Codes {
    std::string id, english, german, french;
  };
  const std::vector<Codes> codes = {
      {"king", "K", "K", "R"},           {"queen", "Q", "D", "D"},          {"rook", "R", "T", "T"},
      {"bishop", "B", "L", "F"},         {"knight", "S", "S", "C"},         {"pawn", "P", "B", "P"},
      {"grashopper", "G", "G", "S"},     {"nightrider", "N", "N", "N"},     {"zebra", "Z", "Z", "Z"},
      {"camel", "CA", "CA", "CH"},       {"leo", "LE", "LE", "LE"},         {"locust", "L", "H", "L"},
      {"amazon", "AM", "AM", "AM"},      {"empress", "EM", "KN", "IM"},     {"princess", "PR", "PR", "PR"},
      {"berolina pawn", "BP", "BB", "PB"}, {"cardinal", "C", "KL", "CA"},   {"moose", "M", "EL", "E"},
      {"Scarabeus", "SC", "SR", "SS"},
  };
  for (const auto& c : codes) {
    INFO(c.id);
    CHECK(code(c.id, en) == c.english);
    CHECK(code(c.id, de) == c.german);
    CHECK(code(c.id, fr) == c.french);
    CHECK(id_of(Kind::Piece, en, c.english) == c.id);
    CHECK(id_of(Kind::Piece, de, c.german) == c.id);
    CHECK(id_of(Kind::Piece, fr, c.french) == c.id);
  }
  CHECK(id_of(Kind::Piece, en, "s") == "knight");
  CHECK(id_of(Kind::Piece, fr, "c") == "knight");
  CHECK(id_of(Kind::Piece, en, "le") == "leo");
  CHECK(id_of(Kind::Piece, en, "Le") == "leo");
  // No abbreviation: "A" begins AL and AM but is no English code; "LEO" is no code.
  CHECK(id_of(Kind::Piece, en, "A") == "");
  CHECK(id_of(Kind::Piece, en, "LEO") == "");
  CHECK(id_of(Kind::Piece, fr, "A") == "friend");
  CHECK(id_of(Kind::Piece, en, "KN") == "");  // the German empress
  CHECK(id_of(Kind::Piece, en, "") == "");
}

TEST_CASE("popeye vocabulary: every spelling finds its own keyword", "[popeye-vocabulary]") {
  // By group, in every language; and across its whole kind, where the first group that has the
  // word decides, for every kind but the condition variants (their groups share words such as
  // Calvet, which the reader looks up in the group of its condition). A full spelling finding
  // its entry also proves that no longer keyword it begins comes before it. The one exception
  // is French "AnnanEchecs", both AnnanChess and NannaChess, which finds the first.
  int spellings_checked = 0;
  int found_earlier_twin = 0;
  for (const Kind kind : AllKinds)
    for (const Language language : AllLanguages)
      for (const Group group : groups_of(kind)) {
        const auto list = keywords(group);
        for (std::size_t i = 0; i < list.size(); ++i) {
          const Keyword& entry = list[i];
          const std::string_view spelling = entry.in(language);
          INFO(group_name(group) << " " << int(language) << " " << entry.id << " '" << spelling << "'");
          REQUIRE_FALSE(spelling.empty());
          const auto in_group = find_keyword(group, language, spelling);
          REQUIRE(in_group);
          REQUIRE_FALSE(in_group->ambiguous());
          ++spellings_checked;
          if (in_group->keyword != &entry) {
            ++found_earlier_twin;
            CHECK(in_group->keyword < &entry);
            CHECK(in_group->keyword->in(language) == spelling);
            CHECK(in_group->keyword->id == "AnnanChess");
            CHECK(entry.id == "NannaChess");
            CHECK(language == Language::French);
            continue;
          }
          if (kind == Kind::ConditionVariant) continue;
          const auto in_kind = find_keyword(kind, language, spelling);
          REQUIRE(in_kind);
          REQUIRE_FALSE(in_kind->ambiguous());
          CHECK(in_kind->keyword == &entry);
        }
      }
  CHECK(found_earlier_twin == 1);
  CHECK(spellings_checked == 3 * (18 + 2 + 13 + 4 + 39 + 243 + 71 + 4 + 20 + 162));
}

TEST_CASE("popeye vocabulary: the spellings of a kind or group, for error messages", "[popeye-vocabulary]") {
  CHECK(spellings(Kind::Colour, Language::German) ==
        std::vector<std::string_view>{"Weiss", "Schwarz", "Neutral", "TotalUnsichtbar"});
  CHECK(spellings(Kind::EndOrTwin, Language::French) == std::vector<std::string_view>{"jumeau", "zeroposition"});
  CHECK(spellings(Group::Kobul, Language::French) == std::vector<std::string_view>{"Blancs", "Noirs"});
  CHECK(spellings(Group::Problem, Language::English) == std::vector<std::string_view>{"endproblem", "nextproblem"});
  CHECK(spellings(Kind::Directive, Language::English).size() == 18);
  CHECK(spellings(Kind::Piece, Language::French).front() == "R");
  CHECK(group_name(Group::Sentinelles) == "Sentinelles");
  CHECK(kind_of(Group::Circe) == Kind::ConditionVariant);
}
