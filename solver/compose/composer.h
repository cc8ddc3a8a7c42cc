#pragma once
// The composer: makes new sound direct mates, generic over the rules (solver/compose/).
//
//   1. A random candidate: a mating net around the defending king (generator.h).
//   2. Judged exactly (assessment.h): illegal positions, positions without a mate, with a
//      shorter mate, with several keys or with a key that checks, captures or takes a flight
//      are rejected, each for its named reason.
//   3. Hill climbing: from the candidate, single edits are tried, and an edit is kept when the
//      edited candidate is at least as close to a sound problem (Assessment::fitness: no mate <
//      shorter mate < cooked, fewer keys better < key not quiet < sound). Cooks are removed
//      this way, one edit at a time. After climb_steps edits the climber starts afresh.
//   4. Proof: the prover solves a sound candidate completely (every first move, the full tree,
//      the tries); only a proof of exactly one key mating in exactly n, with no shorter mate,
//      goes on.
//   5. Economy: every unit whose removal keeps the problem sound (judged, then proved) with the
//      same key and as many variations is removed, until each unit left is needed.
//   6. Quality, read off the proof (solution_analysis.h), and the default filters: at least
//      min_variations variations and a single threat. Option Chess: the tokens must matter (a
//      double move in the key or a main line, and the prover shows the problem fails with
//      both sides' tokens at 0).
//   7. Polishing: single edits of the problem that keep it sound (steps 4 to 6 again) and raise
//      its score (quality.h) replace it, polish_steps times: a climb on the score among sound
//      problems.
//   8. Duplicates (the same position up to the symmetries the rules keep) are dropped.
// Everything is decided by the seed and the count of candidates judged (node limits, not
// clocks, bound each search), so --seed with --attempts reproduces a run exactly.
//
// Helpmates h#n (options.goal == HelpMate; Black starts, White mates on its n-th move) go the
// same way with the steps read for the genre:
//   1. Candidates: Black to move, a lighter net (1 to 3 White units and up to 4 Black units
//      around the Black king; Option Chess tokens 0 or 1 each).
//   2. Judged exactly by the complete helpmate search (help_assessment.h): legality, Black
//      not in check, no solution shorter than n, and exactly `solutions` solutions (the search
//      stops once a cook is certain).
//   3. Hill climbing as above (no solution < short < cooked or too few, nearer the intended
//      count better < sound).
//   4. Proof: the prover lists every solution (a complete run, prover::solve with the goal
//      HelpMate); only exactly `solutions` lines, each of the full length, go on.
//   5. Economy: every unit whose removal keeps the problem sound with the very same solution
//      lines is removed (judged, then proved), until each unit left is needed.
//   6. Quality read off the solutions (analyse_help_solution: units that move, model and pure
//      mates, checks, captures) and the score help_score (quality.h). Default filters: at
//      least min_black_moving Black units besides the king move, and at least min_white_units
//      White units besides the king. Option Chess: a double move in a solution, and the prover
//      shows the problem fails with both tokens at 0.
//   7, 8. Polishing and duplicates as above.
// Help play towards stalemate (h=n) and series play (ser-#n, ser-=n, ser-h#n, ser-h=n; rules
// that can pass) go the helpmates' way: the same light candidates (White to move in a direct
// series), judged by the complete search of the genre (help_assessment.h), proved by
// prover::solve with the stipulation's goal and play, each solution of the full length. In a
// direct series Black never moves, so the Black-moving filter is not applied there.

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

#include "rules/core/capabilities.h"
#include "rules/core/ruleset.h"
#include "rules/core/stop.h"
#include "solver/compose/assessment.h"
#include "solver/compose/composition.h"
#include "solver/compose/generator.h"
#include "solver/compose/help_assessment.h"
#include "solver/compose/solution_analysis.h"
#include "solver/prover/solve.h"

namespace arbiter::compose {

template <RuleSet G>
class Composer {
 public:
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;
  static constexpr bool HasTokens = Tokens<G>;

