#include "solver/problem/popeye_reader.h"

#include <algorithm>
#include <cctype>

namespace arbiter::problem {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

bool lowercase_or_underscore(char c) { return (c >= 'a' && c <= 'z') || c == '_'; }

}  // namespace

const PopeyeOutputWords& popeye_output_words(popeye::Language language) {
  // English and German as the suite's expected files and a live run of Popeye 4.104 print them.
  // French: "solution terminee.", "erreur d'entree:" and the king's capture as a live run prints
  // them; the others as Popeye 4.104's French message table has them (zugzwang is "blocus.",
  // a refutation "Refute."): the suite has no French output to compare with.
  static const PopeyeOutputWords english{"solution finished.", "Partial solution", "but", "threat:", "zugzwang.",
                                         "refutes.", "zeroposition", "input-error:",
                                         "the side to play can capture the king", "both sides need a king", "try play not applicable\n",
                                         "Option \"Threat\" not applicable or indicated maximum threat length too big",
                                         "PostKeyPlay not applicable - ignored"};
  static const PopeyeOutputWords german{"Loesung beendet.", "Partielle Loesung", "Aber", "Drohung:", "Zugzwang.",
                                        "Widerlegt.", "NullStellung", "Eingabe-Fehler:",
                                        "Die am Zug befindliche Partei kann den Koenig schlagen",
                                        "Es fehlt ein weisser oder schwarzer Koenig\n", "Verfuehrung nicht anwendbar\n",
                                        // Popeye's table spells "order" so.
                                        "Option \"Drohung\" nicht anwendbar order maximale Laenge der Drohung zu gross",
                                        "NachSchluessel nicht anwendbar - ignoriert"};
  static const PopeyeOutputWords french{"solution terminee.", "solution partielle", "mais", "menace:", "blocus.",
                                        "Refute.", "zeroposition", "erreur d'entree:",
                                        "le camp au trait peut prendre le roi", "il faut un roi de chaque couleur", "jeu d'essai pas applicable",
                                        "Option \"menace\" pas applicable ou longueur maximale de la menace trop grande",
                                        "ApresCle pas applicable - ignore"};
  switch (language) {
    case popeye::Language::German: return german;
    case popeye::Language::French: return french;
    case popeye::Language::English: break;
  }
  return english;
}

std::optional<popeye::Language> closing_line_language(std::string_view trimmed) {
  for (const auto language : {popeye::Language::English, popeye::Language::German, popeye::Language::French}) {
    const auto& w = popeye_output_words(language);
    if (trimmed.starts_with(w.finished) || trimmed.starts_with(w.partial)) return language;
  }
  return std::nullopt;
}

bool is_popeye_side_line(std::string_view trimmed) {
  const auto ws = PopeyeReader::words(trimmed);
  if (ws.empty()) return false;
  // "play_move:   1057": a counter's name, a colon, a number.
  const std::string_view first = ws.front().text;
  if (ws.size() == 2 && first.size() > 1 && first.back() == ':' &&
      std::all_of(first.begin(), first.end() - 1, lowercase_or_underscore) &&
      std::all_of(ws[1].text.begin(), ws[1].text.end(), digit))
    return true;
  // "12 potential positions in 2+1" / "12 moegliche Stellungen in 2+1", and run live with the
  // time after it: "0 moegliche Stellungen in 1+0  (Zeit = 0.017 s)".
  if (ws.size() >= 5 && std::all_of(first.begin(), first.end(), digit) && ws[3].text == "in" &&
      (ws.size() == 5 || (ws[5].text.starts_with("(") && trimmed.ends_with(")"))))
    return true;
  // "3  (Sa3-c4 )": a number, then the move in parentheses; after introductory moves the number
  // is a path, "1:3  (Kb3-c4 )".
  const auto number_or_path = [](char c) { return digit(c) || c == ':'; };
  return ws.size() >= 2 && digit(first.front()) && std::all_of(first.begin(), first.end(), number_or_path) &&
         ws[1].text.starts_with("(") && trimmed.ends_with(")");
}

std::vector<PopeyeReader::Word> PopeyeReader::words(std::string_view line) {
  return blank_separated_words(line);
}

std::optional<PopeyeReader::MoveNumber> PopeyeReader::move_number(std::string_view text) {
  std::size_t i = 0;
  MoveNumber out;
  while (i < text.size() && digit(text[i])) out.number = std::min(out.number * 10 + (text[i++] - '0'), 100000);
  if (i == 0 || i >= text.size() || text[i] != '.') return std::nullopt;
  if (text.substr(i).starts_with("...")) out.side = Black;
  out.length = i + (out.side == Black ? 3 : 1);
  return out;
}

int PopeyeReader::read_lines() {
  std::size_t start = 0;
  int number = 0;
  bool more = true;
  while (more && start <= text_.size()) {
    std::size_t end = text_.find('\n', start);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view line = text_.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    more = take(line, {file_, ++number, 1});
    if (end == text_.size()) break;
    start = end + 1;
  }
  return number;
}

bool PopeyeReader::take(std::string_view line, const SourceLocation& at) {
  const std::string_view trimmed = trim(line);
  const bool border = trimmed.starts_with("+---a---b");
  switch (stage_) {
    case Stage::Before:
      if (border) {
        stage_ = Stage::Board;
        board_starts(at);
      } else {
        before_board(trimmed, at);
      }
      return true;
    case Stage::Board:
      if (border) stage_ = Stage::BelowBoard;
      return true;
    case Stage::BelowBoard:
      if (trimmed.empty()) return true;
      stage_ = Stage::Solution;
      stipulation_line(trimmed, at);
      return true;
    case Stage::Solution:
      return trimmed.empty() || solution_line(line, trimmed, at);
  }
  return true;
}

}  // namespace arbiter::problem
