#!/usr/bin/env bash
# shared_buffers.sh COLLSIM SRCDIR: `collsim run --shared-buffers` (buffers shared by all ranks
# but for every other byte of a message's first and last 512): every broadcast algorithm that
# runs anywhere passes its data check, times equal those of private buffers, a byte corrupted
# at a checked offset is caught, and so is SimGrid's flattree_pipeline, which loses a message's
# last bytes; 256 ranks x 4 MiB stay far below ranks x bytes of memory. The same for every
# reduce and all-reduce algorithm (both buffers shared): the same times and valid rows as
# private buffers, 1 byte included (SimGrid's local copy skips a one-byte shared buffer), a
# corrupted byte caught; likewise the allgather, the scan and the q-shift, with wrong
# algorithms caught; the gather and the scatter (the root's blocks) and the reduce-scatters
# likewise; an all-to-all, whose blocks change places, is refused with one error line.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=$(plat crossbar-64)
run=("$collsim" run --platform "$plat" --np 13 --root 6 --sizes 0,1,1000,65543 --quiet)

# like_private NAME ROWS ARGS...: `collsim run ARGS` with private buffers and with
# --shared-buffers: both exit 0, ROWS rows (when not empty), the same times and valid rows
like_private() {
    local name=$1 rows=$2
    shift 2
    "$collsim" run "$@" --quiet --csv "$tmp/private.csv" 2>/dev/null &&
        "$collsim" run "$@" --quiet --csv "$tmp/shared.csv" --shared-buffers 2>/dev/null
    assert_eq "$name (exit status)" 0 $?
    [ -z "$rows" ] || assert_eq "$name, rows" "$rows" "$(csv_col "$tmp/shared.csv" bytes | wc -l)"
    assert_eq "$name, times" "$(csv_col "$tmp/private.csv" avg_s | paste -sd' ')" \
        "$(csv_col "$tmp/shared.csv" avg_s | paste -sd' ')"
    assert_eq "$name, valid rows" "$(csv_col "$tmp/private.csv" valid | paste -sd' ')" \
        "$(csv_col "$tmp/shared.csv" valid | paste -sd' ')"
}
# caught NAME R AT ARGS...: `collsim run ARGS --sizes 1000 --shared-buffers` with byte AT of
# rank R's result flipped fails, and its error names the rank and the offset
caught() {
    local name=$1 r=$2 at=$3 err
    shift 3
    err=$("$collsim" run "$@" --sizes 1000 --shared-buffers --inject-fault "$r:$at" 2>&1 >/dev/null)
    [ $? -ne 0 ] && printf '%s' "$err" | grep -q "rank $r received a wrong byte at offset $at " &&
        pass || fail "$name: fault at rank $r, offset $at not caught with rank and offset: $err"
}
# count LIST: the items of a comma-separated list
count() { tr , '\n' <<<"$1" | wc -l; }

# the same times, every row valid, and the note saying what is checked
algos=$(list_algos bcast '^none$' | cut -d' ' -f2 | paste -sd,)
algos="$algos,smpi:binomial_tree,smpi:NTSL,smpi:scatter_LR_allgather"
"${run[@]}" --algo "$algos" --csv "$tmp/private.csv" 2>/dev/null
assert_eq "private buffers (exit status)" 0 $?
"${run[@]}" --algo "$algos" --csv "$tmp/shared.csv" --shared-buffers 2>"$tmp/err"
assert_eq "shared buffers (exit status)" 0 $?
grep -q "note: --shared-buffers: each bcast buffer of every rank (L = m bytes) .* (offsets 0, 2, \.\.\., 510 and L-1, L-3, \.\.\., L-511), which every message carries and every rank checks" \
    "$tmp/err" && pass || fail "no note on what is checked: $(head -3 "$tmp/err")"