  Composer(const ComposeOptions& options, const Options& rules) : options_(options), rules_(rules), random_(options.seed) {
    if (help()) {
      help_assessor_.emplace(options.n, options.solutions, options.target, options.series,
                             options.goal == prover::Goal::HelpMate, rules, candidate_limits(options));
    }
    else assessor_.emplace(options.n, rules, candidate_limits(options));
    generator_.material = options.material;
    generator_.tokens = HasTokens;
    generator_.fullmove = HasTokens ? 30 : 1;  // Option Chess: double moves from move 9 on
    if (help()) {
      // Helpmates are economical: a few White units, Black's king with a few of its own. A
      // direct series is White's alone: White to move, the same light net.
      generator_.to_move = options.goal == prover::Goal::HelpMate ? Black : White;
      generator_.white_max = 3;
      generator_.black_max = 4;
      generator_.token_min = {0, 0};
      generator_.token_max = {1, 1};
    }
  }

  ComposeReport run() {
    start_ = std::chrono::steady_clock::now();
    while (!stop()) {
      Placement p = random_candidate(random_, generator_);
      Assessment a = judge(p);
      if (a.outcome == Outcome::Illegal) continue;
      for (int step = 0;; ++step) {
        if (a.outcome == Outcome::Sound) {
          finish(p, a);
          break;
        }
        if (step == options_.climb_steps || stop()) break;
        Placement q = mutated(p, random_, generator_);
        Assessment b = judge(q);
        if (b.fitness() >= a.fitness()) {
          p = std::move(q);
          a = std::move(b);
        }
      }
    }
    report_.seconds = elapsed();
    return report_;
  }

 private:
  // Help and series play: solutions are lines (the steps read for helpmates, see above).
  bool help() const { return options_.lines(); }

