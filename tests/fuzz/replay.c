/* replay.c: the main() of a fuzz target in the ordinary build. Runs the target's
 * LLVMFuzzerTestOneInput on every file named, and on every file of every directory named (the
 * committed corpus), so that a crash found once fails the tests for good. Exits 1 when an
 * argument cannot be read or names no input at all. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { REPLAY_MAX = 1 << 24 }; /* corpus files are small: a bigger one is a mistake */

/* Runs the target on one file. 0, or -1 if it cannot be read. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return -1;
    uint8_t *data = malloc(REPLAY_MAX);
    size_t size = data ? fread(data, 1, REPLAY_MAX, f) : 0;
    int bad = data == NULL || ferror(f) || !feof(f);
    fclose(f);
    if (!bad) {
        printf("replaying %s\n", path); /* before: a crash then names its input */
        fflush(stdout);
        LLVMFuzzerTestOneInput(data, size);
    }
    free(data);
    return bad ? -1 : 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of dir, in name order. The count, or -1. */
static int replay_dir(const char *dir)
{
    struct dirent **list;
    int n = scandir(dir, &list, NULL, NULL), count = 0;
    if (n < 0) return -1;
    qsort(list, (size_t)n, sizeof *list, by_name);
    for (int i = 0; i < n; i++) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && count >= 0)
            count = replay_file(path) == 0 ? count + 1 : -1;
        free(list[i]);
    }
    free(list);
    return count;
}

int main(int argc, char **argv)
{
    int total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        int n = stat(argv[i], &st) != 0 ? -1
                : S_ISDIR(st.st_mode)   ? replay_dir(argv[i])
                                        : (replay_file(argv[i]) == 0 ? 1 : -1);
        if (n < 0) {
            fprintf(stderr, "replay: cannot read '%s'\n", argv[i]);
            return 1;
        }
        total += n;
    }
    printf("%d inputs replayed\n", total);
    return total > 0 ? 0 : 1;
}
