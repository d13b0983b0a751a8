#!/usr/bin/env bash
# lab05.sh COLLSIM SRCDIR: lab 05 (pipelining): runs the README's steps and checks every claim
# of examples/labs/05-pipelining/key/KEY.md; times against formulas worked out here (awk).
collsim=$1 src=$2
source "$src/tests/lib.sh"
source "$src/tests/labs/keys.sh"
lab=$src/examples/labs/05-pipelining key=$lab/key/KEY.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" platform ring --nodes 16 -o "$tmp/ring16.xml" >/dev/null
"$collsim" platform crossbar --nodes 16 -o "$tmp/x16.xml" >/dev/null
"$collsim" platform torus --dims 4x4 -o "$tmp/t44.xml" >/dev/null
"$collsim" platform hypercube --dim 4 -o "$tmp/h4.xml" >/dev/null
a=1e-6 b=1e-10 m=1048576 M=4194304 p=16
# chain STEP_LINKS PART SEG: (k + L - 2) full steps + a last one of the short segment, in us,
# for a part of PART bytes in segments of SEG over a chain of L + 1 ranks (L links)
chain() {
    awk -v L="$1" -v m="$2" -v s="$3" -v a=$a -v b=$b 'BEGIN { k = int((m + s - 1) / s);
        l = m - (k - 1) * s; printf "%.12g", ((k + L - 2) * (a + b * (s + 16)) + a + b * (l + 16)) * 1e6 }'
}

# Q1: fixed segments
best= bestt=
for s in 4096:4k 16384:16k 65536:64k 262144:256k 1048576:1m; do
    t=$(COLLSIM_SEGMENT=${s%:*} runs --platform "$tmp/ring16.xml" --algo pipeline_chain --sizes $m)
    t=$(pick "$t" pipeline_chain $m)
    check_claim "$key" "Q1.${s#*:}" "$(chain $((p - 1)) $m ${s%:*})" "$t" 0.01
    eval "q1_${s#*:}=$t"
    if [ -z "$best" ] || awk "BEGIN { exit !($t < $bestt) }"; then best=${s%:*} bestt=$t; fi
done
assert_eq "Q1.best: key vs runs (KiB)" "$((best / 1024))" "$(key_num "$key" Q1.best)"

# Q2: the chosen segment
kstar=$(calc "sqrt(($p - 2) * $b * $m / $a)")
seg=$(awk -v s="$(calc "$m / $kstar")" 'BEGIN { c = int(s); if (c < s) c++; print c }')
check_key "$key" Q2.k "$kstar" 0.001
check_key "$key" Q2.s "$seg" 0
nseg=$(((m + seg - 1) / seg))
check_key "$key" Q2.segments "$nseg" 0
check_key "$key" Q2.last "$((m - (nseg - 1) * seg))" 0
t2=$(pick "$(runs --platform "$tmp/ring16.xml" --algo pipeline_chain --sizes $m)" pipeline_chain $m)
check_claim "$key" Q2.t "$(chain $((p - 1)) $m "$seg")" "$t2" 0.01
check_claim "$key" Q2.opt "$(calc "(sqrt(($p - 2) * $a) + sqrt($b * $m))^2 * 1e6")" "$t2" 0.01
check_holds "$key" Q2.faster "$t2 < $q1_4k && $t2 < $q1_16k && $t2 < $q1_64k && $t2 < $q1_256k && $t2 < $q1_1m"

