#!/usr/bin/env bash
# memory.sh COLLSIM SRCDIR: a node's memory as a resource its copies share (docs/machines.md,
# "A node's memory"), against times worked out by hand. One socket of 4 cores: core links of
# B = 10 GB/s, the socket's link 100 GB/s, no latency, memory.bandwidth M; each copy reads and
# writes every byte, so a flow of c copies moves its payload at 1/(2c) of what it takes of
# each link, and the flows leaving one part share its memory. A message of m bytes (and
# SMPI's 16-byte envelope) alone: (m + 16) 2c / min(B, M). Pairwise alltoall on 2 ranks: two
# flows leave the socket at once, each takes min(B, M/2) of the links.
# - M = 16 GB/s, 1 copy: alone 2 (m+16) / 10e9; two at once 2 (m+16) / 8e9;
# - 2 copies: 4 (m+16) / 10e9 and 4 (m+16) / 8e9;
# - copies by size (0:2; 64KiB:1): 64 KiB takes two, 1 MB one;
# - two sockets: each flow reads its sender's memory only, so 2 flows from two parts do not meet;
# - a profile without memory.bandwidth: as before (the links carry the payload once).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }

# profile NAME LEVELS MEMORY COPIES: a profile of one node (MEMORY or COPIES "" leaves it out)
profile() {
    {
        printf '[machine]\nname = %s\n[node]\nlevels = %s\n' "$1" "$2"
        printf 'core.latency = 0us\ncore.bandwidth = 10GBps\n'
        printf 'socket.latency = 0us\nsocket.bandwidth = 100GBps\n'
        case $2 in *node:*) printf 'node.latency = 0us\nnode.bandwidth = 100GBps\n' ;; esac
        [ -n "$3" ] && printf 'memory.bandwidth = %s\n' "$3"
        [ -n "$4" ] && printf '[mpi]\ncopies = %s\n' "$4"
    } >"$tmp/$1.machine"
    "$collsim" platform --machine "$tmp/$1.machine" --nodes 1 -o "$tmp/$1.xml" >/dev/null ||
        fail "$1: no platform"
}
# time_of NAME COLLECTIVE ALGO NP BYTES [--map-by ...]: the simulated time (s) of one call
time_of() {
    "$collsim" run --platform "$tmp/$1.xml" --np "$4" --collective "$2" --algo "$3" \
        --sizes "$5" --machine "$tmp/$1.machine" --quiet --csv "$tmp/t.csv" >/dev/null \
        2>"$tmp/err" || { echo "run-failed: $(cat "$tmp/err")"; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
m=1000000
profile one "socket:4" 16GBps "0:1"
assert_near "1 copy, alone" "$(calc "2 * ($m + 16) / 10e9")" "$(time_of one bcast linear 2 $m)" 1e-9
assert_near "1 copy, two flows on one memory" "$(calc "2 * ($m + 16) / 8e9")" \
    "$(time_of one alltoall ompi:2 2 $m)" 1e-9
profile two "socket:4" 16GBps "0:2"
assert_near "2 copies, alone" "$(calc "4 * ($m + 16) / 10e9")" "$(time_of two bcast linear 2 $m)" 1e-9
assert_near "2 copies, two flows" "$(calc "4 * ($m + 16) / 8e9")" \
    "$(time_of two alltoall ompi:2 2 $m)" 1e-9
profile by_size "socket:4" 16GBps "0:2; 64KiB:1"
assert_near "copies by size: 64 KiB takes two" "$(calc "4 * (65536 + 16) / 8e9")" \
    "$(time_of by_size alltoall ompi:2 2 65536)" 1e-9
assert_near "copies by size: 1 MB takes one" "$(calc "2 * ($m + 16) / 8e9")" \
    "$(time_of by_size alltoall ompi:2 2 $m)" 1e-9
profile plenty "socket:4" 1000GBps "0:1"
assert_near "memory to spare: the core's link bounds" "$(calc "2 * ($m + 16) / 10e9")" \
    "$(time_of plenty alltoall ompi:2 2 $m)" 1e-9
# two sockets of one core each: ranks 0 and 1 on two parts, each flow leaves its own memory
profile sockets "socket:1 node:2" 16GBps "0:1"
assert_near "two sockets: the flows' memories differ" "$(calc "2 * ($m + 16) / 10e9")" \
    "$(time_of sockets alltoall ompi:2 2 $m)" 1e-9
profile none "socket:4" "" ""
assert_near "no memory.bandwidth: the payload once" "$(calc "($m + 16) / 10e9")" \
    "$(time_of none alltoall ompi:2 2 $m)" 1e-9
grep -c 'memory-' "$tmp/none.xml" | grep -qx 0 || fail "a profile without memory has a memory link"
[ "$(grep -c '<link id="n0-memory-' "$tmp/sockets.xml")" = 2 ] ||
    fail "two sockets should have two memory links"
# the profile's errors
printf '[machine]\nname = x\n[node]\nlevels = socket:2\ncore.latency = 0us\ncore.bandwidth = 1GBps\nsocket.latency = 0us\nsocket.bandwidth = 1GBps\n[mpi]\ncopies = 0:1\n' >"$tmp/nomem.machine"
# refused WHAT PATTERN PROFILE: a one-line error naming PATTERN, and no platform written
refused() {
    assert_one_line_error "$1" "$collsim" platform --machine "$3" --nodes 1 -o "$tmp/x.xml"
    "$collsim" platform --machine "$3" --nodes 1 -o "$tmp/x.xml" 2>&1 | grep -q "$2" ||
        fail "$1: the error does not say '$2'"
    [ -e "$tmp/x.xml" ] && fail "$1: an error left a platform behind"
}
refused "copies without memory" "copies needs \[node\] memory.bandwidth" "$tmp/nomem.machine"
sed 's/copies = 0:1/copies = 0:3/; s/^\[mpi\]/memory.bandwidth = 1GBps\n[mpi]/' \
    "$tmp/nomem.machine" >"$tmp/three.machine"
refused "three copies" "bad copies 3" "$tmp/three.machine"
finish
