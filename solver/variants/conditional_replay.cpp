#include "solver/variants/conditional_replay.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "solver/reading/comment_claims.h"
#include "solver/reading/record_search.h"
#include "solver/reading/text_distance.h"
#include "solver/variants/conditional_reading.h"
#include "solver/replay/reading_summary.h"

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

using conditional_reading::UnreadText;

// The texts a reading puts in place of the printed ones (ply, 0-based -> text).
struct Reading {
  std::map<int, std::string> fixes;
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
  const std::string_view sign = reading::claim_sign(san);  // the sign the edit search reads too
  if (sign.empty()) return {};
  return {sign == "+" ? Claim::Check : Claim::Mate, std::string(sign)};
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
    const std::string text = fix != reading.fixes.end() ? fix->second : move.san;
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
    game.forget_history();  // never undone here: a long record would otherwise keep every ply's state
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

// --- the whole-record reading -----------------------------------------------------------------

constexpr int PliesPerTurn = 6;  // A, B, C for each side: how far back a comment reaches

std::string edits_text(double edits) {
  return edits == 1 ? "1 edit" : fmt::format("{:g} edits", edits);
}

// The men each ply of a reading captures, for the comments.
std::vector<PieceType> captures_of(const PgnGame& record, const Reading& reading, const conditional::Options& options) {
  std::vector<PieceType> out;
  Game game = initial_game(record, options);
  for (int i = 0; i < int(record.moves.size()); ++i) {
    const auto fix = reading.fixes.find(i);
    const std::string& text = fix != reading.fixes.end() ? fix->second : record.moves[std::size_t(i)].san;
    PieceType taken = NoPieceType;
    if (text != "--") {
      try {
        const Action a = text == UnreadText ? Action::unread() : game.parse_move(text, {"<reading>", 1, 1});
        std::optional<Move> m;
        if (a.kind == ActionKind::Move || a.kind == ActionKind::Execute) m = a.move;
        else if (a.kind == ActionKind::Statement) m = game.resolve(a.statement).move;
        if (m) taken = m->kind() == MoveKind::EnPassant ? Pawn : type_of(game.position().piece_on(m->to()));
        game.play(a);
        game.forget_history();
      } catch (const ParseError&) {
        break;  // not a reading of the search's: nothing more to say
      }
    }
    out.push_back(taken);
  }
  return out;
}

Reading reading_of(const PgnGame& record, const reading::Reading& texts) {
  Reading r;
  for (std::size_t i = 0; i < texts.texts.size(); ++i)
    if (texts.texts[i] != record.moves[i].san) r.fixes[int(i)] = texts.texts[i];
  return r;
}

// Terminal progress: on stderr, only when it is a terminal, one line redrawn.
void show_progress(const reading::Progress& p, int plies) {
  fmt::print(stderr, "\rreading the record: {} states, ply {} of {} reached, {} tried ({:.0f} s) ", p.states, p.deepest_ply,
             plies, edits_text(p.cost / double(reading::Edit)), p.seconds);
}

}  // namespace

