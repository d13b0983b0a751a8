/* test_registry.c: the registry's fit rule, topology parsers, needs' words and segment rules,
 * Open MPI's in-order binary tree, and format.h's phase mark, run settings and results reader,
 * on cases worked out by hand. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "choices.h"
#include "env.h"
#include "format.h"
#include "mpilib.h"
#include "ompi_topo.h"
#include "registry.h"
#include "segments.h"

static const struct algo_info *bcast(const char *name)
{
    const struct algo_info *a = algo_find(COLL_bcast, name);
    if (a == NULL) {
        fprintf(stderr, "no broadcast '%s' in the registry\n", name);
        check_failed++;
        static const struct algo_info none = {COLL_bcast, "none", "",   "",
                                              "",         NULL,   NULL, NEED_NOTHING};
        return &none;
    }
    return a;
}

static void test_topo_parse(void)
{
    struct coll_topo t;
    char err[256] = "";
    CHECK_INT_EQ(0, coll_topo_parse_spec("torus:8x8", &t, err, sizeof err));
    CHECK_INT_EQ(NEED_TORUS, t.kind);
    CHECK_INT_EQ(2, t.ndims);
    CHECK_INT_EQ(64, t.nodes);
    CHECK_INT_EQ(0, coll_topo_parse_spec("hypercube:6", &t, err, sizeof err));
    CHECK_INT_EQ(64, t.nodes);
    CHECK_INT_EQ(0, coll_topo_parse_spec("torus:2x3x4", &t, err, sizeof err));
    CHECK_INT_EQ(24, t.nodes);
    CHECK_INT_EQ(-1, coll_topo_parse_spec("torus:4y4", &t, err, sizeof err));
    CHECK_STR_EQ("bad topology dimensions '4y4' for 'torus' (sides from 1 to 2147483647, e.g. 8x8)",
                 err);
    /* sides past an int, and products past the hosts, refused rather than wrapped */
    CHECK_INT_EQ(-1, coll_topo_parse_spec("torus:4294967300x4", &t, err, sizeof err));
    CHECK_INT_EQ(-1, coll_topo_parse_spec("torus:65536x65536", &t, err, sizeof err));
    CHECK_STR_EQ("bad torus '65536x65536' (more than 262144 nodes)", err);
    CHECK_INT_EQ(-1, coll_topo_parse_spec("torus:0x10", &t, err, sizeof err));
    CHECK_INT_EQ(-1, coll_topo_parse_spec("dragonfly:4294967297,1;1,1;1,1;2", &t, err, sizeof err));
    CHECK_INT_EQ(0, coll_topo_parse_spec("dragonfly:2,1;2,1;2,1;2", &t, err, sizeof err));
    CHECK_INT_EQ(16, t.nodes);
    CHECK_INT_EQ(0, coll_topo_parse("fattree", "2;65536,65536;1,1;1,1", &t, err, sizeof err));
    CHECK_INT_EQ(0, t.kind); /* 2^32 hosts: no fat tree the algorithms take */
    CHECK_INT_EQ(-1, coll_topo_parse_spec("torus", &t, err, sizeof err));
    CHECK_STR_EQ("bad topology 'torus' (expected KIND:DIMS, e.g. torus:8x8)", err);
    CHECK_INT_EQ(-1, coll_topo_parse_spec("mesh:4x4", &t, err, sizeof err));
    CHECK_STR_EQ("unknown topology 'mesh:4x4' (ring:P, torus:AxB[xC], hypercube:D, "
                 "dragonfly:G,Lg;C,Lc;R,Lr;N)",
                 err);
    /* from a platform's props an unknown kind is no error, and leaves kind 0 */
    CHECK_INT_EQ(0, coll_topo_parse("fattree", "4", &t, err, sizeof err));
    CHECK_INT_EQ(0, t.kind);
    CHECK_INT_EQ(0, coll_topo_parse("torus", "8", &t, err, sizeof err)); /* a 1D torus */
    CHECK_INT_EQ(0, t.kind);
    CHECK_INT_EQ(-1, coll_topo_parse("ring", "", &t, err, sizeof err));
    CHECK_INT_EQ(0, t.kind);
}

