#!/usr/bin/env bash
# Sanitizer job of CI (issue 21): builds core/, the CLI, the core and CLI
# tests and the fuzz harnesses (no GUI) with AddressSanitizer +
# UndefinedBehaviorSanitizer (scripts/sanitizer-build.sh: clang, the build
# scripts/fuzz.sh uses too) in $CF_SANITIZE_BUILD_DIR (default build-san) and
# runs the tests under them:
# any memory error, leak (third-party leaks: tests/sanitize/lsan.supp) or
# undefined behaviour fails the test. Extra arguments go to ctest.
# Usage: scripts/sanitize.sh [ctest arguments]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/sanitizer-build.sh"
sanitizer_configure
cmake --build "$SAN_BUILD" -j "$JOBS"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export LSAN_OPTIONS="suppressions=$ROOT/tests/sanitize/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# MPI ranks (tst_sweep_cli under mpirun) unwind with DWARF at each malloc: OpenMPI
# unloads its plugins at MPI_Finalize, so only a full stack down to
# MPI_Init_thread lets lsan.supp recognise their leaks. Set for the ranks only
# (mpirun's mca_base_env_list): it would slow every other test several times.
export OMPI_MCA_mca_base_env_list="ASAN_OPTIONS=$ASAN_OPTIONS:fast_unwind_on_malloc=0"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
# Left out: tst_invariants (its seeded random scenarios take > 300 s under the
# sanitizers; scripts/test.sh runs it in Release).
cd "$SAN_BUILD"
ctest --output-on-failure --no-tests=error -j "$JOBS" -E '^tst_invariants$' "$@"
