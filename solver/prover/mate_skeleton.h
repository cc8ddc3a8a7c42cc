#pragma once
// Mating skeletons: the target reasoning behind Popeye's "intelligent mode", made a complete cut
// for orthodox help play with the goals mate and stalemate.
//
// A skeleton names units of the root position, each with the square (and type: pawns may
// promote) it must stand on when the mate is given. Every mate F matches one skeleton built so:
//  1. the defender's king on its square K in F;
//  2. one checker: a non-king unit of the mater that attacks K in F;
//  3. for each square f next to K in a fixed order, unless a unit placed before attacks it on
//     the empty board: a defending unit that stands on f in F (a block) or a unit of the mater
//     that attacks f in F (a guard; a mater's unit standing on f needs another's guard, since a
//     piece never attacks its own square). F has one of them, since F is mate;
//  4. the refinement: the placed units alone (P, every other square empty) must leave the
//     defender in check: the checker's line holds no placed unit in F (P has fewer units than F,
//     so fewer blockers). If the defender has a legal move m in P, F (which holds P's units on
//     the same squares and more) stops m by one of its other units, each way tried in turn:
//     for a king move to c, c guarded or held by a defending unit; for any other move (it takes
//     the checker or interposes), a unit on its path (an interceptor), or a second unit of the
//     mater attacking K on the empty board (a second check, or the line piece that pins the
//     moving unit). The unit that does it in F is not placed yet (a placed one would stop m in
//     P too). Repeated until the defender has no legal move in P; at the placement limit the
//     skeleton is kept as it is (fewer units: a weaker but still necessary condition).
// Every placement is a unit of F on its square in F, so F matches the skeleton at each step.
// The placements must also fit the captures their pawns made: a unit that stays a pawn on another
// file crossed one file per capture, each of a unit of the other side (never a king), which is
// then not in F and so placed nowhere; a side's placed pawns may not ask for more captures than
// the other side has units left unplaced.
//
// A stalemate F (the defender to move, not in check, without a legal move) is enumerated the same
// way without the checker, the refinement asking for no legal move at all, with these differences:
//  - P in check: F is not, so a unit not placed yet stands between the first checker and K (a
//    leaper or a neighbour: no skeleton);
//  - a non-king move m = a -> c legal in P is stopped in F by a unit on its path, a unit on its
//    empty destination (a defending one; any one in front of a pawn), or a pin: F has no check, so
//    m would expose K, and the pinning unit is a line piece of the mater (rook or queen on a rank
//    or file, bishop or queen on a diagonal) on the ray from K through a beyond a, with no placed
//    unit between K and it but the one on a, and c off that stretch;
//  - in F each defending unit the skeleton leaves free is captured, or stands immobile somewhere:
//    the skeletons are completed so (complete_targets), each capture a move of the mater's;
//  - the move stopped next is the one with the fewest ways (each of F's stops one; any order is
//    complete), among the moves whose stop stops others too (a line piece's nearest square on a
//    line, a pawn's single step); a pin is never the way for a unit that moves along the pin's
//    line itself; and the moves only a unit on their destination can stop must find as many free
//    units, the defending ones within the defender's moves left (Enumeration::most_constrained).
//
// The cut: a unit needs at least its empty-board distance to its skeleton square (a shortest
// path in the graph of its moves on the empty board, promotion included), distinct units make
// distinct moves, so a skeleton can still be reached only if the mater's units' distances sum to
// at most the mater's moves left, the defender's to at most its own, and no unit of it has been
// captured, and (a stalemate) the mater's moves left at least the captures still to come. No
// skeleton left: no mate within the budgets. Enumerated once at the root with the
// root's budgets (a placement over budget ends that branch); a node keeps the skeletons of its
// parent that still pass. That loses none: one move changes one unit's distances by at most one
// (it is one edge of that graph) and spends one move of its side, so a skeleton that fails at a
// node fails at all its descendants; the captures to come fall by one only with a move of the
// mater that makes one.
// The mating move gives the check: before it the defender had just moved, or (the root) was not in
// check. A checker that attacks K from next to it or by a leap (a knight, a pawn) cannot have its
// check discovered (no square between it and K to leave), so it arrives with the mating move: a
// node where it already stands on its square asks two of its moves (leave, come back; a pawn never
// comes back: unreachable), not none. The skeleton names that placement (arrives).
// Castling moves two units: a king on its square of origin that still holds a right counts it as
// one move to its castled square (unit distances), and the rook's part is one rook move, so one
// castling may take two from the distances. A side that still holds a right has one move more in
// every budget (castling_bonus), at the root and at each node.
// Off (the caller does not use it) when the skeletons outgrow their limit.

