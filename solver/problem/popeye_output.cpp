#include "solver/problem/popeye_output.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "rules/notation/popeye.h"
#include "rules/notation/san.h"
#include "solver/problem/popeye_reader.h"

namespace arbiter::problem {

namespace {

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) { throw ParseError(where, message); }

// "   1.Qf4-f5 ! threat:" -> a node; nothing when the line is not a move line.
struct MoveLine {
  PopeyeNode node;
  bool bang = false;      // " !": key, or refutation after "but"
  bool question = false;  // " ?": try
};

std::optional<MoveLine> parse_move_line(std::string_view line, const SourceLocation& where) {
  const std::size_t digits = std::min(line.find_first_not_of(' '), line.size());
  const auto number = PopeyeReader::move_number(line.substr(digits));
  if (!number) return std::nullopt;
  MoveLine out;
  out.node.where = where.advanced(int(digits));
  out.node.number = number->number;
  out.node.side = number->side;
  auto parts = PopeyeReader::words(line.substr(digits + number->length));
  if (!parts.empty() && parts.back().text == "threat:") out.node.threat = true, parts.pop_back();
  else if (!parts.empty() && parts.back().text == "zugzwang.") out.node.zugzwang = true, parts.pop_back();
  if (!parts.empty() && parts.back().text == "!") out.bang = true, parts.pop_back();
  else if (!parts.empty() && parts.back().text == "?") out.question = true, parts.pop_back();
  if (parts.empty() || out.node.number < 1) return std::nullopt;
  for (const auto& p : parts) {
    if (!out.node.move.empty()) out.node.move += ' ';
    out.node.move.append(p.text);
  }
  return out;
}

// Every problem of the output: its heading, then the solution tree below the board.
class OutputReader : public PopeyeReader {
 public:
  OutputReader(std::string_view text, const std::string& file) : PopeyeReader(text, file) {}

  std::vector<PopeyeSolution> read() {
    const int last = read_lines();
    if (stage() == Stage::Board) fail({file(), last, 1}, "the board is not closed by its '+---a---b---...' line before the end of the output");
    return std::move(solutions_);
  }

 private:
  void before_board(std::string_view trimmed, const SourceLocation& at) override {
    if (!trimmed.empty() && !(at.line == 1 && trimmed.starts_with("Popeye "))) heading_.emplace_back(trimmed);
  }

  void board_starts(const SourceLocation& at) override {
    solutions_.emplace_back();
    solutions_.back().where = at;
    solutions_.back().heading = std::move(heading_);
    heading_.clear();
  }

  void stipulation_line(std::string_view trimmed, const SourceLocation&) override {
    const std::string_view first = words(trimmed).front().text;
    auto& s = solutions_.back();
    s.stipulation = std::string(first);
    s.piece_counts = std::string(trim(trimmed.substr(first.size())));
    stack_.clear();
    but_ = false;
  }

  bool solution_line(std::string_view line, std::string_view trimmed, const SourceLocation& at) override {
    if (trimmed.starts_with("solution finished")) {
      solutions_.back().finished = true;
      next_problem();
      return true;
    }
    if (trimmed == "but") {
      if (stack_.empty() || stack_.front()->ply() != 0) fail(at, "'but' without a try (a first move marked '?') above it");
      but_ = true;
      return true;
    }
    if (auto m = parse_move_line(line, at)) {
      place(std::move(*m));
      return true;
    }
    const std::size_t indent = line.find_first_not_of(' ');
    fail(at.advanced(indent == std::string_view::npos ? 0 : int(indent)),
         fmt::format("expected a move line ('1.Qf4-f5 ! threat:', '1...Kf7-e8'), 'but' or 'solution finished', found '{}'",
                     trimmed));
  }

  void place(MoveLine m) {
    PopeyeSolution& s = solutions_.back();
    const int ply = m.node.ply();
    while (!stack_.empty() && stack_.back()->ply() >= ply) stack_.pop_back();
    const SourceLocation at = m.node.where;
    std::vector<PopeyeNode>* target = nullptr;
    if (stack_.empty()) {
      if (ply != 0)
        fail(at, fmt::format("a move '{}' before any first move of White: set play is not supported", m.node.move));
      if (m.bang) target = &s.keys;
      else if (m.question) target = &s.tries;
      else fail(at, fmt::format("a first move without '!' (key) or '?' (try): '{}'", m.node.move));
    } else {
      PopeyeNode& parent = *stack_.back();
      if (but_) {
        if (ply != 1 || !m.bang) fail(at, "expected the refutation of the try after 'but', as in '1...Kc1-d1 !'");
        target = &parent.refutations;
        but_ = false;
      } else if (ply == parent.ply() + 1) {
        target = &parent.replies;
      } else if (ply == parent.ply() + 2 && parent.threat) {
        target = &parent.threats;
      } else {
        fail(at, fmt::format("move '{}' (move {}{}) does not continue the line above it (move {}{} '{}')", m.node.move,
                             m.node.number, m.node.side == White ? "." : "...", parent.number,
                             parent.side == White ? "." : "...", parent.move));
      }
    }
    target->push_back(std::move(m.node));
    stack_.push_back(&target->back());
  }

  std::vector<std::string> heading_;
  std::vector<PopeyeSolution> solutions_;
  std::vector<PopeyeNode*> stack_;  // the current line: ancestors of the next move
  bool but_ = false;
};

Move legal_move(const Position& pos, const PopeyeNode& node) {
  auto m = parse_popeye(pos, node.move);
  if (!m) fail(node.where, fmt::format("Popeye's move '{}' is not a legal move in {}", node.move, write_fen(pos)));
  return *m;
}

void append(Position& pos, const PopeyeNode& node, PgnLine& line, bool key) {
  const Move move = legal_move(pos, node);
  PgnMove pm;
  pm.san = to_san(pos, move);
  pm.where = node.where;
  if (key) pm.nags.push_back(1);
  pos.make(move);
  if (node.threat) {
    std::string text = "threat:";
    pos.make_null();
    for (std::size_t i = 0; i < node.threats.size(); ++i) {
      const Move threat = legal_move(pos, node.threats[i]);
      text += fmt::format("{} {}. {}", i == 0 ? "" : ",", pos.fullmove_number(), to_san(pos, threat));
    }
    pos.unmake_null();
    pm.comments_after.push_back(std::move(text));
  }
  if (node.zugzwang) pm.comments_after.emplace_back("zugzwang");
  line.push_back(std::move(pm));
  if (!node.replies.empty()) {
    const std::size_t first = line.size();
    append(pos, node.replies.front(), line, false);
    for (std::size_t i = 1; i < node.replies.size(); ++i) {
      PgnLine variation;
      append(pos, node.replies[i], variation, false);
      line[first].variations.push_back(std::move(variation));
    }
  }
  pos.unmake();
}

}  // namespace

std::vector<std::string> PopeyeSolution::key_texts() const {
  std::vector<std::string> out;
  for (const auto& k : keys) out.push_back(k.move);
  return out;
}

std::vector<PopeyeSolution> read_popeye_output(std::string_view text, const std::string& file) {
  return OutputReader(text, file).read();
}

std::vector<PopeyeSolution> read_popeye_output_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail({path, 1, 1}, "cannot open the Popeye output file");
  std::ostringstream text;
  text << in.rdbuf();
  return read_popeye_output(text.str(), path);
}

PgnLine solution_to_pgn(const Position& start, const PopeyeNode& key) {
  Position pos = start;
  PgnLine line;
  append(pos, key, line, true);
  return line;
}

}  // namespace arbiter::problem
