#!/usr/bin/env bash
# The main job: installs missing Debian packages, builds (Release), then runs `arbiter regress`
# over puzzles/: every game record is replayed and every problem verified, under the default
# interpretations and under each single alternative. It prints the matrix, writes
# reports/regression.md, and exits 0 only if every puzzle's own expectations hold (a problem's
# [ExpectedVerdict], a record's [ExpectedErrata] / [ExpectedUnverified]) and every default
# judgement equals the committed baseline reports/baseline.json (a difference names the puzzle
# and the first ply that changed). Extra arguments go to `arbiter regress` (see --help).
set -uo pipefail
source "$(dirname "$0")/../.ci/bootstrap.sh"
ARBITER_TARGET=arbiter arbiter_build "$ARBITER_ROOT/build" || exit 2

exec "$ARBITER_BUILD/solver/arbiter" regress "$ARBITER_ROOT/puzzles" "$@"
