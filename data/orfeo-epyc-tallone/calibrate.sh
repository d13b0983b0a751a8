#!/usr/bin/env bash
# calibrate.sh COLLSIM: machines/orfeo-epyc-calibrated.machine from the channels of
# p2p_latency.csv (osu_latency_CHANNEL.txt, made by osu_latency.sh), starting from the anatomy of
# machines/orfeo-epyc.machine: one distance class a run of `collsim calibrate`, each starting
# from the previous run's profile (network from channel node, then ccx from cache, socket from
# core and node from socket), each fitted on its own route through the anatomy's links; then
# `collsim validate` of the profile against this set's collectives at 30 and 126 processes
# (which no fit saw), recorded in the profile's [validation]. Run from anywhere; prints each
# class's validation and the collectives' figures.
set -euo pipefail
collsim=$(realpath "$1")
cd "$(dirname "$0")/../.."
set=data/orfeo-epyc-tallone
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prev=machines/orfeo-epyc.machine i=0
for pair in node:network cache:ccx core:socket socket:node; do
    channel=${pair%%:*} class=${pair#*:}
    "$set/osu_latency.sh" "$channel" | cmp -s - "$set/osu_latency_$channel.txt" ||
        { echo "calibrate.sh: $set/osu_latency_$channel.txt is not osu_latency.sh's" >&2; exit 1; }
    i=$((i + 1))
    "$collsim" calibrate --from-osu "$set/osu_latency_$channel.txt" --machine "$prev" \
        --class "$class" -o "$tmp/step$i.machine" | sed -n '/^# validation/,$p'
    prev=$tmp/step$i.machine
done
"$collsim" validate --machine "$prev" --measured "$set/collectives.csv" --np 30,126 --quiet \
    --data "$set/collectives.csv (Open MPI 4.1.5, OSU 7.3 -f; np 30, 126)" \
    -o machines/orfeo-epyc-calibrated.machine | sed -n '/^all:/,$p'

