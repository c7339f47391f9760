#!/usr/bin/env bash
# Stages a CUDA build for scripts/gpu-check.sh on a GPU machine that lacks the
# build's dependencies (the lent H200 has nvcc but no Qt, TBB, Boost, ...):
# copies the CLI, the CUDA-backend tests and benchmarks of BUILD into
# STAGE/bin and the shared libraries they load, other than the C runtime's,
# into STAGE/lib. Then, there: CF_GPU_PREBUILT=STAGE scripts/gpu-check.sh
# Usage: scripts/gpu-stage.sh [BUILD (build-gpu)] [STAGE (.gpustage)]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build-gpu}"
STAGE="${2:-$ROOT/.gpustage}"
rm -rf "$STAGE"
mkdir -p "$STAGE/bin" "$STAGE/lib"
for b in app/cli/clusterforge-cli tests/core/reliability/tst_reliability_gpu tests/core/netsim/tst_netsim \
  tests/core/perf/tst_perf_search tests/bench/reliability/bench_reliability tests/bench/netsim/bench_netsim; do
  cp "$BUILD/$b" "$STAGE/bin/"
  strip "$STAGE/bin/$(basename "$b")"
done
# Every library the binaries resolve here, except glibc's own (the machine has a newer one).
ldd "$STAGE"/bin/* | awk '/=> \//{print $3}' | sort -u | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so*|libm.so*|libstdc++.so*|libpthread.so*|libdl.so*|librt.so*|ld-linux*|libgcc_s.so*) ;;
    *) cp -L "$lib" "$STAGE/lib/" ;;
  esac
done
du -sh "$STAGE"