# Q3: crossbar, one port, LB2
a2=2e-6
r3=$(runs --platform "$tmp/x16.xml" --algo binomial,pipeline_chain,two_tree --sizes 64K,1M,4M)
check_claim "$key" Q3.binomial "$(calc "4 * ($a2 + $b * ($m + 16)) * 1e6")" "$(pick "$r3" binomial $m)" 0.01
ratios=
for x in 64k:65536 1m:$m 4m:$M; do
    lb2=$(calc "(sqrt(3 * $a2) + sqrt($b * ${x#*:}))^2 * 1e6")
    check_key "$key" "Q3.lb2_${x%:*}" "$lb2" 0.01
    ratio=$(calc "$(pick "$r3" two_tree "${x#*:}") / $lb2")
    check_below "$key" "Q3.tt_${x%:*}" "$ratio"
    ratios="$ratios $ratio"
done
set -- $ratios
check_holds "$key" Q3.ratio "${1:-0} > ${2:-0} && ${2:-0} > ${3:-0}"
check_holds "$key" Q3.fastest "$(pick "$r3" two_tree $m) < $(pick "$r3" pipeline_chain $m) &&
    $(pick "$r3" pipeline_chain $m) < $(pick "$r3" binomial $m)"

# Q4: hypercube, edge-disjoint spanning binomial trees
t=$(pick "$(COLLSIM_SEGMENT=65536 runs --platform "$tmp/h4.xml" --algo hypercube_esbt --sizes $m)" hypercube_esbt $m)
check_claim "$key" Q4.esbt64k "$(calc "(4 + $m / (4 * 65536)) * ($a + $b * (65536 + 16)) * 1e6")" "$t" 0.01
r4=$(runs --platform "$tmp/h4.xml" --algo hypercube_esbt,multichain --sizes 1M,4M)
for x in 1m:$m 4m:$M; do
    f=$(calc "(sqrt(4 * $a) + sqrt($b * ${x#*:} / 4))^2 * 1e6")
    check_key "$key" "Q4.f_${x%:*}" "$f" 0.01
    check_below "$key" "Q4.close_${x%:*}" "$(calc "$(pick "$r4" hypercube_esbt "${x#*:}") / $f")"
done
check_holds "$key" Q4.mc "$(pick "$r4" multichain $m) > $(pick "$r4" hypercube_esbt $m) &&
    $(pick "$r4" multichain $M) > $(pick "$r4" hypercube_esbt $M)"
lb2=$(calc "(sqrt(3 * $a) + sqrt($b * $m))^2 * 1e6")
check_key "$key" Q4.lb2 "$lb2" 0.01
check_holds "$key" Q4.below_lb2 "$(pick "$r4" hypercube_esbt $m) < $lb2"

# Q5: torus, edge-disjoint Hamiltonian cycles
t=$(pick "$(COLLSIM_SEGMENT=65536 runs --platform "$tmp/t44.xml" --algo multichain --sizes $m)" multichain $m)
check_claim "$key" Q5.mc64k "$(chain $((p - 1)) $((m / 4)) 65536)" "$t" 0.01
r5=$(runs --platform "$tmp/t44.xml" --algo multichain,torus_trees --sizes $m)
opt=$(calc "(sqrt(($p - 2) * $a) + sqrt($b * $m / 4))^2 * 1e6")
check_key "$key" Q5.mcopt "$opt" 0.01
assert_near "Q5.mcopt: default multichain vs its optimum (2%)" "$opt" "$(pick "$r5" multichain $m)" 0.02
f=$(calc "(sqrt(4 * $a) + sqrt($b * $m / 4))^2 * 1e6")
check_above "$key" Q5.mcf "$(calc "$(pick "$r5" multichain $m) / $f")"
check_holds "$key" Q5.trees "$(pick "$r5" torus_trees $m) < $(pick "$r5" multichain $m)"

# Q6: the reference solution through --algo-file (the student's starter must build too)
"$collsim" run --platform "$tmp/ring16.xml" --algo-file "$lab/key/chain.c" --sizes $m --quiet \
    --csv "$tmp/q6.csv" >/dev/null 2>&1
rc=$?
check_holds "$key" Q6.passes "$rc == 0 && \"$(csv_col "$tmp/q6.csv" algorithm 2>/dev/null)\" == \"file:chain\""
check_claim "$key" Q6.chain "$(chain $((p - 1)) $m 65536)" "$(csv_col "$tmp/q6.csv" avg_s 2>/dev/null |
    awk '{ printf "%.12g", $1 * 1e6 }')" 0.01
starter_fails "the starter chain.c" --platform "$tmp/ring16.xml" --algo-file "$lab/starter/chain.c" --sizes 1K
finish
