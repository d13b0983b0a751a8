#!/usr/bin/env bash
# ompi_messages.sh COLLSIM SRCDIR: the algorithms named after Open MPI send Open MPI's
# messages: Debian's Open MPI 4.1.4 run under its pml monitoring and collsim's simulated call
# of the same number give the same count and bytes from every rank to every other
# (tests/mpilib/messages.sh), at the process counts and on both sides of 64 KiB. The
# numbers checked are those collsim runs as Open MPI does (docs/mpi-libraries.md); the others
# are counted by bench/ompi-messages. Exits 77 (skipped) without Open MPI.
collsim=$1 src=$2
source "$src/tests/lib.sh"
source "$src/tests/mpilib/messages.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
msg_setup || { echo "ompi_messages.sh: no Open MPI (openmpi-bin, libopenmpi-dev): skipped"; exit 77; }
NPS="2 3 4 5 7 8 12 16"

# same COLL N SIZES...: every size at every process count of NPS
same() {
    local coll=$1 n=$2 np m
    shift 2
    for np in $NPS; do
        for m in "$@"; do
            msg_same "$coll" "$n" "$np" "$m" && pass || fail "$coll ompi:$n np=$np $m B: other messages"
        done
    done
}
for n in 1 2 3 4 5 6 7 9; do
    same bcast $n 64 100000
done
# the scatter-allgathers below p elements (Open MPI's basic_linear) and with short last blocks
same bcast 8 5 64 99999
same bcast 9 5 99999
# split_bintree: an odd count (halves of 50000 and 49999)
NPS="7 8" same bcast 4 99999
# Open MPI's own parameters reach the schedule the same way: two chains of 1000-byte segments;
# the pipeline, the binary and the split tree in 1000-byte segments (the split tree hands 1500
# bytes, halves smaller than a segment, to the pipeline)
export OMPI_MCA_coll_tuned_bcast_algorithm_chain_fanout=2 OMPI_MCA_coll_tuned_bcast_algorithm_segmentsize=1000
NPS="4 7" same bcast 2 10000
NPS="4 7" same bcast 3 10000
NPS="4 7" same bcast 4 10000 1500
NPS="4 7" same bcast 5 10000
finish
