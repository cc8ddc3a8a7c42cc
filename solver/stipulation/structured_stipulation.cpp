// Popeye's structured stipulations (structured_stipulation.h): a recursive-descent reading of
// the form, errors mapped back to the word and column they stand at.

#include "solver/stipulation/structured_stipulation.h"

#include <cctype>

#include <fmt/core.h>

#include "rules/core/text.h"
#include "solver/stipulation/stipulation_form.h"

namespace arbiter {

namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// The plain stipulation a lone branch with a single goal is a synonym of, as Popeye writes it.
struct Synonym {
  bool simple = true;    // one branch, one fork with one goal, no flags, constraints or requirements
  int branches = 0, goals = 0, forks = 0;
  int fork_after = -1;   // the fork follows this move of the branch (0: the first)
  int length = 0;
  std::string letters;   // the branch's letters, "hh", "ad", "s", ...
  std::string goal;      // the goal's text, "#", "za7"
};

class Reader {
 public:
  explicit Reader(const std::vector<LocatedWord>& words) {
    for (const auto& w : words) {
      if (!text_.empty()) text_ += ' ';
      starts_.push_back({text_.size(), w.where});
      text_ += lowercase(w.text);
    }
  }

  const std::string& text() const { return text_; }

  Synonym read(bool& side_changed, SliceRef& tree) {
    blanks();
    side_changed = take('-');
    tree = expr(0);
    blanks();
    if (at_ != text_.size())
      fail(fmt::format("expected '|' or '&' between two parts, or the end of the structured stipulation, found '{}'",
                       text_.substr(at_, 12)));
    return synonym_;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const { throw ParseError(location(at_), message); }

  // Where the character at `offset` of the joined text stands in the file.
  SourceLocation location(std::size_t offset) const {
    const auto* start = &starts_.front();
    for (const auto& s : starts_)
      if (s.offset <= offset) start = &s;
    return start->where.advanced(int(offset - start->offset));
  }

  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  bool take(char c) {
    blanks();
    if (peek() != c) return false;
    ++at_;
    return true;
  }
  void blanks() {
    while (at_ < text_.size() && text_[at_] == ' ') ++at_;
  }

  // Operators are applied from left to right (py-engl.txt), parentheses aside.
  SliceRef expr(int depth) {
    if (depth > 64) fail("the structure is nested too deeply (more than 64 levels)");
    SliceRef left = unary(depth);
    for (;;) {
      blanks();
      if (peek() != '|' && peek() != '&') return left;
      synonym_.simple = false;
      auto node = std::make_shared<SliceNode>();
      node->kind = peek() == '|' ? SliceNode::Or : SliceNode::And;
      ++at_;
      node->left = std::move(left);
      node->right = unary(depth);
      left = std::move(node);
    }
  }

  SliceRef unary(int depth) {
    blanks();
    if (take('!')) {
      synonym_.simple = false;
      auto node = std::make_shared<SliceNode>();
      node->kind = SliceNode::Not;
      node->left = unary(depth + 1);
      return node;
    }
    if (take('(')) {
      synonym_.simple = false;
      SliceRef inner = expr(depth + 1);
      if (!take(')')) fail("expected ')' to close the '(' before it");
      return inner;
    }
    return element(depth);
  }

  SliceRef element(int depth) {
    blanks();
    bool flags[3] = {false, false, false};
    for (int i = 0; i < 3; ++i)
      if (take(">/-"[i])) synonym_.simple = false, flags[i] = true;
    blanks();
    // A length, unless it is the castling goal "00" ("13h[00]?+?h").
    const bool castling = std::string_view(text_).substr(at_).starts_with("00") && !(at_ + 2 < text_.size() && is_digit(text_[at_ + 2]));
    if (is_digit(peek()) && !castling) {
      auto node = branch(depth);
      node->ends_containing = flags[0], node->hidden = flags[1], node->side_change = flags[2];
      return node;
    }
    if (const auto goal = goal_here()) {
      ++synonym_.goals;
      synonym_.goal = std::string(*goal);
      at_ += goal->size();
      std::string_view square;
      if (*goal == "z" || *goal == "k") {
        square = std::string_view(text_).substr(at_, 2);
        if (square.size() < 2 || square[0] < 'a' || square[0] > 'h' || square[1] < '1' || square[1] > '8')
          fail(fmt::format("expected the goal's square after '{}', as in '{}e4'", *goal, *goal));
        synonym_.goal.append(square);
        at_ += 2;
      }
      auto node = std::make_shared<SliceNode>();
      node->goal = synonym_.goal;
      node->target = target_of(*goal, square);
      // A goal's flags say nothing Popeye plays ("-#" is read as the goal): kept out of the tree.
      return node;
    }
    fail(fmt::format("expected a branch (its length, then its moves: '3a[#]d', '4hh[=]', '5s[#]') or a goal (#, =, ==, "
                     "##, ##!, #=, !=, !#, 00, %, ~, ep, +, x, ct, ctr, <>, <>r, c81, z<square>, k<square>, dia, a=>b), found {}",
                     at_ < text_.size() ? fmt::format("'{}'", text_.substr(at_, 12)) : std::string("the end")));
  }

  std::optional<std::string_view> goal_here() const {
    return stipulation_goal_at(std::string_view(text_).substr(at_));
  }

  int number() {
    const std::size_t from = at_;
    while (is_digit(peek())) ++at_;
    if (at_ == from) fail("expected a number of half-moves");
    if (at_ - from > 4) {
      at_ = from;
      fail("expected a number of half-moves below 10000");
    }
    return std::stoi(text_.substr(from, at_ - from));
  }

  std::shared_ptr<SliceNode> branch(int depth) {
    auto node = std::make_shared<SliceNode>();
    node->kind = SliceNode::Branch;
    const std::size_t length_at = at_;
    int max = number();
    if (peek() == ':') {  // m:n, a branch of at least m half-moves
      ++at_;
      synonym_.simple = false;
      const int min = max;
      node->min = std::max(min, 1);
      if (!is_digit(peek())) fail("expected the branch's maximal length after ':', as in '4:4hh[#]'");
      max = number();
      if (min > max) {
        at_ = length_at;
        fail(fmt::format("the branch's least length {} exceeds its greatest {}", min, max));
      }
    }
    if (max == 0) {
      at_ = length_at;
      fail("a branch of 0 half-moves: give its length, as in '3a[#]d'");
    }
    ++synonym_.branches;
    synonym_.length = max;
    node->max = max;
    std::string letters;
    for (;;) {
      const std::size_t move_at = at_;
      bool needs_check = false;
      if (peek() == '?') {  // ?+?: the move is granted only to a side in check
        needs_check = true;
        ++at_;
        if (peek() != '+') fail("expected '+' in the requirement '?+?' (the side at the move is in check)");
        ++at_;
        if (peek() != '?') fail("expected '?' to close the requirement '?+?'");
        ++at_;
        synonym_.simple = false;
        if (peek() != 'a' && peek() != 'd' && peek() != 'h' && peek() != 's')
          fail("expected the move the requirement '?+?' applies to ('d' or 'h')");
      }
      const char c = peek();
      if (c != 'a' && c != 'd' && c != 'h' && c != 's') break;
      if (!letters.empty() && !fits(letters, c)) {
        at_ = move_at;
        fail(fmt::format("a branch's moves are series (s), battle play (a and d in turn) or help play (h): '{}' cannot "
                         "follow '{}'",
                         c, letters));
      }
      letters += c;
      ++at_;
      SliceMove& move = node->moves.emplace_back();
      move.letter = c;
      move.needs_check = needs_check;
      for (;;) {  // the forks and constraints after the move
        blanks();
        if (peek() == '[') {
          ++at_;
          ++synonym_.forks;
          synonym_.fork_after = int(letters.size()) - 1;
          move.forks.push_back(expr(depth + 1));
          if (!take(']')) fail("expected ']' to close the fork's '['");
        } else if (peek() == '{') {
          ++at_;
          synonym_.simple = false;
          move.constraints.push_back(expr(depth + 1));
          if (!take('}')) fail("expected '}' to close the constraint's '{'");
        } else {
          break;
        }
      }
    }
    if (letters.empty())
      fail(fmt::format("expected the branch's moves after its length {}: a and d (battle play), h (help play) or s (series)", max));
    synonym_.letters = letters;
    return node;
  }

  // May `c` follow the moves `letters` of one branch?
  static bool fits(const std::string& letters, char c) {
    const char last = letters.back();
    if (letters.size() >= 2) return false;  // a branch writes at most its first two half-moves
    if (last == 's' || c == 's') return false;
    if (last == 'h') return c == 'h';
    return (last == 'a' && c == 'd') || (last == 'd' && c == 'a');
  }

  struct Start {
    std::size_t offset;
    SourceLocation where;
  };
  std::string text_;
  std::vector<Start> starts_;
  std::size_t at_ = 0;
  Synonym synonym_;
};

// "ser-#5", "#2", "s#2", "h#2", "h#2.5", or nothing for any other structure. A battle branch
// that starts with the defence is the same play after its key (`post_key`: Popeye's PostKeyPlay,
// py-engl.txt's "3d[==]a  s==2 option postkeyplay"): "6da[#]" #4, "5d[#]a" s#3.
std::optional<std::string> plain_text(const Synonym& s, bool& post_key) {
  post_key = s.letters == "da";
  if (!s.simple || s.branches != 1 || s.goals != 1 || s.forks != 1) return std::nullopt;
  const int n = s.length;
  const bool odd = n % 2 == 1;
  if (s.letters == "s") return fmt::format("ser-{}{}", s.goal, n);
  if (s.letters == "ad" && s.fork_after == 0 && odd) return fmt::format("{}{}", s.goal, (n + 1) / 2);  // 3a[#]d: #2
  if (s.letters == "ad" && s.fork_after == 1 && !odd) return fmt::format("s{}{}", s.goal, n / 2);     // 4ad[x]: sx2
  if (s.letters == "hh" && s.fork_after == 1 && !odd) return fmt::format("h{}{}", s.goal, n / 2);     // 4hh[#]: h#2
  if (s.letters == "hh" && s.fork_after == 0 && odd) return fmt::format("h{}{}.5", s.goal, n / 2);    // 5h[=]h: h=2.5
  if (s.letters == "da" && s.fork_after == 1 && !odd) return fmt::format("{}{}", s.goal, n / 2 + 1);  // 6da[#]: #4 after the key
  if (s.letters == "da" && s.fork_after == 0 && odd) return fmt::format("s{}{}", s.goal, (n + 1) / 2);  // 5d[#]a: s#3 after the key
  return std::nullopt;
}

}  // namespace

StructuredStipulation read_structured_stipulation(Color side, const std::vector<LocatedWord>& words) {
  if (words.empty()) throw ParseError({}, "expected the play of the structured stipulation, as in '3a[#]d'");
  Reader reader(words);
  bool side_changed = false;
  SliceRef tree;
  const Synonym synonym = reader.read(side_changed, tree);
  StructuredStipulation s;
  s.tree = std::move(tree);
  s.side = side_changed ? ~side : side;
  s.inverted = side_changed;
  s.text = reader.text();
  bool post_key = false;
  if (const auto text = plain_text(synonym, post_key)) {
    try {
      const auto form = parse_stipulation_form(*text, words.front().where);
      auto plain = form.playable(words.front().where);
      // Only when the side to move is the one the plain stipulation starts with (Black in h#2),
      // or after the key the other one (the defender).
      if (plain && plain->first_mover() == (post_key ? ~s.side : s.side)) {
        s.plain = std::move(plain);
        s.post_key = post_key;
      }
    } catch (const ParseError&) {  // a synonym the plain grammar does not take: stays structured
    }
  }
  return s;
}

Stipulation structured_play(const StructuredStipulation& s, const std::string& text) {
  Stipulation out;
  out.structured = s.tree;
  out.structured_side = s.side;
  // Battle play is printed as keys, help and series play as lines.
  out.kind = s.tree->printed_as_lines() ? Stipulation::HelpMate : Stipulation::DirectMate;
  out.text = text;
  out.half_move = s.inverted;  // Popeye prints the first move "1..." after the root's '-', as in h#N.5
  return out;
}

}  // namespace arbiter