assert_eq "rows" "$(csv_col "$tmp/private.csv" bytes | wc -l)" "$(csv_col "$tmp/shared.csv" bytes | wc -l)"
assert_eq "times" "$(csv_col "$tmp/private.csv" avg_s | paste -sd' ')" \
    "$(csv_col "$tmp/shared.csv" avg_s | paste -sd' ')"
assert_eq "valid rows" "$(csv_col "$tmp/private.csv" valid | paste -sd' ')" \
    "$(csv_col "$tmp/shared.csv" valid | paste -sd' ')"
"$collsim" run --platform "$plat" --np 13 --root 6 --algo binomial --sizes 1000 \
    --shared-buffers >"$tmp/table" 2>/dev/null
grep -q "every other byte of the first and last 512 of every rank's buffer checked (--shared-buffers)" "$tmp/table" &&
    pass || fail "table header does not say what is checked: $(grep '^#' "$tmp/table")"

# a corrupted private byte is caught, naming its rank and offset
for at in 0 100 510 513 999; do
    caught bcast 5 $at --platform "$plat" --np 8 --root 2 --algo binomial,smpi:binomial_tree
done

# the last bytes are checked too: smpi:flattree_pipeline leaves them out at 65543 B
err=$("${run[@]}" --algo smpi:flattree_pipeline --sizes 65543 --shared-buffers 2>&1)
[ $? -ne 0 ] && pass || fail "flattree_pipeline's lost last bytes not caught"
printf '%s' "$err" | grep -q "received a wrong byte at offset 65" && pass ||
    fail "flattree_pipeline: no wrong byte near the end named: $err"

# 256 ranks x 4 MiB: private buffers would hold 1 GiB
"$collsim" platform fattree --nodes 256 -o "$tmp/ft256.xml" >/dev/null
/usr/bin/time -f %M -o "$tmp/rss" "$collsim" run --platform "$tmp/ft256.xml" --algo binomial \
    --sizes 4M --shared-buffers --quiet 2>/dev/null
assert_eq "256 x 4 MiB (exit status)" 0 $?
kb=$(tail -1 "$tmp/rss")
[ "$kb" -lt $((256 * 4096 / 8)) ] && pass ||
    fail "256 x 4 MiB used $kb KiB, not far below ranks x bytes (1 GiB)"

# the reductions: every algorithm that runs anywhere, and SimGrid's that pass with private
# buffers at 13 ranks
simgrid_allreduce=smpi:rdb,smpi:lr,smpi:rab2,smpi:rab_rdb,smpi:redbcast,smpi:mvapich2,smpi:smp_rdb
simgrid_reduce=smpi:binomial,smpi:flat_tree,smpi:ompi_basic_linear,smpi:mvapich2_knomial
for coll in reduce allreduce; do
    simgrid=simgrid_$coll one=binomial
    [ "$coll" = allreduce ] && one=recursive_doubling
    algos="$(list_algos "$coll" '^none$' | cut -d' ' -f2 | paste -sd,),${!simgrid}"
    like_private "$coll" "$(($(count "$algos") * 5))" --platform "$plat" --np 13 --root 6 \
        --collective "$coll" --algo "$algos" --sizes 0,1,2,1000,65543
    for at in 0 510 999; do
        caught "$coll" 5 $at --platform "$plat" --np 8 --root 5 --collective "$coll" --algo "$one"
    done
done
for t in torus:torus-4x4:16 multiring:ring-16:16 hypercube:hypercube-4:16; do
    IFS=: read -r algo p np <<<"$t"
    like_private "allreduce $algo on $p" 3 --platform "$(plat "$p")" --np "$np" \
        --collective allreduce --algo "$algo" --sizes 1,1000,65543
done

# the allgather: both buffers shared (the send buffer its own up to 1 KiB), every algorithm
# and SimGrid's that pass with private buffers give the same times and valid rows, at 13 and
# 16 ranks (recursive_doubling sends from its receive buffer at a power of two)
algos="$(list_algos allgather '^none$' | cut -d' ' -f2 | paste -sd,),$(simgrid_good allgather)"
for np in 13 16; do
    like_private "allgather at $np ranks" "$(($(count "$algos") * 5))" --platform "$plat" \
        --np $np --collective allgather --algo "$algos" --sizes 0,1,2,1000,65543
