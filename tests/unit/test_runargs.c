/* test_runargs.c: the runner's command line (runargs.h) written by the front end and read back
 * by the runner: every value survives the round trip, defaults are left out, and bad values,
 * unknown options and sizes past an MPI count are refused with the option's name. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "runargs.h"

/* Writes a as argv and parses it back into b; the parse's status. */
static int round_trip(const struct runargs *a, struct runargs *b, int *argc)
{
    struct runargs_text t;
    const char *argv[1 + RUNARGS_MAX_ARGS + 1] = {"runner"};
    int n = runargs_argv(a, &t, argv, 1);
    argv[n] = NULL;
    *argc = n;
    char err[256];
    return runargs_parse(n, (char *const *)argv, b, err, sizeof err);
}

static void test_defaults(void)
{
    struct runargs a, b;
    int argc;
    runargs_defaults(&a);
    CHECK_INT_EQ(COLL_bcast, a.coll);
    /* 16:4M:8 is 16, 128, 1 Ki, 8 Ki, 64 Ki, 512 Ki, 4 Mi */
    CHECK_INT_EQ(7, a.sizes.n);
    CHECK_INT_EQ(16, a.sizes.v[0]);
    CHECK_INT_EQ(4 << 20, a.sizes.v[6]);
    CHECK_INT_EQ(-1, a.warmup);
    CHECK_INT_EQ(-1, a.fault_rank);
    CHECK_INT_EQ(0, round_trip(&a, &b, &argc));
    /* collective, sizes, root, shift, iters, platform, model, routing: 8 options, 2 words each;
     * no warm-up, fault, string or flag */
    CHECK_INT_EQ(1 + 16, argc);
    CHECK_INT_EQ(0, memcmp(a.sizes.v, b.sizes.v, sizeof a.sizes.v));
    CHECK_INT_EQ(-1, b.warmup);
}

static void test_every_value(void)
{
    struct runargs a, b;
    char err[256];
    int argc;
    runargs_defaults(&a);
    a.coll = COLL_alltoall;
    a.algos = "all,smpi:ompi";
    CHECK_INT_EQ(0, cs_sizes_parse("0,1,70000", &a.sizes, err, sizeof err));
    a.root = 3, a.shift = -2, a.iters = 5, a.warmup = 0;
    a.platform = "torus-8x8", a.model = CS_MODEL_SMPI, a.routing = CS_ROUTING_SFR;
    a.csv = "/tmp/x.csv", a.topology = "torus:8x8", a.algo_file = "/tmp/a.so";
    a.fault_rank = 7, a.fault_offset = 12345678901LL;
    a.marks = a.shared = a.private_copies = 1;
    CHECK_INT_EQ(0, round_trip(&a, &b, &argc));
    CHECK_INT_EQ(1 + 2 * 14 + 3, argc);
    CHECK_INT_EQ(COLL_alltoall, b.coll);
    CHECK_STR_EQ("all,smpi:ompi", b.algos);
    CHECK_INT_EQ(3, b.sizes.n);
    CHECK_INT_EQ(70000, b.sizes.v[2]);
    CHECK_INT_EQ(3, b.root);
    CHECK_INT_EQ(-2, b.shift);
    CHECK_INT_EQ(5, b.iters);
    CHECK_INT_EQ(0, b.warmup);
    CHECK_STR_EQ("torus-8x8", b.platform);
    CHECK_INT_EQ(CS_MODEL_SMPI, b.model);
    CHECK_INT_EQ(CS_ROUTING_SFR, b.routing);
    CHECK_STR_EQ("/tmp/x.csv", b.csv);
    CHECK_STR_EQ("torus:8x8", b.topology);
    CHECK_STR_EQ("/tmp/a.so", b.algo_file);
    CHECK_INT_EQ(7, b.fault_rank);
    CHECK_INT_EQ(12345678901LL, b.fault_offset);
    CHECK_INT_EQ(1, b.marks + b.shared + b.private_copies == 3);
}

/* Parses argv[1..] alone; its status, the message in err. */
static int parse(char *err, size_t len, const char *a1, const char *a2)
{
    const char *argv[] = {"runner", a1, a2, NULL};
    struct runargs b;
    return runargs_parse(a2 ? 3 : 2, (char *const *)argv, &b, err, len);
}

static void test_refusals(void)
{
    char err[256];
    CHECK_INT_EQ(-1, parse(err, sizeof err, "--sizes", "4G"));
    CHECK(strstr(err, "more than an MPI count holds") != NULL);
    CHECK_INT_EQ(-1, parse(err, sizeof err, "--iters", "0"));
    CHECK_STR_EQ("bad value '0' for --iters", err);
    CHECK_INT_EQ(-1, parse(err, sizeof err, "--warmup", "-1"));
    CHECK_INT_EQ(-1, parse(err, sizeof err, "--model", "fancy"));
    CHECK_STR_EQ("unknown model 'fancy' (known: clean, smpi)", err);
    CHECK_INT_EQ(-1, parse(err, sizeof err, "--routing", "warp"));
    CHECK_INT_EQ(-1, parse(err, sizeof err, "--collective", "quantum"));
    CHECK(strncmp(err, "unknown collective 'quantum' (known: bcast", 41) == 0);
    CHECK_INT_EQ(-1, parse(err, sizeof err, "--inject-fault", "3"));
    CHECK_INT_EQ(-1, parse(err, sizeof err, "--root", NULL));
    CHECK_STR_EQ("--root needs a value", err);
    CHECK_INT_EQ(-1, parse(err, sizeof err, "--sfr", NULL));
    CHECK_STR_EQ("unknown option '--sfr'", err);
    CHECK_INT_EQ(1, parse(err, sizeof err, "--help", NULL));
}

int main(void)
{
    test_defaults();
    test_every_value();
    test_refusals();
    return check_finish();
}
