#include "solver/problem/popeye_layout.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/notation/popeye.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/movegen.h"
#include "solver/problem/popeye_reader.h"
#include "solver/stipulation/mover_goals.h"
#include "solver/stipulation/target_reached.h"

namespace arbiter::problem::popeye {

namespace {

// The words Popeye prints around the moves, in the input's language (popeye_reader.h, the same
// table its output is read with).
using Words = PopeyeOutputWords;
const Words& words_of(Language language) { return popeye_output_words(language); }

std::string_view piece_id(PieceType type) {
  switch (type) {
    case King: return "king";
    case Queen: return "queen";
    case Rook: return "rook";
    case Bishop: return "bishop";
    case Knight: return "knight";
    default: return "pawn";
  }
}

Move move_of(const Position& pos, const std::string& uci) {
  if (const auto m = parse_uci(pos, uci)) return *m;
  // The goal move of !#, ## or ##! leaves the mover's king attacked (mover_goals.h).
  MoveList<> candidates;
  orthodox::generate_candidates(pos, candidates);
  Position scratch = pos;
  for (const Move c : candidates)
    if (to_uci(c) == uci && orthodox::first_failed_predicate(scratch, c) == orthodox::Predicate::KingNotLeftGuarded) return c;
  throw std::logic_error("popeye layout: the solution's move " + uci + " is not legal in " + write_fen(pos));
}

// The column a move line starts at, by ply from the first move: "   1." "      1..."
// "          2." "              2..." "                  3." ...
int indent_of(int ply) { return ply == 0 ? 3 : 4 * ply + 2; }

std::string number_of(int ply) { return ply % 2 == 0 ? fmt::format("{}.", ply / 2 + 1) : fmt::format("{}...", ply / 2 + 1); }

bool mated(const Position& pos) { return pos.in_check() && orthodox::count_legal(pos) == 0; }

// Has the move just played on `pos` reached `target`? (target_reached.h's judgement, on a bare
// position: the move's facts from its history.)
bool reached(Position& pos, const Target& target) {
  const Move m = pos.last_move();
  const bool castling = m.kind() == MoveKind::Castling, en_passant = m.kind() == MoveKind::EnPassant;
  switch (target.kind) {
    case Target::Mate: return mated(pos);
    case Target::Stalemate: return !pos.in_check() && orthodox::count_legal(pos) == 0;
    case Target::MateOrStalemate: return orthodox::count_legal(pos) == 0;
    case Target::DoubleStalemate: {
      if (pos.in_check() || orthodox::count_legal(pos) != 0) return false;
      pos.make_null();
      const bool stuck = orthodox::count_legal(pos) == 0;
      pos.unmake_null();
      return stuck;
    }
    case Target::Check: return pos.in_check();
    case Target::Capture: return en_passant || pos.last_captured() != NoPiece;
    case Target::Square: return m.to() == target.square;
    case Target::Castling: return castling;
    case Target::EnPassant: return en_passant;
    case Target::AnyMove: return true;
    case Target::Chess81: return relative_rank(~pos.side_to_move(), m.to()) == 7;
    case Target::Circuit:
    case Target::Exchange:
    case Target::Kiss: return identity_goals::reached(pos, target, m.to());
    case Target::AutoMate:
    case Target::AutoStalemate:
    case Target::DoubleMate:
    case Target::CounterMate: return mover_goals::reached(pos, target);
  }
  return false;
}

// The keys of the shortest length in a solver's result: every move achieving the goal fastest.
std::vector<prover::AttackerNode> fastest(prover::Solution s) {
  if (s.keys.empty()) return {};
  int shortest = s.keys[0].mate_in;
  for (const auto& k : s.keys) shortest = std::min(shortest, k.mate_in);
  std::vector<prover::AttackerNode> out;
  for (auto& k : s.keys)
    if (k.mate_in == shortest) out.push_back(std::move(k));
  return out;
}

// Prints the tree of direct mates and selfmates, one move a line, walking a position along.
class TreeWriter {
 public:
  TreeWriter(const prover::Solution& s, const LayoutOptions& options, const PositionSolver& solver)
      : goal_(s.goal), target_(s.target), structured_(s.structured), quodlibet_(s.battle.quodlibet), numbered_first_(s.battle.post_key_numbered_first), options_(options), words_(words_of(options.language)), solver_(solver), pos_(read_known_fen(s.fen)) {}

