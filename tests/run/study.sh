#!/usr/bin/env bash
# study.sh COLLSIM SRCDIR: the README's main command, on fewer sizes: every platform gets its
# table, CSV, trace (read by pj_dump), analysis and plots, and the summary has a row per
# platform and algorithm.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" study --sizes 16,64K --iters 1 --out "$tmp/s" >"$tmp/out" 2>"$tmp/err"
assert_eq "study status" 0 $?
for p in ring-64 torus-8x8 hypercube-6 fattree-64 xl250a; do
    for f in "$p.csv" "$p.trace" "$p.analysis.txt" "$p.analysis.csv"; do
        [ -s "$tmp/s/$f" ] && pass || fail "missing $f"
    done
    if command -v gnuplot >/dev/null; then
        [ -s "$tmp/s/$p.png" ] && [ -s "$tmp/s/$p-models.png" ] && pass || fail "missing plots of $p"
    fi
    pj_dump -l 9 "$tmp/s/$p.trace" >/dev/null 2>"$tmp/pj" && pass || fail "pj_dump on $p: $(head -1 "$tmp/pj")"
    grep -q "^# phase bcast/binomial/65536/" "$tmp/s/$p.analysis.txt" && pass || fail "no binomial 64 KiB phase in $p's analysis"
done
assert_eq "summary rows (5 platforms x 3 algorithms)" 15 "$(grep -c '^  ' "$tmp/s/summary.txt")"
assert_eq "progress lines" 5 "$(grep -c '^collsim: study [1-5]/5' "$tmp/err")"
finish
