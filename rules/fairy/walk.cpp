#include "rules/fairy/walk.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <span>

namespace arbiter::fairy {

std::vector<Vector> leap_vectors(int m, int n) {
  std::vector<Vector> out;
  for (const auto& [a, b] : {std::pair{m, n}, std::pair{n, m}})
    for (const int sa : {1, -1})
      for (const int sb : {1, -1}) {
        const Vector v{sa * a, sb * b};
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
      }
  return out;
}

namespace {

// Betza's one-letter atoms: a leap and whether the letter is itself a rider (R, B, Q) or a
// compound of leaps (K).
struct Letter {
  char c;
  std::vector<std::pair<int, int>> leaps;
  bool rider;
};

const std::vector<Letter>& letters() {
  static const std::vector<Letter> table{
      {'W', {{1, 0}}, false}, {'F', {{1, 1}}, false}, {'D', {{2, 0}}, false}, {'N', {{1, 2}}, false},
      {'A', {{2, 2}}, false}, {'H', {{3, 0}}, false}, {'C', {{1, 3}}, false}, {'Z', {{2, 3}}, false},
      {'G', {{3, 3}}, false}, {'K', {{1, 0}, {1, 1}}, false}, {'R', {{1, 0}}, true}, {'B', {{1, 1}}, true},
      {'Q', {{1, 0}, {1, 1}}, true},
  };
  return table;
}

// The modifiers written before an atom.
struct Modifiers {
  bool move_only = false, capture_only = false;
  char hop = 0;                 // 'g', 'p', 'n', 'y', 'j', 'e', 'u', 'd', 't', 'w' or 'a'
  int hurdles = 0;              // 'g' or 'p' written this many times
  int land = 1;                 // the digit after 'g' (G2, G3)
  bool circular = false;        // 'q'
  bool locust = false;          // 'x'
  bool crooked = false;         // 'z'
  bool lame_lion = false;       // 'p' with 'n' or 'y'
  int reflections = 0;          // 'o' and its digit
  std::vector<std::string> directions;  // "f", "fl", "v", ... (empty: all)
};

bool selected(const Vector& v, const std::string& d) {
  auto one = [&](char c) {
    switch (c) {
      case 'f': return v.rank > 0;
      case 'b': return v.rank < 0;
      case 'l': return v.file < 0;
      case 'r': return v.file > 0;
      case 'v': return std::abs(v.rank) > std::abs(v.file);
      case 's': return std::abs(v.file) > std::abs(v.rank);
    }
    return false;
  };
  return std::all_of(d.begin(), d.end(), one);
}

class Reader {
 public:
  Reader(std::string_view text, const SourceLocation& where) : text_(text), where_(where) {}

  Walk read() {
    Walk walk{std::string(text_), {}};
    if (text_.empty()) fail("expected a walk: atoms such as N, NN, mRcpR, gQ or (1,4)");
    while (pos_ < text_.size()) {
      if (peek() == '{') read_braced(walk);
      else read_group(walk);
    }
    for (const WalkAtom& a : walk.atoms)
      if (a.captures)
        for (std::size_t i = 0; i < a.line_to.size(); ++i) walk.captures_towards[i] = walk.captures_towards[i] || a.line_to[i] != WalkAtom::NoLine;
    walk.plain = plain(walk);
    return walk;
  }

 private:
  // The error names the column of `at`: the atom a rule of the walk refuses, or the reader's place.
  [[noreturn]] void fail_at(std::size_t at, const std::string& what) const {
    throw ParseError(where_.advanced(int(at)), what + " in walk '" + std::string(text_) + "'");
  }
  [[noreturn]] void fail(const std::string& what) const { fail_at(pos_, what); }

