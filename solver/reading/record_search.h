#pragma once
// The reading of a whole game record at the least total edit cost, for any rule set.
//
// A record is a sequence of ply texts. A rule set's edit model says, for one ply in one state
// of the game, which texts near the printed one the rules accept there and what each costs
// (`Step`: the text read, its cost, the state after it). A reading picks one step per ply; its
// cost is the sum. The search is uniform-cost (Dijkstra) over (ply, state):
//
//  - states that two readings reach at the same ply are merged (memoised) under the model's
//    key. Sound because the cost of the rest of the record depends only on the ply and the
//    state (the model's key must capture everything its later steps and its end test read);
//  - the first complete reading popped is of least cost, because costs are never negative and
//    every cheaper partial reading was popped, and extended, before it;
//  - ties: the search goes on until the queue holds nothing at the least cost, and every
//    parent that reaches a state at its least cost is kept, so every least-cost reading can
//    be listed (up to `max_readings`).
//
// The search runs first on a small budget, which settles short records. When that is not
// enough, a beam search (ply by ply, keeping the cheapest states of each ply, wider on each
// pass) finds a complete reading quickly; its cost U bounds a second uniform-cost search,
// which never keeps a partial reading dearer than U (sound: costs only grow along a reading,
// so such a reading cannot end at U or less).
//
// When a limit is reached first, the result is "not proven": the reading given is the best
// found (the beam's, or a complete one popped before the limit) and the cheapest open partial
// reading's cost is a lower bound on every reading's. Without any complete reading, the
// cheapest step at each ply from the deepest partial reading completes one.

#include <chrono>
#include <cstdint>
#include <algorithm>
#include <functional>
#include <limits>
#include <optional>
#include <queue>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace arbiter::reading {

// Costs are counted in half edits: a changed, added or dropped character costs 2, a piece
// letter of another language read as the English one costs 1 (a translation, not a slip).
using Cost = int;
constexpr Cost Edit = 2;

template <class State>
struct Step {
  std::string text;  // the text read at this ply
  Cost cost = 0;
  State next;
};

// What a rule set supplies. `steps` appends the readings of `ply` in `state` (none: the
// reading dies there); `key` hashes a state and `same` compares two (states are merged only
// when `same` says so, never on a hash alone); `accepts_end` is the test a complete reading's
// final state must pass (the stated result, a closing mate mark).
template <class M>
concept EditModel = requires(const M& m, const typename M::State& s, int ply, std::vector<Step<typename M::State>>& out) {
  { m.start() } -> std::same_as<typename M::State>;
  { m.plies() } -> std::convertible_to<int>;
  m.steps(s, ply, out);
  { m.key(s) } -> std::convertible_to<std::uint64_t>;
  { m.same(s, s) } -> std::convertible_to<bool>;
  { m.accepts_end(s) } -> std::convertible_to<bool>;
};

// Optional: `printed_steps` appends the readings of `ply` as printed only (the record's own
// text, with what its signs cost), for a model whose alternatives are the costly part (each
// needs the legal moves). It must append every zero-cost step `steps` does: a reading it leaves
// out costs at least one edit. The search then finds a record's zero-cost readings with it.
template <class M>
concept PrintedSteps = requires(const M& m, const typename M::State& s, int ply, std::vector<Step<typename M::State>>& out) {
  m.printed_steps(s, ply, out);
};

// The search stops on work done, not on time, so that its answer is the same on every
// machine; the time limit is a safety net, and reported when it is what stopped the search.
struct Limits {
  std::size_t max_states = 60'000;  // states the uniform-cost search keeps (each holds the game)
  std::size_t quick_states = 20'000;  // the first search's budget, before any beam pass
  double max_seconds = 120;
  std::size_t max_readings = 24;  // least-cost readings listed
  std::size_t first_beam = 64;    // states kept per ply on the first beam pass (x8 on each next)
  std::size_t last_beam = 512;    // the widest pass
};

struct Reading {
  std::vector<std::string> texts;  // one per ply
  std::vector<Cost> costs;
  Cost total = 0;
};

struct Progress {
  std::size_t states = 0;
  int deepest_ply = 0;  // the furthest ply a popped partial reading has reached
  Cost cost = 0;        // the cost being explored: no reading is cheaper
  double seconds = 0;
};

