#pragma once
// Where the tests find the checkout, ../shared/ and the arbiter program. The paths are compiled
// into one generated file (support/paths.cpp.in), not into every test's flags: a compile flag
// with a machine path would keep ccache from reusing a test's object in another checkout.

namespace arbiter::test::paths {
extern const char* const source_dir;  // the checkout
extern const char* const shared_dir;  // ../shared beside it
extern const char* const binary;      // the arbiter program built with the tests
}  // namespace arbiter::test::paths

#define ARBITER_SOURCE_DIR (::arbiter::test::paths::source_dir)
#define ARBITER_SHARED_DIR (::arbiter::test::paths::shared_dir)
#define ARBITER_BINARY (::arbiter::test::paths::binary)