/* a dragonfly's props (SimGrid's topo_parameters) and SimGrid's numbering of its hosts */
static void test_dragonfly(void)
{
    struct coll_topo t;
    struct coll_dragonfly d;
    char err[256] = "";
    CHECK_INT_EQ(0, coll_topo_parse_spec("dragonfly:4,16;2,9;4,7;8", &t, err, sizeof err));
    CHECK_INT_EQ(NEED_DRAGONFLY, t.kind);
    CHECK_INT_EQ(256, t.nodes);
    CHECK_INT_EQ(0, coll_dragonfly_of(&t, &d));
    CHECK_INT_EQ(4, d.groups);
    CHECK_INT_EQ(2, d.chassis);
    CHECK_INT_EQ(4, d.routers);
    CHECK_INT_EQ(8, d.nodes);
    CHECK_INT_EQ(16, d.links[0]);
    CHECK_INT_EQ(9, d.links[1]);
    CHECK_INT_EQ(7, d.links[2]);
    /* node 205 = ((3 x 2 + 0) x 4 + 1) x 8 + 5: group 3, chassis 0, router 1, index 5 */
    struct coll_dragonfly_place w = coll_dragonfly_where(&d, 205);
    CHECK_INT_EQ(3, w.group);
    CHECK_INT_EQ(0, w.chassis);
    CHECK_INT_EQ(1, w.router);
    CHECK_INT_EQ(5, w.index);
    int back = 0;
    for (int n = 0; n < 256; n++)
        back += coll_dragonfly_node(&d, coll_dragonfly_where(&d, n)) == n;
    CHECK_INT_EQ(256, back);
    w = coll_dragonfly_where(&d, 255);
    CHECK_INT_EQ(3 + 1 + 3 + 7, w.group + w.chassis + w.router + w.index);
    CHECK_STR_EQ("dragonfly", coll_topo_kind_name(t.kind));
    static const char *const bad[] = {"4,16;2,9;4,7",  "4,16;2,9;4,7;8;1", "4,0;2,9;4,7;8",
                                      "0,1;2,9;4,7;8", "4,16;2,9;4,7;8x",  "256,1;256,1;2,1;1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_INT_EQ(-1, coll_topo_parse("dragonfly", bad[i], &t, err, sizeof err));
        CHECK_INT_EQ(0, t.kind);
    }
    CHECK_STR_EQ("bad dragonfly parameters '256,1;256,1;2,1;1' (G,Lg;C,Lc;R,Lr;N, each from 1 to "
                 "65536, G C R N at most 65536 nodes)",
                 err);
    CHECK_INT_EQ(-1, coll_dragonfly_of(&t, &d)); /* not a dragonfly */
}

