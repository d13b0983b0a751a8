#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: SimGrid's own broadcasts run through collsim's runner. Those
# with no known fault in simgrid.def pass the data check on np 8 and 13, roots 0 and 3; each
# known fault is still caught at the size simgrid.def names (so the list stays true).
collsim=$1 src=$2
source "$src/tests/lib.sh"
plat=$(plat crossbar-64)
good=$(simgrid_good bcast)
[ -n "$good" ] && pass || fail "no fault-free SimGrid algorithm parsed from simgrid.def"
for np in 8 13; do
    for root in 0 3; do
        out=$("$collsim" run --platform "$plat" --np "$np" --root "$root" --algo "$good" \
            --sizes 0,1,1000,65543,1M --iters 1 --warmup 0 2>&1)
        assert_eq "SimGrid algorithms np=$np root=$root status" 0 $?
        if printf '%s' "$out" | grep -q INVALID; then fail "np=$np root=$root: $(printf '%s' "$out" | grep -m3 error)"; fi
    done
done
# known faults: each must still fail the data check where simgrid.def says
check_fault() { # NAME SIZE
    "$collsim" run --platform "$plat" --np 8 --algo "smpi:$1" --sizes "$2" --iters 1 \
        --warmup 0 >/dev/null 2>&1
    if [ $? -ne 0 ]; then pass; else fail "smpi:$1 at $2 B passed: update simgrid.def"; fi
}
check_fault flattree_pipeline 65543
check_fault SMP_linear 65543
check_fault SMP_binary 1M
check_fault ompi_split_bintree 0
check_fault impi 0
check_fault ompi_pipeline 0
finish
