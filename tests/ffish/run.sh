#!/usr/bin/env bash
# Fairy-Stockfish (ffish, pinned in package-lock.json) as the oracle of the fairy rule set's moves:
#   bash tests/ffish/run.sh BUILD_DIR [POSITIONS DEPTH]
# Perft of `arbiter perft --variant fairy` against ffish's on random positions holding the fairy
# pieces both express (perft_compare.js); 60 positions at depth 2 by default, the benchmark's
# 1,000 at depth 3 when asked. Needs Node.js (tests/run.sh's set-up installs it).
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: bash tests/ffish/run.sh BUILD_DIR [POSITIONS DEPTH]" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$(cd "$1" && pwd)
positions=${2:-60}
depth=${3:-2}
if ! command -v node >/dev/null 2>&1; then
  echo "ffish oracle: no Node.js" >&2
  exit 2
fi
if [ ! -x "$build/solver/arbiter" ]; then
  echo "ffish oracle: no $build/solver/arbiter (build first)" >&2
  exit 2
fi
# ffish as pinned in package-lock.json.
source "$here/../../.ci/bootstrap.sh"
arbiter_npm_ci "$here" ffish
node "$here/perft_compare.js" "$build/solver/arbiter" --positions "$positions" --depth "$depth" --seed 1
