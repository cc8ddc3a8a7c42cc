#include "solver/replay/conditional_replay.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "solver/replay/edit_distance.h"

#include "rules/conditional/game.h"
#include "rules/notation/san.h"
#include "rules/orthodox/movegen.h"

namespace arbiter {

namespace {

using conditional::Action;
using conditional::ActionKind;
using conditional::ActionList;
using conditional::Branch;
using conditional::Game;
using conditional::Phase;
using conditional::Statement;

constexpr int SearchRuns = 20000; // replays the edit search may spend on one record
constexpr int LookBack = 3;       // earlier plies an edit may re-read
// A ply no reading within two edits makes legal is left unread (passed over) so that the rest
// of the record is still checked; it costs more than any edit.
constexpr std::string_view UnreadText = "(unread)";
constexpr double UnreadCost = 3;
constexpr double ProgressWeight = 0.2;
constexpr int PairLookBack = 6;  // two earlier plies read differently together (1...d5 and 2...dxe4)

struct Fix {
  std::string text;
  double cost = 0;
  int trigger = 0;  // the ply (0-based) that could not be played without it
};

struct Reading {
  std::map<int, Fix> fixes;
  double cost() const {
    double c = 0;
    for (const auto& [ply, f] : fixes) c += f.cost;
    return c;
  }
};

struct Outcome {
  bool consistent = false;
  int ply = -1;  // the failing ply (0-based), or the number of plies played
  std::string reason;
  std::optional<std::string> predicate;
  std::vector<ReplayPly> timeline;
  std::optional<Game> game;  // where the run stopped
};

std::string side_name(Color c) { return c == White ? "White" : "Black"; }

Game initial_game(const PgnGame& record, const conditional::Options& options) {
  if (auto fen = record.tag("FEN")) return Game::from_fen(*fen, *record.tag_value_location("FEN"), options);
  return Game(Position::start(), Phase::A, options);
}

std::string c_detail(const Statement& s, const conditional::Execution& e, Color side) {
  const std::string played = e.move ? fmt::format("{} played", conditional::branch_text(s, e.branch))
                                    : fmt::format("{} cannot be played ({}): skipped", conditional::branch_text(s, e.branch),
                                                  e.skipped_because);
  if (s.then_text() == s.else_text()) return fmt::format("{}'s C-move: {}", side_name(side), played);
  return fmt::format("{}'s C-move: {}? {}: {}, so the {}-move; {}", side_name(side), conditional::condition_text(s.condition),
                     conditional::condition_question(s.condition), e.condition ? "yes" : "no",
                     e.branch == Branch::Then ? "then" : "else", played);
}

// --- check and mate marks -------------------------------------------------------------------
// The record's '+' claims a check, '++' (the sample game's spelling, "A check in an A-move,
// but also a checkmate!") and '#' a checkmate. Each is judged on the move the board makes at
// that ply: for a C-ply the branch executed; for a corrected ply the mark is the record's, the
// move checked is not, so the mark is reported as not confirmed.

enum class Claim { None, Check, Mate };

struct Mark {
  Claim claim = Claim::None;
  std::string sign;  // as written: "+", "++" or "#"
};

Mark mark_in(std::string_view san) {
  while (!san.empty() && (san.back() == '!' || san.back() == '?')) san.remove_suffix(1);
  if (san.ends_with("++")) return {Claim::Mate, "++"};
  if (san.ends_with('#')) return {Claim::Mate, "#"};
  if (san.ends_with('+')) return {Claim::Check, "+"};
  return {};
}

std::string claim_name(const Mark& m) {
  return fmt::format("'{}' ({})", m.sign, m.claim == Claim::Mate ? "mate" : "check");
}

std::string without_marks(std::string_view san) {
  std::string out(san);
  while (!out.empty() && (out.back() == '+' || out.back() == '#')) out.pop_back();
  return out;
}

// The mark a ply's printed text makes, in the position before it: for a C-ply, the mark of the
// branch the record says was played (in stars), else of the branch the condition selects.
Mark printed_mark(const Game& before, std::string_view printed) {
  if (before.phase() != Phase::C) return mark_in(printed);
  try {
    const Statement s = conditional::read_statement(printed, {"<mark>", 1, 1});
    const Branch b = s.marked != Branch::None ? s.marked : before.resolve(s).branch;
    return mark_in(conditional::branch_text(s, b));
  } catch (const ParseError&) {
    std::string bare(printed);
    std::erase(bare, '*');
    return mark_in(bare);
  }
}

// What the move a ply makes does to the opponent's king.
struct Effect {
  bool moved = false;  // false: a skipped or unread C-move
  bool check = false;
  bool mate = false;   // check, and the checked side has no legal move
  std::string san;     // the move, without marks
};

Effect effect_of(const Game& before, const Action& a) {
  std::optional<Move> m;
  if (a.kind == ActionKind::Move || a.kind == ActionKind::Execute) m = a.move;
  else if (a.kind == ActionKind::Statement) m = before.resolve(a.statement).move;
  Effect e;
  if (!m) return e;
  Position p = before.position();
  e.moved = true;
  e.san = san_body(p, *m);
  p.make(*m);
  e.check = p.in_check();
  e.mate = e.check && !orthodox::has_legal_move(p);
  return e;
}

// "mates", "gives no check", ...: the effect measured against the claim.
std::string effect_phrase(const Mark& m, const Effect& e) {
  if (!e.moved) return "makes no move (skipped)";
  if (m.claim == Claim::Mate) return e.mate ? "mates" : e.check ? "gives check but does not mate" : "does not mate (it gives no check)";
  return e.mate ? "gives check (and mates)" : e.check ? "gives check" : "gives no check";
}

struct MarkVerdict {
  std::string detail;                  // for the timeline
  std::optional<std::string> warning;  // a mark that does not hold, or cannot be confirmed
};

// Judges the ply's check and mate marks (or their absence) before `a` is played on `before`.
std::optional<MarkVerdict> judge_marks(const Game& before, const Action& a, const PgnMove& move, const std::string& text,
                                       bool corrected) {
  const Mark mark = printed_mark(before, move.san);
  if (text == UnreadText) {
    if (mark.claim == Claim::None) return std::nullopt;
    const std::string why = fmt::format("the printed {} cannot be played here and the ply is unread", without_marks(move.san));
    return MarkVerdict{fmt::format("marked {}: not confirmed, {}", claim_name(mark), why),
                       fmt::format("marked {}, not confirmed: {}", claim_name(mark), why)};
  }
  const Effect played = effect_of(before, a);
  const std::string played_name = before.phase() != Phase::C ? played.san
                                  : played.moved ? fmt::format("{} ({} played)", text, played.san)
                                                 : fmt::format("{} (skipped)", text);
  if (corrected) {
    if (mark.claim == Claim::None) return std::nullopt;
    std::string printed_part;
    try {
      const Action as_printed = before.parse_move(move.san, move.where);
      printed_part = fmt::format("the printed {} is read as {} so that later plies can be played; {} would {} here",
                                 without_marks(move.san), text, without_marks(move.san),
                                 effect_phrase(mark, effect_of(before, as_printed)));
    } catch (const ParseError&) {
      printed_part = fmt::format("the printed {} cannot be played here", without_marks(move.san));
    }
    const std::string why = fmt::format("{}; the correction {} {}", printed_part, played_name, effect_phrase(mark, played));
    return MarkVerdict{fmt::format("marked {}: not confirmed, {}", claim_name(mark), why),
                       fmt::format("marked {}, not confirmed (the move checked is not the record's): {}", claim_name(mark), why)};
  }
  auto fails = [](std::string message) { return MarkVerdict{message, message}; };
  if (!played.moved) {
    if (mark.claim == Claim::None) return std::nullopt;
    return fails(fmt::format("marked {} but the C-move is skipped: no move, so no check", claim_name(mark)));
  }
  switch (mark.claim) {
    case Claim::Mate:
      if (played.mate) return MarkVerdict{fmt::format("marked '{}': checkmate as marked", mark.sign), std::nullopt};
      return fails(played.check ? fmt::format("marked {} but is not checkmate ({} gives check only)", claim_name(mark), played.san)
                                : fmt::format("marked {} but is not checkmate ({} gives no check)", claim_name(mark), played.san));
    case Claim::Check:
      if (played.mate) return fails(fmt::format("checkmates but is marked '+' only ({} mates)", played.san));
      if (played.check) return MarkVerdict{"marked '+': gives check as marked", std::nullopt};
      return fails(fmt::format("marked {} but gives no check ({})", claim_name(mark), played.san));
    case Claim::None:
      if (played.mate) return fails(fmt::format("checkmates but is not marked '++' or '#' ({} mates)", played.san));
      if (played.check) return fails(fmt::format("gives check but is not marked '+' ({} checks)", played.san));
      return std::nullopt;
  }
  return std::nullopt;
}

// Plays the record under `reading`, up to ply `upto` (all when negative).
// With `warnings`, the check and mate marks are judged too (in the timeline's detail; a mark
// that does not hold, or cannot be confirmed, also as a warning).
Outcome run(const PgnGame& record, const Reading& reading, const conditional::Options& options, int upto = -1,
            std::vector<ReplayWarning>* warnings = nullptr) {
  Outcome out;
  Game game = initial_game(record, options);
  std::optional<Color> last_actor;
  const int n = upto < 0 ? int(record.moves.size()) : std::min(upto, int(record.moves.size()));
  auto fail = [&](int i, std::string reason, std::optional<std::string> predicate) {
    out.ply = i;
    out.reason = std::move(reason);
    out.predicate = std::move(predicate);
    out.game = game;
    return out;
  };
  for (int i = 0; i < n; ++i) {
    const PgnMove& move = record.moves[std::size_t(i)];
    const auto fix = reading.fixes.find(i);
    const std::string text = fix != reading.fixes.end() ? fix->second.text : move.san;
    ReplayPly p;
    p.ply = i + 1;
    p.move = move.san;
    p.where = move.where;
    if (fix != reading.fixes.end()) p.correction = text;
    const Color side = game.side_to_move();
    if (text == "--") {
      if (!last_actor || *last_actor != side)
        return fail(i, fmt::format("'--' (no move) where {} has the {}-move", side_name(side), conditional::phase_name(game.phase())),
                    "no-move-only-where-the-rules-give-none");
      p.side = side == White ? "black" : "white";
      p.slot = "-";
      p.verdict = "no move";
      p.detail = fmt::format("{} has no move here: play has returned to {}", side_name(~side), side_name(side));
      out.timeline.push_back(std::move(p));
      last_actor = ~side;
      continue;
    }
    const Phase phase = game.phase();
    Action a;
    try {
      a = text == UnreadText ? Action::unread() : game.parse_move(text, move.where);
    } catch (const IllegalMoveError& e) {
      return fail(i, e.message(), e.predicate());
    } catch (const ParseError& e) {
      return fail(i, e.message(), std::string("notation"));
    }
    std::optional<MarkVerdict> marks;
    if (warnings) marks = judge_marks(game, a, move, text, fix != reading.fixes.end());
    game.play(a);
    last_actor = side;
    p.side = side == White ? "white" : "black";
    p.slot = std::string(conditional::phase_name(phase));
    const GameStatus status = game.status();
    if (a.kind == ActionKind::Unread) {
      p.verdict = "unread";
      p.detail = fmt::format("{}'s {}-move: no reading makes it legal; passed over so that checking goes on", side_name(side),
                             conditional::phase_name(phase));
    } else if (phase == Phase::C) {
      const auto& e = *game.last_execution();
      p.verdict = e.move ? "executed" : "skipped";
      p.detail = c_detail(a.statement, e, side);
      if (game.phase() == Phase::A && game.side_to_move() == side)
        p.detail += fmt::format("; {} was in check from the B-move: play returns to {}'s A-move", side_name(side), side_name(side));
      else if (game.phase() == Phase::Substitute)
        p.detail += fmt::format("; {} moves one of {}'s men", side_name(~side), side_name(side));
    } else {
      p.verdict = "legal";
      p.detail = fmt::format("{}'s {}-move", side_name(side), conditional::phase_name(phase));
      if (phase == Phase::B && game.in_check() && status != GameStatus::Checkmate)
        p.detail += fmt::format(": check in a B-move, {}'s C-move is played only if it cancels the check", side_name(~side));
    }
    if (status == GameStatus::Checkmate) p.detail += ": checkmate";
    if (!p.correction.empty() && a.kind != ActionKind::Unread) p.verdict = fmt::format("corrected, {}", p.verdict);
    if (a.kind == ActionKind::Unread) p.correction.clear();
    if (marks) {
      p.detail += fmt::format("; {}", marks->detail);
      if (marks->warning) warnings->push_back({i + 1, move.san, *marks->warning, move.where});
    }
    out.timeline.push_back(std::move(p));
  }
  out.consistent = upto < 0;
  out.ply = n;
  out.game = game;
  return out;
}

// --- the edit search ------------------------------------------------------------------------

// Without the marks that do not change which move is meant.
std::string normalized(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != 'x' && c != '+' && c != '#' && c != ':') out += c;
  return out;
}

// Piece letters of other languages for the English ones (Portuguese and Spanish Torre,
// German Turm, French Tour: T for R; Dama/Dame: D for Q; Cavalo/Caballo: C for N; Springer:
// S for N; Läufer: L for B; Fou: F for B; Alfil: A for B). Reading one is half an edit: the
// letter is a translation, not a slip.
std::string english_letters(std::string_view s) {
  std::string out(s);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const bool piece_position = i == 0 || out[i - 1] == '?' || out[i - 1] == '/' || out[i - 1] == '*' || out[i - 1] == '!';
    if (!piece_position) continue;
    switch (out[i]) {
      case 'T': out[i] = 'R'; break;
      case 'D': out[i] = 'Q'; break;
      case 'C':
      case 'S': out[i] = 'N'; break;
      case 'L':
      case 'F':
      case 'A': out[i] = 'B'; break;
      default: break;
    }
  }
  return out;
}