done
# a corrupted byte of the first block and of the last (13 x 1000 B: offsets 12489 .. 12999)
# is caught
for at in 0 510 12489 12999; do
    caught allgather 5 $at --platform "$plat" --np 13 --collective allgather --algo ring
done
# a misplaced and a lost block are caught: the ring, then blocks A and B swapped (LOSE 0), or
# the ring without its last step (LOSE 1: each rank misses the block of rank + 1)
wrong_allgather() { # NAME A B LOSE
    cat >"$tmp/$1.c" <<C
#include <mpi.h>
#include <string.h>
int collsim_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    (void)sendtype, (void)recvtype;
    char *buf = recvbuf, t;
    size_t m = (size_t)recvcount;
    memcpy(buf + rank * m, sendbuf, (size_t)sendcount);
    for (int s = 0; s < p - 1 - $4; s++)
        MPI_Sendrecv(buf + (size_t)((rank - s + p) % p) * m, recvcount, MPI_BYTE, (rank + 1) % p,
                     1, buf + (size_t)((rank - s - 1 + p) % p) * m, recvcount, MPI_BYTE,
                     (rank - 1 + p) % p, 1, comm, MPI_STATUS_IGNORE);
    for (size_t i = 0; $4 == 0 && i < m; i++)
        t = buf[$2 * m + i], buf[$2 * m + i] = buf[$3 * m + i], buf[$3 * m + i] = t;
    return MPI_SUCCESS;
}
C
}
wrong_allgather swap02 0 2 0
wrong_allgather swap0last 0 "(p - 1)" 0
wrong_allgather lost 0 0 1
for t in swap02:1 swap0last:1000 lost:1; do
    IFS=: read -r name m <<<"$t"
    out=$("$collsim" run --platform "$plat" --np 13 --collective allgather --algo-file "$tmp/$name.c" \
        --sizes "$m" --shared-buffers 2>&1)
    [ $? -ne 0 ] && printf '%s' "$out" | grep -q "wrong byte" && pass ||
        fail "allgather: $name at $m B not caught with shared buffers: $out"
done

# the scan (both buffers and the algorithms' scratch shared) and the q-shift: every algorithm,
# on a platform it runs on, gives the same times and valid rows as with private buffers
for t in scan:linear,recursive_doubling:crossbar-64:13 scan:linear,recursive_doubling:crossbar-64:16 \
    qshift:direct:crossbar-64:13 qshift:ring:ring-16:16 qshift:torus:torus-4x4:16 \
    qshift:hypercube:hypercube-4:16; do
    IFS=: read -r coll algos p np <<<"$t"
    like_private "$coll $algos on $p" "$(($(count "$algos") * 5))" --platform "$(plat "$p")" \
        --np "$np" --collective "$coll" --algo "$algos" --shift 5 --sizes 0,1,2,1000,65543
done
for t in scan:recursive_doubling qshift:direct; do
    IFS=: read -r coll algo <<<"$t"
    for at in 0 510 999; do
        caught "$coll" 5 $at --platform "$plat" --np 8 --collective "$coll" --algo "$algo" --shift 3
    done
