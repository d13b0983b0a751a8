/* fuzz_machine.c: the machine-profile reader (src/machine/machine.c) on arbitrary bytes, as
 * a file of the target's scratch folder. An error is one "PATH:LINE: what" line; a profile it
 * accepts is written (machine_write), and that text must read back and write the same bytes
 * again (what calibrate writes, a run reads); each value it gives per class and size is a
 * number, never NaN. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"
#include "scratch.h"

static char dir[64], in[96], back[96];

/* m written into a malloc'd string. */
static char *written(const struct machine *m, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (f == NULL || machine_write(f, m) != 0 || fclose(f) != 0) abort();
    return text;
}

/* Every class's values at a few sizes are numbers. */
static void values(const struct machine *m)
{
    static const uint64_t sizes[] = {0, 1, 1024, 65536, 1u << 20, 1ull << 34};
    for (int p = 0; p < MACHINE_PARAMS; p++)
        for (int c = 0; c < MACHINE_CLASSES - 1; c++)
            for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
                if (isnan(machine_value(m, (enum machine_param)p, c, sizes[i])) ||
                    isnan(machine_bw_factor(m, c, sizes[i])))
                    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (dir[0] == '\0') {
        fuzz_scratch_dir(dir, sizeof dir);
        snprintf(in, sizeof in, "%s/in.machine", dir);
        snprintf(back, sizeof back, "%s/back.machine", dir);
    }
    fuzz_put(in, data, size);
    static struct machine m, again;
    char err[1024];
    if (machine_read(in, &m, err, sizeof err) != 0) {
        if (strncmp(err, in, strlen(in)) != 0 || strchr(err, '\n') != NULL) abort();
        return 0;
    }
    values(&m);
    size_t len, len2;
    char *text = written(&m, &len);
    fuzz_put(back, text, len);
    if (machine_read(back, &again, err, sizeof err) != 0) {
        fprintf(stderr, "a written profile does not read back: %s\n%s", err, text);
        abort();
    }
    char *text2 = written(&again, &len2);
    if (len != len2 || memcmp(text, text2, len) != 0) {
        fprintf(stderr, "a profile read back writes other bytes:\n%s---\n%s", text, text2);
        abort();
    }
    free(text);
    free(text2);
    return 0;
}