double move_distance(std::string_view printed, std::string_view san) {
  const std::string a = normalized(printed);
  const std::string b = normalized(san);
  double d = edit_distance(a, b);
  const std::string translated = english_letters(printed);
  if (translated != printed) {
    const int changed = edit_distance(translated, printed);
    d = std::min(d, edit_distance(normalized(translated), b) + 0.5 * changed);
  }
  return d;
}

struct Candidate {
  std::string text;
  double cost = 0;
};

bool playable(const Game& game, const std::string& text) {
  try {
    game.parse_move(text, {"<candidate>", 1, 1});
    return true;
  } catch (const ParseError&) {
    return false;
  }
}

// Statements a few characters from an unreadable one: its foreign letters read as English,
// then up to two structural edits (a '?', '/', '*' or '!' put in, taken out or replacing a
// character, or any character dropped).
std::vector<Candidate> repaired_statements(const Game& game, const std::string& printed) {
  std::vector<Candidate> out;
  std::set<std::string> seen;
  auto consider = [&](const std::string& text, double cost) {
    if (!seen.insert(text).second) return;
    if (playable(game, text)) out.push_back({text, cost});
  };
  auto single_edits = [](const std::string& s) {
    std::vector<std::string> edits;
    for (std::size_t i = 0; i <= s.size(); ++i) {
      if (i < s.size()) edits.push_back(s.substr(0, i) + s.substr(i + 1));
      for (char c : std::string_view("?/*!")) {
        edits.push_back(s.substr(0, i) + c + s.substr(i));
        if (i < s.size() && s[i] != c) edits.push_back(s.substr(0, i) + c + s.substr(i + 1));
      }
    }
    return edits;
  };
  std::vector<std::pair<std::string, double>> starts = {{printed, 0}};
  const std::string translated = english_letters(printed);
  if (translated != printed) {
    starts.push_back({translated, 0.5 * edit_distance(translated, printed)});
    consider(translated, starts.back().second);
  }
  for (const auto& [start, base] : starts) {
    for (const std::string& one : single_edits(start)) {
      consider(one, base + 1);
      for (const std::string& two : single_edits(one)) consider(two, base + 2);
    }
  }
  return out;
}

