// costs.cpp: what a simulation charges beyond SimGrid's flows, through SimGrid's cost
// callbacks (a C++-only API in SimGrid 3.32, hence a C++ file): store-and-forward
// routing, and a machine profile's software costs per message (machine.h).
//
// Store-and-forward. SimGrid's flow model is cut-through: a message of m bytes over l links
// costs sum(latency) + m / min(bandwidth). Store-and-forward costs l (L + m b) on l equal
// links: the same latency sum, but the bytes cross each link one after the other. Scaling the
// flow's bandwidth by 1/l gives exactly that for an isolated message. Under contention the
// flow is a rate cap of B/l on each link it uses: k such messages on one link slow each other
// only when together they want more than the link has, where real store-and-forward would
// queue whole packets; collsim's docs say so wherever SFR results are shown.
//
// A machine profile. Each message's class (its two ranks on one core, in the lowest group of
// the node's anatomy both share, or on two nodes) comes from the hosts' collsim.node and
// collsim.core props, which `collsim platform --machine` writes (machine_class_of). SimGrid
// then charges the class's send overhead (smpi/os: a blocking eager send, before the message
// leaves), gap (smpi/ois: an MPI_Isend), receive overhead (smpi/or: after an eager message
// arrived) and multiplies the route's latency and bandwidth by its factors (the bandwidth's
// over the memory traffic of a byte inside a node: machine_bw_factor). SimGrid hands the
// factors the network's size, the payload and its 16-byte envelope; the profile's functions
// are of the payload.
#include <cstdio>
#include <cstdlib>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <smpi/smpi.h>

extern "C" {
#include "costs.h"
}

namespace
{

const struct machine *profile; // the run's, NULL: none
bool store_and_forward;

int class_of(const simgrid::s4u::Host *a, const simgrid::s4u::Host *b)
{
    return machine_class_of(profile, a == b, a->get_property("collsim.node"),
                            a->get_property("collsim.core"), b->get_property("collsim.node"),
                            b->get_property("collsim.core"));
}

// The payload of a message SimGrid sizes with its envelope.
uint64_t payload(double network_size)
{
    return static_cast<uint64_t>(network_size > 16 ? network_size - 16 : 0);
}

double value(enum machine_param p, double network_size, const simgrid::s4u::Host *a,
             const simgrid::s4u::Host *b)
{
    return machine_value(profile, p, class_of(a, b), payload(network_size));
}

void install_overheads()
{
    smpi_register_op_cost_callback(SmpiOperation::SEND, [](size_t m, auto *a, auto *b) {
        return machine_value(profile, MACHINE_SEND_OVERHEAD, class_of(a, b), m);
    });
    smpi_register_op_cost_callback(SmpiOperation::ISEND, [](size_t m, auto *a, auto *b) {
        return machine_value(profile, MACHINE_GAP, class_of(a, b), m);
    });
    smpi_register_op_cost_callback(SmpiOperation::RECV, [](size_t m, auto *a, auto *b) {
        return machine_value(profile, MACHINE_RECV_OVERHEAD, class_of(a, b), m);
    });
}

// Says once when the platform's nodes are not the profile's: hosts without collsim.node and
// collsim.core under a profile with levels (every pair then charged as two nodes), or nodes of
// another core count than the profile's levels multiply to (classes then follow the profile's
// levels by core number).
void check_anatomy(const struct machine *m)
{
    int cores = machine_cores_per_node(m), most = 0;
    size_t bare = 0;
    auto hosts = simgrid::s4u::Engine::get_instance()->get_all_hosts();
    for (const auto *h : hosts) {
        const char *core = h->get_property("collsim.core");
        if (core == nullptr || h->get_property("collsim.node") == nullptr)
            bare++;
        else if (atoi(core) + 1 > most)
            most = atoi(core) + 1;
    }
    if (bare > 0 && m->nlevels > 0) /* without levels every host is a node: as meant */
        fprintf(stderr,
                "collsim: note: %zu of the platform's %zu hosts have no collsim.node and "
                "collsim.core (a platform not made by 'collsim platform --machine' or --cores): "
                "profile '%s' charges their messages as between two nodes\n",
                bare, hosts.size(), m->name);
    else if (m->nlevels > 0 && most != cores)
        fprintf(stderr,
                "collsim: note: the platform's nodes have %d cores, profile '%s' describes %d: "
                "its classes are taken by core number, as if the nodes were its own\n",
                most, m->name, cores);
}

} // namespace

// Returns 0, or -1 when the platform's root zone has no network model to configure.
extern "C" int costs_install(const struct machine *m, int sfr)
{
    auto *zone = simgrid::s4u::Engine::get_instance()->get_netzone_root();
    auto *model = zone ? zone->get_network_model() : nullptr;
    if (model == nullptr) return -1;
    profile = m;
    store_and_forward = sfr != 0;
    if (profile != nullptr) {
        check_anatomy(profile);
        install_overheads();
        if (machine_has(profile, MACHINE_LAT_FACTOR))
            model->set_lat_factor_cb(
                [](double size, const simgrid::s4u::Host *a, const simgrid::s4u::Host *b,
                   const auto &, const auto &) { return value(MACHINE_LAT_FACTOR, size, a, b); });
    }
    bool factors = profile != nullptr &&
                   (machine_has(profile, MACHINE_BW_FACTOR) || profile->memory_bandwidth > 0);
    if (store_and_forward || factors)
        model->set_bw_factor_cb([](double size, const simgrid::s4u::Host *a,
                                   const simgrid::s4u::Host *b,
                                   const std::vector<simgrid::s4u::Link *> &links, const auto &) {
            double f = profile != nullptr
                           ? machine_bw_factor(profile, class_of(a, b), payload(size))
                           : 1.0;
            if (store_and_forward && !links.empty()) f /= static_cast<double>(links.size());
            return f;
        });
    return 0;
}
