#pragma once
// Portable Game Notation: tag pairs, then movetext (moves in SAN, move numbers, comments,
// NAGs, variations) ending in a result. The reader is purely syntactic: moves stay text, each
// with its location in the file, so every variant can check them with its own rules.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/parse_error.h"

namespace arbiter {

struct PgnMove;
using PgnLine = std::vector<PgnMove>;  // consecutive plies

struct PgnMove {
  // As written, without '!'/'?' glyphs (those become NAGs); '+' and '#' kept. Transactional
  // Chess: the transaction identifier and a commit/rollback mark are part of it, normalised to
  // "T1: Bg5(C)" (one blank after the colon, none before the mark).
  std::string san;
  SourceLocation where;
  std::vector<int> nags;                     // $n, in order; "!" is 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6
  std::vector<std::string> comments_before;  // comments standing before the move (start of a line)
  std::vector<std::string> comments_after;
  std::vector<PgnLine> variations;  // alternatives to this move, each starting from the same position
};

struct PgnGame {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<SourceLocation> tag_value_locations;        // parallel to tags: the value's first character
  PgnLine moves;                                          // the main line
  std::vector<std::string> comments;  // comments of a game without moves (else they belong to moves)
  std::string result = "*";           // "1-0", "0-1", "1/2-1/2" or "*"
  SourceLocation where;                // first character of the game
  SourceLocation result_location;

  std::optional<std::string_view> tag(std::string_view name) const;
  std::optional<SourceLocation> tag_value_location(std::string_view name) const;
  void set_tag(std::string name, std::string value, SourceLocation where = {});  // replaces or appends

  // Ply number (0 = White's first move of game 1) of the first move, from a [FEN] tag's side
  // to move and fullmove number; 0 without one. Tolerant: the rules check the FEN itself.
  int first_ply() const;
};

// Equality of the game as text (tags, moves, comments, NAGs, result), ignoring locations.
bool same_game(const PgnGame& a, const PgnGame& b);

// Reads every game in `text`; `file` names it in error locations. Throws ParseError.
std::vector<PgnGame> read_pgn(std::string_view text, const std::string& file = "<pgn>");

// The games of `text` one at a time, as read_pgn reads them: a reader of a long file then holds
// one game at a time. `text` must outlive the stream.
class PgnStream {
 public:
  PgnStream(std::string_view text, const std::string& file = "<pgn>");
  ~PgnStream();
  PgnStream(const PgnStream&) = delete;
  PgnStream& operator=(const PgnStream&) = delete;
  std::optional<PgnGame> next();  // nothing after the last game; throws ParseError

 private:
  struct Reader;
  std::unique_ptr<Reader> reader_;
};

// PGN export format: the Seven Tag Roster first (missing ones filled with "?" as the
// standard asks), other tags in their order, movetext wrapped at 80 columns.
std::string write_pgn(const PgnGame& game);

// Move number text for a ply: "12." for White, "12..." for Black.
std::string move_number_text(int ply);

}  // namespace arbiter