struct Result {
  std::vector<Reading> readings;  // the least-cost readings found (all equal); [0] is the first found
  bool complete = false;  // readings[0] reads every ply and passes the end test
  bool proven = false;    // and no reading costs less
  bool all_ties = false;  // and every reading as cheap is counted in `ties`
  std::size_t ties = 0;   // least-cost readings found (may exceed readings.size())
  Cost lower_bound = 0;   // no reading costs less
  std::size_t states = 0;
  double seconds = 0;
  std::string limit;      // the limit that stopped the search, if one did
};

template <EditModel M>
class RecordSearch {
  using State = typename M::State;

 public:
  explicit RecordSearch(const M& model, Limits limits = {}) : model_(model), limits_(limits) {}

  void on_progress(std::function<void(const Progress&)> f) { progress_ = std::move(f); }

  Result run() {
    started_ = std::chrono::steady_clock::now();
    if (auto literal = zero_cost(); literal) return std::move(*literal);
    // Small records first: a uniform-cost search on a small budget usually settles them.
    Result quick = uniform(std::numeric_limits<Cost>::max(), std::min(limits_.quick_states, limits_.max_states), {});
    if (quick.limit.empty()) return quick;
    // Its least cost found, the ties are counted again, nothing dearer kept.
    if (quick.proven) return uniform(quick.lower_bound, limits_.max_states, std::move(quick.readings));
    std::vector<Reading> upper;  // the beam's cheapest complete readings
    for (std::size_t width = limits_.first_beam; width <= limits_.last_beam; width *= 8) {
      auto found = beam(width, [&] { return elapsed() > limits_.max_seconds; });
      if (!found.empty() && (upper.empty() || found.front().total < upper.front().total)) upper = std::move(found);
      if (beam_was_exact_) break;  // no state was dropped: a wider beam finds nothing more
    }
    const Cost bound = upper.empty() ? std::numeric_limits<Cost>::max() : upper.front().total;
    return uniform(bound, limits_.max_states, std::move(upper));
  }

