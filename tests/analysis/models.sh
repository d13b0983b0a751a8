#!/usr/bin/env bash
# models.sh RECORDS SRCDIR COLLSIM: `collsim analyze` on clean-model runs. With no shared link
# (crossbar, rendezvous) every model marked exact predicts within 1% and the analyzer's
# simulated time equals the runner's; with link sharing (eager sends sharing the root's link)
# the contention model is closer than Hockney; on a torus with store-and-forward routing the
# SFR model is within 1%. PLogP is exact where Hockney is, and on eager linear.
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
x=$(plat crossbar-64)
"$collsim" run --platform "$x" --np 8 --algo binomial,linear,binary --sizes 1000,1M --iters 2 --warmup 1 --quiet \
    --trace "$tmp/x.trace" --csv "$tmp/run.csv" || fail "run"
"$collsim" analyze "$tmp/x.trace" --platform "$x" --csv "$tmp/an" --json "$tmp/an.json" >"$tmp/report" ||
    fail "analyze: $(tail -2 "$tmp/report")"
# critical paths, worked out from the algorithms on 8 ranks: binomial reaches 7 = 3 + 4 via
# 3 = 1 + 2 and 1 = 0 + 1; in the binary tree a right child costs two sends, so 0 -> 2 -> 6
# (weight 4) is longer than 0 -> 1 -> 3 -> 7 (weight 3); linear ends with its last send, to 7
grep -A3 '^# phase bcast/binomial/1048576/' "$tmp/report" | grep -q 'ranks 0 1 3 7$' && pass ||
    fail "binomial 1 MiB critical path: $(grep -A3 '^# phase bcast/binomial/1048576/' "$tmp/report" | grep critical)"
grep -A3 '^# phase bcast/binary/1048576/' "$tmp/report" | grep -q 'ranks 0 2 6$' && pass ||
    fail "binary 1 MiB critical path: $(grep -A3 '^# phase bcast/binary/1048576/' "$tmp/report" | grep critical)"
grep -A3 '^# phase bcast/linear/1048576/' "$tmp/report" | grep -q 'ranks 0 7$' && pass || fail "linear critical path"
grep -q '"phase": "bcast/binary/1048576/0/1/2".*"critical_path": \[0,2,6\], "models": \[{"model": "hockney"' \
    "$tmp/an.json" && pass || fail "JSON phase record: $(head -c 300 "$tmp/an.json")"
assert_eq "JSON phases" 6 "$(grep -c '"phase": ' "$tmp/an.json")"
tail -c 4 "$tmp/an.json" | grep -q ']}' && pass || fail "JSON not closed"
# space-time diagram of one binomial call on 8 ranks: 8 rank rows, 7 message arrows
"$collsim" analyze "$tmp/x.trace" --platform "$x" --svg "$tmp/st.svg" --svg-phase binomial/1048576 >/dev/null
assert_eq "svg status" 0 $?
assert_eq "svg rank rows" 8 "$(grep -c 'class="rank"' "$tmp/st.svg")"
assert_eq "svg message arrows" 7 "$(grep -c 'class="msg"' "$tmp/st.svg")"
grep -q '<title>0 to 1, 1048576 bytes' "$tmp/st.svg" && pass || fail "no arrow from rank 0 to rank 1"
assert_one_line_error "svg of a phase that is not there" "$collsim" analyze "$tmp/x.trace" --platform "$x" \
    --svg "$tmp/none.svg" --svg-phase nothing/like/this
[ ! -e "$tmp/none.svg" ] && pass || fail "an svg was left for a missing phase"
# each phase cites its algorithm's closed form from the registry (collsim list)
grep -A1 '^# phase bcast/binomial/1048576/' "$tmp/report" | grep -qF 'cost formula (collsim list): ceil(log2 p) (a + b m)' &&
    pass || fail "no registry formula in the binomial phase"
grep -qF '"algorithm": "binomial", "bytes": 1048576, "np": 8, "root": 0, "calls": 2, "cost_formula": "ceil(log2 p) (a + b m)"' \
    "$tmp/an.json" && pass || fail "no cost_formula in the JSON"
# --plots: time and predictions, and errors, a panel per algorithm, PNG and SVG
if command -v gnuplot >/dev/null; then
    "$collsim" analyze "$tmp/x.trace" --platform "$x" --plots "$tmp/pl" >/dev/null || fail "analyze --plots"
    for k in models errors; do
        [ "$(head -c 4 "$tmp/pl-$k.png" | tail -c 3)" = PNG ] && pass || fail "pl-$k.png is not a PNG"
        for t in binary binomial linear hockney loggp plogp ctr sfr contention; do
            grep -q ">$t<" "$tmp/pl-$k.svg" && pass || fail "pl-$k.svg has no '$t'"
        done
    done
    grep -q '>simulated<' "$tmp/pl-models.svg" && pass || fail "no simulated points in pl-models.svg"
fi
no_path() { PATH=/nonexistent "$@"; } # gnuplot is nowhere to be found
assert_one_line_error "--plots without gnuplot" no_path "$collsim" analyze "$tmp/x.trace" \
    --platform "$x" --plots "$tmp/np"
