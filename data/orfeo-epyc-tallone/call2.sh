#!/usr/bin/env bash
# call2.sh PLACEMENT [CSV]: the 2-rank broadcasts of collectives.csv at one placement (core,
# socket, node) as osu_latency output for `collsim calibrate --from-osu`: per size, the median
# over the forced algorithms and repeated runs of OSU's Max (us). A broadcast of two ranks is one
# message, sent as a collective sends it: what a call costs beyond a ping-pong's half round trip.
set -euo pipefail
placement=$1
csv=${2:-$(dirname "$0")/collectives.csv}
head -1 "$csv" | grep -q '^collective,algorithm,algorithm_name,label_in_source,label_ok,placement,nodes_used,np,size_bytes,avg_us,min_us,max_us,' ||
    { echo "call2.sh: '$csv' is not collectives.csv" >&2; exit 1; }
echo "# median over algorithms and runs of the 2-rank osu_bcast -f Max at placement '$placement' of $(basename "$csv")"
echo "# Size          Latency (us)"
awk -F, -v pl="$placement" 'NR > 1 && $1 == "bcast" && $8 == 2 && $6 == pl && $2 != 0 { print $9, $12 }' \
    "$csv" | sort -k1,1n -k2,2g |
    awk '{ v[$1] = v[$1] " " $2; n[$1]++ }
         END { for (s in n) { split(substr(v[s], 2), a, " "); k = n[s]
                 m = k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
                 printf "%-10d %18.2f\n", s, m } }' | sort -n
