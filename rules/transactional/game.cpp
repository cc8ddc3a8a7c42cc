#include "rules/transactional/game.h"

#include <cctype>
#include <charconv>
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"

namespace arbiter::transactional {

namespace {

std::string strip(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return std::string(s);
}

// The announcement of a commit: for each piece moved in the transaction, the square it stood
// on when the transaction began and the move that brought it where it stands.
std::vector<std::string> announce(const Referee& r, Color us) {
  struct Trail {
    Square start;
    std::string last;
  };
  std::map<Square, Trail> at;  // by the square the piece stands on now
  for (std::size_t i = 0; i < r.moves[us].size(); ++i) {
    const Move m = r.moves[us][i];
    const std::string& text = r.texts[us][i];
    auto walk = [&](Square from, Square to) {
      Trail t{from, text};
      if (auto it = at.find(from); it != at.end()) {
        t.start = it->second.start;
        at.erase(it);
      }
      at[to] = t;
    };
    walk(m.from(), m.to());
    if (m.kind() == MoveKind::Castling) {
      const bool kingside = m.to() > m.from();
      walk(kingside ? m.from() + 3 : m.from() - 4, kingside ? m.from() + 1 : m.from() - 1);
    }
  }
  std::vector<std::pair<Square, Trail>> order(at.begin(), at.end());
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.second.start < b.second.start; });
  std::vector<std::string> out;
  for (const auto& [square, trail] : order) {
    const Piece p = r.current[us][square];
    const char letter = p == NoPiece || type_of(p) == Pawn ? '\0' : "  NBRQK"[type_of(p)];
    out.push_back(fmt::format("{}{}-{}", letter ? std::string(1, letter) : std::string(), square_name(trail.start), trail.last));
  }
  return out;
}

// The committed view is read without the orthodox checks (a game may end with the committer in
// check), but the rules still need one king a side, no pawn on its first or last rank (a
// promotion commits at once), and behind each en passant square the pawn that just passed it.
void check_committed_view(const Position& pos, Bitboard en_passant, const std::vector<FenField>& fields,
                          const SourceLocation& where) {
  const SourceLocation board = where.advanced(fields[0].offset);
  for (Color c : {White, Black}) {
    const int kings = popcount(pos.pieces(c, King));
    if (kings != 1)
      throw ParseError(board, fmt::format("expected exactly one {} king, found {}", c == White ? "White" : "Black", kings));
  }
  if (const Bitboard p = pos.pieces(Pawn) & (rank_bb(0) | rank_bb(7)))
    throw ParseError(board, fmt::format("pawn on {}: pawns cannot stand on the first or last rank", square_name(lsb(p))));
  const Color mover = ~pos.side_to_move();
  for (Bitboard e = en_passant; e;) {
    const Square ep = pop_lsb(e);
    const Square beyond = mover == White ? ep + 8 : ep - 8;
    if (relative_rank(mover, ep) != 2 || !pos.empty(ep) || pos.piece_on(beyond) != make_piece(mover, Pawn))
      throw ParseError(where.advanced(fields[3].offset),
                       fmt::format("en passant square {} needs an empty square on the {} rank with a {} pawn beyond it",
                                   square_name(ep), mover == White ? "third" : "sixth", mover == White ? "White" : "Black"));
  }
}

}  // namespace