  // Walk::plain: leaps and rides only (their locusts too, a region or heading of their landings
  // too), and no square (a multiple of a vector, within its range, on a board of 16 x 16) on two
  // lines but a locust's.
  static bool plain(const Walk& walk) {
    std::array<bool, 31 * 31> reached{};
    for (const WalkAtom& a : walk.atoms) {
      if ((a.kind != WalkAtom::Kind::Leap && a.kind != WalkAtom::Kind::Ride) || a.off_line()) return false;
      if (a.locust) continue;  // its landings are moves of their own, never merged (walk_landings)
      for (const Vector& v : a.vectors)
        for (int k = 1; k <= (a.range == 0 ? 15 : a.range); ++k) {
          const int f = k * v.file, r = k * v.rank;
          if (f < -15 || f > 15 || r < -15 || r > 15) break;
          bool& square = reached[std::size_t((r + 15) * 31 + f + 15)];
          if (square) return false;
          square = true;
        }
    }
    return true;
  }

  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

  Modifiers read_modifiers() {
    static const std::string one_kind =
        "expected one of 'g' (hopper), 'p' (cannon), 'n' 'y' (lame), 'j' (contra), 'e' (equi), 'u' (bouncer), 'd' (double hopper), 't' "
        "(tree hopper), 'w' (leaf hopper), 'a' (radial knight), 'i' (ubiubi) and 'h' (hamster) at most";
    Modifiers m;
    while (std::islower(static_cast<unsigned char>(peek()))) {
      const char c = peek();
      switch (c) {
        case 'm':
        case 'c':
          if (m.move_only || m.capture_only) fail("expected 'm' or 'c' once before an atom");
          (c == 'm' ? m.move_only : m.capture_only) = true;
          break;
        case 'g':
        case 'p':
          if (c == 'p' && (m.hop == 'n' || m.hop == 'y') && !m.lame_lion) {  // a lame rider lion ("npNN")
            m.lame_lion = true;
            break;
          }
          if (m.hop && m.hop != c) fail(one_kind);
          m.hop = c;
          if (++m.hurdles > (c == 'p' ? 4 : 2))
            fail(c == 'p' ? "expected 'p' at most four times (four men passed: the bob)" : "expected 'g' at most twice (two hurdles: kangaroo)");
          if (c == 'g' && pos_ + 1 < text_.size() && text_[pos_ + 1] >= '1' && text_[pos_ + 1] <= '9') {
            m.land = text_[++pos_] - '0';
          }
          break;
        case 'n':
        case 'y':
          if (m.hop == 'p' && m.hurdles == 1 && !m.lame_lion) {  // a lame rider lion ("pnNN")
            m.lame_lion = true;
            m.hop = c;
            break;
          }
          if (m.hop) fail(one_kind);
          m.hop = c;
          break;
        case 'j':
        case 'e':
        case 'u':
        case 'd':
        case 't':
        case 'w':
        case 'a':
        case 'i':
        case 'h':
          if (m.hop) fail(one_kind);
          m.hop = c;
          break;
        case 'o':
          if (m.reflections) fail("expected 'o' once before an atom");
          if (pos_ + 1 >= text_.size() || text_[pos_ + 1] < '1' || text_[pos_ + 1] > '9') {
            ++pos_;
            fail("expected the most reflections, 1 to 9, after 'o' (o4B reflecting bishop)");
          }
          m.reflections = text_[++pos_] - '0';
          break;
        case 'z':
          if (m.crooked) fail("expected 'z' once before an atom");
          m.crooked = true;
          break;
        case 'x':
          if (m.locust) fail("expected 'x' once before an atom");
          m.locust = true;
          break;
        case 'q':
          if (m.circular) fail("expected 'q' once before an atom");
          m.circular = true;
          break;
        case 'f':
        case 'b':
          // f or b followed by l or r: the one quarter (fl: forward and left)
          if (pos_ + 1 < text_.size() && (text_[pos_ + 1] == 'l' || text_[pos_ + 1] == 'r')) {
            m.directions.push_back(std::string{c, text_[pos_ + 1]});
            ++pos_;
          } else {
            m.directions.push_back(std::string(1, c));
          }
          break;
        case 'l':
        case 'r':
        case 'v':
        case 's': m.directions.push_back(std::string(1, c)); break;
        default: fail(std::string("expected a modifier (m c f b l r v s g p n y j e u d t w a i h q x z o) or an atom, found '") + c + "'");
      }
      ++pos_;
    }
    return m;
  }

