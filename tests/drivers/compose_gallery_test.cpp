// The compose gallery (solver/report/compose_gallery.h): the shipped compositions of
// puzzles/composed/ proved again and drawn, with the composer's measured rates.

#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

#include "solver/report/compose_gallery.h"
#include "tests/support/test_support.h"

using namespace arbiter;

// The gallery (reports/compose/README.md, written by bench --compose): every shipped composition
// proved again with one key and drawn, and the rates table as measured.
TEST_CASE("compose gallery: each shipped problem proved again, drawn, with the rates", "[compose][report]") {
  test::ScratchDir dir;
  ComposeBenchRow row{.variant = "orthodox",
                      .stipulation = "#2",
                      .seconds = 60,
                      .attempts = 1000,
                      .sound = 7,
                      .kept = 5,
                      .rejections = {{"no-mate", 900}, {"cooked", 93}}};
  report::write_compose_gallery(std::string(ARBITER_SOURCE_DIR) + "/puzzles/composed", {row}, dir.path("gallery"));
  const std::string page = test::read_text_file(dir.path("gallery/README.md"));
  CHECK(page.find("| orthodox | #2 | 12 | 60 | 1000 | 7 | 5 | **300** | no-mate 900, cooked 93 |") != std::string::npos);
  int proved = 0;
  for (std::size_t at = 0; (at = page.find("Proof: proved, 1 key,", at)) != std::string::npos; ++at) ++proved;
  CHECK(proved == 12);
  int drawn = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/puzzles/composed")) {
    const std::string name = entry.path().filename().string();
    if (!name.ends_with(".pgn")) continue;
    ++drawn;
    const std::string stem = name.substr(0, name.size() - 4);
    CHECK(page.find("### " + stem) != std::string::npos);
    const std::string svg = test::read_text_file(dir.path("gallery/" + stem + ".svg"));
    CHECK(svg.find("the key drawn") != std::string::npos);
    CHECK(svg.find("arrow-move") != std::string::npos);
  }
  CHECK(drawn == 12);
}
