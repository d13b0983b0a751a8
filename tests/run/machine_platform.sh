#!/usr/bin/env bash
# machine_platform.sh COLLSIM SRCDIR: `collsim platform --machine FILE --nodes N` (docs/machines.md).
# A made-up profile of 2 CCX of 2 cores a socket, 2 sockets a node (8 cores), 2 nodes:
# - the platform: 16 hosts nK-cC with their collsim.node and collsim.core props; the hostfile
#   in each --map-by order, written out by hand below;
# - times of one 10,000-byte eager broadcast on 2 ranks, o_s + route latency + (m+16)/B_min +
#   o_r, the route from the rule in docs/machines.md and the numbers of the profile:
#   two CCX of socket 0 (class socket): [core, ccx 0, socket 0, ccx 1, core];
#   two sockets (class node): [core, ccx 0, socket 0, node_UP, socket 1, ccx 2, core];
#   two nodes (class network): [core, ccx 0, socket 0, NIC, switch, NIC, socket 0, ccx 0, core];
# - every shipped profile is read and makes a platform; xl250a.machine's routes have the
#   latencies and bandwidths of the xl250a-cluster kind's;
# - one-line errors for a missing --nodes, a profile without levels or [network], an unknown
#   --map-by.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }

cat >"$tmp/t.machine" <<'EOF'
[machine]
name = tiny  # made up for this test
[node]
levels = ccx:2 socket:2 node:2
core.latency = 100ns
core.bandwidth = 10GBps
ccx.latency = 10ns
ccx.bandwidth = 20GBps
socket.latency = 50ns
socket.bandwidth = 30GBps
node.latency = 200ns
node.bandwidth = 40GBps
nic.latency = 500ns
nic.bandwidth = 8GBps
[network]
platform = crossbar
[mpi]
send-overhead = 0:1us
send-overhead.socket = 0:1.5us
send-overhead.network = 0:3us
recv-overhead = 0:2us
EOF
# the profile's numbers, in seconds and bytes per second, for the times below
core_l=100e-9 core_b=10e9 ccx_l=10e-9 ccx_b=20e9 sock_l=50e-9 sock_b=30e9 node_l=200e-9
node_b=40e9 nic_l=500e-9 nic_b=8e9 os=1e-6 os_socket=1.5e-6 os_net=3e-6 or=2e-6

for map in core node socket ccx; do
    "$collsim" platform --machine "$tmp/t.machine" --nodes 2 --map-by $map -o "$tmp/$map.xml" ||
        fail "cannot generate the platform mapped by $map"
done
xml=$tmp/core.xml
assert_eq "hosts" 16 "$(grep -c '<host ' "$xml")"
props=$(grep -A2 '<host id="n1-c5"' "$xml" | tr -d ' \n')
assert_eq "props of n1-c5" '<hostid="n1-c5"speed="1Gf"><propid="collsim.node"value="1"/><propid="collsim.core"value="5"/>' "$props"
order() { tr '\n' ' ' <"$tmp/$1.hosts"; }
assert_eq "--map-by core" "n0-c0 n0-c1 n0-c2 n0-c3 n0-c4 n0-c5 n0-c6 n0-c7 n1-c0 n1-c1 n1-c2 n1-c3 n1-c4 n1-c5 n1-c6 n1-c7 " "$(order core)"
assert_eq "--map-by node" "n0-c0 n1-c0 n0-c1 n1-c1 n0-c2 n1-c2 n0-c3 n1-c3 n0-c4 n1-c4 n0-c5 n1-c5 n0-c6 n1-c6 n0-c7 n1-c7 " "$(order node)"
assert_eq "--map-by socket" "n0-c0 n0-c4 n0-c1 n0-c5 n0-c2 n0-c6 n0-c3 n0-c7 n1-c0 n1-c4 n1-c1 n1-c5 n1-c2 n1-c6 n1-c3 n1-c7 " "$(order socket)"
assert_eq "--map-by ccx" "n0-c0 n0-c2 n0-c4 n0-c6 n0-c1 n0-c3 n0-c5 n0-c7 n1-c0 n1-c2 n1-c4 n1-c6 n1-c1 n1-c3 n1-c5 n1-c7 " "$(order ccx)"

