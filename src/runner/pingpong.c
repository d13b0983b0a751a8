/* pingpong.c: the SMPI calibration program. Ranks 0 and 1 measure, per message size, what
 * the LogP family and Hockney need: the one-way time (half a round trip), the time the
 * sender spends in MPI_Send (o_s), the time the receiver spends in MPI_Recv once the message
 * is there (o_r), and the gap between messages of a back-to-back burst (g). Other ranks idle.
 * Prints CSV on stdout: CS_PINGPONG_HEADER (format.h), then a row per size. Run through `collsim
 * calibrate`.
 *
 * Definitions, all on the simulated clock (smpi/wtime:0, no computation simulated):
 *   oneway(m) = (round trip of m bytes there and m bytes back) / 2, averaged over --iters;
 *   send(m)   = time MPI_Send of m bytes takes to return when the receiver already waits;
 *   recv(m)   = time MPI_Recv takes when posted after the sender issued the message and a
 *               0-byte note behind it arrived (SMPI moves the data only once the receive
 *               is matched, unless smpi/async-small-thresh says otherwise, so with SimGrid's
 *               defaults this is the whole transfer, not a receive overhead);
 *   gap(m)    = (time to receive a burst of --burst messages - oneway(m)) / (burst - 1). */
#include <getopt.h>
#include <inttypes.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "util.h"

#define TAG 7100

/* Half the average round trip of m bytes between ranks 0 and 1, after one warm-up. */
static double measure_oneway(char *buf, int m, int rank, int iters)
{
    int peer = 1 - rank;
    double t0 = 0;
    for (int it = 0; it <= iters; it++) {
        if (it == 1) t0 = MPI_Wtime();
        if (rank == 0) {
            MPI_Send(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
            MPI_Recv(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
        }
    }
    return (MPI_Wtime() - t0) / (2.0 * iters);
}

/* o_s on rank 0: the time MPI_Send takes when the receiver already waits (it posted its
 * receive before saying it was ready). 0 on rank 1. */
static double measure_send(char *buf, int m, int rank)
{
    int peer = 1 - rank;
    if (rank == 0) {
        MPI_Recv(NULL, 0, MPI_BYTE, peer, TAG + 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double s0 = MPI_Wtime();
        MPI_Send(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
        return MPI_Wtime() - s0;
    }
    MPI_Request rq;
    MPI_Irecv(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, &rq);
    MPI_Send(NULL, 0, MPI_BYTE, peer, TAG + 1, MPI_COMM_WORLD);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    return 0;
}

/* o_r, on both ranks: rank 1 receives a 0-byte note sent after the message, then times the
 * message's receive, and tells rank 0. */
static double measure_recv(char *buf, int m, int rank)
{
    int peer = 1 - rank;
    double recv_t = 0;
    if (rank == 0) {
        MPI_Request rq; /* non-blocking: a rendezvous send would wait for the receive */
        MPI_Isend(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, &rq);
        MPI_Send(NULL, 0, MPI_BYTE, peer, TAG + 2, MPI_COMM_WORLD);
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
        MPI_Recv(&recv_t, 1, MPI_DOUBLE, peer, TAG + 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return recv_t;
    }
    MPI_Recv(NULL, 0, MPI_BYTE, peer, TAG + 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double r0 = MPI_Wtime();
    MPI_Recv(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    recv_t = MPI_Wtime() - r0;
    MPI_Send(&recv_t, 1, MPI_DOUBLE, peer, TAG + 3, MPI_COMM_WORLD);
    return recv_t;
}

/* g, on both ranks: a burst of back-to-back messages timed at the receiver. The burst began
 * when the sender timestamped b0, but the note carrying b0 cost a 0-byte trip, so the receiver
 * measures from its own start and removes one one-way time: what remains is burst-1 gaps. */
static double measure_gap(char *buf, int m, int rank, int burst, double oneway)
{
    int peer = 1 - rank;
    double gap = 0, b0;
    if (rank == 0) {
        MPI_Recv(NULL, 0, MPI_BYTE, peer, TAG + 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        b0 = MPI_Wtime();
        MPI_Send(&b0, 1, MPI_DOUBLE, peer, TAG + 4, MPI_COMM_WORLD);
        for (int k = 0; k < burst; k++)
            MPI_Send(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
        MPI_Recv(&gap, 1, MPI_DOUBLE, peer, TAG + 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return gap;
    }
    MPI_Send(NULL, 0, MPI_BYTE, peer, TAG + 1, MPI_COMM_WORLD);
    MPI_Recv(&b0, 1, MPI_DOUBLE, peer, TAG + 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double start = MPI_Wtime();
    for (int k = 0; k < burst; k++)
        MPI_Recv(buf, m, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    gap = (MPI_Wtime() - start - oneway) / (burst - 1);
    if (gap < 0) gap = 0;
    MPI_Send(&gap, 1, MPI_DOUBLE, peer, TAG + 3, MPI_COMM_WORLD);
    return gap;
}

/* Parses the options into the sizes; the count, or -1 after an error line from rank 0. */
static int parse(int argc, char **argv, int rank, int p, uint64_t *sizes, int *iters, int *burst)
{
    static const struct option longopts[] = {{"sizes", required_argument, 0, 's'},
                                             {"iters", required_argument, 0, 'i'},
                                             {"burst", required_argument, 0, 'b'},
                                             {0, 0, 0, 0}};
    const char *sizes_s = "0:32M:2";
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 's')
            sizes_s = optarg;
        else if (c == 'i' && cs_parse_int(optarg, iters) == 0 && *iters > 0)
            continue;
        else if (c == 'b' && cs_parse_int(optarg, burst) == 0 && *burst > 1)
            continue;
        else {
            if (rank == 0) cs_error("bad option for the ping-pong program");
            return -1;
        }
    }
    char err[256];
    int n = cs_parse_sizes(sizes_s, sizes, 64, err, sizeof err);
    if (n < 0 || p < 2) {
        if (rank == 0) cs_error("%s", n < 0 ? err : "calibration needs 2 processes");
        return -1;
    }
    return n;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, p, iters = 3, burst = 8;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    uint64_t sizes[64], maxb = 1;
    int n = parse(argc, argv, rank, p, sizes, &iters, &burst);
    if (n < 0) {
        MPI_Finalize();
        return 2;
    }
    for (int i = 0; i < n; i++)
        if (sizes[i] > maxb) maxb = sizes[i];
    char *buf = calloc(maxb, 1);
    if (rank == 0) printf("%s\n", CS_PINGPONG_HEADER);
    for (int i = 0; i < n && rank < 2; i++) {
        int m = (int)sizes[i];
        double oneway = measure_oneway(buf, m, rank, iters);
        double send_t = measure_send(buf, m, rank);
        double recv_t = measure_recv(buf, m, rank);
        double gap = measure_gap(buf, m, rank, burst, oneway);
        if (rank == 0) {
            printf("%d,%.12g,%.12g,%.12g,%.12g\n", m, oneway, send_t, recv_t, gap);
            fflush(stdout);
        }
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