  void key(const prover::AttackerNode& key) {
    const bool has_threat_facts = key.mate_in >= 2;  // the prover computed the key's threat
    attacker(key, 0, " !", has_threat_facts ? std::optional(key.threat) : std::nullopt);
    out_ << "\n";
  }

  // A try: its tree (every defence but the refutation, with the fastest answers), then the refutation.
  void try_(const prover::Try& t, int n) {
    prover::AttackerNode node{t.san, t.uci, n, false, {}, {}};
    if (!t.tree.empty()) node = t.tree.front();  // structured play: the engine's tree
    else if (options_.variations) node.defences = defences_after(t.uci, t.refutation_uci, n - 1);
    attacker(node, 0, " ?", std::nullopt);
    out_ << std::string(4, ' ') << words_.but << "\n";
    const Move m = move_of(pos_, t.uci);
    pos_.make(m);
    line(1, popeye_move_text(pos_, move_of(pos_, t.refutation_uci), options_.language) + " !");
    pos_.unmake();
    out_ << "\n";
  }

  // Option SetPlay of a direct mate or selfmate, before the keys: the defender moving first, as
  // if the attacker passed, each defence that the attacker answers within n - 1 moves with its
  // fastest answers and their trees (a selfmate's defence that mates at once alone, where n <= 2:
  // Popeye suppresses such short lines in longer play); then a blank line. With the attacker in check it cannot pass:
  // Popeye's "the side to play can capture the king" instead, and no blank line.
  void set_play(int n) {
    if (pos_.in_check()) {
      out_ << words_.king_capturable << "\n";
      return;
    }
    pos_.make_null();
    MoveList<> moves;
    orthodox::generate_legal(pos_, moves);
    for (const Move d : moves) {
      pos_.make(d);
      prover::DefenceNode node{"", to_uci(d), {}, false};
      // A selfmate's defence that mates at once is its set play's shortest line.
      const bool selfmated = prover::defender_reaches_goal(goal_) && reached(pos_, target_);
      if (!selfmated && n >= 2) node.answers = fastest(solve(write_fen(pos_), n - 1));
      pos_.unmake();
      // Reflex play: a defender that can reach the goal must; its other moves are not play.
      if (prover::reflex_play(goal_) && !selfmated && forced_defence_exists()) continue;
      // Popeye shows a set defence that selfmates at once only where no longer play is due (n <= 2).
      if ((selfmated && (n <= 2 || options_.mates_in_1)) || !node.answers.empty()) defence(node, 1);
    }
    pos_.unmake_null();
    out_ << "\n";
  }

  // Option PostKeyPlay: the position is the one after a key not shown, the defender to move. The
  // threat (" threat:" or " zugzwang." on a line of its own, the threat's trees below), then the
  // defences as below a key, each with its fastest answers; one that no answer within n - 1
  // defeats is followed by "refutes.".
  // Below, the attacker's moves state their threats as with option Variation (Popeye does so in
  // this mode). Reflex play: a defender that can reach the goal must, so no threat is stated.
  void post_key_play(int n) {
    post_key_ = true;
    std::optional<std::vector<prover::AttackerNode>> threat;
    const bool forced = prover::reflex_play(goal_) && forced_defence_exists();
    if (n >= 2 && !options_.no_threat && !pos_.in_check() && !forced) threat = threat_after_move(n - 1);
    if (pos_.in_check()) out_ << " +\n";  // the key (not printed) gave check: Popeye's mark alone
    if (threat) {
      out_ << " " << (threat->empty() ? words_.zugzwang : words_.threat) << "\n";
      pos_.make_null();
      for (const auto& t : *threat) attacker(t, 2, "", std::nullopt);
      pos_.unmake_null();
    }
    MoveList<> moves;
    orthodox::generate_legal(pos_, moves);
    for (const Move d : moves) {
      prover::DefenceNode node{"", to_uci(d), {}, false};
      pos_.make(d);
      const bool selfmated = prover::defender_reaches_goal(goal_) && reached(pos_, target_);
      if (!selfmated && n >= 2 && !forced) node.answers = fastest(solve(write_fen(pos_), n - 1));
      pos_.unmake();
      if (forced && !selfmated) continue;  // reflex play: the defender must reach the goal
      if (selfmated) {
        defence(node, 1);
      } else if (node.answers.empty()) {
        line(1, popeye_move_text(pos_, d, options_.language));
        out_ << std::string(8, ' ') << words_.refutes << "\n";
      } else if (!threat || threat->empty() || defeats(node, *threat)) {
        defence(node, 1);
      }
    }
  }

