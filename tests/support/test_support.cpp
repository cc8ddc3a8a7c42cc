#include <algorithm>
#include "tests/support/test_support.h"

#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

#include "rules/core/fen.h"
#include "rules/orthodox/movegen.h"

namespace arbiter::test {

std::string shared_path(std::string_view relative) { return std::string(ARBITER_SHARED_DIR) + "/" + std::string(relative); }

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}
}  // namespace

std::vector<PerftReference> parse_perft_epd(std::string_view text) {
  std::vector<PerftReference> out;
  int line_no = 0;
  while (!text.empty()) {
    ++line_no;
    auto eol = text.find('\n');
    std::string_view line = trim(text.substr(0, eol));
    text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    if (line.empty() || line.front() == '#') continue;
    PerftReference ref;
    ref.line = line_no;
    auto semi = line.find(';');
    if (semi == std::string_view::npos) throw std::runtime_error("EPD line " + std::to_string(line_no) + ": no ';D' fields");
    ref.fen = std::string(trim(line.substr(0, semi)));
    std::string_view rest = line.substr(semi);
    while (!rest.empty()) {
      // rest starts with ';'
      auto next = rest.find(';', 1);
      std::string_view field = trim(rest.substr(1, next == std::string_view::npos ? std::string_view::npos : next - 1));
      rest = next == std::string_view::npos ? std::string_view() : rest.substr(next);
      std::istringstream in{std::string(field)};
      std::string tag;
      std::uint64_t nodes = 0;
      if (!(in >> tag >> nodes) || tag.size() < 2 || tag[0] != 'D')
        throw std::runtime_error("EPD line " + std::to_string(line_no) + ": bad field '" + std::string(field) + "'");
      int depth = std::stoi(tag.substr(1));
      if (!ref.counts.empty() && depth <= ref.counts.back().first)
        throw std::runtime_error("EPD line " + std::to_string(line_no) + ": depths not ascending");
      ref.counts.emplace_back(depth, nodes);
    }
    out.push_back(std::move(ref));
  }
  return out;
}

std::vector<PerftReference> standard_perft_suite() {
  return parse_perft_epd(read_text_file(shared_path("corpus/perft-standard.epd")));
}

std::uint64_t Rng::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

Features features_of(const Position& pos) {
  Features f;
  MoveList<> moves;
  orthodox::generate_legal(pos, moves);
  f.legal_moves = moves.size();
  f.castling_rights = pos.castling_rights() != 0;
  f.in_check = pos.in_check();
  for (Move m : moves) {
    if (m.kind() == MoveKind::EnPassant) f.en_passant_capture = true;
    if (m.is_promotion()) f.promotion = true;
  }
  return f;
}

Move pick_move(Position& pos, Rng& rng, const MoveBias& bias) {
  MoveList<> moves;
  orthodox::generate_legal(pos, moves);
  if (moves.empty()) throw std::logic_error("pick_move: no legal move in " + write_fen(pos));
  const Color us = pos.side_to_move();
  std::vector<int> weights;
  weights.reserve(moves.size());
  int total = 0;
  for (Move m : moves) {
    const Piece moved = pos.piece_on(m.from());
    const bool pawn = type_of(moved) == Pawn;
    const bool capture = m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && !pos.empty(m.to()));
    int w = 1;
    if (pawn) w += bias.pawn;
    if (capture) w += bias.capture;
    if (m.is_promotion()) w += bias.promotion;
    if (m.kind() == MoveKind::Castling) w += bias.castle;
    if (!pawn && !capture && m.kind() != MoveKind::Castling) w += bias.quiet_piece;
    if (m.kind() == MoveKind::EnPassant) w += bias.ep_setup;
    if (pawn && (m.from() ^ m.to()) == 16) {
      Bitboard beside = 0;
      if (file_of(m.to()) > 0) beside |= square_bb(m.to() - 1);
      if (file_of(m.to()) < 7) beside |= square_bb(m.to() + 1);
      if (beside & pos.pieces(~us, Pawn)) w += bias.ep_setup;
    }
    if (pawn && m.kind() == MoveKind::Normal && relative_rank(us, m.to()) == 4) {
      // A pawn reaching its fifth rank next to a file where an enemy pawn is still at home.
      Bitboard files = 0;
      if (file_of(m.to()) > 0) files |= file_bb(file_of(m.to()) - 1);
      if (file_of(m.to()) < 7) files |= file_bb(file_of(m.to()) + 1);
      if (files & pos.pieces(~us, Pawn) & rank_bb(us == White ? 6 : 1)) w += bias.ep_setup / 4;
    }
    if (bias.check || (bias.keep_rights && pos.castling_rights())) {
      const int rights = pos.castling_rights();
      pos.make(m);
      if (pos.in_check()) w += bias.check;
      if (rights && pos.castling_rights() == rights) w += bias.keep_rights;
      pos.unmake();
    }
    weights.push_back(w);
    total += w;
  }
  int r = rng.below(total);
  for (int i = 0; i < moves.size(); ++i) {
    if (r < weights[i]) return moves[i];
    r -= weights[i];
  }
  return moves[moves.size() - 1];
}

