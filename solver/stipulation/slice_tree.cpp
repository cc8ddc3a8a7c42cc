// What the structured engine does not play yet (slice_tree.h).

#include "solver/stipulation/slice_tree.h"

#include <algorithm>

#include <fmt/core.h>

namespace arbiter {

namespace {

void add(std::vector<std::string>& out, std::string reason) {
  if (std::find(out.begin(), out.end(), reason) == out.end()) out.push_back(std::move(reason));
}

// Calls f(goal node) for every goal of the tree: forks, constraints and operands, hidden
// branches too, in the order written.
template <class F>
void visit_goals(const SliceNode& n, F& f) {
  switch (n.kind) {
    case SliceNode::Goal: f(n); return;
    case SliceNode::Not: visit_goals(*n.left, f); return;
    case SliceNode::And:
    case SliceNode::Or:
      visit_goals(*n.left, f);
      visit_goals(*n.right, f);
      return;
    case SliceNode::Branch:
      for (const auto& m : n.moves) {
        for (const auto& fork : m.forks) visit_goals(*fork, f);
        for (const auto& c : m.constraints) visit_goals(*c, f);
      }
      return;
  }
}

void walk(const SliceNode& root, std::vector<std::string>& out) {
  auto unplayed = [&](const SliceNode& n) {
    // The goals that judge the mover need its forbidden goal moves at each goal ply (mover_goals.h).
    if (!n.target || n.target->judges_mover()) add(out, fmt::format("goal {}", n.goal));
  };
  visit_goals(root, unplayed);
}

// The goals of the forks below n (constraints are never printed, nor a hidden branch's play), each
// once.
void gather_goals(const SliceNode& n, std::vector<Target>& out) {
  switch (n.kind) {
    case SliceNode::Goal:
      if (n.target && std::find(out.begin(), out.end(), *n.target) == out.end()) out.push_back(*n.target);
      return;
    case SliceNode::Not: gather_goals(*n.left, out); return;
    case SliceNode::And:
    case SliceNode::Or:
      gather_goals(*n.left, out);
      gather_goals(*n.right, out);
      return;
    case SliceNode::Branch:
      if (n.hidden) return;
      for (const auto& m : n.moves)
        for (const auto& f : m.forks) gather_goals(*f, out);
      return;
  }
}

}  // namespace

std::vector<Target> fork_goals(const SliceNode& root) {
  std::vector<Target> goals;
  gather_goals(root, goals);
  return goals;
}

std::vector<Target> all_goals(const SliceNode& root) {
  std::vector<Target> goals;
  auto gather = [&](const SliceNode& n) {
    if (n.target) goals.push_back(*n.target);
  };
  visit_goals(root, gather);
  return goals;
}

std::optional<Target> printed_goal(const SliceNode& root) {
  const auto goals = fork_goals(root);
  // Every tree ends in goals: none outside hidden branches means every line ends in one.
  if (goals.empty()) return Target{Target::AnyMove};
  if (goals.size() != 1) return std::nullopt;
  return goals.front();
}

static void gather_parts(const SliceNode& n, SliceNode::Kind op, std::vector<const SliceNode*>& out) {
  if (n.kind != op) {
    out.push_back(&n);
    return;
  }
  gather_parts(*n.left, op, out);
  gather_parts(*n.right, op, out);
}

std::vector<const SliceNode*> root_parts(const SliceNode& root) {
  std::vector<const SliceNode*> out;
  if (root.kind == SliceNode::And || root.kind == SliceNode::Or) gather_parts(root, root.kind, out);
  return out;
}

bool plays_moves(const SliceNode& n) {
  switch (n.kind) {
    case SliceNode::Goal: return false;
    case SliceNode::Not: return plays_moves(*n.left);
    case SliceNode::And:
    case SliceNode::Or: return plays_moves(*n.left) || plays_moves(*n.right);
    case SliceNode::Branch: return true;
  }
  return false;
}

namespace {

// A fork of followed battle play: one that prints no moves (a goal, '!' of anything, a hidden
// branch), a branch followed the same way, or '&' and '|' of forks that print no moves (a branch
// part of one would leave a published move two places).
bool fork_followed(const SliceNode& f, bool alone = true) {
  switch (f.kind) {
    case SliceNode::Goal:
    case SliceNode::Not: return true;
    case SliceNode::And:
    case SliceNode::Or: return fork_followed(*f.left, false) && fork_followed(*f.right, false);
    case SliceNode::Branch: return f.hidden || (alone && battle_play_followed(f));
  }
  return false;
}

}  // namespace

bool battle_play_followed(const SliceNode& b) {
  if (b.kind != SliceNode::Branch || !b.battle() || b.side_change || b.moves.front().letter != 'a') return false;
  for (const auto& m : b.moves) {
    if (m.needs_check) return false;
    for (const auto& f : m.forks)
      if (!fork_followed(*f)) return false;
  }
  return true;
}

bool mixed_parts(const SliceNode& root) {
  const auto parts = root_parts(root);
  const auto branch = [](const SliceNode* p) { return p->kind == SliceNode::Branch && !p->ends_containing; };
  const auto lines = [](const SliceNode* p) { return p->printed_as_lines(); };
  return !parts.empty() && std::all_of(parts.begin(), parts.end(), branch) && !std::all_of(parts.begin(), parts.end(), lines);
}

std::vector<std::string> structured_unsupported(const SliceNode& root) {
  std::vector<std::string> out;
  // The printed solution is the root branch's: lines of help or series play, or battle play's keys;
  // a root of '&' or '|' prints each part's play: its lines (a help or series branch), or its keys
  // and tree (battle play, mixed_parts), so its parts are branches.
  const auto parts = root_parts(root);
  const bool lines_of_parts = !parts.empty() && std::all_of(parts.begin(), parts.end(), [](const SliceNode* p) {
    return p->kind == SliceNode::Branch && !p->battle() && !p->ends_containing;
  });
  if (root.kind != SliceNode::Branch) {
    if (!lines_of_parts && !mixed_parts(root))
      add(out, "a root of '!', or of '&' or '|' with a part that is no branch (each part's play printed)");
  } else if (root.moves.front().letter == 'd') add(out, "a root that starts with a defence");
  else if (root.side_change || root.ends_containing) add(out, "'-' or '>' before the root branch");
  walk(root, out);
  return out;
}

}  // namespace arbiter
