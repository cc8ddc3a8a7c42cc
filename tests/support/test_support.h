#pragma once
// Helpers shared by the core suites: paths into /work/shared, the perft reference EPD, and a
// deterministic biased random-play generator of legal positions.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/move.h"
#include "rules/core/position.h"
#include "tests/support/paths.h"

namespace arbiter::test {

// ARBITER_SHARED_DIR + "/" + relative.
std::string shared_path(std::string_view relative);
// Whole file as text; throws std::runtime_error when it cannot be opened.
std::string read_text_file(const std::string& path);

// Pieces of s between separators (empty pieces kept): "a;;b" -> {"a", "", "b"}.
std::vector<std::string> split(const std::string& s, char sep);

// FEN (no castling, no e.p., counters 0 1) of a board given as piece letters by square
// (index 0 = a1, 0 = empty), written by the production FEN writer.
std::string placement_fen(const char (&board)[64], char side);

// A move list as sorted raw move codes, to compare lists as sets.
std::vector<std::uint16_t> sorted_raw(const MoveList<>& list);

struct PerftReference {
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, nodes), ascending depth
  int line = 0;                                       // 1-based line in the EPD file
};

// Parses lines of the form `FEN ;D1 20 ;D2 400 ...`; blank lines and '#' comments are skipped.
// Throws std::runtime_error on a malformed line.
std::vector<PerftReference> parse_perft_epd(std::string_view text);
// The shared reference file, corpus/perft-standard.epd.
std::vector<PerftReference> standard_perft_suite();

// Small, fully specified PRNG (splitmix64) so the samples are identical on every platform;
// std:: distributions are implementation-defined and are not used.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  int below(int n) { return int(next() % std::uint64_t(n)); }  // 0 <= r < n (n > 0)
  bool chance(int percent) { return below(100) < percent; }

 private:
  std::uint64_t state_;
};

// Extra weights (added to a base weight of 1 per legal move) used when picking random moves.
struct MoveBias {
  int check = 0;           // move gives check
  int capture = 0;         // move captures (en passant included)
  int pawn = 0;            // any pawn move
  int promotion = 0;       // promotion
  int ep_setup = 0;        // double step that lands beside an enemy pawn, or an en passant capture
  int castle = 0;          // castling
  int quiet_piece = 0;     // a non-pawn, non-capturing move (keeps pawns and rights around)
  int keep_rights = 0;     // a move that leaves the castling rights as they are (when any are held)
};

// Features of a position that make a perft comparison interesting.
struct Features {
  int legal_moves = 0;
  bool castling_rights = false;
  bool en_passant_capture = false;  // ep square set and an en passant capture is legal
  bool in_check = false;
  bool promotion = false;           // some legal move promotes
};
Features features_of(const Position& pos);

// A legal move picked at random with the given bias; the position must not be terminal.
// `pos` is used to try moves and is restored.
Move pick_move(Position& pos, Rng& rng, const MoveBias& bias);

// Plays up to `plies` biased random legal moves; stops before a move that would leave no legal
// reply (so the position reached is never terminal). Returns the number of plies played.
int random_walk(Position& pos, int plies, Rng& rng, const MoveBias& bias = {});

// Starting points for random play: the standard start, Kiwipete and the other EPD positions
// (promotion-heavy ones included).
std::vector<std::string> random_play_starts();

// `count` distinct non-terminal positions (FEN) reached by biased random play from
// random_play_starts(), planned game lengths 1..80 plies. Each sample is steered towards one
// feature (castling rights, en passant, check, promotion, or none, in turn) by its start (one
// with castling rights, or with pawns for en passant), its move bias and, after its planned
// length, by up to 24 further plies played until the feature appears. Deterministic per seed
// (and per move generator: a generator change changes the sample).
std::vector<std::string> sample_positions(std::uint64_t seed, int count);

// Plain random games (no steering), for the make/unmake and generator-equivalence suites:
// every position visited (FEN), `games` games of up to `max_plies` plies each.
std::vector<std::string> random_game_positions(std::uint64_t seed, int games, int max_plies);

// Legal positions with both kings and 2 to 4 other men placed at random (no pawn on the first or
// last rank), either side to move, from a fixed seed: small trees for comparing a search with
// a plain walk of its definition.
std::vector<std::string> sparse_positions(int count, unsigned seed);

// Legal positions near a stalemate of Black, Black to move (and not in check with White to move
// either): Black's king on the first two ranks, 2 to 5 Black pawns (most blocked by a White pawn),
// up to 3 other Black pieces, 1 or 2 White men, from a fixed seed.
std::vector<std::string> near_stalemate_positions(int count, unsigned seed);

}  // namespace arbiter::test

// --- The orthodox-problems corpus and the arbiter command, for the prover suites ------------

#include <filesystem>

namespace arbiter::test {

// One row of corpus/orthodox-problems/MANIFEST.tsv.
struct CorpusProblem {
  std::string file;                      // "baird_0001_2.inp"
  std::string fen;                       // White to move
  std::string stipulation;               // "#2"
  int moves = 0;                         // N of "#N"
  std::vector<std::string> popeye_keys;  // Popeye's keys as written ("Qh5*h7 +", "0-0"); empty: no solution
  double popeye_seconds = 0;
};

// Every MANIFEST row, in file order; throws std::runtime_error on a malformed row.
std::vector<CorpusProblem> orthodox_corpus();
// The row of `file` ("baird_0001_2.inp" or "baird_0001_2"); throws when there is none.
CorpusProblem orthodox_corpus_problem(const std::string& file);
// Full path of a corpus file ("baird_0001_2.out").
std::string orthodox_corpus_path(const std::string& file);

// One row of corpus/orthodox-help-self/MANIFEST.tsv (helpmates and selfmates; see its README).
struct HelpSelfProblem {
  std::string file;              // "olv_baird_0111_s4.inp"
  std::string fen;               // twin a), the first mover to move
  std::string stipulation;       // "h#2", "h#2.5", "s#3"
  std::string twins;             // the .inp's twin lines joined by "; " ("twin move d4 f4; ..."), empty without twins
  std::string popeye_solutions;  // as MANIFEST writes them (UCI; "a) ... ; b) ..." with twins)
  int solution_count = 0;
  double popeye_seconds = 0;
  std::string source;
  std::vector<std::pair<std::string, std::string>> twin_fens;  // ("a", FEN), ("b", FEN), ...; empty without twins
};

// Every MANIFEST row, in file order; throws std::runtime_error on a malformed row.
std::vector<HelpSelfProblem> help_self_corpus();
// Full path of a file of that corpus ("olv_baird_0111_s4.out").
std::string help_self_corpus_path(const std::string& file);

// A fresh temporary directory, removed with everything in it at destruction.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string path(const std::string& name) const { return (path_ / name).string(); }
  std::string write(const std::string& name, const std::string& text) const;  // returns the path

 private:
  std::filesystem::path path_;
};

// `text` quoted for /bin/sh.
std::string shell_quote(const std::string& text);

struct CliRun {
  int status = -1;  // exit status, -1 when the process did not exit normally
  std::string out, err;
};
// Runs ARBITER_BINARY with `args` (already shell-quoted where needed), capturing stdout and
// stderr through files in `dir`.
CliRun run_arbiter_command(const std::string& args, const ScratchDir& dir);
// The same in a scratch directory of its own, stdout parsed as JSON; `status` gets the exit status.
nlohmann::json run_arbiter_json(const std::string& args, int& status);

}  // namespace arbiter::test
