#include "solver/prover/certificate.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "solver/stipulation/structured_stipulation.h"

namespace arbiter::prover {

namespace {

// The strategy below an attacker move. Direct play: a defence without answers does not occur
// (the move before it reached the goal: no "defences"). Self and reflex play: a defence without
// answers reaches the goal, the leaf {"mates": true} (or {"goal": true} for another goal).
nlohmann::ordered_json strategy(const AttackerNode& a, Goal goal, const char* leaf) {
  nlohmann::ordered_json node = {{"move", a.uci}};
  const bool self = defender_reaches_goal(goal);
  if (a.defences.empty() && !self) return node;
  nlohmann::ordered_json defences = nlohmann::ordered_json::object();
  for (const auto& d : a.defences) {
    if (!d.answers.empty()) defences[d.uci] = strategy(d.answers.front(), goal, leaf);
    else if (self) defences[d.uci] = {{leaf, true}};
  }
  node["defences"] = defences;
  return node;
}

nlohmann::ordered_json part(bool certified, const std::string& text) {
  return {{"certified", certified}, {"text", text}};
}

// "checkmate" for the goal mate, else "the goal (stalemate)".
std::string goal_words(const CertificateGoal& g) {
  return g.mate() ? "checkmate" : "the goal (" + g.target.name() + ")";
}

// The "certifies" field, GoalIsEnd's words aside (certifies adds them).
nlohmann::ordered_json certifies_play(const CertificateGoal& g) {
  const std::string search = " was found by exhaustive search, which a replay cannot show";
  if (g.structured) {
    const std::string text =
        "replayed: a proof that follows the structured stipulation's definition move by move, naming the move where a side "
        "may choose, covering every legal move where the definition asks for each, every goal, fork and constraint judged "
        "on the board";
    if (g.lines()) return {{"each_solution", part(true, text)}, {"completeness", part(false, "not certified: that no other solution exists" + search)}};
    return {{"each_key", part(true, text)}, {"completeness", part(false, "not certified: that no other key exists" + search)}};
  }
  const std::string goal = goal_words(g);
  if (g.series) {
    return {{"each_solution",
             part(true, "replayed: the series side's moves legal with the other side passing between them, none giving check "
                        "but the last, at most the stipulated number of series moves, " +
                            std::string(g.goal == Goal::HelpMate ? "then the other side's move reaching " + goal
                                                                 : "the last move (and only it) reaching " + goal))},
            {"completeness", part(false, "not certified: that no other solution exists" + search)}};
  }
  if (g.goal == Goal::HelpMate) {
    const std::string end =
        g.help_end == HelpEnd::Self ? "the last move reaching " + goal + " from a position where every move of its side does"
        : g.help_end == HelpEnd::Reflex
            ? "the last move reaching " + goal + ", and the reflex rule kept throughout (no earlier position let either side reach it)"
        : g.help_end == HelpEnd::Reciprocal
            ? "after the help play a position where Black can both reach its own goal (" + g.reci_target.name() +
                  ") and help White reach " + goal + ", the line ending with one of the two, and no earlier such position"
        : g.mate() ? std::string("the last move (and only it) checkmate")
                   : "the last move reaching " + goal;
    return {{"each_solution", part(true, "replayed: every move legal, the sides alternating from the diagram, the line "
                                         "within the stipulation, " + end)},
            {"completeness", part(false, "not certified: that no other solution exists" + search)}};
  }
  if (g.goal == Goal::SelfMate || reflex_play(g.goal)) {
    const std::string reflex =
        g.goal == Goal::ReflexMate       ? "; the defender plays a move reaching it whenever it has one, and the attacker never could"
        : g.goal == Goal::SemiReflexMate ? "; the defender plays a move reaching it whenever it has one"
                                         : "";
    const std::string reaches = g.mate() ? "checkmates the attacker" : "reaches " + goal;
    return {{"each_key", part(true, "replayed: after each key every defence is covered and every line ends, within the "
                                    "stipulation, with a defence that " + reaches + reflex)},
            {"completeness", part(false, "not certified: that no other key exists" + search)}};
  }
  return {{"each_key", part(true, "replayed: after each key every defence is covered and every line ends in " + goal +
                                      " within the stipulation")},
          {"completeness", part(false, "not certified: that no other key exists" + search)}};
}

}  // namespace

nlohmann::ordered_json certifies(const CertificateGoal& g) {
  nlohmann::ordered_json c = certifies_play(g);
  if (g.target.ends_play) {  // (the replayed part's text names the option)
    auto& replayed = c.contains("each_key") ? c["each_key"] : c["each_solution"];
    replayed["text"] = replayed["text"].get<std::string>() +
                       "; option GoalIsEnd: no move of the side not to reach the goal reaches it for itself (that ends the play)";
  }
  return c;
}

nlohmann::ordered_json certified_by_check(const CertificateCheck& check) {
  nlohmann::ordered_json c = certifies(check.stated);
  const char* replayed = check.stated.lines() ? "each_solution" : "each_key";
  if (!check.valid) c[replayed] = part(false, "not certified: the replay failed (see errors)");
  return c;
}

Stipulation parse_certificate_stipulation(const std::string& text, const SourceLocation& where) {
  for (const Color side : {White, Black}) {
    const std::string word = side == White ? "white " : "black ";
    if (!text.starts_with(word)) continue;
    std::vector<LocatedWord> play;  // the words after the side, each where it stands
    for (std::size_t i = word.size(); i < text.size();) {
      if (text[i] == ' ') {
        ++i;
        continue;
      }
      const std::size_t end = std::min(text.find(' ', i), text.size());
      play.push_back({text.substr(i, end - i), {where.file, where.line, where.column + int(i)}});
      i = end;
    }
    if (play.empty()) throw ParseError(where, "expected the play after '" + word + "', as in 'white 3a[#]d'");
    const StructuredStipulation s = read_structured_stipulation(side, play);
    if (s.plain) return *s.plain;
    if (const auto missing = structured_unsupported(*s.tree); !missing.empty())
      throw ParseError(where, fmt::format("the structured stipulation '{}' asks for {}, which is not played yet", text, missing.front()));
    return structured_play(s, text);
  }
  return parse_stipulation(text, where);
}

CertificateGoal certificate_goal_of(const Stipulation& s, const SourceLocation& where) {
  if (s.structured) {
    CertificateGoal g;
    g.structured = s.structured;
    g.goal = s.structured->printed_as_lines() ? Goal::HelpMate : Goal::DirectMate;
    g.n = s.moves;
    return g;
  }
  // !#, ## and ##! end with a move the rules otherwise forbid: a line's replay and a strategy's
  // leaves look it up among the goal's own moves (certificate.h). Selfmate play of them is played
  // by no engine (stipulation_form.cpp), nor help-self, help-reflex or reciprocal play. !=
  // (auto-stalemate) ends with a legal move and is judged on the board like any goal.
  const Goal goal = goal_of(s);
  const bool lines = s.series || goal == Goal::HelpMate;
  if (s.target.self_check_goal() && (lines ? s.help_end != HelpEnd::Goal : goal == Goal::SelfMate))
    throw ParseError(where, fmt::format("no certificate format for the goal '{}' in {} yet", s.target.symbol(),
                                        lines ? "help-self, help-reflex or reciprocal play" : "self play"));
  if (s.series && (goal != Goal::HelpMate && goal != Goal::DirectMate))
    throw ParseError(where, fmt::format("no certificate format for '{}': series self and reflex play are not solved yet", s.text));
  if (s.series && s.help_end != HelpEnd::Goal)
    throw ParseError(where, fmt::format("no certificate format for '{}': series help-self, help-reflex and reciprocal play have none yet", s.text));
  CertificateGoal g;
  g.goal = goal;
  g.n = s.moves;
  g.half_move = s.half_move;
  g.target = s.target;
  g.series = s.series;
  g.help_end = s.help_end;
  g.reci_target = s.reci_target;
  return g;
}

CertificateGoal certificate_goal(const nlohmann::json& certificate, const SourceLocation& where) {
  if (!certificate.contains("stipulation")) return {};
  if (!certificate["stipulation"].is_string()) throw ParseError(where, "expected \"stipulation\" to be a string such as \"#2\"");
  CertificateGoal g = certificate_goal_of(parse_certificate_stipulation(certificate["stipulation"].get<std::string>(), where), where);
  if (certificate.contains("goal_is_end")) {
    if (!certificate["goal_is_end"].is_boolean()) throw ParseError(where, "expected \"goal_is_end\" to be true or false");
    // GoalIsEnd is played in direct, self, help and series play (popeye_input.cpp refuses the
    // rest): a certificate of another form claiming it states a play no engine made.
    if (certificate["goal_is_end"].get<bool>() && (g.structured || g.goal == Goal::ReflexMate || g.goal == Goal::SemiReflexMate ||
                                                   g.help_end != HelpEnd::Goal))
      throw ParseError(where, fmt::format("no certificate format for '{}' with option GoalIsEnd: it is played in direct, self, help "
                                          "and series play",
                                          certificate["stipulation"].get<std::string>()));
    g.target.ends_play = certificate["goal_is_end"].get<bool>();
  }
  return g;
}

nlohmann::ordered_json make_certificate(const Solution& s) {
  if (s.structured) {
    if (s.proofs.is_null()) throw std::runtime_error("no certificate: the proofs of the structured stipulation were not built");
    const CertificateGoal g = certificate_goal_of(parse_certificate_stipulation(s.certificate_stipulation, {"solution", 1, 1}), {"solution", 1, 1});
    nlohmann::ordered_json c = {{"format", CertificateFormat}, {"version", 1}, {"variant", s.variant},
                                {"fen", s.fen}, {"stipulation", s.certificate_stipulation}, {"certifies", certifies(g)}};
    c["proofs"] = nlohmann::ordered_json::parse(s.proofs.dump());
    return c;
  }
  // What the checker will read back: the solution's own stipulation, and option GoalIsEnd.
  CertificateGoal g = certificate_goal_of(parse_stipulation(s.stipulation, {"solution", 1, 1}), {"solution", 1, 1});
  g.target.ends_play = s.target.ends_play;
  nlohmann::ordered_json c = {{"format", CertificateFormat}, {"version", 1}, {"variant", s.variant},
                              {"fen", s.fen}, {"stipulation", s.stipulation}};
  if (g.target.ends_play) c["goal_is_end"] = true;
  c["certifies"] = certifies(g);
  if (g.lines()) {
    c["solutions"] = nlohmann::ordered_json::array();
    for (const auto& line : s.solutions) {
      nlohmann::ordered_json moves = nlohmann::ordered_json::array();
      for (const auto& m : line.moves) moves.push_back(m.uci);
      c["solutions"].push_back(moves);
    }
    return c;
  }
  c["keys"] = nlohmann::ordered_json::array();
  for (const auto& k : s.keys) c["keys"].push_back(strategy(k, s.goal, g.mate() ? "mates" : "goal"));
  return c;
}

}  // namespace arbiter::prover
