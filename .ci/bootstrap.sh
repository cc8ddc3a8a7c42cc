# Sourced by tests/run.sh and puzzles/verify.sh: install what is missing, configure, build.
# Usage: arbiter_build BUILD_DIR [extra cmake args...]   (sets ARBITER_BUILD to the directory)
# ARBITER_TARGET="arbiter ..." builds only those targets (the main job needs only the command).

ARBITER_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ARBITER_PACKAGES="g++ cmake ninja-build ccache catch2 libboost-graph-dev libz3-dev libcli11-dev nlohmann-json3-dev libfmt-dev libsqlite3-dev libopenmpi-dev openmpi-bin pkg-config libcpp-httplib-dev stockfish"
# The fuzz step only (tests/fuzz.sh): clang 14 and its runtime libraries, libFuzzer's among them
# (/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a).
ARBITER_FUZZ_PACKAGES="clang libclang-rt-14-dev"

# Installs those of the packages given (default: ARBITER_PACKAGES) that are missing.
arbiter_install_packages() {
  local missing=""
  for p in ${*:-$ARBITER_PACKAGES}; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "== installing Debian packages:$missing"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
}

# The studio's browser tests only (tests/studio/run.sh): Debian's Chromium, and Node.js with npm
# for the pinned playwright-core (tests/studio/package-lock.json) when the machine has no Node.
ARBITER_BROWSER_PACKAGES="chromium"

arbiter_install_browser_packages() {
  local extra="$ARBITER_BROWSER_PACKAGES"
  command -v node >/dev/null 2>&1 || extra="$extra nodejs"
  command -v npm >/dev/null 2>&1 || extra="$extra npm"
  arbiter_install_packages $ARBITER_PACKAGES $extra
}

# The npm packages a test folder pins in its package-lock.json (tests/studio/, tests/ffish/),
# installed into its node_modules; again only when the lock file is newer than the install.
# Usage: arbiter_npm_ci DIR PACKAGE   (PACKAGE: one the lock file holds, to see whether it is there)
arbiter_npm_ci() {
  local dir="$1" package="$2"
  if [ ! -d "$dir/node_modules/$package" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund)
    touch "$dir/node_modules"
  fi
}

arbiter_install_fuzz_packages() {
  arbiter_install_packages $ARBITER_PACKAGES $ARBITER_FUZZ_PACKAGES
}

# The sanitizer build (tests/run.sh's second pass and tests/fuzz.sh share it, in build-sanitize/):
# clang with AddressSanitizer, UndefinedBehaviorSanitizer and the standard library's assertions
# (_GLIBCXX_ASSERTIONS: an index past a vector's end, front() of an empty one, which ASan misses
# when the memory read still belongs to the container), coverage for libFuzzer, -O1 with line
# tables only (the sanitizers need no more; clang builds this in about half GCC's time). Without
# MPI (Open MPI's allocations at start-up are leaks to LeakSanitizer) nor the studio.
ARBITER_SANITIZE_DIR="$ARBITER_ROOT/build-sanitize"
ARBITER_SANITIZE_ARGS=(-DCMAKE_CXX_COMPILER=clang++ -DARBITER_SANITIZE=ON -DARBITER_FUZZ=ON -DARBITER_WERROR=OFF
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -D_GLIBCXX_ASSERTIONS"
  -DARBITER_MPI=OFF -DARBITER_STUDIO=OFF)
ARBITER_FUZZ_HARNESSES="fen move pgn problem statement certificate interpret"

arbiter_build() {
  local dir="$1"; shift
  arbiter_install_packages
  echo "== configuring and building in $dir"
  cmake -S "$ARBITER_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build "$dir" -j "$(nproc)" ${ARBITER_TARGET:+--target $ARBITER_TARGET}
  ARBITER_BUILD="$dir"
}
