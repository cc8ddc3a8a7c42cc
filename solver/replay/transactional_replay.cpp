#include "solver/replay/transactional_replay.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "solver/replay/edit_distance.h"

#include "rules/notation/san.h"
#include "rules/transactional/game.h"

namespace arbiter {

namespace {

using transactional::Action;
using transactional::Decision;
using transactional::Game;

// The assumptions of one attempt at the record.
struct Reading {
  std::map<int, Decision> ends;           // ply (0-based) -> how its unmarked transaction ended
  std::map<int, std::string> corrections;  // ply -> the move text used instead of the printed one
  int errata() const { return int(corrections.size()); }
};

struct Outcome {
  enum Kind { Consistent, Gap, Failure } kind;
  int ply = -1;         // Gap: the unmarked ply; Failure: the failing ply
  std::string reason;   // Failure
  std::optional<std::string> predicate;
  std::optional<Game> game;  // Consistent: the final position
  std::vector<int> implied_commits;  // plies whose forced commit the record does not mark
};

struct Parts {
  int transaction = 0;  // 0 when absent
  std::string body;     // without the prefix
};

Parts split(const std::string& san) {
  Parts p;
  p.body = san;
  if (!san.empty() && san[0] == 'T') {
    const auto colon = san.find(':');
    if (colon != std::string::npos) {
      p.transaction = std::atoi(san.substr(1, colon - 1).c_str());
      p.body = san.substr(colon + 1);
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

Outcome run(const PgnGame& record, const Reading& reading, const transactional::Options& options, int& plies_ok) {
  Game game(transactional::Referee::start(), options);
  std::vector<int> last_ply_of(2, -1);
  std::vector<int> implied;
  plies_ok = 0;
  for (int i = 0; i < int(record.moves.size()); ++i) {
    const PgnMove& move = record.moves[std::size_t(i)];
    const Color side = game.side_to_move();
    std::string text = reading.corrections.count(i) ? reading.corrections.at(i) : move.san;
    const Parts parts = split(text);
    const int expected = game.referee().transaction[side];
    if (parts.transaction == expected + 2 && game.referee().pending[side] > 0 && last_ply_of[side] >= 0 &&
        !reading.ends.count(last_ply_of[side]))
      return {Outcome::Gap, last_ply_of[side], "", std::nullopt, std::nullopt, {}};
    if (auto end = reading.ends.find(i); end != reading.ends.end())
      text = fmt::format("T{}: {}", parts.transaction ? parts.transaction : expected, with_mark(parts.body, end->second));
    try {
      try {
        game.play(game.parse_move(text, move.where));
      } catch (const IllegalMoveError& e) {
        // A forced commit the record leaves unmarked (the final Q:f7++): the commit is implied.
        if (e.predicate() != "commit-forced" || text.ends_with("(C)") || text.ends_with("(R)")) throw;
        game.play(game.parse_move(text + "(C)", move.where));
        implied.push_back(i);
      }
    } catch (const IllegalMoveError& e) {
      return {Outcome::Failure, i, e.message(), e.predicate(), std::nullopt, {}};
    } catch (const ParseError& e) {
      return {Outcome::Failure, i, e.message(), std::nullopt, std::nullopt, {}};
    }
    last_ply_of[side] = i;
    ++plies_ok;
  }
  return {Outcome::Consistent, -1, "", std::nullopt, game, implied};
}

std::string normalized(std::string s) {
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

// The legal moves nearest the printed text (edit distance 1, else 2), spelled as the record
// would: "T<n>: <SAN><mark>".
std::vector<std::string> corrections_at(const PgnGame& record, const Reading& reading, int ply, const transactional::Options& options) {
  Game game(transactional::Referee::start(), options);
  for (int i = 0; i < ply; ++i) {
    const PgnMove& move = record.moves[std::size_t(i)];
    std::string text = reading.corrections.count(i) ? reading.corrections.at(i) : move.san;
    if (auto end = reading.ends.find(i); end != reading.ends.end()) {
      const Parts p = split(text);
      const int number = p.transaction ? p.transaction : game.referee().transaction[game.side_to_move()];
      text = fmt::format("T{}: {}", number, with_mark(p.body, end->second));
    }
    try {
      game.play(game.parse_move(text, move.where));
    } catch (const IllegalMoveError& e) {
      if (e.predicate() != "commit-forced") throw;
      game.play(game.parse_move(text + "(C)", move.where));  // an implied commit, as in run()
    }
  }
  const Parts printed = split(record.moves[std::size_t(ply)].san);
  const std::string want = normalized(printed.body);
  const Decision printed_decision = printed.body.ends_with("(C)") ? Decision::Commit
                                    : printed.body.ends_with("(R)") ? Decision::Rollback
                                                                    : Decision::Continue;
  transactional::ActionList legal;
  game.generate_legal(legal);
  for (int limit = 1; limit <= 2; ++limit) {
    std::vector<std::string> out;
    const Position view = game.referee().transactional_view(game.side_to_move());
    for (const Action& a : legal) {
      if (a.decision != printed_decision) continue;
      const std::string san = san_body(view, a.move);
      // Also the over-specified spellings a printer might have meant (Nf:d4 for Nxd4).
      const std::string from_file = fmt::format("{}{}{}", san.substr(0, 1), char('a' + file_of(a.move.from())), san.substr(1));
      const int d = std::min(edit_distance(want, normalized(san)), edit_distance(want, normalized(from_file)));
      if (d == limit) out.push_back(fmt::format("T{}: {}", game.referee().transaction[game.side_to_move()], with_mark(san, a.decision)));
    }
    if (!out.empty()) return out;
  }
  return {};
}

std::string decision_name(Decision d) { return d == Decision::Commit ? "commit" : d == Decision::Rollback ? "rollback" : "neither"; }

}  // namespace

ReplayReport replay_transactional(const PgnGame& record, const transactional::Options& options) {
  ReplayReport report;
  report.result = record.result;
  report.variant = "transactional";
  if (record.tag("FEN")) throw ParseError(*record.tag_value_location("FEN"), "Transactional records start from the start position");

  // Best-first search over readings: fewest errata first; each gap forks commit/rollback.
  struct Node {
    Reading reading;
  };
  std::vector<Node> open = {{}};
  std::vector<std::pair<Reading, Outcome>> finished;  // every reading that ended, consistent or not
  std::optional<std::pair<Reading, Outcome>> best;
  int expansions = 0;
  while (!open.empty() && expansions++ < 400) {
    std::stable_sort(open.begin(), open.end(), [](const Node& a, const Node& b) { return a.reading.errata() < b.reading.errata(); });
    Node node = open.front();
    open.erase(open.begin());
    if (best && node.reading.errata() > best->first.errata()) break;
    int ok = 0;
    Outcome out = run(record, node.reading, options, ok);
    if (out.kind == Outcome::Gap) {
      for (Decision d : {Decision::Commit, Decision::Rollback}) {
        Node next = node;
        next.reading.ends[out.ply] = d;
        open.push_back(next);
      }
      continue;
    }
    finished.push_back({node.reading, out});
    if (out.kind == Outcome::Consistent) {
      if (!best) best = finished.back();
      continue;
    }
    if (node.reading.corrections.count(out.ply) || node.reading.errata() >= 4) continue;
    for (const std::string& fix : corrections_at(record, node.reading, out.ply, options)) {
      Node next = node;
      next.reading.corrections[out.ply] = fix;
      open.push_back(next);
    }
  }

  const Reading chosen = best ? best->first : (finished.empty() ? Reading{} : finished.front().first);
  // Errata: the printed move, why it fails, and every nearest legal move.
  for (const auto& [ply, fix] : chosen.corrections) {
    const PgnMove& move = record.moves[std::size_t(ply)];
    Reading before = chosen;
    before.corrections.erase(ply);
    for (auto it = before.corrections.begin(); it != before.corrections.end();)
      it = it->first > ply ? before.corrections.erase(it) : std::next(it);
    int ok = 0;
    const Outcome failing = run(record, before, options, ok);
    ReplayError e;
    e.ply = ply + 1;
    e.move = move.san;
    e.where = move.where;
    e.predicate = failing.predicate;
    e.erratum = true;
    e.suggestions = corrections_at(record, before, ply, options);
    e.correction = fix;
    // Why the other nearest moves were not taken: each is followed until it fails.
    std::vector<std::string> fates;
    for (const std::string& s : e.suggestions) {
      if (s == fix) continue;
      Reading alt = chosen;
      alt.corrections[ply] = s;
      int n = 0;
      Outcome o = run(record, alt, options, n);
      while (o.kind == Outcome::Gap) {
        alt.ends[o.ply] = Decision::Commit;
        o = run(record, alt, options, n);
      }
      fates.push_back(o.kind == Outcome::Consistent ? fmt::format("{} is also consistent", s)
                                                    : fmt::format("{} fails at ply {} ({})", s, o.ply + 1, record.moves[std::size_t(o.ply)].san));
    }
    e.reason = fmt::format("erratum: {} is illegal under every reading ({}); nearest legal moves: {}; checked on with {}{}{}",
                           move.san, failing.reason, fmt::join(e.suggestions, ", "), fix, fates.empty() ? "" : "; ",
                           fmt::join(fates, "; "));
    report.errors.push_back(std::move(e));
  }
  // Gaps: the reading chosen, and where the other fails.
  for (const auto& [ply, decision] : chosen.ends) {
    const PgnMove& move = record.moves[std::size_t(ply)];
    ReplayFinding f;
    f.ply = ply + 1;
    f.move = move.san;
    f.kind = "gap";
    f.where = move.where;
    f.reading = decision_name(decision);
    for (Decision d : {Decision::Commit, Decision::Rollback}) {
      Reading alt = chosen;  // the errata corrected as chosen: only the gap's reading differs
      alt.ends[ply] = d;
      int ok = 0;
      Outcome o = run(record, alt, options, ok);
      while (o.kind == Outcome::Gap) {
        alt.ends[o.ply] = chosen.ends.count(o.ply) ? chosen.ends.at(o.ply) : Decision::Commit;
        o = run(record, alt, options, ok);
      }
      if (o.kind == Outcome::Consistent)
        f.details.push_back(fmt::format("{}: consistent{}", decision_name(d),
                                        chosen.corrections.empty() ? "" : " (with the errata corrected)"));
      else
        f.details.push_back(fmt::format("{}: fails at ply {} ({}): {}", decision_name(d), o.ply + 1,
                                        record.moves[std::size_t(o.ply)].san, o.reason));
    }
    f.reason = fmt::format("{} ends its transaction with neither (C) nor (R); the record is consistent only if it {}", move.san,
                           decision == Decision::Commit ? "committed" : "rolled back");
    report.findings.push_back(std::move(f));
  }

  // The final position under the chosen reading.
  int ok = 0;
  Outcome last = run(record, [&] {
    Reading r = chosen;
    return r;
  }(), options, ok);
  while (last.kind == Outcome::Gap) {
    Reading r = chosen;
    r.ends[last.ply] = Decision::Commit;
    last = run(record, r, options, ok);
  }
  report.plies = ok;
  if (last.kind == Outcome::Failure) {
    const PgnMove& move = record.moves[std::size_t(last.ply)];
    report.errors.push_back({last.ply + 1, move.san, last.reason, move.where, last.predicate, false, false, false, {}, {}});
    return report;
  }
  for (int ply : last.implied_commits) {
    const PgnMove& move = record.moves[std::size_t(ply)];
    report.findings.push_back({ply + 1, move.san, "implied-commit", "commit",
                               fmt::format("{} must commit (a capture, a promotion or a check) but is not marked (C): the commit "
                                           "is implied",
                                           move.san),
                               {}, move.where});
  }
  const Game& g = *last.game;
  record_end_of_replay(report, g, record);
  return report;
}

}  // namespace arbiter
