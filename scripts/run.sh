#!/usr/bin/env bash
# Builds ClusterForge (installing missing Debian packages) and opens the GUI on an example project.
# Usage: scripts/run.sh [PROJECT]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
PROJECT="${1:-$ROOT/resources/examples/megatron-gpt-145b.cf.json}"
APP="$BUILD/app/gui/clusterforge"
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$APP" "$PROJECT"
fi
# No display: run the window on a virtual one and save a picture of it.
echo "No display found: running ClusterForge on a virtual screen (Xvfb) and saving $BUILD/screenshot.png"
xvfb-run -a -s "-screen 0 1600x1000x24" "$APP" "$PROJECT" --screenshot "$BUILD/screenshot.png"
echo "Saved $BUILD/screenshot.png"
