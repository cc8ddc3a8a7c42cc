#include "solver/prover/solution_format.h"

#include <sstream>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "solver/prover/limits.h"

namespace arbiter::prover {

std::string verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Proved: return "proved";
    case Verdict::Refuted: return "refuted";
    case Verdict::Unknown: return "unknown";
  }
  return "unknown";
}

namespace {

class TextWriter {
 public:
  explicit TextWriter(std::ostringstream& out) : out_(out) {}

  // "2.Qxf7+ Kh8 3.Qf8#": a line following the first defence and answer (for threats).
  std::string compact(const AttackerNode& a, int move_number) {
    std::string s = fmt::format("{}.{}", move_number, a.san);
    if (!a.defences.empty()) {
      s += fmt::format(" {}", a.defences[0].san);  // a selfmate's forced mate has no answer after it
      if (!a.defences[0].answers.empty()) s += fmt::format(" {}", compact(a.defences[0].answers[0], move_number + 1));
    }
    return s;
  }

  void attacker(const AttackerNode& a, int move_number, int indent) {
    out_ << move_number << "." << a.san;
    defences(a.defences, move_number, indent);
  }

  void defences(const std::vector<DefenceNode>& list, int move_number, int indent) {
    if (list.size() == 1 && list[0].answers.size() == 1) {  // a forced reply stays on the line
      out_ << " " << list[0].san << " ";
      attacker(list[0].answers[0], move_number + 1, indent);
      return;
    }
    if (list.size() == 1 && list[0].answers.empty()) {  // a selfmate's forced mate ends the line
      out_ << " " << list[0].san;
      return;
    }
    for (const auto& d : list) {
      newline(indent + 4);
      defence(d, move_number, indent + 4);
    }
  }

  void defence(const DefenceNode& d, int move_number, int indent) {
    out_ << move_number << "..." << d.san;
    if (!d.answers.empty()) out_ << " ";
    for (std::size_t i = 0; i < d.answers.size(); ++i) {
      if (i > 0) {
        newline(indent + 2);
        out_ << "also ";
      }
      attacker(d.answers[i], move_number + 1, indent);
    }
  }

  void newline(int indent) { out_ << "\n" << std::string(std::size_t(indent), ' '); }

 private:
  std::ostringstream& out_;
};

nlohmann::ordered_json attacker_json(const AttackerNode& a);

nlohmann::ordered_json defence_json(const DefenceNode& d) {
  nlohmann::ordered_json j = {{"move", d.san}, {"uci", d.uci}, {"answers", nlohmann::ordered_json::array()}};
  for (const auto& a : d.answers) j["answers"].push_back(attacker_json(a));
  if (d.threat_follows) j["threat_follows"] = true;
  if (d.reaches) j["reaches"] = d.reaches->symbol();
  return j;
}

nlohmann::ordered_json attacker_json(const AttackerNode& a) {
  nlohmann::ordered_json j = {{"move", a.san}, {"uci", a.uci}, {"mate_in", a.mate_in}, {"check", a.check}};
  if (a.reaches) j["reaches"] = a.reaches->symbol();
  if (a.threat_known && a.threat.empty()) j["zugzwang"] = true;
  if (!a.threat.empty()) {
    j["threat"] = nlohmann::ordered_json::array();
    for (const auto& t : a.threat) j["threat"].push_back(attacker_json(t));
  }
  if (!a.defences.empty()) {
    j["defences"] = nlohmann::ordered_json::array();
    for (const auto& d : a.defences) j["defences"].push_back(defence_json(d));
  }
  return j;
}

}  // namespace

std::vector<int> move_numbers(const HelpLine& line, bool mating_side_first) {
  std::vector<int> out;
  int next = mating_side_first ? 2 : 1;
  bool numbered_to_move = !mating_side_first;
  for (std::size_t i = 0; i < line.moves.size(); ++i) {
    if (line.moves[i].after_pass) numbered_to_move = !numbered_to_move;
    if (line.moves[i].restart) next = 1, numbered_to_move = true;
    out.push_back(numbered_to_move ? next++ : 0);
    numbered_to_move = !numbered_to_move;
  }
  return out;
}

