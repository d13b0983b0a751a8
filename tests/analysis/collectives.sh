#!/usr/bin/env bash
# collectives.sh RECORDS SRCDIR COLLSIM: `collsim analyze` on collectives other than the
# broadcast. A reduce's leaves send first, its ranks combine what they receive (m / R of
# simulated time, no message) and its root finishes last. On a crossbar and a hypercube, at
# rendezvous and eager sizes, the analyzer's simulated time equals the runner's (to the
# trace's nanosecond) and every model it marks exact replays the messages and the traced
# local work within 1%, as models.sh asks of broadcasts. Worked by hand: on 8 ranks of
# crossbar-64 (routes of 2 links, 1 us and 10 GB/s each; T = 2 us + (m + 16) / 1e10 s; local
# reduction g = m / 8e9 s), the linear reduce's root receives in turn and combines after each:
# 7 (T + g); the binomial one has 3 rounds of T + g. Every other collective of the registry
# (barrier, allreduce, ...) is traced too: its simulated time must be the runner's.
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# check_trace NAME PLATFORM RUNARGS...: run traced, analyze, compare
check_trace() {
    local name=$1 plat=$2
    shift 2
    "$collsim" run --platform "$plat" --np 8 --iters 2 --quiet --trace "$tmp/$name.trace" \
        --csv "$tmp/$name.run.csv" "$@" || { fail "$name: run"; return 1; }
    "$collsim" analyze "$tmp/$name.trace" --platform "$plat" --csv "$tmp/$name" >"$tmp/$name.txt" ||
        { fail "$name: analyze: $(tail -1 "$tmp/$name.txt")"; return 1; }
    local coll
    coll=$(csv_col "$tmp/$name.run.csv" collective | head -1)
    assert_eq "$name: CSV names the collective" "collective" "$(head -1 "$tmp/$name.models.csv" | awk -F, '{ print $NF }')"
    grep -q "^# phase $coll/.*: $coll, algorithm " "$tmp/$name.txt" && pass || fail "$name: report does not name $coll"
    while IFS=, read -r _ algo _ _ _ _ _ bytes _ _ avg _; do
        got=$(awk -F, -v a="$algo" -v b="$bytes" '$1 == a && $2 == b { print $5; exit }' "$tmp/$name.models.csv")
        awk -v a="$avg" -v g="$got" 'BEGIN { d = a - g; exit !(g != "" && d <= 1.5e-9 && d >= -1.5e-9) }' && pass ||
            fail "$name $algo $bytes B: analyzer's simulated time $got differs from the runner's $avg by over 1 ns"
    done < <(tail -n +2 "$tmp/$name.run.csv")
    while IFS=, read -r algo bytes _ _ sim model pred _; do
        assert_near "$name $algo $bytes B $model (marked exact)" "$sim" "$pred" 0.01
    done < <(awk -F, 'NR > 1 && $9 == 1' "$tmp/$name.models.csv")
}
x=$(plat crossbar-64) h=$(plat hypercube-6)
check_trace reduce-x "$x" --collective reduce --algo linear,binomial --sizes 1000,1M --root 3
check_trace reduce-h "$h" --collective reduce --algo linear,binomial --sizes 1000,1M
# the hand-worked times (crossbar, root 3: the root's position does not matter there)
for m in 1000 1048576; do
    T=$(awk -v m=$m 'BEGIN { print 2e-6 + (m + 16) / 1e10 }') g=$(awk -v m=$m 'BEGIN { print m / 8e9 }')
    assert_near "linear reduce $m B: 7 (T + g)" "$(awk -v t="$T" -v g="$g" 'BEGIN { print 7 * (t + g) }')" \
        "$(awk -F, -v m=$m '$1 == "linear" && $2 == m && $6 == "ctr" { print $5 }' "$tmp/reduce-x.models.csv")" 0.001
    assert_near "binomial reduce $m B: 3 (T + g)" "$(awk -v t="$T" -v g="$g" 'BEGIN { print 3 * (t + g) }')" \
        "$(awk -F, -v m=$m '$1 == "binomial" && $2 == m && $6 == "ctr" { print $5 }' "$tmp/reduce-x.models.csv")" 0.001
    # no link shared once receives are taken into account: CTR exact and within 1%
    assert_eq "linear reduce $m B: ctr marked exact" 1 \
        "$(awk -F, -v m=$m '$1 == "linear" && $2 == m && $6 == "ctr" { print $9 }' "$tmp/reduce-x.models.csv")"
done
grep -q 'local work between messages (reductions): up to 917.504 us' "$tmp/reduce-x.txt" && pass ||
    fail "linear 1 MiB: 7 reductions of 131.072 us not reported: $(grep 'local work' "$tmp/reduce-x.txt")"
grep -q 'root receives 7 messages, 7340032 bytes' "$tmp/reduce-x.txt" && pass || fail "linear: root's receives not reported"
# every other collective the registry has: its first two algorithms that run anywhere, simulated time as the runner's
while read -r coll; do
    [ "$coll" = bcast ] || [ "$coll" = reduce ] && continue
    algos=$(list_algos "$coll" '^none$' | cut -d' ' -f2 | head -2 | paste -sd,)
    [ -n "$algos" ] || continue
    check_trace "$coll" "$x" --collective "$coll" --algo "$algos" --sizes 0,1000,1M
done < <("$collsim" list | awk '/^# collective / { print $3 }')
finish
