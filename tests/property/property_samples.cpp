#include "tests/property/property_samples.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/timetravel/fen.h"
#include "solver/perft/perft.h"
#include "tests/support/test_support.h"

namespace arbiter::test::property {

namespace {

#ifdef ARBITER_SANITIZED
constexpr std::uint64_t BudgetDivisor = 8;  // ASan + UBSan at -O1: about ten times slower
#else
constexpr std::uint64_t BudgetDivisor = 1;
#endif

template <class G>
struct Recipe {
  std::uint64_t seed = 0;
  std::vector<std::string> starts;  // the a-th attempt starts from starts[a % size]
  int max_plies = 0;                // each game is 0..max_plies random legal plies long
  std::uint64_t leaf_budget = 0;    // perft leaves per position, at most (depth_within)
  int max_depth = 3;
  std::function<G(const std::string& fen, int attempt)> setup;
  std::function<bool(const G&)> keep = [](const G&) { return true; };  // positions a test cannot use
  // Moves a game picks three times in four when it has any (Option's single moves, that the
  // tokens last; Time Traveler's normal moves, that not every game explodes at once).
  std::function<bool(const typename G::MoveType&)> prefer;
};

// The deepest perft (1 to max_depth plies) whose leaves stay within the budget: depth 2 when its
// count does, depth 3 when the count estimated from the first two plies (the second ply's
// branching, or the first's if larger, once more) does.
template <class G>
int depth_within(G& game, std::uint64_t width, std::uint64_t budget, int max_depth) {
  if (max_depth < 2 || width * width > budget * 4) return 1;
  const std::uint64_t two = perft(game, 2);
  if (two > budget) return 1;
  if (max_depth < 3 || two * std::max(width, two / width) > budget) return 2;
  return 3;
}

template <class G>
typename G::MoveType pick(const typename G::MoveListType& moves,
                          const std::function<bool(const typename G::MoveType&)>& prefer, Rng& rng) {
  if (prefer && rng.below(4) != 0) {
    std::vector<int> preferred;
    for (int i = 0; i < moves.size(); ++i)
      if (prefer(moves[i])) preferred.push_back(i);
    if (!preferred.empty()) return moves[preferred[rng.below(int(preferred.size()))]];
  }
  return moves[rng.below(moves.size())];
}

// Plays the recipe's games; a position already sampled (same FEN) or without a legal move is
// passed over, until SamplesPerRuleSet distinct ones are found.
template <class G>
std::vector<Sample<G>> play(const Recipe<G>& recipe) {
  Rng rng(recipe.seed);
  std::vector<Sample<G>> out;
  std::set<std::string> seen;
  const std::uint64_t budget = recipe.leaf_budget / BudgetDivisor;
  auto moves = std::make_unique<typename G::MoveListType>();
  for (int attempt = 0; int(out.size()) < SamplesPerRuleSet && attempt < 20 * SamplesPerRuleSet; ++attempt) {
    G game = recipe.setup(recipe.starts[attempt % recipe.starts.size()], attempt);
    // Each start as it is first, then games of random length.
    const int plies = attempt < int(recipe.starts.size()) ? 0 : rng.below(recipe.max_plies + 1);
    for (int ply = 0; ply < plies; ++ply) {
      moves->clear();
      game.generate_legal(*moves);
      if (moves->empty()) break;
      game.play(pick<G>(*moves, recipe.prefer, rng));
    }
    const int width = game.count_legal();
    if (width == 0 || !recipe.keep(game) || !seen.insert(game.fen()).second) continue;
    const int depth = depth_within(game, std::uint64_t(width), budget, recipe.max_depth);
    out.push_back({std::move(game), depth});
  }
  return out;
}

// The defaults, then each alternative choice of each interpretation alone: the a-th game is
// played under the (a / number of starts)-th, so every start meets every reading in turn.
template <class O>
std::vector<O> readings(const std::vector<const std::vector<Interpretation>*>& registries,
                        bool (*apply)(O&, std::string_view, std::string_view)) {
  std::vector<O> out = {O{}};
  for (const auto* registry : registries)
    for (const auto& i : *registry)
      for (std::size_t k = 1; k < i.choices.size(); ++k) {
        O o;
        if (!apply(o, i.id, i.choices[k].name)) throw std::logic_error("unknown interpretation choice");
        out.push_back(o);
      }
  return out;
}

template <class O>
const O& reading(const std::vector<O>& all, const std::vector<std::string>& starts, int attempt) {
  return all[(attempt / starts.size()) % all.size()];
}

const SourceLocation Where{"<property sample>", 1, 1};

// The a-th game is set up from its FEN under the reading its number picks.
template <class G, class O>
void set_up_under(Recipe<G>& r, std::vector<O> all) {
  r.setup = [&r, all = std::move(all)](const std::string& fen, int attempt) {
    return G::from_fen(fen, Where, reading(all, r.starts, attempt));
  };
}

}  // namespace

std::vector<Sample<orthodox::Game>> orthodox_samples() {
  Recipe<orthodox::Game> r;
  r.seed = 0x0A7E0D0C;
  r.starts = random_play_starts();  // the start, the perft suite's positions, promotions
  r.max_plies = 60;
  r.leaf_budget = 30'000;
  set_up_under(r, readings<orthodox::Options>({&orthodox::interpretations()}, orthodox::apply_interpretation));
  return play(r);
}

std::vector<Sample<option::Game>> option_samples() {
  Recipe<option::Game> r;
  r.seed = 0x0B7102;
  r.starts = {
      std::string(option::Game::start_fen),
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 9 2/2",      // the start, options open
      "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 12 2/2",
      "r3k3/8/8/2PpP3/8/8/8/R3K3 w Qq d6 0 20 1/1",                          // en passant, two takers
      "k3r3/8/8/8/8/8/P1B5/4K2R w K - 0 20 1/1",                             // in check, castling right
      "8/1P4k1/8/8/8/8/6p1/K6R b - - 0 30 2/2",                              // promotions
      "1k6/8/8/8/8/8/5NqP/K7 w - - 2 31 3/2 moved-twice:h3-g2",              // a piece that moved twice
      "3r3k/P7/8/8/8/8/8/K7 w - - 0 30 2/2 moved-twice:b8-d8",
      "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 20 1/1 first-half-step:e3-e4",         // a first-half two-step
      "2r5/1k1q2P1/2p2Q2/8/7b/P2RnN2/3RrN1P/7K b - - 0 30 3/3",              // Bonham's problem
      "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 20 1/0",                              // discovered checks, one side's tokens
      "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 5 4",  // no options yet
      "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 60 0/4",
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 9",     // move 9: twelve tokens each
      "r4rk1/ppp2ppp/2n1bn2/3p4/3P4/2N1BN2/PPP2PPP/R4RK1 b - - 3 14 5/7",
      "8/5pk1/6p1/8/3P4/2K5/8/8 w - - 0 52 16/16",                           // an ending after the late award
  };
  r.max_plies = 30;
  r.prefer = [](const option::Turn& t) { return !t.is_double(); };
  r.leaf_budget = 30'000;
  set_up_under(r, readings<option::Options>({&option::interpretations(), &orthodox::interpretations()},
                                             option::apply_interpretation));
  // The token schedule is counted in Black's moves (rules/option/mirror.h): a game and its
  // colour flip differ when an award or the opponent's move nine falls within three plies.
  r.keep = [](const option::Game& g) {
    const int n = g.position().fullmove_number();
    return n != option::FirstOptionMove - 1 && n != option::LateAwardAfterMove;
  };
  return play(r);
}

std::vector<Sample<timetravel::Game>> timetravel_samples() {
  Recipe<timetravel::Game> r;
  r.seed = 0x77C;
  r.starts = {
      std::string(timetravel::StartFen),
      "4k'3/8/8/8/8/5N~2/8/4K'1N1 w - - 0 1 wNf3=g1",                  // a traveling knight and its support
      "n~7/8/4k'3/8/4K'3/8/8/n7 w - - 0 1",                             // Black unresolved
      "4k3/3p4/8/8/8/8/3P4/4K3 w - - 0 1",                              // untraveled kings and pawns
      "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",                              // en passant
      "r3k3/8/8/8/8/8/8/R3K3 b Qq - 0 1",                               // castling, rook explosions
      "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1",                             // castling through a guarded square
      "4k'3/1P6/8/8/8/8/6p1/4K'3 w - - 0 1",                            // promotions
      "4k'3/8/8/8/3P~4/8/3P4/4K'3 w - - 0 1 wPd4=d2",                   // an annihilation ahead
      "4k'3/8/8/8/8/8/2q'5/4K'3 w - - 0 1",                             // traveled pieces only
      "4k'3/8/8/8/4p3/8/8/4K'3 b - d3 0 1 undo=d4",                     // en passant would undo an annihilation
      "4k3/8/8/8/8/5n~2/8/4K3 w - - 0 1 lost=b",                        // Black has lost a traveling man
  };
  r.max_plies = 6;
  r.prefer = [](const timetravel::Move& m) { return m.kind != timetravel::MoveKind::Explosion; };
  r.leaf_budget = 2'500;
  set_up_under(r, readings<timetravel::Options>({&timetravel::interpretations()}, timetravel::apply_interpretation));
  return play(r);
}

std::vector<Sample<transactional::Game>> transactional_samples() {
  Recipe<transactional::Game> r;
  r.seed = 0x7A5;
  r.starts = {
      std::string(transactional::Game::start_fen),
      "rnbqk1nr/pppp1ppp/8/4p3/1b6/2N5/PPPPPPPP/R1BQKBNR b KQkq - 0 3 T1,T2 w:c3d5",   // White's move pending
      "rnb1kbnr/1pqppppp/8/8/8/P4N2/P1PPPPPP/R1BQKB1R w KQkq - 0 6 T5,T4 b:b8c6",      // Black's move pending
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 T1,T2",                                    // castling
      "4k3/2q5/8/8/8/8/5P2/R3K3 w - - 0 1 T1,T2",
      "r3k3/1P3pP1/8/8/8/8/1p4p1/4K2R w Kq - 0 1 T1,T2",                               // promotions
      "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3 T1,T2",              // en passant ahead
      "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1 T1,T2 b:e8d8",
  };
  r.max_plies = 24;
  r.leaf_budget = 20'000;
  set_up_under(r, readings<transactional::Options>({&transactional::interpretations()},
                                                  transactional::apply_interpretation));
  return play(r);
}

std::vector<Sample<conditional::Game>> conditional_samples() {
  Recipe<conditional::Game> r;
  r.seed = 0xC0D;
  r.starts = {
      std::string(conditional::Game::start_fen),
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 B",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 C",  // Kiwipete, a C-ply
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 B",
      "4k3/4r3/8/8/8/8/8/R2K4 b - - 0 1 B",
      "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 C",
      "r3k3/1P3pP1/8/8/8/8/1p4p1/4K2R w Kq - 0 1",                              // promotions
      "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1 S",                                 // a substitute move
  };
  r.max_plies = 30;
  r.leaf_budget = 30'000;
  set_up_under(r, readings<conditional::Options>({&conditional::interpretations()}, conditional::apply_interpretation));
  return play(r);
}

std::vector<Sample<fairy::Game>> fairy_samples() {
  Recipe<fairy::Game> r;
  r.seed = 0xFA1E7;
  // Orthodox starts, and fairy men by Popeye's code among them: hoppers, lions, Chinese pieces,
  // riders and leapers beside castling rights and pawns that may double-step or take e.p.
  r.starts = random_play_starts();
  for (const char* fen : {"r3k2r/pp1(g)1ppp/2n2(n)2/3p4/3P4/2(LI)2(PA)2/PPP2PPP/R3K2R w KQkq - 0 1",
                          "4k3/1(va)4(ma)1/8/2(z)1(le)3/8/1(GN)3(MA)2/3P4/4K2R w K - 0 1",
                          "2(cr)1k3/p6p/8/1(Z)2(NH)3/6(g)1/8/P3(ZR)2P/4K3 b - - 0 1",
                          "r1b1k2r/1(li)6/8/8/8/8/4(KP)3/R3K2(SQ) w Qkq - 0 1",
                          // Hoppers, equihoppers and turned or circular walks aimed at a king or a
                          // royal man, with men that may step onto their lines (a hurdle made is a
                          // check given: the cut of generate_legal must leave those to the test).
                          "4k3/4(g)3/8/8/8/2N5/8/4K3 w - - 0 1",
                          "3qk3/2(ka)5/8/3(OR)4/8/2(NE)5/1P1B4/3K4 b - - 0 1",
                          "4k3/8/2(m)5/8/1(ro)6/8/3PN3/4K3 w - - 0 1",
                          "4k3/3(cg)4/8/2(ma)5/8/8/3B4/3(r:G)4 w - - 0 1",
                          // Locusts and marine pieces (a check needs the square behind the king
                          // empty: a man leaving it exposes), lame riders, pawns of other walks.
                          "3Q(LN)3/5K2/7(ms)/1pk5/2Pb4/2Q5/8/1(L)6 w - - 0 1",
                          "4k3/2(mp)1n3/3(si)4/8/2(MP)1(ao)3/(bp)7/3(BP)(oa)3/4K3 b - - 0 1",
                          "r3k3/1(sp)4(mo)1/8/3(l)4/8/2(SP)5/1(BS)3(MS)2/4K2R w Kq - 0 1",
                          // Half-neutral men: neutral after their side's move (an attacker of
                          // their own king then).
                          "4k3/2(h:n)5/8/8/8/3(nh:B)4/3(h:P)4/R3K2(h:R) w Q - 0 1",
                          // A half-neutral king: neutral after its move, Black's king too.
                          "8/8/8/3k4/2(n:S)5/3B4/8/4(h:K)2R w - - 0 1",
                          // Hurdle-colour-changing hoppers: a hop turns a man to the other side.
                          "3(s:g)k(s:ea)(s:sw)(s:m)/8/8/2(s:LI)5/8/2N5/3P4/4K3 w - - 0 1",
                          // Bouncers, double hoppers, crooked riders, hunters and leapers of
                          // digits: lines that bounce, hop twice or turn, aimed at the kings.
                          "4k3/2(b1)2(dg)2/8/1(SS)4(bt)1/8/2(B/R)2(w:16)2/3P(GT)3/4K3 w - - 0 1",
                          "3k4/1(ds)3(rr)2/2(S/B)5/8/5(DB)2/1(B2)4(b:35)1/4P3/(B3)3K3 b - - 0 1",
                          // Tree, leaf and radial hoppers: leaps within a group over men.
                          "7k/2(th)1(rk)3/3(gf)4/1P6/4(RK)3/2(LH)2(ge)2/3P4/K7 w - - 0 1",
                          // Lame rider lions and the erlking, a king's walk that is no king.
                          "4k3/1(ml)3(mm)2/3p4/2(EK)5/8/1(ML)2P3/3(MM)4/4K3 w - - 0 1",
                          // Reflecting bishops and archbishops: lines turned at the edge.
                          "1(rb)2k3/8/6(ar)1/8/2P5/8/1(RB)4(AR)1/4K3 b - - 0 1",
                          // The ubiubi: knight's leaps over empty squares, any way round.
                          "7k/5p2/6p1/8/3(UU)4/8/8/K7 w - - 0 1",
                          // Hamsters and marguerites (short of the first man), bobs and rabbits
                          // (over four men, over two), the sting (royal by its kind).
                          "1(bo)2(st)3/2p1(mg)3/8/1(HA)2(rt)3/4P3/2(RT)5/1(MG)6/4(ST)2(BO) w - - 0 1",
                          // Pawned pieces (a pawn's moves beside a piece's), the marine ship and
                          // querquisites (the walk of the file they stand on).
                          "4k3/1(dr)2p1(qq)1/2(sh)5/5(MH)2/2(qq)2P2/3(QQ)1(gy)2/1(DR)1P(GY)3/3(QQ)K3 w - - 0 1"})
    r.starts.push_back(fen);
  r.max_plies = 40;
  r.leaf_budget = 20'000;
  r.setup = [](const std::string& fen, int) { return fairy::Game::from_fen(fen, Where); };
  return play(r);
}

}  // namespace arbiter::test::property