static void test_fits(void)
{
    struct coll_topo ring16, t35, t44, none = {0};
    char why[256] = "", err[256];
    coll_topo_parse("ring", "16", &ring16, err, sizeof err);
    coll_topo_parse("torus", "3x5", &t35, err, sizeof err);
    coll_topo_parse("torus", "4x4", &t44, err, sizeof err);
    CHECK_INT_EQ(0, coll_fits(bcast("ring"), &ring16, 16, 1, 1, why, sizeof why));
    CHECK_INT_EQ(0, coll_fits(bcast("multichain"), &ring16, 16, 1, 1, why, sizeof why));
    CHECK_INT_EQ(0, coll_fits(bcast("multichain"), &t44, 16, 1, 1, why, sizeof why));
    CHECK_INT_EQ(-1, coll_fits(bcast("multichain"), &t35, 15, 1, 1, why, sizeof why));
    CHECK_STR_EQ("needs a Hamiltonian cycle of the torus it can build: a square 2D torus or "
                 "one with an even side",
                 why);
    CHECK_INT_EQ(0, coll_fits(bcast("torus"), &t35, 15, 1, 1, why, sizeof why));
    CHECK_INT_EQ(-1, coll_fits(bcast("ring"), &t44, 16, 1, 1, why, sizeof why));
    CHECK_STR_EQ("needs a ring platform (this one is torus)", why);
    CHECK_INT_EQ(-1, coll_fits(bcast("torus"), &none, 16, 1, 1, why, sizeof why));
    CHECK_STR_EQ("needs a torus platform (this one is not a ring, torus or hypercube)", why);
    CHECK_INT_EQ(-1, coll_fits(bcast("multichain"), &none, 16, 1, 1, why, sizeof why));
    CHECK_STR_EQ("needs a ring, torus or hypercube (Hamiltonian cycles) platform (this one is "
                 "not a ring, torus or hypercube)",
                 why);
    CHECK_INT_EQ(-1, coll_fits(bcast("ring"), &ring16, 8, 1, 1, why, sizeof why));
    CHECK_STR_EQ("needs one rank per node of the 16-node ring (got 8 ranks)", why);
    CHECK_INT_EQ(-1, coll_fits(bcast("ring"), &ring16, 16, 2, 0, why, sizeof why));
    CHECK_STR_EQ("needs one rank per node (got 2 ranks per host)", why);
    CHECK_INT_EQ(-1, coll_fits(bcast("torus"), &t44, 16, 1, 0, why, sizeof why));
    CHECK_STR_EQ("needs rank i on node n<i> (use the platform's own hostfile)", why);
    /* NEED_NOTHING fits anything */
    CHECK_INT_EQ(0, coll_fits(bcast("binomial"), &none, 3, 4, 0, why, sizeof why));
    CHECK_INT_EQ(0, coll_fits(bcast("linear"), &t35, 1, 1, 0, why, sizeof why));
    char text[256];
    coll_needs_text(bcast("hypercube")->needs, text, sizeof text);
    CHECK_STR_EQ("a hypercube platform, one rank per node", text);
    coll_needs_text(NEED_RING | NEED_TORUS, text, sizeof text);
    CHECK_STR_EQ("a ring or torus platform, one rank per node", text);
    coll_needs_text(NEED_NOTHING, text, sizeof text);
    CHECK_STR_EQ("", text);
    coll_needs_words(bcast("multichain")->needs, text, sizeof text);
    CHECK_STR_EQ("ring,torus,hypercube,cycles", text);
    coll_needs_words(NEED_FATTREE, text, sizeof text);
    CHECK_STR_EQ("fattree", text);
    coll_needs_words(NEED_NOTHING, text, sizeof text);
    CHECK_STR_EQ("none", text);
}

/* The pipelines' segment rules (segments.h), by hand with the defaults a = 1 us, b = 0.1 ns/B:
 * a chain of 8 ranks fills in 6 steps, k* = sqrt(6 x 1 MiB x 1e-4) = 25.08, segments of
 * ceil(1048576 / 25.08) = 41805 B; 1000 B is one segment; the reduction's m/64 = 1024.1 B
 * within [1, 4] KiB is 1025 one-byte elements, 64 segments of 65543 B, and its 16 receives
 * posted are at most one more than the segments. */
static void test_segments(void)
{
    unsetenv("COLLSIM_SEGMENT"), unsetenv("COLLSIM_ALPHA"), unsetenv("COLLSIM_BETA");
    unsetenv("COLLSIM_WINDOW");
    CHECK_INT_EQ(41805, (int)coll_segment_size(1048576, 8));
    CHECK_INT_EQ(1000, (int)coll_segment_size(1000, 8));
    CHECK_INT_EQ(1, (int)coll_segment_size(0, 8));
    CHECK_INT_EQ(64, coll_reduce_segments(65543, 1));
    CHECK_INT_EQ(5, coll_reduce_window(4));
    CHECK_INT_EQ(16, coll_reduce_window(100));
    CHECK_INT_EQ(1, coll_bcast_window());
    setenv("COLLSIM_SEGMENT", "65536", 1);
    CHECK_INT_EQ(65536, (int)coll_segment_size(1048576, 8));
    CHECK_INT_EQ(65536, (int)coll_segment_shared(1048576, 8, 2));
    unsetenv("COLLSIM_SEGMENT");
    CHECK_INT_EQ(41805 / 2, (int)coll_segment_shared(1048576, 8, 2));
}

/* The settings of the environment go through num.h with their ranges: a bad one is refused
 * by coll_settings_check, naming it and its range, and reads as the default meanwhile. */
