// Popeye's men: colours, attributes and piece words (popeye_men.h).

#include "solver/problem/popeye_men.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

#include <fmt/core.h>

#include "rules/core/text.h"
#include "solver/problem/popeye_input.h"
#include "solver/variants/fairy_pieces.h"

namespace arbiter::problem::popeye {

namespace {

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) { throw ParseError(where, message); }


bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// A piece word split into its code and its squares, or nothing when it is not one.
struct PieceWord {
  std::string_view code;
  std::vector<Square> squares;
};

std::optional<PieceWord> split_piece_word(std::string_view word) {
  if (word.size() < 3) return std::nullopt;
  if (const auto slash = word.find('/'); slash != std::string_view::npos) {
    // A hunter "X/Y": the squares are the word's end after the second code (r/ba4, b/rd4e5).
    for (std::size_t code_end = slash + 2; code_end <= slash + 3 && code_end < word.size(); ++code_end)
      if ((word.size() - code_end) % 2 == 0)
        if (auto squares = square_list(word.substr(code_end))) return PieceWord{word.substr(0, code_end), *squares};
    return std::nullopt;
  }
  const std::size_t code_length = word.size() % 2 == 1 ? 1 : 2;
  auto squares = square_list(word.substr(code_length));
  if (!squares) return std::nullopt;
  return PieceWord{word.substr(0, code_length), *squares};
}

}  // namespace

std::optional<Keyword> walk_of(std::string_view code, Language language) {
  if (const auto slash = code.find('/'); slash != std::string_view::npos) {
    const auto away = find_keyword(Kind::Piece, language, code.substr(0, slash));
    const auto home = find_keyword(Kind::Piece, language, code.substr(slash + 1));
    if (!away || !home) return std::nullopt;
    return Keyword{"hunter", Group::Pieces, {}, {}, {}};
  }
  const auto walk = find_keyword(Kind::Piece, language, code);
  if (!walk) return std::nullopt;
  return *walk->keyword;
}

PopeyeMan man_of(const Keyword& walk, std::string_view code, Language language) {
  PopeyeMan man;
  man.walk = std::string(walk.id);
  man.code = uppercase(code);
  man.orthodox = orthodox_piece(language, man.code);
  if (const auto slash = code.find('/'); walk.id == "hunter" && slash != std::string_view::npos) {
    const auto english = [&](std::string_view part) {
      const auto k = find_keyword(Kind::Piece, language, part);
      return k ? lowercase(spelling_of(Kind::Piece, k->keyword->id, Language::English)) : std::string();
    };
    man.hunter_code = english(code.substr(0, slash)) + "/" + english(code.substr(slash + 1));
  }
  return man;
}

namespace {

class MenReader {
 public:
  MenReader(TwinWords& words, Language language) : words_(words), language_(language) {}

  MenRead read(const TwinWord& keyword) {
    while (auto w = words_.peek()) {
      if (auto piece = split_piece_word(w->text)) {
        read_piece(*piece);
        continue;
      }
      const auto colour = find_keyword(Kind::Colour, language_, w->text);
      if (colour && !colour->ambiguous()) {
        read_colour(*colour->keyword);
        continue;
      }
      const auto attribute = find_keyword(Kind::PieceAttribute, language_, w->text);
      if (attribute && !attribute->ambiguous() && !is_directive_word(w->text, language_)) {
        if (colour_.empty())
          fail(w->where, fmt::format("expected a colour ('{}', '{}' or '{}') before the attribute '{}'", spelling("White"),
                                     spelling("Black"), spelling("Neutral"), w->text));
        attributes_.emplace_back(attribute->keyword->id);
        words_.next();
        continue;
      }
      break;
    }
    if (out_.men.empty() && !out_.total_invisible) {
      const auto w = words_.peek();
      if (w && !words_.ends_twin(*w) && !find_keyword(Kind::TwinOperation, language_, w->text))
        if (auto e = misspelt_piece_word(*w, language_)) throw *e;
      fail(w ? w->where : words_.end_location(),
           fmt::format("expected men after '{}', as in '{} {} ke1 qd1 {} ke8' (a colour, then piece codes with their squares), "
                       "found {}",
                       keyword.text, keyword.text, spelling("White"), spelling("Black"), w ? "'" + w->text + "'" : "nothing"));
    }
    return out_;
  }

