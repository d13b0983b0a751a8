/* fuzz_tracefix.c: the trace repair (src/trace/tracefix.c) on arbitrary bytes, through files
 * in a private temporary directory. Beyond what the sanitizers catch, it checks the promises
 * of tracefix.h: on failure a one-line message naming the input, no output and no .part file
 * left, the input untouched; on success an input that could be a trace (not empty, no NUL,
 * a definition, a newline at the end), the output there, with every event as long as its
 * definition for the Paje reader, and repaired for good: a second pass takes it. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paje.h"
#include "scratch.h"
#include "tracefix.h"

static char dir[64], in[96], out[96], again[96];

static void check(int ok, const char *what, const char *err)
{
    if (ok) return;
    fprintf(stderr, "fuzz_tracefix: %s (%s)\n", what, err);
    abort();
}

static void setup(void)
{
    fuzz_scratch_dir(dir, sizeof dir);
    snprintf(in, sizeof in, "%s/in.trace", dir);
    snprintf(out, sizeof out, "%s/out.trace", dir);
    snprintf(again, sizeof again, "%s/again.trace", dir);
}

static int exists(const char *path, const char *suffix)
{
    char p[128];
    snprintf(p, sizeof p, "%s%s", path, suffix);
    return access(p, F_OK) == 0;
}

/* 1 if the file holds exactly data. */
static int holds(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return 0;
    uint8_t *back = malloc(size + 1);
    size_t got = back ? fread(back, 1, size + 1, f) : 0;
    int same = back != NULL && got == size && (size == 0 || memcmp(back, data, size) == 0);
    fclose(f);
    free(back);
    return same;
}

static void check_failure(const uint8_t *data, size_t size, const char *err)
{
    check(strncmp(err, in, strlen(in)) == 0 && err[strlen(in)] == ':', "error names the input",
          err);
    check(strchr(err, '\n') == NULL, "one-line error", err);
    check(!exists(out, "") && !exists(out, ".part"), "nothing left on failure", err);
    check(holds(in, data, size), "input untouched", err);
}

/* What any accepted input has, checked without the repair's code. */
static void check_accepted(const uint8_t *data, size_t size)
{
    int ok = size > 0 && data[size - 1] == '\n' && memchr(data, '\0', size) == NULL;
    check(ok && memmem(data, size, "%EndEventDef", 12) != NULL, "accepted a non-trace", "");
}

/* The Paje reader finds no event of the output with a field count other than its
 * definition's (it may refuse the trace for what the repair does not look at: unknown
 * containers, types, a pop on an empty stack). */
static void check_field_counts(void)
{
    char err[512];
    paje_reader *r = paje_open(out, err, sizeof err);
    check(r != NULL, "output readable", err);
    if (paje_read(r, NULL, NULL) != 0) {
        const char *e = paje_error(r);
        check(strstr(e, " fields") == NULL, "output event as long as its definition", e);
    }
    paje_close(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (dir[0] == '\0') setup();
    FILE *f = fopen(in, "wb");
    if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) abort();
    char err[512] = "";
    struct tracefix_stats st;
    if (tracefix_copy(in, out, &st, err, sizeof err) != 0) {
        check_failure(data, size, err);
    } else {
        check(exists(out, "") && !exists(out, ".part"), "output in place", "");
        check_accepted(data, size);
        check_field_counts();
        check(tracefix_copy(out, again, NULL, err, sizeof err) == 0, "a repaired trace repairs",
              err);
        unlink(again);
    }
    unlink(out);
    unlink(in);
    return 0;
}