std::string format_help_line(const HelpLine& line, bool mating_side_first) {
  // Numbered as problemists print helpmates: "1.Kb3 Qc2 2.Ka2 Qb2#"; when the mating side starts,
  // its first move stands alone as "1..."; a structured line's unprinted passes print nothing
  // ("1.Bd1 2.Be2 3.Kf1 Bxe2+", move_numbers).
  std::string out = mating_side_first && !line.moves.empty() ? "1..." : "";
  const std::vector<int> numbers = move_numbers(line, mating_side_first);
  for (std::size_t i = 0; i < line.moves.size(); ++i) {
    if (i > 0) out += ' ';
    if (numbers[i] > 0) out += fmt::format("{}.", numbers[i]);
    out += line.moves[i].san;
  }
  return out;
}

std::string format_series_line(const HelpLine& line, int series_moves) {
  std::string out;
  for (int i = 0; i < int(line.moves.size()); ++i) {
    if (i > 0) out += ' ';
    if (i < series_moves) out += fmt::format("{}.", i + 1);
    out += line.moves[std::size_t(i)].san;
  }
  return out;
}

std::string format_solution_line(const Solution& s, const HelpLine& line) {
  if (!s.series) return format_help_line(line, s.half_move);
  return format_series_line(line, int(line.moves.size()) - (s.goal == Goal::HelpMate && !line.own_goal ? 1 : 0));
}

namespace {

void write_help_solution(std::ostringstream& out, const Solution& s) {
  for (const auto& m : s.forced_goal_moves)  // help-reflex play
    out << "1." << m.san << "  (the first mover reaches the goal at once, and must: no solution)\n";
  if (s.verdict == Verdict::Unknown) {  // stopped by a limit: what was found before it, if anything
    if (s.solutions_so_far.empty()) return;
    out << fmt::format("so far: {} solution{} found before the limit (the list is not complete){}:\n",
                       s.solutions_so_far_count, s.solutions_so_far_count == 1 ? "" : "s",
                       s.solutions_so_far.size() < s.solutions_so_far_count
                           ? fmt::format("; the first {}", s.solutions_so_far.size())
                           : "");
    for (const auto& line : s.solutions_so_far)
      out << "  " << format_solution_line(s, line) << (short_line(s, line) ? "  (short solution)" : "") << "\n";
    return;
  }
  for (const auto& line : s.solutions) {
    out << format_solution_line(s, line);
    if (short_line(s, line)) out << "  (short solution)";
    out << "\n";
  }
  out << fmt::format("{} solution{}", s.solutions.size(), s.solutions.size() == 1 ? "" : "s");
  if (!s.complete) out << " at least (" << (s.tree_note.empty() ? "search stopped at the limit asked for" : s.tree_note) << ")";
  if (s.stated_solutions > 0) {
    out << fmt::format(", {} stated", s.stated_solutions);
    if (int(s.solutions.size()) > s.stated_solutions) out << ": cooked";
    else if (int(s.solutions.size()) < s.stated_solutions) out << ": too few";
  }
  out << "\n";
  if (s.set_play_requested) {
    out << fmt::format("set play: {} line{}\n", s.set_play.size(), s.set_play.size() == 1 ? "" : "s");
    for (const auto& line : s.set_play) out << "  " << format_help_line(line, !s.half_move) << "\n";
  }
}

}  // namespace

