#include "solver/variants/conditional_reading.h"

#include <algorithm>
#include <optional>
#include <map>
#include <mutex>

#include "rules/notation/san.h"
#include "rules/orthodox/movegen.h"
#include "solver/reading/record_end.h"
#include "solver/reading/text_distance.h"
#include "solver/reading/edit_distance.h"

namespace arbiter::conditional_reading {

namespace {

using conditional::Action;
using conditional::ActionKind;
using conditional::ActionList;
using conditional::Branch;
using conditional::Game;
using conditional::Phase;
using conditional::Statement;
using conditional::holds;
using reading::Cost;
using reading::Edit;

bool playable(const Game& game, const std::string& text) {
  try {
    game.parse_move(text, {"<candidate>", 1, 1});
    return true;
  } catch (const ParseError&) {
    return false;
  }
}

// A statement that does not parse: the texts its foreign letters read as English, then up to
// two structural edits, make that do parse (as statements: whether the rules accept one is
// the position's question). Depends on the text alone, so each printed text is done once.
std::vector<Candidate> statement_repairs(const std::string& printed) {
  static std::map<std::string, std::vector<Candidate>> cache;
  static std::mutex guard;
  {
    std::lock_guard lock(guard);
    if (auto it = cache.find(printed); it != cache.end()) return it->second;
  }
  std::vector<Candidate> out;
  std::map<std::string, Cost> seen;
  auto consider = [&](const std::string& text, Cost cost) {
    auto [it, fresh] = seen.emplace(text, cost);
    if (!fresh) return;
    try {
      conditional::read_statement(text, {"<candidate>", 1, 1});
      out.push_back({text, cost});
    } catch (const ParseError&) {
    }
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
  std::vector<std::pair<std::string, Cost>> starts = {{printed, 0}};
  const std::string translated = reading::english_letters(printed);
  if (translated != printed) {
    starts.push_back({translated, Cost(edit_distance(translated, printed))});
    consider(translated, starts.back().second);
  }
  // Cheapest first, so that a text reached two ways keeps its smaller cost.
  for (const auto& [start, base] : starts)
    for (const std::string& one : single_edits(start)) consider(one, base + Edit);
  for (const auto& [start, base] : starts)
    for (const std::string& one : single_edits(start))
      for (const std::string& two : single_edits(one)) consider(two, base + 2 * Edit);
  std::lock_guard lock(guard);
  cache.emplace(printed, out);
  return out;
}

// What the move a ply makes does to the opponent's king.
struct Effect {
  bool moved = false;
  bool check = false;
  bool mate = false;
};

Effect effect_of(const Game& before, const Action& a) {
  std::optional<Move> m;
  if (a.kind == ActionKind::Move || a.kind == ActionKind::Execute) m = a.move;
  else if (a.kind == ActionKind::Statement) m = before.resolve(a.statement).move;
  Effect e;
  if (!m) return e;
  Position p = before.position();
  e.moved = true;
  p.make(*m);
  e.check = p.in_check();
  e.mate = e.check && !orthodox::has_legal_move(p);
  return e;
}

// The sign the read text claims for the move the board makes: an A- or B-move's own; a C-ply's
// on the branch executed.
std::string_view sign_of(const Game& before, const Action& a, const std::string& text) {
  if (before.phase() != Phase::C) return reading::claim_sign(text);
  if (a.kind != ActionKind::Statement) return "";
  const Branch b = before.resolve(a.statement).branch;
  return reading::claim_sign(conditional::branch_text(a.statement, b));
}

}  // namespace

std::vector<Candidate> nearest_texts(const Game& game, const std::string& printed) {
  std::vector<Candidate> out;
  if (printed == "--") return out;
  ActionList legal;
  game.generate_legal(legal);
  if (game.phase() != Phase::C) {
    // Spelled with the printed check or mate sign: the sign is judged apart (mark_cost).
    const std::string_view sign = reading::claim_sign(printed);
    for (const Action& a : legal) {
      std::string san = game.move_text(a);
      const Cost d = reading::move_distance(printed, san);
      while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
      if (d > 0 && d <= 2 * Edit) out.push_back({san + std::string(sign), d});
    }
  } else {
    std::optional<Statement> read;
    try {
      read = conditional::read_statement(printed, {"<candidate>", 1, 1});
    } catch (const ParseError&) {
    }
    if (!read) {
      for (const Candidate& c : statement_repairs(printed))
        if (playable(game, c.text)) out.push_back(c);
    } else {
      const Statement& s = *read;
      auto add = [&](const Statement& changed, Cost cost) {
        const std::string text = conditional::statement_text(changed, changed.marked);
        if (text != printed && playable(game, text)) out.push_back({text, cost});
      };
      // The selected branch's move read as a nearby legal one (the other branch's move is not
      // played: reading it otherwise changes nothing on the board).
      const Position& pos = game.position();
      const bool truth = holds(pos, pos.side_to_move(), s.condition);
      const Branch selected = s.unconditional() || truth ? Branch::Then : Branch::Else;
      for (const Action& a : legal) {
        if (a.kind != ActionKind::Execute) continue;
        const std::string san = game.move_text(a).substr(1);  // without the "!" of the statement form
        for (Branch b : {Branch::Then, Branch::Else}) {
          if (b != selected && s.then_text() != s.else_text()) continue;
          const Cost d = reading::move_distance(conditional::branch_text(s, b), san);
          if (d <= 0 || d > 2 * Edit) continue;
          Statement changed = s;
          auto& field = b == Branch::Then ? changed.then_move : changed.else_move;
          if (san.size() >= field.size()) continue;
          field.fill('\0');
          std::copy(san.begin(), san.end(), field.begin());
          if (s.then_text() == s.else_text()) changed.then_move = changed.else_move = field;
          add(changed, d);
        }
      }
      // Another condition a character or two away: only its truth matters, so the cheapest
      // condition that selects the other branch (the first found among equals).
      if (!s.unconditional()) {
        const std::string cond = conditional::condition_text(s.condition);
        std::optional<std::pair<Statement, Cost>> flipped;
        for (Square sq = 0; sq < 64; ++sq)
          for (int k = 0; k < 8; ++k) {
            conditional::Condition c;
            c.square = sq;
            c.kind = k == 0 ? conditional::ConditionKind::Empty : k == 1 ? conditional::ConditionKind::Enemy
                                                                          : conditional::ConditionKind::EnemyOfType;
            if (k >= 2) c.type = PieceType(k - 1);
            const int d = edit_distance(cond, conditional::condition_text(c));
            if (d == 0 || d > 2) continue;
            if (holds(pos, pos.side_to_move(), c) == truth || (flipped && flipped->second <= Edit * d)) continue;
            Statement changed = s;
            changed.condition = c;
            flipped = {changed, Edit * d};
          }
        if (flipped) add(flipped->first, flipped->second);
      }
      // The '*' mark on the other branch.
      if (s.marked != Branch::None && s.then_text() != s.else_text()) {
        Statement changed = s;
        changed.marked = s.marked == Branch::Then ? Branch::Else : Branch::Then;
        add(changed, 2 * Edit);
      }
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) { return a.cost < b.cost; });
  std::vector<Candidate> unique;
  for (auto& c : out)
    if (std::none_of(unique.begin(), unique.end(), [&](const Candidate& u) { return u.text == c.text; })) unique.push_back(c);
  return unique;
}

Model::Model(const PgnGame& record, const conditional::Options& options) : record_(record), options_(options) {}

State Model::start() const {
  State s{record_.tag("FEN") ? Game::from_fen(*record_.tag("FEN"), *record_.tag_value_location("FEN"), options_)
                             : Game(Position::start(), Phase::A, options_),
          -1};
  s.game.forget_history();
  return s;
}

// The state after `a`, played by `side`.
State Model::advanced(const Game& game, Color side, const Action& a) const {
  State next{game, static_cast<signed char>(side)};
  next.game.play(a);
  next.game.forget_history();
  return next;
}

void Model::read_as(const State& state, int ply, const std::string& text, Cost cost, std::vector<reading::Step<State>>& out) const {
  const Game& game = state.game;
  const std::string& printed = record_.moves[std::size_t(ply)].san;
  try {
    const Action a = game.parse_move(text, {"<reading>", 1, 1});
    const Effect e = effect_of(game, a);
    const Cost marks = reading::mark_cost(sign_of(game, a, game.phase() == Phase::C ? text : printed), e.check, e.mate);
    out.push_back({text, cost + marks, advanced(game, game.side_to_move(), a)});
  } catch (const ParseError&) {
  }
}

void Model::printed_steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const {
  const Game& game = state.game;
  const std::string& printed = record_.moves[std::size_t(ply)].san;
  const Color side = game.side_to_move();
  if (printed == "--") {
    if (state.last_actor >= 0 && Color(state.last_actor) == side) {
      // The rules gave the other side no move: play has returned to `side`.
      out.push_back({printed, 0, State{game, static_cast<signed char>(~side)}});
      return;
    }
    if (!game.in_check()) out.push_back({std::string(UnreadText), UnreadCost, advanced(game, side, Action::unread())});
    return;
  }
  read_as(state, ply, printed, 0, out);
}

void Model::steps(const State& state, int ply, std::vector<reading::Step<State>>& out) const {
  printed_steps(state, ply, out);
  const Game& game = state.game;
  const std::string& printed = record_.moves[std::size_t(ply)].san;
  if (printed == "--") return;  // a pass is read as printed or not at all
  // Every other text is at least one edit away (nearest_texts leaves out the printed one).
  for (const Candidate& c : nearest_texts(game, printed)) read_as(state, ply, c.text, c.cost, out);
  // Passing over a ply leaves the board as it was; not when the mover is in check, whose king
  // the other side could then take.
  if (out.empty() && !game.in_check())
    out.push_back({std::string(UnreadText), UnreadCost, advanced(game, game.side_to_move(), Action::unread())});
}

bool Model::accepts_end(const State& s) const {
  return reading::ending_agrees(s.game.status(), s.game.side_to_move(), record_);
}

}  // namespace arbiter::conditional_reading
