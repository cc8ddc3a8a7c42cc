#include "rules/timetravel/claims.h"

#include <algorithm>
#include <charconv>
#include <set>

#include <fmt/format.h>

#include "rules/core/fen.h"

namespace arbiter::timetravel {

namespace {

const char* name(Color c) { return c == White ? "White" : "Black"; }

std::string interp(const Options& o, std::initializer_list<std::string_view> ids) {
  std::vector<std::string> parts;
  for (auto id : ids) parts.push_back(fmt::format("{}={}", id, current_choice(o, id)));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::vector<Square> squares_of(std::string_view list, const SourceLocation& where) {
  std::vector<Square> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = list.find(',', start);
    if (end == std::string_view::npos) end = list.size();
    const Square s = parse_square(list.substr(start, end - start));
    if (s == NoSquare) throw ParseError(where, fmt::format("claim: expected a square in '{}'", list));
    out.push_back(s);
    start = end + 1;
  }
  return out;
}

Color color_arg(std::string_view arg, const SourceLocation& where) {
  if (arg == "white") return White;
  if (arg == "black") return Black;
  throw ParseError(where, fmt::format("claim: expected 'white' or 'black', found '{}'", arg));
}

int number_arg(std::string_view arg, const SourceLocation& where) {
  int n = 0;
  const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), n);
  if (ec != std::errc() || end != arg.data() + arg.size()) throw ParseError(where, fmt::format("claim: expected a number, found '{}'", arg));
  return n;
}

// Could `c` be resolved after one move of its own (it must have exactly one traveling man
// and an untraveled man one move away from it)?
bool can_resolve_in_one(const Board& b, Color c, const Options& o) {
  if (b.resolved(c)) return true;
  if (more_than_one(b.traveling(c))) return false;
  const Square target = lsb(b.traveling(c));
  for (Bitboard r = b.untraveled(c) & b.pieces(c, b.man_on(target).type); r;)
    if (one_move_away(b, pop_lsb(r), target, o)) return true;
  return false;
}

// The chessmen the side to move can place on `target` with a legal move, and the moves.
std::set<std::string> men_to(Game& g, Square target, std::vector<std::string>* moves) {
  std::set<std::string> men;
  MoveList legal;
  g.generate_legal(legal);
  Board& b = const_cast<Board&>(g.board());
  for (const Move& m : legal) {
    // A man lands there, or (an explosion on that square) the traveling man stays there.
    const bool lands = m.kind != MoveKind::Annihilation && (m.to == target || (m.kind == MoveKind::Explosion && m.from == target));
    if (!lands) continue;
    std::vector<std::string> who;
    if (m.kind == MoveKind::Explosion) {
      for (ManId id : explosion_support_ids(b, g.options(), m.type, m.from)) who.push_back(b.name_of_id(id));
    } else {
      who.push_back(b.name_of(b.man_on(m.from)));
    }
    for (const auto& w : who) men.insert(w);
    if (moves) moves->push_back(fmt::format("{} ({})", timetravel::move_body(b, g.options(), m), fmt::join(who, " or ")));
  }
  return men;
}

std::string joined(const std::set<std::string>& s) { return fmt::format("{}", fmt::join(s, ",")); }

}  // namespace

std::vector<std::string> claims_in(std::string_view comment) {
  std::vector<std::string> out;
  constexpr std::string_view tag = "[%claim ";
  for (std::size_t at = comment.find(tag); at != std::string_view::npos; at = comment.find(tag, at + 1)) {
    const std::size_t end = comment.find(']', at);
    if (end == std::string_view::npos) break;
    std::string_view body = comment.substr(at + tag.size(), end - at - tag.size());
    while (!body.empty() && body.front() == ' ') body.remove_prefix(1);
    while (!body.empty() && body.back() == ' ') body.remove_suffix(1);
    out.emplace_back(body);
  }
  return out;
}

// The checkers, one per claim kind (or family of kinds), and the table check_claim() looks
// them up in.
namespace {

// One claim being judged: the game just after the move, and the claim split at its '='.
struct Claim {
  Game& g;
  const Move& move;
  int ply;
  std::string_view text;  // as written
  std::string_view kind;
  std::string_view arg;   // empty without '='
  const SourceLocation& where;
  ClaimOutcome out;