static void test_settings(void)
{
    char err[256] = "";
    unsetenv("COLLSIM_SEGMENT"), unsetenv("COLLSIM_RADIX"), unsetenv("COLLSIM_ALPHA");
    CHECK_INT_EQ(0, coll_settings_check(err, sizeof err));
    setenv("COLLSIM_SEGMENT", "0.001", 1); /* once 1-byte segments */
    CHECK_INT_EQ(-1, coll_settings_check(err, sizeof err));
    CHECK_STR_EQ("bad value '0.001' for COLLSIM_SEGMENT (bytes, a whole number from 1 to "
                 "2147483647)",
                 err);
    CHECK_INT_EQ(41805, (int)coll_segment_size(1048576, 8)); /* the automatic size */
    static const char *const bad[] = {"0x10", "nan", "inf", "1e300", "-1", "0", " 4", "4K", NULL};
    for (int i = 0; bad[i] != NULL; i++) {
        setenv("COLLSIM_SEGMENT", bad[i], 1);
        if (coll_settings_check(err, sizeof err) != -1) {
            fprintf(stderr, "COLLSIM_SEGMENT=%s accepted\n", bad[i]);
            CHECK(0);
        }
    }
    setenv("COLLSIM_SEGMENT", "", 1); /* empty: unset */
    CHECK_INT_EQ(0, coll_settings_check(err, sizeof err));
    unsetenv("COLLSIM_SEGMENT");
    setenv("COLLSIM_RADIX", "4294967298", 1); /* not 2 */
    CHECK_INT_EQ(-1, coll_settings_check(err, sizeof err));
    CHECK_INT_EQ(4, coll_knomial_radix(4));
    setenv("COLLSIM_RADIX", "3", 1);
    CHECK_INT_EQ(0, coll_settings_check(err, sizeof err));
    CHECK_INT_EQ(3, coll_knomial_radix(4));
    unsetenv("COLLSIM_RADIX");
    setenv("COLLSIM_ALPHA", "infinity", 1);
    CHECK_INT_EQ(-1, coll_settings_check(err, sizeof err));
    CHECK(strstr(err, "COLLSIM_ALPHA (seconds, more than 0 up to 1e+06)") != NULL);
    CHECK_NEAR(1e-6, coll_alpha(), 0);
    unsetenv("COLLSIM_ALPHA");
    setenv("COLLSIM_REDUCE_RATE", "0x10", 1);
    CHECK_INT_EQ(-1, coll_settings_check(err, sizeof err));
    CHECK_NEAR(COLL_REDUCE_RATE, coll_reduce_rate(), 0);
    unsetenv("COLLSIM_REDUCE_RATE");
}

static void test_lookups(void)
{
    char bad[64] = "", err[256];
    enum coll_id c = COLL_COUNT;
    CHECK_INT_EQ(COLL_bcast, coll_find("bcast"));
    CHECK_INT_EQ(-1, coll_find("quantum"));
    CHECK_INT_EQ(0, coll_parse("scan", &c, err, sizeof err));
    CHECK_INT_EQ(COLL_scan, c);
    CHECK_INT_EQ(-1, coll_parse("quantum", &c, err, sizeof err));
    CHECK(strncmp(err, "unknown collective 'quantum' (known: bcast, barrier, ", 52) == 0);
    CHECK(err[strlen(err) - 1] == ')');
    CHECK(simgrid_algo_find(COLL_bcast, "smpi:binomial_tree") != NULL);
    CHECK(simgrid_algo_find(COLL_bcast, "binomial_tree") == NULL);
    char *list = coll_expand(COLL_bcast, "binomial,smpi:flattree", bad, sizeof bad);
    CHECK(list != NULL && strcmp(list, "binomial,smpi:flattree") == 0);
    free(list);
    CHECK(coll_expand(COLL_bcast, "binomial,quantum", bad, sizeof bad) == NULL);
    CHECK_STR_EQ("quantum", bad);
    CHECK(algo_find(COLL_bcast, "binomial")->no_formula == NULL);
    CHECK(algo_find(COLL_bcast, "rma_linear_fence")->no_formula != NULL);
}

