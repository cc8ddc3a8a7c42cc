// Certificates: the check-certificate reader, then the checker of each certificate with the rule
// set its "variant" names. The check must leave the game as it found it, give the same answer
// twice, and report counts that agree with each other and with the certificate.

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "rules/option/game.h"
#include "rules/orthodox/game.h"
#include "rules/timetravel/game.h"
#include "rules/transactional/game.h"
#include "solver/prover/certificate.h"
#include "solver/prover/certificate_reader.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/harnesses.h"

namespace arbiter::fuzz {

namespace {

const std::string File = "certificate";

bool same_check(const prover::CertificateCheck& a, const prover::CertificateCheck& b) {
  return a.valid == b.valid && a.errors == b.errors && a.goal == b.goal && a.keys == b.keys && a.solutions == b.solutions &&
         a.solutions_replayed == b.solutions_replayed && a.lines == b.lines;
}

template <RuleSet G>
void check_entry(const prover::CertificateEntry& entry) {
  using Options = std::decay_t<decltype(std::declval<const G&>().options())>;
  std::optional<G> game;
  try {
    game.emplace(G::from_fen(entry.fen, {File, 1, 1}, options_with<Options>(entry.interpretations)));
  } catch (const ParseError& e) {
    check_location(e, entry.fen, File, Layout::OneLine);  // the FEN's own columns
    return;
  }
  const nlohmann::json& c = entry.certificate;
  const std::string fen = game->fen();
  const std::uint64_t key = game->key();
  const int n = entry.stipulation.moves;
  const prover::CertificateCheck first = prover::check_certificate(*game, c, n);
  const auto context = [&] { return fmt::format("{} {} {}", G::variant_name, entry.stipulation.text, fen); };
  require(game->fen() == fen && game->key() == key, context() + ": the check left the game at " + game->fen());
  const prover::CertificateCheck second = prover::check_certificate(*game, c, n);
  require(same_check(first, second), context() + ": a second check of the same certificate answers otherwise");

  require(first.valid == first.errors.empty(), context() + ": valid exactly when there is no error");
  require(first.goal == prover::goal_of(entry.stipulation), context() + ": the check's goal is not the stipulation's");
  if (first.goal == prover::Goal::HelpMate) {
    const std::size_t listed = c.contains("solutions") && c["solutions"].is_array() ? c["solutions"].size() : 0;
    require(std::size_t(first.solutions) == listed, context() + ": solutions counted are not those listed");
    require(first.solutions_replayed <= first.solutions && first.lines == std::uint64_t(first.solutions_replayed),
            context() + ": more solutions replayed than listed");
    require(!first.valid || first.solutions_replayed == first.solutions, context() + ": valid with a solution not replayed");
  } else {
    const std::size_t listed = c.contains("keys") && c["keys"].is_array() ? c["keys"].size() : 0;
    require(std::size_t(first.keys) == listed, context() + ": keys counted are not those listed");
    require(!first.valid || first.lines >= std::uint64_t(first.keys), context() + ": valid with a key that reaches no mate");
  }
  // A valid certificate stays valid written out and read again.
  if (first.valid && !c.contains("certificates")) {
    const auto again = prover::read_certificates(c.dump(), File);
    require(again.size() == 1, context() + ": the certificate written out reads as several");
    require(same_check(prover::check_certificate(*game, again[0].certificate, n), first),
            context() + ": the certificate written out and read again checks otherwise");
  }
}

}  // namespace

void certificate_harness(std::string_view input) {
  std::vector<prover::CertificateEntry> entries;
  try {
    entries = prover::read_certificates(input, File);
  } catch (const ParseError& e) {
    check_location(e, input, File, Layout::Lines);
    return;
  }
  for (const auto& entry : entries) {
    // The variants' canonical names (the CLI also takes their aliases, solver/variants/registry.cpp).
    // Conditional Chess has no certificates: the prover does not solve it.
    if (entry.variant == "orthodox") check_entry<orthodox::Game>(entry);
    else if (entry.variant == "option") check_entry<option::Game>(entry);
    else if (entry.variant == "timetravel") check_entry<timetravel::Game>(entry);
    else if (entry.variant == "transactional") check_entry<transactional::Game>(entry);
  }
}

}  // namespace arbiter::fuzz