  const Options& options() const { return g.options(); }
  const Board& board() const { return g.board(); }
  ClaimOutcome verdict(bool ok, std::string why) {
    out.verified = ok;
    out.reason = fmt::format("ply {}: {}", ply, why);
    return out;
  }
};

ClaimOutcome legal(Claim& c) { return c.verdict(true, "the replay accepted the move under the chosen interpretations"); }

// supports=, not-support= and spares: judged on the position before the explosion.
ClaimOutcome explosion_support(Claim& c) {
  if (c.move.kind != MoveKind::Explosion) throw ParseError(c.where, fmt::format("claim '{}' needs an explosion", c.text));
  const Options& o = c.options();
  c.g.undo();
  Board& before = const_cast<Board&>(c.g.board());
  const std::vector<ManId> ids = explosion_support_ids(before, o, c.move.type, c.move.from);
  std::vector<std::string> names;
  Bitboard squares = 0;
  for (Bitboard u = before.untraveled(before.side_to_move()); u;) {
    const Square s = pop_lsb(u);
    if (std::find(ids.begin(), ids.end(), before.man_on(s).id) != ids.end()) {
      squares |= square_bb(s);
      names.push_back(fmt::format("{} on {}", before.name_of(before.man_on(s)), square_name(s)));
    }
  }
  std::optional<Rejection> rejection;
  if (c.kind == "spares") rejection = first_failed_predicate(before, o, c.move);
  c.g.play(c.move);
  const std::string found = fmt::format("supports: {}", names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", ")));
  const std::string rule = fmt::format("rule: explosion support (reach in {} moves); {}", SupportMoveLimit,
                                       interp(o, {"timetravel.support-moves", "timetravel.support-choice"}));
  if (c.kind == "spares") {
    const bool ok = !rejection || (rejection->predicate != "explosion-spares-traveling" && rejection->predicate != "explosion-spares-resonators");
    return c.verdict(ok, ok ? fmt::format("the traveled man captures no traveling man or resonator ({})", interp(o, {"timetravel.resonator"}))
                            : fmt::format("{} ({})", rejection->detail, rejection->predicate));
  }
  Bitboard claimed = 0;
  for (Square s : squares_of(c.arg, c.where)) claimed |= square_bb(s);
  if (c.kind == "supports") return c.verdict(claimed == squares, fmt::format("{}; {}", found, rule));
  return c.verdict(!(claimed & squares), fmt::format("{}; {}", found, rule));
}

// check, not-check and checkmate, of the side now to move.
ClaimOutcome check_status(Claim& c) {
  const GameStatus s = c.g.status();
  const bool check = s == GameStatus::Check || s == GameStatus::Checkmate;
  const std::string why = fmt::format("{} to move is {} (status {}; rule: check as the text defines it; {})",
                                      name(c.board().side_to_move()), check ? "in check" : "not in check", status_name(s),
                                      interp(c.options(), {"timetravel.check-resolution", "timetravel.kingless-check", "timetravel.self-check"}));
  if (c.kind == "check") return c.verdict(check, why);
  if (c.kind == "not-check") return c.verdict(!check, why);
  return c.verdict(s == GameStatus::Checkmate, why);
}

ClaimOutcome kingless(Claim& c) {
  const Color side = color_arg(c.arg, c.where);
  const bool none = !has_working_king(c.board(), side);
  return c.verdict(none, fmt::format("{} has {} king in the text's sense (a traveled king, or an untraveled one without its traveling self)",
                                     name(side), none ? "no" : "a"));
}

ClaimOutcome unresolved(Claim& c) {
  const Color side = color_arg(c.arg, c.where);
  return c.verdict(!c.board().resolved(side), fmt::format("{} has {} traveling men", name(side), popcount(c.board().traveling(side))));
}

