#!/usr/bin/env bash
# Headless browser tests of Arbiter Studio (arbiter serve and solver/studio/web/):
#   bash tests/studio/run.sh BUILD_DIR [SCREENSHOT_DIR]
# Needs Chromium (/usr/bin/chromium, or $CHROMIUM) and Node.js; skipped (exit 0) without Chromium.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: bash tests/studio/run.sh BUILD_DIR [SCREENSHOT_DIR]" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$(cd "$1" && pwd)
shots=${2:-}
chromium=${CHROMIUM:-/usr/bin/chromium}

if [ ! -x "$chromium" ]; then
  echo "studio browser tests skipped: no Chromium"
  exit 0
fi
if ! command -v node >/dev/null 2>&1; then
  echo "studio browser tests skipped: no Node.js"
  exit 0
fi
# playwright-core 1.64 wants Node.js 20 or later (its "engines"); Debian 12's own nodejs is 18.
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "studio browser tests: Node.js $(node --version) is older than playwright-core 1.64.1 needs (20 or later)" >&2
  exit 2
fi
if [ ! -x "$build/solver/arbiter" ]; then
  echo "studio browser tests: no $build/solver/arbiter (build first)" >&2
  exit 2
fi

# playwright-core as pinned in package-lock.json.
source "$here/../../.ci/bootstrap.sh"
arbiter_npm_ci "$here" playwright-core

if [ -n "$shots" ]; then
  mkdir -p "$shots"
  shots=$(cd "$shots" && pwd)
fi
ARBITER="$build/solver/arbiter" SCREENSHOTS="$shots" CHROMIUM="$chromium" exec node "$here/studio.test.mjs"
