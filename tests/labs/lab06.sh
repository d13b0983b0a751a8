#!/usr/bin/env bash
# lab06.sh COLLSIM SRCDIR: lab 06 (one-sided broadcasts): runs the README's steps and checks
# every claim of examples/labs/06-one-sided/key/KEY.md; times against formulas worked out here.
collsim=$1 src=$2
source "$src/tests/lib.sh"
lab=$src/examples/labs/06-one-sided keyfile=$lab/key/KEY.md
source "$src/tests/labs/keycheck.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" platform crossbar --nodes 8 -o "$tmp/x8.xml" >/dev/null
"$collsim" platform xl250a -o "$tmp/xl.xml" >/dev/null
a=2e-6 b=1e-10 m=1048576

# Q1
r1=$(runs --platform "$tmp/x8.xml" --algo linear,binomial --sizes 0,1M)
check_time q1-linear "$(calc "7 * ($a + $b * ($m + 16)) * 1e6")" "$(pick "$r1" linear $m)"
check_time q1-binomial "$(calc "3 * ($a + $b * ($m + 16)) * 1e6")" "$(pick "$r1" binomial $m)"

# Q2, Q3: the six one-sided variants at 0 B and 1 MiB
r=$(runs --platform "$tmp/x8.xml" --sizes 0,1M --algo \
    rma_linear_fence,rma_linear_pscw,rma_linear_lock,rma_binomial_fence,rma_binomial_pscw,rma_binomial_lock)
t() { pick "$r" "rma_$1_$2" "$3"; }
for shape in linear binomial; do
    for sync in fence pscw lock; do
        check_claim q2-over "$(t $shape $sync 0) - $(pick "$r1" $shape 0) > $(key q2-over)"
        check_claim q3-shape "$(t binomial $sync $m) < $(t linear fence $m) &&
            $(t binomial $sync $m) < $(t linear pscw $m) && $(t binomial $sync $m) < $(t linear lock $m)"
    done
    check_claim q2-order "$(t $shape fence 0) > $(t $shape pscw 0) && $(t $shape pscw 0) > $(t $shape lock 0)"
done
for sync in fence pscw lock; do
    check_claim q3-linear "$(t linear $sync $m) / $(pick "$r1" linear $m) < $(key q3-linear)"
done
check_claim q2-fence-rounds "$(t binomial fence 0) > $(t linear fence 0)"
bm=$(pick "$r1" binomial $m)
check_claim q3-lock "$(t binomial lock $m) / $bm < $(key q3-lock)"
check_claim q3-fence "$(t binomial fence $m) / $bm < $(key q3-fence)"
check_claim q3-pscw "$(t binomial pscw $m) / $bm > $(key q3-pscw)"

# Q4: route latencies, the platform comments' numbers added by hand
lat() { "$collsim" platform info "$tmp/xl.xml" --hops | awk -v s="$1" -v d="$2" \
    '$1 == s && $2 == d { printf "%.10g", $4 * 1e6 }'; }
check_time q4-socket "$(calc "(100 + 50 + 100) * 1e-3")" "$(lat s0-c0 s0-c1)"
check_time q4-qpi "$(calc "(100 + 50 + 250 + 50 + 100) * 1e-3")" "$(lat s0-c0 s1-c0)"

# Q5: one rank per core host
r5=$(runs --platform "$tmp/xl.xml" --algo rma_binomial_lock,rma_shared --sizes 1K,1M)
for s in 1024 $m; do
    check_claim q5-noshare "$(pick "$r5" rma_shared $s) > $(pick "$r5" rma_binomial_lock $s)"
done

# Q6: 24 ranks on one host
r6=$(runs --platform "$tmp/xl.xml" --np 24 --ranks-per-host 24 --algo binomial,rma_shared --sizes 1M)
check_time q6-copy "$(calc "2 * $m / 12e9 * 1e6")" "$(pick "$r6" rma_shared $m)"
t6=$(COLLSIM_MEMCPY_BW=24e9 runs --platform "$tmp/xl.xml" --np 24 --ranks-per-host 24 --algo rma_shared --sizes 1M)
check_time q6-copy24 "$(calc "2 * $m / 24e9 * 1e6")" "$(pick "$t6" rma_shared $m)"
check_claim q6-faster "$(pick "$r6" rma_shared $m) < $(pick "$r6" binomial $m)"

# Q7: the reference solution through --algo-file (the starter must build and run too)
if has_algo_file; then
    r7=$(runs --platform "$tmp/x8.xml" --algo-file "$lab/key/fence.c" --sizes 1K,1M)
    assert_eq "[q7-file] rows that passed the data check" 2 "$(printf '%s\n' "$r7" | grep -c .)"
    bound=$(calc "7 * $b * $m * 1e6")
    assert_near "[q7-file] key vs formula" "$bound" "$(key q7-file)" 0.01
    check_claim q7-file "$(pick "$r7" file:fence $m) >= $bound"
    "$collsim" run --platform "$tmp/x8.xml" --algo-file "$lab/starter/fence.c" --sizes 1K \
        --quiet >/dev/null 2>&1
    assert_eq "the starter builds and runs (and, unfinished, fails the data check)" 1 $?
fi
finish