// The nearest texts the rules accept at this ply, cheapest first.
std::vector<Candidate> candidates_at(const Game& game, const std::string& printed) {
  std::vector<Candidate> out;
  if (printed == "--") return out;
  ActionList legal;
  game.generate_legal(legal);
  if (game.phase() != Phase::C) {
    for (const Action& a : legal) {
      const std::string san = game.move_text(a);
      const double d = move_distance(printed, san);
      if (d > 0 && d <= 2) out.push_back({san, d});
    }
  } else {
    std::optional<Statement> read;
    try {
      read = conditional::read_statement(printed, {"<candidate>", 1, 1});
    } catch (const ParseError&) {
    }
    if (!read) {
      out = repaired_statements(game, printed);
    } else {
      const Statement& s = *read;
      auto add = [&](const Statement& changed, double cost) {
        const std::string text = conditional::statement_text(changed, changed.marked);
        if (text != printed && playable(game, text)) out.push_back({text, cost});
      };
      // A branch's move read as a nearby legal one.
      for (const Action& a : legal) {
        if (a.kind != ActionKind::Execute) continue;
        const std::string san = game.move_text(a);
        for (Branch b : {Branch::Then, Branch::Else}) {
          const double d = move_distance(conditional::branch_text(s, b), san);
          if (d <= 0 || d > 2) continue;
          Statement changed = s;
          auto& field = b == Branch::Then ? changed.then_move : changed.else_move;
          if (san.size() >= field.size()) continue;
          field.fill('\0');
          std::copy(san.begin(), san.end(), field.begin());
          if (s.then_text() == s.else_text()) changed.then_move = changed.else_move = field;
          add(changed, d);
        }
      }
      // Another condition a character or two away.
      if (!s.unconditional()) {
        const std::string cond = conditional::condition_text(s.condition);
        for (Square sq = 0; sq < 64; ++sq)
          for (int k = 0; k < 8; ++k) {
            conditional::Condition c;
            c.square = sq;
            c.kind = k == 0 ? conditional::ConditionKind::Empty : k == 1 ? conditional::ConditionKind::Enemy
                                                                          : conditional::ConditionKind::EnemyOfType;
            if (k >= 2) c.type = PieceType(k - 1);
            const int d = edit_distance(cond, conditional::condition_text(c));
            if (d == 0 || d > 2) continue;
            Statement changed = s;
            changed.condition = c;
            add(changed, d);
          }
      }
      // The '*' mark on the other branch.
      if (s.marked != Branch::None && s.then_text() != s.else_text()) {
        Statement changed = s;
        changed.marked = s.marked == Branch::Then ? Branch::Else : Branch::Then;
        add(changed, 2);
      }
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) { return a.cost < b.cost; });
  std::vector<Candidate> unique;
  for (auto& c : out)
    if (std::none_of(unique.begin(), unique.end(), [&](const Candidate& u) { return u.text == c.text; })) unique.push_back(c);
  return unique;
}

