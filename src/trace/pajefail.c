/* pajefail.c: the reader's error, "FILE:LINE: what" (paje_fail), which every part of the
 * reader sets and none calls back: the bottom of the reader. */
#include <stdarg.h>

#include "pajeline.h"
#include "pajeread.h"

int paje_fail(paje_reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    paje_where(r->err, sizeof r->err, r->path, r->line, fmt, ap);
    va_end(ap);
    return -1;
}