  int read_number() { return read_number_up_to(2); }

  int read_number_up_to(std::size_t digits) {
    const std::size_t start = pos_;
    while (std::isdigit(static_cast<unsigned char>(peek()))) ++pos_;
    if (start == pos_ || pos_ - start > digits) {
      pos_ = start;
      fail(digits == 2 ? "expected a number from 0 to 99" : "expected a number of at most " + std::to_string(digits) + " digits");
    }
    return std::atoi(std::string(text_.substr(start, pos_ - start)).c_str());
  }

  // "(m,n)": a leap of any size.
  std::pair<int, int> read_leap() {
    ++pos_;  // '('
    const int m = read_number();
    if (peek() != ',') fail("expected ',' between the leap's two numbers");
    ++pos_;
    const int n = read_number();
    if (peek() != ')') fail("expected ')' after the leap's two numbers");
    ++pos_;
    if (m == 0 && n == 0) {
      pos_ -= 1;
      fail("expected a leap that moves: (0,0) goes nowhere");
    }
    return {m, n};
  }

  void read_group(Walk& walk) {
    const Modifiers mods = read_modifiers();
    const std::size_t atom_at = pos_;
    std::vector<std::pair<int, int>> leaps;
    bool rider = false;
    std::string spelt;
    if (peek() == '(') {
      leaps.push_back(read_leap());
      spelt = std::string(text_.substr(atom_at, pos_ - atom_at));
    } else if (peek() == 'O') {
      // Every leap up to (7,7), grouped by length: the radial pieces' atom.
      if (mods.hop != 't' && mods.hop != 'w' && mods.hop != 'a') fail("expected 't', 'w' or 'a' before 'O' (tO greater tree hopper, wO, aO)");
      for (int n = 1; n <= 7; ++n)
        for (int m = 0; m <= n; ++m) leaps.push_back({m, n});
      spelt = "O";
      ++pos_;
    } else {
      const auto it = std::find_if(letters().begin(), letters().end(), [&](const Letter& l) { return l.c == peek(); });
      if (it == letters().end()) fail("expected an atom: one of W F D N A H C Z G K R B Q (O after t, w, a), or a leap such as (1,4)");
      leaps = it->leaps;
      rider = it->rider;
      spelt = std::string(1, peek());
      ++pos_;
    }
    if (rider && peek() == spelt[0]) fail(std::string("expected no doubling: ") + spelt + " is a rider already");
    int range = rider ? 0 : 1;
    // A doubled atom is its rider (NN: nightrider); a number its range (W3; 0: no limit).
    if (!rider && text_.substr(pos_, spelt.size()) == spelt) {
      pos_ += spelt.size();
      range = 0;
    } else if (std::isdigit(static_cast<unsigned char>(peek()))) {
      range = read_number();
    }
    WalkAtom atom;
    atom.moves = !mods.capture_only;
    atom.captures = !mods.move_only;
    atom.range = range;
    atom.hurdles = std::max(1, mods.hurdles);
    atom.land = mods.land;
    atom.circular = mods.circular;
    if (mods.circular) {
      // A circle needs eight vectors a 45-degree turn apart in order: a leap (m,n), 0 < m != n.
      if (leaps.size() != 1 || leaps[0].first == leaps[0].second || leaps[0].first == 0 || leaps[0].second == 0 ||
          (mods.hop && mods.hop != 'g' && mods.hop != 'p'))
        fail_at(atom_at, "expected a leap of eight vectors after 'q' (qN rose, qpN rose lion, qgN rose hopper), such as N or (1,3)");
      atom.range = 0;  // around the circle until it closes or meets a man
    }
    if (mods.locust && (mods.hop || mods.move_only || mods.capture_only))
      fail_at(atom_at, "expected 'x' (a locust's capture) without 'm', 'c', 'g', 'p', 'n', 'y', 'j' or 'e': it only captures, by its own hop");
    atom.locust = mods.locust;
    if (mods.locust) atom.moves = false;
    if (mods.reflections) {
      if (atom.range == 1 || mods.hop || mods.circular || mods.locust || mods.crooked)
        fail_at(atom_at, "expected a rider after 'o' without 'g', 'p', 'n', 'y', 'j', 'e', 'u', 'd', 't', 'w', 'a', 'q', 'x' or 'z' (o4B reflecting bishop)");
      atom.reflections = mods.reflections;
    }
    if (mods.crooked) {
      if (atom.range == 1 || mods.hop || mods.circular || mods.locust)
        fail_at(atom_at, "expected a rider after 'z' without 'g', 'p', 'n', 'y', 'j', 'e', 'u', 'd', 'q' or 'x' (zN spiral springer, zB boyscout, zN/d, zW/d)");
      atom.crook = WalkAtom::Crook::Axes;
    }
    switch (mods.hop) {
      case 'g': atom.kind = WalkAtom::Kind::Hop; break;
      case 'p':
        if (atom.range == 1)
          fail_at(atom_at, "expected a line for 'p' (a rider: R, B, Q, NN, ...): it hops over one man and goes on beyond");
        atom.kind = WalkAtom::Kind::Cannon;
        break;
      case 'n':
        if (leaps.size() != 1 || !(leaps[0] == std::pair{1, 2} || leaps[0] == std::pair{2, 0} || leaps[0] == std::pair{2, 2}))
          fail_at(atom_at, "expected a lame leap after 'n': nN (mao), nNN (maorider), nD or nA");
        atom.kind = WalkAtom::Kind::Lame;
        break;
      case 'y':
        if (leaps.size() != 1 || leaps[0] != std::pair{1, 2})
          fail_at(atom_at, "expected a knight's leap after 'y': yN (moa), yNN (moarider)");
        atom.kind = WalkAtom::Kind::Lame;
        atom.diagonal_first = true;
        break;

      case 'j': atom.kind = WalkAtom::Kind::Contra; break;
      case 'e': atom.kind = WalkAtom::Kind::Equi; break;
      case 't':
      case 'w':
      case 'a':
        if (atom.circular || mods.crooked || mods.locust)
          fail_at(atom_at, std::string("expected no 'q', 'z' or 'x' with '") + mods.hop + "'");
        atom.kind = mods.hop == 'w' ? WalkAtom::Kind::Leaf : WalkAtom::Kind::Tree;
        atom.hurdle_other = mods.hop == 'a';
        break;
      case 'h':
        if (atom.range != 0 || atom.circular || mods.crooked || mods.locust)
          fail_at(atom_at, "expected a line of no limit after 'h', without 'q', 'z' or 'x' (hQ hamster)");
        atom.kind = WalkAtom::Kind::Stop;
        atom.captures = false;
        break;
      case 'i':
        if (atom.range != 1 || atom.circular || mods.crooked || mods.locust)
          fail_at(atom_at, "expected a leap after 'i', without 'q', 'z' or 'x' (iN ubiubi)");
        atom.kind = WalkAtom::Kind::Flood;
        break;
      case 'u':
      case 'd':
        if (atom.range != 0 || atom.circular || mods.crooked)
          fail_at(atom_at, std::string("expected a line of no limit after '") + mods.hop + "' (" + (mods.hop == 'u' ? "uQ bouncer, uR, uB" : "dQ double grasshopper, dR, dB") + ")");
        atom.kind = mods.hop == 'u' ? WalkAtom::Kind::Bounce : WalkAtom::Kind::DoubleHop;
        break;
      default: atom.kind = atom.range == 1 ? WalkAtom::Kind::Leap : WalkAtom::Kind::Ride;
    }
    if (mods.lame_lion) {
      if (atom.range != 0) fail_at(atom_at, "expected a lame rider after 'p' with 'n' or 'y' (pnNN maorider lion, pyNN moarider lion)");
      atom.lion = true;
    }
    // "@45", "@90", "@135": the landing turned from the line (moose, eagle, sparrow).
    if (peek() == '@') {
      const std::size_t at = pos_;
      ++pos_;
      const int degrees = read_number_up_to(3);
      const bool unit_lines = std::all_of(leaps.begin(), leaps.end(), [](const auto& l) {
        return (l.first == 1 && l.second == 0) || (l.first == 1 && l.second == 1);
      });
      if ((degrees != 45 && degrees != 90 && degrees != 135) || mods.hop != 'g' || atom.hurdles != 1 || atom.land != 1 ||
          atom.circular || !unit_lines)
        fail_at(at, "expected '@45', '@90' or '@135' only after a hopper of orthogonal or diagonal lines (gQ@45 moose, gR@90 rook eagle)");
      atom.turn = degrees / 45;
    }
    // "/e", "/h", "/f", "/b", "/d": where the atom may go (edgehog, Chinese pawn, hunters), the
    // crooked line's mirror.
    WalkAtom* one[] = {&atom};
    read_suffixes(one, true);
    const auto chosen = [&](const Vector& v) {
      return mods.directions.empty() ||
             std::any_of(mods.directions.begin(), mods.directions.end(), [&](const std::string& d) { return selected(v, d); });
    };
    if (atom.kind == WalkAtom::Kind::Tree || atom.kind == WalkAtom::Kind::Leaf) {
      group_leaps(atom, leaps, spelt == "O", chosen);
    } else {
      for (const auto& [m, n] : leaps)
        for (const Vector& v : leap_vectors(m, n))
          if (chosen(v)) atom.vectors.push_back(v);
    }
    if (atom.vectors.empty()) fail_at(atom_at, "expected directions that leave the atom a vector");
    if (atom.circular) {
      // The circle's order: by angle. Direction modifiers choose starting vectors only, so the
      // circle is all eight, and the starting ones are recorded apart.
      std::vector<Vector> all = leap_vectors(leaps[0].first, leaps[0].second);
      std::sort(all.begin(), all.end(), [](const Vector& a, const Vector& b) { return std::atan2(a.rank, a.file) < std::atan2(b.rank, b.file); });
      atom.starts.clear();
      for (std::size_t i = 0; i < all.size(); ++i)
        if (std::find(atom.vectors.begin(), atom.vectors.end(), all[i]) != atom.vectors.end()) atom.starts.push_back(int(i));
      atom.vectors = std::move(all);
    }
    fill_line_table(atom);
    walk.atoms.push_back(std::move(atom));
  }