Game Game::from_fen(std::string_view fen, const SourceLocation& where, const Options& options) {
  const auto fields = split_fen_fields(fen);
  std::size_t orthodox_end = fen.size();
  if (fields.size() > 6) orthodox_end = std::size_t(fields[6].offset);
  FenOptions lenient;
  lenient.orthodox_legality = false;
  // Several en passant squares ("d3,e3"): read here; the orthodox reader sees '-' in their
  // place, padded with blanks so that the later fields keep their columns.
  std::string orthodox(fen.substr(0, orthodox_end));
  Bitboard en_passant = 0;
  if (fields.size() > 3 && fields[3].text.find(',') != std::string_view::npos) {
    const std::string_view list = fields[3].text;
    for (std::size_t start = 0; start <= list.size();) {
      const std::size_t comma = std::min(list.find(',', start), list.size());
      const Square s = parse_square(list.substr(start, comma - start));
      if (s == NoSquare)
        throw ParseError(where.advanced(fields[3].offset + int(start)),
                         fmt::format("expected en passant squares such as d3,e3, found '{}'", list));
      en_passant |= square_bb(s);
      start = comma + 1;
    }
    orthodox.replace(std::size_t(fields[3].offset), list.size(), std::string(list.size(), ' '));
    orthodox[std::size_t(fields[3].offset)] = '-';
  }
  const Position committed = read_fen(orthodox, where, lenient);
  if (committed.en_passant_square() != NoSquare) en_passant = square_bb(committed.en_passant_square());
  check_committed_view(committed, en_passant, fields, where);
  Referee r = Referee::from_position(committed);
  r.en_passant = en_passant;
  if (fields.size() > 8) throw ParseError(where.advanced(fields[8].offset), "expected at most 8 fields: the FEN, transactions, pending moves");
  if (fields.size() > 6) {
    const std::string_view t = fields[6].text;
    const auto comma = t.find(',');
    int w = 0, b = 0;
    auto number = [&](std::string_view s, int& out) {
      if (s.size() < 2 || s[0] != 'T') return false;
      const auto [end, ec] = std::from_chars(s.data() + 1, s.data() + s.size(), out);
      return ec == std::errc() && end == s.data() + s.size();
    };
    if (comma == std::string_view::npos || !number(t.substr(0, comma), w) || !number(t.substr(comma + 1), b) || w % 2 != 1 ||
        b % 2 != 0 || b < 2)
      throw ParseError(where.advanced(fields[6].offset), "expected the transaction numbers 'T<odd>,T<even>' (White's, Black's)");
    r.transaction[White] = w;
    r.transaction[Black] = b;
  }
  Game g(r, options);
  if (fields.size() > 7 && fields[7].text != "-") {
    // "w:b1c3,c3b5;b:a7a5": replayed as pending moves of each side over the committed view.
    const Color to_move = g.r_.side;
    std::string_view rest = fields[7].text;
    while (!rest.empty()) {
      const auto semi = rest.find(';');
      const std::string_view part = rest.substr(0, semi);
      const int at = fields[7].offset + int(part.data() - fields[7].text.data());
      if (part.size() < 2 || (part[0] != 'w' && part[0] != 'b') || part[1] != ':')
        throw ParseError(where.advanced(at), "expected pending moves as 'w:e2e4,...' or 'b:...' ('-' for none)");
      g.r_.side = part[0] == 'w' ? White : Black;
      std::string_view list = part.substr(2);
      while (!list.empty() && list != "-") {
        const auto comma = list.find(',');
        const std::string_view uci = list.substr(0, comma);
        const int move_at = at + int(uci.data() - part.data());
        const std::optional<Move> parsed = parse_uci(g.r_.transactional_view(g.r_.side), uci);
        if (!parsed) throw ParseError(where.advanced(move_at), fmt::format("pending move {}: expected a move in UCI (e2e4) legal there", uci));
        const Move m = *parsed;
        Action a{m, Decision::Commit};  // only the move's own predicates: the decision came later
        if (auto rej = first_failed_predicate(g.r_, options, a))
          throw ParseError(where.advanced(move_at), fmt::format("pending move {} is not a legal pending move: {}", uci, rej->detail));
        const Position view = g.r_.transactional_view(g.r_.side);
        g.r_.texts[g.r_.side].push_back(san_body(view, m));
        g.r_.moves[g.r_.side].push_back(m);
        apply_move(g.r_, m);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
      }
      rest = semi == std::string_view::npos ? std::string_view{} : rest.substr(semi + 1);
    }
    g.r_.side = to_move;
  }
  return g;
}

std::string Game::fen() const {
  const Position committed = r_.committed_view();
  std::vector<std::string> ep;
  for (Bitboard e = r_.en_passant; e;) ep.push_back(square_name(pop_lsb(e)));
  // The committed view's FEN with the referee's en passant squares in the fourth field.
  const std::string board = write_fen(committed);
  const auto fields = split_fen_fields(board);
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += ' ';
    out += i == 3 ? (ep.empty() ? std::string("-") : fmt::format("{}", fmt::join(ep, ","))) : std::string(fields[i].text);
  }
  out += fmt::format(" T{},T{}", r_.transaction[White], r_.transaction[Black]);
  std::vector<std::string> parts;
  for (Color c : {White, Black}) {
    if (r_.moves[c].empty()) continue;
    std::vector<std::string> ucis;
    for (Move m : r_.moves[c]) ucis.push_back(to_uci(m));
    parts.push_back(fmt::format("{}:{}", c == White ? 'w' : 'b', fmt::join(ucis, ",")));
  }
  out += fmt::format(" {}", parts.empty() ? "-" : fmt::format("{}", fmt::join(parts, ";")));
  return out;
}

