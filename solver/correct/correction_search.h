#pragma once
// Correction search: when a published problem's position is lost or doubtful (Option Chess's
// Bonham problem has no diagram in its text), look for the positions near a reconstruction in
// which everything the publication states comes true.
//
// The space: from each base position (the stated one, and the stated one with one unit
// relocated to each of the given squares), add up to `max_units` units. Only additions that
// can matter are tried: a unit that neither occupies nor blocks a square of the current
// refutation (the destination and the squares passed of each of its moves), nor, for the
// attacker, guards one of those squares, cannot change that refutation. The refutation is
// the defence the prover finds against the key, or against the first published attacker
// move whose forced mate fails. Positions the rules reject (bad FEN, the side not to move
// in check, a pawn on its first or last rank) are skipped.
//
// A candidate is kept when (1) an orthodox engine line stated by the text ([EngineLine] tag)
// is legal in it, (2) every published move keeps its stated outcome (legal or illegal,
// check, mate, try, refutation) and (3) the prover proves the key and every published
// attacker move's forced mate. Kept candidates are then solved completely (cooks).
//
// Selfmates are judged the same way with the selfmate search (a refutation is the defence
// that escapes the selfmate). Helpmates have no key and no refutation: a candidate is kept
// when every published line is a solution and the solutions are exactly as many as stated
// (verify's "confirmed and sound"). Since any unit anywhere can add or remove a helpmate
// solution (a new flight guard, a new interposition, a new capture), no addition can be
// skipped as irrelevant: for helpmates the additions are every unit on every empty square.

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <type_traits>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "rules/core/bitboard.h"
#include "rules/core/fen.h"
#include "rules/core/ruleset.h"
#include "rules/notation/pgn.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "rules/registry/interpretations.h"
#include "solver/prover/mate_search.h"
#include "solver/prover/solve.h"
#include "solver/prover/help_solve.h"
#include "solver/prover/verify.h"

namespace arbiter::correct {

struct Change {
  std::string text;  // "+wPf4" (White pawn added on f4), "Qf6-f8" (relocated)
};

struct Candidate {
  std::string fen;
  std::vector<std::string> changes;
  bool engine_line_legal = true;
  bool key_proved = false;
  int claims = 0, claims_failed = 0;
  std::string failure;         // the first failing check, in words
  std::string refutation_uci;  // the defence that refutes (drives the next additions)
  // For kept candidates: the complete solution.
  std::vector<std::string> keys;
  std::uint64_t proof_nodes = 0;
  double proof_seconds = 0;
};

struct Options {
  int max_units = 2;
  // The stipulation's goal: direct mate (default), selfmate or helpmate (with its half move
  // and the number of solutions it states, 0 meaning one).
  prover::Goal goal = prover::Goal::DirectMate;
  bool half_move = false;
  int stated_solutions = 0;
  // Relocations of one unit: from square, to squares ("f6" -> {"f8", "f5"}).
  std::vector<std::pair<std::string, std::vector<std::string>>> relocations;
  prover::Limits limits{0, 0, 16};
  std::function<void(int examined, int kept, const std::string& fen)> progress;
};

struct Report {
  std::vector<std::string> bases;  // base FENs searched
  int max_units = 0;
  int examined = 0;           // candidate positions built
  int illegal_positions = 0;  // rejected by the rules' FEN reader
  int engine_line_fails = 0;
  int claims_fail_quick = 0;  // a stated legality, check or mate outcome fails
  int key_refuted = 0;
  int lines_fail = 0;         // key proved, a stated outcome further along fails
  std::map<std::string, int> key_refutations;  // the defence that refuted the key, and in how many candidates
  std::vector<Candidate> kept;  // sound reconstructions, fewest changes first
  std::optional<Candidate> best;  // when none is kept: the one with fewest failures
  double seconds = 0;
};

namespace detail {

// The placement field of a FEN as 64 squares (a1 = 0) and back.
std::vector<char> read_placement(const std::string& fen);
std::string with_placement(const std::string& fen, const std::vector<char>& board);
Bitboard attacks_of(char piece, Square s, Bitboard occupied);

}  // namespace detail

template <RuleSet G>
class CorrectionSearch {
 public:
  CorrectionSearch(std::string fen, const SourceLocation& where, int n, const PgnLine& published,
                   std::optional<PgnLine> engine_line, Options options, const InterpretationSettings& interpret = {})
      : fen_(std::move(fen)), where_(where), n_(n), published_(published), engine_line_(std::move(engine_line)),
        options_(std::move(options)), rules_(options_with<RuleOptions>(interpret)) {}

