#!/usr/bin/env bash
# colls.sh INTERPOSER LINKED_APP PLAIN_APP COLLS_APP SRCDIR SMPIRUN COLL MPI_NAME ALGO: runs
# colls.c (every MPI collective of the course, linked with the interposer) with
# COLLSIM_<COLL>=ALGO, or with the variable unset for "unset", the other collectives' variables
# unset, and checks that every case is right (the output is colls.expected whatever runs), that
# the interposer says what runs MPI_NAME, and in the trace that MPI_NAME really ran the
# algorithm: no rank entered SimGrid's PMPI_ state of MPI_NAME (collsim's algorithms and
# SimGrid's, called below the MPI layer, make none), while unset every rank did at every call
# (the control that the trace check sees a call that was not interposed), except the calls
# the interposer hands elsewhere on purpose (a non-commutative operation), each said on
# stderr. An algorithm of known_faults.txt must fail instead.
source "$(dirname "$0")/common.sh"
coll=$1 mpi=$2 algo=$3
var=COLLSIM_${coll^^}
export "${var}_VERBOSE=1"
if [ "$algo" = unset ]; then
    want_note="collsim: $mpi runs SimGrid's default ($var unset or empty)"
else
    export "$var=$algo"
    want_note="collsim: $mpi runs '$algo' ($var)"
fi
ip_run run "$ip_colls"
fault=$(sed -n "s/^$coll $algo | //p" "$ip_src/tests/interpose/known_faults.txt")
if [ -n "$fault" ]; then
    # a known fault (known_faults.txt): the run must still fail
    if [ "$ip_status" -ne 0 ]; then pass; else fail "$coll $algo: known fault '$fault' did not happen"; fi
    finish
    exit
fi
ip_check_data run "$coll $algo" "$ip_src/tests/interpose/colls.expected"
# the matrices cases (a non-commutative operation): reduce and allreduce go to SimGrid's own
# call, which combines in rank order; scan runs collsim's linear scan even unset, since
# SimGrid 3.32's own scan leaves out the lower ranks' data (src/interpose/README.md)
matrices=$(grep -c "^case *[0-9]* $mpi .* matrices" "$ip_src/tests/interpose/colls.expected")
refusal=
case $coll:$algo in
reduce:unset | allreduce:unset) ;;
reduce:* | allreduce:*)
    refusal="collsim: $mpi runs SimGrid's own call where the operation is not commutative ('$algo' of $var needs a commutative one)" ;;
scan:*)
    refusal="collsim: $mpi runs collsim's 'linear' where the operation is not commutative (SimGrid's own combines such an operation out of rank order)" ;;
esac
assert_eq "$coll $algo: stderr" "$want_note${refusal:+
$refusal}" "$(cat "$ip_tmp/run.err")"
states=$(ip_states run "P$mpi")
calls=$(grep -c "^case *[0-9]* $mpi " "$ip_src/tests/interpose/colls.expected")
if [ "$algo" = unset ]; then
    # each case is one call on every rank (the halves call together)
    [ "$coll" = scan ] && calls=$((calls - matrices))
    assert_eq "$coll $algo: ranks' entries in SimGrid's P$mpi" $((calls * 6)) "$states"
else
    [ "$coll" = reduce ] || [ "$coll" = allreduce ] || matrices=0
    assert_eq "$coll $algo: ranks' entries in SimGrid's P$mpi" $((matrices * 6)) "$states"
fi
finish
