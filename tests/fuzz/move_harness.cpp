// Move notation of every rule set, and Popeye's long algebraic notation: a move that parses is
// legal, prints back to the same move, and play then undo restores the game.

#include <optional>
#include <string>
#include <type_traits>

#include <fmt/format.h>

#include "rules/conditional/game.h"
#include "rules/core/fen.h"
#include "rules/notation/popeye.h"
#include "rules/option/game.h"
#include "rules/orthodox/game.h"
#include "rules/orthodox/movegen.h"
#include "rules/timetravel/game.h"
#include "rules/transactional/game.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/harnesses.h"

namespace arbiter::fuzz {

namespace {

const std::string File = "move";

// A Conditional Chess C-ply is read as the statement, which no generator lists (it lists the
// statement's outcomes): such a move is checked by its outcome instead.
template <class M>
bool is_statement(const M&) {
  return false;
}
bool is_statement(const conditional::Action& a) { return a.kind == conditional::ActionKind::Statement; }

template <RuleSet G>
void rule_set_notation(std::string_view fen, std::string_view text) {
  using M = typename G::MoveType;
  std::optional<G> game;
  try {
    game.emplace(G::from_fen(fen, {"fen", 1, 1}));
  } catch (const ParseError&) {
    return;  // the FEN harness checks FEN errors
  }
  const std::string fen_before = game->fen();
  const std::uint64_t key_before = game->key();
  std::optional<M> move;
  try {
    move.emplace(game->parse_move(text, {File, 1, 1}));
  } catch (const ParseError& e) {
    check_location(e, text, File, Layout::OneLine);
    require(game->fen() == fen_before && game->key() == key_before,
            fmt::format("{}: reading the bad move '{}' changed the game", G::variant_name, text));
    return;
  }
  const auto context = [&] { return fmt::format("{} in {}: '{}'", G::variant_name, fen_before, text); };
  require(game->fen() == fen_before && game->key() == key_before, context() + ": reading the move changed the game");

  const std::string uci = game->move_uci(*move);
  if constexpr (std::is_same_v<G, timetravel::Game>) {
    // Legality needs the grammar of every move: this one is judged alone (fen_harness.cpp).
    const auto rejected = game->rejecting_predicate(*move);
    require(!rejected, context() + ": parses to " + uci + ", which the predicate " + std::string(rejected.value_or("")) + " rejects");
  } else {
    typename G::MoveListType legal;
    game->generate_legal(legal);
    bool listed = false, uci_listed = false;
    for (const auto& m : legal) {
      listed = listed || m == *move;
      uci_listed = uci_listed || game->move_uci(m) == uci;
    }
    if (is_statement(*move)) require(uci == "0000" || uci_listed, context() + ": the stated move's outcome " + uci + " is not legal");
    else require(listed, context() + ": parses to " + uci + ", which is not among the legal moves");
  }

  const std::string printed = game->move_text(*move);
  std::optional<M> again;
  try {
    again.emplace(game->parse_move(printed, {File, 1, 1}));
  } catch (const ParseError& e) {
    violated(fmt::format("{}: printed as '{}', which does not read back: {}", context(), printed, e.what()));
  }
  require(*again == *move, fmt::format("{}: printed as '{}', which reads back to another move ({} for {})", context(), printed,
                                       game->move_uci(*again), uci));
  require(game->move_text(*again) == printed,
          fmt::format("{}: printed as '{}', then as '{}'", context(), printed, game->move_text(*again)));

  game->play(*move);
  game->undo();
  require(game->fen() == fen_before && game->key() == key_before,
          fmt::format("{}: play then undo gives {}", context(), game->fen()));
}

// Popeye's notation has no errors to locate: a text names a legal move or nothing.
void popeye_notation(std::string_view fen, std::string_view text) {
  std::optional<Position> pos;
  try {
    pos = read_fen(fen, {"fen", 1, 1});
  } catch (const ParseError&) {
    return;
  }
  const std::optional<Move> move = parse_popeye(*pos, text);
  if (!move) return;
  const auto context = [&] { return fmt::format("popeye in {}: '{}'", write_fen(*pos), text); };
  MoveList<> legal;
  orthodox::generate_legal(*pos, legal, {});
  bool listed = false;
  for (Move m : legal) listed = listed || m == *move;
  require(listed, context() + ": names a move that is not legal");
  const std::string plain = to_popeye(*pos, *move);
  const std::string marked = to_popeye(*pos, *move, PopeyeMarks::With);
  require(parse_popeye(*pos, plain) == move, context() + ": printed as '" + plain + "', which reads back to another move");
  require(parse_popeye(*pos, marked) == move, context() + ": printed as '" + marked + "', which reads back to another move");
  require(normalize_popeye(marked) == plain, context() + ": '" + marked + "' normalised is not '" + plain + "'");
}

}  // namespace

void move_harness(std::string_view input) {
  Header header[2];
  std::string_view text;
  if (!split_header(input, 2, header, text)) return;
  if (text.find_first_of("\r\n") != std::string_view::npos) return;  // a move is one line of text
  const std::string_view notation = header[0].line, fen = header[1].line;
  if (notation == "orthodox") rule_set_notation<orthodox::Game>(fen, text);
  else if (notation == "option") rule_set_notation<option::Game>(fen, text);
  else if (notation == "timetravel") rule_set_notation<timetravel::Game>(fen, text);
  else if (notation == "transactional") rule_set_notation<transactional::Game>(fen, text);
  else if (notation == "conditional") rule_set_notation<conditional::Game>(fen, text);
  else if (notation == "popeye") popeye_notation(fen, text);
}

}  // namespace arbiter::fuzz
