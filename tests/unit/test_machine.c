/* test_machine.c: the machine profile format (src/machine/machine.h): a profile read back
 * with every value and source, the classes of core pairs, piecewise values at the pieces'
 * edges as SimGrid's smpi/os reads them, a written profile read back the same, and every
 * refusal naming its line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "machine.h"

static const char good[] = "# a test machine\n"
                           "[machine]\n"
                           "name = epyc-test  # the test's own\n"
                           "description = two sockets of 16 CCX of 4 cores\n"
                           "[node]\n"
                           "levels = ccx:4 socket:16 node:2\n"
                           "core.latency = 20ns\n"
                           "core.bandwidth = 10GBps   # one core's copy rate\n"
                           "ccx.latency = 30ns\n"
                           "ccx.bandwidth = 40GBps\n"
                           "socket.latency = 100ns\n"
                           "socket.bandwidth = 100GBps\n"
                           "node.latency = 200ns\n"
                           "node.bandwidth = 50GBps\n"
                           "nic.latency = 0.5us\n"
                           "nic.bandwidth = 12.5GBps\n"
                           "[network]\n"
                           "platform = crossbar\n"
                           "[mpi]\n"
                           "eager-threshold = 8KiB\n"
                           "reduce-rate = 4e9\n"
                           "send-overhead = 0:0.1us:0; 1000:0.2us:0.01ns\n"
                           "send-overhead.network = 0:0.5us:0  # IB\n"
                           "recv-overhead.ccx = 0:0.05us\n"
                           "latency-factor.network = 0:1; 8192:3\n";

/* Writes text into a new temporary file, its path into path (size >= 32). */
static void temp_with(const char *text, char *path)
{
    snprintf(path, 32, "/tmp/test-machine-XXXXXX");
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
}

static void test_read(void)
{
    char path[32], err[512] = "";
    struct machine m;
    temp_with(good, path);
    CHECK_INT_EQ(0, machine_read(path, &m, err, sizeof err));
    if (err[0]) fprintf(stderr, "%s\n", err);
    CHECK_STR_EQ("epyc-test", m.name);
    CHECK_INT_EQ(3, m.nlevels);
    CHECK_INT_EQ(128, machine_cores_per_node(&m));
    CHECK_NEAR(40e9, m.level[0].bandwidth, 1e-12);
    CHECK_NEAR(200e-9, m.level[2].latency, 1e-12);
    CHECK_NEAR(12.5e9, m.nic_bandwidth, 1e-12);
    CHECK_INT_EQ(1, m.nics);
    CHECK_STR_EQ("crossbar", m.network);
    CHECK_INT_EQ(8192, m.eager);
    CHECK_NEAR(4e9, m.reduce_rate, 1e-12);
    CHECK_STR_EQ("one core's copy rate", machine_source(&m, "core.bandwidth"));
    CHECK_STR_EQ("IB", machine_source(&m, "send-overhead.network"));
    CHECK_STR_EQ("", machine_source(&m, "core.latency"));
    /* classes: cores 0..3 one CCX, 0..63 one socket; self, ccx, socket, node, network */
    CHECK_INT_EQ(MACHINE_CLASS_SELF, machine_class(&m, 1, 5, 5));
    CHECK_INT_EQ(1, machine_class(&m, 1, 4, 7));
    CHECK_INT_EQ(2, machine_class(&m, 1, 3, 4));
    CHECK_INT_EQ(3, machine_class(&m, 1, 63, 64));
    CHECK_INT_EQ(4, machine_class(&m, 0, 0, 0));
    CHECK_STR_EQ("socket", machine_class_name(&m, 2));
    CHECK_STR_EQ("network", machine_class_name(&m, 4));
    CHECK_INT_EQ(0, machine_class_named(&m, "self"));
    CHECK_INT_EQ(2, machine_class_named(&m, "socket"));
    CHECK_INT_EQ(4, machine_class_named(&m, "network"));
    CHECK_INT_EQ(-1, machine_class_named(&m, "numa"));
    unlink(path);
}

