#!/usr/bin/env bash
# formulas.sh COLLSIM SRCDIR: barrier latencies on a crossbar (no link shared by two disjoint
# pairs, clean model) against formulas worked out by hand (docs/collectives/barrier.md). A
# route is [uplink, downlink]: a = 2 L; every message is 0 bytes plus SMPI's 16-byte
# envelope, so one message alone costs a + 16 b.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
L=2e-6 B=5e9
"$collsim" platform crossbar --nodes 64 --latency 2us --bandwidth 5GBps -o "$tmp/xb.xml" ||
    { fail "cannot generate the crossbar"; finish; exit 1; }
time_of() { # ALGO NP
    "$collsim" run --platform "$tmp/xb.xml" --np "$2" --collective barrier --algo "$1" --sizes 0 \
        --iters 2 --quiet --csv "$tmp/t.csv" >/dev/null || { echo "run-failed"; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }
ceil_log2() { awk -v p="$1" 'BEGIN { k = 0; while (2 ^ k < p) k++; print k }'; }
msg=$(calc "2 * $L + 16 / $B")
# dissemination: ceil(log2 p) rounds of one message each way, all pairs at once
for p in 2 5 8 13 64; do
    assert_near "dissemination p=$p: ceil(log2 p)(a + 16 b)" "$(calc "$(ceil_log2 $p) * $msg")" \
        "$(time_of dissemination $p)" 1e-3
done
# butterfly, p = 2^k: log2 p rounds of pairwise exchanges; otherwise two more (fold, release)
for p in 2 8 64; do
    assert_near "butterfly p=$p: log2 p (a + 16 b)" "$(calc "$(ceil_log2 $p) * $msg")" \
        "$(time_of butterfly $p)" 1e-3
done
assert_near "butterfly p=5: (floor(log2 5) + 2)(a + 16 b)" "$(calc "4 * $msg")" "$(time_of butterfly 5)" 1e-3
# linear: the course counts 2 (p-1) messages. The p-1 arrivals are eager, but each moves only
# when rank 0 posts its receive: (p-1)(a + 16 b) one after the other. The p-1 eager releases
# leave together, their 16-byte envelopes sharing rank 0's uplink: a + (p-1) 16 b.
for p in 2 5 8 13 64; do
    assert_near "linear p=$p: (p-1)(a + 16 b) + a + (p-1) 16 b" \
        "$(calc "($p - 1) * $msg + 2 * $L + ($p - 1) * 16 / $B")" "$(time_of linear $p)" 1e-3
done
# central: the p-1 eager arrivals leave together and share rank 0's downlink, a + (p-1) 16 b;
# then the releases share its uplink the same way
for p in 2 5 13 64; do
    assert_near "central p=$p: 2 (a + (p-1) 16 b)" "$(calc "2 * (2 * $L + ($p - 1) * 16 / $B)")" \
        "$(time_of central $p)" 1e-3
done
finish
