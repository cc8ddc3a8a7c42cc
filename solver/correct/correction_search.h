#pragma once
// Correction search: when a published problem's diagram is lost or damaged (Option Chess's
// Bonham problem has no diagram in its text; databases hold misprints), find the versions near
// it in which everything the publication states comes true and the problem is sound.
//
// The space (edit_space.h): sets of single edits of the stated diagram (units added, removed,
// moved, changed in colour or type; Option Chess tokens), each edit costing 1, within caps per
// kind and a total cost. Searched cheapest first: every set of cost c is built before any of
// cost c+1, so the first version found is a cheapest one, and a version is reported with
// whether every cheaper set was covered. The skipping rules are in pruning.h, each with its
// reason.
//
// Order within a cost (ordering never skips; it decides how soon a version is met): a set of
// cost c+1 is its parent of cost c plus one edit. Parents go nearest-first (Candidate::fitness:
// a cooked candidate is nearer than one whose key is refuted, and so on), and a parent's edits
// go by how much they touch or attack its failure's squares (the key, the refutation, a cook's
// key, the kings' fields). Each set is built once, from the first parent that reaches it.
//
// Each candidate is judged by candidate_judge.h. A version judged sound is solved again
// completely (prover::solve, with the tree and a certificate); a version the complete solve does
// not confirm is dropped and counted, never printed.
//
// Limits: --max-seconds and --max-nodes bound the whole search; a per-candidate node budget
// keeps one hard candidate from stalling it (such a candidate is "unknown", and the cost level
// it belongs to is then not covered). When a limit stops the search, the report says how much of
// each cost level was covered and never says that no version exists.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "rules/core/ruleset.h"
#include "rules/core/stop.h"
#include "rules/registry/interpretations.h"
#include "solver/correct/candidate.h"
#include "solver/correct/candidate_judge.h"
#include "solver/correct/options.h"
#include "solver/correct/edit_space.h"
#include "solver/prover/certificate.h"
#include "solver/prover/solve.h"

namespace arbiter::correct {

namespace detail {

struct FenHash {
  std::uint64_t a, b;
  bool operator==(const FenHash&) const = default;
};
FenHash fen_hash(const std::string& fen);
struct FenHashHasher {
  std::size_t operator()(const FenHash& h) const { return std::size_t(h.a ^ (h.b * 0x9E3779B97F4A7C15ull)); }
};

// How much an edit bears on a candidate's failure: squares it touches in `hot` count 2, the
// attacks of the unit it places reaching `hot` count 1 (token edits count 1).
int relevance(const Edit& e, Bitboard hot, Bitboard occupied);

double binomial(double n, int k);

}  // namespace detail

template <RuleSet G>
class CorrectionSearch {
 public:
  using RuleOptions = std::decay_t<decltype(std::declval<const G&>().options())>;

  CorrectionSearch(std::string fen, const SourceLocation& where, int n, const PgnLine& published,
                   std::optional<PgnLine> engine_line, Options options, const InterpretationSettings& interpret = {})
      : fen_(std::move(fen)), where_(where), n_(n), published_(published), engine_line_(std::move(engine_line)),
        options_(std::move(options)), rules_(options_with<RuleOptions>(interpret)) {
    const JudgeSetup setup{options_.goal, n_, options_.half_move, options_.stated_solutions, options_.hash_megabytes};
    switch (options_.goal) {
      case prover::Goal::DirectMate: judge_.template emplace<1>(setup, published_, engine_line_, rules_); break;
      case prover::Goal::SelfMate: judge_.template emplace<2>(setup, published_, engine_line_, rules_); break;
      case prover::Goal::HelpMate: judge_.template emplace<3>(setup, published_, engine_line_, rules_); break;
      case prover::Goal::ReflexMate:
      case prover::Goal::SemiReflexMate:  // `correct` takes the classic stipulations only
        throw std::logic_error("corrections of reflexmates are not searched yet");
    }
  }