ReplayReport replay_conditional(const PgnGame& record, const conditional::Options& options) {
  ReplayReport report;
  report.result = record.result;
  report.variant = "conditional";
  initial_game(record, options);  // a bad FEN is bad input, before any search

  const conditional_reading::Model model(record, options);
  reading::RecordSearch search(model);
  const bool terminal = isatty(STDERR_FILENO);
  if (terminal) search.on_progress([&](const reading::Progress& p) { show_progress(p, model.plies()); });
  reading::Result found = search.run();
  if (terminal) fmt::print(stderr, "\r{:80}\r", "");
  if (found.readings.empty()) {
    // No reading ends as the record says: read it without the end test, and say so.
    struct Loose : conditional_reading::Model {
      using conditional_reading::Model::Model;
      bool accepts_end(const State&) const { return true; }
    };
    const Loose loose(record, options);
    found = reading::RecordSearch(loose).run();
    report.findings.push_back({int(record.moves.size()), record.result, "no-consistent-ending", "",
                               "no reading within the edit model ends as the record says (its result and closing "
                               "mate sign); the reading below ignores the ending",
                               {}, record.result_location});
  }

  // Among readings of equal cost, the ones the author's comments agree with come first, then
  // those that keep more plies as printed.
  const auto claims = reading::capture_claims(record.moves, PliesPerTurn);
  struct Ranked {
    int agreed;
    Reading reading;
    const reading::Reading* texts;
  };
  std::vector<Ranked> ranked;
  for (const auto& r : found.readings) {
    Reading candidate = reading_of(record, r);
    const auto captured = captures_of(record, candidate, options);
    int agreed = 0;
    for (const auto& c : claims) agreed += reading::agrees(c, captured);
    ranked.push_back({agreed, std::move(candidate), &r});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
    return a.agreed != b.agreed ? a.agreed > b.agreed : a.reading.fixes.size() < b.reading.fixes.size();
  });
  const Reading chosen = ranked.front().reading;

  std::vector<const reading::Reading*> order;
  for (const Ranked& r : ranked) order.push_back(r.texts);
  RecordReading summary = reading_summary(found, order);
  {
    const auto captured = captures_of(record, chosen, options);
    for (const auto& c : claims)
      summary.comments.push_back(fmt::format("\"{}\" (after ply {}, {}): {}", c.phrase, c.last_ply + 1,
                                             record.moves[std::size_t(c.last_ply)].san,
                                             reading::agrees(c, captured) ? "agrees, the reading makes that capture"
                                                                          : "does not agree, no such capture in the reading"));
  }

  for (const auto& [ply, text] : chosen.fixes) {
    const PgnMove& move = record.moves[std::size_t(ply)];
    Reading before;
    for (const auto& [k, f] : chosen.fixes)
      if (k < ply) before.fixes[k] = f;
    const Outcome at = run(record, before, options, ply);
    // The reading with this ply as printed: where it breaks.
    Reading kept = chosen;
    kept.fixes.erase(ply);
    const Outcome printed = run(record, kept, options);
    ReplayError e;
    e.ply = ply + 1;
    e.move = move.san;
    e.where = move.where;
    e.erratum = true;
    e.correction = text;
    for (const auto& c : conditional_reading::nearest_texts(*at.game, move.san)) {
      e.suggestions.push_back(fmt::format("{} ({})", c.text, edits_text(c.cost / double(reading::Edit))));
      if (e.suggestions.size() == 8) break;
    }
    if (text == UnreadText) {
      e.predicate = printed.predicate;
      e.reason = fmt::format("unreadable: {} cannot be played here ({}) and no text within two edits can; passed over so "
                             "that the rest is checked",
                             move.san, printed.ply == ply ? printed.reason : "it is illegal in the reading's position");
    } else if (!printed.consistent && printed.ply == ply) {
      e.predicate = printed.predicate;
      e.reason = fmt::format("erratum: {} cannot be played here ({}); read as {}", move.san, printed.reason, text);
    } else if (!printed.consistent) {
      e.predicate = "earlier-move-read-differently";
      const PgnMove& trigger = record.moves[std::size_t(printed.ply)];
      e.reason = fmt::format("erratum: {} is legal here, but ply {} ({}) cannot be played after it; read as {}", move.san,
                             printed.ply + 1, trigger.san, text);
    } else {
      e.predicate = "reading-costs-less";
      e.reason = fmt::format("erratum: {} is legal here and the record can be played with it, but not at as little cost "
                             "(its signs or its ending do not hold); read as {}",
                             move.san, text);
    }
    if (!e.suggestions.empty()) e.reason += fmt::format(" (nearest readings: {})", fmt::join(e.suggestions, ", "));
    report.errors.push_back(std::move(e));
  }

  // The chosen reading once more, judging the check and mate marks on the way.
  const Outcome last = run(record, chosen, options, -1, &report.warnings);
  report.timeline = last.timeline;
  report.plies = int(last.timeline.size());
  report.reading = std::move(summary);
  record_end_of_replay(report, *last.game, record);
  return report;
}

}  // namespace arbiter
