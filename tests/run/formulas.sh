#!/usr/bin/env bash
# formulas.sh COLLSIM SRCDIR: on a crossbar (no link shared by two disjoint pairs) with the
# clean model, simulated times equal the textbook formulas. Expected values are computed here
# from the generator's parameters: a route is [uplink, downlink], so a = 2 L and b = 1/B; SMPI
# adds a 16-byte envelope to every message, so a message of m bytes costs a + b (m + 16).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
L=2e-6 B=5e9
"$collsim" platform crossbar --nodes 64 --latency 2us --bandwidth 5GBps -o "$tmp/xb.xml" ||
    { fail "cannot generate the crossbar"; finish; exit 1; }

# time ALGO NP BYTES: the simulated average time (seconds) from the CSV
time_of() {
    "$collsim" run --platform "$tmp/xb.xml" --np "$2" --algo "$1" --sizes "$3" --iters 2 \
        --quiet --csv "$tmp/t.csv" >/dev/null || { echo "run-failed"; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }
ceil_log2() { awk -v p="$1" 'BEGIN { k = 0; while (2 ^ k < p) k++; print k }'; }

m=1048576 # rendezvous: above SimGrid's 64 KiB eager threshold
t=$(calc "2 * $L + ($m + 16) / $B")
for p in 2 5 8 13 64; do
    assert_near "binomial p=$p rendezvous" "$(calc "$(ceil_log2 $p) * $t")" "$(time_of binomial $p $m)" 1e-3
done
for p in 2 5 8 13; do
    assert_near "linear p=$p rendezvous" "$(calc "($p - 1) * $t")" "$(time_of linear $p $m)" 1e-3
done
# binary: a left child is served one message after its parent, a right child two.
for p in 3 8 13; do
    steps=$(awk -v p="$p" 'BEGIN { w[0] = 0; mx = 0; for (s = 1; s < p; s++) {
        w[s] = w[int((s - 1) / 2)] + ((s % 2) ? 1 : 2); if (w[s] > mx) mx = w[s] } print mx }')
    assert_near "binary p=$p rendezvous" "$(calc "$steps * $t")" "$(time_of binary $p $m)" 1e-3
done
# eager: the root's detached sends start together and share its uplink.
m=1000
for p in 2 5 8 13; do
    assert_near "linear p=$p eager" "$(calc "2 * $L + ($p - 1) * ($m + 16) / $B")" \
        "$(time_of linear $p $m)" 1e-3
done
# two_tree on 3 ranks: T1 is rank 2 -> rank 1, T2 rank 1 -> rank 2, half the message each,
# k segments of s bytes per half. Segment i of both halves leaves the root together (its
# uplink shared by two flows) while segment i-1 crosses between ranks 1 and 2, where each
# downlink also carries two flows: every step costs a + 2 b (s + 16); the last segments then
# cross once more alone: k (a + 2 b (s+16)) + a + b (s+16).
m=1048576
for k in 1 2 4; do
    s=$((m / 2 / k))
    want=$(calc "$k * (2 * $L + 2 * ($s + 16) / $B) + 2 * $L + ($s + 16) / $B")
    got=$(COLLSIM_SEGMENT=$s time_of two_tree 3 $m)
    assert_near "two_tree p=3 k=$k segments of $s B" "$want" "$got" 1e-3
done
# two_tree on 64 ranks, 4 MiB, automatic segments: between b m (every rank takes in m bytes
# over one link) and 1.15 x LB2 = (sqrt((ceil(log2 p) - 1) a) + sqrt(b m))^2.
m=4194304
lb2=$(calc "(sqrt(5 * 2 * $L) + sqrt($m / $B)) ^ 2")
got=$(time_of two_tree 64 $m)
awk -v t="$got" -v lo="$(calc "$m / $B")" -v hi="$(calc "1.15 * $lb2")" 'BEGIN { exit !(t >= lo && t <= hi) }' &&
    pass || fail "two_tree p=64 4 MiB: $got s is not within [b m, 1.15 LB2] = [$(calc "$m / $B"), $(calc "1.15 * $lb2")]"

# rank_avg_s, the mean over ranks of each rank's own time (OSU's Avg): a linear gather of two
# ranks is one message from the leaf to the root. Eager, the leaf's send returns at once (its
# time is 0) and the root's is t: the mean is t / 2; rendezvous, both wait for the transfer.
for m in 1000 1048576; do
    "$collsim" run --platform "$tmp/xb.xml" --np 2 --collective gather --algo linear \
        --sizes $m --iters 2 --quiet --csv "$tmp/r.csv" >/dev/null || fail "gather linear $m"
    t=$(calc "2 * $L + ($m + 16) / $B")
    want=$(calc "$t / 2")
    [ $m -gt 65536 ] && want=$t
    assert_near "gather linear p=2 $m B: avg_s" "$t" "$(csv_col "$tmp/r.csv" avg_s)" 1e-3
    assert_near "gather linear p=2 $m B: rank_avg_s" "$want" \
        "$(csv_col "$tmp/r.csv" rank_avg_s)" 1e-3
done
finish
