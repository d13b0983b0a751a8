#!/usr/bin/env bash
# calibrate_calls.sh COLLSIM: machines/orfeo-epyc-calls.machine, calibrated as calibrate.sh does
# but from the 2-rank broadcasts of collectives.csv where there are some (call2_PLACEMENT.txt,
# made by call2.sh): one message as a collective sends it, which costs up to 4 times a
# ping-pong's half round trip from 16 KiB (docs/machines.md). Placements core, socket and node
# put the two ranks in one CCX, on two sockets and on two nodes: classes ccx, node and network;
# class socket (two CCXs of one socket) has no 2-rank call and keeps the ping-pong of channel
# core. Then validated, as calibrate.sh does, on the collectives of 30 and 126 processes, which
# no fit saw. Run from anywhere.
set -euo pipefail
collsim=$(realpath "$1")
cd "$(dirname "$0")/../.."
set=data/orfeo-epyc-tallone
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for pl in core socket node; do
    "$set/call2.sh" "$pl" | cmp -s - "$set/call2_$pl.txt" ||
        { echo "calibrate_calls.sh: $set/call2_$pl.txt is not call2.sh's" >&2; exit 1; }
done
prev=machines/orfeo-epyc.machine i=0
for pair in call2_node:network call2_core:ccx osu_latency_core:socket call2_socket:node; do
    file=${pair%%:*} class=${pair#*:}
    i=$((i + 1))
    "$collsim" calibrate --from-osu "$set/$file.txt" --machine "$prev" --class "$class" \
        -o "$tmp/step$i.machine" | sed -n '/^# validation/,$p'
    prev=$tmp/step$i.machine
done
"$collsim" validate --machine "$prev" --measured "$set/collectives.csv" --np 30,126 --quiet \
    --data "$set/collectives.csv (Open MPI 4.1.5, OSU 7.3 -f; np 30, 126; calibrated from its 2-rank calls)" \
    -o machines/orfeo-epyc-calls.machine | sed -n '/^all:/,$p'
