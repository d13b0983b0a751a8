#!/usr/bin/env bash
# fault.sh COLLSIM SRCDIR COLLECTIVE: the reduce-scatter's data check (reduce_scatter or
# reduce_scatter_block) is not vacuous. A byte of rank 5's block corrupted after the call fails
# every algorithm, naming rank and offset; an algorithm that gives each rank its right
# neighbour's block, rightly reduced (a misplaced block), fails at every size, 256 B included
# (a whole number of the data's 256-byte period); one that writes a byte past a rank's block
# (rank 0's, empty in the uneven one) fails on the guard byte.
collsim=$1 src=$2 coll=$3
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=$(plat crossbar-64)
for algo in $(list_algos "$coll" '^none$' | cut -d' ' -f2); do
    err=$("$collsim" run --collective "$coll" --platform "$plat" --np 8 --algo "$algo" \
        --sizes 1000 --iters 1 --inject-fault 5:777 2>&1 >/dev/null)
    if [ $? -eq 0 ]; then fail "$algo: corrupted byte not detected"; fi
    if printf '%s' "$err" | grep -q "rank 5 received a wrong byte at offset 777"; then pass; else
        fail "$algo: error does not name rank 5, offset 777: $err"
    fi
done
# the wrong algorithms, as student files (docs/student-algorithms.md): an all-reduce of the
# whole vector, then as many bytes as the rank's block copied out from the start of block b
if [ "$coll" = reduce_scatter ]; then
    params="const int *counts" count='counts[r]'
else
    params="int count" count=count
fi
wrong() { # NAME SOURCE_BLOCK EXTRA_BYTES
    cat >"$tmp/$1.c" <<C
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
int collsim_$coll(const void *sendbuf, void *recvbuf, $params, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    long displ[65], n = 0;
    for (int r = 0; r < p; r++)
        displ[r] = n, n += $count;
    displ[p] = n;
    unsigned char *all = malloc((size_t)n + 2);
    MPI_Allreduce(sendbuf, all, (int)n, type, op, comm);
    int b = $2;
    memcpy(recvbuf, all + displ[b], (size_t)(displ[rank + 1] - displ[rank]));
    if ($3) ((unsigned char *)recvbuf)[displ[rank + 1] - displ[rank]] = 0x5a;
    free(all);
    return MPI_SUCCESS;
}
C
}
wrong shifted "(rank + 1) % p" 0
wrong overlong rank 1
for s in 256 1000; do
    out=$("$collsim" run --collective "$coll" --platform "$plat" --np 8 --algo-file "$tmp/shifted.c" \
        --sizes $s --iters 1 2>&1)
    st=$?
    # every rank with a non-empty block (the uneven one's rank 0 has none)
    want=8
    [ "$coll" = reduce_scatter ] && want=7
    if [ $st -ne 0 ] && printf '%s' "$out" | grep -q "$want wrong buffers"; then pass; else
        fail "misplaced blocks at $s B not caught on every rank: $out"
    fi
done
out=$("$collsim" run --collective "$coll" --platform "$plat" --np 8 --algo-file "$tmp/overlong.c" \
    --sizes 1000 --iters 1 2>&1)
if [ $? -ne 0 ] && printf '%s' "$out" | grep -q "rank 0 received a wrong byte at offset"; then pass; else
    fail "a byte written past a block not caught: $out"
fi
finish