done
# a wrong scan is caught: a chain that forwards the prefix it received instead of the one it
# made, so that from rank 2 on a result leaves out rank r-1's input (--algo-file takes MPI
# calls only, so no q-shift)
cat >"$tmp/scan_skip.c" <<'C'
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
int collsim_scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                 MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    unsigned char *prefix = malloc((size_t)count + 1);
    memcpy(recvbuf, sendbuf, (size_t)count);
    if (rank > 0) MPI_Recv(prefix, count, type, rank - 1, 1, comm, MPI_STATUS_IGNORE);
    if (rank < p - 1) MPI_Send(rank > 0 ? prefix : recvbuf, count, type, rank + 1, 1, comm);
    if (rank > 0) MPI_Reduce_local(prefix, recvbuf, count, type, op);
    free(prefix);
    return MPI_SUCCESS;
}
C
for m in 1000 65543; do
    out=$("$collsim" run --platform "$plat" --np 13 --collective scan --algo-file "$tmp/scan_skip.c" \
        --sizes $m --shared-buffers 2>&1)
    [ $? -ne 0 ] && printf '%s' "$out" | grep -q "rank 2 received a wrong byte" && pass ||
        fail "scan: a wrong chain at $m B not caught at rank 2 with shared buffers: $out"
done
# 256 ranks x 4 MiB q-shift: private buffers would hold 2 GiB (peak RSS counts a shared page
# again for each rank that touches it, so only the q-shift, which does not, is measured so)
/usr/bin/time -f %M -o "$tmp/rss" "$collsim" run --platform "$tmp/ft256.xml" --collective qshift \
    --algo direct --sizes 4M --shared-buffers --quiet 2>/dev/null
assert_eq "q-shift 256 x 4 MiB (exit status)" 0 $?
kb=$(tail -1 "$tmp/rss")
[ "$kb" -lt $((256 * 4096 / 8)) ] && pass ||
    fail "q-shift 256 x 4 MiB used $kb KiB, not far below ranks x bytes (2 GiB)"

# every collective that the refusal names as having a shared mode has one
names=$("$collsim" run --platform "$plat" --np 8 --collective alltoall --algo bruck --sizes 1000 \
    --shared-buffers 2>&1 | sed -n 's/.*; only \(.*\) can be checked in buffers.*/\1/p' | sed 's/ and /, /; s/, / /g')
[ "$(wc -w <<<"$names")" -ge 10 ] && pass || fail "the refusal names too few collectives: '$names'"
for coll in $names; do
    "$collsim" run --platform "$plat" --np 8 --collective "$coll" --sizes 1000 --shared-buffers \
        --quiet >/dev/null 2>&1 && pass || fail "$coll is named as having a shared mode but fails in it"
done

# the gather, the scatter and the reduce-scatters: the root's p blocks or a reduce-scatter's
# input and working vectors shared (one layout), a rank's own block too above 1 KiB; every
# algorithm and SimGrid's that pass with private buffers give the same times and valid rows,
# at 13 and 16 ranks and on the ring, torus and hypercube they are made for
for coll in gather scatter reduce_scatter_block reduce_scatter; do
    algos=$(list_algos $coll '^none$' | cut -d' ' -f2 | paste -sd,)
    sg=$(simgrid_good $coll)
    for t in "$algos${sg:+,$sg}|crossbar-64|13" "$algos${sg:+,$sg}|crossbar-64|16" "ring|ring-16|16" \
        "torus|torus-4x4|16" "hypercube|hypercube-4|16"; do
        IFS='|' read -r a p np <<<"$t"
        like_private "$coll ${a%%,*}... on $p, $np ranks" "$(($(count "$a") * 6))" \
            --platform "$(plat "$p")" --np "$np" --root 6 --collective $coll --algo "$a" \
            --sizes 0,1,2,1000,1025,65543
    done
done
# a corrupted checked byte is caught (13 x 1000 B, root 6): the gather's root at the first and
# last blocks' private bytes, a sender's own block; the scatter's rank 0 at its head, rank 12
# at its tail (the root's offsets 12999 and 12489)
for t in gather:6:0 gather:6:510 gather:6:12999 gather:3:5 scatter:0:0 scatter:0:510 \
    scatter:12:999 scatter:12:489; do
    IFS=: read -r coll r at <<<"$t"
    caught "$coll" "$r" "$at" --platform "$plat" --np 13 --root 6 --collective $coll --algo binomial
