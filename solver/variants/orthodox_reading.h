#pragma once
// The orthodox edit model for the whole-record search (solver/reading/record_search.h), used
// when a record's main line has a move the rules forbid: at each ply the printed move if it is
// legal (free), and every legal move whose SAN is within two edits of it (signs aside, two half
// edits per edit), each paying for the printed check or mate sign it makes false. A complete
// reading must end as the record says (record_end.h). Variations are not read.

#include <cstdint>
#include <vector>

#include "rules/notation/pgn.h"
#include "rules/orthodox/game.h"
#include "solver/reading/record_search.h"

namespace arbiter::orthodox_reading {

struct State {
  orthodox::Game game;
};

class Model {
 public:
  using State = orthodox_reading::State;
  Model(const PgnGame& record, orthodox::Game start) : record_(record), start_(std::move(start)) {}

  State start() const { return {start_}; }
  int plies() const { return int(record_.moves.size()); }
  void steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const;
  std::uint64_t key(const State& s) const { return s.game.key(); }
  bool same(const State& a, const State& b) const { return a.game.position() == b.game.position(); }
  bool accepts_end(const State& s) const;

 private:
  const PgnGame& record_;
  orthodox::Game start_;
};

}  // namespace arbiter::orthodox_reading
