#!/usr/bin/env bash
# routes.sh COLLSIM SRCDIR: every route SimGrid computes has the hop count the topology
# predicts: rings and tori go the short way round each dimension (SimGrid's TORUS cluster wraps
# around), the crossbar is [uplink, downlink] with latency 2L and bandwidth B, and the XL250a
# crosses QPI only between sockets. Expected values are computed here from the coordinates.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# bad_pairs FILE.xml DIMS: the number of ordered pairs whose hop count differs from the sum over
# dimensions of min(|dx|, side - |dx|); DIMS like "4x4" or "3x3x3" (the first varies fastest).
bad_pairs() {
    "$collsim" platform info "$1" --hops | awk -v dims="$2" '
        BEGIN { n = split(dims, side, "x") }
        /^#/ { next }
        { s = substr($1, 2); d = substr($2, 2); want = 0
          for (k = 1; k <= n; k++) {
              dx = (s % side[k]) - (d % side[k]); if (dx < 0) dx = -dx
              want += (dx < side[k] - dx) ? dx : side[k] - dx
              s = int(s / side[k]); d = int(d / side[k]) }
          if ($3 != want) bad++; total++ }
        END { print (total > 0 ? bad + 0 : "no-routes") }'
}
for p in 2 5 8 16; do
    "$collsim" platform ring --nodes $p -o "$tmp/ring$p.xml"
    assert_eq "ring $p: pairs off the shortest way round" 0 "$(bad_pairs "$tmp/ring$p.xml" $p)"
done
for d in 2x3 4x4 5x3 3x3x3 4x4x4; do
    "$collsim" platform torus --dims $d -o "$tmp/t$d.xml"
    assert_eq "torus $d: pairs off dimension-ordered shortest routes" 0 "$(bad_pairs "$tmp/t$d.xml" $d)"
done

# crossbar: 2 hops, latency 2L, bandwidth B for every pair
"$collsim" platform crossbar --nodes 6 --latency 3us --bandwidth 2GBps -o "$tmp/xb.xml"
got=$("$collsim" platform info "$tmp/xb.xml" --hops | awk '!/^#/ {
    if ($3 != 2 || $4 < 5.999999e-6 || $4 > 6.000001e-6 || $5 != 2e9) bad++; n++ } END { print n + 0, bad + 0 }')
assert_eq "crossbar: pairs, and pairs not [up, down] with 2L and B" "30 0" "$got"

# XL250a: cores 0-11 on socket 0, 12-23 on socket 1; [core up, mem, core down] within a socket,
# plus QPI and the other socket's memory between sockets
"$collsim" platform xl250a -o "$tmp/xl.xml"
got=$("$collsim" platform info "$tmp/xl.xml" --hops | awk '!/^#/ {
    split($1, a, "-c"); split($2, b, "-c"); same = substr(a[1], 2) == substr(b[1], 2)
    if ($3 != (same ? 3 : 5)) bad++; n++ } END { print n + 0, bad + 0 }')
assert_eq "xl250a: pairs, and pairs with the wrong hop count" "552 0" "$got"

# the DOCTYPE is the one line SimGrid's own files use
assert_eq "DOCTYPE line" '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">' "$(sed -n 2p "$tmp/xl.xml")"
finish
