/* cmd_fixtrace.c: `collsim fix-trace IN.trace [OUT.trace]`, its command line and help; the repair
 * is src/trace's (tracefix.h). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "tracefix.h"
#include "util.h"

const char fixtrace_usage[] =
    "Usage: collsim fix-trace IN.trace [OUT.trace]\n"
    "Repairs a Paje trace written by SimGrid 3.32 so that Paje readers (pj_dump) take it:\n"
    "adds the Size field SimGrid leaves out of some events when sizes are traced, ends the\n"
    "MPI_Put/Accumulate links SimGrid never ends (at the origin's next RMA synchronisation,\n"
    "which waits for the transfer), drops RMA link ends that have no start, and replaces the\n"
    "command-line comment. OUT defaults to IN (replaced only on success). collsim run does\n"
    "this to every trace it writes.\n";

/* 1 after an error line when out is a file other than in that is not a Paje trace (no
 * %EventDef in its first 64 KiB): an output given by mistake for an input. */
static int not_a_trace(const char *in, const char *out)
{
    if (cs_same_file(in, out)) return 0; /* repaired in place */
    FILE *f = fopen(out, "r");
    if (f == NULL) return 0; /* not there: nothing to lose */
    static char head[65536];
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    if (n == 0 || strstr(head, "%EventDef") != NULL) return 0;
    cs_error("'%s' is not a Paje trace: refusing to overwrite it", out);
    return 1;
}

int fixtrace_main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(fixtrace_usage, stdout);
        return 0;
    }
    if (argc < 2 || argc > 3 || argv[1][0] == '-') {
        cs_error("fix-trace needs IN.trace [OUT.trace] (see 'collsim fix-trace --help')");
        return 2;
    }
    if (argc == 3 && cs_out_check("trace", argv[2]) != 0) return 2;
    if (argc == 3 && not_a_trace(argv[1], argv[2])) return 1;
    char err[512];
    struct tracefix_stats st;
    if (tracefix_copy(argv[1], argc == 3 ? argv[2] : argv[1], &st, err, sizeof err) != 0) {
        cs_error("%s", err);
        return 1;
    }
    printf("added Size to %ld events, made %ld decimal sizes integers, dropped %ld doubled "
           "message events, closed %ld RMA links, dropped %ld RMA link ends with no start%s\n",
           st.sized_events, st.int_sizes, st.doubled_links, st.closed_links, st.dropped_ends,
           st.unclosed_links ? " (some RMA links had no synchronisation after them)" : "");
    return 0;
}