  Report run() {
    const auto start = std::chrono::steady_clock::now();
    report_.max_units = options_.max_units;
    std::vector<std::pair<std::string, std::vector<std::string>>> bases = {{fen_, {}}};
    for (const auto& [from, targets] : options_.relocations) {
      const Square f = parse_square(from);
      for (const auto& to : targets) {
        auto board = detail::read_placement(fen_);
        const Square t = parse_square(to);
        if (f == NoSquare || t == NoSquare || board[f] == '.' || board[t] != '.') continue;
        board[t] = board[f];
        board[f] = '.';
        bases.push_back({detail::with_placement(fen_, board), {std::string(1, board[t]) + from + "-" + to}});
      }
    }
    std::vector<std::pair<std::string, std::vector<std::string>>> level;
    for (const auto& b : bases) {
      report_.bases.push_back(b.first);
      level.push_back(b);
    }
    std::vector<Candidate> frontier;
    for (const auto& [fen, changes] : level)
      if (auto c = evaluate(fen, changes)) frontier.push_back(*c);
    for (int units = 1; units <= options_.max_units; ++units) {
      std::vector<Candidate> next;
      for (const Candidate& c : frontier) {
        const bool help = options_.goal == prover::Goal::HelpMate;
        if (c.refutation_uci.empty() && !(help && !c.key_proved)) continue;  // kept, or failed for a reason no addition targets
        for (const auto& [fen, change] : additions(c)) {
          if (!seen_.insert(fen).second) continue;
          auto changes = c.changes;
          changes.push_back(change);
          if (auto e = evaluate(fen, changes)) next.push_back(*e);
        }
      }
      frontier = std::move(next);
    }
    std::stable_sort(report_.kept.begin(), report_.kept.end(),
                     [](const Candidate& a, const Candidate& b) { return a.changes.size() < b.changes.size(); });
    for (Candidate& k : report_.kept) prove_completely(k);
    report_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report_;
  }

 private:
  // Builds and judges one candidate; nothing when the rules reject the position.
  std::optional<Candidate> evaluate(const std::string& fen, const std::vector<std::string>& changes) {
    ++report_.examined;
    if (options_.progress && report_.examined % 50 == 0) options_.progress(report_.examined, int(report_.kept.size()), fen);
    std::optional<G> game;
    try {
      game.emplace(G::from_fen(fen, where_, rules_));
    } catch (const ParseError&) {
      ++report_.illegal_positions;
      return std::nullopt;
    }
    Candidate c;
    c.fen = fen;
    c.changes = changes;
    if (engine_line_ && !engine_line_legal(fen)) {
      c.engine_line_legal = false;
      c.failure = "the engine line is not legal";
      ++report_.engine_line_fails;
      consider_best(c);
      return c;  // no refutation to target: not expanded
    }
    try {
      return judge(*game, c);  // a copy: the handler below still reports `c`
    } catch (const ParseError& e) {  // a published move became ambiguous (an added unit can do that)
      ++report_.claims_fail_quick;
      c.claims_failed = 1;
      c.failure = e.message();
      consider_best(c);
      return c;
    }
  }

  Candidate judge(G& game, Candidate c) {
    switch (options_.goal) {
      case prover::Goal::HelpMate: return judge_help(game, std::move(c));
      case prover::Goal::SelfMate: return judge_keyed<prover::Goal::SelfMate>(game, std::move(c));
      case prover::Goal::DirectMate: break;
    }
    return judge_keyed<prover::Goal::DirectMate>(game, std::move(c));
  }

  // Helpmates: kept when verify confirms the published lines and the count (key_proved then
  // means "confirmed and sound").
  Candidate judge_help(G& game, Candidate c) {
    prover::SolveOptions so = solve_options();
    so.max_solutions = std::size_t(std::max(1, options_.stated_solutions)) + 1;  // one more is a cook: enough to reject
    prover::Solution s = prover::solve_help(game, so);
    prover::VerifyReport r = prover::verify_help_published(game, s, published_);
    count_claims(c, r);
    if (r.confirmed() && s.complete && s.solutions.size() == std::size_t(std::max(1, options_.stated_solutions))) {
      bool short_line = false;
      for (const auto& f : r.findings) short_line = short_line || f.kind == "short-solution";
      if (!short_line) {
        c.key_proved = true;
        report_.kept.push_back(c);
        return c;
      }
    }
    ++report_.lines_fail;
    c.failure = r.findings.empty() ? first_failure(r) : r.findings.front().message;
    if (c.claims_failed == 0) c.claims_failed = 1;
    consider_best(c);
    return c;
  }

  template <prover::Goal Kind>
  Candidate judge_keyed(G& game, Candidate c) {
    prover::MateSearch<G, Kind> search(game, options_.limits);
    {  // stated legality, checks and mates: no search needed
      prover::VerifyReport quick;
      prover::detail::PublishedLineChecker<G, Kind>(game, search, n_, quick, false).walk(published_, 0);
      count_claims(c, quick);
      if (c.claims_failed > 0) {
        ++report_.claims_fail_quick;
        c.failure = first_failure(quick);
        consider_best(c);
        return c;
      }
    }
    // The key first: it fails fastest, and its refutation says where to add.
    const typename G::MoveType key = game.parse_move(published_.front().san, published_.front().where);
    game.play(key);
    auto escape = search.refutation(n_ - 1);
    if (escape) c.refutation_uci = game.move_uci(*escape);
    const std::string escape_text = escape ? game.move_text(*escape) : "";
    game.undo();
    if (escape) {
      ++report_.key_refuted;
      ++report_.key_refutations[escape_text];
      c.failure = "the key is refuted by " + escape_text;
      c.claims_failed = 1;
      consider_best(c);
      return c;
    }
    c.key_proved = true;
    prover::VerifyReport full;
    prover::detail::PublishedLineChecker<G, Kind>(game, search, n_, full, true).walk(published_, 0);
    count_claims(c, full);
    if (c.claims_failed > 0) {
      ++report_.lines_fail;
      c.failure = first_failure(full);
      for (const auto& claim : full.claims)
        if (!claim.holds && !claim.refutation_uci.empty()) {
          c.refutation_uci = claim.refutation_uci;
          break;
        }
      consider_best(c);
      return c;
    }
    report_.kept.push_back(c);
    return c;
  }