static void test_marks(void)
{
    struct cs_phase_mark m = {"bcast", "smpi:binomial_tree", 65536, 3, 1, 5}, back;
    char buf[256];
    CHECK_INT_EQ(0, cs_phase_mark_write(buf, sizeof buf, &m));
    CHECK_STR_EQ("bcast/smpi:binomial_tree/65536/3/1/5", buf);
    CHECK_INT_EQ(0, cs_phase_mark_parse(buf, &back));
    CHECK_STR_EQ("smpi:binomial_tree", back.algorithm);
    CHECK_INT_EQ(65536, back.bytes);
    CHECK_INT_EQ(3, back.root);
    CHECK_INT_EQ(-1, cs_phase_mark_write(buf, 10, &m));
    CHECK_INT_EQ(-1, cs_phase_mark_parse("bcast/binomial/16/0/1", &back));

    struct cs_run_settings s = {"clean", "sfr", 65536, 16, 2, "torus-4x4"}, r;
    CHECK_INT_EQ(0, cs_settings_write(buf, sizeof buf, &s));
    CHECK_STR_EQ("model=clean;routing=sfr;eager=65536;np=16;ranks_per_host=2;platform=torus-4x4",
                 buf);
    CHECK_INT_EQ(0, cs_settings_parse(buf, &r));
    CHECK_STR_EQ("sfr", r.routing);
    CHECK_INT_EQ(65536, r.eager);
    CHECK_INT_EQ(2, r.ranks_per_host);
    CHECK_STR_EQ("torus-4x4", r.platform);
    CHECK_INT_EQ(0, cs_settings_parse("eager=1;future=x;routing=ctr;model=smpi", &r));
    CHECK_INT_EQ(1, r.ranks_per_host);
    CHECK_INT_EQ(-1, cs_settings_parse("model=clean;routing=ctr", &r));
    /* numbers that strtoull would wrap or take past the largest message */
    CHECK_INT_EQ(-1, cs_phase_mark_parse("bcast/binomial/-1/0/1/5", &back));
    CHECK_INT_EQ(-1, cs_phase_mark_parse("bcast/binomial/18446744073709551615/0/1/5", &back));
    CHECK_INT_EQ(-1, cs_phase_mark_parse("bcast/binomial/16/4294967296/1/5", &back));
    CHECK_INT_EQ(-1, cs_phase_mark_parse("bcast/binomial/16/0/1/5/", &back));
    CHECK_INT_EQ(-1, cs_phase_mark_parse("bcast//16/0/1/5", &back));
    CHECK_INT_EQ(-1, cs_settings_parse("model=clean;routing=ctr;eager=-1", &r));
    CHECK_INT_EQ(-1, cs_settings_parse("model=clean;routing=ctr;eager=1e20", &r));
    CHECK_INT_EQ(-1, cs_settings_parse("model=clean;routing=ctr;eager=0x10", &r));
    CHECK_INT_EQ(-1, cs_settings_parse("model=clean;routing=ctr;eager=1;np=4294967297", &r));
}

static void test_results(void)
{
    char path[] = "/tmp/test_registry-XXXXXX", err[256];
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(f != NULL);
    if (f == NULL) return;
    /* the columns in another order, and one more */
    fputs("valid,max_s,min_s,avg_s,iterations,warmup,bytes,root,np,routing,model,platform,"
          "extra,algorithm,collective\n"
          "1,3e-06,1e-06,2e-06,5,1,1024,0,16,ctr,clean,torus-4x4,x,binomial,bcast\n"
          "0,3,1,2,5,1,16,2,8,sfr,smpi,ring-16,y,smpi:flattree,bcast\n",
          f);
    fclose(f);
    struct cs_result_reader rd;
    struct cs_result r;
    CHECK_INT_EQ(0, cs_result_open(&rd, path, err, sizeof err));
    CHECK_INT_EQ(1, cs_result_next(&rd, &r, err, sizeof err));
    CHECK_STR_EQ("binomial", r.algorithm);
    CHECK_INT_EQ(1024, r.bytes);
    CHECK_NEAR(2e-6, r.avg_s, 1e-12);
    CHECK_INT_EQ(1, r.valid);
    CHECK_INT_EQ(1, cs_result_next(&rd, &r, err, sizeof err));
    CHECK_STR_EQ("ring-16", r.platform);
    CHECK_INT_EQ(2, r.root);
    CHECK_INT_EQ(0, r.valid);
    CHECK(isnan(r.rank_avg_s)); /* a table without the column */
    CHECK_INT_EQ(0, cs_result_next(&rd, &r, err, sizeof err));
    cs_result_close(&rd);
    unlink(path);
}

