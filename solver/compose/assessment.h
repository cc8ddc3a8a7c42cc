#pragma once
// One candidate judged as a direct mate in n, exactly and as cheaply as possible: each
// statement is proved by the mate search (no mate in fewer moves; how many first moves force
// mate in n, counted up to KeyCountCap; what the single key does), and the judgement stops at
// the first that rejects the candidate. The outcome also ranks candidates for hill climbing:
// a cooked candidate is closer to a sound problem than one without a mate.
//
// One Assessor serves a whole run: the game is set to each candidate in turn and the mate
// search, with its transposition table, is kept. The correction search (solver/correct/) judges
// its candidates with the same Assessor, as direct mates or selfmates (Kind), on a FEN that may
// keep castling rights, and without the quiet-key rules (a published key may check or capture). Reusing the table across candidates is sound
// because an entry is keyed by the whole position (placement, side, tokens, move number) and
// records a fact about that position alone.

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/core/fen.h"
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
  std::string other_key_uci; // a cooked direct mate's second key
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

// Whether a single key must also be quiet (no check, no capture, no flight taken): the
// composer's taste, not soundness.
enum class KeyRules { Quiet, Any };

template <RuleSet G, prover::Goal Kind = prover::Goal::DirectMate>
class Assessor {
 public:
  using M = typename G::MoveType;
  using MoveList = typename G::MoveListType;
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;
  using Search = prover::MateSearch<G, Kind>;

  Assessor(int n, const Options& options, const prover::Limits& limits)
      : n_(n), options_(options), limits_(limits), game_(G::from_fen(G::start_fen, {"<compose>", 1, 1}, options)),
        search_(game_, limits) {}

  // `max_seconds` > 0 also bounds the search by the clock (a time-bounded run).
  Assessment assess(const Placement& p, double max_seconds = 0) {
    Assessment a;
    if (!load(p.fen_with_tokens(), a)) return a;
    judge_loaded(a, KeyRules::Quiet, max_seconds);
    return a;
  }

  // Sets the game to `fen` after the legality checks; false (and `a` says why) when illegal.
  bool load(const std::string& fen, Assessment& a) {
    try {
      if (auto bad = first_illegality(read_fen(fen.substr(0, six_fields_end(fen)), {"<candidate>", 1, 1}, {false}))) {
        a.outcome = Outcome::Illegal;
        a.illegality = bad->check;
        return false;
      }
      game_ = G::from_fen(fen, {"<candidate>", 1, 1}, options_);
    } catch (const ParseError& e) {  // a rule set's own set-up check (none is expected past first_illegality)
      a.outcome = Outcome::Illegal;
      a.illegality = e.message();
      return false;
    }
    return true;
  }

  // Judges the loaded position: shorter mate, keys counted, and with KeyRules::Quiet the key's
  // manners. The budget is renewed first.
  void judge_loaded(Assessment& a, KeyRules rules, double max_seconds = 0) {
    renew_budget(max_seconds);
    try {
      a.outcome = judge(a, rules);
    } catch (const prover::LimitReached&) {
      a.outcome = Outcome::SearchLimit;
    }
  }

  void renew_budget(double max_seconds = 0, std::uint64_t max_nodes = 0) {
    prover::Limits limits = limits_;
    limits.max_seconds = max_seconds;
    if (max_nodes && (!limits.max_nodes || max_nodes < limits.max_nodes)) limits.max_nodes = max_nodes;
    search_.reset_budget(limits);
  }

  G& game() { return game_; }
  Search& search() { return search_; }

 private:
  static std::size_t six_fields_end(const std::string& fen) {
    int blanks = 0;
    for (std::size_t i = 0; i < fen.size(); ++i)
      if (fen[i] == ' ' && ++blanks == 6) return i;
    return fen.size();
  }

  Outcome judge(Assessment& a, KeyRules rules) {
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
      else if (a.keys == 2) a.other_key_uci = game_.move_uci(m);
      if (a.keys == KeyCountCap) break;
    }
    if (a.keys == 0) return Outcome::NoMate;
    if (a.keys > 1) return Outcome::Cooked;
    a.key_uci = game_.move_uci(key);
    if (rules == KeyRules::Any) return Outcome::Sound;
    // The composer's rule sets have these; the correction search asks no manners of the others.
    if constexpr (CheckPrediction<G> && CaptureTest<G>) {
      if (game_.gives_check(key)) return Outcome::KeyChecks;
      if (game_.is_capture(key)) return Outcome::KeyCaptures;
      if (key_flights(game_, key).taken()) return Outcome::KeyTakesFlight;
    }
    return Outcome::Sound;
  }

  int n_;
  Options options_;
  prover::Limits limits_;
  G game_;
  Search search_;
};

}  // namespace arbiter::compose
