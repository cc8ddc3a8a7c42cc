#!/usr/bin/env bash
# Fuzzes every reader: builds the libFuzzer harnesses with clang (AddressSanitizer and
# UndefinedBehaviorSanitizer, in the sanitizer build build-sanitize/ that tests/run.sh shares), then runs each for SECONDS from a copy of its seed
# corpus (tests/fuzz/corpus/<harness>/ and the saved regressions/<harness>/, with the tokens of
# tests/fuzz/dict/<harness>.dict; nothing under tests/ is written). Stops at the first crash,
# hang (an input slower than FUZZ_TIMEOUT seconds) or broken property and prints the
# reproducer's path; else prints each harness's figures.
#   bash tests/fuzz.sh [SECONDS_PER_HARNESS]     default 20
# Environment: FUZZ_HARNESSES="fen pgn" (a subset), FUZZ_JOBS=2 (two harnesses at once),
# FUZZ_TIMEOUT (default 10 s).
# Reproduce a crash: build-sanitize/tests/fuzz/fuzz_<harness> <reproducer>; once fixed, save the
# input as tests/fuzz/regressions/<harness>/<name> (the "[fuzz]" Catch2 test runs it).
set -euo pipefail
source "$(dirname "$0")/../.ci/bootstrap.sh"

seconds="${1:-20}"
harnesses="${FUZZ_HARNESSES:-$ARBITER_FUZZ_HARNESSES}"
jobs="${FUZZ_JOBS:-1}"
timeout="${FUZZ_TIMEOUT:-10}"
build="$ARBITER_SANITIZE_DIR"
fuzz_src="$ARBITER_ROOT/tests/fuzz"

arbiter_install_fuzz_packages
echo "== configuring and building the fuzz harnesses in $build (clang, ASan + UBSan)"
started=$(date +%s)
cmake -S "$ARBITER_ROOT" -B "$build" -G Ninja "${ARBITER_SANITIZE_ARGS[@]}" >/dev/null
targets=""
for h in $harnesses; do targets="$targets fuzz_$h"; done
cmake --build "$build" -j "$(nproc)" --target $targets
echo "== built in $(( $(date +%s) - started )) s"

# One harness: its own directory under build-sanitize/runs/ with a fresh corpus copy, a log and the
# crash artifacts.
run_one() {
  local h="$1" dir="$build/runs/$1"
  rm -rf "$dir"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  cp "$fuzz_src/corpus/$h"/* "$dir/corpus/"
  if [ -d "$fuzz_src/regressions/$h" ] && [ -n "$(ls -A "$fuzz_src/regressions/$h")" ]; then
    cp "$fuzz_src/regressions/$h"/* "$dir/corpus/"
  fi
  rm -f "$dir/corpus/README.md"
  local status=0 dict=""
  [ -f "$fuzz_src/dict/$h.dict" ] && dict="-dict=$fuzz_src/dict/$h.dict"
  "$build/tests/fuzz/fuzz_$h" "$dir/corpus" -max_total_time="$seconds" -timeout="$timeout" -max_len=8192 \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/" $dict >"$dir/log" 2>&1 || status=$?
  echo "$status" >"$dir/status"
}

summary() {
  local h="$1" dir="$build/runs/$1"
  local execs cov ft corpus
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$dir/log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$dir/log" | tail -1 | cut -d' ' -f2)
  corpus=$(find "$dir/corpus" -type f | wc -l)
  printf '%-12s %12s %8s %8s %8s\n' "$h" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$corpus"
}

failed=""
report_failure() {
  local h="$1" dir="$build/runs/$1"
  echo "== fuzz_$h FAILED (exit status $(cat "$dir/status")); the end of its log ($dir/log):"
  tail -n 40 "$dir/log"
  local reproducer
  reproducer=$(find "$dir/artifacts" -type f | head -1)
  echo "== reproducer: ${reproducer:-none saved (see the log)}"
  echo "   rerun it: $build/tests/fuzz/fuzz_$h ${reproducer:-<input>}"
  failed="$failed $h"
}

# A sanitizer report names where it happened; a UBSan report stops the run like a crash.
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
echo "== fuzzing each harness for $seconds s ($jobs at a time)"
set -- $harnesses
while [ $# -gt 0 ]; do
  batch=""
  for _ in $(seq "$jobs"); do
    [ $# -gt 0 ] || break
    batch="$batch $1"
    shift
  done
  pids=""
  for h in $batch; do
    run_one "$h" &
    pids="$pids $!"
  done
  for p in $pids; do wait "$p"; done
  for h in $batch; do
    [ "$(cat "$build/runs/$h/status")" = 0 ] || report_failure "$h"
  done
  [ -z "$failed" ] || exit 1
done

printf '%-12s %12s %8s %8s %8s\n' harness executions cov ft corpus
for h in $harnesses; do summary "$h"; done
echo "== fuzzing passed: no crash, hang, sanitizer report or broken property ($(( $(date +%s) - started )) s in all)"
