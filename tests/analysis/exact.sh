#!/usr/bin/env bash
# exact.sh RECORDS SRCDIR COLLSIM: what the `*` of `collsim analyze` means. A line under
# every model table says it; a model is starred when its conditions hold (k = 1, the run's
# routing, uniform routes and platform parameters for hockney, loggp and plogp; under a
# machine profile only loggp and plogp), not when its error happens to be 0. Worked by hand
# (links of t_h = 1 us and 10 GB/s, b = 0.1 ns/B, m' = m + 16):
# - ring of 8 at 1 MiB, binomial: round k's 2^k messages all cross one link, so the call takes
#   7 (t_h + b m') = 741.0144 us; contention (k = 4) and sfr predict exactly that, unstarred;
# - crossbar at 1 MiB, binomial on 8 ranks: no link shared, every route 2 links: hockney,
#   loggp, plogp, ctr and contention starred, sfr (the run routed cut-through) and logp not;
# - ring of 8, bcast ring at 16 B, o_s = o_r = 3 us a message: each message costs
#   2 o + t_h + 32 b, 4 of them in a row to the far side: 28.0128 us; analyzed with the
#   profile, 7 messages a call (the first one leaves the instant the root's last ready
#   receive and its o_r end), loggp and plogp starred and exact, hockney, ctr and contention
#   (no overheads) not starred although k = 1.
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
legend='  * = the model'"'"'s conditions hold for this run (k = 1, its routing, ...: docs/analysis.md), so it is exact by construction; a 0.000% error without * is a coincidence of this run'
# starred FILE PHASE: the starred models of the phase's table, sorted, space-separated
starred() {
    awk -v ph="# phase $2" 'index($0, ph) == 1 { on = 1; next } /^# phase / { on = 0 }
        on && /^  [a-z]+ *\* / { sub(/\*/, "", $1); print $1 }' "$1" | sort | paste -sd' '
}
# row FILE PHASE MODEL COLUMN: the model's prediction (2) or error (3) in the phase's table
row() {
    awk -v ph="# phase $2" -v m="$3" -v c="$4" 'index($0, ph) == 1 { on = 1; next }
        /^# phase / { on = 0 } { l = $0; sub(/\*/, " ", l); split(l, f, " ") }
        on && f[1] == m { v = f[c]; sub(/%$/, "", v); print v; exit }' "$1"
}

"$collsim" platform ring --nodes 8 -o "$tmp/ring8.xml" >/dev/null || fail "ring of 8"
"$collsim" run --platform "$tmp/ring8.xml" --algo binomial --sizes 1M --iters 1 --warmup 0 --quiet \
    --trace "$tmp/r.trace" >/dev/null || fail "run on ring-8"
"$collsim" analyze "$tmp/r.trace" --platform "$tmp/ring8.xml" --csv "$tmp/r" >"$tmp/r.txt" || fail "analyze ring-8"
ph=bcast/binomial/1048576/
assert_eq "ring-8: the legend under the table" 1 "$(grep -cF "$legend" "$tmp/r.txt")"
assert_near "ring-8 binomial 1 MiB: simulated" 741.0144 "$(sed -n 's/^  simulated \([0-9.]*\) us.*/\1/p' "$tmp/r.txt")" 1e-5
for m in contention sfr; do
    assert_near "ring-8: $m predicts the simulated time" 741.0144 "$(row "$tmp/r.txt" $ph $m 2)" 1e-5
    assert_eq "ring-8: $m's error" 0.000 "$(row "$tmp/r.txt" $ph $m 3 | tr -d +-)"
    assert_eq "ring-8: $m not exact in the CSV" 0 "$(awk -F, -v m=$m '$6 == m { print $9 }' "$tmp/r.models.csv")"
done
assert_eq "ring-8 (k = 4): starred models" "" "$(starred "$tmp/r.txt" $ph)"

x=$(plat crossbar-64)
"$collsim" run --platform "$x" --np 8 --algo binomial --sizes 1M --iters 1 --warmup 0 --quiet \
    --trace "$tmp/x.trace" >/dev/null || fail "run on crossbar-64"
"$collsim" analyze "$tmp/x.trace" --platform "$x" >"$tmp/x.txt" || fail "analyze crossbar-64"
assert_eq "crossbar (k = 1, ctr): starred models" "contention ctr hockney loggp plogp" \
    "$(starred "$tmp/x.txt" $ph)"
assert_eq "crossbar: the legend under the table" 1 "$(grep -cF "$legend" "$tmp/x.txt")"

printf '[machine]\nname = o3\n[mpi]\nsend-overhead = 0:3us\nrecv-overhead = 0:3us\n' >"$tmp/o3.machine"
"$collsim" run --platform "$tmp/ring8.xml" --algo ring --sizes 16 --iters 1 --warmup 0 --quiet \
    --machine "$tmp/o3.machine" --trace "$tmp/o.trace" >/dev/null || fail "run with the profile"
"$collsim" analyze "$tmp/o.trace" --platform "$tmp/ring8.xml" --machine "$tmp/o3.machine" \
    >"$tmp/o.txt" || fail "analyze --machine"
ph=bcast/ring/16/
# the trace keeps times to the nanosecond (tracing/precision:9), so a call's length read back
# from it is within 1 ns of the simulated one, either way (1e-4 of 28 us is 2.8 ns)
grep -q '^  simulated [0-9.]* us (average of 1 calls); 7 messages, 112 bytes per call; .* k = 1$' \
    "$tmp/o.txt" && pass || fail "profile: $(grep '^  simulated' "$tmp/o.txt")"
assert_near "profile: simulated" 28.0128 "$(sed -n 's/^  simulated \([0-9.]*\) us.*/\1/p' "$tmp/o.txt")" 1e-4
assert_eq "profile (k = 1): starred models" "loggp plogp" "$(starred "$tmp/o.txt" $ph)"
for m in loggp plogp; do
    assert_near "profile: $m" 28.0128 "$(row "$tmp/o.txt" $ph $m 2)" 1e-4
done
finish