Action Game::parse_move(std::string_view text, const SourceLocation& where) const {
  std::string body = strip(text);
  const Color us = r_.side;
  // "T<n>:" prefix.
  if (!body.empty() && body[0] == 'T') {
    const auto colon = body.find(':');
    int n = 0;
    const auto [end, ec] = std::from_chars(body.data() + 1, body.data() + (colon == std::string::npos ? 1 : colon), n);
    if (colon == std::string::npos || ec != std::errc() || end != body.data() + colon)
      throw ParseError(where, fmt::format("{}: expected a transaction number such as 'T1:' before the move", text));
    if (n != r_.transaction[us])
      throw IllegalMoveError(where,
                             fmt::format("{}: the record says T{}, but {}'s transaction is T{}", text, n,
                                         us == White ? "White" : "Black", r_.transaction[us]),
                             std::string("transaction-number"));
    body = strip(std::string_view(body).substr(colon + 1));
  }
  Decision decision = Decision::Continue;
  if (body.size() >= 3 && (body.ends_with("(C)") || body.ends_with("(R)"))) {
    decision = body[body.size() - 2] == 'C' ? Decision::Commit : Decision::Rollback;
    body = strip(std::string_view(body).substr(0, body.size() - 3));
  }
  // The old capture sign ':' and the mate sign '++'.
  for (char& c : body)
    if (c == ':') c = 'x';
  if (body.ends_with("++")) body.replace(body.size() - 2, 2, "#");
  if (body.empty()) throw ParseError(where, fmt::format("{}: expected a move", text));

  Position view = r_.transactional_view(us);
  Move m;
  std::optional<IllegalMoveError> first_error;
  bool found = false;
  auto attempt = [&](const Position& p) {
    try {
      m = parse_san(p, body, where);
      found = true;
    } catch (const IllegalMoveError& e) {
      if (!first_error) first_error = e;
    }
  };
  attempt(view);
  for (Bitboard e = r_.en_passant; e && !found;) {
    Position with_ep = view;
    with_ep.set_en_passant_square(pop_lsb(e));
    with_ep.clear_history();
    attempt(with_ep);
  }
  if (!found) {
    const auto& p = first_error->predicate();
    throw IllegalMoveError(where, fmt::format("{}: illegal in {}'s transactional view: {}", text, us == White ? "White" : "Black",
                                              first_error->message()),
                           p ? std::optional<std::string>(fmt::format("legal-in-transactional-view:{}", *p))
                             : std::optional<std::string>("legal-in-transactional-view"));
  }
  Action a{m, decision};
  if (decision == Decision::Continue && options_.transaction_end == TransactionEnd::ImplicitCommit &&
      r_.pending[us] + 1 >= options_.limit())
    a.decision = Decision::Commit;
  if (auto rej = first_failed_predicate(r_, options_, a))
    throw IllegalMoveError(where, fmt::format("{}: {} ({})", text, rej->detail, rej->predicate), rej->predicate);
  return a;
}

std::string Game::move_text(const Action& a) const {
  const Position view = r_.transactional_view(r_.side);
  std::string out = fmt::format("T{}: {}", r_.transaction[r_.side], san_body(view, a.move));
  Game after = *this;
  after.play(a);
  if (after.status() == GameStatus::Checkmate) out += "++";
  else if (gives_view_check(r_, a.move)) out += "+";
  if (a.decision == Decision::Commit) out += "(C)";
  if (a.decision == Decision::Rollback) out += "(R)";
  return out;
}

std::string Game::move_uci(const Action& a) const {
  return fmt::format("{}{}", to_uci(a.move), a.decision == Decision::Commit ? "(C)" : a.decision == Decision::Rollback ? "(R)" : "");
}

void Game::play(const Action& a) {
  history_.push_back({r_, announcement_});
  announcement_.clear();
  const Color us = r_.side, them = ~us;
  std::string text = san_body(r_.transactional_view(us), a.move);
  const ActionEffects fx = apply_move(r_, a.move);
  {
    const Position view = r_.transactional_view(us);
    const Square king = view.king_square(them);
    if (king != NoSquare && view.attacked_by(us, king)) text += '+';
  }
  r_.moves[us].push_back(a.move);
  r_.texts[us].push_back(text);
  if (a.decision == Decision::Commit) {
    announcement_ = announce(r_, us);
    apply_commit(r_);
    if (fx.captured && options_.opponent_commit == OpponentCommit::RollbackOnCapture && r_.pending[them] > 0) apply_rollback(r_, them);
  } else {
    if (a.decision == Decision::Rollback) apply_rollback(r_, us);
    r_.en_passant = 0;  // "the turn after its double move was made visible" only
  }
  r_.side = them;
  if (us == Black) ++r_.fullmove;
}

GameStatus Game::status() const {
  if (r_.mover_lost) return GameStatus::MoverLost;
  const bool check = r_.committed_check(r_.side);
  if (!has_view_move(r_)) return check ? GameStatus::Checkmate : GameStatus::Stalemate;
  return check ? GameStatus::Check : GameStatus::Ongoing;
}

}  // namespace arbiter::transactional
