#!/usr/bin/env bash
# errors.sh INTERPOSER LINKED_APP PLAIN_APP COLLS_APP SRCDIR SMPIRUN: a name the interposer
# cannot run, in any collective's variable, stops the application in MPI_Init, before its first
# output, with one error line per bad variable from rank 0 and a non-zero status; an empty name
# means SimGrid's default; without a _VERBOSE variable the interposer prints nothing, with
# COLLSIM_VERBOSE it speaks for every interposed function.
source "$(dirname "$0")/common.sh"

# bad APP WANT_LINES VAR=VALUE...: the run stops before any case with exactly WANT_LINES.
bad() {
    local app=$1 want=$2
    shift 2
    (export "$@" && ip_run bad "$app" && echo "$ip_status" >"$ip_tmp/bad.status")
    if [ "$(cat "$ip_tmp/bad.status")" -eq 0 ]; then fail "$*: expected a non-zero status, got 0"; else pass; fi
    assert_eq "$*: stderr" "$want" "$(cat "$ip_tmp/bad.err")"
    assert_eq "$*: cases run" 0 "$(grep -c '^case' "$ip_tmp/bad.out")"
}

for name in bogus smpi:bogus all smpi:default BINOMIAL; do
    bad "$ip_linked" "collsim: error: unknown algorithm '$name' in COLLSIM_BCAST (see 'collsim list')" \
        "COLLSIM_BCAST=$name"
    bad "$ip_colls" "collsim: error: unknown algorithm '$name' in COLLSIM_REDUCE (see 'collsim list')" \
        "COLLSIM_REDUCE=$name"
done
# a broadcast's name is no reduction's
bad "$ip_colls" "collsim: error: unknown algorithm 'two_tree' in COLLSIM_REDUCE (see 'collsim list')" \
    COLLSIM_REDUCE=two_tree
for name in ring torus_halving hypercube multichain; do
    bad "$ip_colls" "collsim: error: algorithm '$name' in COLLSIM_BCAST needs a known topology; the interposer runs the topology-free ones" \
        "COLLSIM_BCAST=$name"
done
# two bad variables: one line each, in collectives.def's order
bad "$ip_colls" "collsim: error: unknown algorithm 'nope' in COLLSIM_BCAST (see 'collsim list')
collsim: error: unknown algorithm 'bogus' in COLLSIM_REDUCE (see 'collsim list')" \
    COLLSIM_REDUCE=bogus COLLSIM_BCAST=nope

# an MPI library's name: unknown ones stop in MPI_Init; a known one the library refuses at a
# call's size (two_proc on 6 ranks) stops at that call, with one line from rank 0
bad "$ip_colls" "collsim: error: unknown algorithm 'ompi:99' in COLLSIM_BCAST (see 'collsim list')" \
    COLLSIM_BCAST=ompi:99
bad "$ip_colls" "collsim: error: unknown algorithm 'mpich:bogus' in COLLSIM_BCAST (see 'collsim list')" \
    COLLSIM_BCAST=mpich:bogus
(export COLLSIM_ALLGATHER=ompi:6 && ip_run lib "$ip_colls" && echo "$ip_status" >"$ip_tmp/lib.status")
[ "$(cat "$ip_tmp/lib.status")" -ne 0 ] && pass || fail "allgather ompi:6 on 6 ranks: status 0"
assert_eq "allgather ompi:6 on 6 ranks: stderr" \
    "collsim: error: ompi:6 in COLLSIM_ALLGATHER: ompi:6 (two_proc) of allgather: Open MPI runs it on 2 processes only, not 6" \
    "$(cat "$ip_tmp/lib.err")"
[ "$(grep -c '^case.*MPI_Allgather ' "$ip_tmp/lib.out")" = 0 ] && pass || fail "an allgather case ran with ompi:6"

COLLSIM_BCAST= COLLSIM_BCAST_VERBOSE=1 ip_run empty "$ip_linked"
ip_check_data empty "empty name"
assert_eq "empty name: stderr" \
    "collsim: MPI_Bcast runs SimGrid's default (COLLSIM_BCAST unset or empty)" \
    "$(cat "$ip_tmp/empty.err")"
assert_eq "empty name: how MPI_Bcast ran" simgrid "$(ip_verdict empty)"

COLLSIM_BCAST=linear COLLSIM_REDUCE=binomial ip_run quiet "$ip_linked"
ip_check_data quiet "not verbose"
assert_eq "not verbose: stderr" "" "$(cat "$ip_tmp/quiet.err")"
assert_eq "not verbose: how MPI_Bcast ran" collsim "$(ip_verdict quiet)"

# COLLSIM_VERBOSE: one line per interposed function, at its first call (colls.c calls them in
# collectives.def's order for bcast and reduce); the other functions' variables unset.
COLLSIM_VERBOSE=1 COLLSIM_REDUCE=binomial ip_run verbose "$ip_colls"
ip_check_data verbose "COLLSIM_VERBOSE" "$ip_src/tests/interpose/colls.expected"
assert_eq "COLLSIM_VERBOSE: stderr" "collsim: MPI_Bcast runs SimGrid's default (COLLSIM_BCAST unset or empty)
collsim: MPI_Reduce runs 'binomial' (COLLSIM_REDUCE)" "$(grep -E 'MPI_(Bcast|Reduce) ' "$ip_tmp/verbose.err" | grep -v ' where ')"
assert_eq "COLLSIM_VERBOSE: one line per interposed function" \
    "$(grep -c '^MPI_FUNCTION(' "$ip_src/src/registry/collectives.def")" "$(grep -vc ' where ' "$ip_tmp/verbose.err")"
# and one per function and reason where a call goes elsewhere: MPI_Reduce's non-commutative
# operation to SimGrid's own call, MPI_Scan's to collsim's linear scan (COLLSIM_SCAN unset)
assert_eq "COLLSIM_VERBOSE: the calls handed elsewhere" "collsim: MPI_Reduce runs SimGrid's own call where the operation is not commutative ('binomial' of COLLSIM_REDUCE needs a commutative one)
collsim: MPI_Scan runs collsim's 'linear' where the operation is not commutative (SimGrid's own combines such an operation out of rank order)" "$(grep ' where ' "$ip_tmp/verbose.err")"
# the environment collsim starts with holds a planted table address under this very process's
# variable (set by a wrapper that then execs the simulation, keeping its process id): it is
# ignored, the cases run and check (it was dereferenced: a segmentation fault)
printf '#!/bin/sh\nexport COLLSIM_NODES_TABLE_$$=0x10\nexec "$@"\n' >"$ip_tmp/plant.sh"
chmod +x "$ip_tmp/plant.sh"
ip_run planted "$ip_linked" -wrapper "$ip_tmp/plant.sh"
assert_eq "a planted COLLSIM_NODES_TABLE_<pid>: status" 0 "$ip_status"
assert_eq "a planted COLLSIM_NODES_TABLE_<pid>: every case checked" 0 \
    "$(grep '^case' "$ip_tmp/planted.out" | grep -vc ' ok$')"
[ "$(grep -c '^case' "$ip_tmp/planted.out")" -gt 0 ] && pass || fail "a planted table: no case ran"
finish
