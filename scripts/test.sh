#!/usr/bin/env bash
# Builds ClusterForge (installing missing Debian packages) and runs every test suite, offscreen.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
cd "$BUILD"
ctest --output-on-failure --no-tests=error -j "$JOBS" "$@"