 private:
  std::string spelling(std::string_view id) const { return lowercase(spelling_of(Kind::Colour, id, language_)); }

  void read_colour(const Keyword& colour) {
    const TwinWord word = *words_.next();
    colour_ = std::string(colour.id);
    attributes_.clear();
    if (colour_ != "TotalInvisible") return;
    const auto n = words_.peek();
    if (!n || !all_digits(n->text))
      fail(n ? n->where : words_.end_location(),
           fmt::format("expected the number of total invisible men after '{}', as in '{} 2'", word.text, word.text));
    words_.next();
    out_.total_invisible = std::stoi(n->text.substr(0, 4));
    colour_.clear();  // the men after it need a colour of their own
  }

  void read_piece(const PieceWord& piece) {
    const TwinWord word = *words_.next();
    const auto walk = walk_of(piece.code, language_);
    if (!walk)
      fail(word.where, fmt::format("unknown piece code '{}' in '{}': expected one of Popeye's {} piece codes (K, Q, R, B, S, P "
                                   "in English; G the grasshopper, LE the leo, ... as pie-{}.txt lists them), then the squares",
                                   piece.code, word.text, language_name(language_),
                                   language_ == Language::German ? "deut" : language_ == Language::French ? "fran" : "engl"));
    if (colour_.empty())
      fail(word.where, fmt::format("expected a colour ('{}' or '{}') before the first piece, found '{}'", spelling("White"),
                                   spelling("Black"), word.text));
    for (std::size_t i = 0; i < piece.squares.size(); ++i) {
      PopeyeMan man = man_of(*walk, piece.code, language_);
      man.colour = colour_;
      man.attributes = attributes_;
      man.square = piece.squares[i];
      man.where = i == 0 ? word.where : word.where.advanced(int(piece.code.size() + 2 * i));
      out_.men.push_back(std::move(man));
    }
    // As Popeye reads it, Royal applies to the one piece word after it (a side has one royal man).
    std::erase(attributes_, std::string("Royal"));
  }

  TwinWords& words_;
  Language language_;
  std::string colour_;
  std::vector<std::string> attributes_;
  MenRead out_;
};

}  // namespace

MenRead read_men(TwinWords& words, Language language, const TwinWord& keyword) {
  return MenReader(words, language).read(keyword);
}

std::optional<ParseError> misspelt_piece_word(const TwinWord& word, Language language) {
  const std::string& w = word.text;
  const std::size_t code_length = w.size() % 2 == 1 ? 1 : 2;
  if (w.size() <= code_length || !std::isalnum(static_cast<unsigned char>(w[code_length]))) return std::nullopt;
  const std::string code = w.substr(0, code_length);
  if (!find_keyword(Kind::Piece, language, code)) return std::nullopt;
  return ParseError(word.where.advanced(int(code_length)),
                    fmt::format("expected the square(s) of the piece after '{}' (as in '{}e4'), found '{}'", code, code,
                                w.substr(code_length)));
}

