#!/usr/bin/env bash
# lab07.sh COLLSIM SRCDIR: lab 07 (barriers, reductions, a what-if study): runs the README's
# steps and checks every claim of examples/labs/07-reductions/key/KEY.md; times against
# formulas worked out here.
collsim=$1 src=$2
source "$src/tests/lib.sh"
source "$src/tests/labs/keys.sh"
lab=$src/examples/labs/07-reductions key=$lab/key/KEY.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" platform crossbar --nodes 16 -o "$tmp/x16.xml" >/dev/null
"$collsim" platform hypercube --dim 4 -o "$tmp/h4.xml" >/dev/null
a=2e-6 b=1e-10 th=1e-6 R=8e9
msg=$(calc "$a + 16 * $b")

# Q1: barriers
r16=$(runs --platform "$tmp/x16.xml" --collective barrier --algo linear,tree,butterfly,dissemination --sizes 0)
r13=$(runs --platform "$tmp/x16.xml" --np 13 --collective barrier --algo linear,butterfly,dissemination --sizes 0)
check_claim "$key" Q1.linear16 "$(calc "(16 * $a + 2 * 15 * 16 * $b) * 1e6")" "$(pick "$r16" linear 0)" 0.01
check_claim "$key" Q1.linear13 "$(calc "(13 * $a + 2 * 12 * 16 * $b) * 1e6")" "$(pick "$r13" linear 0)" 0.01
course=$(calc "30 * $msg * 1e6")
check_key "$key" Q1.course "$course" 0.01
check_holds "$key" Q1.below_course "$(pick "$r16" linear 0) < $course"
check_claim "$key" Q1.tree16 "$(calc "8 * $msg * 1e6")" "$(pick "$r16" tree 0)" 0.01
check_claim "$key" Q1.butterfly16 "$(calc "4 * $msg * 1e6")" "$(pick "$r16" butterfly 0)" 0.01
check_claim "$key" Q1.butterfly13 "$(calc "5 * $msg * 1e6")" "$(pick "$r13" butterfly 0)" 0.01
check_claim "$key" Q1.dissem16 "$(calc "4 * $msg * 1e6")" "$(pick "$r16" dissemination 0)" 0.01
check_claim "$key" Q1.dissem13 "$(calc "4 * $msg * 1e6")" "$(pick "$r13" dissemination 0)" 0.01

# Q2: one word on the hypercube
word=$(calc "4 * ($th + 24 * $b + 8 / $R) * 1e6")
check_claim "$key" Q2.reduce "$word" "$(pick "$(runs --platform "$tmp/h4.xml" --collective reduce --algo binomial \
    --sizes 8)" binomial 8)" 0.01
check_claim "$key" Q2.allreduce "$word" "$(pick "$(runs --platform "$tmp/h4.xml" --collective allreduce \
    --algo recursive_doubling --sizes 8)" recursive_doubling 8)" 0.01

# the study (step 3)
st=$tmp/study
"$collsim" study "$lab/lab7.study" --out "$st" -j 1 >/dev/null 2>"$tmp/study.err" ||
    fail "study: $(tail -3 "$tmp/study.err")"
variants="ring-16-10GBps ring-16-1GBps torus-4x4-10GBps torus-4x4-1GBps"
best() { # COLLECTIVE VARIANT BYTES: the best algorithm of best.csv
    awk -F, -v c="$1" -v v="$2" -v s="$3" '$1 == c && $2 == v && $5 == s { print $6 }' "$st/best.csv"
}
for v in $variants; do
    check_word "$key" Q3.best8_reduce "$(best reduce "$v" 8)"
    check_word "$key" Q3.best8_allreduce "$(best allreduce "$v" 8)"
    check_word "$key" Q3.best1m_reduce "$(best reduce "$v" 1048576)"
    case $v in ring*) id=Q3.best1m_ring ;; *) id=Q3.best1m_torus ;; esac
    check_word "$key" $id "$(best allreduce "$v" 1048576)"
done

# Q4: whatif.csv (collective,variant,baseline_variant,np,algorithm,bytes,avg_s,baseline_avg_s,ratio)
# and the fastest-of-each lines of whatif-COLL.txt
# a 1GBps variant against its own topology's 10GBps variant: each algorithm's avg_s at 8 B
csvrow() { awk -F, -v c="$1" -v v="$2" -v a="$3" -v s="$4" \
    '$1 == c && $2 == v && $5 == a && $6 == s { print $7 } $1 == c && $3 == v && $5 == a && $6 == s { print $8 }' \
    "$st/whatif.csv" | head -1; }