  bool engine_line_legal(const std::string& fen) {
    // The engine line is orthodox play: judged on the orthodox part of the FEN (six fields).
    std::string orthodox_fen;
    int fields = 0;
    for (std::size_t i = 0; i < fen.size(); ++i) {
      if (fen[i] == ' ' && ++fields == 6) break;
      orthodox_fen += fen[i];
    }
    try {
      orthodox::Game game = orthodox::Game::from_fen(orthodox_fen, where_);
      for (const PgnMove& m : *engine_line_) game.play(game.parse_move(m.san, m.where));
      return true;
    } catch (const ParseError&) {
      return false;
    }
  }

  static void count_claims(Candidate& c, const prover::VerifyReport& r) {
    c.claims = int(r.claims.size());
    c.claims_failed = 0;
    for (const auto& claim : r.claims) c.claims_failed += !claim.holds;
    for (const auto& f : r.findings)
      if (f.kind == "illegal-move" || f.kind == "line-too-long") ++c.claims_failed;
  }

  static std::string first_failure(const prover::VerifyReport& r) {
    for (const auto& claim : r.claims)
      if (!claim.holds) return claim.move + " (" + claim.claim + "): " + claim.detail;
    return r.findings.empty() ? "" : r.findings.front().message;
  }

  void consider_best(const Candidate& c) {
    auto rank = [](const Candidate& x) { return std::tuple(!x.engine_line_legal, !x.key_proved, x.claims_failed, x.changes.size()); };
    if (!report_.best || rank(c) < rank(*report_.best)) report_.best = c;
  }

  // The additions that can matter against the candidate's refutation.
  std::vector<std::pair<std::string, std::string>> additions(const Candidate& c) {
    const auto board = detail::read_placement(c.fen);
    Bitboard occupied = 0;
    for (Square s = 0; s < 64; ++s)
      if (board[s] != '.') occupied |= square_bb(s);
    Bitboard path = 0;
    for (const auto& [from, to] : uci_squares(c.refutation_uci)) path |= between(from, to) | square_bb(to);
    const Bitboard empty_path = path & ~occupied;
    const bool attacker_white = side_to_move_white(c.fen);
    const bool everywhere = options_.goal == prover::Goal::HelpMate;  // see the header comment
    std::vector<std::pair<std::string, std::string>> out;
    const std::string types = "PNBRQ";
    for (Square s = 0; s < 64; ++s) {
      if (board[s] != '.') continue;
      for (char t : types) {
        for (bool white : {true, false}) {
          const char piece = white ? t : char(t - 'A' + 'a');
          if (t == 'P' && (rank_of(s) == 0 || rank_of(s) == 7)) continue;
          const bool blocks = empty_path & square_bb(s);
          const bool guards = white == attacker_white && (detail::attacks_of(piece, s, occupied) & path);
          if (!blocks && !guards && !everywhere) continue;
          auto next = board;
          next[s] = piece;
          out.push_back({detail::with_placement(c.fen, next), fmt::format("+{}{}{}", white ? 'w' : 'b', t, square_name(s))});
        }
      }
    }
    return out;
  }

  static bool side_to_move_white(const std::string& fen) {
    const auto space = fen.find(' ');
    return space == std::string::npos || fen[space + 1] != 'b';
  }

  prover::SolveOptions solve_options() const {
    prover::SolveOptions so;
    so.goal = options_.goal;
    so.n = n_;
    so.half_move = options_.half_move;
    so.stated_solutions = options_.stated_solutions;
    so.build_tree = false;
    so.limits = options_.limits;
    return so;
  }

  void prove_completely(Candidate& c) {
    G game = G::from_fen(c.fen, where_, rules_);
    prover::Solution s = prover::solve(game, solve_options());
    for (const auto& k : s.keys) c.keys.push_back(k.san);
    for (const auto& l : s.solutions) c.keys.push_back(prover::format_help_line(l, s.half_move));
    c.proof_nodes = s.nodes;
    c.proof_seconds = s.seconds;
  }

  using RuleOptions = std::decay_t<decltype(std::declval<const G&>().options())>;
  std::string fen_;
  SourceLocation where_;
  int n_;
  const PgnLine& published_;
  std::optional<PgnLine> engine_line_;
  Options options_;
  RuleOptions rules_;  // the interpretations every game of the search is built with
  Report report_;
  std::set<std::string> seen_;
};

}  // namespace arbiter::correct
