/* plot.h: gnuplot in a child process (its PNG and SVG written whole or not at all, out.h) and
 * the plots' series colours (plot.c). */
#ifndef COLLSIM_PLOT_H
#define COLLSIM_PLOT_H

#include <stdio.h>

/* 1 if gnuplot is on the PATH. */
int cs_gnuplot_available(void);

/* Starts gnuplot (its errors dropped) in a child that an interrupt ends (cs_fork), and
 * returns the pipe to its script, or NULL after an error line. */
FILE *cs_gnuplot_open(void);

/* Ends a gnuplot script (from cs_gnuplot_open) that wrote cs_out_part(PNG) and, unless svg is
 * NULL, cs_out_part(SVG), then moves them into place. Returns 0, or -1 (no file left) if
 * gnuplot failed. */
int cs_gnuplot_finish(FILE *g, const char *png, const char *svg);

/* Writes s into a gnuplot double-quoted string (without the quotes): '"' and '\\' escaped;
 * with wrap, each '_' becomes a line break (long algorithm names in a map cell). */
void cs_gnuplot_string(FILE *g, const char *s, int wrap);

/* Writes s as a single-quoted gnuplot string ('' for a quote): gnuplot substitutes `command`
 * and @macros in double-quoted strings and on the bare line, never in single-quoted ones, so
 * file names (which may hold anything) go into scripts this way only. */
void cs_gnuplot_quoted(FILE *g, const char *s);

/* The plots' series colours: CS_PALETTE_SIZE distinct colours that read on white. */
#define CS_PALETTE_SIZE 12
const char *cs_palette(int i); /* colour i % CS_PALETTE_SIZE, "#rrggbb" */

/* Writes series i's gnuplot style, "lc rgb '#rrggbb' dt D pt P": a colour of the palette,
 * solid for the first CS_PALETTE_SIZE series and another dash type for each further round
 * of colours, and a point type of its own for the first 14 series. */
void cs_gnuplot_series(FILE *g, int i);

#endif
