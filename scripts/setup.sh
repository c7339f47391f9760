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
cmake -S "$ROOT" -B "$BUILD" "${GENERATOR[@]}" -DCMAKE_BUILD_TYPE=Release ${CF_CMAKE_ARGS:-}
cmake --build "$BUILD" -j "$JOBS"
