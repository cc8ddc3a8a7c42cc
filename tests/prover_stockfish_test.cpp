// The mate-in-N prover against Stockfish (/usr/games/stockfish, Debian package `stockfish`;
// ARBITER_STOCKFISH overrides the path; the test fails, it does not skip, when it is missing).
//
// Positions: random legal placements of a strong White army against a lightly defended Black
// king (likely to hold short mates), and positions from random play. Each is solved as "#3"
// by the prover (complete search, so `shortest` is exact). Then Stockfish searches it:
//  - where we prove mate in k (k = 2 or 3; a few mates in 1 are kept as well), Stockfish's
//    final score must be exactly "mate k", and its best move one of our keys of length k; a
//    longer mate or a centipawn score is re-searched deeper before it counts as a disagreement;
//  - where we prove there is no mate in 3, Stockfish must not report "mate M" with M <= 3.

#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/orthodox/game.h"
#include "solver/bench/uci_engine.h"
#include "solver/prover/solve.h"
#include "tests/test_support.h"

using namespace arbiter;

namespace {

std::string stockfish_path() {
  const char* env = std::getenv("ARBITER_STOCKFISH");
  return env && *env ? env : UciEngine::default_path();
}

constexpr int Depth = 12;          // first search
constexpr int DeepDepth = 24;      // re-search when Stockfish reports a longer mate (or none)
constexpr int WantMates = 110;     // mates in 2 or 3 to collect
constexpr int WantNoMates = 110;   // positions without a mate in 3
constexpr int WantMatesInOne = 8;  // a few extra mates in 1
constexpr std::uint64_t NodeGuard = 3'000'000;
constexpr auto ReplyTimeout = std::chrono::seconds(60);

struct EngineResult {
  bool has_score = false;
  bool mate = false;
  int value = 0;  // mate: moves (negative: the side to move is mated); cp otherwise
  int depth = 0;
  std::string bestmove;
  std::string describe() const {
    std::ostringstream out;
    out << (has_score ? (mate ? "mate " : "cp ") + std::to_string(value) : std::string("no score")) << " at depth "
        << depth << ", bestmove " << bestmove;
    return out.str();
  }
};

// `go depth D` on a fresh game; the score is the last exact (not bound) score of the main line.
EngineResult stockfish_search(UciEngine& sf, const std::string& fen, int depth) {
  sf.send("ucinewgame");
  sf.send("isready");
  sf.wait_for("readyok", std::chrono::duration_cast<std::chrono::milliseconds>(ReplyTimeout));
  sf.send("position fen " + fen);
  sf.send("go depth " + std::to_string(depth));
  const auto deadline = std::chrono::steady_clock::now() + ReplyTimeout;
  EngineResult r;
  for (;;) {
    const std::string line = sf.read_line(deadline);
    std::istringstream in(line);
    std::string word;
    in >> word;
    if (word == "bestmove") {
      in >> r.bestmove;
      return r;
    }
    if (word != "info") continue;
    int line_depth = 0, multipv = 1, value = 0;
    bool has_score = false, mate = false, bound = false;
    while (in >> word) {
      if (word == "depth") in >> line_depth;
      else if (word == "multipv") in >> multipv;
      else if (word == "score") {
        std::string kind;
        in >> kind >> value;
        has_score = kind == "mate" || kind == "cp";
        mate = kind == "mate";
      } else if (word == "lowerbound" || word == "upperbound") bound = true;
      else if (word == "pv") break;
    }
    if (has_score && !bound && multipv == 1) {
      r.has_score = true;
      r.mate = mate;
      r.value = value;
      r.depth = line_depth;
    }
  }
}

// The board as FEN from a square -> piece-letter map (index 0 = a1).
std::string placement_fen(const char (&board)[64], char side) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = board[rank * 8 + file];
      if (c == 0) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += c;
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  return fen + " " + side + " - - 0 1";
}

// A random placement: White king plus an attacking set, Black king plus 0-3 pawns or minor
// pieces; White to move. Empty when the placement is not a legal position.
std::string random_placement(test::Rng& rng) {
  static const char* const armies[] = {"QR", "QB", "QN", "RR", "QQ", "RB", "RN", "QRN", "RRB", "Q", "R", "BBN"};
  static const char defenders[] = {'p', 'p', 'p', 'n', 'b', 'r'};
  char board[64] = {};
  auto place = [&](char piece) {
    const bool pawn = piece == 'p' || piece == 'P';
    for (;;) {
      const int sq = pawn ? 8 + rng.below(48) : rng.below(64);
      if (board[sq] == 0) {
        board[sq] = piece;
        return;
      }
    }
  };
  place('K');
  place('k');
  for (const char* p = armies[rng.below(int(std::size(armies)))]; *p; ++p) place(*p);
  const int extra = rng.below(4);
  for (int i = 0; i < extra; ++i) place(defenders[rng.below(int(std::size(defenders)))]);
  const std::string fen = placement_fen(board, 'w');
  try {
    const Position pos = read_fen(fen);  // rejects Black in check, adjacent kings, ...
    orthodox::Game game(pos);
    if (!game.has_legal_move()) return {};
    return write_fen(pos);
  } catch (const ParseError&) {
    return {};
  }
}