  // Reflex play: the attacker's move that reaches the goal at once, which it must play: Popeye's
  // "?!?" (the play ends there, and no key exists).
  void forced_goal_move(const std::string& uci) {
    const Move m = move_of(pos_, uci);
    line(0, popeye_goal_move_text(pos_, m, target_, options_.language) + " ?!?");
  }

  // A key named in SAN only (a limit ended the search: the keys proved so far).
  void key_san(const std::string& san) {
    const Move m = parse_san(pos_, san);
    line(0, popeye_move_text(pos_, m, options_.language) + " !");
    out_ << "\n";
  }

  std::string text() const { return out_.str(); }

 private:
  // Popeye right-aligns the move number: "10." starts a column before where "9." would.
  void line(int ply, const std::string& text) {
    if (numbered_first_) --ply;  // the defence after the unprinted key is "1."
    const int digits = int(std::to_string(ply / 2 + 1).size());
    out_ << std::string(std::size_t(indent_of(ply) - (digits - 1)), ' ') << number_of(ply) << text << "\n";
  }

  // An attacker move and what follows it; `threat` is known for the key (the prover's),
  // asked of the solver for every other move.
  void attacker(const prover::AttackerNode& a, int ply, std::string_view mark, std::optional<std::vector<prover::AttackerNode>> threat) {
    const Move m = move_of(pos_, a.uci);
    // A direct move that ends the play reaches the goal: Popeye marks it (" =", " x", ...); so is
    // a self or reflex attacker's own goal under Quodlibet (" #=", " z").
    // Structured play: each node names the goal it reaches, and carries its threat where one was asked.
    const bool goal_move = structured_ ? a.reaches.has_value() : (goal_ == prover::Goal::DirectMate && a.mate_in == 1) || (quodlibet_ && own_goal(m));
    const Target& goal = structured_ && a.reaches ? *a.reaches : target_;
    std::string text = (goal_move ? popeye_goal_move_text(pos_, m, goal, options_.language) : popeye_line_move_text(pos_, m, target_, options_.language)) +
                       std::string(mark);
    pos_.make(m);
    const bool threat_asked = structured_ ? a.threat_known : a.mate_in >= 2 && !pos_.in_check();
    const bool wants_threat = (options_.variations || post_key_) && !options_.no_threat && threat_asked;
    if (structured_) threat = a.threat;
    else if (wants_threat && !threat) threat = threat_after_move(a.mate_in - 1);
    if (!wants_threat) threat.reset();
    if (threat) text += fmt::format(" {}", threat->empty() ? words_.zugzwang : words_.threat);
    line(ply, text);
    if (options_.variations || ply > 0) {
      if (threat && !threat->empty()) {  // played as if the defender passed
        pos_.make_null();
        for (const auto& t : *threat) attacker(t, ply + 2, "", std::nullopt);
        pos_.unmake_null();
      }
      for (const auto& d : a.defences) {
        // A selfmate's defence that mates before the last move ends the play short: Popeye leaves it out.
        if (d.answers.empty()) {
          if (structured_ || a.mate_in <= 1 || options_.mates_in_1) defence(d, ply + 1);
          continue;
        }
        if (options_.no_short_variations && d.answers.front().mate_in < a.mate_in - 1) continue;
        if (!threat || threat->empty() || defeats(d, *threat)) defence(d, ply + 1);
      }
    }
    pos_.unmake();
  }

