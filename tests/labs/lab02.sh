#!/usr/bin/env bash
# lab02.sh COLLSIM SRCDIR: lab 2 (examples/labs/02-broadcast-trees): runs the lab's steps and
# checks every claim of its key against the formulas worked out here (t_h = 1 us, b = 0.1
# ns/B, crossbar a = 2 t_h, m' = m + 16) and against fresh runs, the space-time diagrams of
# step 4 included (their steps are the trees' rounds); runs the reference solution
# key/my_bcast.c through `collsim run --algo-file` (data check, times of the built-in
# binomial), and the unfinished starter my_bcast.c (it must fail the data check).
collsim=$1 src=$2
source "$src/tests/lib.sh"
source "$src/tests/labs/keys.sh"
lab=$src/examples/labs/02-broadcast-trees
key=$lab/key/KEY.md
S=$(mktemp -d)
trap 'rm -rf "$S"' EXIT
th=1e-6 b=1e-10 M=1048576
"$collsim" platform crossbar --nodes 8 -o "$S/xb8.xml" >/dev/null || fail "crossbar of 8"
"$collsim" platform ring --nodes 8 -o "$S/ring8.xml" >/dev/null || fail "ring of 8"

# sim NAME PLATFORM: steps 2-4, the three trees at 1000 B and 1 MiB, then traced and analyzed
# (apart: a traced run's last call can take a few ns longer, Q8)
sim() {
    "$collsim" run --platform "$S/$2.xml" --algo linear,binomial,binary --sizes 1000,1M --quiet \
        --csv "$S/$1.csv" >/dev/null || fail "run on $2"
    "$collsim" run --platform "$S/$2.xml" --algo linear,binomial,binary --sizes 1000,1M --quiet \
        --trace "$S/$1.trace" --csv "$S/$1.traced.csv" >/dev/null || fail "traced run on $2"
    "$collsim" analyze "$S/$1.trace" --platform "$S/$2.xml" --csv "$S/$1" >/dev/null || fail "analyze $2"
}
us() { awk -F, -v a="$2" -v m="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["algorithm"] == a && $c["bytes"] == m { printf "%.12g\n", $c["avg_s"] * 1e6 }' "$S/$1.csv"; }
fastest() { awk -F, -v m="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["bytes"] == m && (best == "" || $c["avg_s"] < t) { best = $c["algorithm"]; t = $c["avg_s"] }
    END { print best }' "$S/$1.csv"; }
err() { awk -F, -v a="$2" -v m="$3" -v model="$4" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["algorithm"] == a && $c["bytes"] == m && $c["model"] == model { print $c["error_pct"] }' "$S/$1.models.csv"; }
sim xb xb8
sim ring ring8

# Q1: crossbar, 1 MiB, rendezvous
t=$(calc "(2 * $th + ($M + 16) * $b) * 1e6")
check_claim "$key" Q1.linear "$(calc "7 * $t")" "$(us xb linear $M)" 1e-6
check_claim "$key" Q1.binomial "$(calc "3 * $t")" "$(us xb binomial $M)" 1e-6
binary_steps=$(awk 'BEGIN { w[0] = 0; mx = 0; for (s = 1; s < 8; s++) {
    w[s] = w[int((s - 1) / 2)] + ((s % 2) ? 1 : 2); if (w[s] > mx) mx = w[s] } print mx }')
check_claim "$key" Q1.binary "$(calc "$binary_steps * $t")" "$(us xb binary $M)" 1e-6
assert_eq "Q1.fastest: key vs run" "$(fastest xb $M)" "$(key_word "$key" Q1.fastest)"

# Q2: crossbar, 1000 B, eager: sends of one rank leave together and share its uplink
a=2 e=$(calc "1016 * $b * 1e6") # us
check_claim "$key" Q2.linear "$(calc "$a + 7 * $e")" "$(us xb linear 1000)" 1e-6
check_claim "$key" Q2.binomial "$(calc "($a + 3 * $e) + ($a + 2 * $e) + ($a + $e)")" "$(us xb binomial 1000)" 1e-6
check_claim "$key" Q2.binary "$(calc "($a + 2 * $e) + ($a + 2 * $e) + ($a + $e)")" "$(us xb binary 1000)" 1e-6
assert_eq "Q2.fastest: key vs run" "$(fastest xb 1000)" "$(key_word "$key" Q2.fastest)"

# Q3: ring, 1 MiB: binomial's round k puts 2^k messages of 2^k hops on one link
bm=$(calc "($M + 16) * $b * 1e6")
check_claim "$key" Q3.binomial "$(calc "7 * (1 + $bm)")" "$(us ring binomial $M)" 1e-6
check_claim "$key" Q3.linear "$(calc "(1 + 2 + 3 + 4 + 3 + 2 + 1) + 7 * $bm")" "$(us ring linear $M)" 1e-6
assert_eq "Q3.fastest: key vs run" "$(fastest ring $M)" "$(key_word "$key" Q3.fastest)"

# Q4: the analyzer's signed errors, (predicted - simulated) / simulated in %
check_claim_abs "$key" Q4.hockney 0 "$(err xb binomial $M hockney)" 0.01
check_claim "$key" Q4.logp "$(calc "(3 * 2 / (3 * ($a + $bm)) - 1) * 100")" "$(err xb binomial $M logp)" 1e-3
check_claim "$key" Q4.ring "$(calc "(3 * (1 + $bm) / (7 * (1 + $bm)) - 1) * 100")" "$(err ring binomial $M hockney)" 1e-3
check_claim_abs "$key" Q4.contention 0 "$(err ring binomial $M contention)" 0.01
# k = 4 on the ring: no model's conditions hold, so none is marked exact, 0% or not
starred=$(awk -F, -v m=$M '$1 == "binomial" && $2 == m && $9 == 1 { print $6 }' "$S/ring.models.csv" | paste -sd,)
check_word "$key" Q4.starred "${starred:-none}"

# Q5: predict (formulas only) against the simulation
pred() { "$collsim" predict --platform "$S/$1.xml" --sizes "$2" --algo linear,binomial,binary; }
pxb=$(pred xb8 1000,1M) pring=$(pred ring8 1M)
prow() { printf '%s\n' "$1" | awk -v m="$2" -v a="$3" '$1 == m && $2 == a && $3 == "hockney" { print $4 }'; }
# each rank's eager sends share its uplink, as in Q2: the same tree, the same time
f=$(calc "($a + 3 * $e) + ($a + 2 * $e) + ($a + $e)")
check_claim "$key" Q5.binomial "$f" "$(prow "$pxb" 1000 binomial)" 1e-3
check_claim_abs "$key" Q5.error 0 "$(calc "($(prow "$pxb" 1000 binomial) / $(us xb binomial 1000) - 1) * 100")" 0.01
check_claim "$key" Q5.ring "$(calc "3 * (16 / 7 + $bm)")" "$(prow "$pring" $M binomial)" 1e-5
best=$(printf '%s\n' "$pring" | sed -n 's/^# best at 1048576 B under hockney: \([a-z_]*\) .*/\1/p')
assert_eq "Q5.best: key vs predict" "$best" "$(key_word "$key" Q5.best)"
if [ "$best" = "$(fastest ring $M)" ]; then fail "Q5: predict and the simulation now agree on ring-8"; else pass; fi

# Q6: the reference solution
mine() { # PLATFORM NP ROOT SIZES: the solution's run, CSV in $S/mine.csv
    "$collsim" run --platform "$S/$1.xml" --np "$2" --root "$3" --algo-file "$lab/key/my_bcast.c" \
        --sizes "$4" --quiet --csv "$S/mine.csv" >/dev/null
}
for c in "ring8 8 0" "ring8 5 3" "xb8 8 3" "xb8 5 4"; do
    mine $c 0,1,1000,65543
    assert_eq "my_bcast data check ($c)" 0 $?
done
# the built-in binomial's times at every size, eager ones included (the order of sends shows)
for c in "ring8 8 0" "ring8 5 3"; do
    set -- $c
    mine $c 0,1000,65543,1M || fail "my_bcast ($c)"
    "$collsim" run --platform "$S/$1.xml" --np "$2" --root "$3" --algo binomial \
        --sizes 0,1000,65543,1M --quiet --csv "$S/builtin.csv" >/dev/null || fail "binomial ($c)"
    assert_eq "my_bcast times = binomial's ($c)" "$(csv_col "$S/builtin.csv" avg_s | paste -sd' ')" \
        "$(csv_col "$S/mine.csv" avg_s | paste -sd' ')"
done
mine ring8 8 0 1M || fail "my_bcast on ring-8"
check_claim "$key" Q6.ring "$(calc "7 * (1 + $bm)")" "$(csv_col "$S/mine.csv" avg_s | awk '{ printf "%.12g", $1 * 1e6 }')" 1e-6
mine xb8 8 0 1M || fail "my_bcast on crossbar-8"
check_claim "$key" Q6.crossbar "$(calc "3 * $t")" "$(csv_col "$S/mine.csv" avg_s | awk '{ printf "%.12g", $1 * 1e6 }')" 1e-6
# the starter is incomplete: it must fail the data check
starter_fails "the starter my_bcast.c" --platform "$S/ring8.xml" --algo-file "$lab/my_bcast.c" --sizes 1000

# Q8: step 4's space-time diagrams at 1000 B, drawn as the README draws them
svg() { # ALGO: its diagram in $S/ALGO.svg; prints each arrow as SRC->DST:STEP:END_US, sorted
    "$collsim" analyze "$S/xb.trace" --platform "$S/xb8.xml" --svg "$S/$1.svg" --svg-phase "$1/1000/" \
        >/dev/null 2>&1 || fail "step 4: the diagram of $1"
    sed -n 's/^<g class="msg"><title>\([0-9]*\) to \([0-9]*\),.* to \([0-9.]*\) us, step \([0-9]*\)<\/title>.*/\1->\2:\4:\3/p' \
        "$S/$1.svg" | sort
}
steps() { cut -d: -f2 | sort -nu | tail -1; }
# binomial: rounds of masks 1, 2, 4; linear: one send a round; binary: weighted depths
check_word "$key" Q8.binomial "$(svg binomial | steps)"
check_word "$key" Q8.linear "$(svg linear | steps)"
check_word "$key" Q8.binary "$(svg binary | steps)"
assert_eq "Q8: the binary tree's arrows and steps" "0->1:1 0->2:2 1->3:2 1->4:3 2->5:3 2->6:4 3->7:3" \
    "$(svg binary | cut -d: -f1,2 | paste -sd' ')"
# the root's three eager sends share its uplink and arrive together at a + 3 b m'
for d in 1 2 4; do
    check_claim "$key" Q8.together "$(calc "$a + 3 * $e")" "$(svg binomial | awk -F: -v d="0->$d" '$1 == d { print $3 }')" 1e-3
done
# traced: ranks 1 and 3 (on the critical path) share their link with their barrier message
t2=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["algorithm"] == "binomial" && $c["bytes"] == 1000 { printf "%.12g\n", $c["avg_s"] * 1e6 }' "$S/xb.traced.csv")
check_claim "$key" Q8.traced "$(calc "($a + 3 * $e) + ($a + 2 * $e) + ($a + $e) + 2 * 16 * $b * 1e6")" "$t2" 1e-6

# Q7: per-message software costs (step 7): 16 B, o = o_s = o_r, h = a + b m'
h=$(calc "2 * $th * 1e6 + 32 * $b * 1e6")
o16() { # PROFILE ALGO: the time (us) at 16 B on the crossbar with the profile
    "$collsim" run --platform "$S/xb8.xml" --algo "$2" --sizes 16 --machine "$1" --quiet \
        --csv "$S/o.csv" >/dev/null || fail "step 7: $2 with $1"
    csv_col "$S/o.csv" avg_s | awk '{ printf "%.12g", $1 * 1e6 }'
}
check_claim "$key" Q7.linear "$(calc "8 * 3 + $h")" "$(o16 "$lab/overheads.machine" linear)" 1e-6
check_claim "$key" Q7.binomial "$(calc "3 * (2 * 3 + $h)")" \
    "$(o16 "$lab/overheads.machine" binomial)" 1e-6
# at o = h the two take the same time
printf '[machine]\nname = crossover\n[mpi]\nsend-overhead = 0:%sus\nrecv-overhead = 0:%sus\n' \
    "$h" "$h" >"$S/cross.machine"
check_key "$key" Q7.crossover "$h" 1e-6
assert_near "Q7: linear = binomial at o = h" "$(o16 "$S/cross.machine" linear)" \
    "$(o16 "$S/cross.machine" binomial)" 1e-6
finish
