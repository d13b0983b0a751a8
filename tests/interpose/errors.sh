#!/usr/bin/env bash
# errors.sh INTERPOSER LINKED_APP PLAIN_APP SRCDIR SMPIRUN: a name the interposer cannot run
# stops the application in MPI_Init, before its first output, with exactly one error line from
# rank 0 and a non-zero status; an empty name means SimGrid's default; without
# COLLSIM_BCAST_VERBOSE the interposer prints nothing.
source "$(dirname "$0")/common.sh"

for name in bogus smpi:bogus all smpi:default BINOMIAL; do
    COLLSIM_BCAST=$name ip_run bad "$ip_linked"
    if [ "$ip_status" -eq 0 ]; then fail "'$name': expected a non-zero status, got 0"; else pass; fi
    assert_eq "'$name': stderr" \
        "collsim: error: unknown algorithm '$name' in COLLSIM_BCAST (see 'collsim list')" \
        "$(cat "$ip_tmp/bad.err")"
    assert_eq "'$name': cases run" 0 "$(grep -c '^case' "$ip_tmp/bad.out")"
done

COLLSIM_BCAST= COLLSIM_BCAST_VERBOSE=1 ip_run empty "$ip_linked"
ip_check_data empty "empty name"
assert_eq "empty name: stderr" \
    "collsim: MPI_Bcast runs SimGrid's default (COLLSIM_BCAST unset or empty)" \
    "$(cat "$ip_tmp/empty.err")"
assert_eq "empty name: how MPI_Bcast ran" simgrid "$(ip_verdict empty)"

COLLSIM_BCAST=linear ip_run quiet "$ip_linked"
ip_check_data quiet "not verbose"
assert_eq "not verbose: stderr" "" "$(cat "$ip_tmp/quiet.err")"
assert_eq "not verbose: how MPI_Bcast ran" collsim "$(ip_verdict quiet)"
finish