// can-resolve-in-one= and cannot-resolve-in-one=.
ClaimOutcome resolve_in_one(Claim& c) {
  const Color side = color_arg(c.arg, c.where);
  const bool can = can_resolve_in_one(c.board(), side, c.options());
  const std::string why = fmt::format("{} {} be resolved after one move ({} traveling men; {})", name(side), can ? "could" : "could not",
                                      popcount(c.board().traveling(side)), interp(c.options(), {"timetravel.pawn-annihilation"}));
  return c.verdict(c.kind == "can-resolve-in-one" ? can : !can, why);
}

// grammatically-incorrect= and grammatically-correct=.
ClaimOutcome grammar(Claim& c) {
  const Color side = color_arg(c.arg, c.where);
  const GrammarResult r = grammar_of(c.board(), side, c.options());
  if (r.verdict == GrammarVerdict::Unknown)
    return c.verdict(false, fmt::format("unknown: the grammar of {} is undecided ({})", name(side), r.reason));
  const bool incorrect = r.verdict == GrammarVerdict::Incorrect;
  const std::string why = fmt::format("{} is grammatically {}: {} ({})", name(side), incorrect ? "incorrect" : "correct", r.reason,
                                      interp(c.options(), {"timetravel.grammar-scope", "timetravel.pawn-annihilation"}));
  return c.verdict(c.kind == "grammatically-incorrect" ? incorrect : !incorrect, why);
}

// attacks-traveling= (how many traveling men the mover attacks) and traveling-attackers= (with
// how many different men).
ClaimOutcome traveling_attacks(Claim& c) {
  const int want = number_arg(c.arg, c.where);
  const Board& b = c.board();
  const Color to_move = b.side_to_move();
  const Color mover = ~to_move;
  int attacked = 0;
  Bitboard attackers = 0;
  for (Bitboard t = b.traveling(to_move); t;) {
    const Square s = pop_lsb(t);
    bool hit = false;
    for (Bitboard m = b.movable(mover); m;) {
      const Square from = pop_lsb(m);
      const Man& man = b.man_on(from);
      const Bitboard reach = man.type == Pawn ? pawn_attacks(mover, from) : piece_attacks(man.type, from, b.occupied());
      if (reach & square_bb(s)) {
        hit = true;
        attackers |= square_bb(from);
      }
    }
    attacked += hit;
  }
  const int got = c.kind == "attacks-traveling" ? attacked : popcount(attackers);
  return c.verdict(got == want, fmt::format("{} attacks {} traveling men of {} with {} different men", name(mover), attacked,
                                            name(to_move), popcount(attackers)));
}

