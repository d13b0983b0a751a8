#!/usr/bin/env bash
# formulas.sh COLLSIM SRCDIR: hierarchical algorithms' times against formulas worked out by
# hand (docs/collectives/nodes.md).
# Two levels: torus-4x4 with --ranks-per-host 4 and 8 ranks: ranks 0-3 on host n0, 4-7 on its
# neighbour n1. A message between the hosts crosses one torus link, one on a host its loopback
# link: both 1 us and 10 GB/s, so every message costs t = 1 us + (m + 16) 0.1 ns (SMPI's
# 16-byte envelope). The loopback is a fat pipe: a rank's messages to its host's ranks at once
# do not slow each other.
# One level: crossbar-64 (a route is an uplink and a downlink of 1 us and 10 GB/s: a = 2 us,
# b = 0.1 ns/B), one rank a host: the hierarchical algorithms are their flat counterparts.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
time_of() { # COLLECTIVE ALGO BYTES ROOT RUN_ARGS...
    local coll=$1 algo=$2 bytes=$3 root=$4
    shift 4
    "$collsim" run "$@" --collective "$coll" --algo "$algo" --sizes "$bytes" --root "$root" \
        --iters 1 --warmup 1 --quiet --csv "$tmp/t.csv" || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
two=(--platform "$(plat torus-4x4)" --ranks-per-host 4 --np 8)
one=(--platform "$(plat crossbar-64)" --np 8)
tb=1e-10
t1000=$(f "1e-6 + 1016 * $tb") # one message of 1000 B on either level: 1.1016 us

# bcast hier, 1000 B (binomial below 64 KiB): the root sends to the other host's leader (its
# lowest rank, or the root), then each host's binomial tree of 4 ranks, 2 rounds, which on the
# root's host overlaps the eager send across: 3 t = 3.3048 us, for a root on either host.
for root in 0 5; do
    assert_near "bcast hier 1000 B root $root: 3 t" "$(f "3 * $t1000")" \
        "$(time_of bcast hier 1000 $root "${two[@]}")" 0.01
done
# bcast hier, 1 MiB (rendezvous; from 64 KiB scatter + ring allgather on groups of more than 2):
# leaders (2 of them): one message of m, 1 us + (m+16) tb = 105.8592 us, the root blocked
# until it is done; then in each host, a binomial scatter of 4 blocks of m/4 = 256 KiB: m/2 to
# shifted rank 2 (53.4304 us), then m/4 to 1 while 2 sends m/4 to 3 (27.2160 us); a ring
# allgather of 3 steps of m/4 (3 x 27.2160 us): total 268.1696 us.
m=1048576
want=$(f "(1e-6 + ($m + 16) * $tb) + (1e-6 + ($m / 2 + 16) * $tb) + 4 * (1e-6 + ($m / 4 + 16) * $tb)")
assert_near "bcast hier 1 MiB: t(m) + t(m/2) + 4 t(m/4)" "$want" \
    "$(time_of bcast hier $m 0 "${two[@]}")" 0.01
# allreduce hier, 1000 B, R = 8e9 B/s (each combine m/R = 0.125 us): binomial reduce in each
# host (2 rounds, each a message then a combine), the two leaders exchange and combine, then a
# binomial broadcast in each host (2 rounds): 5 t + 3 m/R = 5.883 us.
assert_near "allreduce hier 1000 B: 5 t + 3 m/R" "$(f "5 * $t1000 + 3 * 1000 / 8e9")" \
    "$(time_of allreduce hier 1000 0 "${two[@]}" --reduce-rate 8e9)" 0.01
# reduce hier, 1000 B, root 0: binomial reduce in each host (2 rounds), then the other
# host's leader to the root (1 round, overlapping nothing: it waits for its host's): 3 (t + m/R).
assert_near "reduce hier 1000 B: 3 (t + m/R)" "$(f "3 * ($t1000 + 1000 / 8e9)")" \
    "$(time_of reduce hier 1000 0 "${two[@]}" --reduce-rate 8e9)" 0.01
# barrier hier: each host's 3 ranks to their leader at once (1 us + 16 tb, the fat-pipe
# loopback), the 2 leaders' dissemination (1 round), the releases at once: 3 (1 us + 16 tb).
assert_near "barrier hier: 3 (1 us + 16 tb)" "$(f "3 * (1e-6 + 16 * $tb)")" \
    "$(time_of barrier hier 0 0 "${two[@]}")" 0.01

# One rank a host, p = 8 (the formulas of collsim list/predict): allreduce hier is recursive
# doubling below 64 KiB, 3 exchanges (each rank's uplink and downlink its own) and combines:
# 3 (a + (m+16) b + m/R) = 6.6798 us at 1000 B; barrier hier is the dissemination barrier,
# 3 (a + 16 b) = 6.0048 us; both as their flat counterparts give.
a=2e-6
assert_near "allreduce hier, one rank a host: 3 (a + (m+16) b + m/R)" \
    "$(f "3 * ($a + 1016 * $tb + 1000 / 8e9)")" \
    "$(time_of allreduce hier 1000 0 "${one[@]}" --reduce-rate 8e9)" 0.01
assert_near "allreduce hier = recursive_doubling, one rank a host" \
    "$(time_of allreduce recursive_doubling 1000 0 "${one[@]}" --reduce-rate 8e9)" \
    "$(time_of allreduce hier 1000 0 "${one[@]}" --reduce-rate 8e9)" 0.01
assert_near "barrier hier, one rank a host: 3 (a + 16 b)" "$(f "3 * ($a + 16 * $tb)")" \
    "$(time_of barrier hier 0 0 "${one[@]}")" 0.01
# collsim predict's hockney formula for one rank a host gives the same 6.6798 us
"$collsim" predict --platform "$(plat crossbar-64)" --np 8 --collective allreduce --algo hier \
    --sizes 1000 --reduce-rate 8e9 --csv "$tmp/p.csv" >/dev/null 2>&1 || fail "predict allreduce hier"
assert_near "predict allreduce hier, hockney: 3 (a + (m+16) b + m/R)" \
    "$(f "3 * ($a + 1016 * $tb + 1000 / 8e9)")" \
    "$(awk -F, '$2 == "hier" && $5 == "hockney" { print $6 }' "$tmp/p.csv")" 0.01
# One rank a host, p = 64: the leaders' broadcast takes its large form (scatter + ring
# allgather) only from 8 KiB a block (hier_rule.h), 512 KiB here: at 64 KiB it is the binomial
# tree, 6 (a + (m+16) b) = 51.3312 us (the ring's 63 latencies made it 157 us); at 512 KiB the
# large form beats the binomial tree.
all=(--platform "$(plat crossbar-64)" --np 64)
assert_near "bcast hier 64 ranks, 64 KiB: 6 (a + (m+16) b)" "$(f "6 * (2e-6 + 65552 * $tb)")" \
    "$(time_of bcast hier 65536 0 "${all[@]}")" 0.001
awk -v h="$(time_of bcast hier 524288 0 "${all[@]}")" -v b="$(time_of bcast binomial 524288 0 "${all[@]}")" \
    'BEGIN { exit !(h < 0.8 * b) }' && pass || fail "bcast hier 64 ranks, 512 KiB: not the large form"
# ... and its all-reduce takes ring reduce-scatter + allgather only from 16 KiB a member
# (hier_rule.h): recursive doubling at 64 KiB (the ring's 126 latencies cost more), the ring at
# 1 MiB, each as its flat counterpart gives.
for t in 65536:recursive_doubling 1048576:ring; do
    IFS=: read -r m flat <<<"$t"
    assert_near "allreduce hier = $flat, 64 ranks, $m B" \
        "$(time_of allreduce $flat $m 0 "${all[@]}")" "$(time_of allreduce hier $m 0 "${all[@]}")" 0.001
done
# The tree's order: 16 ranks on the 2:1 fat tree, hosts n0-n7 under one leaf switch and n8-n15
# under the next (a route within a leaf: 2 links, 2 us; across: 4 links, 4 us; every link 10 GB/s,
# a leaf 4 uplinks), 1 MiB through the binomial tree (COLLSIM_HIER_LARGE above it): the root
# serves its farthest child first, so one message crosses between the leaves, in the first
# round, and every later one stays inside a leaf: (4 + 3 x 2) us + 4 (m+16) b = 429.4384 us.
# In the course's order (nearest first) the last round's 8 messages all cross.
ft=(--platform "$(plat fattree-64-2to1)" --np 16)
m=1048576
assert_near "bcast hier binomial on two leaves, 1 MiB: one crossing" \
    "$(f "10e-6 + 4 * ($m + 16) * $tb")" \
    "$(COLLSIM_HIER_LARGE=1e12 time_of bcast hier $m 0 "${ft[@]}")" 0.001
# allreduce hier_rs, 1024 B on the two hosts of 4 ranks (2^2 a node, below the ring's size):
# recursive halving in bit-reversed order, 512 B with the neighbour rank then 256 B with the
# one two away (loopback: t(512) = 1.0528, t(256) = 1.0272 us); block j (256 B) all-reduced by
# the j-th ranks of the two hosts, the 4 pairs at once over one torus link each way
# (1 us + 4 x 272 b = 1.1088 us); the doubling back (1.0272 + 1.0528 us); 1024 B combined at
# the default 8 GB/s (0.128 us): 5.3968 us. The rings took 7 steps: 7.4000 us.
assert_near "allreduce hier_rs, 2 x 4 ranks, 1024 B: halving and doubling" \
    "$(f "2 * (1e-6 + 528 * $tb) + 2 * (1e-6 + 272 * $tb) + 1e-6 + 4 * 272 * $tb + 1024 / 8e9")" \
    "$(time_of allreduce hier_rs 1024 0 "${two[@]}")" 0.001
# reduce_scatter_block hier, 1000 B blocks, R = 8e9 B/s (m/R = 0.125 us).
# One rank a host (crossbar-64, p = 8 = 2^3 nodes): no node phase; the one column's recursive
# halving in bit-reversed order, 4000, 2000 and 1000 B: 3 a + 7048 b + 7000/R = 7.5798 us (its
# ring took 7 (a + 1016 b + m/R) = 15.5862 us).
assert_near "reduce_scatter_block hier, one rank a host, p = 8, 1000 B: halving" \
    "$(f "6e-6 + 7048 * $tb + 7000 / 8e9")" \
    "$(time_of reduce_scatter_block hier 1000 0 "${one[@]}" --reduce-rate 8e9)" 0.001
# 2 hosts of 4 ranks (torus-4x4): the node ring of 4 pieces of 2 blocks runs in two channels,
# each half a piece (1000 B, t = 1.1016 us a step, c = m/R to combine): both start at once and
# arrive at t; combining the first (c) posts its next step, combining the second (c) overlaps
# it, so the 3 steps end at 3 t + 4 c. Then every column's 2 servers exchange one block, the 4
# pairs at once over one torus link each way (1 us + 4 x 1016 b), and combine it (c):
# 3.3048 + 0.5 + 1.4064 + 0.125 = 5.3362 us. One ring of whole pieces took 3 (1 us + 2016 b +
# 2c) + 1.5314 = 5.8862 us.
assert_near "reduce_scatter_block hier, 2 x 4 ranks, 1000 B: two-channel node ring" \
    "$(f "3 * $t1000 + 4 * 1000 / 8e9 + 1e-6 + 4 * 1016 * $tb + 1000 / 8e9")" \
    "$(time_of reduce_scatter_block hier 1000 0 "${two[@]}" --reduce-rate 8e9)" 0.001
# allreduce hier_rs, 48000 B on crossbar-64 with 2 ranks a host, 8 ranks (4 nodes, the loopback
# as below), R = 8e9: the node's 2 ranks halve (24000 B, 2.4016 us, and combine 3 us); then
# each column (24000 B, L = 2 columns a node) is all-reduced by its 4 nodes by halving and
# doubling (hier_rule.h: 48000 b (2 - 2 + 2/4) > 2 a with a = 1 us and b = 0.1 ns/B by
# default), both columns at once through each host's uplink: 12000 B (2 us + 2 x 12016 b, and
# 1.5 us to combine), 6000 B (2 us + 2 x 6016 b, 0.75 us), then 6000 and 12000 B back; the
# node's halves exchanged (2.4016 us): 25.266 us. Recursive doubling on the columns took
# 2 (2 us + 2 x 24016 b + 3 us) there: 27.4096 us.
assert_near "allreduce hier_rs, 4 nodes of 2 ranks, 48000 B: columns halve and double" \
    "$(f "2 * 24016 * $tb + 3e-6 + 2 * (2e-6 + 2 * 12016 * $tb) + 1.5e-6 + 2 * (2e-6 + 2 * 6016 * $tb) + 0.75e-6")" \
    "$(time_of allreduce hier_rs 48000 0 --platform "$(plat crossbar-64)" --ranks-per-host 2 --np 8 --reduce-rate 8e9)" \
    0.001
# allgather hier, 1000 B on crossbar-64 with 2 ranks a host, 8 ranks (4 nodes; a host's ranks
# talk over SimGrid's default loopback: no latency, 10 GB/s): the node block gathered (1016 b),
# the 4 leaders' recursive doubling (2^2 leaders below the ring's size: 2 steps of 2 and 4
# blocks, 2 us + 2016 b and 2 us + 4016 b), the 8 blocks to the other rank (8016 b):
# 4 us + 15064 b = 5.5064 us. The leaders' ring took 3 steps of 2 us + 2016 b: 7.5080 us.
assert_near "allgather hier, 4 nodes of 2 ranks, 1000 B: recursive doubling among leaders" \
    "$(f "4e-6 + 15064 * $tb")" \
    "$(time_of allgather hier 1000 0 --platform "$(plat crossbar-64)" --ranks-per-host 2 --np 8)" \
    0.001
# allgather hier, 4096 B on crossbar-64 with 4 ranks a host, 16 ranks (4 nodes; the 64 KiB
# result takes the node broadcast's large form, hier_bcast_large, so every rank leads a column):
# column j's 4 ranks double in bit-reversed node order (nodes 0-2 and 1-3 first), the 4
# columns at once through each host's uplink: 1 block (2 us + 4 x 4112 b), then 2 blocks
# (2 us + 4 x 8208 b); then each node's ring of its 4 packed columns of 16 KiB, 3 steps of
# 16400 b on the loopback: 13.848 us. The leader's gather, doubling and broadcast took
# 21.1696 us.
assert_near "allgather hier, 4 nodes of 4 ranks, 4096 B: every rank a column's leader" \
    "$(f "4e-6 + 4 * (4112 + 8208) * $tb + 3 * 16400 * $tb")" \
    "$(time_of allgather hier 4096 0 --platform "$(plat crossbar-64)" --ranks-per-host 4 --np 16)" \
    0.001
# alltoall hier_grid, 1000 B blocks on crossbar-64 with 2 ranks a host, 8 ranks (4 nodes; the
# loopback: no latency, 10 GB/s): each rank sends its node's other rank the N = 4 blocks for
# it and its column (4000 B, 4016 b); then 3 pairwise steps among the j-th ranks of the nodes,
# n = 2 blocks (2000 B) a message, the host's 2 columns at once through its uplink and the
# peer host's downlink (2 us + 2 x 2016 b each): 0.4016 + 3 x 2.4032 = 7.6112 us.
assert_near "alltoall hier_grid, 4 nodes of 2 ranks, 1000 B" \
    "$(f "4016 * $tb + 3 * (2e-6 + 2 * 2016 * $tb)")" \
    "$(time_of alltoall hier_grid 1000 0 --platform "$(plat crossbar-64)" --ranks-per-host 2 --np 8)" \
    0.001
finish
