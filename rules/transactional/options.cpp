#include "rules/transactional/options.h"

#include "rules/core/interpretation_field.h"

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

// Where each interpretation's choice is held.
constexpr InterpretationField<Options> Fields[] = {
    field<&Options::move_limit>("transactional.move-limit"),
    field<&Options::transaction_end>("transactional.transaction-end"),
    field<&Options::locked_squares>("transactional.locked-squares"),
    field<&Options::piece_moves>("transactional.piece-moves"),
    field<&Options::opponent_commit>("transactional.opponent-commit"),
    field<&Options::isolation>("transactional.isolation"),
};

}  // namespace

bool apply_interpretation(Options& options, std::string_view id, std::string_view choice) {
  return apply_choice(interpretations(), Fields, options, id, choice);
}

std::string_view current_choice(const Options& options, std::string_view id) {
  return current_choice_of(interpretations(), Fields, options, id);
}

}  // namespace arbiter::transactional
