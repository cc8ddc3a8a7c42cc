// What the structured engine does not play yet (slice_tree.h).

#include "solver/stipulation/slice_tree.h"

#include <algorithm>

#include <fmt/core.h>

namespace arbiter {

namespace {

void add(std::vector<std::string>& out, std::string reason) {
  if (std::find(out.begin(), out.end(), reason) == out.end()) out.push_back(std::move(reason));
}

void walk(const SliceNode& n, std::vector<std::string>& out) {
  switch (n.kind) {
    case SliceNode::Goal:
      // The goals that judge the mover need its forbidden goal moves at each goal ply (mover_goals.h).
      if (!n.target || n.target->judges_mover()) add(out, fmt::format("goal {}", n.goal));
      return;
    case SliceNode::Not: walk(*n.left, out); return;
    case SliceNode::And:
    case SliceNode::Or:
      walk(*n.left, out);
      walk(*n.right, out);
      return;
    case SliceNode::Branch:
      for (const auto& m : n.moves) {
        for (const auto& f : m.forks) walk(*f, out);
        for (const auto& c : m.constraints) walk(*c, out);
      }
      return;
  }
}

}  // namespace

std::vector<std::string> structured_unsupported(const SliceNode& root) {
  std::vector<std::string> out;
  // The printed solution is the root branch's: lines of help or series play, or battle play's keys.
  if (root.kind != SliceNode::Branch) add(out, "a root of '!', '&' or '|' (each part's play printed)");
  else if (root.moves.front().letter == 'd') add(out, "a root that starts with a defence");
  else if (root.side_change || root.ends_containing) add(out, "'-' or '>' before the root branch");
  walk(root, out);
  return out;
}

}  // namespace arbiter
