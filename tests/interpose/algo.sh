#!/usr/bin/env bash
# algo.sh INTERPOSER LINKED_APP PLAIN_APP COLLS_APP SRCDIR SMPIRUN ALGO: runs the test application
# (linked with the interposer) with COLLSIM_BCAST=ALGO, or with COLLSIM_BCAST unset for
# "unset", and checks that every case is right (the output is app.expected, the same for every
# algorithm), that the interposer says what runs, and that the trace shows it really ran:
# collsim algorithms send BCAST_TAG messages and nobody enters SimGrid's MPI_Bcast; smpi:NAME
# runs below the MPI layer (no MPI_Bcast state either); unset goes through SimGrid's MPI_Bcast,
# which is also the control that the trace check sees a broadcast that was not interposed.
source "$(dirname "$0")/common.sh"
algo=$1
export COLLSIM_BCAST_VERBOSE=1
if [ "$algo" = unset ]; then
    want_note="collsim: MPI_Bcast runs SimGrid's default (COLLSIM_BCAST unset or empty)"
    want_verdict=simgrid
else
    export COLLSIM_BCAST=$algo
    want_note="collsim: MPI_Bcast runs '$algo' (COLLSIM_BCAST)"
    case $algo in
    smpi:*) want_verdict=below ;;
    rma_*_lock | rma_shared) want_verdict=collsim ;; # lock notifications are tag-7001 messages
    rma_*) want_verdict=onesided ;;
    *) want_verdict=collsim ;;
    esac
fi
ip_run run "$ip_linked"
ip_check_data run "$algo"
assert_eq "$algo: stderr" "$want_note" "$(cat "$ip_tmp/run.err")"
assert_eq "$algo: how MPI_Bcast ran (tag-7001 messages $(ip_messages run 7001), PMPI_Bcast states $(ip_states run PMPI_Bcast))" \
    "$want_verdict" "$(ip_verdict run)"
finish
