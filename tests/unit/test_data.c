/* test_data.c: data.h's period-at-a-time fill and search give what the byte-by-byte
 * definitions give, at lengths around the period, and find a wrong byte wherever it is. */
#include <stdlib.h>

#include "check.h"
#include "data.h"

static void one_length(uint64_t len, int from, int to, int call)
{
    unsigned char period[DATA_PERIOD], *buf = malloc(len + 1);
    for (int poison = 0; poison <= 1; poison++) {
        data_block_period(period, from, to, call, poison, len);
        buf[len] = 0x5a; /* the byte after must stay */
        data_fill_periodic(buf, len, period);
        long wrong = 0;
        for (uint64_t i = 0; i < len; i++) {
            unsigned char v = data_block(from, to, i, call);
            wrong += buf[i] != (poison ? data_poison(v) : v);
        }
        CHECK_INT_EQ(0, wrong);
        CHECK_INT_EQ(0x5a, buf[len]);
        CHECK_INT_EQ(-1, data_find_periodic(buf, len, period));
    }
    uint64_t at[] = {0, 1, 255, 256, 257, len / 2, len - 1};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        if (at[k] >= len) continue;
        buf[at[k]] ^= 0x10;
        CHECK_INT_EQ((long long)at[k], data_find_periodic(buf, len, period));
        buf[at[k]] ^= 0x10;
    }
    free(buf);
}

/* The reduction buffers: the closed forms byte by byte, and the first wrong byte of either,
 * the result's at a tie. */
static void one_reduction(uint64_t len, int call, int r, int n)
{
    unsigned char *send = malloc(len + 1), *res = malloc(len + 1), want = 0, got = 0;
    data_fill_reduction(send, res, len, call, r, n);
    long wrong = 0;
    for (uint64_t i = 0; i < len; i++)
        wrong +=
            send[i] != data_input(i, call, r) || res[i] != data_poison(data_reduced(i, call, n));
    CHECK_INT_EQ(0, wrong);
    for (uint64_t i = 0; i < len; i++)
        res[i] = data_reduced(i, call, n);
    CHECK_INT_EQ(-1, data_find_reduction(send, res, len, call, r, n, &want, &got));
    if (len >= 300) {
        send[299] ^= 1, res[280] ^= 1;
        CHECK_INT_EQ(280, data_find_reduction(send, res, len, call, r, n, &want, &got));
        CHECK_INT_EQ(data_reduced(280, call, n), want);
        CHECK_INT_EQ(299, data_find_reduction(send, NULL, len, call, r, n, &want, &got));
        CHECK_INT_EQ(data_input(299, call, r), want);
        send[280] ^= 1; /* both wrong at 280: the result is named */
        CHECK_INT_EQ(280, data_find_reduction(send, res, len, call, r, n, &want, &got));
        CHECK_INT_EQ(res[280], got);
    }
    free(send), free(res);
}

int main(void)
{
    uint64_t lens[] = {0, 1, 7, 255, 256, 257, 511, 512, 1000, 65543};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++)
        one_length(lens[i], 3, 11, 5);
    one_length(1048576, 0, 0, 0);
    for (int call = 0; call < 2; call++) {
        one_reduction(0, call, 0, 1);
        one_reduction(257, call, 3, 13);
        one_reduction(65543, call, 69, 70);
    }
    return check_finish();
}
