#!/usr/bin/env bash
# Shared set-up for run.sh and test.sh: installs missing Debian packages (a quick
# no-op when all are present), configures and builds in Release.
# Usage: source scripts/setup.sh   (sets ROOT and BUILD)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${CF_BUILD_DIR:-$ROOT/build}"

source "$ROOT/scripts/packages.sh"

JOBS="$(nproc 2>/dev/null || echo 2)"
GENERATOR=()
command -v ninja >/dev/null && [ ! -f "$BUILD/Makefile" ] && GENERATOR=(-G Ninja)
# A build from nothing compiles each library in batches (CF_UNITY_BUILD: about
# half the CPU); an existing build folder keeps what it was configured with.
UNITY=()
[ -f "$BUILD/CMakeCache.txt" ] || UNITY=(-DCF_UNITY_BUILD=ON)
cmake -S "$ROOT" -B "$BUILD" "${GENERATOR[@]}" -DCMAKE_BUILD_TYPE=Release "${UNITY[@]}" ${CF_CMAKE_ARGS:-}
cmake --build "$BUILD" -j "$JOBS"