static void test_values(void)
{
    char path[32], err[512];
    struct machine m;
    temp_with(good, path);
    machine_read(path, &m, err, sizeof err);
    int net = machine_class_network(&m);
    /* send-overhead: 0.1 us up to 1000 B, then 0.2 us + 0.01 ns a byte; 0.5 us between nodes */
    CHECK_NEAR(0.1e-6, machine_value(&m, MACHINE_SEND_OVERHEAD, 1, 0), 1e-12);
    CHECK_NEAR(0.1e-6, machine_value(&m, MACHINE_SEND_OVERHEAD, 2, 1000), 1e-12);
    CHECK_NEAR(0.2e-6 + 1001 * 0.01e-9, machine_value(&m, MACHINE_SEND_OVERHEAD, 2, 1001), 1e-12);
    CHECK_NEAR(0.5e-6, machine_value(&m, MACHINE_SEND_OVERHEAD, net, 1 << 20), 1e-12);
    /* recv-overhead only within a CCX; nothing given is 0, a factor not given is 1 */
    CHECK_NEAR(0.05e-6, machine_value(&m, MACHINE_RECV_OVERHEAD, 1, 16), 1e-12);
    CHECK_NEAR(0, machine_value(&m, MACHINE_RECV_OVERHEAD, 2, 16), 1e-12);
    CHECK_NEAR(0, machine_value(&m, MACHINE_GAP, net, 16), 1e-12);
    CHECK_NEAR(1, machine_value(&m, MACHINE_LAT_FACTOR, net, 8192), 1e-12);
    CHECK_NEAR(3, machine_value(&m, MACHINE_LAT_FACTOR, net, 8193), 1e-12);
    CHECK_NEAR(1, machine_value(&m, MACHINE_BW_FACTOR, net, 8193), 1e-12);
    CHECK_INT_EQ(1, machine_has(&m, MACHINE_LAT_FACTOR));
    CHECK_INT_EQ(0, machine_has(&m, MACHINE_GAP));
    unlink(path);
}

/* A profile written and read back gives the same values and sources. */
static void test_write(void)
{
    char path[32], back[32] = "/tmp/test-machine-w-XXXXXX", err[512] = "";
    struct machine m, n;
    temp_with(good, path);
    machine_read(path, &m, err, sizeof err);
    FILE *f = fdopen(mkstemp(back), "w");
    CHECK_INT_EQ(0, machine_write(f, &m));
    fclose(f);
    CHECK_INT_EQ(0, machine_read(back, &n, err, sizeof err));
    if (err[0]) fprintf(stderr, "%s\n", err);
    CHECK_STR_EQ(m.name, n.name);
    CHECK_INT_EQ(m.nlevels, n.nlevels);
    CHECK_NEAR(m.level[1].latency, n.level[1].latency, 1e-9);
    CHECK_NEAR(m.nic_bandwidth, n.nic_bandwidth, 1e-9);
    for (int p = 0; p < MACHINE_PARAMS; p++)
        for (int c = 0; c <= machine_class_network(&m); c++)
            for (unsigned long long size = 0; size < 20000; size += 997)
                CHECK_NEAR(machine_value(&m, p, c, size), machine_value(&n, p, c, size), 1e-9);
    CHECK_STR_EQ("IB", machine_source(&n, "send-overhead.network"));
    unlink(path);
    unlink(back);
}

/* A profile of `text` is refused with a message containing `want`. */
static void refused(const char *text, const char *want)
{
    char path[32], err[512] = "";
    struct machine m;
    temp_with(text, path);
    int rc = machine_read(path, &m, err, sizeof err);
    CHECK_INT_EQ(-1, rc);
    if (strstr(err, want) == NULL) {
        check_failed++;
        fprintf(stderr, "expected '%s' in '%s'\n", want, err);
    }
    unlink(path);
}

