#pragma once
// "After each explosion a player causes, there must be at least one way to pair past explosions
// with associated explosion supports such that no two explosions are paired with the same
// explosion support": a bipartite matching that covers every explosion.

#include <vector>

namespace arbiter::timetravel {

// Each past explosion's support set (opaque ids of men, e.g. identities), in explosion order.
// True when every explosion can be paired with a distinct support; `assignment` (if given) then
// gets, per explosion, the chosen support id (left empty when false).
bool supports_can_be_matched(const std::vector<std::vector<int>>& support_sets, std::vector<int>* assignment = nullptr);

}  // namespace arbiter::timetravel