for c in reduce allreduce; do
    algs=$(awk -F, -v c=$c 'NR > 1 && $1 == c { print $5 }' "$st/whatif.csv" | sort -u)
    [ -n "$algs" ] || fail "no $c rows in whatif.csv"
    for alg in $algs; do
        for topo in ring-16 torus-4x4; do
            check_below "$key" Q4.lat "$(calc "$(csvrow $c $topo-1GBps "$alg" 8) / $(csvrow $c $topo-10GBps "$alg" 8)")"
        done
        check_above "$key" Q4.bw "$(awk -F, -v c=$c -v a="$alg" '$1 == c && $2 == "ring-16-1GBps" && $5 == a &&
            $6 == 1048576 { print $9 }' "$st/whatif.csv")"
    done
done
fastest() { # COLLECTIVE VARIANT COLUMN(1: 8 B, 2: 1 MiB): the fastest-of-each ratio
    awk -v v="# $2 against" -v k="$3" 'index($0, v) == 1 { on = 1 } on && /\(fastest of each\)/ {
        print $(3 + k); exit }' "$st/whatif-$1.txt"
}
for c in reduce allreduce; do
    for k in 1 2; do check_below "$key" Q4.torus "$(fastest $c torus-4x4-10GBps $k)"; done
done

# Q5: the ring all-reduce, measured in the study's CSVs
ringar() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["algorithm"] == "ring" && $h["bytes"] == 1048576 { printf "%.12g", $h["avg_s"] * 1e6 }' "$1"; }
red=$(calc "15 * 65536 / $R * 1e6")
t10=$(calc "30 * ($th + (65536 + 16) * $b) * 1e6 + $red")
t1=$(calc "30 * ($th + (65536 + 16) * 10 * $b) * 1e6 + $red")
check_claim "$key" Q5.t10 "$t10" "$(ringar "$st/ring-16-10GBps-allreduce.csv")" 0.01
check_claim "$key" Q5.t1 "$t1" "$(ringar "$st/ring-16-1GBps-allreduce.csv")" 0.01
check_claim "$key" Q5.ratio "$(calc "$t1 / $t10")" "$(fastest allreduce ring-16-1GBps 2)" 0.01

# Q6: binomial reduce at 8 B, from best.csv's best_avg_s (binomial is the best there, Q3)
bestt() { awk -F, -v v="$1" '$1 == "reduce" && $2 == v && $5 == 8 { printf "%.12g", $7 * 1e6 }' "$st/best.csv"; }
step=$(calc "24 * $b + 8 / $R")
check_claim "$key" Q6.ring "$(calc "(15 * $th + 4 * $step) * 1e6")" "$(bestt ring-16-10GBps)" 0.01
check_claim "$key" Q6.torus "$(calc "(6 * $th + 4 * $step) * 1e6")" "$(bestt torus-4x4-10GBps)" 0.01

# Q7: the reference barrier through --algo-file (the starter must build and run too)
"$collsim" run --platform "$tmp/x16.xml" --collective barrier --algo-file "$lab/key/dissemination.c" \
    --sizes 0 --warmup 16 --quiet --csv "$tmp/q7.csv" >/dev/null 2>&1
rc=$?
check_holds "$key" Q7.passes "$rc == 0 && \"$(csv_col "$tmp/q7.csv" algorithm 2>/dev/null)\" == \"file:dissemination\""
check_claim "$key" Q7.file "$(calc "4 * $msg * 1e6")" "$(csv_col "$tmp/q7.csv" avg_s 2>/dev/null |
    awk '{ printf "%.12g", $1 * 1e6 }')" 0.01
# Q8: the reduce-scatters
rsb=$(runs --platform "$tmp/x16.xml" --collective reduce_scatter_block --algo ring,recursive_halving --sizes 64K)
check_claim "$key" Q8.ring "$(calc "15 * ($a + (65536 + 16) * $b + 65536 / $R) * 1e6")" "$(pick "$rsb" ring 65536)" 0.01
check_claim "$key" Q8.halving "$(calc "(4 * $a + (15 * 65536 + 64) * $b + 15 * 65536 / $R) * 1e6")" \
    "$(pick "$rsb" recursive_halving 65536)" 0.01
rsu=$(runs --platform "$tmp/x16.xml" --collective reduce_scatter --algo ring --sizes 64K)
check_claim "$key" Q8.uneven "$(calc "15 * ($a + (131072 + 16) * $b + 131072 / $R) * 1e6")" "$(pick "$rsu" ring 65536)" 0.01
starter_fails "the starter dissemination.c" --platform "$tmp/x16.xml" --collective barrier \
    --algo-file "$lab/starter/dissemination.c" --sizes 0 --warmup 16
finish
