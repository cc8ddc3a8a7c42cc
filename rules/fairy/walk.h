#pragma once
// A piece's walk as data: a short text in Arbiter's walk notation (WALKS.md, Betza's notation with
// its common extensions) compiled into atoms, each a set of vectors and how the piece goes along
// them. The generator (walk_moves.h) reads only the atoms, so a new piece is a line of text.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/parse_error.h"

namespace arbiter::fairy {

// A vector in White's view: files to the right, ranks forward. Black's walks are turned over
// (ranks negated) when generated, so "forward" is towards the mover's opponent.
struct Vector {
  int file = 0, rank = 0;
  bool operator==(const Vector&) const = default;
};

struct WalkAtom {
  enum class Kind : std::uint8_t {
    Leap,    // to the square one vector away
    Ride,    // along the vector's line over empty squares, up to `range` steps (0: no limit)
    Hop,     // 'g': over the `hurdles`-th occupied square of the line (the first within `range`
             // steps), landing `land` squares beyond it over empty ones (grasshopper, G2, G3,
             // kangaroo 'gg'); with `turn`, one step from the hurdle along the line turned by
             // `turn` x 45 degrees either way (moose, eagle, sparrow)
    Cannon,  // 'p': over exactly `hurdles` occupied squares of the line, then on along it as a
             // rider (lion; kangaroo lion 'pp'; with 'c' the Chinese pao's capture)
    Lame,    // 'n', 'y': a leap blocked where its first orthogonal ('n': mao) or diagonal ('y':
             // moa) step lands; as a rider (nNN maorider) each leg so, over empty squares
    Contra,  // 'j': over a man on the line's first square, then on along it as a rider
             // (contra-grasshopper)
    Equi,    // 'e': over a man to the square as far beyond it as it stands from the mover: on a
             // line over the first man, the squares past it empty (equihopper); a leap's hurdle
             // is the man one vector away, whatever stands between (nonstop equihopper)
    Bounce,  // 'u': along the line as many steps as the opposite line runs from the mover to its
             // first man or past the edge, over empty squares (Popeye's bouncer)
    DoubleHop,  // 'd': a hop over the line's first man to the empty square beyond it, then from
                // there a second hop along any of the atom's lines (double grasshopper)
    Tree,    // 't', 'a': a leap onto a man (for 'a' the other side's), then from it a leap of the
             // same group (tree hopper, radial knight)
    Leaf,    // 'w': a leap of a group of which another square holds a man (leaf hopper)
    Flood,   // 'i': leaps again and again over empty squares, any way round: every square so
             // reached, and a capture a leap from any of them (ubiubi)
    Stop,    // 'h': to the square just short of the line's first man, never a capture (hamster)
  };
  Kind kind = Kind::Leap;
  std::vector<Vector> vectors;
  int range = 1;          // Ride, Hop, Cannon: the most steps along the line (0: no limit)
  bool moves = true;      // may go to an empty square
  bool captures = true;   // may capture on an occupied one
  int hurdles = 1;        // Hop, Cannon: the men passed over
  int land = 1;           // Hop: the landing square's distance beyond the hurdle
  int turn = 0;           // Hop: the landing step's turn from the line, in 45-degree units
  // 'q': the line is a circle (rose): each step takes the next of the leap's eight vectors,
  // kept in `vectors` in angular order, in either sense; `starts`: the indices it may begin with.
  bool circular = false;
  std::vector<int> starts;
  // 'x': a locust's capture: over the line's first man (a leap's: the man one vector away), the
  // other side's, onto the empty square just beyond it, taking the man passed over.
  bool locust = false;
  bool diagonal_first = false;  // Lame: the first step of the leg is diagonal ('y', moa)
  // Lame ('p' with 'n' or 'y', a lame rider lion): over exactly one man of the line's squares, a
  // leg's first step or its landing, to a landing beyond it, the squares between empty (maorider
  // lion pnNN, moarider lion pyNN).
  bool lion = false;
  // Ride ('o' and a digit): at the board's edge the line turns 90 degrees, either way, up to this
  // many times (reflecting bishop o4B; Popeye's archbishop o1B).
  int reflections = 0;
  bool hurdle_other = false;    // Tree ('a'): the hurdle must be the other side's
  // Tree, Leaf: the vectors come in groups, each a run of `vectors`: group_first[i], group_last[i]
  // (inclusive) bound the group of vector i. A leap's group is its vectors; a rider's one group
  // per multiple, (k,0) and (k,k) apart; the atom 'O' groups every leap by its length (Popeye's
  // radial pieces: (0,5) with (3,4), (1,7) with (5,5)).
  std::vector<std::uint8_t> group_first, group_last;
  // Tree, Leaf: which vector is (file, rank) in White's view, NoVector if none (the attack test's
  // lookup: a tree hop observes over a man H when H - from and target - H are vectors of a group).
  static constexpr std::uint8_t NoVector = 255;
  std::vector<std::uint8_t> vector_at;
  std::uint8_t vector_towards(int file_distance, int rank_distance) const {
    if (file_distance < -15 || file_distance > 15 || rank_distance < -15 || rank_distance > 15) return NoVector;
    return vector_at[std::size_t((rank_distance + 15) * 31 + file_distance + 15)];
  }
  // 'z': a crooked line: its steps alternate between the vector and its mirror image, in the file
  // and rank lines (spiral springer zN, boyscout zB) or with '/d' in the diagonals (diagonal
  // spiral springer zN/d, girlscout zW/d); each vector starts two lines, one per mirror.
  enum class Crook : std::uint8_t { None, Axes, Diagonals };
  Crook crook = Crook::None;
  // '/f', '/b' after an atom (or a group in braces): only landings on a rank forward of the
  // mover's, or behind it, in its view (Popeye's hunters: {B}/f{N}/b the B/S hunter); '/n', '/s'
  // on a higher rank, or a lower one, whoever moves (its absolute rook and bishop hunters).
  enum class Heading : std::uint8_t { Any, Forward, Backward, North, South };
  Heading heading = Heading::Any;
  // Whether a landing `up` ranks above the mover's (negative: below) fits the heading.
  bool heading_fits(int up, bool black) const {
    switch (heading) {
      case Heading::Any: return true;
      case Heading::Forward: return (black ? -up : up) > 0;
      case Heading::Backward: return (black ? -up : up) < 0;
      case Heading::North: return up > 0;
      case Heading::South: return up < 0;
    }
    return true;
  }
  // '/e', '/h' after the atom: where it may go. EdgeCrossing: between an edge square and a square
  // off the edges, either way (Popeye's edgehog, 'Q/e'); FarHalf: from the half of the board
  // beyond its middle, in the mover's view (Popeye's Chinese pawn, 'fWsW/h': sideways past the river).
  enum class Region : std::uint8_t { Any, EdgeCrossing, FarHalf };
  Region region = Region::Any;
  // Which line may land on a square (file, rank) away, in White's view: line_to[(rank + 15) * 31 +
  // file + 15] is the vector's index, NoLine, or AnyLine (a circle's or a turned hopper's landing
  // is off its vectors' lines). A straight landing is a whole number of vectors away: one for a
  // leap, two for an equihopper's leap, any for a line. The attack test asks it, not every line.
  static constexpr std::int8_t NoLine = -1, AnyLine = -2;
  std::array<std::int8_t, 31 * 31> line_to{};
  // Whether the squares an observation depends on may lie off the straight line from the mover
  // to the target (a circle, a crooked line, a lame leg, a turned hop, a bounce's opposite line,
  // a double hop): the legality cuts that list those squares give up on such atoms.
  bool off_line() const {
    return circular || crook != Crook::None || reflections > 0 || kind == Kind::Lame || (kind == Kind::Hop && turn != 0) || kind == Kind::Bounce ||
           kind == Kind::DoubleHop || kind == Kind::Tree || kind == Kind::Leaf || kind == Kind::Flood;
  }
  std::int8_t line_towards(int file_distance, int rank_distance) const {
    if (file_distance < -15 || file_distance > 15 || rank_distance < -15 || rank_distance > 15) return NoLine;
    return line_to[std::size_t((rank_distance + 15) * 31 + file_distance + 15)];
  }
};

struct Walk {
  std::string text;  // as written
  std::vector<WalkAtom> atoms;
  // Landings on one square over different hurdles are different moves (a hurdle-colour-changing
  // man's: each changes another man); else a square is given once.
  bool hurdles_apart = false;
  // Every atom a leap or a ride along its own vectors, or its locust (no hop, circle, crook or
  // reflection; a region or heading only filters the landings) and no two lines but a locust's
  // reaching one square: the squares come from the lines over the board alone, each once, so the
  // generator walks them without the general machinery (plain_walk_landings; the same landings
  // in the same order).
  bool plain = false;
  // Whether some capturing atom has a line that may take a man (file, rank) away, in White's view
  // (WalkAtom::line_to over the atoms): the attack test's first question, which most men fail.
  std::array<bool, 31 * 31> captures_towards{};
  bool may_capture_towards(int file_distance, int rank_distance) const {
    if (file_distance < -15 || file_distance > 15 || rank_distance < -15 || rank_distance > 15) return false;
    return captures_towards[std::size_t((rank_distance + 15) * 31 + file_distance + 15)];
  }
};

// Reads a walk ("N", "NN", "mRcpR", "gQ", "(1,4)", "qN", "gQ@45"); throws ParseError at the column (from
// `where`) of the first character that does not fit, saying what was expected there.
Walk parse_walk(std::string_view text, const SourceLocation& where = {});

// The vectors of a leap (m,n) in every direction, each once: 4 for (m,0) and (m,m), else 8.
std::vector<Vector> leap_vectors(int m, int n);

}  // namespace arbiter::fairy