int random_walk(Position& pos, int plies, Rng& rng, const MoveBias& bias) {
  int played = 0;
  while (played < plies && orthodox::count_legal(pos) > 0) {
    Move m = pick_move(pos, rng, bias);
    pos.make(m);
    if (orthodox::count_legal(pos) == 0) {
      pos.unmake();
      break;
    }
    ++played;
  }
  return played;
}

std::vector<std::string> random_play_starts() {
  std::vector<std::string> starts = {std::string(StartFen)};
  for (const auto& ref : standard_perft_suite()) starts.push_back(ref.fen);
  // Extra promotion-heavy start: pawns of both sides one or two steps from promoting.
  starts.push_back("r3k3/1P3pP1/8/8/8/8/1p4p1/4K2R w Kq - 0 1");
  return starts;
}

namespace {
enum class Goal { None, Castling, EnPassant, Check, Promotion };

bool reached(Goal goal, const Features& f) {
  switch (goal) {
    case Goal::None: return true;
    case Goal::Castling: return f.castling_rights;
    case Goal::EnPassant: return f.en_passant_capture;
    case Goal::Check: return f.in_check;
    case Goal::Promotion: return f.promotion;
  }
  return true;
}

MoveBias bias_for(Goal goal) {
  MoveBias b;
  switch (goal) {
    case Goal::None: b.capture = 1; break;
    case Goal::Castling: b.quiet_piece = 2; b.keep_rights = 20; break;
    case Goal::EnPassant: b.ep_setup = 200; break;
    case Goal::Check: b.check = 8; b.capture = 2; break;
    case Goal::Promotion: b.pawn = 6; b.promotion = 4; b.capture = 2; break;
  }
  return b;
}

std::string identity(const std::string& fen) {  // FEN without the move counters
  auto cut = fen.rfind(' ');
  cut = fen.rfind(' ', cut - 1);
  return fen.substr(0, cut);
}
}  // namespace

std::vector<std::string> sample_positions(std::uint64_t seed, int count) {
  const auto starts = random_play_starts();
  // Castling and en passant need a start that has them to give: castling rights, or pawns of
  // both sides (at least four each).
  std::vector<std::string> with_rights, with_pawns;
  for (const auto& fen : starts) {
    const Position p = read_fen(fen);
    if (p.castling_rights()) with_rights.push_back(fen);
    if (popcount(p.pieces(White, Pawn)) >= 4 && popcount(p.pieces(Black, Pawn)) >= 4) with_pawns.push_back(fen);
  }
  Rng rng(seed);
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (int attempt = 0; int(out.size()) < count && attempt < count * 20; ++attempt) {
    const Goal goal = Goal(attempt % 5);
    const auto& pool = goal == Goal::Castling ? with_rights : goal == Goal::EnPassant ? with_pawns : starts;
    const std::string& start = pool[rng.below(int(pool.size()))];
    Position pos = read_fen(start);
    const int length = 1 + rng.below(80);
    const MoveBias bias = bias_for(goal);
    random_walk(pos, length, rng, bias);
    for (int extra = 0; extra < 24 && !reached(goal, features_of(pos)); ++extra)
      if (random_walk(pos, 1, rng, bias) == 0) break;
    if (pos.plies_played() == 0 || orthodox::count_legal(pos) == 0) continue;
    std::string fen = write_fen(pos);
    if (seen.insert(identity(fen)).second) out.push_back(fen);
  }
  return out;
}

