#include "solver/problem/popeye_board.h"

#include <fmt/core.h>

#include "rules/core/bitboard.h"
#include "rules/core/fen.h"
#include "rules/orthodox/options.h"
#include "solver/problem/popeye_layout.h"

namespace arbiter::problem::popeye {

namespace {

constexpr std::size_t BoardWidth = 37;  // "+---a---b---c---d---e---f---g---h---+"

std::string centred(const std::string& text) {
  const std::size_t pad = text.size() < BoardWidth ? (BoardWidth - text.size()) / 2 : 0;
  return std::string(pad, ' ') + text + "\n";
}

}  // namespace

std::string popeye_heading(const Problem& problem) {
  const PopeyeHeading& h = problem.popeye.heading;
  if (!h.remarks.empty() || !h.authors.empty() || !h.origins.empty() || !h.titles.empty() || !h.award.empty()) {
    std::string out;
    for (const auto& line : h.remarks) out += line + "\n";
    out += "\n";
    for (const auto* lines : {&h.authors, &h.origins})
      for (const auto& line : *lines) out += centred(line);
    if (!h.award.empty()) out += centred(h.award);
    for (const auto& line : h.titles) out += centred(line);
    return out + "\n";
  }
  // A problem read from PGN: its tags, a line each.
  std::string out = "\n";
  const auto award = problem.tags.find("Award");
  for (const std::string* line : {&problem.author, &problem.source, award == problem.tags.end() ? nullptr : &award->second, &problem.title})
    if (line && !line->empty()) out += centred(*line);
  return out + "\n";
}

std::string popeye_board(const std::string& fen, Language language) {
  const Position pos = read_known_fen(fen);
  const std::string border = "+---a---b---c---d---e---f---g---h---+\n";
  const std::string spacer = "|                                   |\n";
  std::string out = border + spacer;
  for (int rank = 7; rank >= 0; --rank) {
    out += std::to_string(rank + 1);
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      if (p == NoPiece) out += "   .";
      else out += fmt::format("  {}{}", color_of(p) == Black ? '-' : ' ', popeye_piece_letter(type_of(p), language));
    }
    out += fmt::format("   {}\n", rank + 1);
    out += spacer;
  }
  return out + border;
}

std::string popeye_stipulation_line(const std::string& stipulation, const std::string& fen) {
  const Position pos = read_known_fen(fen);
  const std::string counts = fmt::format("{} + {}", popcount(pos.pieces(White)), popcount(pos.pieces(Black)));
  std::string out = "  " + stipulation;
  // Popeye right-aligns the counts in 35 columns and glues them on when the text is longer
  // ("Weiss 3a[#]d&-4hh[#]&4ad[#]&-4hh[=]8 + 10", REGRESSIONTESTS/sford.out).
  out += std::string(out.size() + counts.size() < 35 ? 35 - out.size() - counts.size() : 0, ' ');
  return out + counts + "\n";
}

std::string popeye_side_word_spelled(const Stipulation& s, Language language) {
  if (!s.structured) return s.text;
  const std::size_t space = s.text.find(' ');
  const auto side = find_keyword(Kind::Colour, language, s.text.substr(0, space));
  if (!side || side->ambiguous()) return s.text;
  // The tree without the blanks written in it ("3a[#]d & - 4hh[#]" -> "3a[#]d&-4hh[#]"), as Popeye prints it.
  std::string tree = space == std::string::npos ? "" : s.text.substr(space + 1);
  std::erase(tree, ' ');
  return std::string(spelling_of(Kind::Colour, side->keyword->id, language)) + (tree.empty() ? "" : " " + tree);
}

std::string popeye_stipulation_text(const Stipulation& s, Language language) {
  std::string out = popeye_side_word_spelled(s, language);
  // Popeye shows Threat's k also where it does not apply it ("#3/3").
  const int threat = s.battle.max_threat >= 0 ? s.battle.max_threat : s.battle.threat_ignored;
  if (threat >= 0) out += fmt::format("/{}", threat);
  if (s.battle.max_flights >= 0) out += fmt::format("{}/{}", threat >= 0 ? "" : "/", s.battle.max_flights);
  if (s.battle.nontrivial_max >= 0) out += fmt::format(";{},{}", s.battle.nontrivial_max, s.battle.nontrivial_length);
  return out;
}

std::string popeye_play_lines(const Problem& problem) {
  // In Popeye's order: Duplex or HalfDuplex, then Quodlibet.
  const Language language = problem.popeye.language;
  std::string out;
  if (problem.duplex == Duplex::Also) out += centred(std::string(spelling_of(Kind::Option, "Duplex", language)));
  if (problem.duplex == Duplex::Only) out += centred(std::string(spelling_of(Kind::Option, "HalfDuplex", language)));
  if (problem.stipulation.battle.quodlibet) out += centred(std::string(spelling_of(Kind::Option, "Quodlibet", language)));
  // CastlingMutuallyExclusive, left-aligned, its pairs in Popeye's order whatever the input's.
  std::string pairs;
  for (std::string_view pair : {"a1a8", "a1h8", "h1a8", "h1h8"})
    if (problem.interpretations.choice(std::string(orthodox::CastlingPairPrefix) + std::string(pair)) == "exclusive") pairs += fmt::format(" {}", pair);
  if (!pairs.empty()) out += fmt::format("{}{}\n", spelling_of(Kind::Option, "CastlingMutuallyExclusive", language), pairs);
  return out;
}

}  // namespace arbiter::problem::popeye
