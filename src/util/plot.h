/* plot.h: gnuplot in a child process (its PNG and SVG written whole or not at all, out.h) and
 * the plots' series colours (plot.c). */
#ifndef COLLSIM_PLOT_H
#define COLLSIM_PLOT_H

#include <stdio.h>

/* 1 if gnuplot is on the PATH. */
int cs_gnuplot_available(void);

/* gnuplot's time limit, in seconds from cs_gnuplot_open to its exit: the environment's
 * CS_GNUPLOT_LIMIT_ENV (a whole number from 1 to CS_GNUPLOT_LIMIT_MAX, nothing else), or
 * CS_GNUPLOT_LIMIT_DEFAULT when unset. Returns it, or -1 after an error line (a command that
 * plots checks it before any work). */
#define CS_GNUPLOT_LIMIT_ENV "COLLSIM_GNUPLOT_TIME_LIMIT"
#define CS_GNUPLOT_LIMIT_DEFAULT 120
#define CS_GNUPLOT_LIMIT_MAX 86400
int cs_gnuplot_limit(void);

/* Checks a path (or a name) that goes into a gnuplot script, before any work: 0, or -1 after
 * one error line naming `what` (e.g. "--out") if it has a control character (a byte below
 * 0x20, or 0x7f). A newline would end the script's line in the middle of a quoted string and
 * gnuplot would read the rest as commands ('!cmd' runs cmd); no quoting can hold one. */
int cs_gnuplot_path_check(const char *what, const char *path);

/* Starts gnuplot (its errors dropped) in a child that an interrupt ends (cs_fork), and
 * returns the stream of its script, or NULL after an error line (or silently once a gnuplot
 * passed its limit: no further plots are drawn). A write that waits past the time limit
 * (cs_gnuplot_limit) ends gnuplot and fails; a gnuplot gone makes writes fail, never a
 * SIGPIPE. */
FILE *cs_gnuplot_open(void);

/* Ends a gnuplot script (from cs_gnuplot_open) that wrote cs_out_part(PNG) and, unless svg is
 * NULL, cs_out_part(SVG), then moves them into place. Waits for gnuplot until its time limit,
 * then ends its process group. Returns 0; -1 (no file left, no message: the caller says what
 * is missing) if gnuplot failed; or -2 (no file left) after one error line when the limit
 * ended it or a name with a control character reached cs_gnuplot_quoted. */
int cs_gnuplot_finish(FILE *g, const char *png, const char *svg);

/* Writes s into a gnuplot double-quoted string (without the quotes): '"' and '\\' escaped,
 * and as octal escapes '`' and '@' (gnuplot substitutes a `command` and @macros in a
 * double-quoted string otherwise) and control characters; with wrap, each '_' becomes a line
 * break (long algorithm names in a map cell). For labels that need "\n"; anything else goes
 * in single-quoted (cs_gnuplot_quoted). */
void cs_gnuplot_string(FILE *g, const char *s, int wrap);

/* Writes s as a single-quoted gnuplot string ('' for a quote): gnuplot substitutes `command`
 * and @macros in double-quoted strings and on the bare line, never in single-quoted ones, so
 * file names (which may hold anything but control characters: cs_gnuplot_path_check) go into
 * scripts this way only. A control character (the line would end there) ends gnuplot at once,
 * before it reads the line, and fails the plot (cs_gnuplot_finish); '?' stands for it. */
void cs_gnuplot_quoted(FILE *g, const char *s);

/* The plots' series colours: CS_PALETTE_SIZE distinct colours that read on white. */
#define CS_PALETTE_SIZE 12
const char *cs_palette(int i); /* colour i % CS_PALETTE_SIZE, "#rrggbb" */

/* Writes series i's gnuplot style, "lc rgb '#rrggbb' dt D pt P": a colour of the palette,
 * solid for the first CS_PALETTE_SIZE series and another dash type for each further round
 * of colours, and a point type of its own for the first 14 series. */
void cs_gnuplot_series(FILE *g, int i);

#endif