  // A tree or leaf hopper's groups (WalkAtom::group_first): a leap's vectors; a rider's each
  // multiple apart, up to 15 (a board of 16); with `by_length` (the atom O) leaps of one length.
  template <class Chosen>
  static void group_leaps(WalkAtom& atom, const std::vector<std::pair<int, int>>& leaps, bool by_length, const Chosen& chosen) {
    std::vector<std::vector<std::pair<int, int>>> groups;
    if (by_length) {
      std::vector<std::pair<int, int>> sorted = leaps;
      std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        return a.first * a.first + a.second * a.second < b.first * b.first + b.second * b.second;
      });
      for (const auto& l : sorted) {
        const int length = l.first * l.first + l.second * l.second;
        if (groups.empty() || groups.back().front().first * groups.back().front().first +
                                      groups.back().front().second * groups.back().front().second !=
                                  length)
          groups.emplace_back();
        groups.back().push_back(l);
      }
    } else {
      for (const auto& [m, n] : leaps)
        for (int k = 1; k <= (atom.range == 0 ? 15 : 1); ++k) groups.push_back({{k * m, k * n}});
    }
    for (const auto& group : groups) {
      const std::size_t first = atom.vectors.size();
      for (const auto& [m, n] : group)
        for (const Vector& v : leap_vectors(m, n))
          if (chosen(v)) atom.vectors.push_back(v);
      for (std::size_t i = first; i < atom.vectors.size(); ++i) {
        atom.group_first.push_back(std::uint8_t(first));
        atom.group_last.push_back(std::uint8_t(atom.vectors.size() - 1));
      }
    }
    atom.range = 1;
  }

