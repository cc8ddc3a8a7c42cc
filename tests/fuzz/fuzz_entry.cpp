// libFuzzer's entry point for one harness, chosen when it is compiled: ARBITER_FUZZ_HARNESS is
// the harness's name (fen, move, ...), and the function called is <name>_harness (harnesses.h).
// A broken property, or any exception other than the readers' ParseError (which the harnesses
// catch themselves), aborts with a message: libFuzzer saves the input as a crash.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string_view>

#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/harnesses.h"

#define ARBITER_FUZZ_CONCAT(a, b) a##b
#define ARBITER_FUZZ_FUNCTION(name) ARBITER_FUZZ_CONCAT(name, _harness)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  try {
    arbiter::fuzz::ARBITER_FUZZ_FUNCTION(ARBITER_FUZZ_HARNESS)(input);
  } catch (const arbiter::fuzz::PropertyViolation& e) {
    std::fprintf(stderr, "\n== property violated: %s\n", e.what());
    std::abort();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "\n== exception escaped the reader (only ParseError may): %s\n", e.what());
    std::abort();
  }
  return 0;
}