// The men a men-to claim names, after the square and its ':'.
std::set<std::string> claimed_men(std::string_view list) {
  std::set<std::string> claimed;
  for (std::string_view rest = list; !rest.empty();) {
    const auto comma = rest.find(',');
    claimed.emplace(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }
  return claimed;
}

// The single interpretation choices (besides the current ones) under which the men reaching
// `target` are `claimed`; each choice that changes the defaults' answer `men` is noted in the
// claim's details.
std::vector<std::string> choices_holding(Claim& c, Square target, const std::set<std::string>& men,
                                         const std::set<std::string>& claimed) {
  const Options& o = c.options();
  std::vector<std::string> holding;
  for (const auto& i : interpretations()) {
    for (std::size_t k = 1; k < i.choices.size(); ++k) {
      Options alt = o;
      if (current_choice(o, i.id) == i.choices[k].name) continue;
      apply_interpretation(alt, i.id, i.choices[k].name);
      Game other(c.g.board(), alt);
      const std::set<std::string> alt_men = men_to(other, target, nullptr);
      if (alt_men == claimed) holding.push_back(fmt::format("{}={}", i.id, i.choices[k].name));
      if (alt_men != men)
        c.out.details.push_back(fmt::format("{}={}: {} chessmen ({})", i.id, i.choices[k].name, alt_men.size(), joined(alt_men)));
    }
  }
  return holding;
}

ClaimOutcome men_to_claim(Claim& c) {
  const auto colon = c.arg.find(':');
  if (colon == std::string_view::npos) throw ParseError(c.where, "claim men-to: expected SQUARE:MAN,MAN,... (e.g. men-to=c4:Q,QB)");
  const Square target = parse_square(c.arg.substr(0, colon));
  if (target == NoSquare) throw ParseError(c.where, "claim men-to: expected a square before ':'");
  const std::set<std::string> claimed = claimed_men(c.arg.substr(colon + 1));
  std::vector<std::string> moves;
  const std::set<std::string> men = men_to(c.g, target, &moves);
  c.out.details.push_back(fmt::format("defaults: {} chessmen ({}) by {}", men.size(), joined(men), fmt::join(moves, "; ")));
  std::vector<std::string> holding;
  if (men == claimed) holding.push_back("the defaults");
  for (auto& h : choices_holding(c, target, men, claimed)) holding.push_back(std::move(h));
  c.out.details.push_back(holding.empty() ? "the text's answer holds under no single interpretation choice"
                                          : fmt::format("the text's answer holds under: {}", fmt::join(holding, "; ")));
  return c.verdict(men == claimed, fmt::format("{} can place {} chessmen on {}: {} (claimed {}; rule: explosion supports give the exploded "
                                               "man's identity; {})",
                                               name(c.board().side_to_move()), men.size(), square_name(target), joined(men),
                                               joined(claimed), interp(c.options(), {"timetravel.support-choice", "timetravel.support-moves"})));
}

ClaimOutcome escapes_only_to(Claim& c) {
  const Square target = parse_square(c.arg);
  if (target == NoSquare) throw ParseError(c.where, "claim escapes-only-to: expected a square");
  const Color to_move = c.board().side_to_move();
  Options strict = c.options();
  strict.self_check = SelfCheck::Illegal;
  Game escaping(c.g.board(), strict);
  MoveList legal;
  escaping.generate_legal(legal);
  std::vector<std::string> elsewhere;
  Board& eb = const_cast<Board&>(escaping.board());
  for (const Move& m : legal) {
    eb.make(m);
    const bool placed = eb.man_on(target).color == to_move && !eb.empty(target);
    eb.unmake();
    if (!placed) elsewhere.push_back(timetravel::move_body(eb, strict, m));
  }
  return c.verdict(!legal.empty() && elsewhere.empty(),
                   elsewhere.empty() ? fmt::format("all {} moves out of check put a {} man on {} (traveled, moved or traveling)",
                                                   legal.size(), name(to_move), square_name(target))
                                     : fmt::format("{} moves out of check leave {} without a {} man: {}", elsewhere.size(),
                                                   square_name(target), name(to_move), fmt::join(elsewhere, ", ")));
}

ClaimOutcome immune(Claim& c) {
  MoveList candidates;
  c.g.generate_candidates(candidates);
  std::vector<std::string> hits;
  for (Square s : squares_of(c.arg, c.where)) {
    for (const Move& m : candidates) {
      if (m.kind != MoveKind::Explosion || m.to != s) continue;
      if (!c.g.rejecting_predicate(m)) hits.push_back(timetravel::move_body(const_cast<Board&>(c.board()), c.options(), m));
    }
  }
  return c.verdict(hits.empty(), hits.empty() ? fmt::format("no explosion of {} can capture there ({})", name(c.board().side_to_move()),
                                                            interp(c.options(), {"timetravel.resonator"}))
                                              : fmt::format("legal explosions capture there: {}", fmt::join(hits, ", ")));
}

// mate-in=N:C and wins-in=N:C, answered by the mate prover the replay installed.
ClaimOutcome forced_mate(Claim& c) {
  const std::string_view kind = c.kind;
  const auto colon = c.arg.find(':');
  if (colon == std::string_view::npos)
    throw ParseError(c.where, fmt::format("claim {}: expected N:white or N:black (e.g. {}=2:black)", kind, kind));
  const int n = number_arg(c.arg.substr(0, colon), c.where);
  if (n < 1) throw ParseError(c.where, fmt::format("claim {}: N must be at least 1", kind));
  const Color attacker = color_arg(c.arg.substr(colon + 1), c.where);
  const Color to_move = c.board().side_to_move();
  const MateGoal goal = kind == "mate-in" ? MateGoal::Checkmate : MateGoal::Win;
  const std::string what = fmt::format("{} within {} move{}", goal == MateGoal::Checkmate ? "checkmate" : "a win (checkmate or grammar)",
                                       n, n == 1 ? "" : "s");
  const std::string against = attacker == to_move ? "" : fmt::format(" against every {} move", name(to_move));
  const std::string rules = interp(c.options(), {"timetravel.check-resolution", "timetravel.kingless-check", "timetravel.self-check"});
  if (!c.g.mate_prover())
    return c.verdict(false, fmt::format("unknown: whether {} forces {}{} (no mate prover in this run; {})", name(attacker), what,
                                        against, rules));
  const MateAnswer a = c.g.mate_prover()(c.g, attacker, n, goal);
  const char* note = goal == MateGoal::Checkmate ? "; a win by grammar is no checkmate" : "";
  switch (a.verdict) {
    case MateVerdict::Proved:
      return c.verdict(true, fmt::format("proved: {} forces {}{} ({}; {})", name(attacker), what, against, a.detail, rules));
    case MateVerdict::Refuted:
      return c.verdict(false, fmt::format("refuted: {} cannot force {}{} ({}{}; {})", name(attacker), what, against, a.detail, note,
                                          rules));
    case MateVerdict::Unknown:
      break;
  }
  return c.verdict(false, fmt::format("unknown: whether {} forces {}{} ({}; {})", name(attacker), what, against, a.detail, rules));
}

struct ClaimKind {
  std::string_view name;
  bool takes_argument;  // written KIND=ARG (the unknown-claim message lists it as "KIND=")
  ClaimOutcome (*check)(Claim&);
};

// Every kind and its checker; the order is the unknown-claim message's.
constexpr ClaimKind ClaimKinds[] = {
    {"legal", false, legal},
    {"supports", true, explosion_support},
    {"not-support", true, explosion_support},
    {"spares", false, explosion_support},
    {"check", false, check_status},
    {"not-check", false, check_status},
    {"checkmate", false, check_status},
    {"kingless", true, kingless},
    {"unresolved", true, unresolved},
    {"can-resolve-in-one", true, resolve_in_one},
    {"cannot-resolve-in-one", true, resolve_in_one},
    {"grammatically-incorrect", true, grammar},
    {"grammatically-correct", true, grammar},
    {"attacks-traveling", true, traveling_attacks},
    {"traveling-attackers", true, traveling_attacks},
    {"men-to", true, men_to_claim},
    {"escapes-only-to", true, escapes_only_to},
    {"immune", true, immune},
    {"mate-in", true, forced_mate},
    {"wins-in", true, forced_mate},
};

[[noreturn]] void unknown_claim(std::string_view claim, const SourceLocation& where) {
  std::vector<std::string> kinds;
  for (const ClaimKind& k : ClaimKinds) kinds.push_back(fmt::format("{}{}", k.name, k.takes_argument ? "=" : ""));
  throw ParseError(where, fmt::format("unknown claim '{}': expected one of {}", claim, fmt::join(kinds, ", ")));
}

}  // namespace

ClaimOutcome check_claim(Game& g, const Move& move, int ply, std::string_view claim, const SourceLocation& where) {
  const auto eq = claim.find('=');
  const std::string_view kind = claim.substr(0, eq);
  const std::string_view arg = eq == std::string_view::npos ? std::string_view{} : claim.substr(eq + 1);
  for (const ClaimKind& k : ClaimKinds) {
    if (k.name != kind) continue;
    Claim c{g, move, ply, claim, kind, arg, where, {}};
    c.out.claim = std::string(claim);
    return k.check(c);
  }
  unknown_claim(claim, where);
}

std::vector<ClaimOutcome> Game::check_claims(const std::vector<std::string>& comments, const Move& m, int ply,
                                             const SourceLocation& where) {
  std::vector<ClaimOutcome> out;
  for (const auto& comment : comments)
    for (const auto& claim : claims_in(comment)) out.push_back(check_claim(*this, m, ply, claim, where));
  return out;
}

}  // namespace arbiter::timetravel