  static prover::Limits candidate_limits(const ComposeOptions& o) {
    prover::Limits l;
    if (o.series) l.max_nodes = o.candidate_nodes ? o.candidate_nodes : 2'000'000;
    else if (o.goal == prover::Goal::HelpMate) l.max_nodes = o.candidate_nodes ? o.candidate_nodes : (o.n <= 2 ? 2'000'000 : 20'000'000);
    else l.max_nodes = o.candidate_nodes ? o.candidate_nodes : (o.n <= 2 ? 500'000 : 5'000'000);
    l.hash_megabytes = 32;
    return l;
  }

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

  bool stop() {
    if (int(report_.problems.size()) >= options_.count) return report_.stopped_by = "count", true;
    if (stop::requested()) return report_.stopped_by = "interrupted", true;
    if (options_.max_attempts && report_.attempts >= options_.max_attempts) return report_.stopped_by = "attempts", true;
    if (options_.max_seconds > 0 && (elapsed() >= options_.max_seconds || stop::past_deadline()))
      return report_.stopped_by = "time", true;
    return false;
  }

  void reject(std::string_view reason) { ++report_.rejections[std::string(reason)]; }

  Assessment judge(const Placement& p) {
    ++report_.attempts;
    const double seconds = options_.max_seconds > 0 ? std::max(0.001, options_.max_seconds - elapsed()) : 0;
    Assessment a = help() ? help_assessor_->assess(p, seconds) : assessor_->assess(p, seconds);
    if (a.outcome != Outcome::Sound) reject(outcome_name(a.outcome));
    if (options_.progress) {
      report_.seconds = elapsed();
      options_.progress(report_);
    }
    return a;
  }

  G game_for(const Placement& p) const { return G::from_fen(p.fen_with_tokens(), {"<compose>", 1, 1}, rules_); }

  // The complete solution: every first move examined, the full tree and the tries. Bounded by
  // nodes, and by the run's clock when it has one (a time-bounded run is not reproducible anyway).
  prover::Solution prove(const Placement& p, bool tree) const {
    G game = game_for(p);
    prover::SolveOptions so;
    so.goal = options_.goal;
    so.n = options_.n;
    so.target = options_.target;
    so.series = options_.series;
    if (help()) so.stated_solutions = options_.solutions;  // every solution listed: a complete run
    so.tries = tree;
    so.build_tree = tree;
    so.threads = options_.threads;
    so.limits.max_nodes = 50'000'000;
    so.limits.hash_megabytes = 16;
    if (options_.max_seconds > 0) so.limits.max_seconds = std::max(0.001, options_.max_seconds - elapsed());
    return prover::solve(game, so);
  }

  bool proves_sound(const prover::Solution& s) const {
    return s.verdict == prover::Verdict::Proved && s.complete && s.tree_complete && s.keys.size() == 1 &&
           s.keys[0].mate_in == options_.n && s.shortest == options_.n;
  }

  bool out_of_time() const {
    return (options_.max_seconds > 0 && (elapsed() >= options_.max_seconds || stop::past_deadline())) || stop::requested();
  }

  // Step 4: every unit whose removal keeps the problem as it is goes, again until none does.
  // `keeps(q, proof)` judges the smaller candidate q against the current proof and gives q's
  // proof when q keeps it. Nothing when the run's time is up before the last unit was tried.
  template <class Keeps>
  std::optional<Placement> economise(Placement p, prover::Solution& proof, const Keeps& keeps) {
    for (bool changed = true; changed;) {
      changed = false;
      for (Square s = 0; s < 64; ++s) {
        if (out_of_time()) return std::nullopt;
        if (p.board[s] == NoPiece || type_of(p.board[s]) == King) continue;
        Placement q = p;
        q.board[s] = NoPiece;
        std::optional<prover::Solution> qs = keeps(q, proof);
        if (!qs) continue;
        p = std::move(q);
        proof = std::move(*qs);
        changed = true;
      }
    }
    return p;
  }

  // Direct mates keep a removal that leaves the problem sound with the same key and no fewer
  // variations.
  std::optional<prover::Solution> keeps_direct(const Placement& q, const prover::Solution& current, const std::string& key_uci) {
    const Assessment b = assessor_->assess(q);
    if (b.outcome != Outcome::Sound || b.key_uci != key_uci) return std::nullopt;
    prover::Solution qs = prove(q, true);
    if (!proves_sound(qs) || count_variations(qs.keys[0]) < count_variations(current.keys[0])) return std::nullopt;
    return qs;
  }

  // Helpmates keep a removal that leaves the very same solutions.
  std::optional<prover::Solution> keeps_help(const Placement& q, const std::vector<std::string>& lines) {
    const Assessment b = help_assessor_->assess(q);
    if (b.outcome != Outcome::Sound || sorted(b.lines) != lines) return std::nullopt;
    prover::Solution qs = prove(q, false);
    if (!proves_sound_help(qs) || sorted(lines_of(qs)) != lines) return std::nullopt;
    return qs;
  }

  // Steps 4 to 6 for a candidate judged sound: the economical problem with its proof and
  // quality, or nothing when a filter or a limit rejects it. `first`: the climb's own find
  // (counted as sound), not one of the polishing step's variants.
  std::optional<ComposedProblem> problem_from(Placement p, const Assessment& a, bool first) {
    prover::Solution proof = prove(p, !help());
    if (proof.verdict == prover::Verdict::Unknown) return reject("proof-limit"), std::nullopt;
    const bool confirmed = help() ? proves_sound_help(proof) && sorted(lines_of(proof)) == sorted(a.lines) : proves_sound(proof);
    if (!confirmed) return reject("proof-failed"), std::nullopt;  // the quick judgement and the prover disagree
    std::optional<Placement> economical;
    if (help()) {
      const std::vector<std::string> lines = sorted(lines_of(proof));
      economical = economise(std::move(p), proof, [&](const Placement& q, const prover::Solution&) { return keeps_help(q, lines); });
    } else {
      economical = economise(std::move(p), proof, [&](const Placement& q, const prover::Solution& current) {
        return keeps_direct(q, current, a.key_uci);
      });
    }
    if (!economical) return std::nullopt;  // the run's time is up
    p = std::move(*economical);
    if (first) ++report_.sound;
    ComposedProblem c;
    c.placement = p;
    c.fen = p.fen();
    c.variant = std::string(G::variant_name);
    if (!(help() ? describe_help(p, proof, c) : describe_direct(p, proof, c))) return std::nullopt;
    c.solution = std::move(proof);
    return c;
  }

  // Step 5 for a direct mate: its key, quality and score, or false when a filter rejects it.
  bool describe_direct(const Placement& p, const prover::Solution& proof, ComposedProblem& c) {
    c.stipulation = "#" + std::to_string(options_.n);
    c.key_san = proof.keys[0].san;
    c.key_uci = proof.keys[0].uci;
    {
      G game = game_for(p);
      c.quality = analyse_solution(game, proof);
    }
    c.quality.every_unit_needed = true;  // economise() stopped where no removal keeps it sound
    if (c.quality.variations < options_.min_variations) return reject("too-few-variations"), false;
    if (options_.single_threat && proof.keys[0].threat.size() > 1) return reject("multiple-threats"), false;
    if constexpr (HasTokens)
      if (!tokens_matter(p, proof, c)) return false;
    c.score = score(c.quality);
    return true;
  }

  bool out_of_attempts() const { return options_.max_attempts && report_.attempts >= options_.max_attempts; }

  void finish(const Placement& p, const Assessment& a) {
    std::optional<ComposedProblem> best = problem_from(p, a, true);
    if (!best) return;
    // Polishing (step 7): single edits of the problem that keep it sound and raise its score
    // replace it; a climb on the score among sound problems.
    for (int i = 0; i < options_.polish_steps && !out_of_time() && !out_of_attempts(); ++i) {
      const Placement q = mutated(best->placement, random_, generator_);
      const Assessment b = judge(q);
      if (b.outcome != Outcome::Sound) continue;
      std::optional<ComposedProblem> c = problem_from(q, b, false);
      if (c && c->score > best->score && !seen_.count(canonical_key(c->placement))) best = std::move(c);
    }
    if (best->score < options_.min_score) return reject("below-min-score");
    if (!seen_.insert(canonical_key(best->placement)).second) return reject("duplicate");
    best->seconds = elapsed();
    report_.problems.push_back(std::move(*best));
  }

  // Option Chess (step 6). A double move is told by its UCI form "e2e4,d1h5".
  bool tokens_matter(const Placement& p, const prover::Solution& proof, ComposedProblem& c) {
    c.double_move_needed = double_move_in_main_lines(proof.keys[0]);
    Placement zero = p;
    zero.tokens = {0, 0};
    const prover::Solution z = prove(zero, false);
    if (z.verdict == prover::Verdict::Unknown) return reject("tokens-unproved"), false;  // never claimed unproved
    if (z.verdict == prover::Verdict::Refuted) c.zero_tokens = "no solution";
    else if (z.keys.size() > 1) c.zero_tokens = "cooked: " + std::to_string(z.keys.size()) + " keys";
    else if (z.keys[0].uci != c.key_uci) c.zero_tokens = "another key: 1." + z.keys[0].san;
    else if (z.shortest != options_.n) c.zero_tokens = "short: mate in " + std::to_string(z.shortest);
    if (c.zero_tokens.empty() || !c.double_move_needed) return reject("tokens-do-not-matter"), false;
    return true;
  }

  static bool double_move_in_main_lines(const prover::AttackerNode& a) {
    if (a.uci.find(',') != std::string::npos) return true;
    for (const auto& d : a.defences)
      if (!d.answers.empty() && double_move_in_main_lines(d.answers.front())) return true;
    return false;
  }

  // --- Helpmates -------------------------------------------------------------------------

  // Each solution's moves in UCI, blank-separated, in the prover's order.
  static std::vector<std::string> lines_of(const prover::Solution& s) {
    std::vector<std::string> out;
    for (const auto& l : s.solutions) {
      std::string u;
      for (const auto& m : l.moves) u.append(u.empty() ? "" : " ").append(m.uci);
      out.push_back(std::move(u));
    }
    return out;
  }

  static std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
  }