  void defence(const prover::DefenceNode& d, int ply) {
    const Move m = move_of(pos_, d.uci);
    pos_.make(m);
    const bool goal_move = structured_ ? d.reaches.has_value() : d.answers.empty() && prover::defender_reaches_goal(goal_) && reached(pos_, target_);
    pos_.unmake();
    const Target& goal = structured_ && d.reaches ? *d.reaches : target_;
    line(ply, goal_move ? popeye_goal_move_text(pos_, m, goal, options_.language) : popeye_line_move_text(pos_, m, target_, options_.language));
    pos_.make(m);
    for (const auto& a : d.answers) attacker(a, ply + 1, "", std::nullopt);
    pos_.unmake();
  }

  // The defender to move: what the attacker threatens, the fastest within `left` moves if the
  // defender could pass (empty: zugzwang).
  std::vector<prover::AttackerNode> threat_after_move(int left) {
    if (!solver_) throw std::logic_error("popeye layout: a threat below the key needs a position solver");
    pos_.make_null();
    const std::string fen = write_fen(pos_);
    pos_.unmake_null();
    return fastest(solve(fen, left));
  }

  // Popeye shows a defence after a threat only when the threat no longer works in full after
  // it: some threatened move no longer reaches the goal within the threat's length, and no
  // other move reaches it sooner (a defence that allows a faster end is a weak one, not shown).
  static bool defeats(const prover::DefenceNode& d, const std::vector<prover::AttackerNode>& threat) {
    const int t = threat.front().mate_in, k = d.answers.front().mate_in;
    if (k != t) return k > t;
    return std::any_of(threat.begin(), threat.end(), [&](const auto& a) {
      return std::none_of(d.answers.begin(), d.answers.end(), [&](const auto& b) { return b.uci == a.uci; });
    });
  }

  // After the attacker's move `uci`: every defence but `refutation`, each with the fastest answers within `left`.
  std::vector<prover::DefenceNode> defences_after(const std::string& uci, const std::string& refutation, int left) {
    if (!solver_) throw std::logic_error("popeye layout: a try's tree needs a position solver");
    std::vector<prover::DefenceNode> out;
    pos_.make(move_of(pos_, uci));
    MoveList<> moves;
    orthodox::generate_legal(pos_, moves);
    for (const Move d : moves) {
      prover::DefenceNode node{"", to_uci(d), {}, false};
      if (node.uci == refutation) continue;
      pos_.make(d);
      if (!(prover::defender_reaches_goal(goal_) && reached(pos_, target_)) && left >= 1) node.answers = fastest(solve(write_fen(pos_), left));
      pos_.unmake();
      out.push_back(std::move(node));
    }
    pos_.unmake();
    return out;
  }

  // A position below the diagram solved again from its FEN (`fen`, written from pos_): every man
  // stands on its own square there, so a kiss names the kissed man's square now (an empty one
  // when it was captured: no man comes from there). Circuit and exchange, which follow every man,
  // are not played in battle play (StipulationForm::playable), so no tree asks this of them.
  prover::Solution solve(const std::string& fen, int n) const {
    Target target = target_;
    if (target.kind == Target::Kiss) {
      target.square = NoSquare;
      for (Bitboard b = pos_.occupied(); b;) {
        const Square s = pop_lsb(b);
        if (pos_.origin(s) == target_.square) target.square = s;
      }
      if (target.square == NoSquare && ~pos_.occupied()) target.square = lsb(~pos_.occupied());
    }
    return solver_(fen, goal_, target, n);
  }

  // Self and reflex play under Quodlibet: does the attacker's move m reach the goal itself?
  bool own_goal(Move m) {
    if (!prover::defender_reaches_goal(goal_)) return false;
    pos_.make(m);
    const bool r = reached(pos_, target_);
    pos_.unmake();
    return r;
  }

