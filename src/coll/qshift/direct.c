/* direct.c: the q-shift as one send-receive per rank.
 *
 * Every rank sends its block straight to (r + q) mod p and receives from (r - q) mod p. On a
 * crossbar no link is shared: a + b m. On a topology the route of h hops costs, cut-through,
 * t_s + m t_b + t_h h when its links are not shared (the hypercube's e-cube routes of a
 * q-shift never are: t_s + m t_b + t_h (log2 p - gamma(q)), docs/collectives/qshift.md). */
#include "qshift.h"

int qshift_direct(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, int q,
                  MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int qm = qshift_mod(q, p);
    return MPI_Sendrecv(sendbuf, count, type, (rank + qm) % p, QSHIFT_TAG, recvbuf, count, type,
                        (rank - qm + p) % p, QSHIFT_TAG, comm, MPI_STATUS_IGNORE);
}
