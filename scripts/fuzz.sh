#!/usr/bin/env bash
# Fuzz smoke of every reader (issue 21): builds the libFuzzer harnesses of
# tests/fuzz with clang (-fsanitize=fuzzer,address,undefined; the engine with
# fuzzer-no-link) in the sanitizer build (scripts/sanitizer-build.sh,
# $CF_SANITIZE_BUILD_DIR, default build-san: scripts/sanitize.sh has built
# them when it ran first), runs each for
# SECONDS from its seed corpus (tests/fuzz/corpus/<harness>) and prints the
# executions and crashes of each. Exit 1 on any crash, leak, timeout or
# out-of-memory; the reproducers are in <build>/fuzz-artifacts/<harness>/,
# the inputs found in <build>/fuzz-corpus/<harness>/.
# Usage: scripts/fuzz.sh [SECONDS-PER-HARNESS (60)] [HARNESS...]
#        CF_FUZZ_RUNS=1000000 scripts/fuzz.sh 0 [HARNESS...]  (a number of executions
#        each instead of a time: the long run of the closing note)
# SQLite and scratch files go to /dev/shm when it is writable (TMPDIR): the
# project and sweep-result readers run about twice as fast off the disk.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/sanitizer-build.sh"
BUILD="$SAN_BUILD"
SECONDS_EACH="${1:-60}"
shift $(( $# > 0 ? 1 : 0 ))
HARNESSES=("$@")
[ ${#HARNESSES[@]} -gt 0 ] || HARNESSES=(fuzz_scenario fuzz_project fuzz_topology_dot fuzz_topology_csv fuzz_sweep_spec fuzz_sweep_results fuzz_waterfall fuzz_sched_json fuzz_sched_csv)

sanitizer_configure
cmake --build "$BUILD" -j "$JOBS" --target "${HARNESSES[@]}"

# Dictionaries: JSON keys of the formats for the JSON readers, the syntax of DOT and CSV.
dict_of() {
  case "$1" in
    fuzz_topology_dot) echo "$ROOT/tests/fuzz/dot.dict" ;;
    fuzz_topology_csv|fuzz_sched_csv) echo "$ROOT/tests/fuzz/csv.dict" ;;
    *) echo "$ROOT/tests/fuzz/json.dict" ;;
  esac
}

# A smaller quarantine than the default 256 MB: twice the executions on this VM.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:quarantine_size_mb=32}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
[ -w /dev/shm ] && export TMPDIR=/dev/shm
LIMIT=(-max_total_time="$SECONDS_EACH")
[ -n "${CF_FUZZ_RUNS:-}" ] && LIMIT=(-runs="$CF_FUZZ_RUNS")
failed=0
printf '%-20s %12s %8s\n' harness executions crashes
for h in "${HARNESSES[@]}"; do
  corpus="$BUILD/fuzz-corpus/$h" artifacts="$BUILD/fuzz-artifacts/$h"
  rm -rf "$artifacts"  # the reproducers of this run only
  mkdir -p "$corpus" "$artifacts"
  log="$artifacts/fuzz.log"
  # -timeout: one input taking this long is a finding (unbounded work), as is
  # an allocation past -rss_limit_mb.
  "$BUILD/tests/fuzz/$h" "$corpus" "$ROOT/tests/fuzz/corpus/$h" -dict="$(dict_of "$h")" \
    "${LIMIT[@]}" -timeout=30 -rss_limit_mb=2560 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" >"$log" 2>&1 || true
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)"
  crashes="$(find "$artifacts" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)"
  printf '%-20s %12s %8s\n' "$h" "${runs:-?}" "$crashes"
  if [ "$crashes" -gt 0 ] || [ -z "$runs" ]; then
    failed=1
    echo "--- $h: $log" >&2
    grep -E -A12 'ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|libFuzzer|LeakSanitizer)|runtime error|uncaught exception|terminate called' "$log" | head -n 40 >&2 || tail -n 30 "$log" >&2
    find "$artifacts" -maxdepth 1 -type f ! -name fuzz.log | sed 's/^/    reproducer: /' >&2
  fi
done
exit "$failed"