static void test_refusals(void)
{
    refused("[machine]\nname = a\nname = b\n", ":3: 'name' given twice in [machine]");
    refused("[machine]\nname = a\n[validation]\nmedian-avg = lots\n", ":4: bad value 'lots'");
    refused("[machine]\nname = a\n[validation]\nmedian-avg = 3\n", "needs data and points");
    refused("name = a\n", ":1: 'name' before any section");
    refused("[machine]\nname = a\n[gpu]\n", ":3: unknown section [gpu]");
    refused("[machine]\nname = a\n[mpi]\nsend-overhead = 0:fast\n", ":4: bad piece '0:fast'");
    refused("[machine]\nname = a\n[mpi]\nsend-overhead = 8:1us; 4:2us\n", "increasing sizes");
    refused("[machine]\nname = a\n[mpi]\nsend-overhead.gpu = 0:1us\n", "unknown class 'gpu'");
    refused("[machine]\nname = a\n[mpi]\nlatency-factor = 0:-1\n", "bad factor '-1'");
    refused("[machine]\nname = a\n[node]\nlevels = socket:12\ncore.latency = 1us\n"
            "core.bandwidth = 1GBps\n",
            "needs socket.latency and socket.bandwidth");
    refused("[machine]\nname = a\n[node]\nsocket.latency = 1us\n",
            "is not core, nic, memory (bandwidth only) or a level");
    refused("[machine]\nname = a\n[node]\nlevels = core:2\n", "bad level name 'core'");
    refused("[machine]\ndescription = x\n", "no name in [machine]");
    refused("[machine]\nname = a\n[network]\nplatform = crossbar\n", "needs nic.latency");
    refused("[machine]\nname = a b\n", "bad name 'a b'");
    /* numbers that would wrap or overflow, and spellings strtod alone would take */
    refused("[machine]\nname = a\n[node]\nlevels = a:4096 b:4096 c:4096\n",
            ":4: level 'b:4096' makes 16777216 cores a node (at most 65536)");
    refused("[machine]\nname = a\n[node]\nlevels = a:256 b:257\n",
            "level 'b:257' makes 65792 cores a node (at most 65536)");
    refused("[machine]\nname = a\n[node]\nlevels = a:4294967298\n",
            "bad value '4294967298' for a level's count");
    refused("[machine]\nname = a\n[node]\nnic.bandwidth = 1e300TBps\n",
            ":4: bad value '1e300TBps' for nic.bandwidth (a bandwidth from 0 to 1e+15 B/s");
    refused("[machine]\nname = a\n[node]\nnic.latency = infs\n", "bad value 'infs'");
    refused("[machine]\nname = a\n[mpi]\nsend-overhead = 0:0x10:0\n", "bad piece '0:0x10:0'");
    refused("[machine]\nname = a\n[mpi]\nsend-overhead = 0:nan\n", "bad piece '0:nan'");
    refused("[machine]\nname = a\n[mpi]\nsend-overhead = 0:inf\n", "bad piece '0:inf'");
    refused("[machine]\nname = a\n[mpi]\nsend-overhead = 18446744073709551616:1us\n",
            "bad piece '18446744073709551616:1us'");
    refused("[machine]\nname = a\n[mpi]\nlatency-factor = 0:0x10\n", "bad factor '0x10'");
    refused("[machine]\nname = a\n[mpi]\nlatency-factor = 0:infinity\n", "bad factor");
    refused("[machine]\nname = a\n[mpi]\nreduce-rate = 0x10\n", "bad value '0x10' for reduce-rate");
    refused("[machine]\nname = a\n[mpi]\nreduce-rate = nan\n", "more than 0 up to 1e+15");
    refused("[machine]\nname = a\n[validation]\nmedian-avg = inf\n", "bad value 'inf'");
    refused("[machine]\nname = a\n[validation]\nmedian-avg = 0x1p3\n", "bad value '0x1p3'");
    char err[256];
    struct machine m;
    CHECK_INT_EQ(-1, machine_read("/dev/null", &m, err, sizeof err));
    CHECK(strstr(err, "not a regular file") != NULL);
}