  // Reflex play, the defender to move: can it reach the goal in one move? (Then it must.)
  bool forced_defence_exists() {
    MoveList<> moves;
    orthodox::generate_legal(pos_, moves);
    for (const Move d : moves) {
      pos_.make(d);
      const bool r = reached(pos_, target_);
      pos_.unmake();
      if (r) return true;
    }
    return false;
  }

  prover::Goal goal_;
  Target target_;
  bool structured_;
  bool quodlibet_ = false;
  bool numbered_first_ = false;  // BattleOptions::post_key_numbered_first
  bool post_key_ = false;  // printing Popeye's PostKeyPlay
  const LayoutOptions& options_;
  const Words& words_;
  const PositionSolver& solver_;
  Position pos_;
  std::ostringstream out_;
};

std::string help_lines(const std::string& fen, const std::vector<prover::HelpLine>& lines, bool mating_side_first, Language language,
                       const Target& target = {}) {
  std::string out;
  for (const auto& line : lines) {
    out += popeye_help_line(fen, line, mating_side_first, language, target) + "\n";
    for (const Target& goal : line.more_goals) {  // '&' of goals: the line again with each mark
      prover::HelpLine again = line;
      again.goal = goal;
      out += popeye_help_line(fen, again, mating_side_first, language, target) + "\n";
    }
  }
  return out;
}

// A series-mover's lines, as Popeye lists them (short ones too).
// Reciprocal series play: does the line end with the series side's own goal move (its last
// move a man of the series side), not with the other side's reply?
bool own_goal_ending(const std::string& fen, const prover::HelpLine& line) {
  Position pos = read_known_fen(fen);
  const Color series_side = pos.side_to_move();
  for (std::size_t i = 0; i + 1 < line.moves.size(); ++i) {
    pos.make(move_of(pos, line.moves[i].uci));
    if (i + 2 < line.moves.size()) pos.make_null();
  }
  const Square from = parse_square(std::string_view(line.moves.back().uci).substr(0, 2));
  return from != NoSquare && pos.piece_on(from) != NoPiece && color_of(pos.piece_on(from)) == series_side;
}

std::string series_solution(const prover::Solution& s, const LayoutOptions& options) {
  std::string out;
  if (s.set_play_requested && !s.set_play.empty()) {  // help series: the other side's move at once, "1...Kd1-e2 ="
    Position pos = read_known_fen(s.fen);
    pos.make_null();
    if (s.set_play_en_passant != NoSquare) pos.set_en_passant_square(s.set_play_en_passant);
    out += help_lines(write_fen(pos), s.set_play, true, options.language, s.target) + "\n";
  } else if (s.set_play_requested && read_known_fen(s.fen).in_check()) {
    out += std::string(words_of(options.language).king_capturable) + "\n";
  }
  const auto& lines = s.verdict == prover::Verdict::Unknown ? s.solutions_so_far : s.solutions;
  const int others = s.goal == prover::Goal::HelpMate ? 1 : 0;  // help series: the other side's last move
  for (const auto& line : lines) {
    if (s.help_end == HelpEnd::Reciprocal && own_goal_ending(s.fen, line)) {  // the series side's own goal, "7.Td7*h7 ="
      out += popeye_series_line(s.fen, line, int(line.moves.size()), options.language, s.reci_target) + "\n";
      continue;
    }
    out += popeye_series_line(s.fen, line, int(line.moves.size()) - others, options.language, s.target) + "\n";
  }
  return out;
}

std::string help_solution(const prover::Solution& s, const LayoutOptions& options) {
  std::string out;
  if (s.set_play_requested && !s.set_play.empty()) {
    // The set play starts from the diagram with the other side to move, as if the first mover passed.
    Position pos = read_known_fen(s.fen);
    pos.make_null();
    if (s.set_play_en_passant != NoSquare) pos.set_en_passant_square(s.set_play_en_passant);
    out += help_lines(write_fen(pos), s.set_play, !s.half_move, options.language, s.target) + "\n";
  } else if (s.set_play_requested && read_known_fen(s.fen).in_check()) {
    // The first mover in check cannot pass: the other side to move could take its king.
    out += std::string(words_of(options.language).king_capturable) + "\n";
  }
  const auto& lines = s.verdict == prover::Verdict::Unknown ? s.solutions_so_far : s.solutions;
  if (s.help_end == HelpEnd::Reciprocal) {
    // Reciprocal help play: a line of odd length (reci-h#N.5: even) ends with Black's own goal
    // move, marked with its goal.
    for (const auto& line : lines) {
      const bool own = (line.moves.size() % 2 == 1) != s.half_move;
      out += popeye_help_line(s.fen, line, s.half_move, options.language, own ? s.reci_target : s.target) + "\n";
    }
  } else {
    out += help_lines(s.fen, lines, s.half_move, options.language, s.target);
  }
  // Help-reflex play: the first mover would have to reach the goal itself, "  1.Qf6-d8 # ?!?".
  for (const auto& m : s.forced_goal_moves) out += popeye_help_line(s.fen, {{m}}, s.half_move, options.language, s.target) + " ?!?\n";
  return out;
}

}  // namespace

LayoutOptions layout_options(std::string_view popeye_options, Language language) {
  LayoutOptions out;
  out.language = language;
  std::istringstream in{std::string(popeye_options)};
  for (std::string word; in >> word;) {
    if (word == "Variations" || word == "Variation") out.variations = true;
    else if (word == "Try") out.tries = true;
    else if (word == "NoThreat") out.no_threat = true;
    else if (word == "SetPlay") out.set_play = true;
    else if (word == "MatesIn1") out.mates_in_1 = true;
    else if (word == "NoBoard") out.no_board = true;
    else if (word == "NoShortVariations") out.no_short_variations = true;
    else if (word == "Intelligent") out.intelligent = true;
  }
  return out;
}

char popeye_piece_letter(PieceType type, Language language) {
  return spelling_of(Kind::Piece, piece_id(type), language).front();
}

std::string popeye_move_text(const Position& pos, Move move, Language language) {
  std::string text = to_popeye(pos, move, PopeyeMarks::With);
  if (language == Language::English) return text;
  // to_popeye spells the English letters: the mover's first (no letter for a pawn or castling), the promotion's after '='.
  if (move.kind() != MoveKind::Castling && std::isupper(static_cast<unsigned char>(text[0])))
    text[0] = popeye_piece_letter(popeye_piece_type(text[0]), language);
  if (const auto eq = text.find('='); eq != std::string::npos)
    text[eq + 1] = popeye_piece_letter(popeye_piece_type(text[eq + 1]), language);
  return text;
}

std::string popeye_line_move_text(const Position& pos, Move move, const Target& target, Language language) {
  std::string text = popeye_move_text(pos, move, language);
  // Under the goals that judge the mover a mate is no goal but a step to it (the mate before
  // a counter-mate): Popeye marks it a check.
  if (target.judges_mover() && text.ends_with(" #")) text.replace(text.size() - 1, 1, "+");
  return text;
}

std::string popeye_goal_move_text(const Position& pos, Move move, const Target& target, Language language) {
  std::string text = popeye_move_text(pos, move, language);
  if (target.kind == Target::Mate) return text;
  // Popeye marks a check " +" (never " #" under another goal), then the goal; double mate and
  // counter-mate, which check the other side by definition, have the goal mark alone, while an
  // auto-mate that also checks shows both (Popeye 4.104: "1...Sc1-a2 + !#" in r!#1).
  for (const std::string_view mark : {" #", " +"})
    if (text.ends_with(mark)) text.resize(text.size() - mark.size());
  Position after = pos;
  after.make(move);
  if (target.kind == Target::MateOrStalemate) return text + " #=";
  if (after.in_check() && target.kind != Target::DoubleMate && target.kind != Target::CounterMate) text += " +";
  // The move's own spelling says castling and e.p. ("0-0", "e5*d6 ep."); any move, circuit,
  // exchange and kiss have no mark (Popeye's goal writer: "ser-<>3 ... 3.Dg4-h3 +", kiss.ref).
  if (target.kind == Target::Check || target.kind == Target::Castling || target.kind == Target::EnPassant ||
      target.kind == Target::AnyMove || target.needs_identities())
    return text;
  return text + " " + (target.kind == Target::Square ? std::string("z") : target.symbol());
}

std::string popeye_help_line(const std::string& fen, const prover::HelpLine& line, bool mating_side_first, Language language,
                             const Target& target) {
  Position pos = read_known_fen(fen);
  auto text = [&](std::size_t i) {
    if (line.moves[i].uci == "0000") {  // option NullMoves: a pass, printed as Popeye does
      pos.make_null();
      return std::string(" ...");
    }
    const bool last = i + 1 == line.moves.size();
    const Move m = move_of(pos, line.moves[i].uci);
    const Target& goal = line.goal ? *line.goal : target;  // structured play with several goals: the line's own
    std::string t = last ? popeye_goal_move_text(pos, m, goal, language) : popeye_line_move_text(pos, m, goal, language);
    pos.make(m);
    return t;
  };
  // Popeye's numbering (move_numbers): "%3u." before each move of the numbered side, a blank after
  // each move; a structured line's unprinted pass is played and prints nothing ("1.h2-h1=Q
  // 2.Kg1-h2", EXAMPLES/pseries.inp), a nested branch numbers from 1 again.
  std::string out = mating_side_first && !line.moves.empty() ? "  1..." : "";
  const std::vector<int> numbers = prover::move_numbers(line, mating_side_first);
  for (std::size_t i = 0; i < line.moves.size(); ++i) {
    if (i > 0) out += ' ';
    if (line.moves[i].after_pass) pos.make_null();
    if (numbers[i] > 0) out += fmt::format("{:>3}.", numbers[i]);
    out += text(i);
  }
  return out;
}

std::string popeye_series_line(const std::string& fen, const prover::HelpLine& line, int series_moves, Language language,
                               const Target& target) {
  Position pos = read_known_fen(fen);
  std::string out;
  for (std::size_t i = 0; i < line.moves.size(); ++i) {
    const Move m = move_of(pos, line.moves[i].uci);
    const bool last = i + 1 == line.moves.size();
    const std::string text = last ? popeye_goal_move_text(pos, m, target, language) : popeye_line_move_text(pos, m, target, language);
    if (int(i) < series_moves) out += fmt::format("{}{:>3}.{}", i == 0 ? "" : " ", i + 1, text);
    else out += " " + text;
    pos.make(m);
    if (int(i) + 1 < series_moves) pos.make_null();  // the other side passes
  }
  return out;
}

std::string format_popeye_solution(const prover::Solution& s, const LayoutOptions& options, const PositionSolver& solver) {
  if (!s.parts.empty()) {  // a structured root's parts, one after the other, a blank line between
    std::string out;
    for (const auto& part : s.parts) {
      if (!out.empty()) out += '\n';
      out += format_popeye_solution(part, options, solver);
    }
    return out;
  }
  if (s.series) return series_solution(s, options);
  if (s.goal == prover::Goal::HelpMate) return help_solution(s, options);
  TreeWriter writer(s, options, solver);
  if (s.battle.post_key) {
    if (s.verdict != prover::Verdict::Unknown) writer.post_key_play(s.n);
    return writer.text();
  }
  if (options.set_play && s.verdict != prover::Verdict::Unknown) writer.set_play(s.n);
  if (s.verdict == prover::Verdict::Unknown) {
    for (const auto& k : s.keys_so_far) writer.key_san(k);
    return writer.text();
  }
  for (const auto& key : s.keys) {
    if (!s.tree_complete) {
      writer.key_san(key.san);
      continue;
    }
    writer.key(key);
  }
  if (options.tries)
    for (const auto& t : s.tries) writer.try_(t, s.n);
  for (const auto& m : s.forced_goal_moves) writer.forced_goal_move(m.uci);
  return writer.text();
}

std::string popeye_closing_line(bool complete, Language language) {
  const Words& w = words_of(language);
  return std::string(complete ? w.finished : w.partial);
}

}  // namespace arbiter::problem::popeye
