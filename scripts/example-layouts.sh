#!/usr/bin/env bash
# Regenerates the layout of every example in resources/examples (issue 30:
# every example opens with its layout in the Hall and Racks tabs) with
# `clusterforge-cli layout` — the generator and inputs of Racks › Generate
# layout — after a change to the layout generator or to an example's design.
#
# A .cfproj is rewritten by the CLI itself. A JSON example keeps every byte
# outside its "layout" keys: the CLI writes the laid-out file to a temporary
# folder, and each scenario's "layout" is put back into the example's own text
# (replacing the one there, else appended as the scenario's last key), one
# placement a line. Sweep specs are left alone: a base file is an example of
# its own; an inline base is not laid out, as its variants change the cluster.
# tests/cli/tst_layout_cli checks that every example's layout is the one the
# CLI generates today.
#
# Usage: scripts/example-layouts.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
CLI="${1:-build}/app/cli/clusterforge-cli"
[[ -x "$CLI" ]] || { echo "no $CLI: build clusterforge-cli first" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

for f in resources/examples/*.json resources/examples/*.cfproj; do
  name=$(basename "$f")
  if grep -q '"format": *"clusterforge.sweep/' "$f" 2>/dev/null; then
    echo "$name: a sweep spec, left alone"
    continue
  fi
  if [[ "$f" == *.cfproj ]]; then
    "$CLI" layout "$f" -o "$f" >/dev/null
    echo "$name: laid out"
    continue
  fi
  "$CLI" layout "$f" -o "$TMP/$name" >/dev/null
  python3 - "$f" "$TMP/$name" <<'PY'
import json, sys

example, generated = sys.argv[1], sys.argv[2]
text = open(example, encoding="utf-8").read()
gen = json.load(open(generated, encoding="utf-8"))
layouts = [s.get("layout") for s in gen["scenarios"]] if "scenarios" in gen else [gen.get("layout")]


def skip_ws(i):
    while text[i] in " \t\r\n":
        i += 1
    return i


def end_of_string(i):  # i at the opening quote; returns the index after the closing one
    i += 1
    while text[i] != '"':
        i += 2 if text[i] == "\\" else 1
    return i + 1


def end_of_value(i):
    i = skip_ws(i)
    if text[i] == '"':
        return end_of_string(i)
    if text[i] in "{[":
        depth = 0
        while True:
            c = text[i]
            if c == '"':
                i = end_of_string(i)
                continue
            if c in "{[":
                depth += 1
            elif c in "}]":
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
    while text[i] not in ",}] \t\r\n":
        i += 1
    return i


def members(i):  # i at "{": [(key, key_start, value_end)], index of the closing brace
    out = []
    i = skip_ws(i + 1)
    while text[i] != "}":
        k0 = i
        k1 = end_of_string(i)
        key = json.loads(text[k0:k1])
        i = skip_ws(k1)
        assert text[i] == ":"
        v1 = end_of_value(i + 1)
        out.append((key, k0, v1))
        i = skip_ws(v1)
        if text[i] == ",":
            i = skip_ws(i + 1)
    return out, i


def dump(v, indent):  # pretty, with one placement a line
    pad, inner = " " * indent, " " * (indent + 2)
    if isinstance(v, dict) and "u" in v and "kind" in v:
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, dict):
        if not v:
            return "{}"
        items = [inner + json.dumps(k, ensure_ascii=False) + ": " + dump(x, indent + 2) for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(v, list):
        if not v:
            return "[]"
        return "[\n" + ",\n".join(inner + dump(x, indent + 2) for x in v) + "\n" + pad + "]"
    return json.dumps(v, ensure_ascii=False)


top = skip_ws(0)
top_members, _ = members(top)
if any(k == "scenarios" for k, _, _ in top_members):
    k, k0, v1 = next(m for m in top_members if m[0] == "scenarios")
    i = skip_ws(text.index(":", k0 + len('"scenarios"')) + 1)
    assert text[i] == "["
    objects = []
    i = skip_ws(i + 1)
    while text[i] != "]":
        objects.append(i)
        i = skip_ws(end_of_value(i))
        if text[i] == ",":
            i = skip_ws(i + 1)
else:
    objects = [top]
assert len(objects) == len(layouts), "scenario count differs from the generated file"

# Edit from the last scenario backwards, so earlier offsets stay valid.
for obj, layout in reversed(list(zip(objects, layouts))):
    ms, close = members(obj)
    first_key = ms[0][1]
    line_start = text.rindex("\n", 0, first_key) + 1
    key_indent = first_key - line_start
    old = [m for m in ms if m[0] == "layout"]
    if old:  # drop the old layout with the comma before it (or after it, when it is first)
        idx = ms.index(old[0])
        if idx > 0:
            cut0, cut1 = ms[idx - 1][2], old[0][2]
        else:
            cut0, cut1 = old[0][1], ms[1][1] if len(ms) > 1 else old[0][2]
        text = text[:cut0] + text[cut1:]
        ms, close = members(obj)
    if layout is None:
        continue
    last_end = ms[-1][2]
    member = ",\n" + " " * key_indent + '"layout": ' + dump(layout, key_indent)
    text = text[:last_end] + member + text[last_end:]

json.loads(text)  # still JSON
open(example, "w", encoding="utf-8").write(text)
PY
  echo "$name: laid out"
done
