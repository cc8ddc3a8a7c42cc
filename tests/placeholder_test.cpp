#include <catch2/catch.hpp>
TEST_CASE("placeholder") { CHECK(1 + 1 == 2); }
