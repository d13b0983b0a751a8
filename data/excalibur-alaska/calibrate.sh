#!/usr/bin/env bash
# calibrate.sh COLLSIM: machines/alaska-calibrated.machine from this set's point-to-point run
# between two nodes (Open MPI 4.0.3 over UCX on InfiniBand EDR: osu_latency_node_*.txt, the
# only channel the source measured), starting from the anatomy of machines/alaska.machine; then
# `collsim validate` of the profile against the same partition's collectives (64 ranks, 32 a
# node; the library's own algorithms), recorded in the profile's [validation]. The classes
# inside a node keep the base's wires: the source has no same-node run. Run from anywhere.
set -euo pipefail
collsim=$(realpath "$1")
cd "$(dirname "$0")/../.."
set=data/excalibur-alaska
part=ib-gcc9-openmpi4-ucx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" calibrate --from-osu "$set/osu_latency_node_$part.txt" --machine machines/alaska.machine \
    --class network -o "$tmp/net.machine" | sed -n '/^# validation/,$p'
"$collsim" validate --machine "$tmp/net.machine" --measured "$set/collectives.csv" --match "$part" \
    --quiet --data "$set/collectives.csv, partition $part (Open MPI 4.0.3, OSU 5.6.2, no -f)" \
    -o machines/alaska-calibrated.machine | sed -n '/^all:/,$p'
