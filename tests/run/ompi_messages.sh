#!/usr/bin/env bash
# ompi_messages.sh COLLSIM SRCDIR: the algorithms named after Open MPI send Open MPI's
# messages: Debian's Open MPI 4.1.4 run under its pml monitoring and collsim's simulated call
# of the same number give the same count and bytes from every rank to every other
# (tests/mpilib/messages.sh), at the process counts and on both sides of 64 KiB. The
# numbers checked are those collsim runs as Open MPI does (docs/mpi-libraries.md), and
# ompi:default against Open MPI with no algorithm forced; the others are counted by
# bench/ompi-messages. Exits 77 (skipped) without Open MPI.
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
# the reductions: linear, over Open MPI's trees (chains, pipeline, binary, binomial and in-order
# binary tree)
NPS="2 3 4 7 8 12" same reduce 1 64 100000
NPS="2 3 4 7 8 12" same reduce 5 64 100000
NPS="2 3 4 7 8 12" same reduce 6 64 100000
NPS="2 3 4 7 8 12" same reduce 7 64 100000 99999
NPS="2 3 4 7 8 12" same reduce 2 64 100000
NPS="2 3 4 7 8 12" same reduce 3 64 100000
NPS="2 3 4 7 8 12" same reduce 4 64 100000
# the all-reduces' ring (the segmented one unsegmented, as forced) and Rabenseifner, with odd
# sizes (uneven blocks and halves) and below p elements (recursive doubling)
NPS="2 3 4 7 8 12" same allreduce 1 64 100000
# the compositions of Open MPI's own collectives, their parts its fixed decision's choices
# (a reduce and a bcast; a gather and a bcast of p blocks), on both sides of their thresholds
NPS="2 3 4 7 8 12" same allreduce 2 64 4096 100000
NPS="2 3 4 7 8 12" same allgather 1 64 4096 100000
NPS="2 3 4 7 8 12" same allreduce 4 5 100000 99999
NPS="3 7" same allreduce 5 100000
NPS="2 3 4 7 8 12" same allreduce 6 64 100000 99999
# the all-to-alls Open MPI orders its own way: linear (persistent requests, which the
# monitoring counts as point-to-point), pairwise, linear_sync (all at once, then with a window
# of 2 requests below)
for n in 1 2 4; do
    NPS="2 3 4 7 8 12" same alltoall $n 64 100000
done
# the linear gathers and scatter, and the gather's linear_sync (its segmented form below)
for c in "gather 1" "gather 3" "scatter 1"; do
    NPS="2 3 7 8 12" same $c 64 100000
done
# the barriers Open MPI posts its own way: linear, double ring, recursive doubling
for n in 1 2 3; do
    same barrier $n 0
done
# the two_procs algorithms: their messages at 2 processes, and at any other count both refuse
# (Open MPI with MPI_ERR_UNSUPPORTED_OPERATION, collsim with its one-line error)
NPS="2 3 8" same barrier 5 0
NPS="2 3 8" same allgather 6 64 100000
NPS="2 3 8" same alltoall 5 64 100000
# the reduce-scatters and the scans, on collsim's uneven counts (rank 0's block empty: Open MPI's
# ring and butterfly send it as a 0-byte message, its halving does not) and on equal blocks:
# the non-overlapping and basic_linear (a reduce, then a scatterv or scatter of Open MPI's own),
# the MPICH recursive doubling with its fix-up past p, the butterfly's bit-reversed blocks at
# p = 2^k, the recursive-doubling scan and exscan (both ways), the linear exscan
for n in 1 2 3 4; do
    same reduce_scatter $n 64 100000
    same reduce_scatter_block $n 64 100000
done
same scan 2 64 100000
same exscan 1 64 100000
same exscan 2 64 100000
# at 0 bytes Open MPI's MPI calls return before any algorithm: no message, in both
NPS="5" same bcast 6 0
NPS="5" same allreduce 4 0
NPS="5" same reduce_scatter 3 0
NPS="5" same scan 2 0
# ompi:default is Open MPI's fixed decision, picked at each size on both sides of its
# thresholds; its chains run with one chain (fan-out 0 made 1), as Open MPI's do
NPS="3 4 8" same bcast default 64 4096 200000 600000 2000000
NPS="3 4 8" same reduce default 64 4096 200000 600000 2000000
NPS="3 8" same gather default 64 100000
NPS="3 8" same scatter default 64 100000
NPS="3 8" same allgather default 64 100000
NPS="3 4 7 12" same allreduce default 64 4096 100000
NPS="3 4 8" same barrier default 0
NPS="4" same reduce_scatter default 1 64 100000
NPS="3" same reduce_scatter default 30000 100000
NPS="4" same reduce_scatter_block default 4 16 64 1000 10000 1048576
NPS="3" same reduce_scatter_block default 2 64 200 200000
NPS="3 8" same scan default 64
NPS="3 8" same exscan default 64
# Open MPI's own parameters reach the schedule the same way: two chains of 1000-byte segments;
# the pipeline, the binary and the split tree in 1000-byte segments (the split tree hands 1500
# bytes, halves smaller than a segment, to the pipeline)
export OMPI_MCA_coll_tuned_bcast_algorithm_chain_fanout=2 OMPI_MCA_coll_tuned_bcast_algorithm_segmentsize=1000
NPS="4 7" same bcast 2 10000
NPS="4 7" same bcast 3 10000
NPS="4 7" same bcast 4 10000 1500
NPS="4 7" same bcast 5 10000
NPS="4 7" same bcast 6 10000
# and the reductions', with at most 3 synchronous sends outstanding on the leaves
export OMPI_MCA_coll_tuned_reduce_algorithm_chain_fanout=2 OMPI_MCA_coll_tuned_reduce_algorithm_segmentsize=1000
NPS="4 7" same reduce 2 10000 999
export OMPI_MCA_coll_tuned_gather_algorithm_segmentsize=1000
NPS="4 7" same gather 3 10000
export OMPI_MCA_coll_tuned_alltoall_algorithm_max_requests=2
NPS="4 7" same alltoall 4 1000
export OMPI_MCA_coll_tuned_reduce_algorithm_max_requests=3
NPS="4 7" same reduce 3 10000
NPS="4 7" same reduce 4 10000
NPS="4 7" same reduce 5 10000
finish
