#!/usr/bin/env bash
# The main job: installs missing Debian packages, builds (Release), and checks every puzzle
# shipped in puzzles/ (games are replayed move by move). Exit 0 only if every claim holds.
set -uo pipefail
source "$(dirname "$0")/../.ci/bootstrap.sh"
arbiter_build "$ARBITER_ROOT/build" || exit 2

arbiter="$ARBITER_BUILD/solver/arbiter"
passed=0; failed=0
while IFS= read -r file; do
  if "$arbiter" replay "$file"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $file"; fi
  echo
done < <(find "$ARBITER_ROOT/puzzles" -name '*.pgn' | sort)
echo "puzzles: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