  // A complete proof of exactly the intended solutions, each of the full length (help play 2n
  // plies; series play n series moves, and White's last in help series).
  bool proves_sound_help(const prover::Solution& s) const {
    if (s.verdict != prover::Verdict::Proved || !s.complete || int(s.solutions.size()) != options_.solutions) return false;
    const bool help_play = options_.goal == prover::Goal::HelpMate;
    const int full = options_.series ? options_.n + (help_play ? 1 : 0) : 2 * options_.n;
    for (const auto& l : s.solutions)
      if (int(l.moves.size()) != full) return false;
    return true;
  }

  // Step 5 for a helpmate: its quality and score, or false when a filter rejects it.
  bool describe_help(const Placement& p, const prover::Solution& proof, ComposedProblem& c) {
    c.goal = options_.goal;
    c.stipulation = prover::stipulation_text(options_.goal, options_.n, false, options_.target, options_.series);
    c.solutions = options_.solutions;
    {
      G game = game_for(p);
      c.help_quality = analyse_help_solution(game, proof);
    }
    c.help_quality.every_unit_needed = true;  // economise() stopped where no removal keeps the solutions
    // (In a direct series Black never moves: the filter is the help genres'.)
    const bool black_plays = options_.goal == prover::Goal::HelpMate;
    if (black_plays && c.help_quality.black_moving < options_.min_black_moving) return reject("black-units-idle"), false;
    if (c.help_quality.white_units < options_.min_white_units) return reject("too-few-white-units"), false;
    if constexpr (HasTokens)
      if (!help_tokens_matter(p, proof, c)) return false;
    c.score = help_score(c.help_quality);
    return true;
  }

