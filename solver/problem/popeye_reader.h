#pragma once
// The reading of Popeye's printed output that every genre shares: its lines, their words, the
// board between its two '+---a---b' borders, the stipulation line below it, and the move
// numbers that start a move ("12." White's, "12..." Black's). A genre's reader (popeye_output.h
// for direct mates, popeye_help_output.h for help- and selfmates) derives from it and says what
// the heading, the stipulation and the solution lines mean.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/parse_error.h"
#include "rules/core/text.h"
#include "rules/core/types.h"
#include "solver/problem/popeye_vocabulary.h"

namespace arbiter::problem {

// The words Popeye prints around a solution, in the language of its input (a German input gives
// "Loesung beendet.", "Aber", "Drohung:"): facts of Popeye's output, as its suite's expected
// files and a live run show them.
struct PopeyeOutputWords {
  std::string_view finished;  // the solving ended complete: "solution finished."
  std::string_view partial;   // a limit cut it off: "Partial solution"
  std::string_view but;       // before a try's refutation: "but"
  std::string_view threat;    // "threat:"
  std::string_view zugzwang;  // "zugzwang."
  std::string_view refutes;   // option PostKeyPlay: under a defence that refutes the threat, "refutes."
  std::string_view zero_position;  // a line of its own where a zero position's twins begin: "zeroposition"
  std::string_view input_error;  // Popeye refused part of the input: "input-error:"
  std::string_view king_capturable;  // Popeye refuses an illegal position: "the side to play can capture the king"
  // A side without a king that no NoWk/NoBk allows: Popeye warns, then solves ("both sides need
  // a king"; the German text ends with a line break of its own, so a blank line follows it).
  std::string_view missing_king;
  // Option Try with PostKeyPlay: Popeye's message, with the line break its table gives it (the
  // French has none).
  std::string_view try_not_applicable;
  // Option Threat where Popeye cannot apply it (BattleOptions::threat_ignored), a line of its own.
  std::string_view threat_not_applicable;
  // Option PostKeyPlay in help play, which Popeye ignores: said before the twin it concerns.
  std::string_view post_key_not_applicable;
};
const PopeyeOutputWords& popeye_output_words(popeye::Language language);

// The language whose "finished" or "partial" word starts `trimmed`, if any: such a line closes a
// problem's output.
std::optional<popeye::Language> closing_line_language(std::string_view trimmed);

// A line Popeye prints among the solution lines that is no part of any solution: the move
// counters of its regression runs ("  play_move:   1057"), intelligent mode's count of positions
// ("12 potential positions in 2+1", German "12 moegliche Stellungen in 2+1") and option
// MoveNumbers' progress ("  3  (Sa3-c4 )").
bool is_popeye_side_line(std::string_view trimmed);

class PopeyeReader {
 public:
  // Where the lines read so far stand in a problem's output.
  enum class Stage { Before, Board, BelowBoard, Solution };

  using Word = TextWord;  // its column 0-based
  static std::vector<Word> words(std::string_view line);

  struct MoveNumber {
    std::size_t length = 0;  // of "12." or "12..."
    int number = 0;          // at most 100000, so a long run of digits cannot overflow
    Color side = White;      // "12..." Black
  };
  // The move number that starts `text`, if any.
  static std::optional<MoveNumber> move_number(std::string_view text);

 protected:
  PopeyeReader(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}
  virtual ~PopeyeReader() = default;

  // Hands each line to the hooks below, until solution_line answers false; answers the number
  // of the last line read.
  int read_lines();
  // A line before the board (Popeye's banner, the problem's heading), trimmed.
  virtual void before_board(std::string_view, const SourceLocation&) {}
  // The board's top border.
  virtual void board_starts(const SourceLocation&) {}
  // The first line below the board that is not blank ("  h#3.5    3 + 1"), trimmed.
  virtual void stipulation_line(std::string_view trimmed, const SourceLocation& at) = 0;
  // Every line after it that is not blank, as printed and trimmed; false stops the reading.
  virtual bool solution_line(std::string_view line, std::string_view trimmed, const SourceLocation& at) = 0;

  // After a problem's solution: the lines up to the next board are its heading.
  void next_problem() { stage_ = Stage::Before; }
  Stage stage() const { return stage_; }
  const std::string& file() const { return file_; }

 private:
  bool take(std::string_view line, const SourceLocation& at);

  std::string_view text_;
  std::string file_;
  Stage stage_ = Stage::Before;
};

}  // namespace arbiter::problem
