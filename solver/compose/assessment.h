#pragma once
// One candidate judged as a direct mate in n, exactly and as cheaply as possible: each
// statement is proved by the mate search (no mate in fewer moves; how many first moves force
// mate in n, counted up to KeyCountCap; what the single key does), and the judgement stops at
// the first that rejects the candidate. The outcome also ranks candidates for hill climbing:
// a cooked candidate is closer to a sound problem than one without a mate.
//
// One Assessor serves a whole run: the game is set to each candidate in turn and the mate
// search, with its transposition table, is kept. Reusing the table across candidates is sound
// because an entry is keyed by the whole position (placement, side, tokens, move number) and
// records a fact about that position alone.

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/ruleset.h"
#include "solver/compose/legality.h"
#include "solver/compose/key_flights.h"
#include "solver/compose/placement.h"
#include "solver/prover/mate_search.h"

namespace arbiter::compose {

// Direct mates use all but the last two; helpmates (help_assessment.h) use Sound, Illegal,
// NoMate, ShortMate, Cooked (more solutions than intended), TooFewSolutions, StartsInCheck and
// SearchLimit.
enum class Outcome {
  Sound,
  Illegal,
  NoMate,
  ShortMate,
  Cooked,
  KeyChecks,
  KeyCaptures,
  KeyTakesFlight,
  SearchLimit,
  TooFewSolutions,
  StartsInCheck
};

constexpr std::string_view outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Sound: return "sound";
    case Outcome::Illegal: return "illegal-position";
    case Outcome::NoMate: return "no-mate";
    case Outcome::ShortMate: return "short-mate";
    case Outcome::Cooked: return "cooked";
    case Outcome::KeyChecks: return "key-checks";
    case Outcome::KeyCaptures: return "key-captures";
    case Outcome::KeyTakesFlight: return "key-takes-flight";
    case Outcome::SearchLimit: return "search-limit";
    case Outcome::TooFewSolutions: return "too-few-solutions";
    case Outcome::StartsInCheck: return "starts-in-check";
  }
  return "?";
}

inline constexpr int KeyCountCap = 6;  // keys are counted up to this many (enough to rank cooks)

struct Assessment {
  Outcome outcome = Outcome::NoMate;
  int keys = 0;              // first moves forcing mate in n (up to KeyCountCap); helpmates: solutions found
  std::string key_uci;       // the single key, when there is exactly one
  std::string illegality;    // the legality check failed, for Outcome::Illegal
  // Helpmates: the number of solutions intended, and the solutions of a sound candidate (each
  // line's moves in UCI, blank-separated, in search order).
  int wanted = 1;
  std::vector<std::string> lines;

  // Hill climbing's ladder: higher is closer to a sound problem with a quiet key.
  double fitness() const {
    switch (outcome) {
      case Outcome::Illegal: return -1;
      case Outcome::NoMate: case Outcome::SearchLimit: return 0;
      case Outcome::ShortMate: return 1;
      case Outcome::Cooked: return 2 + 1.0 / (keys - wanted + 1);  // direct mates: 2 + 1/keys
      case Outcome::TooFewSolutions: return 2 + 1.0 / (wanted - keys + 1);
      case Outcome::KeyChecks: case Outcome::KeyCaptures: case Outcome::KeyTakesFlight: case Outcome::StartsInCheck:
        return 3;
      case Outcome::Sound: return 4;
    }
    return -1;
  }
};

template <RuleSet G>
class Assessor {
 public:
  using M = typename G::MoveType;
  using MoveList = typename G::MoveListType;
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;

  Assessor(int n, const Options& options, const prover::Limits& limits)
      : n_(n), options_(options), limits_(limits), game_(G::from_fen(G::start_fen, {"<compose>", 1, 1}, options)),
        search_(game_, limits) {}

  // `max_seconds` > 0 also bounds the search by the clock (a time-bounded run).
  Assessment assess(const Placement& p, double max_seconds = 0) {
    Assessment a;
    if (auto bad = first_illegality(p.position())) {
      a.outcome = Outcome::Illegal;
      a.illegality = bad->check;
      return a;
    }
    try {
      game_ = G::from_fen(p.fen_with_tokens(), {"<compose>", 1, 1}, options_);
    } catch (const ParseError& e) {  // a rule set's own set-up check (none is expected past first_illegality)
      a.outcome = Outcome::Illegal;
      a.illegality = e.message();
      return a;
    }
    prover::Limits limits = limits_;
    limits.max_seconds = max_seconds;
    search_.reset_budget(limits);
    try {
      a.outcome = judge(a);
    } catch (const prover::LimitReached&) {
      a.outcome = Outcome::SearchLimit;
    }
    return a;
  }

 private:
  Outcome judge(Assessment& a) {
    if (n_ > 1 && search_.attacker_mates(n_ - 1)) return Outcome::ShortMate;
    MoveList moves;
    game_.generate_legal(moves);
    M key{};
    for (const M& m : moves) {
      game_.play(m);
      const bool wins = search_.every_defence_loses(n_ - 1);
      game_.undo();
      if (!wins) continue;
      if (a.keys++ == 0) key = m;
      if (a.keys == KeyCountCap) break;
    }
    if (a.keys == 0) return Outcome::NoMate;
    if (a.keys > 1) return Outcome::Cooked;
    a.key_uci = game_.move_uci(key);
    if (game_.gives_check(key)) return Outcome::KeyChecks;
    if (game_.is_capture(key)) return Outcome::KeyCaptures;
    if (key_flights(game_, key).taken()) return Outcome::KeyTakesFlight;
    return Outcome::Sound;
  }

  int n_;
  Options options_;
  prover::Limits limits_;
  G game_;
  prover::MateSearch<G> search_;
};

}  // namespace arbiter::compose
