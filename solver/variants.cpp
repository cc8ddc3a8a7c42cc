#include "solver/variants.h"

#include <algorithm>
#include <cctype>

#include "rules/conditional/game.h"
#include "rules/option/game.h"
#include "rules/timetravel/claims.h"
#include "rules/timetravel/game.h"
#include "rules/transactional/game.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "solver/bench/shuffle_record.h"
#include "solver/compose/composer.h"
#include "solver/correct/correction_search.h"
#include "solver/perft/perft.h"
#include "solver/prover/certificate.h"
#include "solver/prover/solve.h"
#include "solver/prover/verify.h"
#include "solver/replay/conditional_replay.h"
#include "solver/replay/diagram.h"
#include "solver/replay/timetravel_mate_prover.h"
#include "solver/replay/transactional_replay.h"
#include "solver/report/variant_marks.h"

namespace arbiter {

namespace {

using Settings = InterpretationSettings;

// The rules G with the settings that concern them applied.
template <RuleSet G>
G make_game(std::string_view fen, const SourceLocation& where, const Settings& interpret) {
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;
  G game = G::from_fen(fen, where, options_with<Options>(interpret));
  // Time Traveler's Chess records may claim forced mates: the prover judges them.
  if constexpr (requires { game.set_mate_prover(&prove_timetravel_mate); }) game.set_mate_prover(&prove_timetravel_mate);
  return game;
}

template <RuleSet G>
VariantEngines register_variant(std::string name, std::vector<std::string> aliases) {
  VariantEngines e;
  e.name = std::move(name);
  e.aliases = std::move(aliases);
  e.start_fen = std::string(G::start_fen);
  e.perft = [](std::string_view fen, const SourceLocation& where, int depth, const Settings& interpret) {
    G game = make_game<G>(fen, where, interpret);
    return perft(game, depth);
  };
  e.perft_divide = [](std::string_view fen, const SourceLocation& where, int depth,
                      const std::function<void(int, int)>& progress, const Settings& interpret) {
    G game = make_game<G>(fen, where, interpret);
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& entry : arbiter::perft_divide(game, depth, progress)) out.emplace_back(game.move_uci(entry.move), entry.nodes);
    return out;
  };
  e.play_line = [](std::string_view fen, const SourceLocation& where, const std::vector<std::string>& moves,
                   const std::optional<play::Attempt>& attempt, std::size_t max_listed, const Settings& interpret) {
    G game = make_game<G>(fen, where, interpret);
    return play::play_line(game, moves, attempt, max_listed);
  };
  e.shuffle_record = [](int plies) { return shuffle_record<G>(G::variant_name, plies); };
  e.normalize_fen = [](std::string_view fen, const SourceLocation& where) { return G::from_fen(fen, where).fen(); };
  e.solve = [](std::string_view fen, const SourceLocation& where, const prover::SolveOptions& options,
               const Settings& interpret) {
    G game = make_game<G>(fen, where, interpret);
    return prover::solve(game, options);
  };
  e.verify = [](std::string_view fen, const SourceLocation& where, const prover::SolveOptions& options,
                const PgnLine& published, const Settings& interpret) {
    G game = make_game<G>(fen, where, interpret);
    prover::Solution solution = prover::solve(game, options);
    return prover::verify_published(game, std::move(solution), published, options.limits);
  };
  e.check_certificate = [](std::string_view fen, const SourceLocation& where, const nlohmann::json& c, int n,
                           const Settings& interpret) {
    G game = make_game<G>(fen, where, interpret);
    return prover::check_certificate(game, c, n);
  };
  e.replay = [](const PgnGame& record, const Settings& interpret) {
    return replay_game<G>(record, [&](std::string_view fen, const SourceLocation& where) {
      return make_game<G>(fen, where, interpret);
    });
  };
  e.diagram = [](std::string_view fen, const SourceLocation& where) {
    const G game = G::from_fen(fen, where);
    if constexpr (requires { game.diagram(); }) return game.diagram();
    else return board_diagram(game.position());
  };
  e.svg = [](std::string_view fen, const SourceLocation& where, const std::vector<std::string>& play,
             const std::vector<std::string>& show, report::DiagramSpec spec, const Settings& interpret) {
    G game = make_game<G>(fen, where, interpret);
    for (const auto& text : play) game.play(game.parse_move(text, {"--play", 1, 1}));
    std::vector<std::string> notes;  // caption lines the shown moves add
    for (const auto& text : show) {
      // Conditional Chess: a stated conditional move is drawn as its condition and branches.
      if constexpr (requires { game.resolve(conditional::Statement{}); }) {
        if (auto note = report::add_conditional_statement(game, text, spec)) {
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
    if constexpr (requires { game.staged_men(); }) report::add_stage_badges(game, spec);
    if constexpr (requires { game.tokens(White); }) {
      spec.white_tokens = game.tokens(White);
      spec.black_tokens = game.tokens(Black);
    }
    if constexpr (requires { game.referee().locks; })
      report::append_caption(spec.caption, report::add_transaction_marks(game.referee(), spec));
    if constexpr (requires { game.resolve(conditional::Statement{}); }) {
      report::append_caption(spec.caption, report::conditional_phase(game));
      for (const auto& note : notes) report::append_caption(spec.caption, note);
    }
    return report::svg_diagram(game.position(), spec);
  };
  e.correct = [](const std::string& fen, const SourceLocation& where, int n, const PgnLine& published,
                 const std::optional<PgnLine>& engine_line, const correct::Options& options, const Settings& interpret) {
    return correct::CorrectionSearch<G>(fen, where, n, published, engine_line, options, interpret).run();
  };
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

std::string lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

}  // namespace

const std::vector<VariantEngines>& variants() {
  static const std::vector<VariantEngines> all = {
      [] {
        VariantEngines e = with_composer<orthodox::Game>(
            register_variant<orthodox::Game>("orthodox", {"orthodox", "standard", "chess", "normal", "from position"}));
        // A main line with a move the rules forbid is also read whole at the least edit cost.
        e.replay = [](const PgnGame& record, const Settings& interpret) {
          return replay(record, options_with<orthodox::Options>(interpret));
        };
        return e;
      }(),
      with_composer<option::Game>(register_variant<option::Game>("option", {"option", "option chess"})),
      register_variant<timetravel::Game>("timetravel", {"timetravel", "time traveler's", "time traveler's chess",
                                                        "time travelers chess", "time-travel"}),
      [] {
        VariantEngines e = register_variant<transactional::Game>("transactional", {"transactional", "transactional chess"});
        e.replay = [](const PgnGame& record, const Settings& interpret) {
          return replay_transactional(record, options_with<transactional::Options>(interpret));
        };
        return e;
      }(),
      [] {
        VariantEngines e = register_variant<conditional::Game>("conditional", {"conditional", "conditional chess"});
        e.replay = [](const PgnGame& record, const Settings& interpret) {
          return replay_conditional(record, options_with<conditional::Options>(interpret));
        };
        // Each C-ply counts once per statement producing it (rules/conditional/RULES.md).
        e.perft_statements = [](std::string_view fen, const SourceLocation& where, int depth, const Settings& interpret) {
          return make_game<conditional::Game>(fen, where, interpret).perft_statements_divide(depth);
        };
        // A conditional move is chosen before the opponent's B-move: a search that picks the
        // C-move after it would give the C-mover knowledge he does not have.
        e.solve = [](std::string_view, const SourceLocation& where, const prover::SolveOptions&,
                     const Settings&) -> prover::Solution {
          throw ParseError(where, "the mate-in-N prover does not solve Conditional Chess: a C-move is chosen before the "
                                  "opponent's B-move, which a move-by-move search cannot express");
        };
        e.verify = [](std::string_view, const SourceLocation& where, const prover::SolveOptions&,
                      const PgnLine&, const Settings&) -> prover::VerifyReport {
          throw ParseError(where, "the mate-in-N prover does not solve Conditional Chess problems");
        };
        e.check_certificate = [](std::string_view, const SourceLocation& where, const nlohmann::json&, int,
                                 const Settings&) -> prover::CertificateCheck {
          throw ParseError(where, "no certificates for Conditional Chess: the prover does not solve it");
        };
        e.correct = [](const std::string&, const SourceLocation& where, int, const PgnLine&, const std::optional<PgnLine>&,
                       const correct::Options&, const Settings&) -> correct::Report {
          throw ParseError(where, "no correction search for Conditional Chess problems: the prover does not solve them");
        };
        return e;
      }(),
  };
  return all;
}

const VariantEngines& find_variant(std::string_view name, const SourceLocation& where) {
  const std::string wanted = lowercase(name);
  if (wanted.empty()) return variants().front();
  std::string known;
  for (const auto& v : variants()) {
    for (const auto& alias : v.aliases)
      if (alias == wanted) return v;
    known += (known.empty() ? "" : ", ") + v.name;
  }
  throw ParseError(where, "unknown variant '" + std::string(name) + "'; expected one of: " + known);
}

}  // namespace arbiter
