/* runwatch.c: progress lines and the CSV kept whole-rows while `collsim run` simulates
 * (runwatch.h). */
#include "runwatch.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "format.h"
#include "progress.h"
#include "runplan.h"
#include "util.h"

/* How the CSV reaches --csv: replaced through its part, written in place (a device, a pipe),
 * or written once at the end ("-": standard output, after the tables). */
enum csv_mode { CSV_REPLACE, CSV_IN_PLACE, CSV_AT_END };

struct run_watch {
    struct smpi_watch hooks;
    /* progress */
    int show, tty, line_open; /* line_open: a terminal line with no line end yet */
    char line[512];           /* that line, to redraw it after a table line */
    int done, total, nsizes;  /* steps (algorithm, size) finished and expected */
    int finished;             /* steps that really finished (done also counts the skipped) */
    int first, planned;       /* this smpirun's: steps done before it, steps expected of it */
    int finished_before;      /* steps that really finished before this smpirun */
    double last;              /* when the last step (or smpirun) ended, monotonic seconds */
    /* CSV */
    const char *csv; /* --csv, NULL: none */
    enum csv_mode mode;
    char part[4104];
    FILE *in_place;
    char *data; /* the header and the finished rows */
    size_t len, cap, written;
    int rows, failed, cut, skipped, err;
    const char *src; /* the runner's CSV of this smpirun and how far it is read */
    long off;
    int src_header; /* its header line is read (and skipped) */
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Appends n bytes to the CSV's text; -1 without memory. */
static int data_add(struct run_watch *w, const char *s, size_t n)
{
    if (w->len + n + 1 > w->cap) {
        size_t cap = (w->len + n + 1) * 2;
        char *d = realloc(w->data, cap);
        if (d == NULL) return -1;
        w->data = d, w->cap = cap;
    }
    memcpy(w->data + w->len, s, n);
    w->len += n;
    return 0;
}

/* The line an interrupt or a failure leaves about the CSV kept, into buf. */
static void rows_note(const struct run_watch *w, char *buf, size_t len)
{
    snprintf(buf, len, "%scollsim: the CSV '%s' keeps the header and the %d row%s that finished\n",
             w->line_open ? "\n" : "", w->csv, w->rows, w->rows == 1 ? "" : "s");
}

/* The first rows: the CSV's text into its part, renamed over --csv; the part's stream stays
 * open, on what is now --csv, for the rows after (appended). 0 or -1 (errno set). */
static int publish_first(struct run_watch *w)
{
    int fd = cs_out_fresh_fd(w->part);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f == NULL) {
        if (fd >= 0) close(fd);
        return -1;
    }
    int err = fwrite(w->data, 1, w->len, f) == w->len && fflush(f) == 0 ? 0 : (errno ? errno : EIO);
    char note[PATH_MAX + 128];
    rows_note(w, note, sizeof note);
    if (!err && cs_out_replace(w->part, w->csv, note) != 0) err = errno;
    if (err) {
        fclose(f);
        unlink(w->part);
        errno = err;
        return -1;
    }
    w->in_place = f;
    w->written = w->len;
    return 0;
}

/* Appends the rows not written yet in one write(2), so that --csv holds whole rows at every
 * moment: O(rows) in all, where rewriting the file for each row was O(rows^2). 0 or -1. */
static int append_rows(struct run_watch *w)
{
    size_t n = w->len - w->written;
    if (fflush(w->in_place) != 0) return -1; /* nothing buffered: rows go by write(2) only */
    while (n > 0) {
        ssize_t k = write(fileno(w->in_place), w->data + w->written, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            if (k == 0) errno = EIO;
            return -1;
        }
        w->written += (size_t)k, n -= (size_t)k;
    }
    return 0;
}

/* Brings --csv up to the CSV's text (at_end: the run is over). 0, or -1 (errno set). */
static int publish(struct run_watch *w, int at_end)
{
    if (w->failed || (w->mode == CSV_AT_END && !at_end)) return 0;
    if (w->mode == CSV_REPLACE && w->in_place == NULL) return publish_first(w);
    if (w->in_place == NULL) w->in_place = w->mode == CSV_AT_END ? stdout : fopen(w->csv, "w");
    if (w->in_place == NULL) return -1;
    if (append_rows(w) != 0) return -1;
    w->written = w->len;
    char note[PATH_MAX + 128];
    rows_note(w, note, sizeof note);
    if (w->mode != CSV_AT_END) cs_interrupt_note(note);
    return 0;
}

/* Publishes, remembering the first failure (reported by watch_finish). */
static void publish_or_fail(struct run_watch *w, int at_end)
{
    if (publish(w, at_end) == 0 || w->failed) return;
    w->failed = 1;
    w->err = errno ? errno : EIO;
    cs_interrupt_note(NULL);
}

/* Takes the whole rows the runner has added to its CSV since the last look. */
static void csv_sync(struct run_watch *w)
{
    if (w->csv == NULL || w->src == NULL) return;
    FILE *f = fopen(w->src, "r");
    if (f == NULL) return;
    char line[4096];
    int added = 0;
    if (fseek(f, w->off, SEEK_SET) == 0)
        while (fgets(line, sizeof line, f) != NULL) {
            size_t n = strlen(line);
            if (line[n - 1] != '\n') break; /* not whole yet */
            w->off += (long)n;
            if (!w->src_header) {
                w->src_header = 1; /* the header, the same as ours (format.h) */
                continue;
            }
            if (data_add(w, line, n) != 0) break;
            w->rows++, added++;
        }
    fclose(f);
    if (added > 0) publish_or_fail(w, 0);
}

