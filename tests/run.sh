#!/usr/bin/env bash
# The test command: installs missing Debian packages, builds (Release), runs every test with
# ctest, the studio's browser tests (tests/studio/: Debian's Chromium driven by the pinned
# playwright-core; installed here when missing) and the fairy rule set's perft against
# Fairy-Stockfish (tests/ffish/: the pinned ffish); then fuzzes every reader briefly (tests/fuzz.sh, clang's libFuzzer, 10 s a harness);
# then rebuilds with AddressSanitizer + UndefinedBehaviorSanitizer and the standard library's
# assertions (_GLIBCXX_ASSERTIONS) and runs the tests again.
#   bash tests/run.sh              all three passes
#   bash tests/run.sh --fast       the Release pass only
set -euo pipefail
source "$(dirname "$0")/../.ci/bootstrap.sh"

arbiter_build "$ARBITER_ROOT/build"
echo "== tests (Release)"
ctest --test-dir "$ARBITER_BUILD" --output-on-failure -j "$(nproc)"
echo "== studio browser tests (tests/studio/run.sh)"
arbiter_install_browser_packages
bash "$ARBITER_ROOT/tests/studio/run.sh" "$ARBITER_BUILD"
echo "== fairy moves against Fairy-Stockfish (tests/ffish/run.sh: ffish, pinned)"
bash "$ARBITER_ROOT/tests/ffish/run.sh" "$ARBITER_BUILD"

if [ "${1:-}" != "--fast" ]; then
  # One clang build (build-sanitize/, see .ci/bootstrap.sh) serves the fuzzing and the sanitizer
  # pass: the libFuzzer harnesses and the test programs whose tests exercise memory in ways a
  # Release run cannot see: the readers and rules (rules/), the engines on small problems
  # (engines/), the properties over generated positions (property/) and the fuzz corpora (fuzz/).
  # The command-line contracts (cli/) and the corpora end to end (corpus/) run the same code on
  # longer inputs and check text and verdicts, which the Release pass above does. The cases that
  # run the arbiter program ([cli]) are left out, and the program is not built. Warnings are
  # errors in the Release build only.
  arbiter_install_fuzz_packages
  fuzz_targets=""
  for h in $ARBITER_FUZZ_HARNESSES; do fuzz_targets="$fuzz_targets fuzz_$h"; done
  ARBITER_TARGET="arbiter_tests_rules arbiter_tests_engines arbiter_tests_property arbiter_tests_fuzz$fuzz_targets" \
    arbiter_build "$ARBITER_SANITIZE_DIR" "${ARBITER_SANITIZE_ARGS[@]}"
  echo "== fuzzing (tests/fuzz.sh, 10 s per harness, two at a time)"
  FUZZ_JOBS="${FUZZ_JOBS:-$(nproc)}" bash "$ARBITER_ROOT/tests/fuzz.sh" 10
  echo "== tests (AddressSanitizer + UndefinedBehaviorSanitizer + _GLIBCXX_ASSERTIONS): rules, engines, property, fuzz"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$ARBITER_SANITIZE_DIR" --output-on-failure -j "$(nproc)" -L "^(rules|engines|property|fuzz)$"
fi