std::string format_solution_text(const Solution& s) {
  std::ostringstream out;
  if (!s.parts.empty()) {  // a structured root's parts, each printed as its own play
    for (std::size_t i = 0; i < s.parts.size(); ++i)
      out << fmt::format("part {} of {} ({}):\n", i + 1, s.parts.size(), verdict_name(s.parts[i].verdict))
          << format_solution_text(s.parts[i]);
    return out.str();
  }
  if (s.goal == Goal::HelpMate || s.series) {
    write_help_solution(out, s);
    return out.str();
  }
  TextWriter w(out);
  for (const auto& key : s.keys) {
    out << "1." << key.san << "!";
    if (key.mate_in < s.n) out << "  (short solution: " << (s.target.kind == Target::Mate ? "mate in " : "in ") << key.mate_in << ")";
    if (!s.tree_complete || (key.mate_in == 1 && !defender_reaches_goal(s.goal))) {
      out << "\n";
      continue;
    }
    if (!key.threat.empty()) out << " (" << w.compact(key.threat[0], 2) << ")";
    else if (!key.defences.empty() && !key.check) out << " zugzwang";
    for (const auto& d : key.defences) {  // every defence, as Popeye prints them
      w.newline(4);
      w.defence(d, 1, 4);
    }
    out << "\n";
  }
  for (const auto& t : s.tries) out << "1." << t.san << "? " << t.refutation_san << "!\n";
  for (const auto& m : s.forced_goal_moves)
    out << "1." << m.san << "  (the attacker reaches the goal at once, and must: no key)\n";
  if (s.verdict == Verdict::Unknown && !s.open_moves.empty()) {
    out << fmt::format("so far: {} first move{} proved a key{}{}, {} refuted; still open ({}):", s.keys_so_far.size(),
                       s.keys_so_far.size() == 1 ? "" : "s", s.keys_so_far.empty() ? "" : " (1.",
                       s.keys_so_far.empty() ? "" : fmt::format("{})", fmt::join(s.keys_so_far, ", 1.")), s.refuted_so_far,
                       s.open_moves.size());
    for (const auto& m : s.open_moves) out << " 1." << m;
    out << "\n";
  }
  if (s.refutations_requested) {
    out << "refuted first moves: " << s.refutations.size() << "\n";
    for (const auto& t : s.refutations) out << "  1." << t.san << "? " << t.refutation_san << "!\n";
  }
  return out.str();
}

void add_partial_json(const Solution& s, nlohmann::ordered_json& j) {
  if (s.verdict != Verdict::Unknown) return;
  j["reason"] = s.reason;
  j["partial"] = true;  // stopped by a limit: only the *_so_far fields are facts
  j["limit"] = limit_kind(s.reason);
  if (s.goal == Goal::HelpMate || s.series) {
    j["solutions_so_far_count"] = s.solutions_so_far_count;
    j["solutions_so_far"] = nlohmann::ordered_json::array();  // the first of them
    for (const auto& line : s.solutions_so_far) j["solutions_so_far"].push_back(format_solution_line(s, line));
  }
  if (!s.open_moves.empty()) {  // how far the complete solution got before the limit
    j["keys_so_far"] = s.keys_so_far;
    j["refuted_so_far"] = s.refuted_so_far;
    j["open_moves"] = s.open_moves;
  }
}