std::vector<PopeyeMan> read_forsyth(const TwinWord& word, Language language) {
  // As Popeye reads it: the squares run from a8 to h8, a7 to h7, ... h1 one after the other; a
  // '/' is only for the eye (a rank's squares are not counted again); a run of blanks has one
  // or two digits; what comes after h1 is not read.
  std::vector<PopeyeMan> men;
  const std::string& text = word.text;
  int square = 0;  // 0 = a8, 63 = h1, in reading order
  std::size_t i = 0;
  auto here = [&](std::size_t at) { return word.where.advanced(int(at)); };
  while (i < text.size() && square < 64) {
    const std::size_t start = i;
    const char c = text[i];
    if (c == '/') {
      ++i;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int run = text[i++] - '0';
      if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) run = 10 * run + (text[i++] - '0');
      square += run;
      continue;
    }
    std::string colour;
    if (c == '+' || c == '-' || c == '=') {
      colour = c == '+' ? "White" : c == '-' ? "Black" : "Neutral";
      ++i;
    }
    std::string_view code;
    if (i < text.size() && text[i] == '.') {
      code = std::string_view(text).substr(i + 1, 2);
      if (code.size() < 2) fail(here(i), fmt::format("expected a two-character piece code after '.' in '{}'", text));
      i += 3;
    } else if (i < text.size()) {
      code = std::string_view(text).substr(i, 1);
      i += 1;
    } else {
      fail(here(start), fmt::format("expected a piece after the colour '{}' in '{}'", c, text));
    }
    const auto walk = find_keyword(Kind::Piece, language, code);
    if (!walk) fail(here(start), fmt::format("unknown piece code '{}' in the forsyth '{}'", code, text));
    if (colour.empty()) colour = std::isupper(static_cast<unsigned char>(code[0])) ? "White" : "Black";
    PopeyeMan man = man_of(*walk->keyword, code, language);
    man.colour = colour;
    man.square = make_square(square % 8, 7 - square / 8);
    man.where = here(start);
    men.push_back(std::move(man));
    ++square;
  }
  return men;
}

std::string walk_name(const PopeyeMan& man) {
  const std::string name = man.walk == "grashopper" ? "grasshopper" : man.walk;  // Popeye's table's spelling
  return fmt::format("{} ({})", name, man.code);
}

namespace {

bool has_attribute(const PopeyeMan& man, std::string_view attribute) {
  return std::find(man.attributes.begin(), man.attributes.end(), attribute) != man.attributes.end();
}

}  // namespace

bool royal_piece(const PopeyeMan& man) { return man.orthodox != King && has_attribute(man, "Royal"); }

std::optional<std::string> fairy_cell_of(const PopeyeMan& man) {
  std::string attributes;
  if (man.colour == "Neutral") attributes += 'n';
  if (royal_piece(man)) attributes += 'r';
  // Popeye's attributes by the initials of the fairy FEN (rules/fairy/WALKS.md), in its order.
  for (const auto& [name, initial] : {std::pair{"Chameleon", 'c'}, std::pair{"HalfNeutral", 'h'}, std::pair{"HurdleColourChanging", 's'},
                                      std::pair{"Paralysing", 'p'}, std::pair{"Kamikaze", 'k'}, std::pair{"Uncapturable", 'u'}})
    if (has_attribute(man, name)) attributes += initial;
  std::string code;
  if (auto fairy = fairy_code(man)) code = *fairy;
  else if (man.orthodox != NoPieceType && !attributes.empty()) code = lowercase(spelling_of(Kind::Piece, man.walk, Language::English));
  else return std::nullopt;
  if (man.colour != "Black") code = uppercase(code);  // White, and a neutral man (its 'n' says it)
  // A code of digits has no case: its colour before ':' ("b:16").
  if (std::none_of(code.begin(), code.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }) && man.colour != "Neutral")
    attributes += man.colour == "Black" ? 'b' : 'w';
  return attributes.empty() ? code : attributes + ":" + code;
}

std::vector<std::string> unplayed_attributes(const PopeyeMan& man) {
  std::vector<std::string> out;
  const bool cycle = man.orthodox == Queen || man.orthodox == Knight || man.orthodox == Bishop || man.orthodox == Rook;
  for (const auto& a : man.attributes) {
    if (a == "Royal" || a == "HalfNeutral" || a == "HurdleColourChanging" || a == "Paralysing" || a == "Kamikaze" || a == "Uncapturable" ||
        (a == "Chameleon" && cycle))
      continue;
    if (a == "Chameleon") out.push_back("piece attribute Chameleon on a " + walk_name(man) + " (Popeye's cycle: queen, knight, bishop, rook)");
    else out.push_back("piece attribute " + a);
  }
  return out;
}

std::optional<std::string> fairy_code(const PopeyeMan& man) {
  if (man.orthodox != NoPieceType) return std::nullopt;
  const std::string code = man.walk == "hunter" ? man.hunter_code : lowercase(spelling_of(Kind::Piece, man.walk, Language::English));
  if (code.empty() || !fairy_rule_set_plays(code)) return std::nullopt;
  return code;
}


}  // namespace arbiter::problem::popeye