/* The routes of the good profile, summed by hand from its links (docs/machines.md's rule):
 * one CCX [core, ccx, core]; one socket [core, ccx, socket, ccx, core]; two sockets [core, ccx,
 * socket, node, socket, ccx, core]; two nodes [core, ccx, socket, nic, nic, socket, ccx, core]
 * (the core on socket 0, where the NIC is; the switch adds no latency). */
static void test_routes(void)
{
    char path[32], err[512] = "";
    struct machine m;
    temp_with(good, path);
    CHECK_INT_EQ(0, machine_read(path, &m, err, sizeof err));
    unlink(path);
    double l = 0, b = 0;
    CHECK_INT_EQ(0, machine_route(&m, 1, &l, &b)); /* ccx */
    CHECK_NEAR(70e-9, l, 1e-6);
    CHECK_NEAR(10e9, b, 1e-9);
    CHECK_INT_EQ(0, machine_route(&m, 2, &l, &b)); /* socket */
    CHECK_NEAR(200e-9, l, 1e-6);
    CHECK_INT_EQ(0, machine_route(&m, 3, &l, &b)); /* node: the inter-socket link once */
    CHECK_NEAR(500e-9, l, 1e-6);
    CHECK_INT_EQ(0, machine_route(&m, machine_class_network(&m), &l, &b));
    CHECK_NEAR(1300e-9, l, 1e-6);
    CHECK_NEAR(10e9, b, 1e-9); /* the core's copy rate is the narrowest */
    CHECK_INT_EQ(-1, machine_route(&m, MACHINE_CLASS_SELF, &l, &b));
}

/* A profile with memory.bandwidth and copies: the traffic of a byte (2 x copies inside a
 * node, 1 between nodes and to itself), the factor SimGrid gets, the memory on every route
 * (the sender's, no latency), and the copies written and read back. */
static void test_memory(void)
{
    static const char text[] = "[machine]\nname = mem\n[node]\nlevels = socket:4 node:2\n"
                               "core.latency = 20ns\ncore.bandwidth = 10GBps\n"
                               "memory.bandwidth = 8GBps  # STREAM\n"
                               "socket.latency = 100ns\nsocket.bandwidth = 100GBps\n"
                               "node.latency = 200ns\nnode.bandwidth = 50GBps\n"
                               "[mpi]\ncopies = 0:2; 4096:1\nbandwidth-factor.socket = 0:0.5\n";
    char path[32], back[32] = "/tmp/test-machine-m-XXXXXX", err[512] = "";
    struct machine m, n;
    temp_with(text, path);
    CHECK_INT_EQ(0, machine_read(path, &m, err, sizeof err));
    CHECK_NEAR(8e9, m.memory_bandwidth, 1e-9);
    CHECK_NEAR(4, machine_traffic(&m, 1, 4096), 1e-12);
    CHECK_NEAR(2, machine_traffic(&m, 2, 4097), 1e-12);
    CHECK_NEAR(1, machine_traffic(&m, machine_class_network(&m), 16), 1e-12);
    CHECK_NEAR(1, machine_traffic(&m, MACHINE_CLASS_SELF, 16), 1e-12);
    CHECK_NEAR(0.5 / 4, machine_bw_factor(&m, 1, 16), 1e-12);
    CHECK_NEAR(1.0 / 2, machine_bw_factor(&m, 2, 1 << 20), 1e-12);
    double l = 0, b = 0;
    CHECK_INT_EQ(0, machine_route(&m, 1, &l, &b)); /* [core, memory, socket, core] */
    CHECK_NEAR(140e-9, l, 1e-6);
    CHECK_NEAR(8e9, b, 1e-9);
    FILE *f = fdopen(mkstemp(back), "w");
    CHECK_INT_EQ(0, machine_write(f, &m));
    fclose(f);
    CHECK_INT_EQ(0, machine_read(back, &n, err, sizeof err));
    CHECK_NEAR(8e9, n.memory_bandwidth, 1e-9);
    CHECK_NEAR(2, machine_value(&n, MACHINE_COPIES, 1, 4096), 1e-12);
    CHECK_NEAR(1, machine_value(&n, MACHINE_COPIES, 1, 4097), 1e-12);
    CHECK_STR_EQ("STREAM", machine_source(&n, "memory.bandwidth"));
    unlink(path);
    unlink(back);
}