struct SearchResult {
  Reading reading;
  Outcome outcome;
  bool complete = false;  // the search found a consistent reading within its budget
  int repaired_from = -1;  // otherwise: the ply from which each ply was repaired on its own
  int runs = 0;
};

// Best-first over readings; each child must get past the ply its parent failed at.
SearchResult search(const PgnGame& record, const conditional::Options& options) {
  struct Node {
    Reading reading;
    Outcome outcome;
  };
  // Cheapest reading first, each ply it makes legal counting as a fraction of an edit: a
  // repair is judged by its size and by how much of the record it makes legal.
  auto score = [](const Node& n) {
    return n.reading.cost() - ProgressWeight * (n.outcome.consistent ? 1000 : n.outcome.ply);
  };
  auto better = [&](const Node& a, const Node& b) { return score(a) < score(b); };
  SearchResult result;
  std::vector<Node> open;
  open.push_back({{}, run(record, {}, options)});
  result.runs = 1;
  std::optional<Node> furthest;
  while (!open.empty() && result.runs < SearchRuns) {
    auto it = std::min_element(open.begin(), open.end(), better);
    Node node = std::move(*it);
    open.erase(it);
    if (!furthest || node.outcome.ply > furthest->outcome.ply) furthest = node;
    if (node.outcome.consistent) {
      result.reading = node.reading;
      result.outcome = node.outcome;
      result.complete = true;
      return result;
    }
    const int f = node.outcome.ply;
    for (int k = f; k >= std::max(0, f - LookBack); --k) {
      if (node.reading.fixes.count(k)) continue;
      const Outcome before = run(record, node.reading, options, k);
      ++result.runs;
      if (before.game == std::nullopt || before.ply != k) continue;
      std::vector<Candidate> options_here = candidates_at(*before.game, record.moves[std::size_t(k)].san);
      if (k == f) options_here.push_back({std::string(UnreadText), UnreadCost});
      for (const Candidate& c : options_here) {
        Node child{node.reading, {}};
        child.reading.fixes[k] = {c.text, c.cost, f};
        child.outcome = run(record, child.reading, options);
        ++result.runs;
        if (child.outcome.ply > f || child.outcome.consistent) open.push_back(std::move(child));
      }
    }
    // Two earlier plies of one side read differently together: a misread move that the
    // record's later moves of that side then follow.
    for (int k1 = f - 1; k1 >= std::max(0, f - PairLookBack) && result.runs < SearchRuns; --k1) {
      if (node.reading.fixes.count(k1)) continue;
      const Outcome at1 = run(record, node.reading, options, k1);
      ++result.runs;
      if (at1.ply != k1) continue;
      for (const Candidate& c1 : candidates_at(*at1.game, record.moves[std::size_t(k1)].san)) {
        Reading first = node.reading;
        first.fixes[k1] = {c1.text, c1.cost, f};
        const Outcome after1 = run(record, first, options);
        ++result.runs;
        if (after1.consistent || after1.ply > f || after1.ply <= k1 || after1.ply >= f) continue;
        const int k2 = after1.ply;  // the first ply the re-read move breaks: read it anew too
        if (first.fixes.count(k2)) continue;
        const Outcome at2 = run(record, first, options, k2);
        ++result.runs;
        for (const Candidate& c2 : candidates_at(*at2.game, record.moves[std::size_t(k2)].san)) {
          Node child{first, {}};
          child.reading.fixes[k2] = {c2.text, c2.cost, f};
          child.outcome = run(record, child.reading, options);
          ++result.runs;
          if (child.outcome.ply > f || child.outcome.consistent) open.push_back(std::move(child));
        }
      }
    }
  }
  // No consistent reading within the budget: from the furthest one, go on ply by ply with the
  // edit that lets the record go furthest (an unread ply at worst), so every ply is judged.
  Node node = *furthest;
  while (!node.outcome.consistent) {
    const int f = node.outcome.ply;
    const Outcome at = run(record, node.reading, options, f);
    std::vector<Candidate> options_here = candidates_at(*at.game, record.moves[std::size_t(f)].san);
    options_here.push_back({std::string(UnreadText), UnreadCost});
    std::optional<Node> next;
    for (const Candidate& c : options_here) {
      Node child{node.reading, {}};
      child.reading.fixes[f] = {c.text, c.cost, f};
      child.outcome = run(record, child.reading, options);
      const int reach = child.outcome.consistent ? 1 << 20 : child.outcome.ply;
      const int best = !next ? -1 : next->outcome.consistent ? 1 << 20 : next->outcome.ply;
      if (reach > best) next = std::move(child);
    }
    node = std::move(*next);
  }
  result.reading = node.reading;
  result.outcome = node.outcome;
  result.complete = false;
  result.repaired_from = furthest->outcome.ply;
  return result;
}

}  // namespace

