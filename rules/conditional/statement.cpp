#include "rules/conditional/statement.h"

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/notation/san.h"

namespace arbiter::conditional {

namespace {

constexpr std::string_view TypeLetters = " PNBRQK";

PieceType type_from_letter(char c) {
  const auto at = TypeLetters.find(c);
  return at == std::string_view::npos || at == 0 ? NoPieceType : PieceType(at);
}

std::string_view type_word(PieceType t) {
  switch (t) {
    case Pawn: return "pawn";
    case Knight: return "knight";
    case Bishop: return "bishop";
    case Rook: return "rook";
    case Queen: return "queen";
    case King: return "king";
    default: return "man";
  }
}

// One branch: optional stars around a SAN move. Returns the move text without stars.
std::string read_branch(std::string_view text, const SourceLocation& where, bool& starred, std::string_view which) {
  starred = false;
  std::string_view body = text;
  if (body.starts_with('*')) {
    if (body.size() < 2 || !body.ends_with('*'))
      throw ParseError(where, fmt::format("the {} opens a '*' mark (the branch played) but does not close it: expected "
                                          "'*{}*'",
                                          which, body.substr(1)));
    starred = true;
    body = body.substr(1, body.size() - 2);
  } else if (body.ends_with('*')) {
    throw ParseError(where.advanced(int(body.size() - 1)),
                     fmt::format("the {} closes a '*' mark that it does not open: expected '*{}'", which, body));
  }
  const SourceLocation at = where.advanced(starred ? 1 : 0);
  if (body.empty()) throw ParseError(at, fmt::format("expected the {} (a move such as Nf6), found nothing", which));
  if (body.size() >= Statement::MoveChars)
    throw ParseError(at, fmt::format("the {} '{}' is too long for a move", which, body));
  read_san_shape(body, at);  // syntax only: legality is decided when the C-move is executed
  for (char c : body)
    if (c == '?' || c == '/' || c == '!' || c == '*')
      throw ParseError(at, fmt::format("expected the {} as one move, found '{}'", which, body));
  return std::string(body);
}

void copy_move(std::array<char, Statement::MoveChars>& out, const std::string& text) {
  out.fill('\0');
  std::copy(text.begin(), text.end(), out.begin());
}

}  // namespace

bool holds(const Position& pos, Color stater, const Condition& c) {
  switch (c.kind) {
    case ConditionKind::Always: return true;
    case ConditionKind::Empty: return pos.empty(c.square);
    case ConditionKind::Enemy: return !pos.empty(c.square) && color_of(pos.piece_on(c.square)) != stater;
    case ConditionKind::EnemyOfType: return pos.piece_on(c.square) == make_piece(~stater, c.type);
  }
  return false;
}

Branch selected_branch(const Position& pos, Color stater, const Statement& s) {
  return holds(pos, stater, s.condition) ? Branch::Then : Branch::Else;
}

std::string_view branch_text(const Statement& s, Branch b) { return b == Branch::Else ? s.else_text() : s.then_text(); }

Statement read_statement(std::string_view text, const SourceLocation& where) {
  Statement s;
  if (text.starts_with('!')) {
    bool starred = false;
    const std::string move = read_branch(text.substr(1), where.advanced(1), starred, "move after '!'");
    copy_move(s.then_move, move);
    copy_move(s.else_move, move);
    if (starred) s.marked = Branch::Then;
    return s;
  }
  const auto question = text.find('?');
  if (question == std::string_view::npos)
    throw ParseError(where, fmt::format("expected a conditional move 'condition?then/else' (e.g. Bg5?Nf6/c4) or '!move', "
                                        "found '{}'",
                                        text));
  // The condition: a square, or a letter (E: any enemy man; K Q R B N P: an enemy man of
  // that type) and a square.
  const std::string_view cond = text.substr(0, question);
  std::string_view square_text = cond;
  if (cond.size() == 3) {
    if (cond[0] == 'E') {
      s.condition.kind = ConditionKind::Enemy;
    } else if (PieceType t = type_from_letter(cond[0]); t != NoPieceType) {
      s.condition.kind = ConditionKind::EnemyOfType;
      s.condition.type = t;
    } else {
      throw ParseError(where, fmt::format("expected the condition's letter E (an enemy man) or K, Q, R, B, N, P (an enemy "
                                          "man of that type), found '{}'",
                                          cond[0]));
    }
    square_text = cond.substr(1);
  } else if (cond.size() == 2) {
    s.condition.kind = ConditionKind::Empty;
  } else {
    throw ParseError(where, fmt::format("expected a condition before '?': a square (a8), E and a square (Eg7), or a man's "
                                        "letter and a square (Bg5), found '{}'",
                                        cond));
  }
  s.condition.square = parse_square(square_text);
  if (s.condition.square == NoSquare)
    throw ParseError(where.advanced(int(cond.size() - square_text.size())),
                     fmt::format("expected a square in the condition, found '{}'", square_text));
  const std::string_view branches = text.substr(question + 1);
  // The branches are split at the '/' outside the stars.
  std::size_t slash = std::string_view::npos;
  bool in_stars = false;
  for (std::size_t i = 0; i < branches.size(); ++i) {
    if (branches[i] == '*') in_stars = !in_stars;
    if (branches[i] == '/' && !in_stars) {
      if (slash != std::string_view::npos)
        throw ParseError(where.advanced(int(question + 1 + i)),
                         "a conditional move has one '/', between the then-move and the else-move");
      slash = i;
    }
  }
  if (slash == std::string_view::npos)
    throw ParseError(where.advanced(int(question + 1)),
                     fmt::format("expected 'then/else' after the condition, found '{}'", branches));
  bool then_starred = false;
  bool else_starred = false;
  copy_move(s.then_move, read_branch(branches.substr(0, slash), where.advanced(int(question + 1)), then_starred, "then-move"));
  copy_move(s.else_move,
            read_branch(branches.substr(slash + 1), where.advanced(int(question + 2 + slash)), else_starred, "else-move"));
  if (then_starred && else_starred)
    throw ParseError(where.advanced(int(question + 1)), "only one branch can be marked '*...*' as played");
  s.marked = then_starred ? Branch::Then : else_starred ? Branch::Else : Branch::None;
  return s;
}

std::string condition_text(const Condition& c) {
  switch (c.kind) {
    case ConditionKind::Always: return "";
    case ConditionKind::Empty: return square_name(c.square);
    case ConditionKind::Enemy: return fmt::format("E{}", square_name(c.square));
    case ConditionKind::EnemyOfType: return fmt::format("{}{}", TypeLetters[c.type], square_name(c.square));
  }
  return "";
}

std::string condition_question(const Condition& c) {
  switch (c.kind) {
    case ConditionKind::Always: return "unconditional";
    case ConditionKind::Empty: return fmt::format("is {} empty", square_name(c.square));
    case ConditionKind::Enemy: return fmt::format("is there an enemy man on {}", square_name(c.square));
    case ConditionKind::EnemyOfType: return fmt::format("is there an enemy {} on {}", type_word(c.type), square_name(c.square));
  }
  return "";
}

std::string statement_text(const Statement& s, Branch mark) {
  auto branch = [&](Branch b) {
    const std::string_view text = branch_text(s, b);
    return mark != Branch::None && mark == b ? fmt::format("*{}*", text) : std::string(text);
  };
  // Both branches the same: one move, starred when either branch is marked.
  if (s.then_text() == s.else_text()) return mark == Branch::None ? fmt::format("!{}", s.then_text()) : fmt::format("!*{}*", s.then_text());
  return fmt::format("{}?{}/{}", condition_text(s.condition), branch(Branch::Then), branch(Branch::Else));
}

}  // namespace arbiter::conditional
