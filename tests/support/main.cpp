// Catch2 entry point for every suite in tests/.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