 private:
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count(); }

  // Where `state` goes in the ply being built (`size` states so far, the k-th is at(k)): the
  // index of the equal state already there, or `size` when it is new (the caller appends it;
  // `seen`, by key, is updated for it).
  template <class At>
  std::size_t merged_index(std::size_t size, std::unordered_multimap<std::uint64_t, std::size_t>& seen, const State& state,
                           At at) const {
    const std::uint64_t key = model_.key(state);
    for (auto [it, end] = seen.equal_range(key); it != end; ++it)
      if (model_.same(at(it->second), state)) return it->second;
    seen.emplace(key, size);
    return size;
  }

  // The readings of cost zero, when the record has any: zero is the least a reading can cost
  // (costs are never negative), so these are all the least-cost readings. They are found ply
  // by ply through zero-cost steps only, states merged as in the uniform-cost search, which
  // would also keep every dearer alternative of every ply: this is linear in the record's
  // length. Nothing (and the full search follows) when some ply has no zero-cost step, when
  // no final state passes the end test, or when a ply holds more states than the search may.
  std::optional<Result> zero_cost() {
    // Every ply keeps its nodes (for the paths back); only two plies keep their states, which
    // may be large (a Transactional referee holds several boards).
    struct Node {
      std::vector<std::pair<std::size_t, std::string>> parents;  // (index in the previous ply, text)
      std::size_t paths = 0;  // zero-cost readings reaching it (saturating)
    };
    const int plies = model_.plies();
    std::vector<std::vector<Node>> layers(std::size_t(plies) + 1);
    layers[0].push_back({{}, 1});
    std::vector<State> here_states{model_.start()}, next_states;
    std::size_t states = 1;
    std::vector<Step<State>> steps;
    for (int ply = 0; ply < plies; ++ply) {
      auto& here = layers[std::size_t(ply)];
      auto& next = layers[std::size_t(ply) + 1];
      next_states.clear();
      std::unordered_multimap<std::uint64_t, std::size_t> seen;
      for (std::size_t i = 0; i < here.size(); ++i) {
        steps.clear();
        if constexpr (PrintedSteps<M>) model_.printed_steps(here_states[i], ply, steps);
        else model_.steps(here_states[i], ply, steps);
        for (auto& step : steps) {
          if (step.cost != 0) continue;
          const std::size_t match =
              merged_index(next_states.size(), seen, step.next, [&](std::size_t k) -> const State& { return next_states[k]; });
          if (match == next_states.size()) {
            next_states.push_back(std::move(step.next));
            next.push_back({{}, 0});
          }
          next[match].parents.emplace_back(i, std::move(step.text));
          next[match].paths = std::min<std::size_t>(next[match].paths + here[i].paths, 1u << 30);
        }
      }
      std::swap(here_states, next_states);
      states += next.size();
      if (next.empty() || next.size() > limits_.max_states) return std::nullopt;
    }
    Result result;
    std::vector<std::size_t> ends;
    for (std::size_t i = 0; i < layers.back().size(); ++i)
      if (model_.accepts_end(here_states[i])) {
        ends.push_back(i);
        result.ties = std::min<std::size_t>(result.ties + layers.back()[i].paths, 1u << 30);
      }
    if (ends.empty()) return std::nullopt;
    result.complete = result.proven = result.all_ties = true;
    result.states = states;
    // The readings listed, back from each accepted end through the kept parents; iterative,
    // since a record may be a million plies long.
    struct Frame {
      int ply;
      std::size_t node;
      std::size_t next_parent = 0;
    };
    for (std::size_t end : ends) {
      std::vector<Frame> path{{plies, end}};
      while (!path.empty() && result.readings.size() < limits_.max_readings) {
        Frame& top = path.back();
        if (top.ply == 0) {
          Reading r;
          for (auto it = path.rbegin() + 1; it != path.rend(); ++it)
            r.texts.push_back(layers[std::size_t(it->ply)][it->node].parents[(it->next_parent) - 1].second);
          r.costs.assign(r.texts.size(), 0);
          result.readings.push_back(std::move(r));
          path.pop_back();
          continue;
        }
        const auto& parents = layers[std::size_t(top.ply)][top.node].parents;
        if (top.next_parent == parents.size()) {
          path.pop_back();
          continue;
        }
        const std::size_t parent = parents[top.next_parent++].first;
        path.push_back({top.ply - 1, parent});
      }
    }
    result.seconds = elapsed();
    return result;
  }

  // The uniform-cost search, keeping no partial reading dearer than `bound` and at most
  // `max_states` states; `upper` (the beam's readings, at `bound`) is the answer if it stops
  // before finding one.
  Result uniform(Cost bound, std::size_t max_states, std::vector<Reading> upper) {
    const int plies = model_.plies();
    nodes_.clear();
    index_.clear();
    add_node(model_.start(), 0, 0, -1, {}, 0);
    using Entry = std::tuple<Cost, int, std::size_t>;  // cost, -ply (deeper first among equals), node
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
    open.push({0, 0, 0});
    Result result;
    std::vector<std::size_t> goals;
    Cost best = -1;
    std::size_t deepest = 0;
    std::vector<Step<State>> steps;
    std::size_t pops = 0;
    while (!open.empty()) {
      const auto [g, neg_ply, id] = open.top();
      if (best >= 0 && g > best) break;  // every least-cost reading is in
      open.pop();
      if (nodes_[id].closed || g != nodes_[id].cost) continue;
      nodes_[id].closed = true;
      const int ply = -neg_ply;
      if (ply > nodes_[deepest].ply || (ply == nodes_[deepest].ply && g < nodes_[deepest].cost)) deepest = id;
      if (++pops % 256 == 0) {
        const double s = elapsed();
        if (progress_) progress_({nodes_.size(), nodes_[deepest].ply, g, s});
        if (s > limits_.max_seconds) {
          result.limit = fmt::format("the time limit of {:g} s", limits_.max_seconds);
          break;
        }
      }
      if (nodes_.size() > max_states) {
        result.limit = fmt::format("the limit of {} game states", max_states);
        break;
      }
      if (ply == plies) {
        if (model_.accepts_end(nodes_[id].state)) {
          best = g;
          goals.push_back(id);
        }
        continue;
      }
      steps.clear();
      model_.steps(nodes_[id].state, ply, steps);
      for (auto& step : steps) {
        const Cost c = g + step.cost;
        if (c > bound) continue;  // dearer than a complete reading already found
        const std::uint64_t key = model_.key(step.next) ^ (std::uint64_t(ply + 1) * 0x9E3779B97F4A7C15ULL);
        std::size_t match = nodes_.size();
        for (auto [it, end] = index_.equal_range(key); it != end; ++it)
          if (nodes_[it->second].ply == ply + 1 && model_.same(nodes_[it->second].state, step.next)) match = it->second;
        if (match == nodes_.size()) {
          const std::size_t child = add_node(std::move(step.next), ply + 1, c, long(id), std::move(step.text), step.cost);
          index_.emplace(key, child);
          open.push({c, -(ply + 1), child});
        } else {
          Node& n = nodes_[match];
          if (c < n.cost) {  // never after it was closed: costs are not negative
            n.cost = c;
            n.parents.assign(1, {long(id), std::move(step.text), step.cost});
            open.push({c, -(ply + 1), match});
          } else if (c == n.cost) {
            n.parents.push_back({long(id), std::move(step.text), step.cost});
          }
        }
      }
    }
    result.states = nodes_.size();
    result.seconds = elapsed();
    if (!goals.empty()) {
      // A complete reading popped is of least cost; a limit reached after it may leave ties out.
      result.complete = true;
      result.proven = true;
      result.all_ties = result.limit.empty();
      result.lower_bound = best;
      for (std::size_t goal : goals) {
        std::vector<std::pair<std::string, Cost>> suffix;
        collect(goal, suffix, result);
      }
      return result;
    }
    result.lower_bound = open.empty() ? 0 : std::get<0>(open.top());
    if (open.empty() && result.limit.empty()) return result;  // no reading passes the end test: none exists
    if (!upper.empty()) {
      result.complete = true;
      result.proven = result.lower_bound >= upper.front().total;  // nothing cheaper is left open
      result.ties = upper.size();
      if (upper.size() > limits_.max_readings) upper.resize(limits_.max_readings);
      result.readings = std::move(upper);
      return result;
    }
    result.readings.push_back(greedy_from(deepest));
    result.ties = 1;
    return result;
  }

 private:
  struct Parent {
    long node;  // -1 for the start
    std::string text;
    Cost cost;
  };
  struct Node {
    State state;
    int ply;
    Cost cost;
    bool closed = false;
    std::vector<Parent> parents;
  };

  std::size_t add_node(State state, int ply, Cost cost, long parent, std::string text, Cost step_cost) {
    Node n{std::move(state), ply, cost, false, {}};
    if (parent >= 0) n.parents.push_back({parent, std::move(text), step_cost});
    nodes_.push_back(std::move(n));
    return nodes_.size() - 1;
  }

  // One beam pass: each ply's states, merged, the `width` cheapest kept. The cheapest complete
  // readings that pass the end test (one per final state), if the pass finds any.
  template <class Stop>
  std::vector<Reading> beam(std::size_t width, Stop stop) {
    struct Entry {
      std::optional<State> state;  // dropped once the next ply is built
      Cost cost;
      long parent;
      std::string text;
      Cost step;
    };
    const int plies = model_.plies();
    std::vector<std::vector<Entry>> layers(std::size_t(plies) + 1);
    layers[0].push_back({model_.start(), 0, -1, {}, 0});
    beam_was_exact_ = true;
    std::vector<Step<State>> steps;
    for (int ply = 0; ply < plies; ++ply) {
      auto& here = layers[std::size_t(ply)];
      auto& next = layers[std::size_t(ply) + 1];
      std::unordered_multimap<std::uint64_t, std::size_t> seen;
      for (std::size_t i = 0; i < here.size(); ++i) {
        if (stop()) return {};
        steps.clear();
        model_.steps(*here[i].state, ply, steps);
        for (auto& step : steps) {
          const Cost c = here[i].cost + step.cost;
          const std::size_t match =
              merged_index(next.size(), seen, step.next, [&](std::size_t k) -> const State& { return *next[k].state; });
          if (match == next.size()) {
            next.push_back({std::move(step.next), c, long(i), std::move(step.text), step.cost});
          } else if (c < next[match].cost) {
            next[match] = {std::move(step.next), c, long(i), std::move(step.text), step.cost};
          }
        }
        here[i].state.reset();
      }
      if (next.size() > width) {
        beam_was_exact_ = false;
        std::vector<std::size_t> order(next.size());
        for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return next[a].cost < next[b].cost; });
        std::vector<Entry> kept;
        for (std::size_t k = 0; k < width; ++k) kept.push_back(std::move(next[order[k]]));
        next = std::move(kept);
      }
      if (next.empty()) return {};
    }
    const auto& last = layers[std::size_t(plies)];
    Cost best = std::numeric_limits<Cost>::max();
    std::vector<std::size_t> ends;
    for (std::size_t i = 0; i < last.size(); ++i) {
      if (last[i].cost > best || !model_.accepts_end(*last[i].state)) continue;
      if (last[i].cost < best) ends.clear();
      best = last[i].cost;
      ends.push_back(i);
    }
    std::vector<Reading> out;
    for (std::size_t end : ends) {
      Reading r;
      r.total = best;
      long at = long(end);
      for (int ply = plies; ply > 0; --ply) {
        const Entry& e = layers[std::size_t(ply)][std::size_t(at)];
        r.texts.push_back(e.text);
        r.costs.push_back(e.step);
        at = e.parent;
      }
      std::reverse(r.texts.begin(), r.texts.end());
      std::reverse(r.costs.begin(), r.costs.end());
      out.push_back(std::move(r));
    }
    return out;
  }

  // Every least-cost path from the start to `id`, followed back through the kept parents.
  // Iterative: a record (so a path) may be a million plies long.
  void collect(std::size_t id, std::vector<std::pair<std::string, Cost>>& suffix, Result& result) {
    struct Frame {
      std::size_t node;
      std::size_t next_parent = 0;
    };
    const std::size_t outer = suffix.size();
    std::vector<Frame> path{{id}};
    while (!path.empty()) {
      Frame& top = path.back();
      const Node& n = nodes_[top.node];
      if (n.parents.empty()) {
        ++result.ties;
        if (result.readings.size() < limits_.max_readings) {
          Reading r;
          for (auto it = suffix.rbegin(); it != suffix.rend(); ++it) {
            r.texts.push_back(it->first);
            r.costs.push_back(it->second);
            r.total += it->second;
          }
          result.readings.push_back(std::move(r));
        }
        path.pop_back();
        if (!path.empty()) suffix.pop_back();
        if (result.ties > 100000) break;  // counting stops here; the listed ones are kept
        continue;
      }
      while (top.next_parent < n.parents.size() &&
             nodes_[std::size_t(n.parents[top.next_parent].node)].cost + n.parents[top.next_parent].cost != n.cost)
        ++top.next_parent;  // a parent since beaten
      if (top.next_parent == n.parents.size()) {
        path.pop_back();
        if (!path.empty()) suffix.pop_back();
        continue;
      }
      const Parent& p = n.parents[top.next_parent++];
      suffix.push_back({p.text, p.cost});
      path.push_back({std::size_t(p.node)});
    }
    suffix.resize(outer);
  }

  // The best found when the search stopped early: the path to `id`, then the cheapest step at
  // each later ply.
  Reading greedy_from(std::size_t id) {
    Result path;
    std::vector<std::pair<std::string, Cost>> suffix;
    const std::size_t keep = limits_.max_readings;
    limits_.max_readings = 1;
    collect(id, suffix, path);
    limits_.max_readings = keep;
    Reading r = path.readings.empty() ? Reading{} : path.readings.front();
    State state = nodes_[id].state;
    std::vector<Step<State>> steps;
    for (int ply = nodes_[id].ply; ply < model_.plies(); ++ply) {
      steps.clear();
      model_.steps(state, ply, steps);
      if (steps.empty()) break;  // the model always offers a last resort; nothing more to read
      std::size_t cheapest = 0;
      for (std::size_t i = 1; i < steps.size(); ++i)
        if (steps[i].cost < steps[cheapest].cost) cheapest = i;
      r.texts.push_back(steps[cheapest].text);
      r.costs.push_back(steps[cheapest].cost);
      r.total += steps[cheapest].cost;
      state = std::move(steps[cheapest].next);
    }
    return r;
  }

  const M& model_;
  Limits limits_;
  std::chrono::steady_clock::time_point started_;
  std::function<void(const Progress&)> progress_;
  std::vector<Node> nodes_;
  std::unordered_multimap<std::uint64_t, std::size_t> index_;
  bool beam_was_exact_ = false;
};

}  // namespace arbiter::reading