// A FEN with its move counters reset (Stockfish would count a high halfmove clock towards
// the fifty-move rule; the prover ignores it).
std::string without_counters(const std::string& fen) {
  std::istringstream in(fen);
  std::string board, side, castling, ep;
  in >> board >> side >> castling >> ep;
  return board + " " + side + " " + castling + " " + ep + " 0 1";
}

struct Sample {
  std::string fen;
  std::string source;  // "placement" or "random play"
  prover::Solution solution;
};

}  // namespace

TEST_CASE("mate in 3 or none: the prover agrees with Stockfish", "[stockfish][prover]") {
  const std::string path = stockfish_path();
  INFO("Stockfish is expected at " << path
                                    << " (Debian package 'stockfish'; the project set-up installs it). "
                                       "This test fails rather than skips when it is missing.");
  REQUIRE(access(path.c_str(), X_OK) == 0);

  // Collect the positions: placements first, random play mixed in for the negatives.
  test::Rng rng(0x3A7E5EEDULL);
  const auto played = test::random_game_positions(0xC0FFEE03ULL, 60, 80);
  REQUIRE(played.size() > 300);
  std::size_t next_played = 0;
  std::vector<Sample> mates, no_mates, mates_in_one;
  std::set<std::string> seen;
  int attempts = 0, unknown = 0, no_mate_from_play = 0, mate_from_play = 0;
  const auto start = std::chrono::steady_clock::now();
  while ((int(mates.size()) < WantMates || int(no_mates.size()) < WantNoMates) && attempts < 20000) {
    ++attempts;
    const bool from_play = attempts % 4 == 0 && next_played < played.size();
    std::string fen;
    if (from_play) {
      fen = without_counters(played[next_played]);
      next_played += 7;  // spread over the games
    } else {
      fen = random_placement(rng);
    }
    if (fen.empty() || !seen.insert(fen).second) continue;
    orthodox::Game game(read_fen(fen));
    prover::SolveOptions options;
    options.n = 3;
    options.build_tree = false;
    options.limits.max_nodes = NodeGuard;
    prover::Solution s = prover::solve(game, options);
    if (s.verdict == prover::Verdict::Unknown) {
      ++unknown;
      continue;
    }
    REQUIRE(s.shortest_exact);
    REQUIRE(s.complete);
    Sample sample{fen, from_play ? "random play" : "placement", std::move(s)};
    if (sample.solution.verdict == prover::Verdict::Refuted) {
      if (int(no_mates.size()) >= WantNoMates) continue;
      no_mate_from_play += from_play;
      no_mates.push_back(std::move(sample));
    } else if (sample.solution.shortest == 1) {
      if (int(mates_in_one.size()) < WantMatesInOne) mates_in_one.push_back(std::move(sample));
    } else if (int(mates.size()) < WantMates) {
      mate_from_play += from_play;
      mates.push_back(std::move(sample));
    }
  }
  const double prover_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  int in_two = 0, in_three = 0;
  for (const auto& m : mates) (m.solution.shortest == 2 ? in_two : in_three) += 1;

  UciEngine sf(path);
  int disagreements = 0, deeper_searches = 0, engine_mates_beyond_three = 0;
  for (const auto* group : {&mates_in_one, &mates}) {
    for (const auto& m : *group) {
      const int k = m.solution.shortest;
      std::set<std::string> fastest;
      for (const auto& key : m.solution.keys)
        if (key.mate_in == k) fastest.insert(key.uci);
      EngineResult r = stockfish_search(sf, m.fen, Depth);
      if (!(r.mate && r.value == k)) {
        ++deeper_searches;
        r = stockfish_search(sf, m.fen, DeepDepth);
      }
      const bool agree = r.has_score && r.mate && r.value == k && fastest.count(r.bestmove) == 1;
      if (!agree) {
        ++disagreements;
        UNSCOPED_INFO("DISAGREEMENT (" << m.source << ") " << m.fen << ": we prove mate in " << k
                                       << "; Stockfish: " << r.describe());
      }
    }
  }
  for (const auto& m : no_mates) {
    const EngineResult r = stockfish_search(sf, m.fen, Depth);
    if (r.mate && r.value > 3) ++engine_mates_beyond_three;
    if (r.has_score && r.mate && r.value >= 1 && r.value <= 3) {
      ++disagreements;
      UNSCOPED_INFO("DISAGREEMENT (" << m.source << ") " << m.fen << ": we prove no mate in 3; Stockfish: "
                                     << r.describe());
    }
    CHECK(r.has_score);
  }
  const double total_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO(attempts << " positions tried, " << unknown << " over the node guard; mates in 2: " << in_two
                << ", mates in 3: " << in_three << " (" << mate_from_play << " from random play), extra mates in 1: "
                << mates_in_one.size() << "; no mate in 3: " << no_mates.size() << " (" << no_mate_from_play
                << " from random play, " << engine_mates_beyond_three << " where Stockfish sees a longer mate); "
                << deeper_searches << " deeper Stockfish searches; prover " << prover_seconds << " s, total "
                << total_seconds << " s");
  CHECK(disagreements == 0);
  CHECK(int(mates.size()) >= 100);
  CHECK(int(no_mates.size()) >= 100);
  CHECK(in_two >= 20);
  CHECK(in_three >= 20);
  CHECK(no_mate_from_play >= 20);
  CHECK(int(mates_in_one.size()) == WantMatesInOne);
}