/* [validation] read, written and read back; its one line; a profile without one says so. */
static void test_validation(void)
{
    static const char text[] = "[machine]\nname = val\n[validation]\ndata = a set\n"
                               "points = 12\nmedian-avg = 10.5\np90-avg = 30\n"
                               "median-max = -\np90-max = -\nbest-cells = 4\nbest-share = 75\n";
    char path[32], back[32] = "/tmp/test-machine-v-XXXXXX", err[512] = "", line[512];
    struct machine m, n;
    temp_with(text, path);
    CHECK_INT_EQ(0, machine_read(path, &m, err, sizeof err));
    CHECK_INT_EQ(12, m.validation.points);
    CHECK(isnan(m.validation.median_max));
    FILE *f = fdopen(mkstemp(back), "w");
    CHECK_INT_EQ(0, machine_write(f, &m));
    fclose(f);
    CHECK_INT_EQ(0, machine_read(back, &n, err, sizeof err));
    machine_validation_line(&n, line, sizeof line);
    CHECK_STR_EQ("profile 'val' validated against a set: 12 points, median |error| 10% against "
                 "Avg (p90 30%); best algorithm right in 75% of 4 cells",
                 line);
    n.validation.given = 0;
    machine_validation_line(&n, line, sizeof line);
    CHECK(strstr(line, "not validated") != NULL);
    unlink(path);
    unlink(back);
}

/* A class is named by [node], wherever [mpi] stands: with [mpi] first, send-overhead.network
 * is the network's (class 3 of two levels), not the class the name had before [node] was read
 * (1, the socket's); a UTF-8 byte-order mark and CRLF line ends read as plain text. */
static void test_order(void)
{
    static const char text[] = "\xef\xbb\xbf[machine]\r\nname = a\r\n[mpi]\r\n"
                               "send-overhead.network = 0:32us\r\nsend-overhead.socket = 0:2us\r\n"
                               "[node]\r\nlevels = socket:2 node:2\r\ncore.latency = 1ns\r\n"
                               "core.bandwidth = 1GBps\r\nsocket.latency = 1ns\r\n"
                               "socket.bandwidth = 1GBps\r\nnode.latency = 1ns\r\n"
                               "node.bandwidth = 1GBps\r\n";
    char path[32], err[512] = "";
    static struct machine m;
    temp_with(text, path);
    CHECK_INT_EQ(0, machine_read(path, &m, err, sizeof err));
    CHECK_INT_EQ(3, machine_class_named(&m, "network"));
    CHECK_NEAR(32e-6, machine_value(&m, MACHINE_SEND_OVERHEAD, 3, 0), 1e-12);
    CHECK_NEAR(2e-6, machine_value(&m, MACHINE_SEND_OVERHEAD, 1, 0), 1e-12);
    unlink(path);
    /* a NUL byte (UTF-16 text) or a lone carriage return inside a line is refused */
    char nul[] = "[machine]\nname = a\0b\n";
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f) fwrite(nul, 1, sizeof nul - 1, f), fclose(f);
    CHECK_INT_EQ(-1, machine_read(path, &m, err, sizeof err));
    CHECK(strstr(err, ":2: a NUL byte") != NULL);
    unlink(path);
    refused("[machine]\nname = a\rname = b\n", ":2: a carriage return inside the line");
}

int main(void)
{
    test_read();
    test_validation();
    test_routes();
    test_memory();
    test_values();
    test_write();
    test_refusals();
    test_order();
    return check_finish();
}
