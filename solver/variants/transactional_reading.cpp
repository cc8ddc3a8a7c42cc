#include "solver/variants/transactional_reading.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "rules/notation/san.h"
#include "solver/reading/record_end.h"
#include "solver/reading/text_distance.h"
#include "solver/reading/edit_distance.h"

namespace arbiter::transactional_reading {

namespace {

using reading::Cost;
using reading::Edit;
using transactional::Action;
using transactional::Decision;
using transactional::Game;

// Without capture, check and mate signs, blanks and the decision mark: ':' is 'x'.
std::string normalized(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == ':') c = 'x';
    if (c == '+' || c == '#' || c == ' ') continue;
    out += c;
  }
  for (const char* mark : {"(C)", "(R)"})
    if (out.ends_with(mark)) out.resize(out.size() - 3);
  return out;
}

Decision decision_of(const std::string& body) {
  return body.ends_with("(C)") ? Decision::Commit : body.ends_with("(R)") ? Decision::Rollback : Decision::Continue;
}

bool has_mark(const std::string& body) { return decision_of(body) != Decision::Continue; }

}  // namespace

Parts split(const std::string& text) {
  Parts p;
  p.body = text;
  if (!text.empty() && text[0] == 'T') {
    const auto colon = text.find(':');
    if (colon != std::string::npos) {
      p.transaction = std::atoi(text.substr(1, colon - 1).c_str());
      p.body = text.substr(colon + 1);
      while (!p.body.empty() && p.body.front() == ' ') p.body.erase(0, 1);
    }
  }
  return p;
}

std::string with_mark(std::string body, Decision d) {
  for (const char* mark : {"(C)", "(R)"})
    if (body.ends_with(mark)) body.resize(body.size() - 3);
  while (!body.empty() && body.back() == ' ') body.pop_back();
  if (d == Decision::Commit) body += "(C)";
  if (d == Decision::Rollback) body += "(R)";
  return body;
}

Model::Model(const PgnGame& record, const transactional::Options& options) : record_(record), options_(options) {}

State Model::start() const { return {Game(transactional::Referee::start(), options_)}; }

bool Model::gap_at(int ply) const {
  const Parts here = split(record_.moves[std::size_t(ply)].san);
  if (has_mark(here.body) || here.transaction == 0 || ply + 2 >= plies()) return false;
  return split(record_.moves[std::size_t(ply) + 2].san).transaction > here.transaction;  // plies alternate sides
}

std::vector<Candidate> Model::nearest_texts(const Game& game, int ply) const {
  const Parts printed = split(record_.moves[std::size_t(ply)].san);
  const std::string want = normalized(printed.body);
  const bool gap = gap_at(ply);
  const Decision printed_decision = decision_of(printed.body);
  const std::string_view sign = reading::claim_sign(printed.body);
  transactional::ActionList legal;
  game.generate_legal(legal);
  const Color side = game.side_to_move();
  const Position view = game.referee().transactional_view(side);
  std::vector<Candidate> out;
  for (const Action& a : legal) {
    if (gap ? a.decision == Decision::Continue : a.decision != printed_decision) continue;
    std::string san = san_body(view, a.move);
    // Also the over-specified spelling a printer might have meant (Nf:d4 for Nxd4).
    const std::string from_file = fmt::format("{}{}{}", san.substr(0, 1), char('a' + file_of(a.move.from())), san.substr(1));
    const int d = std::min(edit_distance(want, normalized(san)), edit_distance(want, normalized(from_file)));
    if (d == 0 || d > 2) continue;
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    out.push_back({fmt::format("T{}: {}", game.referee().transaction[side], with_mark(san + std::string(sign), a.decision)),
                   Edit * d});
  }
  std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) { return a.cost < b.cost; });
  return out;
}

void Model::read_as(const State& state, int ply, const std::string& text, Cost cost, std::vector<reading::Step<State>>& out) const {
  const Game& game = state.game;
  const std::string_view sign = reading::claim_sign(split(record_.moves[std::size_t(ply)].san).body);
  std::optional<Action> a;
  std::string read = text;
  try {
    try {
      a = game.parse_move(text, {"<reading>", 1, 1});
    } catch (const IllegalMoveError& e) {
      // A forced commit the record leaves unmarked (the final Q:f7++): the commit is implied.
      if (e.predicate() != "commit-forced" || has_mark(split(text).body)) throw;
      read = text + "(C)";
      a = game.parse_move(read, {"<reading>", 1, 1});
    }
  } catch (const ParseError&) {
    return;
  }
  State next{game};
  next.game.play(*a);
  next.game.forget_history();
  const bool check = next.game.in_check();
  const bool mate = next.game.status() == GameStatus::Checkmate;
  out.push_back({read, cost + reading::mark_cost(sign, check, mate), std::move(next)});
}

void Model::printed_steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const {
  const std::string& printed = record_.moves[std::size_t(ply)].san;
  if (gap_at(ply)) {
    // An unmarked transaction end: committed or rolled back, both as printed.
    const Parts p = split(printed);
    for (Decision d : {Decision::Commit, Decision::Rollback})
      read_as(state, ply, fmt::format("T{}: {}", p.transaction, with_mark(p.body, d)), 0, out);
  } else {
    read_as(state, ply, printed, 0, out);
  }
}

void Model::steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const {
  printed_steps(state, ply, out);
  // Every other text is at least one edit away (nearest_texts leaves out distance 0).
  for (const Candidate& c : nearest_texts(state.game, ply)) read_as(state, ply, c.text, c.cost, out);
}

bool Model::accepts_end(const State& s) const {
  return reading::ending_agrees(s.game.status(), s.game.side_to_move(), record_);
}

}  // namespace arbiter::transactional_reading
