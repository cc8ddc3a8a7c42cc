// rules/README.md lists every named interpretation (id, the sentence it resolves, the default and
// the alternatives, with what each means) as `arbiter interpretations` prints it from the
// registry; the listing is written by rules/interpretations-md.sh, and this test finds where it
// and the registry have parted.

#include <catch2/catch.hpp>

#include <string>

#include "tests/support/doc_blocks.h"
#include "tests/support/test_support.h"

using namespace arbiter;

TEST_CASE("rules/README.md lists the named interpretations as the registry has them", "[cli][docs]") {
  test::ScratchDir dir;
  const test::CliRun run = test::run_arbiter_command("interpretations", dir);
  REQUIRE(run.status == 0);
  const auto sections = test::text_blocks_by_heading(test::read_text_file(std::string(ARBITER_SOURCE_DIR) + "/rules/README.md"));
  INFO("rules/README.md differs from `arbiter interpretations`: run `bash rules/interpretations-md.sh "
       "build/solver/arbiter` (after building)");
  int listings = 0;
  for (const auto& [heading, block] : sections) {
    if (heading != "The named interpretations") continue;
    ++listings;
    const std::string difference = test::first_difference(block, test::without_final_newlines(run.out));
    INFO(difference);
    CHECK(difference.empty());
  }
  CHECK(listings == 1);
}
