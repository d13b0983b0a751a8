#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: SimGrid's own reductions run through collsim's runner. Those with
# no known fault in simgrid.def pass the data check on np 8 and 13, roots 0 and 3, with a
# MPI_SUM and a MPI_MAX call (--iters 2); each known fault is still caught where simgrid.def
# says (so the list stays true in both directions).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp # the logs of the simulations that crash stay in here
plat=$(plat crossbar-64)
good=$(simgrid_good reduce)
[ -n "$good" ] && pass || fail "no fault-free SimGrid reduce parsed from simgrid.def"
for np in 8 13; do
    for root in 0 3; do
        out=$("$collsim" run --collective reduce --platform "$plat" --np "$np" --root "$root" \
            --algo "$good" --sizes 0,1,1000,65543,1M --iters 2 --warmup 0 2>&1)
        assert_eq "SimGrid reductions np=$np root=$root status" 0 $?
        if printf '%s' "$out" | grep -q INVALID; then fail "np=$np root=$root: $(printf '%s' "$out" | grep -m3 error)"; fi
    done
done
# known faults: each must still fail where simgrid.def says, with the error it names
check_fault() { # NAME NP SIZE PATTERN
    local out
    out=$("$collsim" run --collective reduce --platform "$plat" --np "$2" --root 3 \
        --algo "smpi:$1" --sizes "$3" --iters 2 --warmup 0 2>&1)
    if [ $? -eq 0 ]; then
        fail "smpi:$1 at $3 B on $2 ranks passed: update simgrid.def"
    elif ! printf '%s' "$out" | grep -q "$4"; then
        fail "smpi:$1 at $3 B on $2 ranks failed otherwise than simgrid.def says: $out"
    else
        pass
    fi
}
# SIGFPE: smpirun's status 128 + 8
for a in ompi_binary ompi_binomial ompi_chain ompi_in_order_binary ompi_pipeline ompi; do
    check_fault $a 8 0 'smpirun status 136'
done
check_fault rab 8 1000 'invalid_argument'
check_fault scatter_gather 13 1 'MPI_ERR_TRUNCATE'
finish
