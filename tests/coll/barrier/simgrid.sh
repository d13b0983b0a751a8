#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: SimGrid's barriers through collsim's runner. Those with no known
# fault in simgrid.def pass the check (two warm-ups delaying a rank each, so a barrier that
# lets a rank through early fails) on np 1, 2, 5, 8 and 13; the known fault stays true.
collsim=$1 src=$2
source "$src/tests/lib.sh"
plat=$(plat crossbar-64)
good=$(simgrid_good barrier)
[ -n "$good" ] && pass || fail "no fault-free SimGrid barrier parsed from simgrid.def"
rows=$(( $(printf '%s' "$good" | tr ',' '\n' | grep -c .) * 2 ))
for np in 1 2 5 8 13; do
    out=$("$collsim" run --platform "$plat" --np "$np" --collective barrier --algo "$good" \
        --sizes 0,1 --iters 1 --warmup 2 2>&1)
    assert_eq "SimGrid barriers np=$np status" 0 $?
    assert_eq "SimGrid barriers np=$np rows" "$rows" "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')"
done
# ompi_two_procs: right on 2 ranks; on 1 the simulation fails, and from 3 ranks rank 2 waits
# for rank 1, which never answers, so no result row comes out
two() { # NP: "ok" when the run succeeds with its 1 row
    local out
    out=$("$collsim" run --platform "$plat" --np "$1" --collective barrier --algo smpi:ompi_two_procs \
        --sizes 0 --iters 1 --warmup 2 2>&1) &&
        [ "$(printf '%s\n' "$out" | grep -cE '^[0-9]+ ')" = 1 ] && echo ok || echo bad
}
assert_eq "smpi:ompi_two_procs np=2" ok "$(two 2)"
assert_eq "smpi:ompi_two_procs np=1 (known fault)" bad "$(two 1)"
assert_eq "smpi:ompi_two_procs np=3 (known fault)" bad "$(two 3)"
finish