/* A results row with one field replaced by `bad` is refused, the field named in the error. */
static void result_refused(int field, const char *bad, const char *name)
{
    static const char header[] = "collective,algorithm,platform,model,routing,np,root,bytes,warmup,"
                                 "iterations,avg_s,min_s,max_s,valid,rank_avg_s\n";
    const char *row[15] = {"bcast", "binomial", "p",    "clean", "ctr",  "4", "0",  "16",
                           "1",     "5",        "1e-6", "1e-6",  "1e-6", "1", "nan"};
    char path[] = "/tmp/test_registry-XXXXXX", err[256] = "";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f == NULL) return;
    fputs(header, f);
    for (int i = 0; i < 15; i++)
        fprintf(f, "%s%s", i ? "," : "", i == field ? bad : row[i]);
    fputc('\n', f);
    fclose(f);
    struct cs_result_reader rd;
    struct cs_result r;
    CHECK_INT_EQ(0, cs_result_open(&rd, path, err, sizeof err));
    int got = cs_result_next(&rd, &r, err, sizeof err);
    if (field < 0) {
        CHECK_INT_EQ(1, got);
        CHECK(isnan(r.rank_avg_s)); /* what cs_result_write prints for none, read back */
    } else {
        CHECK_INT_EQ(-1, got);
        CHECK(strstr(err, name) != NULL);
    }
    cs_result_close(&rd);
    unlink(path);
}

static void test_result_numbers(void)
{
    result_refused(-1, "", "");
    result_refused(7, "-1", "'bytes'");
    result_refused(7, "1e20", "'bytes'");
    result_refused(7, "18446744073709551615", "'bytes'");
    result_refused(7, "2147483648", "'bytes'");
    result_refused(5, "4294967297", "'np'");
    result_refused(5, "0x10", "'np'");
    result_refused(10, "0x10", "'avg_s'");
    result_refused(10, "nan", "'avg_s'");
    result_refused(11, "inf", "'min_s'");
    result_refused(12, "-1e-6", "'max_s'");
    result_refused(14, "infinity", "'rank_avg_s'");
}

/* Open MPI's algorithm numbers: one past an int is no number, not the number it wraps to. */
static void test_ompi_numbers(void)
{
    CHECK(ompi_known(COLL_bcast, "6"));
    CHECK(!ompi_known(COLL_bcast, "4294967302"));
    CHECK(!ompi_known(COLL_bcast, "18446744073709551622"));
    CHECK(!ompi_known(COLL_bcast, "0x6"));
}

/* build_in_order_bintree on 9 ranks, as coll_base_topo.c (v4.1.4) draws it: 8 feeds 7 and 3,
 * 7 feeds 6 and 5, 5 feeds 4, 3 feeds 2 and 1, 1 feeds 0; on 2 ranks 1 feeds 0. */
static void test_in_order_bintree(void)
{
    static const int parent[9] = {1, 3, 3, 8, 5, 7, 7, 8, -1};
    static const int kids[9][2] = {{-1, -1}, {0, -1},  {-1, -1}, {2, 1}, {-1, -1},
                                   {4, -1},  {-1, -1}, {6, 5},   {7, 3}};
    for (int r = 0; r < 9; r++) {
        struct ompi_node n;
        ompi_topo_in_order_bintree(9, r, &n);
        CHECK_INT_EQ(parent[r], n.parent);
        CHECK_INT_EQ((kids[r][0] >= 0) + (kids[r][1] >= 0), n.nchild);
        for (int c = 0; c < n.nchild && c < 2; c++)
            CHECK_INT_EQ(kids[r][c], n.child[c]);
    }
    struct ompi_node a, b;
    ompi_topo_in_order_bintree(2, 0, &a);
    ompi_topo_in_order_bintree(2, 1, &b);
    CHECK(a.parent == 1 && a.nchild == 0 && b.parent == -1 && b.nchild == 1 && b.child[0] == 0);
}

int main(void)
{
    test_in_order_bintree();
    test_topo_parse();
    test_dragonfly();
    test_fits();
    test_lookups();
    test_segments();
    test_settings();
    test_marks();
    test_results();
    test_result_numbers();
    test_ompi_numbers();
    return check_finish();
}
