/* marks.c: the trace marks (with --marks, when collsim traces the run). Rank 0 declares the
 * Paje state types CS_PHASE_STATE and CS_SETTINGS_STATE on its host (format.h). One settings
 * state, valued by the run settings (cs_settings_write), is pushed and popped at the start, so
 * that a reader that hears of states as they end knows the settings before any phase. One
 * phase state per (algorithm, size) phase is valued by its phase mark (cs_phase_mark_write)
 *   COLLECTIVE/ALGORITHM/BYTES/ROOT/WARMUP/ITERATIONS     e.g. bcast/binomial/1024/0/1/5
 * The phase state is pushed before the first call of the phase and popped after a barrier
 * that follows the last call, so its interval holds all of the phase's calls and nothing of
 * another phase. Inside it, call k (warm-ups first) starts when the root's last ready
 * PMPI_Recv before it ends (phase.c). docs/trace-format.md is the reference for the
 * analyzer. */
#include <simgrid/instr.h>
#include <stdint.h>
#include <stdio.h>
#include <xbt/config.h>

#include "format.h"
#include "runner.h"

void trace_begin(const struct options *o, const struct world *w)
{
    if (!o->a.marks || w->rank != 0) return;
    struct cs_run_settings s = {"", "", 0, w->p, w->ranks_per_host, ""};
    snprintf(s.model, sizeof s.model, "%s", cs_model_name(o->a.model));
    snprintf(s.routing, sizeof s.routing, "%s", cs_routing_name(o->a.routing));
    snprintf(s.platform, sizeof s.platform, "%s", o->a.platform);
    s.eager = (uint64_t)sg_cfg_get_int("smpi/send-is-detached-thresh");
    char value[512];
    cs_settings_write(value, sizeof value, &s);
    TRACE_host_state_declare(CS_PHASE_STATE);
    TRACE_host_state_declare(CS_SETTINGS_STATE);
    TRACE_host_state_declare_value(CS_SETTINGS_STATE, value, "0.5 0.5 0.5");
    TRACE_host_push_state(w->host, CS_SETTINGS_STATE, value);
    TRACE_host_pop_state(w->host, CS_SETTINGS_STATE);
}

/* In a trace the phase is bounded by MPI barriers: the analyzer reads when each rank left the
 * last call from the closing barrier's events (docs/trace-format.md). */
void trace_phase_begin(const struct options *o, const struct algo *algo, uint64_t bytes,
                       const struct world *w)
{
    if (!o->a.marks) return;
    struct cs_phase_mark m = {"", "", bytes, o->a.root, algo_warmup(o, algo), o->a.iters};
    char mark[256];
    snprintf(m.collective, sizeof m.collective, "%s", coll_infos[o->a.coll].name);
    snprintf(m.algorithm, sizeof m.algorithm, "%s", algo->name);
    cs_phase_mark_write(mark, sizeof mark, &m);
    MPI_Barrier(MPI_COMM_WORLD);
    if (w->rank == 0) {
        TRACE_host_state_declare_value(CS_PHASE_STATE, mark, "0.2 0.4 0.8");
        TRACE_host_push_state(w->host, CS_PHASE_STATE, mark);
    }
}

void trace_phase_end(const struct options *o, const struct world *w)
{
    if (!o->a.marks) return;
    MPI_Barrier(MPI_COMM_WORLD);
    if (w->rank == 0) TRACE_host_pop_state(w->host, CS_PHASE_STATE);
}