#include <cstdint>
#include <memory>
#include <vector>

#include "rules/core/move.h"
#include "rules/core/position.h"

namespace arbiter::prover::mate_skeleton {

constexpr int MaxUnits = 32;
constexpr int MaxPlacements = 16;
constexpr std::size_t Limit = 300'000;  // skeletons kept for one root at most (15 MB); more: no cut
constexpr std::size_t FewSkeletons = 256;  // (Tracker::few_left)
constexpr std::size_t TargetLimit = 200'000;  // complete stalemate targets kept at most (complete_targets)

// The root's units, each followed through the moves.
struct Units {
  std::int8_t at[64];        // the unit on a square, -1 for none
  std::uint8_t sq[MaxUnits]; // its square, NoSquare once captured
  PieceType type[MaxUnits];
  Color color[MaxUnits];
  int n = 0;
  bool lost = false;  // a move the tracking cannot follow: every skeleton passes
  std::uint8_t rights = 0;  // the castling rights still held (CastlingRights bits)

  void init(const Position& pos);
  // After `m`, a legal move of `before`.
  void play(const Position& before, Move m);
};

// Unit `unit` as type `type` (a pawn's: promoted or not) on `square`.
struct Placement {
  std::uint8_t unit, type, square;
};
struct Skeleton {
  std::uint8_t n = 0;
  Placement p[MaxPlacements];
  // Stalemate (complete_targets): the defending units the count applies to (bit i: unit i), and
  // how many of them the mater must capture: a complete target's captured units, all of them; or
  // the units a core leaves free, and the fewest of them.
  std::uint32_t free_defenders = 0;
  std::uint8_t captures = 0;
  // Mate: the placement whose unit arrives with the mating move (p[1], a checker that gives its
  // check from next to K or by a leap: no move of another unit can discover it), or NoArrival.
  std::uint8_t arrives = NoArrival;
  static constexpr std::uint8_t NoArrival = 0xFF;
};

enum class Goal { Mate, Stalemate };

// The skeletons of one root: shared by the threads that split its moves.
struct Set {
  std::vector<Skeleton> all;
  std::vector<std::uint32_t> units_of;  // per skeleton, the units it places or captures (bit i: unit i)
  Units root;  // the units at the root
  Goal goal = Goal::Mate;
  Color mater = White;  // (for a stalemate: the side that stalemates)
  int km = 0, kd = 0;     // the budgets asked for (castling_bonus not included)
  std::uint64_t key = 0;  // the root position's
};

// Every skeleton of the goal for the mater `mater` reachable within km moves of the mater and kd
// of the defender from the units' squares. False when they number more than `limit` or the
// enumeration takes more than `steps` steps (0: the goal's default): then none may be used.
bool enumerate(Goal goal, Color mater, int km, int kd, const Units& units, std::vector<Skeleton>& out,
               std::size_t limit, std::uint64_t steps = 0);

// Stalemate: every defending unit stands immobile in F or was captured there, each capture a move
// of the mater's. The skeletons (cores) are completed: each way to complete one (its free
// defending units placed where they can stand within the budgets, in turn, the refinement stopping
// their moves, or captured) becomes a skeleton of its own, a complete target as Popeye's
// intelligent mode builds them, its captured units the ones counted (free_defenders, captures).
// When those outgrow `target_limit` or `total` steps, each core is kept with the fewest captures
// of the units it leaves free over its completions (0 when `steps` steps of that search, or the
// set's `total`, do not settle it). Either way a core that no way completes is dropped: no
// stalemate within the budgets matches it. A node where more of the counted units are still on
// the board than the mater's moves left cannot reach the skeleton (Tracker, reachable).
void complete_targets(std::vector<Skeleton>& all, Color mater, int km, int kd, const Units& units,
                      std::uint64_t steps = 200'000, std::uint64_t total = 4'000'000,
                      std::size_t target_limit = TargetLimit);

// Drops the repeated skeletons and those that hold all of another's placements and one more (with
// the same captured units): where such a one can be reached so can the smaller, so the cut stays
// the same.
void keep_minimal(std::vector<Skeleton>& all);

// 1 when side c holds a castling right in pos, else 0: the moves to add to its budget.
int castling_bonus(const Position& pos, Color c);

// The set of the position `pos` for the goal, the mater, and its budgets (castling_bonus added
// here); null when the skeletons outgrow `limit` or their enumeration `steps` (enumerate()).
std::shared_ptr<const Set> make_set(Goal goal, const Position& pos, Color mater, int km, int kd, std::size_t limit,
                                    std::uint64_t steps = 0);

// Makes the sets of a search's roots: the last one is kept for the next search from the same root
// with the same budgets, and the last root whose enumeration outgrew the limit is remembered:
// from there every budget no smaller outgrows it too (its enumeration passes through every
// branch of the smaller one), so a search that deepens from one root enumerates in vain once.
class SetMaker {
 public:
  explicit SetMaker(std::size_t limit = Limit) : limit_(limit) {}
  std::shared_ptr<const Set> make(Goal goal, const Position& pos, Color mater, int km, int kd);