  Report run() {
    start_ = std::chrono::steady_clock::now();
    // The stated diagram may itself be illegal (a misprint can put a king in check): it is
    // judged as the first candidate like any other.
    base_ = Diagram::from_fen(fen_);
    edits_ = single_edits(base_, options_.space);
    report_.bases = {fen_};
    report_.max_units = options_.space.max_units;
    report_.max_cost = options_.space.max_cost;
    report_.single_edits = count_by_kind(edits_);

    std::vector<Node> level;
    {
      LevelCoverage cover;
      cover.sets_bound = 1;
      cover.sets_exact = true;
      cover.built = 1;
      Node root;
      const auto [summary, sound] = build({}, cover);
      root.fitness = summary.fitness;
      root.hot = summary.hot;
      root.check_support = summary.check_support;
      cover.complete = cover.unknown == 0;
      report_.levels.push_back(cover);
      level.push_back(root);
    }
    bool stopped = false;
    for (int cost = 1; cost <= options_.space.max_cost && !stopped; ++cost) {
      if (!report_.kept.empty()) break;  // versions of a lower cost were found: they are the cheapest
      LevelCoverage cover;
      cover.cost = cost;
      cover.sets_exact = cost == 1;
      cover.sets_bound = cost == 1 ? double(edits_.size()) : detail::binomial(double(edits_.size()), cost);
      std::vector<Node> next;
      const bool keep_nodes = cost < options_.space.max_cost;
      std::stable_sort(level.begin(), level.end(), [](const Node& a, const Node& b) { return a.fitness > b.fitness; });
      std::unordered_set<std::string> built_sets;
      for (const Node& parent : level) {
        if (stopped) break;
        EditSetState state;
        for (auto i : parent.edits) join(state, edits_[i]);
        const Bitboard occupied = apply_all(parent.edits).occupied();
        std::vector<std::uint16_t> order(edits_.size());
        std::iota(order.begin(), order.end(), std::uint16_t(0));
        std::vector<int> score(edits_.size());
        for (std::size_t i = 0; i < edits_.size(); ++i) score[i] = detail::relevance(edits_[i], parent.hot, occupied);
        std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return score[x] > score[y]; });
        for (auto i : order) {
          if (!may_join(state, edits_[i], options_.space)) continue;
          std::vector<std::uint16_t> set = parent.edits;
          set.insert(std::lower_bound(set.begin(), set.end(), i), i);
          if (!built_sets.insert(std::string(reinterpret_cast<const char*>(set.data()), set.size() * 2)).second) continue;
          ++cover.built;
          if (parent.check_support && !(edits_[i].touched() & parent.check_support)) {
            ++cover.pruned["standing-check"];
            continue;
          }
          if (const std::string why = limit_reached(); !why.empty()) {
            report_.limit = why;
            stopped = true;
            break;
          }
          const auto [summary, sound] = build(set, cover);
          // A diagram judged before is not judged again, but its set stays a parent: a larger
          // set built on it need not be reachable from the other one (caps, squares touched).
          if (keep_nodes && !sound) next.push_back({set, summary.fitness, summary.hot, summary.check_support});
          if (options_.max_versions > 0 && int(report_.kept.size()) >= options_.max_versions) {
            stopped = true;
            report_.limit = fmt::format("--max-versions {}", options_.max_versions);
            break;
          }
        }
      }
      // Covered: every parent's every edit was built, and nothing judged was left unknown.
      cover.complete = !stopped && cover.unknown == 0 && all_levels_complete();
      report_.levels.push_back(cover);
      level = std::move(next);
    }
    finish();
    return report_;
  }

 private:
  struct Node {
    std::vector<std::uint16_t> edits;  // indices into edits_, ascending
    double fitness = 0;
    Bitboard hot = 0;
    Bitboard check_support = 0;
  };

  bool all_levels_complete() const {
    for (const auto& l : report_.levels)
      if (!l.complete) return false;
    return true;
  }

  Diagram apply_all(const std::vector<std::uint16_t>& set) const {
    Diagram d = base_;
    for (auto i : set) d.apply(edits_[i]);
    return d;
  }

  std::string limit_reached() const {
    if (stop::requested()) return stop::InterruptReason;
    if (options_.max_seconds > 0 && (elapsed() >= options_.max_seconds || stop::past_deadline())) return fmt::format("--max-seconds {}", options_.max_seconds);
    if (options_.max_nodes > 0 && report_.nodes >= options_.max_nodes) return fmt::format("--max-nodes {}", options_.max_nodes);
    return "";
  }

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

  struct Summary {
    double fitness = 0;
    Bitboard hot = 0, check_support = 0;
  };

  // Builds and judges the candidate of one edit set (once per diagram); its summary, and
  // whether it is a sound version.
  std::pair<Summary, bool> build(const std::vector<std::uint16_t>& set, LevelCoverage& cover) {
    const Diagram d = apply_all(set);
    Candidate c;
    c.fen = d.fen();
    c.units = d.units();
    const auto [seen, fresh] = seen_.try_emplace(detail::fen_hash(c.fen));
    if (!fresh) {
      ++cover.pruned["same-position"];
      return {seen->second.first, seen->second.second};
    }
    for (auto i : set) {
      c.changes.push_back(edit_text(edits_[i]));
      c.cost += edit_cost(edits_[i].kind);
    }
    CandidateBudget budget{options_.candidate_nodes, 0};
    if (options_.max_seconds > 0) budget.max_seconds = std::max(0.001, options_.max_seconds - elapsed());
    if (options_.max_nodes > 0) {
      const std::uint64_t left = options_.max_nodes > report_.nodes ? options_.max_nodes - report_.nodes : 1;
      budget.max_nodes = budget.max_nodes ? std::min(budget.max_nodes, left) : left;
    }
    std::visit([&](auto& j) {
      if constexpr (!std::is_same_v<std::decay_t<decltype(j)>, std::monostate>) j.judge(d, c, budget);
    }, judge_);
    ++cover.judged;
    ++report_.examined;
    report_.nodes += c.nodes;
    tally(c, cover);
    if (options_.progress && report_.examined % 25 == 0)
      options_.progress(c.cost, report_.examined, int(report_.kept.size()), c.fen);
    seen->second = {Summary{c.fitness(), c.hot, c.check_support}, c.stage == Stage::Sound};
    return seen->second;
  }

  void tally(const Candidate& c, LevelCoverage& cover) {
    switch (c.stage) {
      case Stage::Illegal: ++report_.illegal_positions; break;
      case Stage::EngineLine: ++report_.engine_line_fails; break;
      case Stage::StatedOutcome: ++report_.claims_fail_quick; break;
      case Stage::SearchLimit: ++report_.unknown, ++cover.unknown; break;
      case Stage::KeyRefuted:
        ++report_.key_refuted;
        ++report_.key_refutations[c.refutation_text];
        break;
      case Stage::LaterLine: case Stage::NoSolution: ++report_.lines_fail; break;
      case Stage::ShortSolution: ++report_.short_solutions; break;
      case Stage::Cooked: ++report_.cooked; break;
      case Stage::Sound: {
        Candidate v = c;
        switch (confirm(v)) {
          case Confirmation::Confirmed: report_.kept.push_back(std::move(v)); break;
          case Confirmation::Failed: ++report_.unconfirmed; break;
          case Confirmation::Stopped:  // a limit: neither kept nor dropped
            ++report_.unknown, ++cover.unknown;
            if (report_.limit.empty()) report_.limit = limit_reached();
            break;
        }
        return;
      }
    }
    auto rank = [](const Candidate& x) { return std::pair(x.fitness(), -x.cost); };
    if (!report_.best || rank(c) > rank(*report_.best)) report_.best = c;
  }

  prover::SolveOptions solve_options() const {
    prover::SolveOptions so;
    so.goal = options_.goal;
    so.n = n_;
    so.half_move = options_.half_move;
    so.stated_solutions = options_.stated_solutions;
    so.build_tree = true;
    so.limits = {0, 0, options_.hash_megabytes};
    if (options_.max_seconds > 0) so.limits.max_seconds = std::max(0.001, options_.max_seconds - elapsed());
    so.threads = options_.threads;
    return so;
  }

  // The complete solve, afresh: one key, the published one, no shorter mate (helpmates: exactly
  // the stated count, none short). Only a confirmed version is reported.
  // Stopped: a limit (the run's time, an interrupt) ended the solve, which then confirms
  // nothing and refutes nothing.
  enum class Confirmation { Confirmed, Failed, Stopped };
  Confirmation confirm(Candidate& v) {
    G game = G::from_fen(v.fen, where_, rules_);
    prover::Solution s = prover::solve(game, solve_options());
    v.proof_nodes = s.nodes;
    v.proof_seconds = s.seconds;
    report_.nodes += s.nodes;
    if (s.verdict == prover::Verdict::Unknown) return Confirmation::Stopped;
    for (const auto& k : s.keys) v.keys.push_back(k.san);
    for (const auto& l : s.solutions) v.keys.push_back(prover::format_help_line(l, s.half_move));
    v.solution_text = prover::format_solution_text(s);
    if (s.verdict != prover::Verdict::Proved || !s.complete) return Confirmation::Failed;
    if (options_.goal == prover::Goal::HelpMate) {
      const std::size_t wanted = std::size_t(std::max(1, options_.stated_solutions));
      const std::size_t full = std::size_t(2 * n_ + (options_.half_move ? 1 : 0));
      if (s.solutions.size() != wanted) return Confirmation::Failed;
      for (const auto& l : s.solutions)
        if (l.moves.size() != full) return Confirmation::Failed;
    } else {
      G fresh = G::from_fen(v.fen, where_, rules_);
      const auto key = fresh.parse_move(published_.front().san, published_.front().where);
      if (s.keys.size() != 1 || s.keys.front().uci != fresh.move_uci(key) || s.shortest != n_) return Confirmation::Failed;
    }
    if (s.tree_complete) v.certificate = prover::make_certificate(s);  // a cut tree certifies nothing whole
    return Confirmation::Confirmed;
  }

  void finish() {
    std::stable_sort(report_.kept.begin(), report_.kept.end(), [](const Candidate& a, const Candidate& b) {
      return std::pair(a.cost, a.units) < std::pair(b.cost, b.units);
    });
    // Cheapest proved: every level below the first version's cost was covered.
    const int first_cost = report_.kept.empty() ? options_.space.max_cost + 1 : report_.kept.front().cost;
    report_.cheapest_proved = true;
    for (const auto& l : report_.levels)
      if (l.cost < first_cost && !l.complete) report_.cheapest_proved = false;
    report_.space_covered = int(report_.levels.size()) == options_.space.max_cost + 1 && all_levels_complete();
    if (!report_.kept.empty()) report_.best.reset();
    report_.seconds = elapsed();
  }

  std::string fen_;
  SourceLocation where_;
  int n_;
  const PgnLine& published_;
  std::optional<PgnLine> engine_line_;
  Options options_;
  RuleOptions rules_;  // the interpretations every game of the search is built with
  std::variant<std::monostate, KeyedJudge<G, prover::Goal::DirectMate>, KeyedJudge<G, prover::Goal::SelfMate>, HelpJudge<G>>
      judge_;
  Diagram base_;
  std::vector<Edit> edits_;
  Report report_;
  std::unordered_map<detail::FenHash, std::pair<Summary, bool>, detail::FenHashHasher> seen_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace arbiter::correct