ReplayReport replay_conditional(const PgnGame& record, const conditional::Options& options) {
  ReplayReport report;
  report.result = record.result;
  report.variant = "conditional";
  initial_game(record, options);  // a bad FEN is bad input, before any search

  const SearchResult found = search(record, options);
  const Reading& chosen = found.reading;
  for (const auto& [ply, fix] : chosen.fixes) {
    const PgnMove& move = record.moves[std::size_t(ply)];
    Reading before;
    for (const auto& [k, f] : chosen.fixes)
      if (k < ply) before.fixes[k] = f;
    const Outcome printed = run(record, before, options);
    const Outcome at = run(record, before, options, ply);
    ReplayError e;
    e.ply = ply + 1;
    e.move = move.san;
    e.where = move.where;
    e.erratum = true;
    e.correction = fix.text;
    for (const Candidate& c : candidates_at(*at.game, move.san)) {
      e.suggestions.push_back(c.cost == int(c.cost) ? fmt::format("{} ({} edit{})", c.text, c.cost, c.cost == 1 ? "" : "s")
                                                    : fmt::format("{} ({} edits)", c.text, c.cost));
      if (e.suggestions.size() == 8) break;
    }
    const bool printed_fails_here = printed.ply == ply && !printed.consistent;
    if (fix.text == UnreadText) {
      e.predicate = printed.predicate;
      e.reason = fmt::format("unreadable: {} cannot be played here ({}) and no reading within two edits lets the record go on; "
                             "passed over so that the rest is checked",
                             move.san, printed.reason);
    } else if (printed_fails_here) {
      e.predicate = printed.predicate;
      e.reason = fmt::format("erratum: {} cannot be played here ({}); read as {}", move.san, printed.reason, fix.text);
    } else {
      e.predicate = "earlier-move-read-differently";
      const PgnMove& trigger = record.moves[std::size_t(fix.trigger)];
      e.reason = fmt::format("erratum: {} is legal here, but ply {} ({}) cannot be played after it; read as {}", move.san,
                             fix.trigger + 1, trigger.san, fix.text);
    }
    if (!e.suggestions.empty()) e.reason += fmt::format(" (nearest readings: {})", fmt::join(e.suggestions, ", "));
    report.errors.push_back(std::move(e));
  }

  // The chosen reading once more, judging the check and mate marks on the way.
  const Outcome last = run(record, chosen, options, -1, &report.warnings);
  report.timeline = last.timeline;
  report.plies = int(last.timeline.size());
  const Game& g = *last.game;
  if (!found.complete) {
    const PgnMove& move = record.moves[std::size_t(found.repaired_from)];
    report.findings.push_back(
        {found.repaired_from + 1, move.san, "search-limit", "ply by ply",
         fmt::format("no reading within {} replays of the edit search makes the record legal from ply {} on; from there each "
                     "ply was repaired on its own (the edit that lets the record go furthest), so the later errata are guesses "
                     "and the final position is not the game's",
                     SearchRuns, found.repaired_from + 1),
         {},
         move.where});
  }
  record_end_of_replay(report, g, record);
  return report;
}

}  // namespace arbiter
