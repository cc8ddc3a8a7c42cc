#include "rules/transactional/options.h"

namespace arbiter::transactional {

const std::vector<Interpretation>& interpretations() {
  static const std::vector<Interpretation> all = {
      {"transactional.move-limit", "transactional", "transactional-chess.txt",
       "A piece may move as many times as there are turns in a transaction, so up to five times.",
       "five",
       {{"five", "a transaction holds at most five moves"},
        {"one", "one move per transaction (the Notes: \"the number of uncommitted moves allowed\")"},
        {"three", "three moves per transaction"},
        {"unlimited", "no limit"}}},
      {"transactional.transaction-end", "transactional", "transactional-chess.txt",
       "Once a player has successfully moved, they must decide if they wish to commit their current set of pending "
       "moves, rollback their current set of pending moves, or neither.",
       "explicit",
       {{"explicit", "after the limit's last move \"neither\" is no longer a choice: the player commits or rolls back"},
        {"implicit-commit", "the limit's last move commits by itself when the player says neither"}}},
      {"transactional.locked-squares", "transactional", "transactional-chess.txt",
       "However, a player may move through squares locked by their opponent as long as they do not end their move "
       "there.",
       "pass-through",
       {{"pass-through", "a move may cross squares the opponent has locked"},
        {"no-pass-through", "it may not (the Notes: \"Another would be to disallow passing through locked squares\")"}}},
      {"transactional.piece-moves", "transactional", "transactional-chess.txt",
       "Is it legal to move a piece twice within a single transaction? Yes.",
       "any",
       {{"any", "a piece may move again within its transaction"},
        {"once-per-transaction", "a piece moves at most once per transaction (the Notes: \"a piece might only be "
                                 "allowed to move once per transaction\")"}}},
      {"transactional.opponent-commit", "transactional", "transactional-chess.txt",
       "The referee should bounce back to the player whenever there is a change to the board as visible.",
       "keep",
       {{"keep", "a pending transaction stands when the opponent's commit captures one of the player's pieces"},
        {"rollback-on-capture", "such a commit rolls the player's pending transaction back"}}},
      {"transactional.isolation", "transactional", "transactional-chess.txt",
       "If a proper degree of transactional isolation was maintained, you would not be able to see your opponent's "
       "commits until you yourself committed or rolled back your current transaction.",
       "read-committed",
       {{"read-committed", "a commit is visible to the opponent at once (the text's rules)"},
        {"strict", "a player sees the opponent's position as it was when his own transaction began; a move onto a "
                   "square whose real contents differ from what he sees is refused by the referee"}}},
  };
  return all;
}

namespace {

// The name of choice `k` of interpretation `id`.
std::string_view choice_name(std::string_view id, std::size_t k) { return arbiter::choice_name(interpretations(), id, k); }

}  // namespace

bool apply_interpretation(Options& options, std::string_view id, std::string_view choice) {
  const auto k = choice_index(interpretations(), id, choice);
  if (!k) return false;
  if (id == "transactional.move-limit") options.move_limit = MoveLimit(*k);
  else if (id == "transactional.transaction-end") options.transaction_end = TransactionEnd(*k);
  else if (id == "transactional.locked-squares") options.locked_squares = LockedSquares(*k);
  else if (id == "transactional.piece-moves") options.piece_moves = PieceMoves(*k);
  else if (id == "transactional.opponent-commit") options.opponent_commit = OpponentCommit(*k);
  else options.isolation = Isolation(*k);
  return true;
}

std::string_view current_choice(const Options& options, std::string_view id) {
  const auto name = [&](auto field) { return choice_name(id, std::size_t(field)); };
  if (id == "transactional.move-limit") return name(options.move_limit);
  if (id == "transactional.transaction-end") return name(options.transaction_end);
  if (id == "transactional.locked-squares") return name(options.locked_squares);
  if (id == "transactional.piece-moves") return name(options.piece_moves);
  if (id == "transactional.opponent-commit") return name(options.opponent_commit);
  if (id == "transactional.isolation") return name(options.isolation);
  return {};
}

}  // namespace arbiter::transactional