nlohmann::ordered_json solution_json(const Solution& s) {
  nlohmann::ordered_json j;
  j["verdict"] = verdict_name(s.verdict);
  add_partial_json(s, j);
  j["variant"] = s.variant;
  j["fen"] = s.fen;
  j["stipulation"] = s.stipulation;
  j["goal"] = goal_name(s.goal);  // the play: direct, self, help, reflex or semi-reflex
  j["target"] = s.target.symbol();  // what the last move reaches: "#", "=", "x", ...
  // A structured stipulation: its goals are in its tree (the stipulation), "goal" says how it
  // is printed (help: lines, direct: keys).
  if (s.structured) j["structured"] = true;
  if (!s.parts.empty()) {  // a root of '&' or '|' whose parts print differently: each part's own
    j["parts"] = nlohmann::ordered_json::array();
    for (const auto& part : s.parts) j["parts"].push_back(solution_json(part));
    j["nodes"] = s.nodes;
    j["seconds"] = s.seconds;
    return j;
  }
  if (s.series) j["series"] = true;
  if (s.goal == Goal::HelpMate || s.series) {
    j["solutions"] = nlohmann::ordered_json::array();
    j["solutions_text"] = nlohmann::ordered_json::array();
    for (const auto& line : s.solutions) {
      auto uci = nlohmann::ordered_json::array();
      for (const auto& m : line.moves) uci.push_back(m.uci);
      j["solutions"].push_back(uci);
      j["solutions_text"].push_back(format_solution_line(s, line));
    }
    j["solution_count"] = s.solutions.size();
    // Structured play: each line's unprinted passes (the indices of the moves played after the
    // other side passed) and the goals its last move is marked with, so a script can replay it.
    if (s.structured) {
      j["structured_lines"] = nlohmann::ordered_json::array();
      for (const auto& line : s.solutions) {
        auto passes = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < line.moves.size(); ++i)
          if (line.moves[i].after_pass) passes.push_back(i);
        auto goals = nlohmann::ordered_json::array();
        goals.push_back((line.goal ? *line.goal : s.target).symbol());
        for (const auto& g : line.more_goals) goals.push_back(g.symbol());
        j["structured_lines"].push_back({{"passes_before", passes}, {"goals", goals}});
      }
    }
    if (s.help_end != HelpEnd::Goal)  // "hs", "hr", "reci-h"
      j["help_end"] = s.help_end == HelpEnd::Self ? "self" : s.help_end == HelpEnd::Reflex ? "reflex" : "reciprocal";
    if (s.help_end == HelpEnd::Reciprocal) j["reci_target"] = s.reci_target.symbol();
    if (!s.forced_goal_moves.empty()) {
      j["forced_goal_moves"] = nlohmann::ordered_json::array();
      for (const auto& m : s.forced_goal_moves) j["forced_goal_moves"].push_back(m.uci);
    }
    j["complete"] = s.complete;
    if (s.stated_solutions > 0) j["stated_solutions"] = s.stated_solutions;
    if (s.set_play_requested) {
      j["set_play"] = nlohmann::ordered_json::array();
      for (const auto& line : s.set_play) {
        auto uci = nlohmann::ordered_json::array();
        for (const auto& m : line.moves) uci.push_back(m.uci);
        j["set_play"].push_back(uci);
      }
    }
    j["nodes"] = s.nodes;
    j["seconds"] = s.seconds;
    return j;
  }
  j["keys"] = nlohmann::ordered_json::array();
  j["keys_uci"] = nlohmann::ordered_json::array();
  for (const auto& k : s.keys) {
    j["keys"].push_back(k.san);
    j["keys_uci"].push_back(k.uci);
  }
  if (!s.forced_goal_moves.empty()) {
    j["forced_goal_moves"] = nlohmann::ordered_json::array();
    for (const auto& m : s.forced_goal_moves) j["forced_goal_moves"].push_back(m.uci);
  }
  j["shortest"] = s.shortest;
  j["shortest_exact"] = s.shortest_exact;
  j["complete"] = s.complete;
  if (s.tries_requested) {
    j["tries"] = nlohmann::ordered_json::array();
    for (const auto& t : s.tries)
      j["tries"].push_back({{"move", t.san}, {"uci", t.uci}, {"refutation", t.refutation_san}, {"refutation_uci", t.refutation_uci}});
  }
  if (s.refutations_requested) {
    j["refutations"] = nlohmann::ordered_json::array();
    for (const auto& t : s.refutations)
      j["refutations"].push_back({{"move", t.san}, {"uci", t.uci}, {"refutation", t.refutation_san}, {"refutation_uci", t.refutation_uci}});
  }
  j["tree_complete"] = s.tree_complete;
  if (!s.tree_note.empty()) j["tree_note"] = s.tree_note;
  j["solution"] = nlohmann::ordered_json::array();
  for (const auto& k : s.keys) j["solution"].push_back(attacker_json(k));
  j["nodes"] = s.nodes;
  j["seconds"] = s.seconds;
  return j;
}

}  // namespace arbiter::prover
