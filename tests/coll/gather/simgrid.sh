#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR [COLLECTIVE]: SimGrid's own gathers (or scatters) through collsim's
# runner. Those simgrid.def lists with no known fault pass the data check on np 8 and 13,
# roots 0 and 3, sizes 0, 1, 1000, 65543 and 1 MiB (a warm-up and a timed call); every known
# fault must have its check below, which must still catch it (so the list stays true).
collsim=$1 src=$2 coll=${3:-gather}
source "$src/tests/lib.sh"
plat=$(plat crossbar-64)
good=$(simgrid_good "$coll")
[ -n "$good" ] && pass || fail "no fault-free SimGrid $coll parsed from simgrid.def"
ngood=$(printf '%s' "$good" | tr ',' '\n' | grep -c .)
for np in 8 13; do
    for root in 0 3; do
        out=$("$collsim" run --platform "$plat" --np "$np" --root "$root" --collective "$coll" \
            --algo "$good" --sizes 0,1,1000,65543,1M --iters 1 --warmup 1 2>&1)
        assert_eq "SimGrid ${coll}s np=$np root=$root status" 0 $?
        assert_eq "SimGrid ${coll}s np=$np root=$root rows" $((5 * ngood)) \
            "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
        if printf '%s' "$out" | grep -q INVALID; then fail "np=$np root=$root: $(printf '%s' "$out" | grep -m3 error)"; fi
    done
done
# known faults: SimGrid 3.32's gathers and scatters have none collsim's check finds (one rank
# per host, np 1 to 64); a fault added to simgrid.def needs its check here.
faulty=$(simgrid_fault_count "$coll")
assert_eq "SimGrid ${coll}s with a known fault, each checked here" 0 "$faulty"
finish
