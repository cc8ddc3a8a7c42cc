#pragma once
// Conditional Chess's edit model for the whole-record search (solver/reading/record_search.h):
// which texts near a printed ply the rules accept, and at what cost.
//
// At each ply, in the state the reading has reached:
//  - the printed text, if the rules accept it (cost 0);
//  - A- and B-moves: every legal move whose SAN is within two edits of the printed text, signs
//    aside (text_distance.h);
//  - C-plies: the statement with one branch's move read as a legal move within two edits, its
//    condition read as another within two edits, or its '*' mark moved to the other branch
//    (two edits: the mark taken off one branch and put on the other); a statement that does
//    not parse: its foreign letters read as English, then up to two structural edits (a '?',
//    '/', '*' or '!' put in, taken out or replacing a character, or any character dropped);
//  - "--" (no move): itself, where the rules gave the other side no move;
//  - only when none of these exists: the ply passed over unread, at 3 edits, so that every
//    record has a reading and the rest is still checked.
// Each reading also pays for the printed check or mate sign it makes false (mark_cost). A
// complete reading must end as the record says: a result the final position contradicts, or
// a closing mate sign ("Bf2++") on a game that does not end in mate, rules the reading out.

#include <cstdint>
#include <string>
#include <vector>

#include "rules/conditional/game.h"
#include "rules/notation/pgn.h"
#include "solver/reading/record_search.h"

namespace arbiter::conditional_reading {

constexpr std::string_view UnreadText = "(unread)";
constexpr reading::Cost UnreadCost = 3 * reading::Edit;

struct State {
  conditional::Game game;
  signed char last_actor = -1;  // the colour of the last ply's mover, -1 before the first
};

struct Candidate {
  std::string text;
  reading::Cost cost = 0;  // the text's distance from the printed one, signs aside
};

// The nearest texts the rules accept at this ply, cheapest first (the printed text excluded).
std::vector<Candidate> nearest_texts(const conditional::Game& game, const std::string& printed);

class Model {
 public:
  using State = conditional_reading::State;
  Model(const PgnGame& record, const conditional::Options& options);

  State start() const;
  int plies() const { return int(record_.moves.size()); }
  void steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const;
  // The ply read as printed only (a pass, a move, a statement): every other reading costs an
  // edit at least.
  void printed_steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const;
  std::uint64_t key(const State& s) const { return s.game.key() ^ std::uint64_t(s.last_actor + 1) << 7; }
  bool same(const State& a, const State& b) const { return a.last_actor == b.last_actor && a.game.same_state(b.game); }
  bool accepts_end(const State& s) const;

 private:
  State advanced(const conditional::Game& game, Color side, const conditional::Action& a) const;
  // Appends the reading of `ply` as `text` at `cost` plus its signs' cost, if the rules accept it.
  void read_as(const State& state, int ply, const std::string& text, reading::Cost cost,
               std::vector<reading::Step<State>>& out) const;

  const PgnGame& record_;
  conditional::Options options_;
};

}  // namespace arbiter::conditional_reading
