// Conditional Chess in the registry: perft, replay (whole-record readings, conditional_replay.h),
// diagrams with stated conditional moves, the board; no prover: a C-move is chosen before the
// opponent's B-move, which a move-by-move search cannot express.

#include "rules/conditional/game.h"
#include "solver/variants/conditional_replay.h"
#include "solver/variants/engines.h"
#include "solver/variants/variant_marks.h"

namespace arbiter {

namespace {

struct ConditionalExtras {
  static constexpr bool proves = false;  // the refusals below say why
  // A stated conditional move is drawn as its condition and branches.
  static std::optional<std::string> show(const conditional::Game& game, std::string_view text, report::DiagramSpec& spec) {
    return report::add_conditional_statement(game, text, spec);
  }
  static void decorate(const conditional::Game& game, report::DiagramSpec& spec, const std::vector<std::string>& notes) {
    report::append_caption(spec.caption, report::conditional_phase(game));
    for (const auto& note : notes) report::append_caption(spec.caption, note);
  }
};

using Settings = InterpretationSettings;

}  // namespace

VariantEngines conditional_entry(const VariantNames& names) {
  VariantEngines e = registry::register_variant<conditional::Game, ConditionalExtras>(
      names);
  e.replay = [](const PgnGame& record, const Settings& interpret) {
    return replay_conditional(record, options_with<conditional::Options>(interpret));
  };
  // Each C-ply counts once per statement producing it (rules/conditional/RULES.md).
  e.perft_statements = [](std::string_view fen, const SourceLocation& where, int depth, const Settings& interpret) {
    return registry::make_game<conditional::Game>(fen, where, interpret).perft_statements_divide(depth);
  };
  // A conditional move is chosen before the opponent's B-move: a search that picks the C-move
  // after it would give the C-mover knowledge he does not have.
  e.solve = [](std::string_view, const SourceLocation& where, const prover::SolveOptions&, const Settings&) -> prover::Solution {
    throw ParseError(where, "the mate-in-N prover does not solve Conditional Chess: a C-move is chosen before the "
                            "opponent's B-move, which a move-by-move search cannot express");
  };
  e.verify = [](std::string_view, const SourceLocation& where, const prover::SolveOptions&, const PgnLine&,
                const Settings&) -> prover::VerifyReport {
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
}

}  // namespace arbiter
