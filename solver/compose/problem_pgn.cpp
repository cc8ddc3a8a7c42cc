#include "solver/compose/problem_pgn.h"

#include <algorithm>
#include <vector>

#include <fmt/core.h>

#include "rules/notation/pgn.h"

namespace arbiter::compose {

namespace {

struct Writer {
  int first_move;     // the key's move number (the FEN's fullmove)
  bool double_moves;  // Option Chess: a threat with a double move is not written as a comment,
                      // whose reader splits the moves at commas

  // The attacker's move `a`, made as its `depth`-th move (the key is 1), and what follows.
  PgnLine attacker_line(const prover::AttackerNode& a, int depth) const {
    PgnMove m;
    m.san = a.san;
    if (depth == 1) m.nags.push_back(1);
    if (!a.defences.empty() && !a.check) {
      if (a.threat.empty()) {
        if (depth == 1) m.comments_after.push_back("zugzwang");
      } else if (writable(a.threat)) {
        std::string t = "threat:";
        for (std::size_t i = 0; i < a.threat.size(); ++i)
          t += fmt::format("{} {}. {}", i ? "," : "", first_move + depth, a.threat[i].san);
        m.comments_after.push_back(t);
      }
    }
    PgnLine line{m};
    if (a.defences.empty()) return line;
    PgnLine rest = defence_line(a.defences.front(), depth);
    for (std::size_t i = 1; i < a.defences.size(); ++i) rest.front().variations.push_back(defence_line(a.defences[i], depth));
    line.insert(line.end(), rest.begin(), rest.end());
    return line;
  }

  PgnLine defence_line(const prover::DefenceNode& d, int depth) const {
    PgnMove m;
    m.san = d.san;
    PgnLine line{m};
    if (d.answers.empty()) return line;
    PgnLine rest = attacker_line(d.answers.front(), depth + 1);
    if (d.answers.size() > 1) {
      std::string dual = "dual:";
      for (std::size_t i = 1; i < d.answers.size(); ++i)
        dual += fmt::format("{} {}. {}", i > 1 ? "," : "", first_move + depth, d.answers[i].san);
      rest.front().comments_after.insert(rest.front().comments_after.begin(), dual);
    }
    line.insert(line.end(), rest.begin(), rest.end());
    return line;
  }

  bool writable(const std::vector<prover::AttackerNode>& threat) const {
    if (!double_moves) return true;
    for (const auto& t : threat)
      if (t.san.find(',') != std::string::npos) return false;
    return true;
  }
};

// A helpmate's solutions (all of the same length) as one line tree: the first solution is the
// main line, and where another leaves it, it stands as a variation of the move it replaces.
PgnLine help_tree(const std::vector<const prover::HelpLine*>& lines, std::size_t depth) {
  std::vector<std::vector<const prover::HelpLine*>> groups;  // by the move at `depth`, in order of first appearance
  for (const prover::HelpLine* l : lines) {
    if (depth >= l->moves.size()) continue;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.front()->moves[depth].uci == l->moves[depth].uci; });
    if (g == groups.end()) groups.push_back({l});
    else g->push_back(l);
  }
  PgnLine main;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    PgnMove m;
    m.san = groups[i].front()->moves[depth].san;
    PgnLine line{m};
    PgnLine rest = help_tree(groups[i], depth + 1);
    line.insert(line.end(), rest.begin(), rest.end());
    if (i == 0) main = std::move(line);
    else main.front().variations.push_back(std::move(line));
  }
  return main;
}

}  // namespace

std::string problem_pgn(const ComposedProblem& c, const std::string& provenance, const std::string& variant_tag) {
  PgnGame g;
  g.set_tag("Event", "Composed problem");
  g.set_tag("Site", "?");
  g.set_tag("Date", "????.??.??");
  g.set_tag("Round", "-");
  g.set_tag("White", "?");
  g.set_tag("Black", "?");
  g.set_tag("Result", "*");
  g.set_tag("Composer", "Arbiter");
  g.set_tag("Variant", variant_tag);
  g.set_tag("Stipulation", c.stipulation);
  const bool help = c.lines();
  if (help && c.solutions > 1) g.set_tag("Solutions", std::to_string(c.solutions));
  g.set_tag("SetUp", "1");
  g.set_tag("FEN", c.fen);
  if (c.placement.has_tokens()) g.set_tag("Tokens", c.placement.tokens_text());
  g.set_tag("Score", std::to_string(c.score));
  std::string quality = help ? help_quality_summary(c.help_quality) : quality_summary(c.quality);
  if (help && c.placement.has_tokens())
    quality += fmt::format("; tokens matter: a double move in {}; with tokens 0/0: {}",
                           c.double_move_needed ? "a solution" : "no solution", c.zero_tokens);
  else if (c.placement.has_tokens())
    quality += fmt::format("; tokens matter: a double move in {}; with tokens 0/0: {}",
                           c.double_move_needed ? "the key or a main line" : "no main line", c.zero_tokens);
  g.set_tag("Quality", quality);
  g.set_tag("Annotator", provenance);
  if (c.solution.series) {
    // A series line passes over the other side's moves, which PGN movetext cannot: the solutions
    // stand as a comment ("1.Kb8 2.Ka8 Rd8#"), and `arbiter solve` finds them again.
    std::string text;
    for (const auto& l : c.solution.solutions) {
      const int series_moves = int(l.moves.size()) - (c.goal == prover::Goal::HelpMate ? 1 : 0);
      text += (text.empty() ? "" : "; ") + prover::format_series_line(l, series_moves);
    }
    g.comments.push_back(text);
    return write_pgn(g);
  }
  if (help) {
    std::vector<const prover::HelpLine*> lines;
    for (const auto& l : c.solution.solutions) lines.push_back(&l);
    g.moves = help_tree(lines, 0);
    return write_pgn(g);
  }
  Writer w{c.placement.fullmove, c.placement.has_tokens()};
  g.moves = w.attacker_line(c.solution.keys.front(), 1);
  return write_pgn(g);
}

std::string problem_file_name(const ComposedProblem& c, std::uint64_t seed, int index) {
  if (c.goal == prover::Goal::HelpMate && !c.solution.series && c.stipulation.rfind("h#", 0) == 0)  // "h#2" -> "orthodox-help2-s7-01.pgn"
    return fmt::format("{}-help{}-s{}-{:02}.pgn", c.variant, c.stipulation.substr(2), seed, index);
  if (c.lines()) {  // "h=2" -> "orthodox-h-stalemate2-...", "ser-h#5" -> "orthodox-ser-h-mate5-..."
    std::string slug;
    for (const char ch : c.stipulation) {
      if (ch == '#') slug += "-mate";
      else if (ch == '=') slug += "-stalemate";
      else slug += ch;
    }
    for (std::size_t dash; (dash = slug.find("--")) != std::string::npos;) slug.erase(dash, 1);
    return fmt::format("{}-{}-s{}-{:02}.pgn", c.variant, slug, seed, index);
  }
  return fmt::format("{}-mate{}-s{}-{:02}.pgn", c.variant, c.stipulation.substr(1), seed, index);
}

}  // namespace arbiter::compose
