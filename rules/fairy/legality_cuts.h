#pragma once
// The cuts of the fairy rule set's legality and check tests: what a move certainly does or does
// not do, told without playing it, from the squares the observations of a royal square depend on.
// Each cut keeps the test exact: a move it cannot judge is played and asked about.

#include <array>
#include <bitset>

#include "rules/fairy/board.h"

namespace arbiter::fairy {

// What both cuts below ask of a move about the royal squares of one side and the men of the
// other (the observers): the squares on which the observers' observations of those royal squares
// depend (mark_observation_lines in legality_cuts.cpp), and whether the mover, as it is after the
// move, has a line from its new square to a royal square.
class RoyalLines {
 public:
  RoyalLines() = default;
  RoyalLines(const Board& b, Color royal_side, Color observer);
  // Some observer's walk is not on straight lines, an orphan's among them, or there are more
  // royal men than kept: the lines are not known.
  bool unknown() const { return unknown_; }
  // The move empties or fills a square an observation depends on (a locust's victim's too).
  bool touches(const FairyMove& m) const {
    return lines_[m.from] || lines_[m.to] || ((m.flags & FairyMove::Locust) && lines_[m.victim]);
  }
  // The mover after the move, standing on m.to, observes as an observer along some line of its
  // walk that reaches a royal square, whatever stands between.
  bool mover_may_observe(const Board& b, const FairyMove& m) const {
    const Walk& walk = b.variant().kinds[std::size_t(b.kind_after(m))].walk;
    for (int i = 0; i < royal_count_; ++i) {
      const int df = b.file_of(royals_[std::size_t(i)]) - b.file_of(m.to), dr = b.rank_of(royals_[std::size_t(i)]) - b.rank_of(m.to);
      if (walk.may_capture_towards(df, observer_ == Black ? -dr : dr)) return true;
    }
    return false;
  }

 private:
  bool unknown_ = true;
  std::bitset<256> lines_;
  Color observer_ = Black;
  std::array<int, 4> royals_{};
  int royal_count_ = 0;
};

// The candidates of the side to move that cannot leave a royal man of it attacked, told without
// playing them (a cut of the legality test, which stays exact): with the side not in check, a
// move of a man that is not royal changes the enemy's observation of a royal square R only
// through the occupancy of its from and to squares; an enemy man's observation of R depends on
// squares of the lines through R along its atoms' vectors (the squares a rider crosses, a
// hopper's hurdle and the squares it passes, an equihopper's hurdle one vector short of R), none
// for a leap (a locust's: and the square beyond R, where it lands), and only the lines on which an
// enemy man of that walk stands matter, up to the farthest such man (no move of the side puts an
// enemy man on the board). So a move with none of its squares (a locust's victim's too) on such a
// line is legal. Walks whose observation
// depends on other squares (a mao's block, a rose's circle, a moose's turn) and enemy orphans
// (their walks follow the whole position) leave every move to the full test, as do a side in
// check, castling, en passant and a royal mover; a neutral or half-neutral mover (an enemy
// attacker itself after the move) too unless its walk has no line from its new square to a
// royal one.
class CertainlyLegal {
 public:
  // `in_check`: whether a royal man of the side to move is attacked (as royal_attacked() says).
  CertainlyLegal(const Board& b, bool in_check);
  bool operator()(const Board& b, const FairyMove& m) const {
    // A hurdle changing sides is a new enemy man (or one gone): the full test.
    if (test_all_ || (m.flags & (FairyMove::EnPassant | FairyMove::Castling | FairyMove::HurdleSwap))) return false;
    const Man mover = b.at(m.from);
    const PieceKind& kind = b.variant().kinds[std::size_t(mover.kind())];
    if (kind.royal || lines_.touches(m)) return false;
    // A neutral mover, or a half-neutral one, may be neutral after the move: an enemy man on its
    // new square then, as the kind it is after the move (a promotee, a chameleon's next kind).
    if (!mover.neutral() && !kind.half_neutral) return true;
    return !b.variant().kinds[std::size_t(b.kind_after(m))].orphan && !lines_.mover_may_observe(b, m);
  }

 private:
  bool test_all_ = false;
  RoyalLines lines_;  // the side's royal squares, the enemy's observations
};

// The candidates that certainly leave a royal man attacked, told without playing them (the other
// cut of the legality test, for a side in check): the enemy's observation of a royal square R
// from a square C depends only on the squares add_observation_squares() lists (a ride's squares
// between, a hopper's hurdle, a locust's landing) and on C itself, so a move of a man that is not
// royal, whose squares (from, to, a locust's or en passant victim, a hurdle that changes sides)
// miss all of them, leaves that observation, and the check, as it was. Walks observing off a
// straight line, enemy orphans and paralysis leave every move to the full test, as does castling
// (its own predicate judges it).
class CheckEvasions {
 public:
  explicit CheckEvasions(const Board& b);
  // A royal man of the side to move is attacked (royal_attacked()).
  bool in_check() const { return in_check_; }
  bool certainly_illegal(const Board& b, const FairyMove& m) const {
    if (!exact_ || attacks_ == 0 || (m.flags & FairyMove::Castling)) return false;
    if (b.variant().kinds[std::size_t(b.at(m.from).kind())].royal) return false;
    const bool victim = (m.flags & (FairyMove::Locust | FairyMove::HurdleSwap)) != 0;
    const bool en_passant = (m.flags & FairyMove::EnPassant) != 0;
    for (int i = 0; i < attacks_; ++i) {
      const std::bitset<256>& s = squares_[std::size_t(i)];
      if (!s[m.from] && !s[m.to] && !(victim && s[m.victim]) && !(en_passant && s[std::size_t(b.en_passant_victim())])) return true;
    }
    return false;
  }

 private:
  bool in_check_ = false;
  bool exact_ = true;  // every attack's squares are known
  int attacks_ = 0;
  std::array<std::bitset<256>, 2> squares_;  // per attack found (the first two): the attacker's square and those its observation needs
};

// The moves of the side to move that certainly give no check, told without playing them (the cut
// of the check test, for a mating side's last move): a move changes the observation of an enemy
// royal square R by this side's men other than the mover only through the occupancy of its
// squares, on the lines CertainlyLegal marks (here for this side's men, up to the farthest one
// of each walk on each line); and the mover observes R from its new square only if its walk (as
// it is after the move: a promotee, a chameleon's next kind) has a line from there to R. The enemy
// is not in check before the move (no side moves with the other's royal man attacked), so a move
// that changes neither gives no check. A neutral or half-neutral royal mover (an enemy royal man
// on its new square after the move), paralysis (it decides check and mate otherwise), orphans,
// walks observing off a straight line, castling, en passant and hurdles changing sides leave
// every move to the full test.
class CertainlyNoCheck {
 public:
  explicit CertainlyNoCheck(const Board& b);
  bool operator()(const Board& b, const FairyMove& m) const {
    if (test_all_ || (m.flags & (FairyMove::EnPassant | FairyMove::Castling | FairyMove::HurdleSwap))) return false;
    // A royal man that is the enemy's too after the move (neutral, or half-neutral and neutral
    // now) carries an enemy royal square to m.to, which the lines were not drawn to: the full test.
    const Man mover = b.at(m.from);
    if ((mover.neutral() || b.variant().kinds[std::size_t(mover.kind())].half_neutral) && b.variant().kinds[std::size_t(b.kind_after(m))].royal)
      return false;
    return !lines_.touches(m) && !lines_.mover_may_observe(b, m);
  }

 private:
  bool test_all_ = false;
  RoyalLines lines_;  // the enemy's royal squares, this side's observations
};

}  // namespace arbiter::fairy
