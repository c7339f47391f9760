#!/usr/bin/env bash
# One sanitizer build for scripts/sanitize.sh and scripts/fuzz.sh (issue 21):
# clang, AddressSanitizer + UndefinedBehaviorSanitizer, libFuzzer coverage on
# the engine (fuzzer-no-link; the harnesses link libFuzzer's main), -O1 with
# line tables only (enough for sanitizer stack traces, far cheaper to compile
# than full debug information), a unity build, no GUI. The core and CLI tests
# and the fuzz harnesses share the engine's objects, so CI compiles it once.
# Usage: source scripts/sanitizer-build.sh; sanitizer_configure  (sets SAN_BUILD)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SAN_BUILD="${CF_SANITIZE_BUILD_DIR:-$ROOT/build-san}"
JOBS="$(nproc 2>/dev/null || echo 2)"

source "$ROOT/scripts/packages.sh"

sanitizer_configure() {
  local san="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
  local launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$ROOT" -B "$SAN_BUILD" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" "-DCMAKE_CXX_FLAGS=$san" "${launcher[@]}" \
    -DCF_BUILD_FUZZERS=ON -DCF_BUILD_TESTS=ON -DCF_BUILD_GUI=OFF -DCF_BUILD_BENCH=OFF -DCF_WITH_CUDA=OFF \
    -DCF_TEST_TIMEOUT_SCALE=3 -DCF_UNITY_BUILD=ON >/dev/null
}
