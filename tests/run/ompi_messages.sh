#!/usr/bin/env bash
# ompi_messages.sh COLLSIM SRCDIR: the broadcasts named after Open MPI send Open MPI's messages:
# Debian's Open MPI 4.1.4 run under its pml monitoring and collsim's simulated call of the same
# number give the same count and bytes from every rank to every other
# (tests/mpilib/messages.sh), at several process counts and on both sides of 64 KiB. The
# numbers checked are those collsim runs as Open MPI does (docs/mpi-libraries.md); the others
# are counted by bench/ompi-messages. Exits 77 (skipped) without Open MPI.
collsim=$1 src=$2
source "$src/tests/lib.sh"
source "$src/tests/mpilib/messages.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
msg_setup || { echo "ompi_messages.sh: no Open MPI (openmpi-bin, libopenmpi-dev): skipped"; exit 77; }
for n in 1 2 6 7 9; do
    for np in 3 4 7 8; do
        for m in 64 100000; do
            msg_same bcast $n $np $m && pass || fail "bcast ompi:$n np=$np $m B: other messages"
        done
    done
done
# Open MPI's own parameters reach the schedule the same way: two chains of 1000-byte segments
export OMPI_MCA_coll_tuned_bcast_algorithm_chain_fanout=2 OMPI_MCA_coll_tuned_bcast_algorithm_segmentsize=1000
msg_same bcast 2 7 10000 && pass || fail "bcast ompi:2 with Open MPI's fanout 2 and 1000-byte segments"
finish