  // "{...}" and its suffixes: the atoms within, each with them ({B}/f{N}/b: the B/S hunter).
  void read_braced(Walk& walk) {
    const std::size_t open = pos_++;
    const std::size_t first = walk.atoms.size();
    while (pos_ < text_.size() && peek() != '}') {
      if (peek() == '{') fail("expected '}' before another '{': groups do not nest");
      read_group(walk);
    }
    if (peek() != '}') {
      pos_ = open;
      fail("expected '}' to close the group opened here");
    }
    ++pos_;
    if (first == walk.atoms.size()) {
      pos_ = open;
      fail("expected atoms between '{' and '}'");
    }
    std::vector<WalkAtom*> group;
    for (std::size_t i = first; i < walk.atoms.size(); ++i) group.push_back(&walk.atoms[i]);
    read_suffixes(group, false);
  }

  // The suffixes after an atom (`atom`: '/d' too, which changes its lines) or a group.
  void read_suffixes(std::span<WalkAtom*> atoms, bool atom) {
    while (peek() == '/') {
      ++pos_;
      const char c = peek();
      for (WalkAtom* a : atoms) {
        if (c == 'e' || c == 'h') {
          if (a->region != WalkAtom::Region::Any) fail("expected one of '/e' and '/h' at most for an atom");
          a->region = c == 'e' ? WalkAtom::Region::EdgeCrossing : WalkAtom::Region::FarHalf;
        } else if (c == 'f' || c == 'b' || c == 'n' || c == 's') {
          if (a->heading != WalkAtom::Heading::Any) fail("expected one of '/f', '/b', '/n' and '/s' at most for an atom");
          a->heading = c == 'f' ? WalkAtom::Heading::Forward : c == 'b' ? WalkAtom::Heading::Backward : c == 'n' ? WalkAtom::Heading::North : WalkAtom::Heading::South;
        } else if (c == 'd' && atom) {
          if (a->crook != WalkAtom::Crook::Axes) fail("expected '/d' only after a crooked atom ('z': zN/d, zW/d)");
          a->crook = WalkAtom::Crook::Diagonals;
        } else {
          fail(std::string("expected after '/' one of 'e' (between an edge square and one off the edges), 'h' (from the far half), 'f' ") +
               "(landing forward), 'b' (backward), 'n' (on a higher rank), 's' (on a lower rank)" + (atom ? " or 'd' (a crooked line's diagonal mirror)" : ""));
        }
      }
      ++pos_;
    }
  }

