#!/usr/bin/env bash
# Checks that the C++ lines changed since BASE (default: the parent of HEAD)
# follow .clang-format; prints the diff clang-format wants and exits 1 if not.
# Only changed lines are checked, so older code is reformatted as it is edited.
#   scripts/format-check.sh [BASE]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
base="${1:-HEAD~1}"
git rev-parse --verify -q "$base^{commit}" >/dev/null || { echo "format-check: no commit $base, nothing checked"; exit 0; }
gcf="$(command -v git-clang-format-14 || command -v git-clang-format || true)"
[ -n "$gcf" ] || { echo "format-check: git-clang-format not installed, nothing checked"; exit 0; }
binary="$(command -v clang-format-14 || command -v clang-format)"
out="$("$gcf" --binary "$binary" --diff --extensions cpp,h,cu "$base" HEAD 2>&1 || true)"
case "$out" in
  ""|*"no modified files to format"*|*"clang-format did not modify any files"*) echo "format-check: clean"; exit 0 ;;
esac
echo "$out"
echo "format-check: the lines above need clang-format (git clang-format $base)" >&2
exit 1
