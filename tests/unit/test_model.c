/* test_model.c: the message models and the replay against values worked out by hand. */
#include "check.h"
#include "model.h"

#define MIB 1048576.0

int main(void)
{
    struct model_params p = {.a = 2e-6,
                             .b = 1e-10,
                             .L = 2e-6,
                             .o = 0,
                             .g = 0,
                             .G = 1e-10,
                             .th = -1,
                             .envelope = 16,
                             .eager = 65536,
                             .Lp = 2e-6,
                             .gp0 = 0,
                             .gp1 = 1e-10,
                             .orp = 0};
    /* one message over 3 hops of 1 us and 10 GB/s: CTR 3 us + (m+16)/1e10, SFR 3 times
     * (1 us + (m+16)/1e10), Hockney a + b (m+16), contention with k = 4 on its route:
     * 3 us + 4 (m+16)/1e10 */
    struct model_msg one = {0, 1, MIB, 0, 0, 3, 3e-6, 1e10, 4, 0, 0, 0};
    double wire = MIB + 16;
    CHECK_NEAR(3e-6 + wire / 1e10, model_message_time(MODEL_CTR, &p, &one), 1e-12);
    CHECK_NEAR(3 * (1e-6 + wire / 1e10), model_message_time(MODEL_SFR, &p, &one), 1e-12);
    CHECK_NEAR(2e-6 + 1e-10 * wire, model_message_time(MODEL_HOCKNEY, &p, &one), 1e-12);
    CHECK_NEAR(3e-6 + 4e-10 * wire, model_message_time(MODEL_CONTENTION, &p, &one), 1e-12);
    CHECK_NEAR(2e-6 + (wire - 1) * 1e-10, model_message_time(MODEL_LOGGP, &p, &one), 1e-12);
    CHECK_NEAR(2e-6, model_message_time(MODEL_LOGP, &p, &one), 1e-12);
    /* PLogP: L + g(m) with g(m) = gp0 + gp1 (m + 16) */
    CHECK_NEAR(1e-10 * wire, model_plogp_gap(&p, MIB), 1e-12);
    CHECK_NEAR(2e-6 + 1e-10 * wire, model_message_time(MODEL_PLOGP, &p, &one), 1e-12);

    /* binomial on 8 ranks, rendezvous: three rounds, T = a + b (m+16) each; the trace's own
     * times only order the events */
    double T = 2e-6 + 1e-10 * wire;
    struct model_msg bin[7] = {
        {0, 1, MIB, 0, 1, 1, 2e-6, 1e10, 1, 0, 0, 0}, {0, 2, MIB, 1, 2, 1, 2e-6, 1e10, 1, 0, 0, 0},
        {1, 3, MIB, 1, 2, 1, 2e-6, 1e10, 1, 0, 0, 0}, {0, 4, MIB, 2, 3, 1, 2e-6, 1e10, 1, 0, 0, 0},
        {1, 5, MIB, 2, 3, 1, 2e-6, 1e10, 1, 0, 0, 0}, {2, 6, MIB, 2, 3, 1, 2e-6, 1e10, 1, 0, 0, 0},
        {3, 7, MIB, 2, 3, 1, 2e-6, 1e10, 1, 0, 0, 0}};
    CHECK_NEAR(3 * T, model_replay(MODEL_HOCKNEY, &p, bin, 7, 8, 0), 1e-12);
    /* the root's three sends block one after the other even though rank 1 could start
     * earlier: round 3 ends at 3T for every sender */
    CHECK_NEAR(3 * T, model_replay(MODEL_CTR, &p, bin, 7, 8, 0), 1e-12);
    /* PLogP: a rendezvous send occupies its sender for the whole L + g(m) = T */
    CHECK_NEAR(3 * T, model_replay(MODEL_PLOGP, &p, bin, 7, 8, 0), 1e-12);

    /* eager linear on 4 ranks, 1000 B: the three sends start together and share the root's
     * link (k = 3). Hockney sees them as independent: a + b (m+16); contention: a + 3 b (m+16) */
    double w = 1000 + 16;
    struct model_msg lin[3] = {{0, 1, 1000, 0, 5, 1, 2e-6, 1e10, 3, 0, 0, 0},
                               {0, 2, 1000, 0, 5, 1, 2e-6, 1e10, 3, 0, 0, 0},
                               {0, 3, 1000, 0, 5, 1, 2e-6, 1e10, 3, 0, 0, 0}};
    CHECK_NEAR(2e-6 + 1e-10 * w, model_replay(MODEL_HOCKNEY, &p, lin, 3, 4, 0), 1e-12);
    CHECK_NEAR(2e-6 + 3e-10 * w, model_replay(MODEL_CONTENTION, &p, lin, 3, 4, 0), 1e-12);
    /* PLogP: eager sends leave g(m) = b (m+16) apart, the last at 2 g(m), and arrives
     * L + g(m) later: L + 3 b (m+16), the contention model's time */
    CHECK_NEAR(2e-6 + 3e-10 * w, model_replay(MODEL_PLOGP, &p, lin, 3, 4, 0), 1e-12);
    /* LogGP with g = 0.5 us: sends leave at 0, 0.5 and 1 us, the last arrives at
     * 1 us + L + (m+16-1) G */
    p.g = 0.5e-6;
    CHECK_NEAR(1e-6 + 2e-6 + (w - 1) * 1e-10, model_replay(MODEL_LOGGP, &p, lin, 3, 4, 0), 1e-12);

    /* a forwarder sends only after it received: chain 0 -> 1 -> 2 of 1 MiB, CTR on 2-hop
     * routes of 1 us links: 2 (2 us + (m+16)/1e10) */
    struct model_msg chain[2] = {{0, 1, MIB, 0, 1, 2, 2e-6, 1e10, 1, 0, 0, 0},
                                 {1, 2, MIB, 1, 2, 2, 2e-6, 1e10, 1, 0, 0, 0}};
    CHECK_NEAR(2 * (2e-6 + wire / 1e10), model_replay(MODEL_CTR, &p, chain, 2, 3, 0), 1e-12);
    CHECK_NEAR(0.0, model_replay(MODEL_CTR, &p, chain, 0, 3, 0), 0);
    /* PLogP with o_r = 1 us: the forwarder sends 1 us after its arrival; on 2 us routes of
     * 10 GB/s: 2 (2 us + (m+16)/1e10) + 1 us */
    p.Lp = 2e-6;
    p.orp = 1e-6;
    CHECK_NEAR(2 * (2e-6 + wire / 1e10) + 1e-6, model_replay(MODEL_PLOGP, &p, chain, 2, 3, 0),
               1e-12);
    /* a linear reduce on 3 ranks, 1000 B eager: both leaves send at 0, the root receives from
     * 1, combines for g, then posts its receive from 2 (at T + g), combines again and exits at
     * 2T + 2g. The trace's times are made-up T' and g', so the replay must take the gaps from
     * them and the message time from the model: 2 T + 2 g' with T = a + b (m+16). */
    double Tr = 2e-6 + 1e-10 * w, Ta = 5e-6, g = 1e-6;
    struct model_msg red[2] = {{1, 0, 1000, 0, Ta, 1, 2e-6, 1e10, 1, 0, 0, 0},
                               {2, 0, 1000, 0, 2 * Ta + g, 1, 2e-6, 1e10, 1, Ta + g, 0, 0}};
    double exits[3] = {2 * Ta + 2 * g, 0, 0}, out[MODEL_COUNT], local;
    p.g = 0;
    CHECK(model_replay_call(&p, red, 2, 3, 0, exits, out, &local) == 0);
    CHECK_NEAR(2 * Tr + 2 * g, out[MODEL_HOCKNEY], 1e-12);
    CHECK_NEAR(2 * g, local, 1e-12);
    /* without the exits, the replay ends at the last arrival */
    CHECK_NEAR(2 * Tr + g, model_replay(MODEL_HOCKNEY, &p, red, 2, 3, 0), 1e-12);
    return check_finish();
}
