#include "solver/prover/certificate.h"

#include <stdexcept>

#include <fmt/format.h>

namespace arbiter::prover {

namespace {

// The strategy below an attacker move. Direct mates: a defence without answers does not occur
// (the move before it mated: no "defences"). Selfmates: a defence without answers mates the
// attacker, the leaf {"mates": true}.
nlohmann::ordered_json strategy(const AttackerNode& a, Goal goal) {
  nlohmann::ordered_json node = {{"move", a.uci}};
  if (a.defences.empty() && goal != Goal::SelfMate) return node;
  nlohmann::ordered_json defences = nlohmann::ordered_json::object();
  for (const auto& d : a.defences) {
    if (!d.answers.empty()) defences[d.uci] = strategy(d.answers.front(), goal);
    else if (goal == Goal::SelfMate) defences[d.uci] = {{"mates", true}};
  }
  node["defences"] = defences;
  return node;
}

nlohmann::ordered_json part(bool certified, const std::string& text) {
  return {{"certified", certified}, {"text", text}};
}

}  // namespace

nlohmann::ordered_json certifies(Goal goal) {
  const std::string search = " was found by exhaustive search, which a replay cannot show";
  switch (goal) {
    case Goal::HelpMate:
      return {{"each_solution", part(true, "replayed: every move legal, the sides alternating from the diagram, the line "
                                           "within the stipulation, the last move (and only it) checkmate")},
              {"completeness", part(false, "not certified: that no other solution exists" + search)}};
    case Goal::SelfMate:
      return {{"each_key", part(true, "replayed: after each key every defence is covered and every line ends, within the "
                                      "stipulation, with a defence that checkmates the attacker")},
              {"completeness", part(false, "not certified: that no other key exists" + search)}};
    case Goal::ReflexMate:
    case Goal::SemiReflexMate:  // the certificate commands take the classic stipulations only (classic_stipulations_only)
      throw std::logic_error("certificates of reflex play are not made yet");
    case Goal::DirectMate: break;
  }
  return {{"each_key", part(true, "replayed: after each key every defence is covered and every line ends in checkmate "
                                  "within the stipulation")},
          {"completeness", part(false, "not certified: that no other key exists" + search)}};
}

nlohmann::ordered_json certified_by_check(const CertificateCheck& check) {
  nlohmann::ordered_json c = certifies(check.goal);
  const char* replayed = check.goal == Goal::HelpMate ? "each_solution" : "each_key";
  if (!check.valid) c[replayed] = part(false, "not certified: the replay failed (see errors)");
  return c;
}

CertificateGoal certificate_goal(const nlohmann::json& certificate, const SourceLocation& where) {
  if (!certificate.contains("stipulation")) return {};
  if (!certificate["stipulation"].is_string()) throw ParseError(where, "expected \"stipulation\" to be a string such as \"#2\"");
  const Stipulation s = parse_stipulation(certificate["stipulation"].get<std::string>(), where);
  if (!s.classic())
    throw ParseError(where, fmt::format("no certificate format for '{}' yet: a certificate states #N, h#N, h#N.5 or s#N", s.text));
  return {goal_of(s), s.moves, s.half_move};
}

nlohmann::ordered_json make_certificate(const Solution& s) {
  nlohmann::ordered_json c = {{"format", CertificateFormat}, {"version", 1}, {"variant", s.variant},
                              {"fen", s.fen}, {"stipulation", s.stipulation}, {"certifies", certifies(s.goal)}};
  if (s.goal == Goal::HelpMate) {
    c["solutions"] = nlohmann::ordered_json::array();
    for (const auto& line : s.solutions) {
      nlohmann::ordered_json moves = nlohmann::ordered_json::array();
      for (const auto& m : line.moves) moves.push_back(m.uci);
      c["solutions"].push_back(moves);
    }
    return c;
  }
  c["keys"] = nlohmann::ordered_json::array();
  for (const auto& k : s.keys) c["keys"].push_back(strategy(k, s.goal));
  return c;
}

}  // namespace arbiter::prover
