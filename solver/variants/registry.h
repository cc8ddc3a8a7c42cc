#pragma once
// The variant registry: every rule set the engines can run, by the name a [Variant] tag or
// --variant option gives. The engines are templates over RuleSet; a rule set's file in
// solver/variants/ (orthodox.cpp, option.cpp, ...) instantiates them for it with
// register_variant (engines.h), and registry.cpp lists the entries, one line each. This header
// holds the result types only: the templates are compiled in the rule sets' files alone.
// The names of a rule set (canonical, display, PGN tag, aliases) are spelled in solver/variants/
// only, in the table of names.cpp.

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/parse_error.h"
#include "rules/registry/interpretations.h"
#include "rules/notation/pgn.h"
#include "solver/compose/composition.h"
#include "solver/correct/candidate.h"
#include "solver/correct/options.h"
#include "solver/play/play_line.h"
#include "solver/prover/certificate_check.h"
#include "solver/prover/solution.h"
#include "solver/prover/solve_options.h"
#include "solver/prover/verify_report.h"
#include "solver/diagram/svg_diagram.h"
#include "solver/replay/replay.h"
#include "solver/variants/names.h"

namespace arbiter {

// Every engine takes the interpretations to apply (`interpret`: --interpret values over a file's
// [Interpret] pins); settings of other variants' interpretations are ignored.

struct VariantEngines : VariantNames {
  std::string start_fen;             // the variant's own start position, in its FEN
  std::uint64_t (*perft)(std::string_view fen, const SourceLocation& where, int depth, const InterpretationSettings& interpret) = nullptr;
  // Perft split by first move (UCI of each move, nodes below it); `progress` after each move.
  std::vector<std::pair<std::string, std::uint64_t>> (*perft_divide)(std::string_view fen, const SourceLocation& where,
                                                                    int depth, const std::function<void(int, int)>& progress,
                                                                    const InterpretationSettings& interpret) = nullptr;
  // Conditional Chess: perft over the full choice space, every C-ply outcome counted once per
  // statement that produces it, split by first ply; null for the other variants.
  std::vector<std::pair<std::string, std::uint64_t>> (*perft_statements)(std::string_view fen, const SourceLocation& where,
                                                                         int depth,
                                                                         const InterpretationSettings& interpret) = nullptr;
  // Read under the settings (a position without a king needs orthodox.king-count=at-most-one),
  // then written back.
  std::string (*normalize_fen)(std::string_view fen, const SourceLocation& where, const InterpretationSettings& interpret) = nullptr;
  prover::Solution (*solve)(std::string_view fen, const SourceLocation& where, const prover::SolveOptions& options,
                            const InterpretationSettings& interpret) = nullptr;
  // Solves completely, then checks the published solution (main line with variations).
  prover::VerifyReport (*verify)(std::string_view fen, const SourceLocation& where, const prover::SolveOptions& options,
                                 const PgnLine& published, const InterpretationSettings& interpret) = nullptr;
  // Replays a certificate (solver/prover/certificate.h) in n moves; the goal (#, s#, h#, h#n.5)
  // is the one the certificate's own "stipulation" states.
  prover::CertificateCheck (*check_certificate)(std::string_view fen, const SourceLocation& where,
                                                const nlohmann::json& certificate, int n,
                                                const InterpretationSettings& interpret) = nullptr;
  ReplayReport (*replay)(const PgnGame& record, const InterpretationSettings& interpret) = nullptr;
  std::string (*diagram)(std::string_view fen, const SourceLocation& where, const InterpretationSettings& interpret) = nullptr;
  // The FEN a record's set-up tags give: [FEN] plus the variant's own set-up tags (Option
  // Chess: [Tokens "W/B"]).
  std::string (*setup_fen)(std::string_view fen, const SourceLocation& where, const PgnGame& record) = nullptr;
  // An SVG diagram after playing `play` (moves in the variant's notation) from the FEN, with
  // `show` (more moves from there) drawn as arrows, and each variant's stages (tokens, traveling
  // men, locks and pending moves, a stated conditional move) as solver/variants/variant_marks.h says.
  std::string (*svg)(std::string_view fen, const SourceLocation& where, const std::vector<std::string>& play,
                     const std::vector<std::string>& show, report::DiagramSpec spec,
                     const InterpretationSettings& interpret) = nullptr;
  // The correction search (solver/correct/correction_search.h) around a problem's position.
  correct::Report (*correct)(const std::string& fen, const SourceLocation& where, int n, const PgnLine& published,
                             const std::optional<PgnLine>& engine_line, const correct::Options& options,
                             const InterpretationSettings& interpret) = nullptr;
  // A board's line (solver/play/play_line.h): the position after `moves` (the variant's notation),
  // its first `max_listed` legal moves, and `attempt` played or refused with its predicate.
  play::LineState (*play_line)(std::string_view fen, const SourceLocation& where, const std::vector<std::string>& moves,
                               const std::optional<play::Attempt>& attempt, std::size_t max_listed,
                               const InterpretationSettings& interpret) = nullptr;
  // A legal PGN record of `plies` plies in the variant's notation (solver/replay/shuffle_record.h).
  std::string (*shuffle_record)(int plies) = nullptr;
  // The composer (solver/compose/composer.h); null for rule sets it does not compose for.
  compose::ComposeReport (*compose)(const compose::ComposeOptions& options, const InterpretationSettings& interpret) = nullptr;
};

const std::vector<VariantEngines>& variants();
// The rules of a record or problem without a [Variant] tag: orthodox chess, the first entry.
const VariantEngines& default_variant();
// The rule set `name` names (any alias, in any case), or null.
const VariantEngines* lookup_variant(std::string_view name);

// The rule set a [Variant] value (or an empty one: orthodox) names; throws ParseError at
// `where` listing the known names otherwise.
const VariantEngines& find_variant(std::string_view name, const SourceLocation& where = {"--variant", 1, 1});

}  // namespace arbiter