/* Shows one finished step. */
static void show_step(struct run_watch *w, const struct cs_progress *m)
{
    double t = now();
    char size[32];
    cs_exact_bytes(m->bytes, size, sizeof size);
    snprintf(w->line, sizeof w->line, "collsim: [%d/%d] %s %s: %.3f us%s (wall %.1f s)", w->done,
             w->total, m->algorithm, size, m->avg_s * 1e6, m->ok ? "" : " INVALID", t - w->last);
    w->last = t;
    if (!w->show) return;
    if (w->tty) {
        fprintf(stderr, "\r\033[K%s", w->line);
        w->line_open = 1;
    } else {
        fprintf(stderr, "%s\n", w->line);
    }
    fflush(stderr);
}

/* A message of the runner (progress.h). */
static void on_line(void *ctx, const char *text)
{
    struct run_watch *w = ctx;
    struct cs_progress m;
    if (cs_progress_parse(text, &m) != 0) return;
    if (m.kind == 'p') {
        int steps = m.nalgos * m.nsizes;
        w->total += steps - w->planned;
        w->planned = steps;
        return;
    }
    csv_sync(w);
    if (w->done < w->first + w->planned) w->done++;
    w->finished++;
    show_step(w, &m);
}

/* Around a table line on a terminal that also shows the progress line: erase, redraw. */
static void on_out(void *ctx, int before)
{
    struct run_watch *w = ctx;
    if (!w->line_open) return;
    fputs(before ? "\r\033[K" : w->line, stderr);
    fflush(stderr);
}

/* The end of an smpirun: its last rows, and the steps it did not make counted as passed. */
static void on_end(void *ctx)
{
    struct run_watch *w = ctx;
    csv_sync(w);
    w->done = w->first + w->planned;
    if (w->line_open) fputc('\n', stderr);
    w->line_open = 0;
}

/* The CSV's text starts with the header (format.h). 0, or -1 without memory. */
static int data_header(struct run_watch *w)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL) return -1;
    cs_result_write_header(m);
    int rc = fclose(m) == 0 ? data_add(w, buf, len) : -1;
    free(buf);
    return rc;
}

struct run_watch *watch_new(const struct run_plan *pl)
{
    const struct run_request *r = pl->req;
    struct run_watch *w = calloc(1, sizeof *w);
    if (w == NULL || data_header(w) != 0) {
        if (w != NULL) free(w->data);
        free(w);
        cs_error("out of memory");
        return NULL;
    }
    w->hooks = (struct smpi_watch){on_line, NULL, on_end, w};
    w->show = !r->quiet;
    w->tty = w->show && isatty(2);
    if (w->tty && isatty(1)) w->hooks.out = on_out; /* the tables share the terminal */
    w->total = run_plan_steps(pl);
    w->nsizes = pl->args.sizes.n;
    w->last = now();
    w->csv = r->csv;
    if (w->csv != NULL && strcmp(w->csv, "-") == 0) {
        w->mode = CSV_AT_END;
    } else if (w->csv != NULL) {
        int rc = cs_out_part(w->csv, w->part, sizeof w->part);
        w->mode = rc == 0 ? CSV_IN_PLACE : CSV_REPLACE; /* checked before: it fits */
    }
    return w;
}

const struct smpi_watch *watch_spawn(struct run_watch *w, const char *runner_csv, int nalgos)
{
    w->src = runner_csv;
    w->off = 0;
    w->src_header = 0;
    w->first = w->done;
    w->finished_before = w->finished;
    w->planned = nalgos < 0 ? w->total - w->done : nalgos * w->nsizes;
    return &w->hooks;
}

int watch_cut(struct run_watch *w, int failed, int *planned)
{
    w->cut = 1;
    w->skipped |= failed;
    *planned = w->planned;
    return w->finished - w->finished_before;
}

int watch_finish(struct run_watch *w, int ok, int limit)
{
    int rc = 0;
    if (ok && w->cut && w->finished == 0) { /* a run that measured nothing is no success */
        cs_error("nothing finished: every algorithm was cut by the time limit (%d s an "
                 "algorithm)%s before any size finished; raise --time-limit, or give 0 for none",
                 limit, w->skipped ? " or failed" : "");
        ok = 0, rc = -1;
    }
    if (w->csv != NULL && (ok || w->rows > 0)) publish_or_fail(w, 1);
    if (w->csv != NULL && w->failed) {
        cs_error("cannot write CSV '%s': %s", w->csv, strerror(w->err));
        rc = -1;
    } else if (w->csv != NULL && w->mode != CSV_AT_END && w->rows > 0 && (!ok || w->cut)) {
        char note[PATH_MAX + 128];
        rows_note(w, note, sizeof note);
        fputs(note, stderr);
    }
    cs_interrupt_note(NULL);
    if (w->in_place != NULL && w->in_place != stdout) fclose(w->in_place);
    if (w->mode == CSV_REPLACE) cs_cleanup_drop(w->part);
    free(w->data);
    free(w);
    return rc;
}
