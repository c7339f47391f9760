#!/usr/bin/env bash
# Shared set-up for run.sh and test.sh: installs missing Debian packages (a quick
# no-op when all are present), configures and builds in Release.
# Usage: source scripts/setup.sh   (sets ROOT and BUILD)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${CF_BUILD_DIR:-$ROOT/build}"

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-qpa-plugins libqt6sql6-sqlite libqt6opengl6-dev libgl-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  libboost-graph-dev libsqlite3-dev librandom123-dev libtbb-dev nlohmann-json3-dev libcli11-dev
  libopenmpi-dev openmpi-bin libbenchmark-dev
  xvfb xauth imagemagick poppler-utils desktop-file-utils appstream fonts-noto-cjk file dpkg-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing missing packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  if ! $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends "${missing[@]}"; then
    $SUDO apt-get -o DPkg::Lock::Timeout=600 update
    $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends "${missing[@]}"
  fi
fi

JOBS="$(nproc 2>/dev/null || echo 2)"
GENERATOR=()
command -v ninja >/dev/null && [ ! -f "$BUILD/Makefile" ] && GENERATOR=(-G Ninja)
cmake -S "$ROOT" -B "$BUILD" "${GENERATOR[@]}" -DCMAKE_BUILD_TYPE=Release ${CF_CMAKE_ARGS:-}
cmake --build "$BUILD" -j "$JOBS"
