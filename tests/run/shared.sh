#!/usr/bin/env bash
# shared.sh COLLSIM SRCDIR: rma_shared with several ranks per host (--ranks-per-host).
# Data checks for np in {4, 8, 13, 16}, four ranks per host, roots {0, 1, np-1, np/2}; then
# the modelled copy cost: on one host the leader writes its segment and every other rank reads
# it, each copy m / B_mem with nothing else depending on m, so two sizes differ by exactly
# 2 (m2 - m1) / B_mem.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=$(plat crossbar-64)
for np in 4 8 13 16; do
    for root in $(printf '%s\n' 0 1 $((np - 1)) $((np / 2)) | sort -nu); do
        out=$("$collsim" run --platform "$plat" --ranks-per-host 4 --np "$np" --root "$root" \
            --algo rma_shared --sizes 0,1,1000,65543 --iters 2 --warmup 1 2>&1)
        assert_eq "rma_shared np=$np root=$root status" 0 $?
        assert_eq "rma_shared np=$np root=$root rows" 4 "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
        printf '%s' "$out" | grep -q INVALID && fail "rma_shared np=$np root=$root: $out"
    done
done
m1=1000 m2=1001000 bw=1e9
COLLSIM_MEMCPY_BW=$bw "$collsim" run --platform "$plat" --ranks-per-host 4 --np 4 --root 2 \
    --algo rma_shared --sizes $m1,$m2 --iters 1 --quiet --csv "$tmp/t.csv" --trace "$tmp/t.trace"
assert_eq "one-host run" 0 $?
grep -q 'ranks_per_host=4;' "$tmp/t.trace" && pass || fail "the trace's settings do not say 4 ranks per host"
got=$(csv_col "$tmp/t.csv" avg_s | awk 'NR == 1 { a = $1 } NR == 2 { b = $1 } END { printf "%.12g", b - a }')
assert_near "t(m2) - t(m1) = 2 (m2 - m1) / B_mem" "$(awk "BEGIN { printf \"%.12g\", 2 * ($m2 - $m1) / $bw }")" "$got" 1e-6
assert_one_line_error "--ranks-per-host 0" "$collsim" run --platform "$plat" --ranks-per-host 0 --algo rma_shared
finish