[ ! -e "$tmp/np-models.png" ] && pass || fail "a plot was written without gnuplot"
# analyzer vs runner: the same simulated time for every phase
while IFS=, read -r _ algo _ _ _ _ _ bytes _ _ avg _; do
    got=$(awk -F, -v a="$algo" -v b="$bytes" '$1 == a && $2 == b { print $5; exit }' "$tmp/an.models.csv")
    # the trace keeps 9 decimals: agreement to the nanosecond
    awk -v a="$avg" -v g="$got" 'BEGIN { d = a - g; exit !(g != "" && d <= 1.5e-9 && d >= -1.5e-9) }' && pass ||
        fail "$algo $bytes B: analyzer's simulated time $got differs from the runner's $avg by over 1 ns"
done < <(tail -n +2 "$tmp/run.csv")
# no shared link at 1 MiB (rendezvous): exact models within 1%
exact=$(awk -F, '$2 == 1048576 && $9 == 1 && $10 == 1' "$tmp/an.models.csv" | wc -l)
[ "$exact" -ge 9 ] && pass || fail "expected >= 9 exact model rows at 1 MiB, got $exact"
while IFS=, read -r algo bytes _ _ sim model pred err ex k; do
    assert_near "$algo 1 MiB $model (exact, k=$k)" "$sim" "$pred" 0.01
done < <(awk -F, '$2 == 1048576 && $9 == 1' "$tmp/an.models.csv")
# PLogP (L = a, g(m) = b (m+16)) is exact with no shared link: the three 1 MiB phases
assert_eq "plogp rows marked exact at 1 MiB" 3 "$(awk -F, '$2 == 1048576 && $6 == "plogp" && $9 == 1' "$tmp/an.models.csv" | wc -l)"
# eager linear on 8 ranks of crossbar-64 (1 us, 10 GB/s links, routes of 2): the root's 7 sends
# share its uplink and all end at a + 7 b (m+16); PLogP's sends leave g(m) apart, the last at
# 6 g(m), and arrive L + g(m) later: the same time
want=$(awk 'BEGIN { print 2e-6 + 7 * (1000 + 16) / 1e10 }')
assert_near "linear 1000 B: simulated" "$want" \
    "$(awk -F, '$1 == "linear" && $2 == 1000 && $6 == "plogp" { print $5 }' "$tmp/an.models.csv")" 0.001
assert_near "linear 1000 B: plogp" "$want" \
    "$(awk -F, '$1 == "linear" && $2 == 1000 && $6 == "plogp" { print $7 }' "$tmp/an.models.csv")" 0.01
# link sharing: eager linear, the root's 7 sends share its uplink
k=$(awk -F, '$1 == "linear" && $2 == 1000 && $6 == "contention" { print $10 }' "$tmp/an.models.csv")
assert_eq "linear 1000 B: messages sharing the root's uplink" 7 "$k"
he=$(awk -F, '$1 == "linear" && $2 == 1000 && $6 == "hockney" { e = $8; print (e < 0 ? -e : e) }' "$tmp/an.models.csv")
ce=$(awk -F, '$1 == "linear" && $2 == 1000 && $6 == "contention" { e = $8; print (e < 0 ? -e : e) }' "$tmp/an.models.csv")
awk -v c="$ce" -v h="$he" 'BEGIN { exit !(c < h) }' && pass || fail "contention error $ce% not below Hockney's $he%"
awk -v c="$ce" 'BEGIN { exit !(c <= 1) }' && pass || fail "contention model error $ce% over 1%"
# store-and-forward on a torus: where no link is shared (the analyzer marks it exact), the SFR
# model's l (t_h + m t_b) per message is within 1%
t=$src/platforms/torus-4x4.xml
"$collsim" run --platform "$t" --algo binomial,torus --sizes 1M --iters 1 --routing sfr --quiet \
    --trace "$tmp/t.trace" || fail "torus run"
"$collsim" analyze "$tmp/t.trace" --platform "$t" --routing sfr --csv "$tmp/t" >/dev/null || fail "analyze torus"
while IFS=, read -r algo bytes _ _ sim model pred _; do
    assert_near "torus-4x4 sfr $algo: SFR model" "$sim" "$pred" 0.01
done < <(awk -F, '$6 == "sfr" && $9 == 1' "$tmp/t.models.csv")
assert_eq "torus-4x4 sfr: rows where SFR is exact" 1 "$(awk -F, '$6 == "sfr" && $9 == 1' "$tmp/t.models.csv" | wc -l)"
assert_one_line_error "analyze without --platform" "$collsim" analyze "$tmp/t.trace"
assert_one_line_error "analyze a missing trace" "$collsim" analyze "$tmp/none.trace" --platform "$t"
printf 'not a trace\n' >"$tmp/bad.trace"
assert_one_line_error "analyze a malformed trace" "$collsim" analyze "$tmp/bad.trace" --platform "$t"
finish