std::vector<std::string> random_game_positions(std::uint64_t seed, int games, int max_plies) {
  const auto starts = random_play_starts();
  Rng rng(seed);
  std::vector<std::string> out;
  MoveBias bias;
  bias.capture = 1;
  for (int g = 0; g < games; ++g) {
    Position pos = read_fen(starts[g % starts.size()]);
    out.push_back(write_fen(pos));
    for (int ply = 0; ply < max_plies && orthodox::count_legal(pos) > 0; ++ply) {
      pos.make(pick_move(pos, rng, bias));
      out.push_back(write_fen(pos));
    }
  }
  return out;
}

}  // namespace arbiter::test

// --- The orthodox-problems corpus and the arbiter command --------------------------------------

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>

namespace arbiter::test {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    auto end = s.find(sep, start);
    out.push_back(s.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

std::string placement_fen(const char (&board)[64], char side) {
  Position pos;
  for (Square s = 0; s < 64; ++s)
    if (board[s]) pos.put_piece(piece_from_char(board[s]), s);
  pos.set_side_to_move(side == 'w' ? White : Black);
  return write_fen(pos);
}

std::vector<std::uint16_t> sorted_raw(const MoveList<>& list) {
  std::vector<std::uint16_t> raw;
  for (Move m : list) raw.push_back(m.raw());
  std::sort(raw.begin(), raw.end());
  return raw;
}

std::string orthodox_corpus_path(const std::string& file) { return shared_path("corpus/orthodox-problems/" + file); }

std::vector<CorpusProblem> orthodox_corpus() {
  std::vector<CorpusProblem> rows;
  const auto lines = split(read_text_file(orthodox_corpus_path("MANIFEST.tsv")), '\n');
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    const auto cols = split(lines[i], '\t');
    if (cols.size() < 5 || cols[2].size() < 2 || cols[2][0] != '#')
      throw std::runtime_error("MANIFEST.tsv line " + std::to_string(i + 1) + ": malformed row");
    CorpusProblem p;
    p.file = cols[0];
    p.fen = cols[1];
    p.stipulation = cols[2];
    p.moves = std::stoi(cols[2].substr(1));
    if (!cols[3].empty()) p.popeye_keys = split(cols[3], ';');
    p.popeye_seconds = std::stod(cols[4]);
    rows.push_back(std::move(p));
  }
  return rows;
}

std::string help_self_corpus_path(const std::string& file) { return shared_path("corpus/orthodox-help-self/" + file); }

std::vector<HelpSelfProblem> help_self_corpus() {
  std::vector<HelpSelfProblem> rows;
  const auto lines = split(read_text_file(help_self_corpus_path("MANIFEST.tsv")), '\n');
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    const auto cols = split(lines[i], '\t');
    const auto malformed = [&] { return std::runtime_error("orthodox-help-self/MANIFEST.tsv line " + std::to_string(i + 1) + ": malformed row"); };
    if (cols.size() != 9) throw malformed();
    HelpSelfProblem p;
    p.file = cols[0];
    p.fen = cols[1];
    p.stipulation = cols[2];
    p.twins = cols[3];
    p.popeye_solutions = cols[4];
    p.solution_count = std::stoi(cols[5]);
    p.popeye_seconds = std::stod(cols[6]);
    p.source = cols[7];
    // "a) FEN ; b) FEN ..."
    if (!cols[8].empty()) {
      std::size_t start = 0;
      for (;;) {
        const std::size_t end = cols[8].find(" ; ", start);
        const std::string item = cols[8].substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (item.size() < 4 || item[1] != ')' || item[2] != ' ') throw malformed();
        p.twin_fens.emplace_back(item.substr(0, 1), item.substr(3));
        if (end == std::string::npos) break;
        start = end + 3;
      }
    }
    rows.push_back(std::move(p));
  }
  return rows;
}

CorpusProblem orthodox_corpus_problem(const std::string& file) {
  for (auto& p : orthodox_corpus())
    if (p.file == file || p.file == file + ".inp") return p;
  throw std::runtime_error("no corpus problem " + file);
}