  // Option Chess, helpmates: a double move in a solution, and at tokens 0/0 the solutions are
  // not the same (fewer, more, other or shorter ones).
  bool help_tokens_matter(const Placement& p, const prover::Solution& proof, ComposedProblem& c) {
    for (const auto& line : lines_of(proof))
      if (line.find(',') != std::string::npos) c.double_move_needed = true;
    Placement zero = p;
    zero.tokens = {0, 0};
    G game = game_for(zero);
    prover::SolveOptions so;
    so.goal = prover::Goal::HelpMate;
    so.n = options_.n;
    so.stated_solutions = options_.solutions;
    so.max_solutions = std::size_t(options_.solutions);  // more than that is all "cooked" needs
    so.limits.max_nodes = 50'000'000;
    so.limits.hash_megabytes = 16;
    if (options_.max_seconds > 0) so.limits.max_seconds = std::max(0.001, options_.max_seconds - elapsed());
    const prover::Solution z = prover::solve(game, so);
    if (z.verdict == prover::Verdict::Unknown) return reject("tokens-unproved"), false;  // never claimed unproved
    int shortest_plies = 0;
    for (const auto& l : z.solutions)
      if (shortest_plies == 0 || int(l.moves.size()) < shortest_plies) shortest_plies = int(l.moves.size());
    if (z.solutions.empty()) c.zero_tokens = "no solution";
    else if (!z.complete) c.zero_tokens = "cooked: more than " + std::to_string(options_.solutions) + " solutions";
    else if (shortest_plies < 2 * options_.n) c.zero_tokens = "short: mate in " + std::to_string((shortest_plies + 1) / 2);
    else if (int(z.solutions.size()) != options_.solutions)
      c.zero_tokens = std::to_string(z.solutions.size()) + " solutions instead of " + std::to_string(options_.solutions);
    else if (sorted(lines_of(z)) != sorted(lines_of(proof))) c.zero_tokens = "other solutions";
    if (c.zero_tokens.empty() || !c.double_move_needed) return reject("tokens-do-not-matter"), false;
    return true;
  }

  ComposeOptions options_;
  Options rules_;
  std::optional<Assessor<G>> assessor_;           // direct mates
  std::optional<HelpAssessor<G>> help_assessor_;  // helpmates
  Random random_;
  GeneratorSettings generator_;
  ComposeReport report_;
  std::set<std::string> seen_;
  std::chrono::steady_clock::time_point start_;
};

template <RuleSet G>
ComposeReport compose(const ComposeOptions& options, const typename Composer<G>::Options& rules) {
  return Composer<G>(options, rules).run();
}

}  // namespace arbiter::compose
