#include "rules/timetravel/support_matching.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>

namespace arbiter::timetravel {

bool supports_can_be_matched(const std::vector<std::vector<int>>& support_sets, std::vector<int>* assignment) {
  if (assignment) assignment->clear();
  const std::size_t explosions = support_sets.size();
  if (explosions == 0) return true;
  // Vertices: explosions 0..n-1, then one per distinct support id.
  std::vector<int> ids;
  for (const auto& set : support_sets) {
    if (set.empty()) return false;  // nothing to pair it with
    ids.insert(ids.end(), set.begin(), set.end());
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  if (ids.size() < explosions) return false;  // pigeonhole

  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
  Graph g(explosions + ids.size());
  for (std::size_t e = 0; e < explosions; ++e)
    for (int id : support_sets[e]) {
      const auto index = std::size_t(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
      boost::add_edge(e, explosions + index, g);  // parallel edges (repeated ids) are harmless
    }
  std::vector<Vertex> mate(boost::num_vertices(g));
  boost::edmonds_maximum_cardinality_matching(g, &mate[0]);
  if (boost::matching_size(g, &mate[0]) < explosions) return false;
  if (assignment)
    for (std::size_t e = 0; e < explosions; ++e) assignment->push_back(ids[mate[e] - explosions]);
  return true;
}

}  // namespace arbiter::timetravel
