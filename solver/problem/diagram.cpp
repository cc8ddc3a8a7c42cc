#include "solver/problem/diagram.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "rules/core/bitboard.h"
#include "rules/core/fen.h"
#include "rules/core/text.h"
#include "solver/variants/fairy_pieces.h"

namespace arbiter::problem {

namespace {

std::string_view color_name(Color c) { return c == White ? "White" : "Black"; }

std::string_view stipulation_name(const Stipulation& s) {
  if (s.structured) return "the structured stipulation";
  return s.kind == Stipulation::HelpMate && s.half_move ? "a helpmate with a half move" : kind_name(s.kind);
}

struct Castle {
  CastlingRights right;
  Color color;
  Square king, rook;
};
constexpr Castle Castles[] = {{WhiteKingside, White, sq::e1, sq::h1},
                              {WhiteQueenside, White, sq::e1, sq::a1},
                              {BlackKingside, Black, sq::e8, sq::h8},
                              {BlackQueenside, Black, sq::e8, sq::a8}};

}  // namespace

int home_square_castling_rights(const Diagram& d) {
  if (d.no_castling_all) return NoCastling;
  // A king or rook with attributes (a half-neutral king, Popeye castles it) is a fairy cell "h:K".
  auto at_home = [&](Square s, Piece piece) {
    const FairyCell cell = d.fairy[s].empty() ? FairyCell{} : fairy_cell(d.fairy[s]);
    const bool attributed = !d.fairy[s].empty() && !cell.neutral() && cell.colour == color_of(piece) &&
                            cell.code == (type_of(piece) == King ? "k" : "r");
    return (d.board[s] == piece || attributed) && std::find(d.no_castling.begin(), d.no_castling.end(), s) == d.no_castling.end();
  };
  int rights = 0;
  for (const Castle& c : Castles)
    if (at_home(c.king, make_piece(c.color, King)) && at_home(c.rook, make_piece(c.color, Rook))) rights |= c.right;
  return rights;
}

Diagram diagram_of(const Position& pos) {
  Diagram d;
  for (Square s = 0; s < 64; ++s) d.board[s] = pos.piece_on(s);
  for (const Castle& c : Castles)
    if (!pos.can_castle(c.right) && d.board[c.king] == make_piece(c.color, King) && d.board[c.rook] == make_piece(c.color, Rook))
      d.no_castling.push_back(c.rook);
  d.en_passant = pos.en_passant_square();
  return d;
}

bool en_passant_fits(const Diagram& d, Color side) {
  if (d.en_passant == NoSquare) return false;
  const Color mover = ~side;  // the side whose pawn made the double step
  const int forward = mover == White ? 8 : -8;
  const Square ep = d.en_passant;
  return relative_rank(mover, ep) == 2 && d.board[ep] == NoPiece && d.board[ep - forward] == NoPiece &&
         d.board[ep + forward] == make_piece(mover, Pawn);
}

Position position_of(const Diagram& d, Color side) {
  Position pos;
  for (Square s = 0; s < 64; ++s)
    if (d.board[s] != NoPiece) pos.put_piece(d.board[s], s);
  pos.set_side_to_move(side);
  pos.set_castling_rights(home_square_castling_rights(d));
  if (en_passant_fits(d, side)) pos.set_en_passant_square(d.en_passant);
  pos.clear_history();
  return pos;
}

bool fen_has_king(std::string_view fen, Color c) {
  const std::string_view board = fen.substr(0, fen.find(' '));
  bool in_code = false;  // "(ka)" is a kangaroo, no king
  for (char x : board) {
    if (x == '(' || x == ')') in_code = x == '(';
    else if (!in_code && x == (c == White ? 'K' : 'k')) return true;
  }
  return false;
}

bool has_fairy_men(const Diagram& d) {
  return std::any_of(d.fairy.begin(), d.fairy.end(), [](const std::string& cell) { return !cell.empty(); });
}

FairyCell fairy_cell(const std::string& cell) {
  FairyCell out;
  const std::size_t colon = cell.find(':');
  if (colon != std::string::npos) out.attributes = cell.substr(0, colon);
  const std::string code = colon == std::string::npos ? cell : cell.substr(colon + 1);
  out.code = lowercase(code);
  out.colour = !code.empty() && std::isupper(static_cast<unsigned char>(code[0])) ? White : Black;
  // A code of digits has no case: "w" or "b" among the initials gives its colour.
  if (const auto mark = out.attributes.find_first_of("wb"); mark != std::string::npos) {
    out.colour = out.attributes[mark] == 'w' ? White : Black;
    std::erase(out.attributes, 'w');
    std::erase(out.attributes, 'b');
  }
  return out;
}

std::string fairy_cell_text(const FairyCell& cell) {
  const bool upper = cell.colour == White || cell.neutral();  // a neutral man is written upper case
  const bool digits = std::none_of(cell.code.begin(), cell.code.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
  const std::string initials = cell.attributes + (digits && !cell.neutral() ? (cell.colour == White ? "w" : "b") : "");
  return (initials.empty() ? "" : initials + ":") + (upper ? uppercase(cell.code) : cell.code);
}

Diagram fairy_diagram_of(std::string_view fen, const SourceLocation& where) {
  Diagram d;
  std::vector<std::string_view> fields;
  for (const TextWord& w : blank_separated_words(fen)) fields.push_back(w.text);
  const auto fail = [&](const std::string& what) { throw ParseError(where, what + " in FEN '" + std::string(fen) + "'"); };
  if (fields.empty()) fail("expected a position");
  int rank = 7, file = 0;
  const std::string_view board = fields[0];
  for (std::size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    if (c == '/') {
      --rank, file = 0;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      file += c - '0';
      continue;
    }
    if (rank < 0 || file > 7) fail("expected 8 x 8 squares");
    const Square s = make_square(file, rank);
    if (c == '(') {
      const std::size_t close = board.find(')', i);
      if (close == std::string_view::npos) fail("expected ')' after a fairy man's code");
      d.fairy[s] = std::string(board.substr(i + 1, close - i - 1));
      i = close;
    } else {
      const Piece p = piece_from_char(c);
      if (p == NoPiece) fail(std::string("expected a piece letter, found '") + c + "'");
      d.board[s] = p;
    }
    ++file;
  }
  const std::string_view castling = fields.size() > 2 ? fields[2] : "-";
  for (const Castle& c : Castles)
    if (castling.find("KQkq"[c.right == WhiteKingside ? 0 : c.right == WhiteQueenside ? 1 : c.right == BlackKingside ? 2 : 3]) ==
            std::string_view::npos &&
        d.board[c.king] == make_piece(c.color, King) && d.board[c.rook] == make_piece(c.color, Rook))
      d.no_castling.push_back(c.rook);
  if (fields.size() > 3 && fields[3] != "-") d.en_passant = parse_square(std::string(fields[3]));
  d.kings_optional = true;  // the fairy rule set's own checks judge the twins
  return d;
}

std::string fairy_fen(const Diagram& d, Color side) {
  const std::string fen = write_fen(position_of(d, side));
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      std::string cell = d.fairy[s].empty() ? std::string() : "(" + d.fairy[s] + ")";
      if (d.board[s] != NoPiece) cell = std::string(1, piece_char(d.board[s]));
      if (cell.empty()) {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += cell;
    }
    if (run) out += std::to_string(run);
    if (rank) out += '/';
  }
  return out + fen.substr(fen.find(' '));
}

std::string legal_fairy_problem_fen(const Diagram& d, Color side, const Stipulation& stipulation, const SourceLocation& board_at,
                                    const std::string& what) {
  const std::string fen = fairy_fen(d, side);
  const std::string subject = what.empty() ? fmt::format("illegal position for '{}'", stipulation.text)
                                           : fmt::format("{} gives an illegal position for '{}'", what, stipulation.text);
  for (const Color c : {White, Black}) {  // Popeye's rule: one royal man a side, a king or a royal piece
    int royals = 0;
    for (Square s = 0; s < 64; ++s)
      if (d.board[s] == make_piece(c, King)) ++royals;
      else if (!d.fairy[s].empty()) {  // a royal man by attribute or a king, of the side or neutral
        const FairyCell man = fairy_cell(d.fairy[s]);
        royals += (man.royal() || man.code == "k" || fairy_piece_is_royal(man.code)) && (man.neutral() || man.colour == c);
      }
    if (royals > 1)
      throw ParseError(board_at, fmt::format("{}: {} has {} royal men, where a side has one, a king or a royal piece, as in Popeye "
                                             "(FEN {})",
                                             subject, color_name(c), royals, fen));
  }
  try {
    check_fairy_position(fen, board_at);
  } catch (const ParseError& e) {
    throw ParseError(board_at, fmt::format("{}: {}", subject, e.message()));
  }
  return fen;
}

std::string legal_problem_fen(const Position& pos, const Stipulation& stipulation, const SourceLocation& side_at,
                              const SourceLocation& board_at, const std::string& what, bool kings_optional) {
  const std::string fen = write_fen(pos);
  const std::string subject = what.empty() ? fmt::format("illegal position for '{}'", stipulation.text)
                                           : fmt::format("{} gives an illegal position for '{}'", what, stipulation.text);
  const Color side = pos.side_to_move();
  const bool at_most_one_king_each = popcount(pos.pieces(White, King)) <= 1 && popcount(pos.pieces(Black, King)) <= 1;
  // Said in the problem's terms first: which side the stipulation lets move, and which is in check.
  if (at_most_one_king_each && pos.king_square(~side) != NoSquare && pos.attacked_by(side, pos.king_square(~side)))
    throw ParseError(side_at, fmt::format("{}: {} moves first in {}, but {} (the side not to move) is in check", subject,
                                     color_name(side), stipulation_name(stipulation), color_name(~side)));
  try {
    FenOptions options;
    options.kings_optional = kings_optional;
    (void)read_fen(fen, board_at, options);
  } catch (const ParseError& e) {
    throw ParseError(board_at, fmt::format("{} (FEN {}): {}", subject, fen, e.message()));
  }
  return fen;
}

}  // namespace arbiter::problem
