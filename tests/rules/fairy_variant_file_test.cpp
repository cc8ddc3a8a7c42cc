// Variant designers' files (rules/fairy/variant_file.h): the three shipped in puzzles/variants/
// read and play, perft from their start positions equal to Fairy-Stockfish's own variants, and
// malformed files are errors at their line and column.

#include <catch2/catch.hpp>

#include <string>

#include "rules/fairy/game.h"
#include "rules/fairy/variant_file.h"
#include "solver/perft/perft.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

std::shared_ptr<const fairy::Variant> shipped(const std::string& name) {
  const std::string path = std::string(ARBITER_SOURCE_DIR) + "/puzzles/variants/" + name + ".variant";
  return fairy::read_variant_file(test::read_text_file(path), path);
}

std::uint64_t perft_of(const std::shared_ptr<const fairy::Variant>& v, int depth) {
  auto game = fairy::Game::with(v, v->start_fen, {"test", 1, 1});
  return perft(game, depth);
}

SourceLocation error_at(const std::string& text) {
  try {
    (void)fairy::read_variant_file(text, "v.variant");
  } catch (const ParseError& e) {
    CHECK(e.where().file == "v.variant");
    return e.where();
  }
  FAIL("no error for " << text);
  return {};
}

const std::string Pieces = "piece = P pawn mfWcfF pawn\npiece = K king K royal\npiece = R rook R\n";

}  // namespace

TEST_CASE("variant files: the shipped three, perft as Fairy-Stockfish counts its own variants", "[fairy][variant-file]") {
  // Fairy-Stockfish 0.7.10 (ffish, its built-in "knightmate" and "grasshopper"): 18 324 6765
  // 139774 and 28 782 22314 635298 at depths 1 to 4 (depth 4 is the benchmark's, not a test's).
  const auto knightmate = shipped("knightmate");
  CHECK(knightmate->name == "knightmate");
  CHECK(knightmate->kinds[std::size_t(knightmate->kind_of('K'))].royal);
  CHECK(perft_of(knightmate, 1) == 18);
  CHECK(perft_of(knightmate, 2) == 324);
  CHECK(perft_of(knightmate, 3) == 6765);
  const auto grasshopper = shipped("grasshopper-chess");
  CHECK(perft_of(grasshopper, 1) == 28);
  CHECK(perft_of(grasshopper, 2) == 782);
  CHECK(perft_of(grasshopper, 3) == 22314);
  // Nightrider chess, against ffish given the same definition ("knight = -", "customPiece1 =
  // n:NN"): 24 576 15586 419019. From the start b1 rides a3, c3, d5 and takes e7.
  const auto nightrider = shipped("nightrider-chess");
  CHECK(perft_of(nightrider, 1) == 24);
  CHECK(perft_of(nightrider, 2) == 576);
  CHECK(perft_of(nightrider, 3) == 15586);
}

TEST_CASE("variant files: a definition in effect is what FEN letters read", "[fairy][variant-file]") {
  fairy::Game::use_definition(shipped("knightmate"));
  const auto game = fairy::Game::from_fen("rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1", {"test", 1, 1});
  CHECK(game.move_text(game.parse_move("Kd3", {})) == "Kd3");  // the royal knight
  CHECK(fairy::Game::start_position() == "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1");
  fairy::Game::use_definition(nullptr);
  CHECK_THROWS_AS(fairy::Game::from_fen("rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1", {"test", 1, 1}), ParseError);
}

TEST_CASE("variant files: malformed settings name their line and column", "[fairy][variant-file][errors]") {
  const std::string start = "start = 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n";
  auto where = [](const std::string& text) {
    const SourceLocation at = error_at(text);
    return std::to_string(at.line) + ":" + std::to_string(at.column);
  };
  CHECK(where("name = t\n" + Pieces + "colour = red\n" + start) == "5:1");           // unknown setting
  CHECK(where("name = t\npiece = G grasshopper gQk\n" + start) == "2:25");         // the walk's bad letter
  CHECK(where("name = t\n" + Pieces + "piece = K knight N\n" + start) == "5:9");     // a letter taken
  CHECK(where("name = t\n" + Pieces + "promotion = Q\n" + start) == "5:13");       // no such piece
  CHECK(where("name = t\n" + Pieces + "castling = R K\n" + start) == "5:12");      // the castling king not royal
  CHECK(where("name = t\n" + Pieces + "board = 20x8\n" + start) == "5:9");
  CHECK(where("name = t\n" + Pieces) == "5:1");                                   // no start: at the end
  CHECK(where("name = t\n" + Pieces + "start = 4k3/8/8/8/8/8/8/4X2R w - - 0 1\n") == "5:26");  // the FEN's X
  CHECK(where("name = t\n" + Pieces + "piece = Z zebra Z royal fast\n" + start) == "5:25");
  CHECK(where("name = t\n" + Pieces + "just words\n" + start) == "5:1");
}