done
# wrong ones are caught, with 1-byte and 1000-byte blocks: a linear gather that puts rank r's
# block in place r + 1, a linear scatter that sends rank r block r + 1
cat >"$tmp/gather_rot.c" <<'C'
#include <mpi.h>
#include <string.h>
int collsim_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    (void)recvtype;
    if (rank != root) return MPI_Send(sendbuf, sendcount, sendtype, root, 1, comm);
    char *all = recvbuf;
    size_t m = (size_t)recvcount;
    memcpy(all + (size_t)((rank + 1) % p) * m, sendbuf, m);
    for (int r = 0; r < p; r++)
        if (r != root)
            MPI_Recv(all + (size_t)((r + 1) % p) * m, recvcount, MPI_BYTE, r, 1, comm,
                     MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
}
C
cat >"$tmp/scatter_rot.c" <<'C'
#include <mpi.h>
#include <string.h>
int collsim_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    (void)sendtype;
    if (rank != root) return MPI_Recv(recvbuf, recvcount, recvtype, root, 1, comm, MPI_STATUS_IGNORE);
    const char *all = sendbuf;
    size_t m = (size_t)sendcount;
    for (int r = 0; r < p; r++)
        if (r != root) MPI_Send(all + (size_t)((r + 1) % p) * m, sendcount, MPI_BYTE, r, 1, comm);
    memcpy(recvbuf, all + (size_t)((rank + 1) % p) * m, m);
    return MPI_SUCCESS;
}
C
for coll in gather scatter; do
    for m in 1 1000; do
        out=$("$collsim" run --platform "$plat" --np 13 --root 6 --collective $coll \
            --algo-file "$tmp/${coll}_rot.c" --sizes $m --shared-buffers 2>&1)
        [ $? -ne 0 ] && printf '%s' "$out" | grep -q "wrong byte" && pass ||
            fail "$coll: blocks one place off at $m B not caught with shared buffers: $out"
    done
done

# a corrupted checked byte is caught (13 x 1000 B): rank 0's head, rank 12's tail (the
# vector's offsets 12999 and 12489)
for t in 0:0 0:510 12:999 12:489; do
    IFS=: read -r r at <<<"$t"
    caught reduce_scatter_block "$r" "$at" --platform "$plat" --np 13 \
        --collective reduce_scatter_block --algo recursive_halving
done
# a wrong one is caught, with 1-byte and 1000-byte blocks: rank r keeps block r + 1
cat >"$tmp/rs_next.c" <<'C'
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
int collsim_reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                                 MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    size_t m = (size_t)recvcount;
    unsigned char *all = malloc(m * (size_t)p + 1);
    MPI_Allreduce(sendbuf, all, recvcount * p, type, op, comm);
    memcpy(recvbuf, all + (size_t)((rank + 1) % p) * m, m);
    free(all);
    return MPI_SUCCESS;
}
C
for m in 1 1000; do
    out=$("$collsim" run --platform "$plat" --np 13 --collective reduce_scatter_block \
        --algo-file "$tmp/rs_next.c" --sizes $m --shared-buffers 2>&1)
    [ $? -ne 0 ] && printf '%s' "$out" | grep -q "rank 0 received a wrong byte" && pass ||
        fail "reduce_scatter_block: block r + 1 at $m B not caught at rank 0 with shared buffers: $out"
done

# refused where shared memory would mix the ranks' data
assert_one_line_error "alltoall" "$collsim" run --platform "$plat" --np 8 --collective alltoall \
    --algo bruck --sizes 1000 --shared-buffers
"$collsim" run --platform "$plat" --np 8 --collective alltoall --algo bruck --sizes 1000 \
    --shared-buffers 2>&1 | grep -q "^collsim: error: --shared-buffers: not for alltoall: block j of rank i becomes block i of rank j" &&
    pass || fail "the refusal does not name alltoall"
finish
