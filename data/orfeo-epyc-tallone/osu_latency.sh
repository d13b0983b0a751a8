#!/usr/bin/env bash
# osu_latency.sh CHANNEL [CSV]: one channel of p2p_latency.csv (cache, core, socket, node) as
# osu_latency output for `collsim calibrate --from-osu`: per size, the median over the channel's
# receiving cores of the one-way latency (us).
set -euo pipefail
channel=$1
csv=${2:-$(dirname "$0")/p2p_latency.csv}
head -1 "$csv" | grep -q '^channel,core_a,core_b,same_node,size_bytes,latency_us,' ||
    { echo "osu_latency.sh: '$csv' is not p2p_latency.csv" >&2; exit 1; }
echo "# median over the receiving cores of channel '$channel' of $(basename "$csv")"
echo "# Size          Latency (us)"
awk -F, -v ch="$channel" 'NR > 1 && $1 == ch { print $5, $6 }' "$csv" | sort -k1,1n -k2,2g |
    awk '{ v[$1] = v[$1] " " $2; n[$1]++ }
         END { for (s in n) { split(substr(v[s], 2), a, " "); k = n[s]
                 m = k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
                 printf "%-10d %18.2f\n", s, m } }' | sort -n
