// Differential test against Stockfish: perft 3 on a few hundred positions reached by biased
// random play, compared with `go perft 3` of /usr/games/stockfish (Debian package
// `stockfish`, installed by the set-up; ARBITER_STOCKFISH overrides the path). On a mismatch the per-move counts are compared level
// by level down to the position where the two generators disagree.

#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "rules/core/fen.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/game.h"
#include "solver/bench/uci_engine.h"
#include "solver/perft/perft.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

// ARBITER_STOCKFISH overrides the path (e.g. to check that a missing engine fails the test).
std::string stockfish_path() {
  const char* env = std::getenv("ARBITER_STOCKFISH");
  return env && *env ? env : UciEngine::default_path();
}
constexpr int ReplyTimeoutMs = 30'000;
constexpr int SampleSize = 300;
constexpr int Depth = 3;

using Divide = UciEngine::Divide;

// Stockfish's `go perft` after `position fen F moves M...`.
Divide stockfish_divide(UciEngine& sf, const std::string& fen, const std::vector<std::string>& moves, int depth) {
  return sf.perft_divide(fen, moves, depth, std::chrono::milliseconds(ReplyTimeoutMs));
}

Divide our_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) {
  Position pos = read_fen(fen);
  for (const auto& m : moves) {
    auto parsed = parse_uci(pos, m);
    if (!parsed) throw std::runtime_error("move " + m + " not legal for Arbiter in " + write_fen(pos));
    pos.make(*parsed);
  }
  orthodox::Game game(pos);
  Divide d;
  if (depth == 0) {
    d.total = 1;
    return d;
  }
  for (const auto& e : perft_divide(game, depth)) {
    d.moves[to_uci(e.move)] = e.nodes;
    d.total += e.nodes;
  }
  return d;
}

// Follows differing moves down to the shallowest disagreement and describes it.
std::string diagnose(UciEngine& sf, const std::string& fen, int depth) {
  std::ostringstream out;
  std::vector<std::string> line;
  for (int d = depth; d >= 1; --d) {
    const Divide ours = our_divide(fen, line, d), theirs = stockfish_divide(sf, fen, line, d);
    out << "after [";
    for (const auto& m : line) out << " " << m;
    out << " ] depth " << d << ": arbiter " << ours.total << ", stockfish " << theirs.total << "\n";
    std::string descend;
    for (const auto& [m, n] : ours.moves) {
      auto it = theirs.moves.find(m);
      if (it == theirs.moves.end()) out << "  " << m << ": only arbiter generates it\n";
      else if (it->second != n) {
        out << "  " << m << ": arbiter " << n << ", stockfish " << it->second << "\n";
        if (descend.empty()) descend = m;
      }
    }
    for (const auto& [m, n] : theirs.moves)
      if (!ours.moves.count(m)) out << "  " << m << ": only stockfish generates it\n";
    if (descend.empty()) break;  // the difference is in the move list at this level
    line.push_back(descend);
  }
  return out.str();
}

}  // namespace

TEST_CASE("perft 3 agrees with Stockfish on random positions", "[stockfish]") {
  const std::string path = stockfish_path();
  INFO("Stockfish is expected at " << path
                                    << " (Debian package 'stockfish'; the project set-up installs it). "
                                       "This test fails rather than skips when it is missing.");
  REQUIRE(access(path.c_str(), X_OK) == 0);

  const auto fens = test::sample_positions(0x5EED5F15ULL, SampleSize);
  REQUIRE(fens.size() == std::size_t(SampleSize));

  int castling = 0, en_passant = 0, check = 0, promotion = 0;
  for (const auto& fen : fens) {
    const auto f = test::features_of(read_fen(fen));
    REQUIRE(f.legal_moves > 0);  // terminal positions are skipped by the sampler
    castling += f.castling_rights;
    en_passant += f.en_passant_capture;
    check += f.in_check;
    promotion += f.promotion;
  }
  INFO("sample: " << castling << " with castling rights, " << en_passant << " with an en passant capture, " << check
                  << " in check, " << promotion << " with a promotion");
  CHECK(castling >= 40);
  CHECK(en_passant >= 20);
  CHECK(check >= 20);
  CHECK(promotion >= 10);

  UciEngine sf(path);  // handshake included

  int mismatches = 0;
  std::uint64_t total_nodes = 0;
  for (const auto& fen : fens) {
    orthodox::Game game(read_fen(fen));
    const std::uint64_t ours = perft(game, Depth);
    const Divide theirs = stockfish_divide(sf, fen, {}, Depth);
    total_nodes += ours;
    if (ours != theirs.total) {
      ++mismatches;
      UNSCOPED_INFO(fen << "\n" << diagnose(sf, fen, Depth));
    }
    CHECK(ours == theirs.total);
    // Stockfish's per-move listing covers exactly our legal moves.
    CHECK(theirs.moves.size() == std::size_t(game.count_legal()));
  }
  CHECK(mismatches == 0);
  CHECK(total_nodes > 100'000);

  // The harness reads a known answer correctly, and the diagnostic walks the same protocol.
  const Divide shallow = stockfish_divide(sf, std::string(StartFen), {}, 2);
  CHECK(shallow.total == 400);
  CHECK(shallow.moves.size() == 20);
  CHECK(shallow.moves.at("e2e4") == 20);
  CHECK(stockfish_divide(sf, std::string(StartFen), {"e2e4", "e7e5"}, 1).total == 29);
  const std::string report = diagnose(sf, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 2);
  CHECK(report.find("depth 2: arbiter 568, stockfish 568") != std::string::npos);
}