ScratchDir::ScratchDir() {
  static std::atomic<int> counter{0};
  path_ = std::filesystem::temp_directory_path() /
          ("arbiter-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::remove_all(path_);
  std::filesystem::create_directories(path_);
}

ScratchDir::~ScratchDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string ScratchDir::write(const std::string& name, const std::string& text) const {
  const std::string file = path(name);
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + file);
  return file;
}

std::string shell_quote(const std::string& text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CliRun run_arbiter_command(const std::string& args, const ScratchDir& dir) {
  const std::string out = dir.path("cli-stdout.txt"), err = dir.path("cli-stderr.txt");
  const std::string command =
      shell_quote(ARBITER_BINARY) + " " + args + " >" + shell_quote(out) + " 2>" + shell_quote(err);
  const int raw = std::system(command.c_str());
  CliRun run;
  run.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.out = read_text_file(out);
  run.err = read_text_file(err);
  return run;
}

nlohmann::json run_arbiter_json(const std::string& args, int& status) {
  ScratchDir dir;
  const CliRun run = run_arbiter_command(args, dir);
  status = run.status;
  return nlohmann::json::parse(run.out);
}

// Legal positions with both kings and 2 to 4 other men, either side to move, from a fixed seed.
namespace {

// A board of 64 characters ('.' empty, rank 1 first) as a FEN's placement field.
std::string placement_of(const char board[64]) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = board[rank * 8 + file];
      if (c == '.') {
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
  return fen;
}

// Puts `piece` on a random empty square in [lo, hi) (no pawn on the first or last rank); gives
// up after 100 draws (the board may be full there).
void place_at_random(std::mt19937& rng, char board[64], char piece, int lo = 0, int hi = 64) {
  for (int tries = 0; tries < 100; ++tries) {
    const int sq = lo + int(rng() % unsigned(hi - lo));
    const int rank = sq / 8;
    if (board[sq] != '.' || ((piece == 'P' || piece == 'p') && (rank == 0 || rank == 7))) continue;
    board[sq] = piece;
    return;
  }
}

}  // namespace

std::vector<std::string> sparse_positions(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  const std::string men = "QRBNPqrbnp";
  while (int(out.size()) < count) {
    char board[64];
    std::fill(board, board + 64, '.');
    place_at_random(rng, board, 'K');
    place_at_random(rng, board, 'k');
    const int others = 2 + int(rng() % 3);
    for (int i = 0; i < others; ++i) place_at_random(rng, board, men[rng() % men.size()]);
    std::string fen = placement_of(board);
    fen += rng() % 2 ? " w - - 0 1" : " b - - 0 1";
    try {
      (void)read_fen(fen, {"random", 1, 1});
      out.push_back(fen);
    } catch (const ParseError&) {  // the side not to move in check, kings touching: drawn again
    }
  }
  return out;
}

std::vector<std::string> near_stalemate_positions(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  const std::string black = "nbrq", white = "PRBNQ";
  while (int(out.size()) < count) {
    char board[64];
    std::fill(board, board + 64, '.');
    place_at_random(rng, board, 'k', 0, 16);
    place_at_random(rng, board, 'K');
    for (int i = 0, e = 2 + int(rng() % 4); i < e; ++i) {
      const int sq = 8 + int(rng() % 40);
      if (board[sq] != '.') continue;
      board[sq] = 'p';
      if (rng() % 10 < 7 && sq >= 16 && board[sq - 8] == '.') board[sq - 8] = 'P';
    }
    for (int i = 0, e = int(rng() % 4); i < e; ++i) place_at_random(rng, board, black[rng() % black.size()], 0, 40);
    for (int i = 0, e = 1 + int(rng() % 2); i < e; ++i) place_at_random(rng, board, white[rng() % white.size()]);
    const std::string placement = placement_of(board);
    try {
      (void)read_fen(placement + " w - - 0 1", {"random", 1, 1});  // Black is not in check
      (void)read_fen(placement + " b - - 0 1", {"random", 1, 1});  // nor White
      out.push_back(placement + " b - - 0 1");
    } catch (const ParseError&) {
    }
  }
  return out;
}

}  // namespace arbiter::test
