#!/usr/bin/env bash
# The main job: installs missing Debian packages, builds (Release), and checks every puzzle
# shipped in puzzles/: problem files (a [Stipulation] tag, or Popeye input) are verified
# against the prover, game records are replayed move by move. Exit 0 only if every claim holds,
# or, for a problem whose published solution is known to fail on the position shipped (a
# reconstruction, tag [ExpectedVerdict "refuted"]), if verify still gives exactly that verdict.
set -uo pipefail
source "$(dirname "$0")/../.ci/bootstrap.sh"
ARBITER_TARGET=arbiter arbiter_build "$ARBITER_ROOT/build" || exit 2

arbiter="$ARBITER_BUILD/solver/arbiter"
passed=0; failed=0; failures=""
while IFS= read -r file; do
  if grep -qiE '^\[Stipulation |^ *(beginproblem|begin) *$' "$file"; then kind=verify; else kind=replay; fi
  echo "== $kind ${file#$ARBITER_ROOT/}"
  expected=$(sed -n 's/^\[ExpectedVerdict "\([a-z]*\)"\]$/\1/p' "$file")
  if [ -n "$expected" ]; then
    out=$("$arbiter" "$kind" "$file"); echo "$out"
    if grep -qx "verify: $expected" <<< "$out"; then
      echo "(the verdict '$expected' is the one this file records as expected)"
      passed=$((passed + 1))
    else
      failed=$((failed + 1)); failures="$failures ${file#$ARBITER_ROOT/}"
    fi
  elif "$arbiter" "$kind" "$file"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); failures="$failures ${file#$ARBITER_ROOT/}"
  fi
  echo
done < <(find "$ARBITER_ROOT/puzzles" \( -name '*.pgn' -o -name '*.inp' \) | sort)
[ -n "$failures" ] && echo "failed:$failures"
echo "puzzles: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
