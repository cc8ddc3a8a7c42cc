#pragma once
// How a registry entry is built (included by the rule sets' files in solver/variants/ only): every
// engine instantiated for the rules G, each lambda building G from a FEN with the settings that
// concern it. A rule set's file calls register_variant<G>() with its names and replaces what
// its rules need done otherwise.

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/core/capabilities.h"
#include "rules/notation/uci.h"
#include "solver/replay/shuffle_record.h"
#include "solver/compose/composer.h"
#include "solver/correct/correction_search.h"
#include "solver/perft/perft.h"
#include "solver/prover/certificate.h"
#include "solver/prover/solve.h"
#include "solver/structured/structured_solve.h"
#include "solver/structured/structured_verify.h"
#include "solver/replay/diagram.h"
#include "solver/variants/registry.h"

namespace arbiter::registry {

using Settings = InterpretationSettings;

// What a rule set's file may add to the generic wiring, as static members of a class passed
// to register_variant (each optional):
//   static void prepare(G& game);      after every construction (Time Traveler's Chess: the
//                                      prover that judges mate claims)
//   static std::optional<std::string> show(const G&, std::string_view text, report::DiagramSpec&);
//                                      a --show text drawn otherwise than as a move (Conditional
//                                      Chess: a stated conditional move); returns a caption note
//   static void decorate(const G&, report::DiagramSpec&, const std::vector<std::string>& notes);
//                                      the rule set's own marks on a diagram, and its caption
//   static constexpr bool proves = false;
//                                      no prover for these rules: solve, verify, check-certificate
//                                      and correct are not instantiated (the entry sets refusals)
struct NoExtras {};

template <class Extras>
inline constexpr bool with_prover = [] {
  if constexpr (requires { Extras::proves; }) return bool(Extras::proves);
  else return true;
}();

// The rules G with the settings that concern them applied.
template <RuleSet G, class Extras = NoExtras>
G make_game(std::string_view fen, const SourceLocation& where, const Settings& interpret) {
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;
  G game = G::from_fen(fen, where, options_with<Options>(interpret));
  if constexpr (requires { Extras::prepare(game); }) Extras::prepare(game);
  return game;
}

// The entry for rules G: `names` as the registry lists them, every engine instantiated for G.
template <RuleSet G, class Extras = NoExtras>
VariantEngines register_variant(VariantNames names) {
  // The registry's table and names.cpp list the rule sets in the same order: a slip shows here.
  if (names.name != G::variant_name)
    throw std::logic_error("registry: the entry for " + std::string(G::variant_name) + " was given the names of " + names.name);
  VariantEngines e;
  static_cast<VariantNames&>(e) = std::move(names);
  e.start_fen = std::string(G::start_fen);
  e.perft = [](std::string_view fen, const SourceLocation& where, int depth, const Settings& interpret) {
    G game = make_game<G, Extras>(fen, where, interpret);
    return perft(game, depth);
  };
  e.perft_divide = [](std::string_view fen, const SourceLocation& where, int depth,
                      const std::function<void(int, int)>& progress, const Settings& interpret) {
    G game = make_game<G, Extras>(fen, where, interpret);
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& entry : arbiter::perft_divide(game, depth, progress)) out.emplace_back(game.move_uci(entry.move), entry.nodes);
    return out;
  };
  e.play_line = [](std::string_view fen, const SourceLocation& where, const std::vector<std::string>& moves,
                   const std::optional<play::Attempt>& attempt, std::size_t max_listed, const Settings& interpret) {
    G game = make_game<G, Extras>(fen, where, interpret);
    return play::play_line(game, moves, attempt, max_listed);
  };
  e.shuffle_record = [](int plies) { return shuffle_record<G>(G::variant_name, plies); };
  e.normalize_fen = [](std::string_view fen, const SourceLocation& where, const Settings& interpret) {
    return make_game<G, Extras>(fen, where, interpret).fen();
  };
  e.replay = [](const PgnGame& record, const Settings& interpret) {
    return replay_game<G>(record, [&](std::string_view fen, const SourceLocation& where) {
      return make_game<G, Extras>(fen, where, interpret);
    });
  };
  e.diagram = [](std::string_view fen, const SourceLocation& where, const Settings& interpret) {
    const G game = make_game<G, Extras>(fen, where, interpret);
    if constexpr (OwnDiagram<G>) return game.diagram();
    else if constexpr (LetterRows<G>) return board_diagram(game.rank_rows());
    else return board_diagram(game.position());
  };
  e.svg = [](std::string_view fen, const SourceLocation& where, const std::vector<std::string>& play,
             const std::vector<std::string>& show, report::DiagramSpec spec, const Settings& interpret) {
    G game = make_game<G, Extras>(fen, where, interpret);
    for (const auto& text : play) game.play(game.parse_move(text, {"--play", 1, 1}));
    std::vector<std::string> notes;  // caption lines the shown moves add
    for (const auto& text : show) {
      if constexpr (requires { Extras::show(game, text, spec); }) {
        if (auto note = Extras::show(game, text, spec)) {
          notes.push_back(std::move(*note));
          continue;
        }
      }
      const auto m = game.parse_move(text, {"--show", 1, 1});
      const auto halves = uci_squares(game.move_uci(m));
      for (std::size_t i = 0; i < halves.size(); ++i) {
        spec.arrows.push_back({halves[i].first, halves[i].second, i == 0 ? "move" : "second"});
        if (i > 0 && halves[i].first == halves[i - 1].second) spec.marks.push_back({halves[i].first, "stop"});
      }
    }
    if constexpr (requires { Extras::decorate(game, spec, notes); }) Extras::decorate(game, spec, notes);
    if constexpr (BoardPosition<G>) {
      return report::svg_diagram(game.position(), spec);
    } else {
      static_assert(DiagramMen<G>, "a rule set without a Position draws its men (rules/core/diagram_man.h)");
      auto men = game.diagram_men();
      if (!men) throw report::UnsupportedDiagram("an SVG diagram of a board other than 8 x 8 is not drawn (the text diagram shows it)");
      Position pos;  // the orthodox men; the others drawn as problemists draw fairy men
      for (auto& m : *men) {
        if (m.orthodox) pos.put_piece(make_piece(m.color, m.glyph), m.square);
        else spec.fairy_men.push_back(std::move(m));
      }
      return report::svg_diagram(pos, spec);
    }
  };
  if constexpr (with_prover<Extras>) {
    e.solve = [](std::string_view fen, const SourceLocation& where, const prover::SolveOptions& options,
                 const Settings& interpret) {
      G game = make_game<G, Extras>(fen, where, interpret);
      return structured::solve_any(game, options);
    };
    e.verify = [](std::string_view fen, const SourceLocation& where, const prover::SolveOptions& options,
                  const PgnLine& published, const Settings& interpret) {
      G game = make_game<G, Extras>(fen, where, interpret);
      return structured::verify_any(game, options, published);
    };
    e.check_certificate = [](std::string_view fen, const SourceLocation& where, const nlohmann::json& c, int n,
                             const Settings& interpret) {
      G game = make_game<G, Extras>(fen, where, interpret);
      return structured::check_any_certificate(game, c, n);
    };
    e.correct = [](const std::string& fen, const SourceLocation& where, int n, const PgnLine& published,
                   const std::optional<PgnLine>& engine_line, const correct::Options& options, const Settings& interpret) {
      return correct::CorrectionSearch<G>(fen, where, n, published, engine_line, options, interpret).run();
    };
  }
  e.setup_fen = &setup_fen<G>;
  return e;
}

// The rule sets the composer makes problems for: those whose prover proves direct mates.
template <RuleSet G>
VariantEngines with_composer(VariantEngines e) {
  e.compose = [](const compose::ComposeOptions& options, const Settings& interpret) {
    using Options = typename compose::Composer<G>::Options;
    return compose::compose<G>(options, options_with<Options>(interpret));
  };
  return e;
}

}  // namespace arbiter::registry
