#pragma once
// Transactional Chess's edit model for the whole-record search (solver/reading/record_search.h).
//
// At each ply ("T<n>: <SAN><mark>"), in the state the reading has reached:
//  - a ply without (C) or (R) whose side's next ply carries a later transaction number ends
//    its transaction there without saying how (a gap): it is read with (C) and with (R), both
//    free, and the rest of the record decides;
//  - otherwise the printed text; a capture, promotion or check that must commit but is not
//    marked (C) is read with its commit implied, free;
//  - every legal move whose SAN is within two edits of the printed move (':' read as 'x',
//    signs and blanks aside, an over-specified "Nf:d4" read as "Nxd4" too), with the printed
//    decision (both at a gap), two half edits per edit;
//  - each reading pays for the printed check or mate sign it makes false (mark_cost).
// A complete reading must end as the record says (record_end.h).

#include <cstdint>
#include <string>
#include <vector>

#include "rules/notation/pgn.h"
#include "rules/transactional/game.h"
#include "solver/reading/record_search.h"

namespace arbiter::transactional_reading {

struct State {
  transactional::Game game;
};

// "T<n>: body": the number (0 when absent) and the body.
struct Parts {
  int transaction = 0;
  std::string body;
};
Parts split(const std::string& text);
std::string with_mark(std::string body, transactional::Decision d);  // the body with (C), (R) or no mark

struct Candidate {
  std::string text;
  reading::Cost cost = 0;
};

class Model {
 public:
  using State = transactional_reading::State;
  Model(const PgnGame& record, const transactional::Options& options);

  State start() const;
  int plies() const { return int(record_.moves.size()); }
  void steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const;
  // The ply read as printed only (an unmarked transaction end: both decisions); every other
  // reading costs an edit at least.
  void printed_steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const;
  std::uint64_t key(const State& s) const { return s.game.key(); }
  bool same(const State& a, const State& b) const { return a.game.referee() == b.game.referee(); }
  bool accepts_end(const State& s) const;

  // Whether the ply ends its transaction unmarked: its side's next ply has a later number.
  bool gap_at(int ply) const;
  // The legal moves within two edits of the printed one, spelled as the record would.
  std::vector<Candidate> nearest_texts(const transactional::Game& game, int ply) const;

 private:
  // Appends the reading of `ply` as `text` at `cost` plus its signs' cost, if the rules accept it.
  void read_as(const State& state, int ply, const std::string& text, reading::Cost cost,
               std::vector<reading::Step<State>>& out) const;

  const PgnGame& record_;
  transactional::Options options_;
};

}  // namespace arbiter::transactional_reading