 private:
  struct Failure {
    std::uint64_t key = 0;
    Goal goal = Goal::Mate;
    Color mater = White;
    int km = -1, kd = -1;
  };
  std::size_t limit_;
  std::shared_ptr<const Set> last_;
  Failure failed_;
};

// Follows a set down a search's path: where the units stand at each depth, and which skeletons
// can still be reached there, each with its units' distance sums (the mater's, the defender's).
// A move changes the distances of the units it moves or takes only (and a king's, when castling
// rights go), so a skeleton none of whose units changed keeps its sums: only the others are
// summed again. No allocation once the depths have been reached.
class Tracker {
 public:
  bool on() const { return on_; }
  void off() { on_ = false; }
  const std::shared_ptr<const Set>& set() const { return set_; }
  // Depth 0 holds every skeleton of `set`, its units standing as in `units` (the root's, or as
  // moves from the root left them).
  void start(std::shared_ptr<const Set> set, const Units& units);
  // The units at depth d + 1: after move m (legal in `before`), or a pass.
  void play(std::size_t d, const Position& before, Move m) {
    grow(d + 1);
    units_[d + 1] = units_[d];
    units_[d + 1].play(before, m);
  }
  void pass(std::size_t d) {
    grow(d + 1);
    units_[d + 1] = units_[d];
  }
  // Keeps at depth d >= 1 the skeletons of depth d - 1 still reachable with km moves of the
  // mater and kd of the defender; false when none is. `any`: no deeper depth needs the list (the
  // first reachable one answers).
  bool keep(std::size_t d, int km, int kd, bool any);
  // The same from the shallower depth a < d, the moves and passes between them at once (the
  // distances are summed again for the units that differ between the two depths). Complete
  // when every skeleton reachable at d within km, kd was reachable at a within a's budgets.
  bool keep_from(std::size_t a, std::size_t d, int km, int kd, bool any);
  // Are at most FewSkeletons reachable at the parent of depth d (never at the root)? The caller's
  // coarser bounds (help_bound.h) are then left out: these skeletons cut all they would, for less.
  bool few_left(std::size_t d) const { return on_ && d > 0 && live_[d - 1].size() <= FewSkeletons; }
  // How many skeletons depth d holds (after keep(d, ..., false); start() for depth 0).
  std::size_t live_count(std::size_t d) const { return live_[d].size(); }
  // Certainly none reachable at depth d >= 1 within km, kd, judged in O(1) from its parent's
  // smallest distance sum: a move other than castling shortens a unit's distance by one at most
  // and moves one unit (a capture removes a skeleton's unit, or none of it), so a sum exceeding
  // km + kd + 1 at d - 1 exceeds km + kd at d. Only where the parent's list is whole (keep with
  // any false, or start) and no castling right remains there; false (not known) otherwise.
  bool out_of_reach(std::size_t d, int km, int kd) const {
    return on_ && d > 0 && min_sum_[d - 1] > km + kd + 1 && units_[d - 1].rights == 0;
  }

 private:
  struct Live {
    std::uint32_t skeleton;
    std::int16_t mater_sum, defender_sum;
    std::int16_t captures;  // the captures it still asks of the mater: each a move of the mater's
  };
  void grow(std::size_t d) {
    if (units_.size() <= d) units_.resize(d + 1), live_.resize(d + 1), min_sum_.resize(d + 1);
  }
  bool on_ = false;
  std::shared_ptr<const Set> set_;
  std::vector<Units> units_;
  std::vector<std::vector<Live>> live_;
  // Per depth the smallest mater + defender sum of its list; 0 (nothing known) where the list
  // stopped at the first reachable skeleton.
  std::vector<int> min_sum_;
};

// Can skeleton s still be reached: its placed units alive, the distances within the budgets, and
// the mater's moves enough for its captures still to come?
bool reachable(const Skeleton& s, const Units& units, Color mater, int km, int kd);

// The empty-board distance of a unit (colour c, type t on s) to type `target` on y; 99 when it
// never gets there.
int distance(Color c, PieceType t, Square s, PieceType target, Square y);
// The same for unit `unit` of u, castling included (a king on its square of origin with a right).
int distance(const Units& u, int unit, PieceType target, Square y);

}  // namespace arbiter::prover::mate_skeleton
