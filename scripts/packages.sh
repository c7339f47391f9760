#!/usr/bin/env bash
# Installs the Debian packages the builds, tests and checks need that are
# missing (a quick no-op when all are present). Sourced by setup.sh (Release
# build), sanitize.sh and fuzz.sh (clang, its sanitizer runtimes, libFuzzer
# and llvm-symbolizer).
PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-translations-l10n qt6-qpa-plugins libqt6sql6-sqlite libqt6opengl6-dev libgl-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  libboost-graph-dev libsqlite3-dev librandom123-dev libtbb-dev nlohmann-json3-dev libcli11-dev
  libopenmpi-dev openmpi-bin libbenchmark-dev
  clang clang-format clang-tidy libclang-rt-14-dev llvm
  xvfb xauth imagemagick poppler-utils qpdf desktop-file-utils appstream fonts-noto-cjk file dpkg-dev
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

