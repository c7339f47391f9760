#!/usr/bin/env bash
# The GPU check of a session that has a device (one short script, see the
# brief): builds with CUDA for the device's architecture, runs the tests that
# exercise the CUDA backends (they compare with the CPU themselves), the CUDA
# benchmarks, and compares `simulate --backend cuda` with `--backend cpu` for
# the same seed on two examples. Writes everything under $OUT (default
# ./gpu-check). Exit 1 when a test fails or the backends disagree.
# On a machine without a usable GPU it says so and exits 0 after the build
# (the tests then run their CPU paths only).
# Usage: scripts/gpu-check.sh [CUDA-ARCH (90)]
# With CF_GPU_PREBUILT=DIR it builds nothing: DIR holds bin/ (the CLI, the three
# tests and two benchmarks, built elsewhere with -DCF_WITH_CUDA=ON for ARCH)
# and lib/ (the shared libraries they need that the GPU machine lacks), as
# scripts/gpu-stage.sh makes it; the tests then run directly, not via ctest.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ARCH="${1:-90}"
OUT="${OUT:-$ROOT/gpu-check}"
BUILD="${CF_GPU_BUILD_DIR:-$ROOT/build-gpu}"
JOBS="$(nproc 2>/dev/null || echo 2)"
mkdir -p "$OUT"
nvidia-smi -L >"$OUT/nvidia-smi.txt" 2>&1 || true

PREBUILT="${CF_GPU_PREBUILT:-}"
if [ -n "$PREBUILT" ]; then
  PREBUILT="$(cd "$PREBUILT" && pwd)"
  export LD_LIBRARY_PATH="$PREBUILT/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  CLI="$PREBUILT/bin/clusterforge-cli"
  TESTBIN="$PREBUILT/bin"
  BENCHBIN="$PREBUILT/bin"
else
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCF_WITH_CUDA=ON -DCF_BUILD_GUI=OFF \
    "-DCMAKE_CUDA_ARCHITECTURES=$ARCH" >"$OUT/configure.log" 2>&1
  cmake --build "$BUILD" -j "$JOBS" --target clusterforge-cli tst_reliability_gpu tst_netsim tst_perf_search \
    bench_reliability bench_netsim >"$OUT/build.log" 2>&1
  CLI="$BUILD/app/cli/clusterforge-cli"
  BENCHBIN=""
fi
"$CLI" --version | tee "$OUT/version.txt"
if ! grep -q "^backend: CUDA" "$OUT/version.txt"; then
  echo "gpu-check: the CUDA backend is not usable here (see $OUT/version.txt); nothing to compare"
  exit 0
fi

failed=0
if [ -n "$PREBUILT" ]; then
  for t in tst_reliability_gpu tst_netsim tst_perf_search; do
    echo "== $t" >>"$OUT/tests.log"
    (cd "$TESTBIN" && QT_QPA_PLATFORM=offscreen "./$t") >>"$OUT/tests.log" 2>&1 || { echo "FAILED: $t" >>"$OUT/tests.log"; failed=1; }
  done
  grep -E "^(Totals|FAILED|== )" "$OUT/tests.log" || true
else
(cd "$BUILD" && ctest --output-on-failure -R '^(tst_reliability_gpu|tst_netsim|tst_perf_search)$') \
  >"$OUT/tests.log" 2>&1 || failed=1
fi
tail -n 5 "$OUT/tests.log"
"${BENCHBIN:-$BUILD/tests/bench/reliability}/bench_reliability" --benchmark_out="$OUT/bench_reliability.json" \
  --benchmark_out_format=json >"$OUT/bench_reliability.txt" 2>&1 || failed=1
"${BENCHBIN:-$BUILD/tests/bench/netsim}/bench_netsim" --benchmark_out="$OUT/bench_netsim.json" \
  --benchmark_out_format=json >"$OUT/bench_netsim.txt" 2>&1 || failed=1

# The same seed on both backends. The Monte Carlo draws the same trials on
# either (Random123 counters), so its figures agree to rounding; the flow
# rates solve the same max-min problem.
compare() {  # NAME FILE [simulate options]
  local name="$1" file="$2"
  shift 2
  "$CLI" simulate "$file" --json --backend cpu --seed 7 "$@" >"$OUT/$name-cpu.json"
  "$CLI" simulate "$file" --json --backend cuda --seed 7 "$@" >"$OUT/$name-cuda.json"
  env -u LD_LIBRARY_PATH python3 - "$OUT/$name-cpu.json" "$OUT/$name-cuda.json" "$name" <<'PY' || failed=1
import json, sys
a, b, name = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
# Which backend ran, timings and the count of solves done on the GPU differ by design.
SKIP = ("backend", "backend_detail", "detail", "requested", "elapsed_s", "seconds", "wall_s", "gpu_solves")
worst = [0.0, ""]
def walk(x, y, path):
    if isinstance(x, dict):
        for k in x:
            if k in SKIP or k not in y: continue
            walk(x[k], y[k], path + "." + k)
    elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for i, (u, v) in enumerate(zip(x, y)): walk(u, v, f"{path}[{i}]")
    elif isinstance(x, (int, float)) and isinstance(y, (int, float)) and not isinstance(x, bool):
        rel = abs(x - y) / max(abs(x), abs(y), 1e-12)
        if rel > worst[0]: worst[:] = [rel, path]
walk(a, b, "")
print(f"{name}: largest relative difference CPU vs CUDA {worst[0]:.3g} at {worst[1] or '-'}")
sys.exit(1 if worst[0] > 1e-6 else 0)
PY
}
compare tenk "$ROOT/resources/examples/10k-cards-optics-and-recovery.json"
compare llama-flow "$ROOT/resources/examples/llama3-405b-16k-h100.cf.json" --network flow --trials 200
echo "gpu-check: $([ $failed -eq 0 ] && echo passed || echo FAILED); files in $OUT"
exit $failed
