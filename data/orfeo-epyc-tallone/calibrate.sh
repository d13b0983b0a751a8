#!/usr/bin/env bash
# calibrate.sh COLLSIM: orfeo-epyc-calibrated.machine from the channels of p2p_latency.csv
# (osu_latency_CHANNEL.txt, made by osu_latency.sh), one distance class a run of `collsim
# calibrate`, each starting from the previous run's profile: network (channel node) first, whose
# fit gives the NICs' crossbar route, then ccx (cache), socket (core) and node (socket) on that
# route. Run from anywhere; prints each class's validation.
set -euo pipefail
collsim=$(realpath "$1")
cd "$(dirname "$0")/../.."
set=data/orfeo-epyc-tallone
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prev=$set/orfeo-epyc-base.machine i=0
for pair in node:network cache:ccx core:socket socket:node; do
    channel=${pair%%:*} class=${pair#*:}
    "$set/osu_latency.sh" "$channel" | cmp -s - "$set/osu_latency_$channel.txt" ||
        { echo "calibrate.sh: $set/osu_latency_$channel.txt is not osu_latency.sh's" >&2; exit 1; }
    i=$((i + 1))
    "$collsim" calibrate --from-osu "$set/osu_latency_$channel.txt" --machine "$prev" \
        --class "$class" -o "$tmp/step$i.machine" | sed -n '/^# validation/,$p'
    prev=$tmp/step$i.machine
done
cp "$prev" "$set/orfeo-epyc-calibrated.machine"