# time MAP: the simulated time (s) of one 10,000-byte broadcast on ranks 0 and 1 of MAP's order
m=10000
time_of() {
    "$collsim" run --platform "$tmp/$1.xml" --np 2 --algo linear --sizes $m --quiet \
        --machine "$tmp/t.machine" --csv "$tmp/t.csv" >/dev/null 2>"$tmp/err" ||
        { echo "run-failed: $(cat "$tmp/err")"; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
# ccx order: ranks 0, 1 on n0-c0, n0-c2 (CCX 0 and 1 of socket 0); bottleneck: the core links
lat=$(calc "$core_l + $ccx_l + $sock_l + $ccx_l + $core_l")
assert_near "two CCX of one socket" "$(calc "$os_socket + $lat + ($m + 16) / $core_b + $or")" \
    "$(time_of ccx)" 1e-6
# socket order: n0-c0, n0-c4 (sockets 0 and 1): the top level's link once
lat=$(calc "$core_l + $ccx_l + $sock_l + $node_l + $sock_l + $ccx_l + $core_l")
assert_near "two sockets" "$(calc "$os + $lat + ($m + 16) / $core_b + $or")" "$(time_of socket)" 1e-6
# node order: n0-c0, n1-c0; the NICs (socket 0's) and the switch (no latency) are the bottleneck
lat=$(calc "2 * ($core_l + $ccx_l + $sock_l + $nic_l)")
assert_near "two nodes" "$(calc "$os_net + $lat + ($m + 16) / $nic_b + $or")" "$(time_of node)" 1e-6

# NIC i hangs off socket i: with one NIC, socket 1 reaches it over the top link (11 links);
# with two, through its own (9 links, 2 (core + ccx + socket + NIC) latency)
hops() { "$collsim" platform info "$1" --hops | awk '$1 == "n0-c4" && $2 == "n1-c4" { print $3, $4 }'; }
assert_eq "socket 1 to socket 1, one NIC" "11 $(calc "2 * ($core_l + $ccx_l + $sock_l + $node_l + $nic_l)")" "$(hops "$xml")"
sed 's/^nic.latency/nics = 2\n&/' "$tmp/t.machine" >"$tmp/nics.machine"
"$collsim" platform --machine "$tmp/nics.machine" --nodes 2 -o "$tmp/nics.xml"
assert_eq "socket 1 to socket 1, two NICs" "9 $(calc "2 * ($core_l + $ccx_l + $sock_l + $nic_l)")" "$(hops "$tmp/nics.xml")"

# tracing and the analysis load these zones of zones (SimGrid 3.32 needs the file's layout)
"$collsim" run --platform "$xml" --np 16 --algo binomial --sizes 16 --quiet --machine \
    "$tmp/t.machine" --trace "$tmp/t.trace" --trace-links >/dev/null 2>"$tmp/err" &&
    [ -s "$tmp/t.trace" ] && pass || fail "no trace on the machine platform: $(cat "$tmp/err")"
"$collsim" platform info "$xml" >"$tmp/info.txt" 2>&1 && grep -q '^kind: machine' "$tmp/info.txt" &&
    pass || fail "platform info: $(cat "$tmp/info.txt")"

# every shipped profile: read, and a 2-node platform of it
for f in "$src"/machines/*.machine; do
    name=$(basename "$f" .machine)
    "$collsim" platform --machine "$f" --nodes 2 -o "$tmp/$name.xml" 2>"$tmp/err" && pass ||
        fail "shipped profile $name: $(cat "$tmp/err")"
done
assert_eq "orfeo-epyc: 2 x 128 hosts" 256 "$(grep -c . "$tmp/orfeo-epyc.hosts")"
# xl250a.machine against the xl250a-cluster kind: every pair's latency and bandwidth
"$collsim" platform xl250a-cluster --nodes 2 -o "$tmp/xk.xml"
"$collsim" platform info "$tmp/xk.xml" --hops | awk 'NR > 1 { split($1, a, "-"); split($2, b, "-")
    print a[1] "-c" substr(a[2], 2) * 12 + substr(a[3], 2), b[1] "-c" substr(b[2], 2) * 12 + substr(b[3], 2), $4, $5 }' |
    sort >"$tmp/k.txt"
"$collsim" platform info "$tmp/xl250a.xml" --hops | awk 'NR > 1 { print $1, $2, $4, $5 }' | sort >"$tmp/m.txt"
[ "$(grep -c . "$tmp/m.txt")" -eq 2256 ] && cmp -s "$tmp/k.txt" "$tmp/m.txt" && pass ||
    fail "xl250a.machine's routes differ from xl250a-cluster's: $(diff "$tmp/k.txt" "$tmp/m.txt" | head -3)"

# errors: one line, nothing written
M="$collsim platform --machine"
assert_one_line_error "no --nodes" $M "$tmp/t.machine" -o "$tmp/e.xml"
$M "$tmp/t.machine" -o "$tmp/e.xml" 2>&1 | grep -q "needs --nodes" && pass || fail "no --nodes: message"
printf '[machine]\nname = flat\n' >"$tmp/flat.machine"
assert_one_line_error "no levels" $M "$tmp/flat.machine" --nodes 1 -o "$tmp/e.xml"
$M "$tmp/flat.machine" --nodes 1 -o "$tmp/e.xml" 2>&1 | grep -q "no \[node\] levels" && pass ||
    fail "no levels: message"
assert_one_line_error "unknown --map-by" $M "$tmp/t.machine" --nodes 2 --map-by die -o "$tmp/e.xml"
$M "$tmp/t.machine" --nodes 2 --map-by die -o "$tmp/e.xml" 2>&1 |
    grep -q "unknown --map-by 'die' (core, node or a level of profile 'tiny', ccx, socket, node)" &&
    pass || fail "unknown --map-by: message"
sed '/^\[network\]/,/^platform/d' "$tmp/t.machine" >"$tmp/nonet.machine"
assert_one_line_error "no [network]" $M "$tmp/nonet.machine" --nodes 2 -o "$tmp/e.xml"
$M "$tmp/nonet.machine" --nodes 2 -o "$tmp/e.xml" 2>&1 | grep -q "has no \[network\]" && pass ||
    fail "no [network]: message"
"$collsim" platform --machine "$tmp/nonet.machine" --nodes 1 -o "$tmp/one.xml" && pass ||
    fail "one node needs no [network]"
assert_one_line_error "--map-by without --machine" "$collsim" platform crossbar --nodes 4 \
    --map-by node -o "$tmp/e.xml"
[ ! -e "$tmp/e.xml" ] && [ ! -e "$tmp/e.hosts" ] && pass || fail "an error left a file"
finish