  static void fill_line_table(WalkAtom& a) {
    if (a.kind == WalkAtom::Kind::Tree || a.kind == WalkAtom::Kind::Leaf) {
      a.vector_at.assign(31 * 31, WalkAtom::NoVector);
      for (std::size_t i = 0; i < a.vectors.size(); ++i)
        a.vector_at[std::size_t((a.vectors[i].rank + 15) * 31 + a.vectors[i].file + 15)] = std::uint8_t(i);
    }
    const bool leap = a.range == 1 && a.kind != WalkAtom::Kind::Hop && a.kind != WalkAtom::Kind::Cannon;
    for (int dr = -15; dr <= 15; ++dr)
      for (int df = -15; df <= 15; ++df) {
        std::int8_t line = WalkAtom::NoLine;
        if (a.circular || a.turn || a.crook != WalkAtom::Crook::None || a.reflections || a.kind == WalkAtom::Kind::DoubleHop || a.kind == WalkAtom::Kind::Tree ||
            a.kind == WalkAtom::Kind::Leaf || a.kind == WalkAtom::Kind::Flood) {
          line = WalkAtom::AnyLine;
        } else {
          for (std::size_t i = 0; i < a.vectors.size(); ++i) {
            const Vector& v = a.vectors[i];
            const int steps = v.file != 0 ? df / v.file : dr / v.rank;
            if (steps < 1 || steps * v.file != df || steps * v.rank != dr) continue;
            if (leap && steps != (a.kind == WalkAtom::Kind::Equi ? 2 : 1)) continue;
            line = std::int8_t(i);
          }
        }
        a.line_to[std::size_t((dr + 15) * 31 + df + 15)] = line;
      }
  }

  std::string_view text_;
  SourceLocation where_;
  std::size_t pos_ = 0;
};

}  // namespace

Walk parse_walk(std::string_view text, const SourceLocation& where) { return Reader(text, where).read(); }

}  // namespace arbiter::fairy
