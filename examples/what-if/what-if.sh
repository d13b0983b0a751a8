#!/usr/bin/env bash
# what-if.sh BUILD_DIR [WORK_DIR]: what if the same 16 nodes were wired as a ring, a 4x4 torus,
# a full fat tree or a 2:1 oversubscribed one? Makes the four platforms with `collsim platform`,
# runs the same broadcasts on each and prints one comparison table (README.md beside this file).
# WORK_DIR (default: a temporary folder, removed at the end) keeps the platforms and CSV files.
set -eu
build=$(cd "${1:?usage: examples/what-if/what-if.sh BUILD_DIR [WORK_DIR]}" && pwd)
collsim=$build/collsim
source "$(dirname "$0")/../lib.sh"
algos=binomial,pipeline_chain,scatter_allgather_ring,two_tree
sizes=1K,1M
platforms=(ring-16 torus-4x4 fattree-16 fattree-16-2to1)
example_workdir "${@:2}" # relative names from here: smpirun splits a path at its spaces

"$collsim" platform ring --nodes 16 -o "ring-16.xml"
"$collsim" platform torus --dims 4x4 -o "torus-4x4.xml"
"$collsim" platform fattree --nodes 16 -o "fattree-16.xml"
"$collsim" platform fattree --nodes 16 --oversubscription 2 -o "fattree-16-2to1.xml"

echo "what-if: the same broadcasts on 16 nodes wired four ways (1 us, 10 GB/s links; clean"
echo "model, root 0, one call per size: the simulation is deterministic)"
echo
printf '%-17s %6s %9s %10s %17s\n' platform links diameter bisection 'links a node'
for p in "${platforms[@]}"; do
    "$collsim" platform info "$p.xml" >"$p.info"
    printf '%-17s %6s %9s %10s %17s\n' "$p" \
        "$(sed -n 's/^links: //p' "$p.info")" \
        "$(sed -n 's/^diameter: //p' "$p.info")" \
        "$(sed -n 's/^bisection: \([0-9-]*\).*/\1/p' "$p.info")" \
        "$(sed -n 's/^injection: \([0-9]*\).*/\1/p' "$p.info")"
    "$collsim" run --platform "$p.xml" --algo "$algos" --sizes "$sizes" --quiet \
        --csv "$p.csv"
done
echo

csvs=()
for p in "${platforms[@]}"; do csvs+=("$p.csv"); done
# One row per (algorithm, size), one column per platform, in us; the CSV's columns are found
# by their header names. The last column names the fastest platform.
awk -F, -v order="${platforms[*]}" '
    FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
        key = $col["algorithm"] SUBSEP $col["bytes"]
        if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
        t[key, $col["platform"]] = $col["avg_s"] * 1e6
    }
    END {
        np = split(order, plat, " ")
        printf "%-24s %8s", "time of a call (us)", "bytes"
        for (j = 1; j <= np; j++) printf " %16s", plat[j]
        printf "  fastest\n"
        for (k = 1; k <= nk; k++) {
            split(keys[k], ab, SUBSEP)
            printf "%-24s %8d", ab[1], ab[2]
            best = ""
            for (j = 1; j <= np; j++) {
                v = t[keys[k], plat[j]]
                printf " %16.3f", v
                if (best == "" || v < bv) { best = plat[j]; bv = v }
            }
            printf "  %s\n", best
        }
    }' "${csvs[@]}"
