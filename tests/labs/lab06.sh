#!/usr/bin/env bash
# lab06.sh COLLSIM SRCDIR: lab 06 (one-sided broadcasts): runs the README's steps and checks
# every claim of examples/labs/06-one-sided/key/KEY.md; times against formulas worked out here.
collsim=$1 src=$2
source "$src/tests/lib.sh"
source "$src/tests/labs/keys.sh"
lab=$src/examples/labs/06-one-sided key=$lab/key/KEY.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" platform crossbar --nodes 8 -o "$tmp/x8.xml" >/dev/null
"$collsim" platform xl250a -o "$tmp/xl.xml" >/dev/null
a=2e-6 b=1e-10 m=1048576

# Q1
r1=$(runs --platform "$tmp/x8.xml" --algo linear,binomial --sizes 0,1M)
check_claim "$key" Q1.linear "$(calc "7 * ($a + $b * ($m + 16)) * 1e6")" "$(pick "$r1" linear $m)" 0.01
check_claim "$key" Q1.binomial "$(calc "3 * ($a + $b * ($m + 16)) * 1e6")" "$(pick "$r1" binomial $m)" 0.01

# Q2, Q3: the six one-sided variants at 0 B and 1 MiB
r=$(runs --platform "$tmp/x8.xml" --sizes 0,1M --algo \
    rma_linear_fence,rma_linear_pscw,rma_linear_lock,rma_binomial_fence,rma_binomial_pscw,rma_binomial_lock)
t() { pick "$r" "rma_$1_$2" "$3"; }
check_key "$key" Q2.over "$(calc "4 * $a * 1e6")" 0.01
order= faster=
for shape in linear binomial; do
    for sync in fence pscw lock; do
        check_above "$key" Q2.over "$(calc "$(t $shape $sync 0) - $(pick "$r1" $shape 0)")"
    done
    order="$order${order:+ && }$(t $shape fence 0) > $(t $shape pscw 0) && $(t $shape pscw 0) > $(t $shape lock 0)"
done
check_holds "$key" Q2.order "$order"
for sync in fence pscw lock; do
    faster="$faster${faster:+ && }$(t binomial $sync $m) < $(t linear fence $m) &&
        $(t binomial $sync $m) < $(t linear pscw $m) && $(t binomial $sync $m) < $(t linear lock $m)"
    check_below "$key" Q3.linear "$(calc "$(t linear $sync $m) / $(pick "$r1" linear $m)")"
done
check_holds "$key" Q3.shape "$faster"
check_holds "$key" Q2.fence_rounds "$(t binomial fence 0) > $(t linear fence 0)"
bm=$(pick "$r1" binomial $m)
check_below "$key" Q3.lock "$(calc "$(t binomial lock $m) / $bm")"
check_below "$key" Q3.fence "$(calc "$(t binomial fence $m) / $bm")"
check_above "$key" Q3.pscw "$(calc "$(t binomial pscw $m) / $bm")"

# Q4: route latencies, the platform comments' numbers added by hand
lat() { "$collsim" platform info "$tmp/xl.xml" --hops | awk -v s="$1" -v d="$2" \
    '$1 == s && $2 == d { printf "%.12g", $4 * 1e6 }'; }
check_claim "$key" Q4.socket "$(calc "(100 + 50 + 100) * 1e-3")" "$(lat s0-c0 s0-c1)" 0.01
check_claim "$key" Q4.qpi "$(calc "(100 + 50 + 250 + 50 + 100) * 1e-3")" "$(lat s0-c0 s1-c0)" 0.01

# Q5: one rank per core host
r5=$(runs --platform "$tmp/xl.xml" --algo rma_binomial_lock,rma_shared --sizes 1K,1M)
check_holds "$key" Q5.noshare "$(pick "$r5" rma_shared 1024) > $(pick "$r5" rma_binomial_lock 1024) &&
    $(pick "$r5" rma_shared $m) > $(pick "$r5" rma_binomial_lock $m)"

# Q6: 24 ranks on one host
r6=$(runs --platform "$tmp/xl.xml" --np 24 --ranks-per-host 24 --algo binomial,rma_shared --sizes 1M)
check_claim "$key" Q6.copy "$(calc "2 * $m / 12e9 * 1e6")" "$(pick "$r6" rma_shared $m)" 0.01
t6=$(COLLSIM_MEMCPY_BW=24e9 runs --platform "$tmp/xl.xml" --np 24 --ranks-per-host 24 --algo rma_shared --sizes 1M)
check_claim "$key" Q6.copy24 "$(calc "2 * $m / 24e9 * 1e6")" "$(pick "$t6" rma_shared $m)" 0.01
check_holds "$key" Q6.faster "$(pick "$r6" rma_shared $m) < $(pick "$r6" binomial $m)"

# Q7: the reference solution through --algo-file (the starter must build and run too)
"$collsim" run --platform "$tmp/x8.xml" --algo-file "$lab/key/fence.c" --sizes 1K,1M --quiet \
    --csv "$tmp/q7.csv" >/dev/null 2>&1
rc=$?
check_holds "$key" Q7.passes "$rc == 0 && $(csv_col "$tmp/q7.csv" algorithm 2>/dev/null | grep -c '^file:fence$') == 2"
bound=$(calc "7 * $b * $m * 1e6")
check_key "$key" Q7.file "$bound" 0.01
check_above "$key" Q7.file "$(paste -d' ' <(csv_col "$tmp/q7.csv" bytes) <(csv_col "$tmp/q7.csv" avg_s) 2>/dev/null |
    awk -v m=$m '$1 == m { printf "%.12g", $2 * 1e6 }')"
starter_fails "the starter fence.c" --platform "$tmp/x8.xml" --algo-file "$lab/starter/fence.c" --sizes 1K
finish
